// "/tournaments": the lists of tournaments, and for a signed-in person the form that creates one
// (game and its settings, each a control as in the lobby, clock, kind, a Swiss's rounds, late
// entries and half-point byes, and an Arena's minutes, the pause between rounds, the tie-breaks
// (tie-breaks.js), who may enter, start, players at most, rated or casual). Carreaux under its designer's rules is drawn every time (issue #31): the form says so
// when that game is chosen without `rule=free`.

import { api, el } from "../ui.js";
import { t } from "../i18n.js";
import { whoAmI } from "../account/header.js";
import { clockPicker } from "../lobby/time-control.js";
import { applyConditions, settingControls, settingValues } from "../lobby/settings.js";
import { showLists } from "./list.js";
import { durationWords } from "./words.js";
import { tieBreakPicker } from "./tie-breaks.js";

/** Draws the tournaments' page into `app`.
 * @param {HTMLElement} app */
export async function tournamentsPage(app) {
  document.title = `${t("Tournaments")} · Tafel`;
  const lists = el("div", { class: "tournament-lists" });
  const me = await whoAmI();
  const form = me ? await createForm() : el("section", { class: "card" },
    el("p", { class: "help" }, t("Sign in to organise a tournament."), " ", el("a", { href: "/sign-in" }, t("Sign in"))));
  app.replaceChildren(el("div", { class: "tournaments-page" },
    el("h1", {}, t("Tournaments")), form, lists));
  await showLists(lists);
}

/** A `datetime-local` value for `ms` in the reader's time zone.
 * @param {number} ms */
function localInput(ms) {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60000);
  return d.toISOString().slice(0, 16);
}

/** The form that creates a tournament. */
async function createForm() {
  /** @type {{ games: import("../ui.js").CatalogGame[] }} */
  const catalog = await api("/api/catalog");
  /** @type {(id: string, label: string, input: import("../ui.js").Child) => HTMLElement} */
  const field = (id, label, input) => el("div", { class: "field" }, el("label", { for: id }, label), input);
  const name = el("input", { id: "tournament-name", maxlength: 80, required: true, value: t("Club tournament") });
  const game = el("select", { id: "tournament-game" }, catalog.games.map((g) => el("option", { value: g.name }, g.title)));
  // The chosen game's settings, one control each (as the lobby's), made anew for each game.
  const settings = el("div", { class: "settings", id: "tournament-settings" });
  const entryOf = () => catalog.games.find((g) => g.name === game.value) ?? catalog.games[0];
  const showSettings = () => {
    const chosen = entryOf();
    settings.replaceChildren(...settingControls(chosen, () => { applyConditions(settings, chosen); update(); }));
    applyConditions(settings, chosen);
  };
  const clock = clockPicker();
  clock.nodes[0].querySelector("option[value=none]")?.remove();
  const kind = el("select", { id: "tournament-kind" },
    el("option", { value: "round_robin" }, t("Round robin")),
    el("option", { value: "double_round_robin" }, t("Double round robin (sides swapped)")),
    el("option", { value: "swiss" }, t("Swiss (FIDE Dutch)")),
    el("option", { value: "arena" }, t("Arena (paired again as soon as free, for a fixed time)")));
  const rounds = el("input", { id: "tournament-rounds", type: "number", min: 1, max: 20, value: 5, inputmode: "numeric" });
  const roundsField = field("tournament-rounds", t("Rounds (a Swiss: 1 to 20)"), rounds);
  // The pause between rounds, in seconds (the server takes 0 to 3600; not for an Arena).
  const pause = el("select", { id: "tournament-pause" },
    [0, 30, 60, 120, 300, 600, 1800, 3600].map((s) =>
      el("option", { value: s }, s === 0 ? t("None: the next round at once") : durationWords(s))));
  const pauseField = field("tournament-pause", t("Pause between rounds"), pause);
  // A Swiss's late entries (the rounds missed scored as the organiser chooses) and the
  // half-point byes each player may ask for (0 up to the rounds).
  const late = el("select", { id: "tournament-late" },
    el("option", { value: "zero_point_byes" }, t("Yes: the rounds missed score nothing")),
    el("option", { value: "half_point_byes" }, t("Yes: the rounds missed score half a point each")),
    el("option", { value: "closed" }, t("No: entries close at the start")));
  const lateField = field("tournament-late", t("Late entries"), late);
  const halfByes = el("input", { id: "tournament-half-byes", type: "number", min: 0, max: 20, value: 2, inputmode: "numeric" });
  const halfByesField = field("tournament-half-byes", t("Half-point byes a player may ask for"), halfByes);
  const minutes = el("input", { id: "tournament-minutes", type: "number", min: 5, max: 720, value: 60, inputmode: "numeric" });
  const minutesField = field("tournament-minutes", t("Duration in minutes (an Arena: 5 to 720)"), minutes);
  const drawnNote = el("p", { class: "help", id: "tournament-drawn-note", role: "status" });
  const tieBreaks = tieBreakPicker();
  tieBreaks.show(kind.value);
  kind.addEventListener("input", () => tieBreaks.show(kind.value));
  const update = () => {
    roundsField.hidden = kind.value !== "swiss";
    lateField.hidden = kind.value !== "swiss";
    halfByesField.hidden = kind.value !== "swiss";
    minutesField.hidden = kind.value !== "arena";
    pauseField.hidden = kind.value === "arena";
    const designers = game.value === "carreaux" && settingValues(settings).rule !== "free";
    drawnNote.textContent = designers
      ? t("Carreaux under the designer's rules is drawn every time: every game of this tournament will be a draw. Set rule=free for the variant that can be won.")
      : "";
  };
  kind.addEventListener("input", update);
  game.addEventListener("input", () => { showSettings(); update(); });
  showSettings();
  update();
  const entry = el("select", { id: "tournament-entry" },
    el("option", { value: "open" }, t("Anyone signed in")),
    el("option", { value: "invitation" }, t("By invitation link")));
  const start = el("input", { id: "tournament-start", type: "datetime-local", value: localInput(Date.now() + 15 * 60000) });
  const most = el("input", { id: "tournament-max", type: "number", min: 2, max: 64, value: 16, inputmode: "numeric" });
  const rated = el("input", { id: "tournament-rated", type: "checkbox" });
  const error = el("p", { class: "error", role: "alert", id: "tournament-error" });
  const submit = async (/** @type {Event} */ event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      const created = await api("/api/tournaments", {
        method: "POST",
        body: JSON.stringify({
          name: name.value, game: game.value, settings: settingValues(settings),
          time_control: clock.value(), kind: kind.value, entry: entry.value,
          ...(kind.value === "swiss"
            ? { rounds: Number(rounds.value), late_entry: late.value, half_point_byes: Number(halfByes.value) } : {}),
          ...(kind.value === "arena" ? { minutes: Number(minutes.value) }
            : { round_pause_s: Number(pause.value), tie_breaks: tieBreaks.value() }),
          starts_ms: new Date(start.value).getTime(), max_entrants: Number(most.value), rated: rated.checked,
        }),
      });
      location.href = `/tournament/${created.id}${created.invite ? `#invite=${created.invite}` : ""}`;
    } catch (e) {
      error.textContent = e.message;
    }
  };
  return el("details", { class: "card tournament-create" },
    el("summary", {}, t("Organise a tournament")),
    el("form", { id: "tournament-form", onsubmit: submit },
      field("tournament-name", t("Name"), name),
      field("tournament-game", t("Game"), game),
      el("fieldset", { class: "tournament-settings" }, el("legend", {}, t("Settings")), settings),
      drawnNote,
      field("clock", t("Clock"), clock.nodes),
      field("tournament-kind", t("Kind"), kind),
      roundsField,
      lateField,
      halfByesField,
      pauseField,
      minutesField,
      tieBreaks.node,
      field("tournament-entry", t("Who may enter"), entry),
      field("tournament-start", t("Starts at"), start),
      field("tournament-max", t("Players at most"), most),
      el("label", {}, rated, " ", t("Rated")),
      el("div", { class: "controls" }, el("button", { type: "submit" }, t("Create"))), error));
}

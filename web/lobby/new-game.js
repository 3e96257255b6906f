// The lobby's new-game form: the game with its summary and note, its settings, who sits in
// each seat (and the computer levels not available, with the reason), the player's name, the
// clock, hints against the computer, whether the game is an open challenge; Start creates it.

import { api, el } from "../ui.js";
import { levelNotices, remember, seatChoices, seatOptions, seatRequests, seatValues } from "./seats.js";
import { applyConditions, settingControl, settingControls, settingValues } from "./settings.js";
import { clockPicker } from "./time-control.js";
import { t } from "../i18n.js";

/** The form for the games of `catalog`: `card` to show, `yourName()` the name given (kept for
 * next time), `show()` fills the first game's settings and seats, `chosen()` the game,
 * settings and clock chosen (for a seek). */
export function newGameForm(catalog) {
  const form = {
    catalog,
    gameSelect: el("select", { id: "game" }, catalog.games.map((g) => el("option", { value: g.name }, g.title))),
    summary: el("p", { class: "help", id: "game-summary" }),
    note: el("div", { id: "lobby-note" }),
    settingsBox: el("div", { class: "settings" }),
    seatsBox: el("div", { class: "seats" }),
    levelNotes: el("div", { id: "level-notes" }),
    error: el("p", { class: "error", role: "alert", id: "lobby-error" }),
    nameInput: el("input", { id: "your-name", value: localStorage.getItem("tafel:name") || "", maxlength: 32, autocomplete: "nickname" }),
    clock: clockPicker(),
    publicBox: el("input", { type: "checkbox", id: "public" }),
    // Hints (the best move on request) are off unless asked for before a game against the
    // computer; the box shows only when a computer seat is chosen.
    hintsBox: el("input", { type: "checkbox", id: "hints" }),
    // Rated (between accounts): offered only when signed in; casual unless ticked.
    ratedBox: el("input", { type: "checkbox", id: "rated" }),
    refreshing: 0, // the latest request for seats, so that an older answer is dropped
  };
  form.startButton = el("button", { id: "start", onclick: () => start(form) }, t("Start"));
  form.hintsLabel = el("label", { class: "check", id: "hints-label", hidden: true }, form.hintsBox,
    " ", t("Hints: let me ask for the best move during the game"));
  form.ratedLabel = el("label", { class: "check", id: "rated-label", hidden: true }, form.ratedBox,
    " ", t("Rated: an online game against another account, with a clock (it changes both ratings)"));
  api("/api/account").then(() => { form.ratedLabel.hidden = false; }, () => {});
  form.seatsBox.addEventListener("change", () => refreshHints(form));
  form.gameSelect.addEventListener("change", () => refreshSettings(form));
  const card = el("section", { class: "card new-game", "aria-labelledby": "new-title" },
    el("h1", { id: "new-title" }, t("New game")),
    el("label", { for: "game" }, t("Game")), form.gameSelect, form.summary, form.note,
    el("h2", {}, t("Settings")), form.settingsBox,
    el("h2", {}, t("Players")), form.seatsBox, form.levelNotes,
    el("label", { for: "your-name" }, t("Your name (shown to the other players)")), form.nameInput,
    el("label", { for: "clock" }, t("Clock")), form.clock.nodes,
    form.hintsLabel, form.ratedLabel,
    el("label", { class: "check" }, form.publicBox, " ", t("List it as an open challenge (anyone may take the invited seat)")),
    el("p", {}, form.startButton), form.error);
  const chosen = () => ({ game: currentGame(form).name, settings: settingValues(form.settingsBox),
    time_control: form.clock.value() });
  return { card, yourName: () => yourName(form), show: () => refreshSettings(form), chosen };
}

/** The name given (kept in localStorage for next time), or null. */
function yourName(form) {
  const name = form.nameInput.value.trim();
  localStorage.setItem("tafel:name", name);
  return name || null;
}

const currentGame = (form) => form.catalog.games.find((g) => g.name === form.gameSelect.value);

const againstComputer = (form) => seatValues(form.seatsBox).some((value) => value.startsWith("computer:"));

/** Shows the hints' box only when a computer seat is chosen. */
function refreshHints(form) { form.hintsLabel.hidden = !againstComputer(form); }

/** The summary, the settings and the seats of the game chosen. */
function refreshSettings(form) {
  const game = currentGame(form);
  form.seatsBox.replaceChildren();
  form.summary.replaceChildren(game.summary, " ", el("a", { href: `/rules/${game.name}`, id: "rules-link" }, t("Rules of {game}", { game: game.title })));
  form.settingsBox.replaceChildren(...settingControls(game, () => settingsChanged(form)));
  applyConditions(form.settingsBox, game);
  refreshSeats(form);
}

function settingsChanged(form) {
  applyConditions(form.settingsBox, currentGame(form));
  refreshSeats(form);
}

/** Seats and levels for the settings chosen, and the game's note. */
async function refreshSeats(form) {
  const ticket = ++form.refreshing;
  form.error.textContent = "";
  const game = currentGame(form);
  let names;
  let levels;
  try {
    [names, levels] = await seatOptions(game.name, settingValues(form.settingsBox));
  } catch (e) {
    if (ticket !== form.refreshing) return;
    form.error.textContent = e.message;
    form.seatsBox.replaceChildren();
    return;
  }
  if (ticket !== form.refreshing) return;
  const previous = seatValues(form.seatsBox);
  form.seatsBox.replaceChildren(...seatChoices("seat", names, levels, 1, previous));
  refreshHints(form);
  form.levelNotes.replaceChildren(...levelNotices(levels));
  refreshNote(form, game);
}

/** The game's note for the lobby (the board module's `lobbyNote`), if it has one, with its
 * offer of other settings as a button. */
async function refreshNote(form, game) {
  const module = await import(`../boards/${game.name}.js`);
  const current = { ...Object.fromEntries(game.settings.map((s) => [s.key, s.default])), ...settingValues(form.settingsBox) };
  const text = module.lobbyNote?.(current);
  if (!text || currentGame(form) !== game) { form.note.replaceChildren(); return; }
  form.note.replaceChildren(el("div", { class: "note", role: "note" },
    el("p", {}, text.text, " ", el("a", { href: text.href }, text.linkText), "."),
    text.offer ? el("button", { class: "secondary", id: "offer", onclick: () => {
      for (const [key, value] of Object.entries(text.offer.settings)) {
        const input = settingControl(form.settingsBox, key);
        if (input) input.value = value;
      }
      settingsChanged(form);
      form.startButton.focus();
    } }, text.offer.label) : null));
}

/** Creates the game chosen and opens it. */
async function start(form) {
  form.error.textContent = "";
  try {
    const created = await api("/api/games", {
      method: "POST",
      body: JSON.stringify({ game: currentGame(form).name, settings: settingValues(form.settingsBox),
        seats: seatRequests(form.seatsBox, yourName(form), form.hintsBox.checked && againstComputer(form)),
        time_control: form.clock.value(), public: form.publicBox.checked,
        rated: !form.ratedLabel.hidden && form.ratedBox.checked }),
    });
    remember(created);
  } catch (e) {
    form.error.textContent = e.message;
  }
}

// One report of the moderators' queue on "/moderation" (issue #45): who reported whom and why,
// their words, the game, the reported player's state (muted, closed), the chat around the
// report with the reported line marked and the player's own lines highlighted, and what a
// moderator may do about it: warn, mute for some minutes, rename, close the account (giving
// back the rating points its opponents lost), or dismiss the report; each with a reason.

import { t } from "../i18n.js";
import { api, el, fill } from "../ui.js";
import { ahead, clockTime, moment, playerLink, reasonWords, withNodes } from "./words.js";

/** A line of chat shown beside a report (`by_player`: written by the reported player;
 * `reported`: the line reported).
 * @typedef {{ game: string | null, tournament: string | null, room: string, seq: number, name: string, by_player: boolean, reported: boolean, text: string, at: string }} ContextLine */

/** An open report as the queue lists it (`GET /api/moderation/reports`).
 * @typedef {{ id: string, player: string, reporter: string, reason: string, details: string, game: string | null, tournament: string | null,
 *   room: string | null, seq: number | null, created_at: string, player_muted_until: string | null, player_closed: boolean,
 *   context: ContextLine[] }} Report */

/** The longest reason the server takes, in characters. */
const MAX_REASON = 500;
/** The longest mute, in minutes (30 days). */
const MAX_MINUTES = 43200;

/** A chat room's name.
 * @param {string} room */
const roomWords = (room) => (room === "players" ? t("players' chat") : room === "tournament" ? t("tournament chat") : t("spectators' chat"));

/** A report's card in the queue; `done` is called with the log entry of an action taken on it.
 * @param {Report} report
 * @param {(entry: import("./log.js").LogEntry) => void} done */
export function reportCard(report, done) {
  const p = `report-${report.id}`;
  const where = report.tournament ? [" · ", el("a", { href: `/tournament/${report.tournament}` }, t("the tournament")),
    " · ", roomWords("tournament")]
    : report.game ? [" · ", el("a", { href: `/game/${report.game}` }, t("the game")),
      report.room ? [" · ", roomWords(report.room)] : null] : null;
  const state = [
    report.player_closed ? el("span", { class: "badge player-state" }, t("account closed")) : null,
    ahead(report.player_muted_until) ? el("span", { class: "badge player-state" },
      withNodes(t("muted until {when}"), { when: moment(/** @type {string} */ (report.player_muted_until)) })) : null,
  ];
  return el("article", { class: "card report-card", "data-report": report.id, "data-player": report.player, "aria-labelledby": `${p}-title` },
    el("h3", { id: `${p}-title` }, withNodes(t("{reporter} reported {player}"), { reporter: playerLink(report.reporter), player: playerLink(report.player) }), state),
    el("p", { class: "report-meta" }, el("strong", { class: "report-reason" }, reasonWords(report.reason)), " · ", moment(report.created_at), where),
    report.details ? el("blockquote", { class: "report-details" }, report.details) : el("p", { class: "help" }, t("No details given.")),
    contextPart(report),
    actionForm(report, done));
}

/** The chat around a report, the reported line marked and the player's lines highlighted.
 * @param {Report} report */
function contextPart(report) {
  if (!report.context.length) return el("p", { class: "help" }, t("No chat to show."));
  const rooms = new Set(report.context.map((line) => `${line.game} ${line.room}`));
  /** Where a line was written, when the lines come from more than one room.
   * @param {ContextLine} line */
  const place = (line) => (rooms.size < 2 ? null : el("span", { class: "context-place" },
    report.game ? roomWords(line.room) : [el("a", { href: `/game/${line.game}` }, t("game")), ", ", roomWords(line.room)]));
  return el("div", { class: "report-context" },
    el("h4", {}, t("The chat")),
    el("p", { class: "help" }, t("Lines by {player} are highlighted; the reported line is marked.", { player: report.player })),
    el("ol", { class: "context-log", tabindex: 0, "aria-label": t("The chat around the report") }, report.context.map((line) => el("li", {
      class: [line.by_player ? "by-player" : "", line.reported ? "reported" : ""].join(" ").trim() || null,
      "data-seq": line.seq, "data-room": line.room },
    clockTime(line.at), " ", place(line), " ",
    line.reported ? el("strong", { class: "reported-mark" }, t("Reported:")) : null, " ",
    el("span", { class: "chat-name" }, line.name), " ", el("span", { class: "chat-text" }, line.text)))));
}

/** The form of what to do about a report: the action, what it needs, the reason.
 * @param {Report} report
 * @param {(entry: import("./log.js").LogEntry) => void} done */
function actionForm(report, done) {
  const p = `report-${report.id}`;
  const player = report.player;
  const actions = /** @type {[string, string, string][]} */ ([
    ["warn", t("Warn"), t("Warn {player}", { player })],
    ["mute", t("Mute"), t("Mute {player}", { player })],
    ["rename", t("Rename"), t("Rename {player}", { player })],
    ["close", t("Close the account"), t("Close the account of {player}", { player })],
    ["dismiss", t("Dismiss"), t("Dismiss the report")],
  ]);
  const minutes = el("input", { type: "number", id: `${p}-minutes`, min: 1, max: MAX_MINUTES, value: 60, required: true, inputmode: "numeric" });
  const username = el("input", { id: `${p}-username`, maxlength: 20, required: true, autocapitalize: "none", spellcheck: "false", autocomplete: "off" });
  const refund = el("input", { type: "checkbox", id: `${p}-refund`, checked: report.reason === "cheating" });
  /** What each action needs besides the reason, shown while it is chosen. @type {Record<string, HTMLElement>} */
  const extras = {
    mute: el("div", { class: "field" }, el("label", { for: `${p}-minutes` }, t("Minutes (at most 43200: 30 days)")), minutes),
    rename: el("div", { class: "field" }, el("label", { for: `${p}-username` }, t("New name")), username),
    close: el("label", { class: "check field" }, refund, t("Give back the rating points its opponents lost to it in rated games")),
  };
  const reason = el("textarea", { id: `${p}-reason`, maxlength: MAX_REASON, rows: 2, required: true, "aria-describedby": `${p}-reason-help` });
  const error = el("p", { class: "error", role: "alert", id: `${p}-error` });
  const submit = el("button", { type: "submit", id: `${p}-submit` }, t("Apply"));
  const choose = (/** @type {string} */ action) => {
    for (const [key, node] of Object.entries(extras)) {
      node.hidden = key !== action;
      // A hidden field is left out of the form's checks.
      for (const input of node.querySelectorAll("input")) input.disabled = key !== action;
    }
    fill(submit, actions.find(([key]) => key === action)?.[2] ?? t("Apply"));
    submit.classList.toggle("danger", action === "close");
  };
  const choices = actions.map(([value, words]) => el("label", { class: "mod-choice" },
    el("input", { type: "radio", name: `${p}-action`, value, required: true, onchange: () => choose(value) }), words));
  const form = el("form", { class: "mod-actions", id: `${p}-form`, onsubmit: async (/** @type {Event} */ e) => {
    e.preventDefault();
    const action = /** @type {HTMLInputElement | null} */ (form.querySelector(`input[name=${p}-action]:checked`))?.value;
    fill(error);
    submit.disabled = true;
    /** @type {Record<string, unknown>} */
    const body = { action, reason: reason.value.trim() };
    if (action === "mute") body.minutes = Number(minutes.value);
    if (action === "rename") body.username = username.value.trim();
    if (action === "close") body.refund = refund.checked;
    const path = action === "dismiss" ? `/api/moderation/reports/${encodeURIComponent(report.id)}/dismiss`
      : `/api/moderation/players/${encodeURIComponent(player)}`;
    try {
      done(await api(path, { method: "POST", body: JSON.stringify(action === "dismiss" ? { reason: body.reason } : body) }));
    } catch (failure) {
      fill(error, failure.message);
      submit.disabled = false;
    }
  } },
  el("fieldset", { class: "mod-choices" }, el("legend", {}, t("What to do")), choices),
  Object.values(extras),
  el("div", { class: "field" }, el("label", { for: `${p}-reason` }, t("Reason")), reason,
    el("p", { class: "help", id: `${p}-reason-help` }, t("Every action needs one. The player reads it with a warning, a mute or a rename; the log keeps it."))),
  error, submit);
  choose("");
  return form;
}

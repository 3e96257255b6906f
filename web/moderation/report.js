// The report dialog (issue #45): a signed-in player reports another to the moderators, from
// the player's page (web/players/page.js), from a line of a game's chat (web/game/chat.js) or
// from a line of a tournament's chat (web/tournaments/chat.js):
// the reason, what happened in their own words, sent with `POST /api/reports`. The server's
// refusals (reported already, too many open reports) are shown in the dialog as it words them.

import { t } from "../i18n.js";
import { api, el, fill } from "../ui.js";
import { reasons } from "./words.js";

/** What is reported: a player, and for a chat line its game and room (or its tournament),
 * number and words.
 * @typedef {{ player: string, game?: string, room?: string, tournament?: string, seq?: number, text?: string }} ReportTarget */

/** The longest details the server takes, in characters. */
const MAX_DETAILS = 500;

/** A button that opens the report dialog for `target`.
 * @param {ReportTarget} target
 * @param {Record<string, unknown>} [attrs] the button's own attributes (class, id, aria-label)
 * @param {string} [words] its words ("Report" by default) */
export function reportButton(target, attrs = {}, words = t("Report")) {
  return el("button", { type: "button", class: "secondary", ...attrs, onclick: () => openReport(target) }, words);
}

/** Opens the report dialog for `target` (one at a time; it is removed once closed).
 * @param {ReportTarget} target */
export function openReport(target) {
  document.getElementById("report-dialog")?.remove();
  const line = target.seq !== undefined;
  const details = el("textarea", { id: "report-details", maxlength: MAX_DETAILS, rows: 3, "aria-describedby": "report-details-help" });
  const error = el("p", { class: "error", role: "alert", id: "report-error" });
  const send = el("button", { type: "submit", id: "report-send" }, t("Send the report"));
  const cancel = el("button", { type: "button", class: "secondary", id: "report-cancel", onclick: () => dialog.close() }, t("Cancel"));
  const choices = reasons().map(([value, words]) => el("label", { class: "check" },
    el("input", { type: "radio", name: "report-reason", value, id: `report-reason-${value}`, required: true, checked: line && value === "abuse" }), words));
  const form = el("form", { class: "report-form", onsubmit: async (/** @type {Event} */ e) => {
    e.preventDefault();
    const reason = /** @type {HTMLInputElement | null} */ (form.querySelector("input[name=report-reason]:checked"))?.value;
    fill(error);
    send.disabled = true;
    const where = target.tournament ? { tournament: target.tournament, seq: target.seq }
      : line ? { game: target.game, room: target.room, seq: target.seq } : target.game ? { game: target.game } : {};
    try {
      await api("/api/reports", { method: "POST", body: JSON.stringify({ player: target.player, reason, details: details.value.trim(), ...where }) });
      const close = el("button", { type: "button", id: "report-close", onclick: () => dialog.close() }, t("Close"));
      fill(form, el("p", { id: "report-sent", role: "status" },
        t("Thank you. The moderators will look at your report of {name}.", { name: target.player })), el("div", { class: "dialog-buttons" }, close));
      close.focus();
    } catch (failure) {
      fill(error, failure.message);
      send.disabled = false;
    }
  } },
  line ? el("blockquote", { class: "report-quote", id: "report-quote" }, el("span", { class: "chat-name" }, target.player), " ", target.text ?? "") : null,
  el("fieldset", { class: "report-reasons" }, el("legend", {}, t("Why do you report them?")), choices),
  el("label", { for: "report-details" }, t("What happened (optional)")),
  details,
  el("p", { class: "help", id: "report-details-help" }, t("Up to 500 characters. Only the moderators read the report.")),
  error,
  el("div", { class: "dialog-buttons" }, send, cancel));
  const dialog = el("dialog", { class: "report-dialog", id: "report-dialog", "aria-labelledby": "report-title" },
    el("h2", { id: "report-title" }, line ? t("Report a message by {name}", { name: target.player }) : t("Report {name}", { name: target.player })),
    form);
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}

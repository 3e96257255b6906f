// The moderators' log on "/moderation" (issue #45): every action a moderator took, newest
// first, as a sentence (who did what to whom), with its detail, moment and reason.

import { t } from "../i18n.js";
import { el } from "../ui.js";
import { moment, playerLink, withNodes } from "./words.js";

/** A moderator's action as the log keeps it (`GET /api/moderation/log`, and the answer to each
 * action).
 * @typedef {{ at: string, moderator: string, action: string, player: string | null, tournament: string | null,
 *   reason: string, detail: string | null }} LogEntry */

/** What a log entry says, as a sentence with the players' names linked.
 * @param {LogEntry} entry
 * @returns {(Node | string)[]} */
export function entryWords(entry) {
  /** @type {Record<string, string>} */
  const words = {
    warn: t("{moderator} warned {player}"),
    mute: t("{moderator} muted {player}"),
    rename: t("{moderator} renamed {player}"),
    close: t("{moderator} closed the account of {player}"),
    "remove-tournament": t("{moderator} removed the tournament {tournament}"),
    dismiss: t("{moderator} dismissed a report about {player}"),
  };
  const sentence = words[entry.action] ?? `{moderator}: ${entry.action} {player}`;
  return withNodes(sentence, {
    moderator: playerLink(entry.moderator),
    player: entry.player ? playerLink(entry.player) : "—",
    tournament: el("code", {}, entry.tournament ?? "—"),
  });
}

/** The log's list, or a line saying it is empty.
 * @param {LogEntry[]} entries */
export function logList(entries) {
  if (!entries.length) return el("p", { class: "help", id: "mod-log-empty" }, t("No moderator has acted yet."));
  return el("ol", { class: "mod-log", id: "mod-log-list" }, entries.map((entry) => el("li", { "data-action": entry.action },
    el("div", { class: "log-head" }, entryWords(entry), entry.detail ? el("span", { class: "log-detail" }, ` (${entry.detail})`) : null),
    el("div", { class: "log-reason" }, t("Reason: {reason}", { reason: entry.reason })),
    el("div", { class: "help" }, moment(entry.at)))));
}

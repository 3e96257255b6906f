// Words that moderation's modules share (web/moderation/report.js, queue.js, log.js and the
// notices of web/account/notices.js): a report's reasons, a moderator's actions as sentences,
// moments in the page's language, and sentences with links in them.

import { language, t } from "../i18n.js";
import { el } from "../ui.js";

/** The reasons a report can give, as the API names them, with their words. */
export function reasons() {
  return /** @type {[string, string][]} */ ([
    ["abuse", t("Abuse or insults")],
    ["cheating", t("Cheating")],
    ["name", t("An offensive username")],
    ["other", t("Something else")],
  ]);
}

/** A report's reason in words (an unknown one as it is).
 * @param {string} reason */
export const reasonWords = (reason) => reasons().find(([key]) => key === reason)?.[1] ?? reason;

/** A moment the server sent (ISO 8601) in the page's language, as a `<time>` element.
 * @param {string} iso */
export function moment(iso) {
  const date = new Date(iso);
  const words = Number.isNaN(date.getTime()) ? iso : date.toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" });
  return el("time", { datetime: iso }, words);
}

/** Whether a moment the server sent (ISO 8601, or null) is still to come.
 * @param {string | null | undefined} iso */
export const ahead = (iso) => Boolean(iso) && Date.parse(/** @type {string} */ (iso)) > Date.now();

/** A player's name as a link to their page.
 * @param {string} name */
export const playerLink = (name) => el("a", { href: `/@/${encodeURIComponent(name)}` }, name);

/** A translated sentence with nodes in place of its `{parameters}` (links, names).
 * @param {string} words the sentence, already translated, with `{name}` for each node
 * @param {Record<string, Node | string>} nodes
 * @returns {(Node | string)[]} */
export function withNodes(words, nodes) {
  return words.split(/(\{\w+\})/).filter(Boolean).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name !== undefined && name in nodes ? nodes[name] : part;
  });
}

/** A moment's time of day only ("14:05"), its date and time in full as its title.
 * @param {string} iso */
export function clockTime(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return el("time", { datetime: iso }, iso);
  return el("time", { datetime: iso, title: date.toLocaleString(language(), { dateStyle: "medium", timeStyle: "medium" }) },
    date.toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" }));
}

// "From the moderators" on "/settings" (issue #45): what the moderators did about the account
// (a warning, a mute, a rename), newest first, with their reason, and until when it may not
// chat while it is muted. Shown only when there is something to show.

import { api, el } from "../ui.js";
import { t } from "../i18n.js";
import { ahead, moment, withNodes } from "../moderation/words.js";

/** A moderator's notice to the account (`detail`: "60 minutes", "old → new", or null).
 * @typedef {{ action: string, reason: string, at: string, detail: string | null }} Notice */

/** A notice's action in words.
 * @param {string} action */
function actionWords(action) {
  if (action === "warn") return t("A warning");
  if (action === "mute") return t("Muted");
  if (action === "rename") return t("Renamed");
  return action;
}

/** The card of the moderators' notices, or null when there are none and no mute runs.
 * @returns {Promise<HTMLElement | null>} */
export async function noticeSettings() {
  /** @type {{ notices: Notice[], muted_until: string | null }} */
  let answer;
  try {
    answer = await api("/api/account/notices");
  } catch {
    return null; // the rest of the settings page stands without it
  }
  const muted = ahead(answer.muted_until);
  if (!answer.notices.length && !muted) return null;
  return el("section", { class: "card account-form", id: "notices", "aria-labelledby": "notices-title" },
    el("h2", { id: "notices-title" }, t("From the moderators")),
    muted ? el("p", { class: "note", id: "muted-until" },
      withNodes(t("You may not write in chats until {when}."), { when: moment(/** @type {string} */ (answer.muted_until)) })) : null,
    el("ol", { class: "notices", id: "notice-list" }, answer.notices.map((n) => el("li", { "data-action": n.action },
      el("div", { class: "notice-head" }, el("strong", {}, actionWords(n.action)), n.detail ? ` · ${n.detail}` : "", " · ", moment(n.at)),
      el("p", { class: "notice-reason" }, t("Reason: {reason}", { reason: n.reason }))))));
}

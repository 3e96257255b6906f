// Following players (docs/accounts.md, "People"): the Follow/Unfollow button of a player's page
// (web/players/page.js) and the names the signed-in account follows. The lobby's list of them,
// online and playing, is web/lobby/following.js.

import { api, onOffButton } from "../ui.js";
import { t } from "../i18n.js";

/** A player followed, as `GET /api/account/following` lists them.
 * @typedef {{ username: string, online: boolean, playing?: string }} Followed */

/** The players the signed-in account follows (none when signed out or unreadable).
 * @returns {Promise<Followed[]>} */
export async function followed() {
  try {
    /** @type {{ players: Followed[] }} */
    const answer = await api("/api/account/following");
    return answer.players;
  } catch {
    return [];
  }
}

/** The Follow/Unfollow button of player `name`'s page, with the line that says what it did.
 * @param {string} name
 * @param {boolean} following whether the account follows them now */
export function followToggle(name, following) {
  return onOffButton({ id: "follow-player", statusId: "follow-status", on: following, labels: [t("Follow"), t("Unfollow")],
    set: (on) => api(`/api/account/following/${encodeURIComponent(name)}`, { method: on ? "PUT" : "DELETE" }),
    said: (on) => (on
      ? t("You follow {name}: the lobby shows you when they are online or playing.", { name })
      : t("You no longer follow {name}.", { name })) });
}

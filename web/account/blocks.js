// Blocking other players (issue #45): the names the signed-in account blocks (read by the game's
// chat, web/game/chat.js, to hide their live messages), the Block/Unblock button of a player's
// page (web/players/page.js) and the "Blocked players" card of "/settings" with an Unblock for
// each. A blocked player cannot write in the players' chat of one's games, join one's games,
// take one's seeks (nor one theirs) or challenge one; the server enforces it.

import { api, el, fill, onOffButton } from "../ui.js";
import { t } from "../i18n.js";

/** The names the signed-in account blocks (none when signed out or when they cannot be read).
 * @returns {Promise<string[]>} */
export async function blockedNames() {
  try {
    /** @type {{ blocked: string[] }} */
    const answer = await api("/api/account/blocks");
    return answer.blocked;
  } catch {
    return [];
  }
}

/** Blocks (`on`) or unblocks player `name`.
 * @param {string} name
 * @param {boolean} on */
async function setBlocked(name, on) {
  await api(`/api/account/blocks/${encodeURIComponent(name)}`, { method: on ? "PUT" : "DELETE" });
}

/** The Block/Unblock button of player `name`'s page, with the line that says what it did.
 * @param {string} name
 * @param {boolean} blocked whether the account blocks them now */
export function blockToggle(name, blocked) {
  return onOffButton({ id: "block-player", statusId: "block-status", on: blocked, labels: [t("Block"), t("Unblock")],
    set: (on) => setBlocked(name, on),
    said: (on) => (on
      ? t("You blocked {name}: they cannot write to you in a game's chat, join your games, take your seeks or challenge you.", { name })
      : t("You unblocked {name}.", { name })) });
}

/** The "Blocked players" card of "/settings", filled from the server (and again after each
 * Unblock).
 * @returns {Promise<HTMLElement>} */
export async function blockSettings() {
  const card = el("section", { class: "card account-form", id: "blocks", "aria-labelledby": "blocks-title" });
  const load = async () => {
    const names = await blockedNames();
    const error = el("p", { class: "error", role: "alert", id: "blocks-error" });
    const line = (/** @type {string} */ name) => el("li", { class: "blocked", "data-name": name },
      el("a", { href: `/@/${encodeURIComponent(name)}` }, name),
      el("button", { type: "button", class: "secondary", "aria-label": t("Unblock {name}", { name }), onclick: async () => {
        fill(error);
        try {
          await setBlocked(name, false);
          await load();
        } catch (e) {
          fill(error, /** @type {Error} */ (e).message);
        }
      } }, t("Unblock")));
    fill(card, el("h2", { id: "blocks-title" }, t("Blocked players")),
      el("p", { class: "help" }, t("A player you block cannot write to you in a game's chat, join your games, take your seeks or challenge you. Block someone on their page.")),
      names.length ? el("ul", { class: "blocked-list", id: "blocked-list" }, names.map(line))
        : el("p", { id: "no-blocks" }, t("You block nobody.")),
      error);
  };
  await load();
  return card;
}

// On a rated game's page: "Rated" while it is played, then each player's rating before and
// after. A module of its own beside the game page: it reads the game's JSON view and adds one
// line under the players, again whenever the game's status changes.

import { api, el } from "../ui.js";
import { sideName, t } from "../i18n.js";

/** Watches the game page of game `id` in `app` and keeps its line of ratings.
 * @param {HTMLElement} app
 * @param {string} id */
export function showGameRatings(app, id) {
  let shown = "";
  const refresh = async () => {
    if (!document.getElementById("players")) return;
    /** @type {import("../ui.js").GameView | null} */
    const view = await api(`/api/games/${id}`).catch(() => null);
    if (!view || !view.rated) return;
    // Looked up after the answer: the page may have been drawn again meanwhile.
    const players = document.getElementById("players");
    if (!players) return;
    const text = view.ratings
      ? view.ratings.map((r) => `${view.seats[r.seat].player || sideName(view.seats[r.seat].name)}: ${r.before} → ${r.after} (${r.after >= r.before ? "+" : ""}${r.after - r.before})`).join(" · ")
      : t("Rated game");
    const line = view.ratings ? t("Ratings: {ratings}", { ratings: text }) : text;
    if (text === shown && document.getElementById("game-ratings")) return;
    shown = text;
    document.getElementById("game-ratings")?.remove();
    players.after(el("p", { class: "help game-ratings", id: "game-ratings" }, line));
  };
  let last = "";
  new MutationObserver(() => {
    const status = document.querySelector("#result, #turn")?.textContent || "";
    const players = document.getElementById("players");
    if (status !== last || (players && !document.getElementById("game-ratings"))) {
      last = status;
      refresh();
    }
  }).observe(app, { childList: true, subtree: true });
  // The page may be drawn for the last time before the observer starts: look once now.
  refresh();
}

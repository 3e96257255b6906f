// A tournament's game ("/game/<id>?tournament=<tid>"): a link back to the tournament above the
// game, and once the game is over the player goes back by themselves after a few seconds, where
// the tournament page sends them on to their next game when it is paired. In an Arena's game the
// player has a Berserk button until their first move: half their time (and no increment) for a
// point more on a win of at least 14 moves.

import { api, el } from "../ui.js";
import { t } from "../i18n.js";

/** How often the game's state is asked for, and how long the end stays shown before going back. */
const LOOK_MS = 1500;
const BACK_AFTER_MS = 3000;

/** The Berserk button in `node` while seat `mine` ({ seat, token }) of Arena game `game` (its
 * `view`) may still go berserk: the game goes on, the seat has not moved nor gone berserk.
 * @param {Element} node
 * @param {import("../ui.js").GameView | null} view
 * @param {{ seat: number, token: string } | null | false} mine
 * @param {string} game */
function showBerserk(node, view, mine, game) {
  const can = mine && view?.status?.state !== "over" && view?.clock
    && !view.clock.berserk?.[mine.seat] && !view.plies.some((p) => p.seat === mine.seat);
  if (!can) { node.replaceChildren(); return; }
  if (node.firstChild) return;
  const error = el("span", { class: "error", role: "alert" });
  const go = async () => {
    error.textContent = "";
    try {
      await api(`/api/games/${game}/berserk`, { method: "POST", body: JSON.stringify({ token: mine.token }) });
      node.replaceChildren();
    } catch (e) {
      error.textContent = e.message;
    }
  };
  node.replaceChildren(el("button", { class: "danger", id: "berserk", title: t("Half your time and no increment, for a point more on a win of at least 14 moves"), onclick: go }, t("Berserk")), " ", error);
}

/** Adds the way back to tournament `tournament` to the page of game `game` in `app`.
 * @param {HTMLElement} app
 * @param {string} game
 * @param {string} tournament */
export function backToTournament(app, game, tournament) {
  const note = el("span", { class: "help", id: "tournament-back-note" });
  const berserk = el("span", {});
  app.prepend(el("p", { class: "tournament-back" },
    el("a", { href: `/tournament/${tournament}`, id: "tournament-back" }, t("Back to the tournament")), " ", berserk, " ", note));
  const arena = api(`/api/tournaments/${tournament}`).then((v) => v.kind === "arena").catch(() => false);
  /** @type {{ seat: number, token: string } | null} */
  let mine = null;
  const look = async () => {
    const view = await api(`/api/games/${game}`).catch(() => null);
    // The player's seat, once the game is made (a moment after its pairing).
    mine ??= view && await api(`/api/games/${game}/my-seats`).then((s) => s.seats[0] ?? null).catch(() => null);
    showBerserk(berserk, view, await arena && mine, game);
    if (view?.status?.state === "over") {
      note.textContent = t("The game is over: back to the tournament in a moment.");
      setTimeout(() => { location.href = `/tournament/${tournament}`; }, BACK_AFTER_MS);
      return;
    }
    setTimeout(look, LOOK_MS);
  };
  look();
}

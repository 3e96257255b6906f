// A tournament's game ("/game/<id>?tournament=<tid>"): a link back to the tournament above the
// game. Once the game is over the page stays, so that the player reads the ending; a notice
// says when their next game is paired, with a link to it, and the player goes on when they
// choose (or back to the tournament, whose page sends them on to a game paired meanwhile). In an Arena's game the
// player has a Berserk button until their first move: half their time (and no increment) for a
// point more on a win of at least 14 moves.

import { api, el, fill } from "../ui.js";
import { t } from "../i18n.js";

/** How often the game's state, and once it is over the tournament's, is asked for. */
const LOOK_MS = 1500;

/** The Berserk button in `node` while seat `mine` ({ seat, token }) of Arena game `game` (its
 * `view`) may still go berserk: the game goes on, the seat has not moved nor gone berserk. A
 * refusal (the button clicked after a move the page had not yet heard of) stays when the
 * button goes, so that the player reads why.
 * @param {Element} node
 * @param {import("../ui.js").GameView | null} view
 * @param {{ seat: number, token: string } | null | false} mine
 * @param {string} game */
function showBerserk(node, view, mine, game) {
  const can = mine && view?.status?.state !== "over" && view?.clock
    && !view.clock.berserk?.[mine.seat] && !view.plies.some((p) => p.seat === mine.seat);
  if (!can) {
    const refusal = node.querySelector(".error");
    node.replaceChildren(...(refusal?.textContent ? [refusal] : []));
    return;
  }
  if (node.querySelector("#berserk")) return;
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
      afterTheGame(note, game, tournament);
      return;
    }
    setTimeout(look, LOOK_MS);
  };
  look();
}

/** The notice of `note` once game `game` is over: waiting for the next round, the next game
 * (a link the player follows when they choose), or the tournament's end.
 * @param {HTMLElement} note
 * @param {string} game
 * @param {string} tournament */
function afterTheGame(note, game, tournament) {
  const look = async () => {
    const view = await api(`/api/tournaments/${tournament}`).catch(() => null);
    const next = view?.your_game && view.your_game !== game ? view.your_game : null;
    if (next) {
      note.dataset.next = next;
      fill(note, t("The game is over."), " ",
        el("a", { href: `/game/${next}?tournament=${tournament}`, id: "tournament-next-game" }, t("On to your next game")));
    } else if (view && view.state !== "open" && view.state !== "running") {
      note.dataset.done = "1";
      fill(note, t("The game is over, and so is the tournament: its page has the standings."));
    } else {
      fill(note, t("The game is over. Your next game is announced here once it is paired."));
      setTimeout(look, LOOK_MS);
    }
  };
  look();
}

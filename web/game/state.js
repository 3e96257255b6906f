// The game page's state, one object passed to every part of the page: the game as the server
// last sent it, the position shown, the seats this browser holds, the page's lasting nodes, and
// what the table and the analysis are doing. Also how a request's answer becomes the game shown.

import { analysisBoardState } from "../analysis/board.js";
import { keptVariations } from "../analysis/kept.js";
import { api, el, sentence } from "../ui.js";
import { t } from "../i18n.js";

/** @typedef {import("../ui.js").GameView} GameView */

/** The game page's state (`gameState`) with its chat's part (web/game/chat.js), which every
 * part of the page receives.
 * @typedef {ReturnType<typeof gameState> & { chat: ReturnType<typeof import("./chat.js").chatState> }} Game */

/** The state of the page of game `id`, first drawn from `view`; `board` is the game's board
 * module (web/boards/<game>.js), `seats` the seats this browser holds (`heldSeats` of
 * web/game/seats.js), `invite` an invitation code not yet exchanged for its seat.
 * @param {object} parts
 * @param {string} parts.id
 * @param {GameView} parts.view
 * @param {import("../boards/common.js").BoardModule} parts.board
 * @param {import("../ui.js").CatalogGame | undefined} parts.catalogEntry
 * @param {Record<string, string>} parts.settings
 * @param {ReturnType<typeof import("./seats.js").heldSeats>} parts.seats
 * @param {string | null} parts.invite */
export function gameState({ id, view, board, catalogEntry, settings, seats, invite }) {
  const ui = {
    banner: el("div", { class: "conn-banner", id: "connection", role: "alert", hidden: true }),
    status: el("div", { class: "status-area", id: "status-area", "aria-live": "polite" }),
    lastLine: el("p", { class: "last-move-line", id: "last-move-line", "aria-live": "polite" }),
    boardArea: el("section", { class: "board-area", "aria-label": t("Board") }),
    side: el("aside", { class: "side" }),
    error: el("p", { class: "error", id: "error", role: "alert", tabindex: "0" }), // focusable: a long refusal scrolls
    noticeLine: el("p", { class: "table-notice", id: "table-notice", role: "status" }),
    // Who else at the table has the game open, on the board's edge (web/game/online.js).
    presence: el("p", { class: "presence", id: "presence", "aria-live": "polite", hidden: true }),
  };
  return {
    id, board, catalogEntry, settings, ui,
    seats,
    view, // the game as the server last sent it
    receivedAt: performance.now(), // when `view` arrived, for the running clock
    // Views pushed so far. A request's answer is shown only if no push came while it was under
    // way: a push is never older than the answer, but an answer that arrives late can be older
    // than a push (the computer may already have replied).
    pushes: 0,
    /** @type {number | null} */
    shownPly: null, // null: follow the game; a number: showing the position after that many moves
    shownView: view, // the view drawn when replaying
    /** @type {boolean | null} */
    flipped: null, // whether the board is turned round (null: as web/game/board-view.js decides)
    /** @type {boolean | null} */
    zoomed: null, // on a phone, whether a small-celled board is shown zoomed (null: not decided)
    pictureOpen: false,
    spectators: 0,
    confirmingResign: false,
    joining: invite, // an invitation not yet exchanged for the seat
    /** @type {HTMLFormElement | null} */
    joinForm: null, // its form, kept while the page is drawn again
    notice: "", // the last thing that happened at the table ("Ada joined as Black")
    /** @type {{ href: string, text: string } | null} */
    noticeLink: null, // a link after the notice, { href, text }: a spectator's way to the rematch
    /** @type {number | null} */
    joinedSeat: null, // the seat the "joined" notice is about
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    noticeTimer: undefined, // clears the notice after a while
    /** @type {GameView["proposals"] | null} */
    lastProposals: null, // the last draw offer, takeback request or rematch offer seen, for the words of its answer
    /** @type {{ seats: number[], away: number[], spectators: number } | null} */
    presence: null, // who has the game open, as the server last said ({ seats, away, spectators })
    wasMyTurn: false, // whether it was this screen's turn when the page was last drawn (web/game/notify.js)
    /** @type {string | null} */
    premove: null, // the move chosen ahead, while another is to move (web/game/premove.js)
    /** @type {{ code: string, legal: Promise<string[]> } | null} */
    premoves: null, // the moves a premove may be, for the position `code`
    /** @type {{ ply: number, text: string } | null} */
    premoveNote: null, // a premove dropped, said while the position after `ply` moves is shown
    /** @type {{ moves: number, over: boolean } | null} */
    heard: null, // the moves and the end the page has sounded (web/game/sound.js; null: nothing drawn yet)
    // The analysis (docs/analysis.md): the review once fetched, for how many moves, and what
    // the panel says meanwhile (the progress, or why there is none).
    /** @type {import("./review-panel.js").Review | null} */
    review: null,
    reviewedMoves: -1, // the number of moves the review (or the request under way) covers
    analysing: false,
    analysisNote: "",
    /** @type {{ ply: number, best: string, chance: import("./review-panel.js").Chance } | null} */
    hint: null, // the last hint asked for: { ply, best, words }
    // The analysis board of a finished game (web/game/analysis-board.js): the variations
    // tried and the one shown, the engine's answers (web/analysis/board.js).
    analysisBoard: analysisBoardState(keptVariations(id)),
    /** The connection (web/game/connection.js), once opened. @type {{ greet: () => void } | null} */
    live: null,
    /** Draws the page again (set by the page). @type {(options: { animate: boolean }) => void} */
    render: () => {},
    /** Sizes the board to the first screen after it was drawn (set by the page). */
    fitBoard: () => {},
    /** Shows `message` as the error beside the board ("" clears it).
     * @param {string} message */
    showError(message) { ui.error.textContent = message ? sentence(message) : ""; },
  };
}

/** The position drawn: the game, or the one replayed.
 * @param {Game} game */
export const shownView = (game) => (game.shownPly === null ? game.view : game.shownView);

/** A move of the position `v` in words, as its button says it ("Tile 2: out south").
 * @param {Game} game
 * @param {string} move
 * @param {GameView} v */
export const describe = (game, move, v) => game.board.describeMove?.(move, v, game.settings) ?? move;

/** Takes `v` as the game (as the server last sent it), keeping the last proposals seen (an
 * answer to one comes after the view without it).
 * @param {Game} game
 * @param {GameView} v */
export function takeView(game, v) {
  const { draw, takeback, rematch } = game.view.proposals || {};
  if (draw || takeback || rematch) game.lastProposals = game.view.proposals;
  game.view = v;
  game.receivedAt = performance.now();
}

/** Shows the game the server answered `request` with, unless a push came meanwhile.
 * @param {Game} game
 * @param {Promise<GameView>} request */
async function applyAnswer(game, request) {
  const before = game.pushes;
  const answer = await request;
  if (game.pushes === before) {
    takeView(game, answer);
    game.shownPly = null;
    game.render({ animate: false });
  }
}

/** Posts `body` to the game's endpoint `what` (moves, undo, resign...) and shows the answer;
 * a refusal is shown as the error.
 * @param {Game} game
 * @param {string} what
 * @param {object} body */
export async function post(game, what, body) {
  game.showError("");
  try {
    await applyAnswer(game, api(`/api/games/${game.id}/${what}`, { method: "POST", body: JSON.stringify(body) }));
  } catch (e) {
    game.showError(e.message);
  }
}

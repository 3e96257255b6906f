// The analysis board of a finished game (docs/analysis.md, "The analysis board"): the game's
// board, kept in view beside the chart and the moves (web/style.css), shows every position
// picked there and is an analysis board (web/analysis/board.js) whose main line is the game:
// moves tried from any of its positions are kept as variations, the engine evaluates every
// position shown, and the variations are kept in the browser for the next visit
// (web/analysis/kept.js). This module is the game page's side of it: when it is offered, the
// board's host, the view of a variation shown.

import { analysisBoardMoves, analysisBoardPanel, variationLine } from "../analysis/board.js";
import { keepVariations } from "../analysis/kept.js";
import { lineTo } from "../analysis/variations.js";
import { showPly, shownMoves } from "./move-list.js";
import { describe } from "./state.js";
import { t } from "../i18n.js";

/** @typedef {import("./state.js").Game} Game */
/** @typedef {import("../ui.js").GameView} GameView */
/** @typedef {import("../boards/common.js").Drawn} Drawn */

/** Whether the page offers the analysis board: once the game is over.
 * @param {Game} game */
const offered = (game) => game.view.status.state === "over";

/** The game page as the analysis board's host: the main line is the game's moves, a position of
 * it shown as the move list and the chart show one.
 * @param {Game} game
 * @returns {import("../analysis/board.js").BoardHost} */
const host = (game) => ({
  state: game.analysisBoard,
  game: game.view.game,
  settings: game.settings,
  redraw: () => game.render({ animate: false }),
  describe: (move, v) => describe(game, move, /** @type {GameView} */ (v)),
  mainPly: () => game.shownPly ?? game.view.moves.length,
  mainMove: (ply) => game.view.moves[ply] ?? null,
  showMain: (ply) => showPly(game, ply),
  startWords: (from) => (from === 0 ? t("from the start")
    : t("after {move}", { move: `${game.view.plies[from - 1].number}. ${shownMoves(game)[from - 1] ?? game.view.moves[from - 1]}` })),
  words: { pick: t("Pick a position on the chart or in the moves to see it on the board."), back: t("Back to the game") },
  keep: (tree) => keepVariations(game.id, tree),
});

/** The view the board draws for the variation shown (its position after the main line's moves
 * before it), or null when a position of the game is shown (or the game is not over).
 * @param {Game} game
 * @returns {GameView | null} */
export function variationView(game) {
  const node = game.analysisBoard.shown;
  if (!node || !offered(game)) return null;
  const { position } = node;
  return { ...game.view, code: position.code, status: position.status, legal: position.legal, picture: position.picture,
    ply: node.from + lineTo(node).length, last_move: null, moves: game.view.moves.slice(0, node.from), plies: game.view.plies.slice(0, node.from) };
}

/** On the board just drawn for `v` after the game: the moves to try and the engine's best move.
 * @param {Game} game
 * @param {GameView} v
 * @param {Drawn} drawn */
export function gameBoardMoves(game, v, drawn) {
  if (offered(game)) analysisBoardMoves(host(game), v, drawn);
}

/** The analysis board's panel for the position `v` on the board, after the game.
 * @param {Game} game
 * @param {GameView} v */
export const gameBoardPanel = (game, v) => (offered(game) ? analysisBoardPanel(host(game), v) : null);

/** The status line while a variation `v` (from `variationView`) is shown.
 * @param {Game} game
 * @param {GameView} v */
export const gameVariationLine = (game, v) => variationLine(host(game), v);

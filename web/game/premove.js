// Premoves: while the opponent (a person elsewhere, or the computer) is to move, in a game whose
// next move can be chosen before the opponent's (its board module names the position with the
// other side to move, `otherSide(code)`: Quarx and Kauri; not the games with dice, nor Black
// Path and Carreaux, where the opponent's move decides where one's own goes), the player may
// choose his next move on the board as on his turn. It is shown as a premove (its cells marked, its path drawn), cancelled
// by Escape or a click anywhere but on the board's premove cells, and played as soon as it is
// his turn if it is legal then, else dropped with a quiet word.

import { clickToMove, previewPath } from "../boards/click-to-move.js";
import { api, el } from "../ui.js";
import { playMove } from "./move-input.js";
import { describe } from "./state.js";
import { t } from "../i18n.js";

/** @typedef {import("./state.js").Game} Game */
/** @typedef {import("../ui.js").GameView} GameView */
/** @typedef {import("../boards/common.js").Drawn} Drawn */

/** The classes of the cells a premove is chosen by (not a turn's "movable": tests and
 * players tell one's turn by those). */
const PREMOVE_CLASSES = { start: "premovable", next: "pretarget", chosen: "preselected" };

/** Whether this screen may premove in the position `v`: it is the live position, another's
 * turn, and this screen holds a seat in a game whose board module can name the other side's
 * turn.
 * @param {Game} game
 * @param {GameView} v */
const canPremove = (game, v) => Boolean(game.board.otherSide) && v === game.view && v.started
  && v.status.state === "to_move" && !game.seats.mine(v.status.seat) && v.seats.some((s) => game.seats.mine(s.seat));

/** The moves this screen could make in `v` were it its turn (asked of the server once per
 * position), or [] when the server reads no such position.
 * @param {Game} game
 * @param {GameView} v
 * @returns {Promise<string[]>} */
function premoves(game, v) {
  if (game.premoves?.code !== v.code) {
    const code = /** @type {(code: string) => string} */ (game.board.otherSide)(v.code);
    const legal = api("/api/positions", { method: "POST", body: JSON.stringify({ game: v.game, settings: game.settings, code }) })
      .then((p) => /** @type {string[]} */ (p.legal), () => []);
    game.premoves = { code: v.code, legal };
  }
  return game.premoves.legal;
}

/** Sets the premove (null: none) and draws the page again.
 * @param {Game} game
 * @param {string | null} move */
function setPremove(game, move) {
  game.premove = move;
  game.render({ animate: false });
}

/** On the board just drawn for another's turn (`drawn`, of the live position `v`): the
 * premove if one is chosen (its cells marked `premove`, its path drawn), and the cells to
 * choose a premove by, once the server has said which.
 * @param {Game} game
 * @param {GameView} v
 * @param {Drawn} drawn */
export function premoveBoard(game, v, drawn) {
  if (!canPremove(game, v)) return;
  const root = drawn.svg;
  const marked = game.premove ? drawn.pathOf(game.premove) ?? [] : [];
  for (const name of marked) root.querySelector(`[data-cell="${CSS.escape(name)}"]`)?.classList.add("premove");
  root.classList.toggle("premoved", marked.length > 0);
  // The path of the premove being chosen, else of the one chosen.
  const draw = drawn.preview ?? ((/** @type {string[]} */ cells) => previewPath(root, drawn.centreOf, cells));
  const preview = (/** @type {string[]} */ cells) => draw(cells.length ? cells : marked);
  preview([]);
  premoves(game, v).then((legal) => {
    if (root.isConnected && legal.length) clickToMove(root, legal, drawn.pathOf, (move) => setPremove(game, move), preview, PREMOVE_CLASSES);
  });
}

/** When this screen's turn has come in `v`: plays the premove if it is legal now, else drops
 * it with a word for the player.
 * @param {Game} game
 * @param {GameView} v */
export function playPremove(game, v) {
  const move = game.premove;
  if (!move) return;
  game.premove = null;
  if (v.legal.includes(move)) playMove(game, move);
  else game.premoveNote = { ply: v.moves.length, text: t("Your premove {move} is not legal now: it was dropped.", { move: describe(game, move, v) }) };
}

/** The line beside the board about the premove: the one chosen and how to cancel it, or the
 * one just dropped; null when there is nothing to say.
 * @param {Game} game
 * @param {GameView} v */
export function premoveLine(game, v) {
  let text = "";
  if (game.premove && canPremove(game, v)) text = t("Premove: {move}. Escape or a click elsewhere cancels it.", { move: describe(game, game.premove, v) });
  else if (game.premoveNote?.ply === v.moves.length) text = game.premoveNote.text;
  return text ? el("p", { class: "premove-line help", id: "premove-line", role: "status" }, text) : null;
}

/** Escape, or a click anywhere but on a cell a premove is chosen by, cancels the premove.
 * (The click is seen before the board's own handler, while its cells are still marked.)
 * @param {Game} game */
export function listenForPremoveCancel(game) {
  const onBoardCell = (/** @type {EventTarget | null} */ target) => /** @type {Element} */ (target).closest?.(
    Object.values(PREMOVE_CLASSES).map((cls) => `#board [data-cell].${cls}`).join(", "));
  document.addEventListener("click", (event) => {
    if (game.premove && !onBoardCell(event.target)) setPremove(game, null);
  }, { capture: true });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && game.premove) setPremove(game, null);
  });
}

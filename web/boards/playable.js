// A position of no game on a game's real board (web/boards/<game>.js), as the tutorials
// (web/learn/course.js) and the puzzles (web/puzzles/page.js) show it: read by the server
// (POST /api/positions: its code, status and legal moves after the moves played from a code),
// drawn, marked with the move that reached it, and playable by clicks on exactly the legal
// moves the server gives (web/boards/click-to-move.js), moves without a cell as buttons.

import { api, el, fill } from "../ui.js";
import { clickToMove, previewPath } from "./click-to-move.js";
import { centreIn, zoomForTouch } from "./common.js";

/** @typedef {import("../analysis/engine.js").Position} Position */

/** Reads the position of `code` of `game` under `settings` after `moves`, as the server reads it;
 * rejects when a move is not legal.
 * @param {string} game
 * @param {Record<string, string>} settings
 * @param {string} code
 * @param {string[]} moves
 * @returns {Promise<Position>} */
export const readPosition = (game, settings, code, moves) => api("/api/positions", { method: "POST",
  body: JSON.stringify({ game, settings, code, moves }) });

/** Where a board is drawn: its area, the board's extra parts (a die, the stores), and the
 * buttons of moves that have no cell.
 * @typedef {{ area: HTMLElement, extra: HTMLElement, boardless: HTMLElement }} BoardParts */

/** The move that reached a position: its text, the seat that played it, the code before it.
 * @typedef {{ text: string, seat: number, before: string }} Reached */

/** Draws `position` of `game` with its board module `board` into `parts`: the move that
 * reached it (`last`) marked, and playable (each legal move chosen calls `onMove`) when
 * `onMove` is given.
 * @param {BoardParts} parts
 * @param {{ game: string, board: import("./common.js").BoardModule, position: Position,
 *   last: Reached | null, onMove: ((move: string) => unknown) | null }} shown */
export function drawPlayable(parts, { game, board, position, last, onMove }) {
  const seats = position.seats.map((name, seat) => ({ seat, name }));
  const lastMove = last ? { index: 0, text: last.text, seat: last.seat, before: last.before } : null;
  const view = { code: position.code, status: position.status, seats, last_move: lastMove, moves: last ? [last.text] : [], plies: [] };
  const settings = Object.fromEntries(position.settings);
  const drawn = board.draw(view, settings);
  drawn.svg.id = "board";
  drawn.svg.dataset.game = game;
  drawn.svg.dataset.code = position.code;
  const scroll = el("div", { class: "board-scroll" }, drawn.svg);
  parts.area.replaceChildren(scroll);
  fill(parts.extra, drawn.extra);
  zoomForTouch(scroll, drawn);
  fill(parts.boardless);
  if (onMove) {
    clickToMove(drawn.svg, position.legal, drawn.pathOf, onMove,
      drawn.preview ?? ((cells) => previewPath(drawn.svg, drawn.centreOf, cells)));
  }
  // A board shown zoomed (Quarx's on a phone) shows the pieces to move, or the move made.
  const focus = ["movable", "lm-to", "last-move"].map((c) => drawn.svg.querySelector(`.${c}`)).find(Boolean);
  if (scroll.classList.contains("zoomed") && focus) centreIn(scroll, focus);
  if (!onMove) return;
  // Moves that have no cell on the board (a pass) are buttons beside it.
  const boardless = position.legal.filter((move) => !drawn.pathOf(move)?.length);
  fill(parts.boardless, boardless.map((move) => el("button", { type: "button", class: "secondary", "data-move": move,
    onclick: () => onMove(move) }, board.describeMove?.(move, view, settings) ?? move)));
}

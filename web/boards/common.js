// Shared helpers for the per-game board drawings (web/boards/<game>.js): SVG construction, the
// coordinates of a board of squares, the last-move marks, arrows, and the last move animated.
// The interface every board module follows is described here; position codes are read with
// web/boards/position.js, moves chosen by clicks with web/boards/click-to-move.js.
//
// A board module exports `draw(view, settings)` and returns
//   { svg, pathOf, centreOf, minCell, extra?, motion? }
// where `svg` is the drawing, `pathOf(move)` turns a legal move (in the game's notation) into the
// list of cells a player clicks to make it (or null when the move has no cell, e.g. `pass`),
// `centreOf(cell)` gives a cell's centre in SVG units (for drawn paths), `extra` is an optional
// element shown beside the board (Karl's Race's die and legend), `motion` lists the cells the
// last move's piece travelled through (the page animates the piece now on the last one), and
// `minCell` is the smallest click area in SVG units (on a phone the page shows the board zoomed
// when that would come out under 32 pixels).
// A module also exports `howTo` (one line on how to move), and may export `describeMove(move)`
// (a move's words on a button), `lobbyNote(settings)` (a note for the lobby: { text, href,
// linkText, offer: { label, settings } }), `shortMoves(view, settings)` (the moves as the move
// list shows them, where the record's notation is hard to read; buttons keep the record's in
// data-record), `scores(view)` (the scores at the end, { label, values } by seat),
// `bottomSeat` (the seat drawn at the bottom, for the board's flip) and `otherSide(code)` (the
// position with the other side to move, whose moves are the page's premoves: only a game where
// one's next move can be chosen before the opponent's has it: no die in between, and the
// opponent's move does not decide where one's own goes, as Black Path's next square and
// Carreaux's bubble do; so Quarx and Kauri).
//
// Stable attributes for tests and styling (every board):
//   data-cell="<id>"   every element a move can name: a Karl's Race square letter ("U"), a
//                      Carreaux cell ("b6"), a Kauri hole ("a".."f", "A".."F"), a Quarx cell
//                      ("2233"), a Black Path exit of the square the next tile goes into
//                      ("ROW,COL:SIDE", e.g. "0,0:E");
//   class movable      a cell that starts some legal move (click it first);
//   class target       after a click, the cells that continue a chosen move;
//   class selected     the cells clicked so far;
//   class last-move    every element marking what the last move changed (its squares or holes,
//                      the path it took, the pieces it captured), also lm-from / lm-to /
//                      lm-capture / lm-path for the part it marks.
// The page gives the board's <svg> id="board", data-game, data-code (the position code) and
// data-ply, so that a test can wait for the position it expects. Per game: Karl's Race squares
// carry data-size and data-stone (the home corner NW/NE/SW/SE), its die data-die (empty before
// the roll); Kauri holes data-seeds and data-cowries, its stores data-store (the seat) and
// data-seeds; Quarx cells data-piece (o, O, x, X); Carreaux cells data-tile (R, B, G, ".").
// Every cell has an accessible name saying what is on it; on the game page the cells are one
// Tab stop, the arrow keys moving a cursor over them (web/boards/keyboard.js); clickable cells
// have role button and react to Enter and Space.

/** A point in SVG units.
 * @typedef {[number, number]} Point */

/** What a board module's `draw` returns (described above).
 * @typedef {object} Drawn
 * @property {SVGSVGElement} svg
 * @property {(move: string) => string[] | null} pathOf
 * @property {(cell: string) => Point | undefined} centreOf
 * @property {number} [minCell]
 * @property {Element | null} [extra]
 * @property {string[] | null} [motion]
 * @property {((cells: string[]) => void) | null} [preview] */

/** What a board module draws: a game's view (`GameView` of web/ui.js), or as much of one as
 * the position editor and the rules pages make.
 * @typedef {Pick<import("../ui.js").GameView, "code" | "status" | "last_move" | "moves" | "plies">
 *   & { seats: { seat: number, name: string }[] }} BoardView */

/** A board module (web/boards/<game>.js), as described above.
 * @typedef {object} BoardModule
 * @property {(view: BoardView, settings: Record<string, string>) => Drawn} draw
 * @property {string} howTo
 * @property {(move: string, view: BoardView, settings: Record<string, string>) => string} [describeMove]
 * @property {(settings: Record<string, string>) => { text: string, badge?: string, href: string, linkText: string, offer?: { label: string, settings: Record<string, string> } } | null} [lobbyNote]
 * @property {Record<string, string>} [lobbyDefaults]
 * @property {{ key: string, draw: (settings: Record<string, string>, choose: (value: string) => void) => HTMLElement | null }} [settingPicker]
 * @property {(view: BoardView, settings: Record<string, string>) => (string | null)[]} [shortMoves]
 * @property {(view: BoardView) => { label: string, values: number[] } | null} [scores]
 * @property {number} [bottomSeat]
 * @property {(code: string) => string} [otherSide] */

import { reducedMotion } from "../ui.js";
import { fileLetter } from "./position.js";

export const SVG_NS = "http://www.w3.org/2000/svg";

/** The smallest click area on a phone, in CSS pixels; a board whose cells would come out
 * smaller is shown larger, to scroll. */
export const MIN_TAP = 32;

/** The width in CSS pixels at which the smallest click area of a drawn board (`{ svg, minCell }`)
 * is MIN_TAP, or null when the board says none.
 * @param {{ svg: SVGSVGElement, minCell?: number }} drawn */
export function tapWidth(drawn) {
  const units = drawn.svg.viewBox.baseVal.width;
  return drawn.minCell && units ? (MIN_TAP / drawn.minCell) * units : null;
}

/** On a phone, shows a board whose click areas would be under MIN_TAP pixels larger, to
 * scroll in its frame `scroll` (the position editor, the tutorials; the game page adds a
 * button to see it whole, web/game/board-view.js).
 * @param {HTMLElement} scroll
 * @param {{ svg: SVGSVGElement, minCell?: number }} drawn */
export function zoomForTouch(scroll, drawn) {
  const narrow = window.matchMedia("(max-width: 50rem)").matches;
  const needed = tapWidth(drawn);
  if (!narrow || !needed || needed <= scroll.clientWidth) return;
  scroll.classList.add("zoomed");
  drawn.svg.style.width = `${Math.ceil(needed)}px`;
}

/** Scrolls `scroll`, the frame of a board shown zoomed, so that `node` (a cell) is in its middle.
 * @param {HTMLElement} scroll
 * @param {Element} node */
export function centreIn(scroll, node) {
  const box = node.getBoundingClientRect();
  const frame = scroll.getBoundingClientRect();
  scroll.scrollLeft += box.left - frame.left - frame.width / 2 + box.width / 2;
  scroll.scrollTop += box.top - frame.top - frame.height / 2 + box.height / 2;
}

/** Creates an SVG element with attributes and children (strings become text nodes).
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...import("../ui.js").Child} children
 * @returns {SVGElement} */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, String(value));
  }
  for (const child of /** @type {unknown[]} */ (children).flat(Infinity)) {
    if (child === null || child === undefined || child === "" || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The root <svg> of a board: scalable, with an accessible name, focusable by script (so that
 * focus can stay on the board after a move).
 * @param {number} width
 * @param {number} height
 * @param {string} label */
export function boardSvg(width, height, label) {
  const root = /** @type {SVGSVGElement} */ (svg("svg", {
    class: "board-svg",
    viewBox: `0 0 ${width} ${height}`,
    role: "group",
    "aria-label": label,
    tabindex: "-1",
    preserveAspectRatio: "xMidYMid meet",
  }));
  root.style.setProperty("--aspect", String(width / height));
  return root;
}

/** A board cell: a group with its id and an accessible name that says what is on it.
 * @param {string} name
 * @param {string} label
 * @param {Record<string, any>} [attrs]
 * @param {...import("../ui.js").Child} children */
export function cell(name, label, attrs = {}, ...children) {
  return svg("g", { "data-cell": name, role: "img", "aria-label": label, ...attrs }, ...children);
}

/** A text label centred on (x, y), hidden from screen readers (cells carry the names).
 * @param {number} x
 * @param {number} y
 * @param {string | number} text
 * @param {Record<string, any>} [attrs] */
export function label(x, y, text, attrs = {}) {
  return svg("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", "aria-hidden": "true", ...attrs }, text);
}

/** The coordinates around a board of `n` x `n` squares of side `unit` drawn `margin` from the
 * edge: the ranks (n at the top) on the left, the files (a..) below.
 * @param {number} n
 * @param {number} unit
 * @param {number} margin */
export function squareCoordinates(n, unit, margin) {
  const size = n * unit + 2 * margin;
  const ranks = Array.from({ length: n }, (_, r) => label(margin / 2, margin + (r + 0.5) * unit, n - r, { class: "coord" }));
  const files = Array.from({ length: n }, (_, c) => label(margin + (c + 0.5) * unit, size - margin / 2, fileLetter(c), { class: "coord" }));
  return [...ranks, ...files];
}

/** The settings of a game: the catalog's defaults overridden by the game's own.
 * @param {import("../ui.js").CatalogGame | undefined} catalogEntry
 * @param {{ settings: [string, string][] }} view
 * @returns {Record<string, string>} */
export function settingsOf(catalogEntry, view) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const s of catalogEntry?.settings || []) out[s.key] = s.default;
  for (const [key, value] of view.settings) out[key] = value;
  return out;
}

/** Adds the last-move classes to the cells `names` (those that exist in `root`).
 * @param {Element} root
 * @param {Iterable<string>} names
 * @param {string} kind */
export function markCells(root, names, kind) {
  for (const name of names) {
    const node = root.querySelector(`[data-cell="${CSS.escape(name)}"]`);
    if (node) node.classList.add("last-move", `lm-${kind}`);
  }
}

/** Marks a last move that took a piece from cell `from` to cell `to` (a capture when
 * `captured`) with an arrow of `width` between their centres; returns the cells the piece
 * travelled through, for `animateLastMove`.
 * @param {Element} root
 * @param {Map<string, Point>} centres
 * @param {string} from
 * @param {string} to
 * @param {boolean} captured */
export function markStep(root, centres, from, to, captured, width = 1) {
  markCells(root, [from], "from");
  markCells(root, [to], captured ? "capture" : "to");
  root.append(arrow([/** @type {Point} */ (centres.get(from)), /** @type {Point} */ (centres.get(to))], "last-move lm-path", width));
  return [from, to];
}

/** A line through `points` with an arrow head at the end, as one group of class `cls`.
 * @param {Point[]} points
 * @param {string} cls */
export function arrow(points, cls, width = 1) {
  const [x1, y1] = points[points.length - 2];
  const [x2, y2] = points[points.length - 1];
  const length = Math.hypot(x2 - x1, y2 - y1) || 1;
  const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
  const head = 2.6 * width;
  const base = [x2 - ux * head, y2 - uy * head];
  const wing = (/** @type {number} */ side) => [base[0] - uy * head * 0.6 * side, base[1] + ux * head * 0.6 * side];
  const line = points.slice(0, -1).map((p) => p.join(" ")).concat([base.join(" ")]);
  return svg("g", { class: cls, "aria-hidden": "true" },
    svg("path", { class: "arrow-line", d: `M ${line.join(" L ")}`, "stroke-width": width }),
    svg("path", { class: "arrow-head", d: `M ${x2} ${y2} L ${wing(1).join(" ")} L ${wing(-1).join(" ")} Z` }));
}

/**
 * Animates the last move of a freshly drawn board: the piece now on the last cell of `motion`
 * glides there from the first through every cell between; without motion, the marks flash
 * once. Nothing moves when the user asked for reduced motion.
 * @param {Drawn} drawn
 */
export function animateLastMove(drawn) {
  if (reducedMotion()) return;
  const { svg: root, motion, centreOf } = drawn;
  const piece = motion && root.querySelector(`[data-cell="${CSS.escape(motion[motion.length - 1])}"] .piece`);
  if (piece && centreOf) {
    // The cells of the motion are the board's: each has a centre.
    const centre = (/** @type {string} */ c) => /** @type {Point} */ (centreOf(c));
    const end = centre(motion[motion.length - 1]);
    const frames = motion.map((c) => {
      const [x, y] = centre(c);
      return { transform: `translate(${x - end[0]}px, ${y - end[1]}px)` };
    });
    piece.animate(frames, { duration: 220 * (motion.length - 1) + 180, easing: "ease-in-out" });
  }
  for (const node of root.querySelectorAll(".last-move")) {
    node.animate([{ opacity: 0.25 }, { opacity: 1 }], { duration: 500, easing: "ease-out" });
  }
}

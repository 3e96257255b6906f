// Black Path Game board: the rectangle of squares, each placed tile with its two pairings drawn
// thin, and the path from the start edge drawn as one thick line. The square the next tile goes
// into is marked; its three exits (data-cell "ROW,COL:SIDE") are the click targets: choosing
// where the path leaves is choosing the tile (docs/rules/black-path.md), so a move is one click.
// Each exit's click area is the quarter of the square towards its side, so it stays large on a
// phone. Position code: rows from the top separated by "/", "." empty, "1" "2" "3" a tile.

import { startEdgePicker } from "./black-path-start.js";
import { boardSvg, cell, label, svg } from "./common.js";
import { t } from "../i18n.js";

/** @typedef {import("./common.js").BoardView} BoardView */
/** @typedef {import("./common.js").Point} Point */
/** Where a path ends: the empty square it enters and the side it enters by.
 * @typedef {{ row: number, col: number, entry: number }} End */

const SIDES = ["N", "E", "S", "W"];
const SIDE_NAMES = () => [t("north"), t("east"), t("south"), t("west")];
// EXIT[tile][entry]: the side the path leaves a square holding `tile` by, entering by `entry`
// (sides as indexes into SIDES); the same table as crates/tafel-games/src/black_path/tile.rs.
/** @type {(number[] | null)[]} */
const EXIT = [null, [3, 2, 1, 0], [1, 0, 3, 2], [2, 3, 0, 1]];
/** @type {([number, number][] | null)[]} */
const PAIRS = [null, [[0, 3], [1, 2]], [[0, 1], [2, 3]], [[0, 2], [1, 3]]];
const TILE_WORDS = () => [null, t("tile 1 (north–west and east–south bends)"), t("tile 2 (north–east and south–west bends)"), t("tile 3 (cross)")];
const STEP = [[-1, 0], [0, 1], [1, 0], [0, -1]];
const UNIT = 10;
const MARGIN = 5;

/** The lobby draws the start edge on the board instead of asking for "ROW,COLUMN,SIDE". */
export const settingPicker = { key: "start", draw: startEdgePicker };

export const howTo = t("Click where the path should leave the marked square (one of the three green dots): the tile that leads it there is laid for you. Whoever runs the path into the edge loses.");

/** The midpoint of side `side` of square (row, col), in drawing units.
 * @param {number} row
 * @param {number} col
 * @param {number} side
 * @returns {Point} */
function mid(row, col, side) {
  const [dx, dy] = [[0.5, 0], [1, 0.5], [0.5, 1], [0, 0.5]][side];
  return [MARGIN + (col + dx) * UNIT, MARGIN + (row + dy) * UNIT];
}

/** @type {(row: number, col: number) => Point} */
const centre = (row, col) => [MARGIN + (col + 0.5) * UNIT, MARGIN + (row + 0.5) * UNIT];
/** @type {(row: number, col: number, dx: number, dy: number) => Point} */
const corner = (row, col, dx, dy) => [MARGIN + (col + dx) * UNIT, MARGIN + (row + dy) * UNIT];

// The rest of a segment that starts at a side midpoint of (row, col) and ends at side `to`: a
// quadratic curve through the centre is a quarter bend for adjacent sides, a line for opposite.
/** @type {(row: number, col: number, to: number) => string} */
const segment = (row, col, to) => `Q ${centre(row, col).join(" ")} ${mid(row, col, to).join(" ")}`;

/** Follows the path over the placed tiles from square (row, col), entered by side `entry`:
 * its drawing and where it ends (the empty square and its entry side, or null at the edge).
 * @param {string[][]} grid
 * @param {number} row
 * @param {number} col
 * @param {number} entry
 * @returns {{ d: string, end: End | null }} */
function trace(grid, row, col, entry) {
  let d = `M ${mid(row, col, entry).join(" ")}`;
  for (let guard = 0; guard <= 2 * grid.length * grid[0].length; guard++) {
    const exits = EXIT[Number(grid[row][col])]; // none for an empty square
    if (!exits) return { d, end: { row, col, entry } };
    const exit = exits[entry];
    d += ` ${segment(row, col, exit)}`;
    row += STEP[exit][0];
    col += STEP[exit][1];
    if (row < 0 || col < 0 || row >= grid.length || col >= grid[0].length) return { d, end: null };
    entry = (exit + 2) % 4;
  }
  return { d, end: null };
}

/** The start edge of the settings as (row, col, entry side).
 * @param {Record<string, string>} settings
 * @returns {[number, number, number]} */
function startOf(settings) {
  const [r, c, s] = (settings.start || "0,0,W").split(",");
  return [Number(r), Number(c), SIDES.indexOf(s.trim().toUpperCase())];
}

/** @type {(code: string) => string[][]} */
const gridOf = (code) => code.split("/").map((row) => [...row]);

/** Draws a Black Path position.
 * @param {BoardView} view
 * @param {Record<string, string>} settings
 * @returns {import("./common.js").Drawn} */
export function draw(view, settings) {
  const grid = gridOf(view.code);
  const rows = grid.length;
  const cols = grid[0].length;
  const width = cols * UNIT + 2 * MARGIN;
  const height = rows * UNIT + 2 * MARGIN;
  const root = boardSvg(width, height, t("Black Path board, {rows} by {cols}", { rows, cols }));
  const start = startOf(settings);
  const { d, end } = trace(grid, ...start);

  for (let c = 0; c < cols; c++) root.append(label(MARGIN + (c + 0.5) * UNIT, MARGIN / 2, c, { class: "coord bp-coord" }));
  for (let r = 0; r < rows; r++) root.append(label(MARGIN / 2, MARGIN + (r + 0.5) * UNIT, r, { class: "coord bp-coord" }));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const tile = Number(grid[r][c]);
      const current = end && end.row === r && end.col === c;
      const words = tile ? TILE_WORDS()[tile] : current ? t("empty, the next tile goes here") : t("empty");
      root.append(svg("g", { "data-square": `${r},${c}`, "data-tile": tile || null, role: "img", "aria-label": t("square row {row}, column {col}: {what}", { row: r, col: c, what: words }) },
        svg("rect", { class: `bp-square${tile ? " bp-filled" : ""}${current ? " bp-current" : ""}`,
          x: MARGIN + c * UNIT, y: MARGIN + r * UNIT, width: UNIT, height: UNIT }),
        (PAIRS[tile] ?? []).map(([a, b]) => svg("path", { class: "bp-tile", d: `M ${mid(r, c, a).join(" ")} ${segment(r, c, b)}` }))));
    }
  }
  const [sx, sy] = mid(...start);
  root.append(svg("circle", { class: "bp-start", cx: sx, cy: sy, r: 1.2, "aria-hidden": "true" }));
  root.append(svg("path", { class: "bp-path", d, "aria-hidden": "true" }));

  markLastMove(root, view.last_move, grid, start);

  // The exits of the square the next tile goes into, by the tile that leads there.
  /** @type {Map<string, string>} */
  const exits = new Map();
  /** @type {Map<string, Point>} */
  const centres = new Map();
  if (end) root.append(...exitCells(end, exits, centres));
  return {
    svg: root,
    minCell: 9,
    centreOf: (name) => centres.get(name),
    pathOf: (move) => {
      const exit = exits.get(move);
      return exit ? [exit] : null;
    },
  };
}

/** Marks the last move (`last`, from the view): the square its tile went into and the stretch
 * of path it added, ending in a mark where it ran out.
 * @param {Element} root
 * @param {BoardView["last_move"]} last
 * @param {string[][]} grid
 * @param {[number, number, number]} start */
function markLastMove(root, last, grid, start) {
  if (!last) return;
  const was = trace(gridOf(last.before), ...start).end;
  if (!was) return;
  const { d: added, end: now } = trace(grid, was.row, was.col, was.entry);
  root.querySelector(`[data-square="${was.row},${was.col}"]`)?.classList.add("last-move", "lm-to");
  root.append(svg("path", { class: "last-move lm-path bp-added", d: added, "aria-hidden": "true" }));
  if (!now) root.append(svg("circle", { class: "last-move lm-capture bp-out", cx: lastPoint(added)[0], cy: lastPoint(added)[1], r: 1.8, "aria-hidden": "true" }));
}

/** The dot in the middle of square `end` (where the path enters by `end.entry`) and the click
 * areas of its three exits, each the quarter of the square towards its side, reaching a little
 * beyond it; `exits` is filled with each exit's cell by tile, `centres` with their centres.
 * @param {End} end
 * @param {Map<string, string>} exits
 * @param {Map<string, Point>} centres */
function exitCells(end, exits, centres) {
  const [cx, cy] = centre(end.row, end.col);
  const quarter = [
    [[0, 0], [1, 0]], [[1, 0], [1, 1]], [[1, 1], [0, 1]], [[0, 1], [0, 0]],
  ];
  const cells = [svg("circle", { class: "bp-dot", cx, cy, r: 0.9, "aria-hidden": "true" })];
  for (let side = 0; side < 4; side++) {
    if (side === end.entry) continue;
    const tile = EXIT.findIndex((row) => row && row[end.entry] === side);
    const name = `${end.row},${end.col}:${SIDES[side]}`;
    exits.set(String(tile), name);
    const [x, y] = mid(end.row, end.col, side);
    centres.set(name, [x, y]);
    const [a, b] = quarter[side].map(([dx, dy]) => corner(end.row, end.col, dx, dy));
    const out = [(x - cx) * 0.8, (y - cy) * 0.8];
    const area = `M ${cx} ${cy} L ${a.join(" ")} L ${a[0] + out[0]} ${a[1] + out[1]} L ${b[0] + out[0]} ${b[1] + out[1]} L ${b.join(" ")} Z`;
    // The click area, then the exit marker and (for the style sheet) the bend it would make.
    cells.push(cell(name, t("tile {tile}: the path leaves by the {side} side", { tile, side: SIDE_NAMES()[side] }), { class: "bp-exit" },
      svg("path", { class: "bp-exit-area", d: area }),
      svg("circle", { class: "bp-exit-dot", cx: x, cy: y, r: 1.6 }),
      svg("path", { class: "bp-preview", d: `M ${mid(end.row, end.col, end.entry).join(" ")} ${segment(end.row, end.col, side)}` })));
  }
  return cells;
}

/** The end point of a path drawn by `trace`.
 * @param {string} d */
function lastPoint(d) {
  const numbers = d.trim().split(/\s+/).map(Number).filter((n) => !Number.isNaN(n));
  return numbers.slice(-2);
}

/** The moves of `view` as the move list shows them: the tile laid and the side it sends the
 * path out by ("3 → E"), replayed from the empty board; the bare tile number when the game
 * started from another position.
 * @param {BoardView} view
 * @param {Record<string, string>} settings */
export function shortMoves(view, settings) {
  const final = gridOf(view.code);
  const grid = final.map((row) => row.map(() => "."));
  const start = startOf(settings);
  const words = view.moves.map((move) => {
    const end = trace(grid, ...start).end;
    const exits = EXIT[Number(move)];
    if (!end || !exits) return null;
    grid[end.row][end.col] = move;
    return `${move} → ${SIDES[exits[end.entry]]}`;
  });
  const replayed = grid.map((row) => row.join("")).join("/") === view.code;
  return replayed ? words : view.moves;
}

/** A move's words on a button: the tile and the side it sends the path out by.
 * @param {string} move
 * @param {BoardView} view
 * @param {Record<string, string>} settings */
export function describeMove(move, view, settings) {
  const tile = Number(move);
  const exits = EXIT[tile];
  const end = trace(gridOf(view.code), ...startOf(settings)).end;
  if (!end || !exits) return move;
  return t("Tile {tile}: out {side}", { tile, side: SIDE_NAMES()[exits[end.entry]] });
}

// Black Path Game board: the rectangle of squares, each placed tile with its two pairings drawn
// thin, and the path from the start edge drawn as one thick line. The square the next tile goes
// into is marked; its three exits (data-cell "ROW,COL:SIDE") are the click targets: choosing
// where the path leaves is choosing the tile (docs/rules/black-path.md), so a move is one click.
// Position code: rows from the top separated by "/", "." empty, "1" "2" "3" a tile.

import { boardSvg, svg } from "./common.js";

const SIDES = ["N", "E", "S", "W"];
// EXIT[tile][entry]: the side the path leaves a square holding `tile` by, entering by `entry`
// (sides as indexes into SIDES); the same table as crates/tafel-games/src/black_path/tile.rs.
const EXIT = [null, [3, 2, 1, 0], [1, 0, 3, 2], [2, 3, 0, 1]];
const PAIRS = [null, [[0, 3], [1, 2]], [[0, 1], [2, 3]], [[0, 2], [1, 3]]];
const STEP = [[-1, 0], [0, 1], [1, 0], [0, -1]];
const UNIT = 10;
const MARGIN = 3;

// The midpoint of side `side` of square (row, col), in drawing units.
function mid(row, col, side) {
  const [dx, dy] = [[0.5, 0], [1, 0.5], [0.5, 1], [0, 0.5]][side];
  return [MARGIN + (col + dx) * UNIT, MARGIN + (row + dy) * UNIT];
}

const centre = (row, col) => [MARGIN + (col + 0.5) * UNIT, MARGIN + (row + 0.5) * UNIT];

// The rest of a segment that starts at a side midpoint of (row, col) and ends at side `to`: a
// quadratic curve through the centre is a quarter bend for adjacent sides, a line for opposite.
const segment = (row, col, to) => `Q ${centre(row, col).join(" ")} ${mid(row, col, to).join(" ")}`;

/** Follows the path from the start edge over the placed tiles. */
function trace(grid, start) {
  const [r0, c0, s0] = start.split(",");
  let row = Number(r0);
  let col = Number(c0);
  let entry = SIDES.indexOf(s0.trim().toUpperCase());
  let d = `M ${mid(row, col, entry).join(" ")}`;
  for (let guard = 0; guard <= 2 * grid.length * grid[0].length; guard++) {
    const tile = Number(grid[row][col]);
    if (!tile) return { d, end: { row, col, entry } };
    const exit = EXIT[tile][entry];
    d += ` ${segment(row, col, exit)}`;
    row += STEP[exit][0];
    col += STEP[exit][1];
    if (row < 0 || col < 0 || row >= grid.length || col >= grid[0].length) return { d, end: null };
    entry = (exit + 2) % 4;
  }
  return { d, end: null };
}

/** Draws a Black Path position. */
export function draw(view, settings) {
  const grid = view.code.split("/").map((row) => [...row]);
  const rows = grid.length;
  const cols = grid[0].length;
  const width = cols * UNIT + 2 * MARGIN;
  const height = rows * UNIT + 2 * MARGIN;
  const root = boardSvg(width, height, `Black Path board, ${rows} by ${cols}`);
  const { d, end } = trace(grid, settings.start || "0,0,W");

  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const tile = Number(grid[r][c]);
      const current = end && end.row === r && end.col === c;
      root.append(svg("rect", {
        class: `bp-square${tile ? " bp-filled" : ""}${current ? " bp-current" : ""}`,
        x: MARGIN + c * UNIT, y: MARGIN + r * UNIT, width: UNIT, height: UNIT,
        "data-square": `${r},${c}`, "data-tile": tile || null,
      }));
      if (tile) {
        for (const [a, b] of PAIRS[tile]) {
          root.append(svg("path", { class: "bp-tile", d: `M ${mid(r, c, a).join(" ")} ${segment(r, c, b)}` }));
        }
      }
    }
  }
  const [sr, sc, ss] = (settings.start || "0,0,W").split(",");
  const [sx, sy] = mid(Number(sr), Number(sc), SIDES.indexOf(ss.trim().toUpperCase()));
  root.append(svg("circle", { class: "bp-start", cx: sx, cy: sy, r: 1.2 }, svg("title", {}, "start edge")));
  root.append(svg("path", { class: "bp-path", d }));

  const exits = new Map();
  if (end) {
    const [cx, cy] = centre(end.row, end.col);
    root.append(svg("circle", { class: "bp-dot", cx, cy, r: 0.9 }));
    for (let side = 0; side < 4; side++) {
      if (side === end.entry) continue;
      const tile = EXIT.findIndex((row) => row && row[end.entry] === side);
      const cell = `${end.row},${end.col}:${SIDES[side]}`;
      exits.set(String(tile), cell);
      const [x, y] = mid(end.row, end.col, side);
      // The exit marker, then (its next sibling, for the style sheet) the bend or line it would make.
      root.append(svg("circle", { class: "bp-exit", "data-cell": cell, cx: x, cy: y, r: 1.6, "aria-label": `tile ${tile}: leave by ${SIDES[side]}` }),
        svg("path", { class: "bp-preview", d: `M ${mid(end.row, end.col, end.entry).join(" ")} ${segment(end.row, end.col, side)}` }));
    }
  }
  return { svg: root, pathOf: (move) => (exits.has(move) ? [exits.get(move)] : null) };
}

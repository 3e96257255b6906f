// Quarx board: the 4 x 4 x 4 x 4 hypercube as a 4 x 4 grid of 4 x 4 boards, laid out like the
// text picture: board (a, b) with a growing to the right and b upwards; inside a board x grows
// to the right and y upwards (White at the bottom of every board), with x and y written beside
// every board. Only cells with an even digit sum are played on (the dark ones). White men are
// circles, Black men triangles (the original's pieces); a king wears a crown. A move is the
// piece's cell, then each landing cell in order ("2233-2323", "3333x1111x3311"), so a multiple
// capture is chosen cell by cell; the move being chosen and the last move are drawn across the
// boards.
// Position code: "w:" or "b:", then the 16 boards (a, b) = 11, 21, 31, 41, 12, ..., 44 separated
// by "/", each listing its eight dark cells row by row from y = 1, x growing: o/O White man/king,
// x/X Black man/king, "." or a digit 1..8 for empty cells.

import { arrow, boardSvg, cell, label, markCells, svg } from "./common.js";
import { readCode } from "./position.js";
import { t } from "../i18n.js";

/** @typedef {import("./common.js").BoardView} BoardView */
/** @typedef {import("./common.js").Point} Point */

const UNIT = 10;
const BOARD = 4 * UNIT;
const GAP = 9;
const MARGIN = 10;
/** @type {() => Record<string, string>} */
const NAMES = () => ({ o: t("White man"), O: t("White king"), x: t("Black man"), X: t("Black king") });
// A move: the piece's cell, then each landing cell after "-" (a step) or "x" (a capture).
const MOVE = /^\d{4}([-x]\d{4})+$/;

/** The seat drawn at the bottom (White's side of every board); the page flips the board for the other. */
export const bottomSeat = 0;

/** The position of `code` with the other side to move (the page's premoves are its moves).
 * @param {string} code */
export const otherSide = (code) => (code[0] === "w" ? "b" : "w") + code.slice(1);

export const howTo = t("Click a piece, then each cell it lands on in turn (a capture lists every landing), or type the move in the box: a cell is its digits x y a b, e.g. 2233-2323 or 3333x1111x3311. Capturing is compulsory. The move list writes a cell as x y · a b: its place on its small board, then the board's.");

/** A cell as the move list writes it: its place on its small board, then the board's
 * ("22·33": x 2, y 2 on board a 3, b 3), as a player finds it on the drawing.
 * @param {string} name */
const cellWords = (name) => `${name.slice(0, 2)}·${name.slice(2)}`;

/** A move in words a player reads on the boards: each cell as `cellWords` writes it, a step
 * joined by "→" ("22·33 → 23·23"), a capture's landings by "×", with the pieces taken counted
 * when more than one ("33·33 × 11·11 × 33·11, 2 taken"); anything else as it is.
 * @param {string} move */
export function describeMove(move) {
  if (!MOVE.test(move)) return move;
  if (!move.includes("x")) return move.split("-").map(cellWords).join(" → ");
  const cells = move.split("x").map(cellWords);
  const jumps = cells.join(" × ");
  return cells.length > 2 ? t("{jumps}, {n} taken", { jumps, n: cells.length - 1 }) : jumps;
}

/** The moves of `view` as the move list shows them (`describeMove`); the record's notation
 * stays in the record and the API.
 * @param {BoardView} view */
export function shortMoves(view) {
  return view.moves.map(describeMove);
}

/** Reads a position code into a map from cell name ("xyab") to piece letter.
 * @param {string} code */
function parse(code) {
  const boards = readCode(code).rows;
  /** @type {Map<string, string>} */
  const pieces = new Map();
  boards.forEach((text, i) => {
    const [a, b] = [(i % 4) + 1, Math.floor(i / 4) + 1];
    /** @type {string[]} */
    const dark = [];
    for (let y = 1; y <= 4; y++) for (let x = 1; x <= 4; x++) if ((x + y + a + b) % 2 === 0) dark.push(`${x}${y}${a}${b}`);
    let k = 0;
    for (const ch of text) {
      if (/[1-8]/.test(ch)) k += Number(ch);
      else if (ch === ".") k += 1;
      else pieces.set(dark[k++], ch);
    }
  });
  return pieces;
}

/** A piece: a circle (White) or a triangle (Black), with a crown for a king.
 * @param {string} kind
 * @param {number} cx
 * @param {number} cy */
function piece(kind, cx, cy) {
  const white = kind.toLowerCase() === "o";
  const king = kind === kind.toUpperCase();
  const r = king ? 4.1 : 3.4;
  const body = white
    ? svg("circle", { class: "qx-piece qx-white", cx, cy, r })
    : svg("path", { class: "qx-piece qx-black", d: `M ${cx} ${cy - r * 1.12} L ${cx + r * 1.15} ${cy + r * 0.88} L ${cx - r * 1.15} ${cy + r * 0.88} Z` });
  const top = white ? cy - 1.6 : cy - 0.2;
  const crown = king
    ? svg("path", { class: "qx-crown", d: `M ${cx - 2.4} ${top + 3} L ${cx - 2.4} ${top} L ${cx - 1.2} ${top + 1.3} L ${cx} ${top - 0.6} `
      + `L ${cx + 1.2} ${top + 1.3} L ${cx + 2.4} ${top} L ${cx + 2.4} ${top + 3} Z` })
    : null;
  return svg("g", { class: "piece" }, body, crown);
}

/** Board (a, b) of the hypercube: its frame, its x and y coordinates, and its cells (the dark
 * ones playable, with their pieces); `centres` is filled with the dark cells' centres.
 * @param {number} a
 * @param {number} b
 * @param {Map<string, string>} pieces
 * @param {Map<string, Point>} centres */
function smallBoard(a, b, pieces, centres) {
  const bx = MARGIN + (a - 1) * (BOARD + GAP);
  const by = MARGIN + (4 - b) * (BOARD + GAP);
  const nodes = [svg("rect", { class: "qx-board", x: bx - 0.6, y: by - 0.6, width: BOARD + 1.2, height: BOARD + 1.2 })];
  for (let i = 1; i <= 4; i++) {
    nodes.push(label(bx + (i - 0.5) * UNIT, by + BOARD + 2.2, i, { class: "qx-coord" }),
      label(bx - 2, by + (4 - i + 0.5) * UNIT, i, { class: "qx-coord" }));
  }
  for (let x = 1; x <= 4; x++) {
    for (let y = 1; y <= 4; y++) {
      const cx = bx + (x - 1) * UNIT;
      const cy = by + (4 - y) * UNIT;
      if ((x + y + a + b) % 2) {
        nodes.push(svg("rect", { class: "qx-light", x: cx, y: cy, width: UNIT, height: UNIT }));
        continue;
      }
      const name = `${x}${y}${a}${b}`;
      const kind = pieces.get(name);
      centres.set(name, [cx + UNIT / 2, cy + UNIT / 2]);
      nodes.push(cell(name, t("cell {name}: {what}", { name, what: kind ? NAMES()[kind] : t("empty") }), { "data-piece": kind ?? null, class: "qx-cell" },
        svg("rect", { class: "qx-dark", x: cx, y: cy, width: UNIT, height: UNIT }),
        svg("circle", { class: "qx-target-dot", cx: cx + UNIT / 2, cy: cy + UNIT / 2, r: 1.6 }),
        kind ? piece(kind, cx + UNIT / 2, cy + UNIT / 2) : null));
    }
  }
  return nodes;
}

/** Marks the last move: where the piece started, each landing, the pieces it took, and its
 * path; returns the path, for the animation. Every cell it names has a centre.
 * @param {Element} root
 * @param {NonNullable<BoardView["last_move"]>} last
 * @param {Map<string, string>} pieces
 * @param {Map<string, Point>} centres */
function markLastMove(root, last, pieces, centres) {
  const centre = (/** @type {string} */ c) => /** @type {Point} */ (centres.get(c));
  const path = last.text.split(/[-x]/);
  const before = parse(last.before);
  const taken = [...before.keys()].filter((c) => c !== path[0] && !pieces.has(c));
  markCells(root, [path[0]], "from");
  markCells(root, path.slice(1), "to");
  markCells(root, taken, "capture");
  for (const c of taken) {
    const [x, y] = centre(c);
    root.append(svg("path", { class: "last-move lm-capture qx-taken", d: `M ${x - 2.5} ${y - 2.5} L ${x + 2.5} ${y + 2.5} M ${x + 2.5} ${y - 2.5} L ${x - 2.5} ${y + 2.5}`, "aria-hidden": "true" }));
  }
  root.append(arrow(path.map(centre), "last-move lm-path", 1));
  return path;
}

/** Draws a Quarx position.
 * @param {BoardView} view
 * @returns {import("./common.js").Drawn} */
export function draw(view) {
  const pieces = parse(view.code);
  const size = 4 * BOARD + 3 * GAP + 2 * MARGIN;
  const root = boardSvg(size, size, t("Quarx board: a 4 by 4 grid of 4 by 4 boards; cells named x y a b"));
  root.classList.add("qx");
  /** @type {Map<string, Point>} */
  const centres = new Map();
  for (let a = 1; a <= 4; a++) {
    for (let b = 1; b <= 4; b++) root.append(...smallBoard(a, b, pieces, centres));
    root.append(label(MARGIN + (a - 1) * (BOARD + GAP) + BOARD / 2, size - 2.5, `a = ${a}`, { class: "coord" }));
    const ly = MARGIN + (4 - a) * (BOARD + GAP) + BOARD / 2;
    root.append(label(2.5, ly, `b = ${a}`, { class: "coord", transform: `rotate(-90 2.5 ${ly})` }));
  }

  const last = view.last_move;
  const motion = last && MOVE.test(last.text) ? markLastMove(root, last, pieces, centres) : null;
  return {
    svg: root,
    motion,
    minCell: UNIT,
    centreOf: (name) => centres.get(name),
    pathOf: (move) => (MOVE.test(move) ? move.split(/[-x]/) : null),
  };
}

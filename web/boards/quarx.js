// Quarx board: the 4 x 4 x 4 x 4 hypercube as a 4 x 4 grid of 4 x 4 boards, laid out like the
// text picture: board (a, b) with a growing to the right and b upwards; inside a board x grows
// to the right and y upwards (White at the bottom of every board). Only cells with an even digit
// sum are played on (the dark ones). White men are circles, Black men triangles (the original's
// pieces); a king carries a ring. A move is the piece's cell, then each landing cell in order
// ("2233-2323", "3333x1111x3311"), so a multiple capture is chosen cell by cell.
// Position code: "w:" or "b:", then the 16 boards (a, b) = 11, 21, 31, 41, 12, ..., 44 separated
// by "/", each listing its eight dark cells row by row from y = 1, x growing: o/O White man/king,
// x/X Black man/king, "." or a digit 1..8 for empty cells.

import { boardSvg, label, svg } from "./common.js";

const UNIT = 10;
const BOARD = 4 * UNIT;
const GAP = 7;
const MARGIN = 8;
const NAMES = { o: "White man", O: "White king", x: "Black man", X: "Black king" };

/** Reads a position code into a map from cell name ("xyab") to piece letter. */
function parse(code) {
  const boards = code.split(":")[1].split("/");
  const pieces = new Map();
  boards.forEach((text, i) => {
    const [a, b] = [(i % 4) + 1, Math.floor(i / 4) + 1];
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

function piece(kind, cx, cy) {
  const white = kind.toLowerCase() === "o";
  const body = white
    ? svg("circle", { class: "qx-piece qx-white", cx, cy, r: 3.4 })
    : svg("path", { class: "qx-piece qx-black", d: `M ${cx} ${cy - 3.8} L ${cx + 3.9} ${cy + 3} L ${cx - 3.9} ${cy + 3} Z` });
  const king = kind === kind.toUpperCase() ? svg("circle", { class: "qx-king", cx, cy, r: 1.5 }) : null;
  return [body, king];
}

/** Draws a Quarx position. */
export function draw(view) {
  const pieces = parse(view.code);
  const size = 4 * BOARD + 3 * GAP + 2 * MARGIN;
  const root = boardSvg(size, size, "Quarx board: a 4 by 4 grid of 4 by 4 boards");
  for (let a = 1; a <= 4; a++) {
    for (let b = 1; b <= 4; b++) {
      const bx = MARGIN + (a - 1) * (BOARD + GAP);
      const by = MARGIN + (4 - b) * (BOARD + GAP);
      root.append(svg("rect", { class: "qx-board", x: bx - 0.6, y: by - 0.6, width: BOARD + 1.2, height: BOARD + 1.2 }));
      for (let x = 1; x <= 4; x++) {
        for (let y = 1; y <= 4; y++) {
          const cx = bx + (x - 1) * UNIT;
          const cy = by + (4 - y) * UNIT;
          if ((x + y + a + b) % 2) {
            root.append(svg("rect", { class: "qx-light", x: cx, y: cy, width: UNIT, height: UNIT }));
            continue;
          }
          const name = `${x}${y}${a}${b}`;
          const kind = pieces.get(name);
          root.append(svg("g", { "data-cell": name, "data-piece": kind ?? null, "aria-label": `${name}${kind ? `: ${NAMES[kind]}` : ""}` },
            svg("rect", { class: "qx-dark", x: cx, y: cy, width: UNIT, height: UNIT }),
            kind ? piece(kind, cx + UNIT / 2, cy + UNIT / 2) : []));
        }
      }
    }
    root.append(label(MARGIN + (a - 1) * (BOARD + GAP) + BOARD / 2, size - MARGIN / 2 + 0.5, `a=${a}`, { class: "coord" }));
    root.append(label(MARGIN / 2, MARGIN + (4 - a) * (BOARD + GAP) + BOARD / 2, `b=${a}`, { class: "coord", transform: `rotate(-90 ${MARGIN / 2} ${MARGIN + (4 - a) * (BOARD + GAP) + BOARD / 2})` }));
  }
  return { svg: root, pathOf: (move) => (/^\d{4}([-x]\d{4})+$/.test(move) ? move.split(/[-x]/) : null) };
}

// Carreaux board: the square grid of Red, Blue and green tiles with the bubble (the one empty
// cell). A move slides a tile next to the bubble into it, so a move is one click on that tile.
// Position code: side to move ("r" or "b"), ":", the rows from the top separated by "/" with
// R, B, G and "." for the bubble, and under rule=free a third field with the plies played.
// Cells are named like chess squares: files a.. from the left, ranks 1.. from the bottom.

import { boardSvg, label, svg } from "./common.js";

const UNIT = 10;
const MARGIN = 6;
const NAMES = { R: "Red tile", B: "Blue tile", G: "green tile", ".": "bubble" };

/** Draws a Carreaux position. */
export function draw(view) {
  const rows = view.code.split(":")[1].split("/");
  const n = rows.length;
  const size = n * UNIT + 2 * MARGIN;
  const root = boardSvg(size, size, `Carreaux board, ${n} by ${n}`);
  root.append(svg("rect", { class: "cx-frame", x: MARGIN - 1, y: MARGIN - 1, width: n * UNIT + 2, height: n * UNIT + 2, rx: 1.5 }));
  for (let r = 0; r < n; r++) {
    root.append(label(MARGIN / 2, MARGIN + (r + 0.5) * UNIT, n - r, { class: "coord" }));
    for (let c = 0; c < n; c++) {
      const name = `${String.fromCharCode(97 + c)}${n - r}`;
      const tile = rows[r][c];
      const x = MARGIN + c * UNIT;
      const y = MARGIN + r * UNIT;
      root.append(svg("g", { "data-cell": name, "data-tile": tile, "aria-label": `${name}: ${NAMES[tile]}` },
        tile === "."
          ? svg("rect", { class: "cx-bubble", x: x + 1, y: y + 1, width: UNIT - 2, height: UNIT - 2, rx: 4 })
          : svg("rect", { class: `cx-tile cx-${tile}`, x: x + 0.6, y: y + 0.6, width: UNIT - 1.2, height: UNIT - 1.2, rx: 1.4 })));
    }
  }
  for (let c = 0; c < n; c++) root.append(label(MARGIN + (c + 0.5) * UNIT, size - MARGIN / 2, String.fromCharCode(97 + c), { class: "coord" }));
  return { svg: root, pathOf: (move) => (/^[a-z]\d+$/i.test(move) ? [move.toLowerCase()] : null) };
}

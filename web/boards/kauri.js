// Kauri board: two rows of six holes, the second player's row on top (F to A from the left) and
// the first player's below (a to f), each hole with its seed count and its cowries, and both
// stores beside the rows (the first player's on the right, the second's on the left: each on the
// owner's right hand). Counters travel anticlockwise. A move is one click on a hole.
// Position code: SIDE/a,b,c,d,e,f/A,B,C,D,E,F/FIRST,SECOND[/PLIES], each hole SEEDS+COWRIES.

import { boardSvg, label, svg } from "./common.js";

const HOLE = 20;
const STORE = 22;
const PAD = 3;

/** Draws one hole: its letter, its seed count and a shell per cowrie. */
function hole(name, x, y, seeds, cowries) {
  const group = svg("g", { "data-cell": name, "data-seeds": seeds, "data-cowries": cowries,
    "aria-label": `hole ${name}: ${seeds} seeds, ${cowries} cowries` },
    svg("rect", { class: "ka-hole", x: x + 1, y: y + 1, width: HOLE - 2, height: HOLE - 2, rx: 8 }),
    label(x + HOLE / 2, y + 8.5, seeds, { class: "ka-seeds" }),
    label(x + 3.4, y + 3.6, name, { class: "ka-letter" }));
  const shown = Math.min(cowries, 4);
  for (let i = 0; i < shown; i++) {
    const cx = x + HOLE / 2 + (i - (shown - 1) / 2) * 3.6;
    group.append(svg("ellipse", { class: "ka-cowrie", cx, cy: y + 15, rx: 1.5, ry: 1.1 }));
  }
  if (cowries > 4) group.append(label(x + HOLE - 3, y + 15, `${cowries}`, { class: "ka-cowrie-count" }));
  return group;
}

/** Draws a Kauri position; `view.seats` names the players beside their stores. */
export function draw(view) {
  const [, first, second, stores] = view.code.split("/");
  const parseRow = (row) => row.split(",").map((h) => h.split("+").map(Number));
  const [firstRow, secondRow] = [parseRow(first), parseRow(second)];
  const [store1, store2] = stores.split(",").map(Number);
  const width = 2 * STORE + 6 * HOLE + 4 * PAD;
  const height = 2 * HOLE + 2 * PAD + 12;
  const root = boardSvg(width, height, "Kauri board: two rows of six holes and two stores");
  root.append(svg("rect", { class: "ka-frame", x: 0.5, y: 0.5, width: width - 1, height: 2 * HOLE + 2 * PAD - 1, rx: 10 }));
  const left = STORE + 2 * PAD;
  secondRow.forEach(([seeds, cowries], i) => {
    const column = 5 - i; // F on the left, A on the right
    root.append(hole("ABCDEF"[i], left + column * HOLE, PAD, seeds, cowries));
  });
  firstRow.forEach(([seeds, cowries], i) => root.append(hole("abcdef"[i], left + i * HOLE, PAD + HOLE, seeds, cowries)));
  const store = (x, seeds, seat) => svg("g", { "data-store": seat, "data-seeds": seeds, "aria-label": `${view.seats[seat]?.name ?? ""} store: ${seeds} seeds` },
    svg("rect", { class: "ka-store", x, y: PAD + 1, width: STORE, height: 2 * HOLE - 2, rx: 9 }),
    label(x + STORE / 2, PAD + HOLE, seeds, { class: "ka-store-count" }));
  root.append(store(PAD, store2, 1), store(width - PAD - STORE, store1, 0));
  root.append(label(PAD + STORE / 2, height - 5, view.seats[1]?.name ?? "", { class: "ka-name" }),
    label(width - PAD - STORE / 2, height - 5, view.seats[0]?.name ?? "", { class: "ka-name" }),
    label(width / 2, height - 5, "seeds · cowries (shells)", { class: "ka-name" }));
  return { svg: root, pathOf: (move) => (/^[a-f]$/i.test(move) ? [move] : null) };
}

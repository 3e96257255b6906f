// Karl's Race board: Karl Scherer's tiling of a 16 x 16 square into 21 squares at their real
// sizes (the geometry is the engine's own data file, served as boards/karls-race-board.json),
// each labelled with its letter and side length, the stones on them, and the die the server
// rolled. A move is a stone's square, then the neighbouring square it steps onto ("U-S").
// Position code: side to move (w/b, or se/sw/nw/ne with four players) directly followed by the
// die once rolled, then each player's squares after ":" in the order NW, NE, SW, SE ("-" none);
// two players: Black (NW) first, then White (SE).

import { boardSvg, svg } from "./common.js";

const geometry = await fetch("/assets/boards/karls-race-board.json").then((r) => r.json());
const UNIT = 10;
const MARGIN = 2;
// The look of each home corner's stones: circles for the NW/SE team, squares for NE/SW.
const STONES = {
  NW: { shape: "circle", cls: "kr-nw" },
  NE: { shape: "square", cls: "kr-ne" },
  SW: { shape: "square", cls: "kr-sw" },
  SE: { shape: "circle", cls: "kr-se" },
};
const PIPS = {
  1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};

/** Reads a position code into the die and each corner's squares. */
function parse(code) {
  const [head, ...players] = code.split(":");
  const die = head.match(/\d$/)?.[0] ?? null;
  const corners = players.length === 2 ? ["NW", "SE"] : ["NW", "NE", "SW", "SE"];
  const stones = new Map();
  players.forEach((squares, i) => {
    if (squares !== "-") for (const s of squares.toUpperCase()) stones.set(s, corners[i]);
  });
  return { die: die && Number(die), stones };
}

/** A die face showing `value` (or blank before the roll). */
function dieFace(value) {
  const face = svg("svg", { class: "die", viewBox: "0 0 30 30", role: "img", "data-die": value ?? "", "aria-label": value ? `die: ${value}` : "die not rolled" },
    svg("rect", { x: 1, y: 1, width: 28, height: 28, rx: 5 }));
  for (const [i, j] of PIPS[value] || []) face.append(svg("circle", { cx: 7 + 8 * i, cy: 7 + 8 * j, r: 2.6 }));
  return face;
}

// The seat of each home corner: two players are White (SE) and Black (NW); four are numbered
// in turn order SE, SW, NW, NE (docs/rules/karls-race.md).
const SEATS = { 2: { SE: 0, NW: 1 }, 4: { SE: 0, SW: 1, NW: 2, NE: 3 } };

/** A stone's shape for the legend, in a small SVG of its own. */
function stoneIcon(corner) {
  const { shape, cls } = STONES[corner];
  return svg("svg", { class: "stone-icon", viewBox: "0 0 10 10", "aria-hidden": "true" }, shape === "circle"
    ? svg("circle", { class: `kr-stone ${cls}`, cx: 5, cy: 5, r: 3.6 })
    : svg("rect", { class: `kr-stone ${cls}`, x: 1.5, y: 1.5, width: 7, height: 7, rx: 0.8 }));
}

/** Draws a Karl's Race position. */
export function draw(view) {
  const { die, stones } = parse(view.code);
  const side = geometry.side * UNIT + 2 * MARGIN;
  const root = boardSvg(side, side, "Karl's Race board: 21 squares on a 16 by 16 square");
  for (const sq of geometry.squares) {
    const x = MARGIN + sq.x * UNIT;
    const y = MARGIN + sq.y * UNIT;
    const w = sq.size * UNIT;
    const owner = stones.get(sq.name);
    const group = svg("g", { "data-cell": sq.name, "data-size": sq.size, "data-stone": owner ?? null,
      "aria-label": `${sq.name}, size ${sq.size}${owner ? `, ${owner} stone` : ""}` },
      svg("rect", { class: `kr-square kr-size${sq.size}`, x, y, width: w, height: w }),
      svg("text", { class: "kr-letter", x: x + 1.2, y: y + 3.6 }, sq.name),
      // The side length in the bottom-right corner; in the top line of a 1 x 1 square, whose
      // stone needs the rest of it.
      svg("text", { class: "kr-size", x: x + w - 1.2, y: sq.size === 1 ? y + 3.4 : y + w - 1.2, "text-anchor": "end" }, sq.size));
    if (owner) {
      const { shape, cls } = STONES[owner];
      const [cx, cy] = [x + w / 2, sq.size === 1 ? y + 6.4 : y + w / 2];
      group.append(shape === "circle"
        ? svg("circle", { class: `kr-stone ${cls}`, cx, cy, r: sq.size === 1 ? 2.6 : 3.4 })
        : svg("rect", { class: `kr-stone ${cls}`, x: cx - 2.6, y: cy - 2.6, width: 5.2, height: 5.2, rx: 0.8 }));
    }
    root.append(group);
  }
  const legend = document.createElement("ul");
  legend.className = "legend";
  for (const [corner, seat] of Object.entries(SEATS[view.seats.length] || {})) {
    const item = document.createElement("li");
    item.append(stoneIcon(corner), ` ${view.seats[seat].name}`);
    legend.append(item);
  }
  const extra = document.createElement("div");
  extra.className = "kr-side";
  extra.append(dieFace(die), legend);
  return {
    svg: root,
    extra,

    pathOf: (move) => (/^[A-U]-[A-U]$/i.test(move) ? move.toUpperCase().split("-") : null),
  };
}

// Karl's Race board: Karl Scherer's tiling of a 16 x 16 square into 21 squares at their real
// sizes (the geometry is the engine's own data file, served as boards/karls-race-board.json),
// each labelled with its letter and side length, the stones on them, each player's goal corner,
// and beside the board the die with who rolled it. A move is a stone's square, then the
// neighbouring square it steps onto ("U-S").
// Position code: side to move (w/b, or se/sw/nw/ne with four players) directly followed by the
// die once rolled, then each player's squares after ":" in the order NW, NE, SW, SE ("-" none);
// two players: Black (NW) first, then White (SE).

import { boardSvg, cell, markStep, svg } from "./common.js";
import { diceSide } from "./die.js";
import { rolledDie } from "./position.js";
import { sideName, t } from "../i18n.js";
import { api } from "../ui.js";

/** @typedef {import("./common.js").BoardView} BoardView */
/** @typedef {import("./common.js").Point} Point */
/** A square of the tiling (crates/tafel-games/src/karls_race/board.json): its letter, its
 * top-left corner and its side, in units of the 16 x 16 square.
 * @typedef {{ name: string, x: number, y: number, size: number }} Square */

/** @type {{ side: number, squares: Square[] }} */
const geometry = await api("/assets/boards/karls-race-board.json");
const UNIT = 10;
const MARGIN = 2;
// The radius of a 1 x 1 square's click area (the square's side is UNIT).
const HIT_RADIUS = 7.5;
// The look of each home corner's stones: circles for the NW/SE team, squares for NE/SW.
/** @type {Record<string, { shape: string, cls: string }>} */
const STONES = {
  NW: { shape: "circle", cls: "kr-nw" },
  NE: { shape: "square", cls: "kr-ne" },
  SW: { shape: "square", cls: "kr-sw" },
  SE: { shape: "circle", cls: "kr-se" },
};
// Each corner's square, and the corner a player starting there races to.
/** @type {Record<string, string>} */
const CORNER_SQUARE = { NW: "A", NE: "D", SW: "R", SE: "T" };
/** @type {Record<string, string>} */
const GOAL_OF = { NW: "SE", SE: "NW", NE: "SW", SW: "NE" };
// The seat of each home corner: two players are White (SE) and Black (NW); four are numbered
// in turn order SE, SW, NW, NE (docs/rules/karls-race.md).
/** @type {Record<number, Record<string, number>>} */
const SEATS = { 2: { SE: 0, NW: 1 }, 4: { SE: 0, SW: 1, NW: 2, NE: 3 } };

/** The seat drawn at the bottom (White's corner (SE)); the page flips the board for the other. */
export const bottomSeat = 0;

export const howTo = t("Click one of your highlighted stones, then the square it steps onto (Black heads east or south, White north or west; with four, each towards the opposite corner). The server rolls the die for you.");

/** Reads a position code into the die and each corner's squares.
 * @param {string} code */
function parse(code) {
  const [head, ...players] = code.split(":");
  const corners = players.length === 2 ? ["NW", "SE"] : ["NW", "NE", "SW", "SE"];
  /** @type {Map<string, string>} */
  const stones = new Map();
  players.forEach((squares, i) => {
    if (squares !== "-") for (const s of squares.toUpperCase()) stones.set(s, corners[i]);
  });
  return { die: rolledDie(head), stones };
}

/** A stone's shape for the legend, in a small SVG of its own.
 * @param {string} corner */
function stoneIcon(corner) {
  const { shape, cls } = STONES[corner];
  return svg("svg", { class: "stone-icon", viewBox: "0 0 10 10", "aria-hidden": "true" }, shape === "circle"
    ? svg("circle", { class: `kr-stone ${cls}`, cx: 5, cy: 5, r: 3.6 })
    : svg("rect", { class: `kr-stone ${cls}`, x: 1.5, y: 1.5, width: 7, height: 7, rx: 0.8 }));
}

/** Square `sq` of the geometry with the stone of home `corner` on it and the goal mark of
 * `goal`'s player; `owner(corner)` names a player. Its centre (where a stone stands) and its
 * nodes: its group, then its words.
 * @param {Square} sq
 * @param {string | undefined} corner
 * @param {string | undefined} goal
 * @param {(corner: string) => string} owner
 * @returns {{ centre: Point, nodes: SVGElement[] }} */
function square(sq, corner, goal, owner) {
  const x = MARGIN + sq.x * UNIT;
  const y = MARGIN + sq.y * UNIT;
  const w = sq.size * UNIT;
  /** @type {Point} */
  const centre = [x + w / 2, sq.size === 1 ? y + 6.4 : y + w / 2];
  const name = [t("square {name}, size {size}", { name: sq.name, size: sq.size })];
  if (goal) name.push(t("{side}'s goal", { side: owner(goal) }));
  name.push(corner ? t("{side} stone", { side: owner(corner) }) : t("empty"));
  const group = cell(sq.name, name.join(", "), { "data-size": sq.size, "data-stone": corner ?? null },
    svg("rect", { class: `kr-square kr-size${sq.size}`, x, y, width: w, height: w }),
    // A 1 x 1 square is small on a phone: its click area reaches a little beyond it.
    sq.size === 1 ? svg("circle", { class: "kr-hit", cx: x + w / 2, cy: y + w / 2, r: HIT_RADIUS }) : null,
    goal ? svg("rect", { class: `kr-goal kr-goal-${goal.toLowerCase()}`, x: x + 0.6, y: y + 0.6, width: w - 1.2, height: w - 1.2 }) : null);
  if (corner) {
    const { shape, cls } = STONES[corner];
    const [cx, cy] = centre;
    group.append(svg("g", { class: "piece" }, shape === "circle"
      ? svg("circle", { class: `kr-stone ${cls}`, cx, cy, r: sq.size === 1 ? 2.6 : 3.4 })
      : svg("rect", { class: `kr-stone ${cls}`, x: cx - 2.6, y: cy - 2.6, width: 5.2, height: 5.2, rx: 0.8 })));
  }
  // The square's words lie outside its group, whose accessible name says it all: the letter,
  // the side length in the bottom-right corner (in the top line of a 1 x 1 square, whose
  // stone needs the rest of it), and whose goal it is.
  const words = [
    svg("text", { class: "kr-letter", x: x + 1.2, y: y + 3.6, "aria-hidden": "true" }, sq.name),
    svg("text", { class: "kr-size", x: x + w - 1.2, y: sq.size === 1 ? y + 3.4 : y + w - 1.2, "text-anchor": "end", "aria-hidden": "true" }, sq.size),
    goal ? svg("text", { class: "kr-goal-text", x: x + 1.6, y: y + w - 1.6, "aria-hidden": "true" }, t("{side}'s goal", { side: owner(goal) })) : null,
  ];
  return { centre, nodes: [group, ...words.filter((word) => word !== null)] };
}

/** Draws a Karl's Race position.
 * @param {BoardView} view
 * @returns {import("./common.js").Drawn} */
export function draw(view) {
  const { die, stones } = parse(view.code);
  const seats = SEATS[view.seats.length] || {};
  const owner = (/** @type {string} */ corner) => sideName(view.seats[seats[corner]]?.name ?? corner);
  const goals = new Map(Object.entries(seats).map(([corner]) => [CORNER_SQUARE[GOAL_OF[corner]], corner]));
  const side = geometry.side * UNIT + 2 * MARGIN;
  const root = boardSvg(side, side, t("Karl's Race board: 21 squares on a 16 by 16 square"));
  /** @type {Map<string, Point>} */
  const centres = new Map();
  // The 1 x 1 squares last, so that their enlarged click areas lie on top of their neighbours.
  const squares = [...geometry.squares].sort((p, q) => Number(p.size === 1) - Number(q.size === 1));
  for (const sq of squares) {
    const { centre, nodes } = square(sq, stones.get(sq.name), goals.get(sq.name), owner);
    centres.set(sq.name, centre);
    root.append(...nodes);
  }

  // The last move: its two squares and an arrow between them.
  /** @type {string[] | null} */
  let motion = null;
  const last = view.last_move;
  if (last && /^[A-U]-[A-U]$/i.test(last.text)) {
    const [from, to] = last.text.toUpperCase().split("-");
    motion = markStep(root, centres, from, to, parse(last.before).stones.has(to), 1.1);
  }

  const extra = diceSide(view, die, Object.entries(seats).map(([corner, seat]) => ({
    icon: stoneIcon(corner),
    name: view.seats[seat].name,
    goal: CORNER_SQUARE[GOAL_OF[corner]],
  })));
  return {
    svg: root,
    extra,
    motion,
    minCell: 2 * HIT_RADIUS,
    centreOf: (name) => centres.get(name),
    pathOf: (move) => (/^[A-U]-[A-U]$/i.test(move) ? move.toUpperCase().split("-") : null),
  };
}

/** A move's words on a button: "U → S", "pass".
 * @param {string} move */
export function describeMove(move) {
  return /^[A-U]-[A-U]$/i.test(move) ? move.toUpperCase().replace("-", " → ") : move;
}

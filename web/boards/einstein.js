// EinStein würfelt nicht board: the 5 x 5 board with the two home triangles tinted and each
// player's goal corner marked, the numbered cubes (Black's dark, White's light with a ring, so
// that colour is not the only cue), and beside the board the die with who rolled it and a
// legend. A step is two clicks: the cube's square, then the square it steps onto ("b4-c3").
// Arrangements (six digits, with start=placement) are made on the board too: the player clicks
// their home squares in the order of the numbers 1 to 6 (each square clicked shows the number it
// gets), or types the digits in the move box.
// Position code: side ("w"/"b", then the die once rolled, or "s" while that side's arrangement is
// to be made), ":", the ranks from the top separated by "/", each square "." or a cube ("w3").
// Squares are named like chess squares: files a-e from the left, ranks 1-5 from the bottom.

import { boardSvg, cell, markStep, squareCoordinates, svg } from "./common.js";
import { diceSide } from "./die.js";
import { readCode, rolledDie, squareName } from "./position.js";
import { sideName, t } from "../i18n.js";

/** @typedef {import("./common.js").BoardView} BoardView */
/** @typedef {import("./common.js").Point} Point */
/** A cube: its colour ("w" or "b") and number.
 * @typedef {{ colour: string, number: number }} Cube */

const SIDE = 5;
const UNIT = 10;
const MARGIN = 6;
/** @type {Record<string, string>} */
const COLOURS = { b: "Black", w: "White" }; // as the server names the seats
// Each colour's home triangle (squares with row + column <= 2 from its corner) and goal corner.
/** @type {Record<string, (r: number, c: number) => boolean>} */
const HOME = { b: (r, c) => r + c <= 2, w: (r, c) => r + c >= 6 };
/** @type {Record<string, string>} */
const GOAL = { b: "e1", w: "a5" };
// Seats in the engine's order: White (seat 0) moves first by default, Black is seat 1.
/** @type {Record<string, number>} */
const SEAT = { w: 0, b: 1 };
const STEP = /^[a-e][1-5]-[a-e][1-5]$/i;
const ARRANGEMENT = /^[1-6]{6}$/;
// Each colour's home squares in reading order (top rank first, left to right): the order in
// which an arrangement's six digits are written.
/** @type {Record<string, string[]>} */
const HOME_SQUARES = { b: ["a5", "b5", "c5", "a4", "b4", "a3"], w: ["e3", "d2", "e2", "c1", "d1", "e1"] };

/** The seat drawn at the bottom (White's corner); the page flips the board for the other. */
export const bottomSeat = 0;

export const howTo = t("Click your highlighted cube (the one the die names, or its nearest numbers), then the square it steps onto: Black heads right or down towards e1, White left or up towards a5. Any cube there is removed. The server rolls the die. When you arrange your cubes (start: placement), click your home squares for the cubes 1 to 6 in turn.");

/** The squares of an arrangement's cubes 1 to 6, in that order, for the colour arranging.
 * @param {string} colour
 * @param {string} move */
function arrangementPath(colour, move) {
  const squares = HOME_SQUARES[colour];
  return [1, 2, 3, 4, 5, 6].map((number) => squares[move.indexOf(String(number))]);
}

const nameOf = (/** @type {number} */ r, /** @type {number} */ c) => squareName(SIDE, r, c);

/** Reads a position code into the die (a number, or null) and the cube on every square.
 * @param {string} code */
function parse(code) {
  const { head, rows } = readCode(code);
  // The colour whose arrangement is to be made, if one is.
  const arranging = /^[wb]s$/i.test(head) ? head[0].toLowerCase() : null;
  /** @type {Map<string, Cube>} */
  const cubes = new Map();
  rows.forEach((rank, r) => {
    let c = 0;
    for (let i = 0; i < rank.length; i++) {
      if (rank[i] === ".") { c++; continue; }
      cubes.set(nameOf(r, c), { colour: rank[i].toLowerCase(), number: Number(rank[i + 1]) });
      i++;
      c++;
    }
  });
  return { die: rolledDie(head), cubes, arranging };
}

/** A cube drawn centred on (cx, cy), its number on it (the cell's name says it for readers).
 * @param {string} colour
 * @param {number} number
 * @param {number} cx
 * @param {number} cy */
function cubeShape(colour, number, cx, cy, size = 7.2) {
  return svg("g", { class: "piece" },
    svg("rect", { class: `ew-cube ew-${colour}`, x: cx - size / 2, y: cy - size / 2, width: size, height: size, rx: 1.3 }),
    svg("text", { class: `ew-number ew-number-${colour}`, x: cx, y: cy + 0.1, "text-anchor": "middle", "dominant-baseline": "central", "aria-hidden": "true" }, number));
}

/** Square `name` (row `r`, column `c`, its corner at x, y) with its home tint, its goal mark
 * and its cube; `owner(colour)` names the player of a colour.
 * @param {string} name
 * @param {number} r
 * @param {number} c
 * @param {number} x
 * @param {number} y
 * @param {Cube | undefined} cube
 * @param {(colour: string) => string} owner */
function square(name, r, c, x, y, cube, owner) {
  const home = Object.keys(HOME).find((colour) => HOME[colour](r, c));
  const goalOf = Object.keys(GOAL).find((colour) => GOAL[colour] === name);
  const words = [t("square {name}", { name })];
  if (goalOf) words.push(t("{side}'s goal", { side: owner(goalOf) }));
  words.push(cube ? t("{side} cube {number}", { side: sideName(COLOURS[cube.colour]), number: cube.number }) : t("empty"));
  return cell(name, words.join(", "), { class: "ew-cell", "data-cube": cube ? `${cube.colour}${cube.number}` : "" },
    svg("rect", { class: `ew-square${home ? ` ew-home-${home}` : ""}`, x, y, width: UNIT, height: UNIT }),
    goalOf ? svg("rect", { class: "ew-goal", x: x + 0.8, y: y + 0.8, width: UNIT - 1.6, height: UNIT - 1.6 }) : null,
    cube ? cubeShape(cube.colour, cube.number, x + UNIT / 2, y + UNIT / 2) : null);
}

/** Draws an EinStein position.
 * @param {BoardView} view
 * @returns {import("./common.js").Drawn} */
export function draw(view) {
  const { die, cubes, arranging } = parse(view.code);
  const owner = (/** @type {string} */ colour) => sideName(view.seats[SEAT[colour]]?.name ?? COLOURS[colour]);
  const size = SIDE * UNIT + 2 * MARGIN;
  const root = boardSvg(size, size, t("EinStein würfelt nicht board, 5 by 5"));
  /** @type {Map<string, Point>} */
  const centres = new Map();
  root.append(svg("rect", { class: "ew-frame", x: MARGIN - 1, y: MARGIN - 1, width: SIDE * UNIT + 2, height: SIDE * UNIT + 2, rx: 1.2 }));
  root.append(...squareCoordinates(SIDE, UNIT, MARGIN));
  for (let r = 0; r < SIDE; r++) {
    for (let c = 0; c < SIDE; c++) {
      const name = nameOf(r, c);
      const [x, y] = [MARGIN + c * UNIT, MARGIN + r * UNIT];
      centres.set(name, [x + UNIT / 2, y + UNIT / 2]);
      root.append(square(name, r, c, x, y, cubes.get(name), owner));
    }
  }

  // The last step: its two squares (the second marked as a capture when a cube stood there)
  // and an arrow between them.
  /** @type {string[] | null} */
  let motion = null;
  const last = view.last_move;
  if (last && STEP.test(last.text)) {
    const [from, to] = last.text.toLowerCase().split("-");
    motion = markStep(root, centres, from, to, parse(last.before).cubes.has(to));
  }

  const extra = diceSide(view, die, ["w", "b"].map((colour) => ({
    icon: svg("svg", { class: "stone-icon", viewBox: "0 0 10 10", "aria-hidden": "true" },
      svg("rect", { class: `ew-cube ew-${colour}`, x: 1.2, y: 1.2, width: 7.6, height: 7.6, rx: 1.3 })),
    name: owner(colour),
    goal: GOAL[colour],
  })));
  return {
    svg: root,
    extra,
    motion,
    minCell: UNIT,
    centreOf: (name) => centres.get(name),
    pathOf: (move) => {
      if (STEP.test(move)) return move.toLowerCase().split("-");
      return arranging && ARRANGEMENT.test(move) ? arrangementPath(arranging, move) : null;
    },
    // While arranging, the squares chosen so far show the numbers their cubes will carry.
    preview: arranging ? (chosen) => {
      root.querySelector(".move-preview")?.remove();
      root.append(svg("g", { class: "move-preview ew-arranging", "aria-hidden": "true" },
        chosen.map((name, i) => cubeShape(arranging, i + 1, .../** @type {Point} */ (centres.get(name))))));
    } : null,
  };
}

/** The moves of `view` as the move list shows them: a start's arrangement (drawn by lot or made
 * by a player) as "set-up", its digits kept in the record (and the button's title); the steps
 * as the record writes them.
 * @param {import("./common.js").BoardView} view */
export function shortMoves(view) {
  return view.moves.map((move) => (ARRANGEMENT.test(move) ? t("set-up") : move));
}

/** A move's words on a button: "b4 → c3", or an arrangement's digits.
 * @param {string} move */
export function describeMove(move) {
  return STEP.test(move) ? move.toLowerCase().replace("-", " → ") : move;
}

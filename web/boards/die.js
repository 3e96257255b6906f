// Beside a dice game's board (Karl's Race, EinStein würfelt nicht): the die's face with who
// rolled it, read from the view, and the legend of the players' pieces and goals. The face
// carries data-die (the value, empty before the roll).

import { svg } from "./common.js";
import { sideName, t } from "../i18n.js";

/** @typedef {import("./common.js").BoardView} BoardView */

/** @type {Record<number, number[][]>} */
const PIPS = {
  1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};

/** A die face showing `value` (or blank before the roll).
 * @param {number | null} value
 * @param {string} caption */
function dieFace(value, caption) {
  const face = svg("svg", { class: "die", viewBox: "0 0 30 30", role: "img", "data-die": value ?? "",
    "aria-label": value ? `${caption}: ${value}` : caption },
  svg("rect", { x: 1, y: 1, width: 28, height: 28, rx: 5 }));
  for (const [i, j] of (value && PIPS[value]) || []) face.append(svg("circle", { cx: 7 + 8 * i, cy: 7 + 8 * j, r: 2.6 }));
  return face;
}

/** The die to show and who rolled it: the roll of the player to move (`die`, from the position
 * code), or else the roll that allowed the last move (so it stays after the game ends).
 * @param {BoardView} view
 * @param {number | null} die */
function shownRoll(view, die) {
  const name = (/** @type {number} */ seat) => sideName(view.seats[seat]?.name ?? "");
  // The roll of the seat to move; after a resignation, an agreed draw or a flag, of the seat
  // that would have moved next.
  const roller = view.status.state === "to_move" ? view.status.seat
    : view.last_move ? (view.last_move.seat + 1) % view.seats.length : 0;
  if (die) return { value: die, caption: t("{side} rolled", { side: name(roller) }) };
  const last = view.last_move;
  const before = last && last.index > 0 ? view.moves[last.index - 1] : null;
  if (last && before && view.plies[last.index - 1].seat === null && /^[1-6]$/.test(before)) {
    return { value: Number(before), caption: t("{side} rolled", { side: name(last.seat) }) };
  }
  return { value: null, caption: view.status.state === "over" ? t("no roll") : t("die not rolled yet") };
}

/** The die with its caption, as a figure for beside the board.
 * @param {BoardView} view
 * @param {number | null} die */
function dieBox(view, die) {
  const roll = shownRoll(view, die);
  const box = document.createElement("figure");
  box.className = "die-box";
  const caption = document.createElement("figcaption");
  caption.id = "die-caption";
  caption.textContent = roll.value ? `${roll.caption} ${roll.value}` : roll.caption;
  box.append(dieFace(roll.value, roll.caption), caption);
  return box;
}

/** What a dice game shows beside its board: the die rolled (`die` from the position code, or
 * null) and a legend line per player, `{ icon, name, goal }` (the piece's small SVG, the
 * player's name, the square they race to).
 * @param {BoardView} view
 * @param {number | null} die
 * @param {{ icon: Element, name: string, goal: string }[]} players */
export function diceSide(view, die, players) {
  const legend = document.createElement("ul");
  legend.className = "legend";
  for (const { icon, name, goal } of players) {
    const item = document.createElement("li");
    const where = document.createElement("span");
    where.className = "help";
    where.textContent = ` → ${goal}`;
    item.append(icon, ` ${sideName(name)}`, where);
    legend.append(item);
  }
  const side = document.createElement("div");
  side.className = "dice-side";
  side.append(dieBox(view, die), legend);
  return side;
}

// Editing a Karl's Race position: stones placed on or taken off the 21 squares (any number up
// to the six a player starts with, which the game checks), the side to move and the die.
// Code: side word and die, then each home corner's squares in the order NW, NE, SW, SE ("-"
// none); two players are Black (NW) and White (SE).

import { t } from "../../i18n.js";
import { headEditing } from "../code.js";

const corners = (/** @type {Record<string, string>} */ settings) => (settings.players === "4" ? ["NW", "NE", "SW", "SE"] : ["NW", "SE"]);
/** @type {Record<string, () => string>} */
const TWO = { NW: () => t("Black stone"), SE: () => t("White stone") };

/** @typedef {HTMLElement | SVGElement} Target */

export const targets = "[data-cell]";

export const { sideOf, withSide, dieOf, withDie } = headEditing(":", true);

/** A stone of each home corner's player, and the eraser.
 * @param {Record<string, string>} settings */
export function tools(settings) {
  const four = settings.players === "4";
  return [...corners(settings).map((corner) => ({ id: corner, label: four ? t("{corner} stone", { corner }) : TWO[corner]() })),
    { id: "empty", label: t("Empty square") }];
}

/** The sides that may be to move: White and Black, or the four corners.
 * @param {Record<string, string>} settings */
export function sides(settings) {
  if (settings.players !== "4") return [{ word: "w", label: t("White") }, { word: "b", label: t("Black") }];
  return ["se", "sw", "nw", "ne"].map((word) => ({ word, label: t("{corner} corner", { corner: word.toUpperCase() }) }));
}

/** `code` with square `target` holding `tool`'s stone (or none).
 * @param {string} code
 * @param {Target} target
 * @param {string} tool
 * @param {Record<string, string>} settings */
export function edit(code, target, tool, settings) {
  const [head, ...fields] = code.split(":");
  const square = /** @type {string} */ (target.dataset.cell);
  const sets = fields.map((field) => new Set(field === "-" ? [] : field.toUpperCase()));
  for (const set of sets) set.delete(square);
  const index = corners(settings).indexOf(tool);
  if (index >= 0) sets[index].add(square);
  return [head, ...sets.map((set) => (set.size ? [...set].sort().join("") : "-"))].join(":");
}

/** The board with no stones, the same side to move and die.
 * @param {string} code */
export function cleared(code) {
  const [head, ...fields] = code.split(":");
  return [head, ...fields.map(() => "-")].join(":");
}

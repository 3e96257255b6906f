// Editing an EinStein würfelt nicht position: numbered cubes placed on or taken off the 25
// squares (each cube once: placing White's 3 elsewhere moves it), the side to move and the die.
// The editor sets up positions of play, after both arrangements. Code: side ("w"/"b") and the
// die once rolled, ":", the ranks from the top separated by "/", each square "." or a cube.

import { t } from "../../i18n.js";
import { headEditing, splitHead } from "../code.js";

// A position of play to begin with when the game's start is the arrangements still to make.
const ARRANGED = "w:b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1";

/** @typedef {HTMLElement | SVGElement} Target */

export const targets = "[data-cell]";

export const { sideOf, withSide, dieOf, withDie } = headEditing(":", true);

/** Each side's six cubes, and the eraser. */
export const tools = () => [
  ...["w", "b"].flatMap((colour) => [1, 2, 3, 4, 5, 6].map((n) => ({ id: `${colour}${n}`,
    label: colour === "w" ? t("White {n}", { n }) : t("Black {n}", { n }) }))),
  { id: ".", label: t("Empty square") },
];

/** White and Black. */
export const sides = () => [{ word: "w", label: t("White") }, { word: "b", label: t("Black") }];

/** The ranks of a code, each as its five squares ("." or a cube such as "w3"). */
const ranksOf = (/** @type {string} */ rest) => rest.split("/").map((rank) => rank.match(/[wb][1-6]|\./gi) || []);

/** `code` with square `target` (like "c3") holding `tool`.
 * @param {string} code
 * @param {Target} target
 * @param {string} tool */
export function edit(code, target, tool) {
  const { head, rest } = splitHead(code, ":");
  const ranks = ranksOf(rest);
  const name = /** @type {string} */ (target.dataset.cell);
  for (const rank of ranks) rank.forEach((square, i) => { if (square.toLowerCase() === tool) rank[i] = "."; });
  ranks[5 - Number(name[1])][name.charCodeAt(0) - 97] = tool;
  return `${head}:${ranks.map((rank) => rank.join("")).join("/")}`;
}

/** An empty board, the same side to move and die. */
export const cleared = (/** @type {string} */ code) => `${splitHead(code, ":").head}:${Array(5).fill(".....").join("/")}`;

/** The position to begin with: the game's start once arranged (`start=placement` and random
 * arrangements begin with arrangements still to make). */
export const first = (/** @type {string} */ start) => (/^[wb]s:/i.test(start) ? ARRANGED : start);

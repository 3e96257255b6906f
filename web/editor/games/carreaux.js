// Editing a Carreaux position: each cell a Red, Blue or green tile or the bubble (one bubble:
// placing it moves it, the tile there taking its old cell), and the side to move. The game
// checks the rest: as many Red tiles as Blue, at least two each, not both already connected.
// Code: side ("r"/"b"), ":", the rows from the top, and under rule=free the plies played.

import { t } from "../../i18n.js";
import { headEditing, splitHead } from "../code.js";

/** @typedef {HTMLElement | SVGElement} Target */

export const targets = "[data-cell]";

export const { sideOf, withSide } = headEditing(":", false);

/** The three tiles and the bubble. */
export const tools = () => [
  { id: "R", label: t("Red tile") }, { id: "B", label: t("Blue tile") },
  { id: "G", label: t("Green tile") }, { id: ".", label: t("Bubble (the empty cell)") },
];

/** Red and Blue. */
export const sides = () => [{ word: "r", label: t("Red") }, { word: "b", label: t("Blue") }];

/** The code's head, rows and the plies played after them (rule=free); the earlier positions'
 * hashes that follow in a game under way are left out, since an edited position is set up
 * rather than played to.
 * @param {string} code */
function parts(code) {
  const { head, rest } = splitHead(code, ":");
  const [rows, ...more] = rest.split(":");
  return { head, rows: rows.split("/").map((row) => [...row]), more: more.slice(0, 1) };
}

const join = (/** @type {ReturnType<typeof parts>} */ { head, rows, more }) => [head, rows.map((row) => row.join("")).join("/"), ...more].join(":");

/** `code` with cell `target` (named like "b6") holding `tool`.
 * @param {string} code
 * @param {Target} target
 * @param {string} tool */
export function edit(code, target, tool) {
  const p = parts(code);
  const name = /** @type {string} */ (target.dataset.cell);
  const [row, col] = [p.rows.length - Number(name.slice(1)), name.charCodeAt(0) - 97];
  if (tool === ".") {
    const from = p.rows.flatMap((cells, r) => cells.map((tile, c) => (tile === "." ? [r, c] : null))).find(Boolean);
    if (from) p.rows[from[0]][from[1]] = p.rows[row][col];
  }
  p.rows[row][col] = tool;
  return join(p);
}

/** Every tile green, the bubble where it was.
 * @param {string} code */
export function cleared(code) {
  const p = parts(code);
  p.rows = p.rows.map((cells) => cells.map((tile) => (tile === "." ? "." : "G")));
  return join(p);
}

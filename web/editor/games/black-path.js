// Editing a Black Path position: tiles 1, 2 and 3 laid on or taken off the squares. The game
// checks that every tile lies on the path from the start edge; whose turn it is follows from
// the number of tiles. Code: the rows from the top separated by "/", "." empty or the tile.

import { t } from "../../i18n.js";

/** @typedef {HTMLElement | SVGElement} Target */

export const targets = "[data-square]";

/** The three tiles and the eraser. */
export const tools = () => [
  { id: "1", label: t("Tile 1 (bends north–west, east–south)") }, { id: "2", label: t("Tile 2 (bends north–east, south–west)") },
  { id: "3", label: t("Tile 3 (cross)") }, { id: ".", label: t("Empty square") },
];

/** No side to choose: the tiles laid say whose turn it is. */
export const sides = () => [];

/** `code` with square `target` (data-square "ROW,COL") holding `tool`.
 * @param {string} code
 * @param {Target} target
 * @param {string} tool */
export function edit(code, target, tool) {
  const rows = code.split("/").map((row) => [...row]);
  const [r, c] = /** @type {string} */ (target.dataset.square).split(",").map(Number);
  rows[r][c] = tool;
  return rows.map((row) => row.join("")).join("/");
}

/** The empty board. */
export const cleared = (/** @type {string} */ code) => code.replace(/[123]/g, ".");

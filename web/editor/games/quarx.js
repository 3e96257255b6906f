// Editing a Quarx position: men and kings of either side placed on or taken off the dark cells
// of the 16 boards (a man never on its promotion row, which the game checks), and the side to
// move. Code: "w:" or "b:", then the 16 boards (a, b) = 11, 21, ..., 44 separated by "/", each
// its eight dark cells row by row (o/O White man/king, x/X Black, a digit for empty cells),
// then in a game under way ":PLIES" and the earlier positions' hashes, which an edited
// position, set up rather than played to, leaves out.

import { t } from "../../i18n.js";
import { headEditing, splitHead } from "../code.js";

/** @typedef {HTMLElement | SVGElement} Target */

export const targets = "[data-cell]";

export const { sideOf, withSide } = headEditing(":", false);

/** Men and kings of both sides, and the eraser. */
export const tools = () => [
  { id: "o", label: t("White man") }, { id: "O", label: t("White king") },
  { id: "x", label: t("Black man") }, { id: "X", label: t("Black king") }, { id: ".", label: t("Empty cell") },
];

/** White and Black. */
export const sides = () => [{ word: "w", label: t("White") }, { word: "b", label: t("Black") }];

/** A board's eight cells, runs of empty cells written out. */
const expand = (/** @type {string} */ text) => [...text].flatMap((ch) => (/[1-8]/.test(ch) ? Array(Number(ch)).fill(".") : [ch]));

/** A board's eight cells with runs of empty cells as digits. */
const compress = (/** @type {string[]} */ cells) => cells.join("").replace(/\.+/g, (run) => String(run.length));

/** `code` with cell `target` (digits x y a b) holding `tool`.
 * @param {string} code
 * @param {Target} target
 * @param {string} tool */
export function edit(code, target, tool) {
  const { head, rest } = splitHead(code, ":");
  const boards = rest.split(":")[0].split("/").map(expand);
  const [x, y, a, b] = [.../** @type {string} */ (target.dataset.cell)].map(Number);
  // The board's dark cells in code order: y from 1, x growing, those with an even digit sum.
  /** @type {string[]} */
  const order = [];
  for (let yy = 1; yy <= 4; yy++) for (let xx = 1; xx <= 4; xx++) if ((xx + yy + a + b) % 2 === 0) order.push(`${xx}${yy}`);
  boards[(a - 1) + 4 * (b - 1)][order.indexOf(`${x}${y}`)] = tool;
  return `${head}:${boards.map(compress).join("/")}`;
}

/** Every board empty, the same side to move. */
export const cleared = (/** @type {string} */ code) => `${splitHead(code, ":").head}:${Array(16).fill("8").join("/")}`;

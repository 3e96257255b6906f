// Editing a Kauri position: seeds and cowries added to or taken from each hole, seeds to or
// from each store, and the side to move. The game checks that all 60 seeds and 12 cowries are
// there. Code: SIDE/a,b,c,d,e,f/A,B,C,D,E,F/FIRST,SECOND[/PLIES], each hole SEEDS+COWRIES.

import { t } from "../../i18n.js";
import { headEditing } from "../code.js";

const MOST = 60;

/** @typedef {HTMLElement | SVGElement} Target */

export const targets = "[data-cell], [data-store]";

export const { sideOf, withSide } = headEditing("/", false);

/** One seed or cowrie more or fewer. */
export const tools = () => [
  { id: "seed+", label: t("Add a seed") }, { id: "seed-", label: t("Take a seed") },
  { id: "cowrie+", label: t("Add a cowrie") }, { id: "cowrie-", label: t("Take a cowrie") },
];

/** The first and the second player. */
export const sides = () => [{ word: "a", label: t("first player") }, { word: "A", label: t("second player") }];

/** `code` with one seed or cowrie more or fewer in hole or store `target`.
 * @param {string} code
 * @param {Target} target
 * @param {string} tool */
export function edit(code, target, tool) {
  const [side, first, second, stores, ...more] = code.split("/");
  const holes = [...first.split(","), ...second.split(",")].map((hole) => hole.split("+").map(Number));
  const store = stores.split(",").map(Number);
  const [kind, sign] = [tool.slice(0, -1), tool.endsWith("+") ? 1 : -1];
  const bounded = (/** @type {number} */ n) => Math.min(MOST, Math.max(0, n + sign));
  if (target.dataset.store !== undefined) {
    if (kind === "seed") store[Number(target.dataset.store)] = bounded(store[Number(target.dataset.store)]);
  } else {
    const letter = /** @type {string} */ (target.dataset.cell);
    const hole = holes["abcdefABCDEF".indexOf(letter)];
    const part = kind === "seed" ? 0 : 1;
    hole[part] = bounded(hole[part]);
  }
  const row = (/** @type {number} */ from) => holes.slice(from, from + 6).map((h) => h.join("+")).join(",");
  return [side, row(0), row(6), store.join(","), ...more].join("/");
}

/** No seeds in the holes, a cowrie in each, the seeds shared between the stores.
 * @param {string} code */
export function cleared(code) {
  const [side, , , , ...more] = code.split("/");
  const row = Array(6).fill("0+1").join(",");
  return [side, row, row, "30,30", ...more].join("/");
}

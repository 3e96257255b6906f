// The variations of a finished game's analysis board kept in the browser (localStorage), so
// that they are there again when the game's page is opened again (docs/analysis.md, "The
// analysis board"). At most MAX_MOVES moves a game and MAX_GAMES games are kept; past that the
// game whose variations were changed longest ago is forgotten. A browser that keeps nothing
// (private mode, storage full) keeps the variations while the page is open, as before.

import { treeData, treeFromData, variationTree } from "./variations.js";

/** The key of the list of games with variations kept, the latest changed last. */
const INDEX = "tafel.variations";
const MAX_GAMES = 50;
const MAX_MOVES = 300;

/** @param {string} game */
const keyOf = (game) => `${INDEX}.${game}`;

/** The variations kept for game `game` (an empty tree if none).
 * @param {string} game
 * @returns {import("./variations.js").VariationTree} */
export function keptVariations(game) {
  try {
    return treeFromData(JSON.parse(localStorage.getItem(keyOf(game)) ?? "null"));
  } catch {
    return variationTree();
  }
}

/** Keeps `tree` as game `game`'s variations (forgotten when it has none, or too many moves).
 * @param {string} game
 * @param {import("./variations.js").VariationTree} tree */
export function keepVariations(game, tree) {
  try {
    const data = treeData(tree);
    const games = /** @type {string[]} */ (JSON.parse(localStorage.getItem(INDEX) ?? "[]")).filter((g) => g !== game);
    if (data.moves.length && data.moves.length <= MAX_MOVES) {
      localStorage.setItem(keyOf(game), JSON.stringify(data));
      games.push(game);
    } else {
      localStorage.removeItem(keyOf(game));
    }
    while (games.length > MAX_GAMES) localStorage.removeItem(keyOf(/** @type {string} */ (games.shift())));
    localStorage.setItem(INDEX, JSON.stringify(games));
  } catch {
    // Nothing kept: the variations last while the page is open.
  }
}

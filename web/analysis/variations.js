// The variations of an analysis board: moves tried from positions of a game's main line, kept
// as a tree (docs/analysis.md, "The analysis board"). A variation starts from the position after
// `from` moves of the main line; each of its moves is a node holding the position it leads to.
// A node's first child continues its line; the other children are variations of that line.
// Pure data: the game page's analysis board (web/game/analysis-board.js) draws it.

/** A move tried and the position it leads to.
 * @typedef {object} Variation
 * @property {string} id unique on the page ("v3"), for the buttons that show it
 * @property {number} from the main line's moves before the variation's first move
 * @property {Variation | null} parent the move before it in the variation (null: the first)
 * @property {string} move the move in notation
 * @property {string} side the side that made it
 * @property {string} words the move in words, as its button says it
 * @property {import("./engine.js").Position} position the position after it
 * @property {Variation[]} children the moves tried after it, the first continuing the line */

/** The variations of one board: the first moves of each, and how many nodes were made.
 * @typedef {{ roots: Variation[], made: number }} VariationTree */

/** An empty tree.
 * @returns {VariationTree} */
export const variationTree = () => ({ roots: [], made: 0 });

/** Adds `move` (made by `side`, said in `words`, leading to `position`) after `parent` (null:
 * from the position after `from` moves of the main line), or returns the node already there
 * for that move.
 * @param {VariationTree} tree
 * @param {Variation | null} parent
 * @param {number} from
 * @param {string} move
 * @param {string} side
 * @param {string} words
 * @param {import("./engine.js").Position} position
 * @returns {Variation} */
export function addMove(tree, parent, from, move, side, words, position) {
  const siblings = parent ? parent.children : tree.roots;
  const known = siblings.find((node) => node.move === move && node.from === from);
  if (known) return known;
  tree.made += 1;
  const node = { id: `v${tree.made}`, from, parent, move, side, words, position, children: [] };
  siblings.push(node);
  return node;
}

/** The moves from the main line to `node`, in order (the first move first).
 * @param {Variation} node */
export function lineTo(node) {
  const line = [];
  for (let at = /** @type {Variation | null} */ (node); at; at = at.parent) line.unshift(at);
  return line;
}

/** Removes `node` and everything tried after it from `tree`.
 * @param {VariationTree} tree
 * @param {Variation} node */
export function removeVariation(tree, node) {
  const siblings = node.parent ? node.parent.children : tree.roots;
  siblings.splice(siblings.indexOf(node), 1);
}

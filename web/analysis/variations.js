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

/** A move tried as kept (its parent by id, null for a first move).
 * @typedef {Omit<Variation, "parent" | "children"> & { parent: string | null }} KeptMove */

/** The tree as plain data, to keep: every move tried, each after the move before it.
 * @param {VariationTree} tree
 * @returns {{ made: number, moves: KeptMove[] }} */
export function treeData(tree) {
  /** @type {KeptMove[]} */
  const moves = [];
  /** @param {Variation} node */
  const visit = (node) => {
    const { id, from, move, side, words, position } = node;
    moves.push({ id, from, parent: node.parent?.id ?? null, move, side, words, position });
    node.children.forEach(visit);
  };
  tree.roots.forEach(visit);
  return { made: tree.made, moves };
}

/** The tree `data` (from `treeData`) describes; an empty tree when it is not one.
 * @param {unknown} data
 * @returns {VariationTree} */
export function treeFromData(data) {
  const tree = variationTree();
  const kept = /** @type {{ made?: unknown, moves?: unknown }} */ (data ?? {});
  if (!Array.isArray(kept.moves) || typeof kept.made !== "number") return tree;
  /** @type {Map<string, Variation>} */
  const byId = new Map();
  for (const m of kept.moves) {
    const fine = typeof m?.id === "string" && Number.isInteger(m.from) && typeof m.move === "string"
      && typeof m.side === "string" && typeof m.words === "string" && typeof m.position?.code === "string";
    const parent = m?.parent === null ? null : byId.get(m?.parent);
    if (!fine || parent === undefined) return variationTree();
    const node = { id: m.id, from: m.from, parent, move: m.move, side: m.side, words: m.words, position: m.position, children: [] };
    (parent ? parent.children : tree.roots).push(node);
    byId.set(node.id, node);
  }
  tree.made = Math.max(kept.made, byId.size);
  return tree;
}

// Keyboard play on a drawn board (any web/boards/<game>.js): a cursor over the board's cells
// (every [data-cell]) moved by the arrow keys to the nearest cell in that direction as the board
// is seen (turned round or not), drawn as a frame around the cell; the board is one Tab stop
// (the cursor's cell), so the controls after it are a Tab away. Enter, Space and Escape on the
// cursor's cell are web/boards/click-to-move.js's: the same as a click, and cancelling.

import { svg } from "./common.js";

/** The arrow keys' directions on the screen.
 * @type {Record<string, [number, number]>} */
const DIRECTIONS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** The centre of `node` on the screen.
 * @param {Element} node */
function centre(node) {
  const box = node.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2];
}

/** The cell of `cells` nearest to `from` in direction `dir` on the screen: the closest within
 * 45 degrees of it, else the one least off it; null at the board's edge.
 * @param {Element[]} cells
 * @param {Element} from
 * @param {[number, number]} dir */
function nextCell(cells, from, dir) {
  const [x0, y0] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const node of cells) {
    const [x, y] = centre(node);
    const along = (x - x0) * dir[0] + (y - y0) * dir[1];
    const across = Math.abs((x - x0) * dir[1] - (y - y0) * dir[0]);
    if (along < 1) continue;
    const score = across <= along ? Math.hypot(along, across) : 1e6 + along + 2 * across;
    if (score < bestScore) { best = node; bestScore = score; }
  }
  return best;
}

/** Draws the cursor's frame around `node` (replacing the last one), or none.
 * @param {SVGSVGElement} root
 * @param {SVGGraphicsElement | null} node */
function frame(root, node) {
  root.querySelector(".board-cursor")?.remove();
  if (!node) return;
  const { x, y, width, height } = node.getBBox();
  root.append(svg("rect", { class: "board-cursor", x: x - 0.6, y: y - 0.6, width: width + 1.2, height: height + 1.2, rx: 1.5, "aria-hidden": "true" }));
}

/** Makes the board `root` keyboard-playable: its cells a cursor moves over with the arrow keys,
 * starting on the first movable cell, else the last move's, else the first.
 * @param {SVGSVGElement} root */
export function keyboardCursor(root) {
  const cells = /** @type {SVGGraphicsElement[]} */ ([...root.querySelectorAll("[data-cell]")]);
  if (!cells.length) return;
  const place = (/** @type {Element} */ node) => { for (const c of cells) c.setAttribute("tabindex", c === node ? "0" : "-1"); };
  place(cells.find((c) => c.matches(".movable")) ?? cells.find((c) => c.matches(".last-move")) ?? cells[0]);
  // A cell that gets the focus (by the keys, or a click) becomes the cursor's; the frame is
  // drawn only when the keyboard moved it there.
  root.addEventListener("focusin", (event) => {
    const node = /** @type {SVGGraphicsElement | null} */ (/** @type {Element} */ (event.target).closest("[data-cell]"));
    if (!node) return;
    place(node);
    frame(root, node.matches(":focus-visible") ? node : null);
  });
  root.addEventListener("focusout", (event) => {
    if (!root.contains(/** @type {Node | null} */ (event.relatedTarget))) frame(root, null);
  });
  root.addEventListener("keydown", (event) => {
    if (event.key === " ") event.preventDefault(); // a pick, never a scroll of the page
    const dir = DIRECTIONS[event.key];
    // From the board itself (focused after a move), the keys go on from the cursor's cell.
    const from = /** @type {Element} */ (event.target).closest("[data-cell]") ?? cells.find((c) => c.getAttribute("tabindex") === "0");
    if (!dir || !from || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault(); // not the page's replay keys, nor a scroll
    /** @type {SVGGraphicsElement | null} */ (nextCell(cells, from, dir))?.focus();
  });
}

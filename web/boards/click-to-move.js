// Moves chosen by clicks on a board (web/boards/<game>.js draws it): the cells that start a
// move marked movable, then the cells that continue it marked target, the move sent once the
// clicked cells name exactly one; the path of the move being chosen drawn over the board.

import { arrow } from "./common.js";

/**
 * Makes a drawn board playable by clicks. `legal` are the legal moves, `pathOf` maps a move to
 * the cells to click in order, `play(move)` sends the chosen move, `preview(cells)` (optional)
 * is told the cells of the move being chosen (the clicked ones, plus a hovered or focused
 * next cell), or `[]`. Cells that start a move are marked `movable`; once one is chosen, the
 * cells that can follow are marked `target`. A move is sent as soon as the clicked cells name
 * exactly one move that needs no further click, so a move with a single cell takes a single
 * click. Clicking a chosen cell again takes the choice back to before it; clicking anything
 * else starts over.
 * @param {SVGSVGElement} root
 * @param {string[]} legal
 * @param {(move: string) => string[] | null} pathOf
 * @param {(move: string) => unknown} play
 * @param {(cells: string[]) => void} [preview]
 */
export function clickToMove(root, legal, pathOf, play, preview = () => {}) {
  const cells = new Map();
  for (const node of /** @type {NodeListOf<SVGElement>} */ (root.querySelectorAll("[data-cell]"))) cells.set(node.dataset.cell, node);
  const picker = {
    root, play, preview, cells,
    moves: legal.map((move) => ({ move, path: pathOf(move) })).filter((m) => m.path && m.path.length),
    roles: new Map([...cells].map(([name, node]) => [name, node.getAttribute("role")])),
    chosen: [], // the cells clicked so far
    sending: false, // a move is on its way: nothing is clickable until the answer
  };
  root.addEventListener("click", (event) => activate(picker, event));
  root.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") activate(picker, event);
  });
  root.addEventListener("pointerover", (event) => hover(picker, event));
  root.addEventListener("focusin", (event) => hover(picker, event));
  root.addEventListener("pointerleave", () => preview(picker.chosen.slice()));
  refresh(picker);
}

/** The moves that begin with the cells chosen. */
const candidates = ({ moves, chosen }) => moves.filter((m) => chosen.every((c, i) => m.path[i] === c));

/** The cells that can be clicked next. */
const nextCells = (picker) => new Set(candidates(picker).filter((m) => m.path.length > picker.chosen.length).map((m) => m.path[picker.chosen.length]));

/** Marks the cells chosen and those that can be clicked next (focusable buttons), the others
 * back to their own role. */
function refresh(picker) {
  const { cells, roles, chosen } = picker;
  for (const [name, node] of cells) {
    node.classList.remove("movable", "target", "selected");
    node.removeAttribute("tabindex");
    if (roles.get(name)) node.setAttribute("role", roles.get(name));
    else node.removeAttribute("role");
  }
  const clickable = (name, cls) => {
    const node = cells.get(name);
    if (!node) return;
    node.classList.add(cls);
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
  };
  for (const name of chosen) clickable(name, "selected");
  for (const name of picker.sending ? [] : nextCells(picker)) clickable(name, chosen.length ? "target" : "movable");
  picker.preview(chosen.slice());
}

/** Takes a click on cell `name`: a next cell continues the move (sent once complete), a
 * chosen cell takes the choice back to before it, any other cell starts over. */
function choose(picker, name) {
  if (nextCells(picker).has(name)) {
    picker.chosen.push(name);
    const left = candidates(picker);
    const done = left.find((m) => m.path.length === picker.chosen.length);
    if (done && left.every((m) => m.path.length === picker.chosen.length)) {
      send(picker, done.move);
      return;
    }
  } else if (picker.chosen.includes(name)) {
    picker.chosen = picker.chosen.slice(0, picker.chosen.indexOf(name));
  } else {
    picker.chosen = [];
    if (nextCells(picker).has(name)) return choose(picker, name);
  }
  refresh(picker);
  picker.cells.get(name)?.focus?.();
}

/** Sends `move`; nothing is clickable until the answer. */
function send(picker, move) {
  const { root } = picker;
  picker.chosen = [];
  picker.sending = true;
  // The cells stop being focusable while the move is on its way: the focus stays on the board.
  if (root.contains(document.activeElement)) root.focus({ preventScroll: true });
  refresh(picker);
  // The page normally redraws the board with the new position; if it does not (the move was
  // refused), this board becomes playable again.
  Promise.resolve(picker.play(move)).finally(() => { picker.sending = false; refresh(picker); });
}

/** A click (or Enter, Space) on the board: a clickable cell is chosen, anything else clears
 * the choice. */
function activate(picker, event) {
  const node = event.target.closest?.("[data-cell]");
  if (!node || !picker.root.contains(node) || picker.sending || !node.hasAttribute("tabindex")) {
    if (picker.chosen.length) { picker.chosen = []; refresh(picker); }
    return;
  }
  event.preventDefault();
  choose(picker, node.dataset.cell);
}

/** A cell hovered or focused: the move being chosen is previewed through it when it can be
 * clicked next. */
function hover(picker, event) {
  const name = event.target.closest?.("[data-cell]")?.dataset.cell;
  if (!picker.sending && name && nextCells(picker).has(name)) picker.preview([...picker.chosen, name]);
  else picker.preview(picker.chosen.slice());
}

/**
 * Draws the path of a move being chosen (the cells' centres joined, the last with an arrow
 * head) in an overlay of `root`, replacing the previous one; no line for fewer than two cells.
 */
export function previewPath(root, centreOf, cells) {
  root.querySelector(".move-preview")?.remove();
  if (!centreOf || cells.length < 2) return;
  root.append(arrow(cells.map(centreOf), "move-preview", 1.1));
}

// Moves chosen by clicks on a board (web/boards/<game>.js draws it): the cells that start a
// move marked movable, then the cells that continue it marked target, the move sent once the
// clicked cells name exactly one; the path of the move being chosen drawn over the board.
// The keyboard does the same through the board's cursor (web/boards/keyboard.js): Enter or
// Space on a cell is a click on it, Escape takes the choice back.

import { arrow } from "./common.js";

/** The classes that mark the cells that start a move, those that continue the one chosen, and
 * those chosen so far.
 * @typedef {{ start: string, next: string, chosen: string }} PickerClasses */

/** A board made playable by `clickToMove`: what it was given, and the choice so far.
 * @typedef {object} Picker
 * @property {SVGSVGElement} root
 * @property {PickerClasses} classes
 * @property {(move: string) => unknown} play
 * @property {(cells: string[]) => void} preview
 * @property {Map<string, SVGElement>} cells the clickable cells by name
 * @property {{ move: string, path: string[] }[]} moves the legal moves with cells, and their cells
 * @property {Map<string, string | null>} roles each cell's own role
 * @property {string[]} chosen the cells clicked so far
 * @property {boolean} sending a move is on its way: nothing is clickable until the answer */

/**
 * Makes a drawn board playable by clicks. `legal` are the legal moves, `pathOf` maps a move to
 * the cells to click in order, `play(move)` sends the chosen move, `preview(cells)` (optional)
 * is told the cells of the move being chosen (the clicked ones, plus a hovered or focused
 * next cell), or `[]`. Cells that start a move are marked `movable`; once one is chosen, the
 * cells that can follow are marked `target`. A move is sent as soon as the clicked cells name
 * exactly one move that needs no further click, so a move with a single cell takes a single
 * click. Clicking a chosen cell again takes the choice back to before it; clicking anything
 * else starts over. `classes` name the marks (by default those web/boards/common.js lists;
 * a premove's are others, web/game/premove.js).
 * @param {SVGSVGElement} root
 * @param {string[]} legal
 * @param {(move: string) => string[] | null} pathOf
 * @param {(move: string) => unknown} play
 * @param {(cells: string[]) => void} [preview]
 * @param {PickerClasses} [classes]
 */
export function clickToMove(root, legal, pathOf, play, preview = () => {}, classes = { start: "movable", next: "target", chosen: "selected" }) {
  const cells = new Map();
  for (const node of /** @type {NodeListOf<SVGElement>} */ (root.querySelectorAll("[data-cell]"))) cells.set(node.dataset.cell, node);
  /** @type {Picker} */
  const picker = {
    root, classes, play, preview, cells,
    moves: legal.flatMap((move) => {
      const path = pathOf(move);
      return path && path.length ? [{ move, path }] : [];
    }),
    roles: new Map([...cells].map(([name, node]) => [name, node.getAttribute("role")])),
    chosen: [], // the cells clicked so far
    sending: false, // a move is on its way: nothing is clickable until the answer
  };
  root.addEventListener("click", (event) => activate(picker, event));
  root.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") activate(picker, event);
    if (event.key === "Escape" && picker.chosen.length) { picker.chosen = []; refresh(picker); }
  });
  root.addEventListener("pointerover", (event) => hover(picker, event));
  root.addEventListener("focusin", (event) => hover(picker, event));
  root.addEventListener("pointerleave", () => preview(picker.chosen.slice()));
  refresh(picker);
}

/** The moves that begin with the cells chosen.
 * @param {Picker} picker */
const candidates = ({ moves, chosen }) => moves.filter((m) => chosen.every((c, i) => m.path[i] === c));

/** The cells that can be clicked next.
 * @param {Picker} picker */
const nextCells = (picker) => new Set(candidates(picker).filter((m) => m.path.length > picker.chosen.length).map((m) => m.path[picker.chosen.length]));

/** Whether cell `name` can be clicked now: chosen, or one that can come next.
 * @param {Picker} picker
 * @param {string} name */
const clickable = (picker, name) => !picker.sending && (picker.chosen.includes(name) || nextCells(picker).has(name));

/** Marks the cells chosen and those that can be clicked next (buttons), the others back to
 * their own role.
 * @param {Picker} picker */
function refresh(picker) {
  const { cells, roles, chosen, classes } = picker;
  for (const [name, node] of cells) {
    node.classList.remove(classes.start, classes.next, classes.chosen);
    const role = roles.get(name);
    if (role) node.setAttribute("role", role);
    else node.removeAttribute("role");
  }
  const mark = (/** @type {string} */ name, /** @type {string} */ cls) => {
    const node = cells.get(name);
    if (!node) return;
    node.classList.add(cls);
    node.setAttribute("role", "button");
  };
  for (const name of chosen) mark(name, classes.chosen);
  for (const name of picker.sending ? [] : nextCells(picker)) mark(name, chosen.length ? classes.next : classes.start);
  picker.preview(chosen.slice());
}

/** Takes a click on cell `name`: a next cell continues the move (sent once complete), a
 * chosen cell takes the choice back to before it, any other cell starts over.
 * @param {Picker} picker
 * @param {string} name
 * @returns {void} */
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

/** Sends `move`; nothing is clickable until the answer.
 * @param {Picker} picker
 * @param {string} move */
function send(picker, move) {
  picker.chosen = [];
  picker.sending = true;
  refresh(picker);
  // The page normally redraws the board with the new position; if it does not (the move was
  // refused), this board becomes playable again.
  Promise.resolve(picker.play(move)).finally(() => { picker.sending = false; refresh(picker); });
}

/** The board's cell an event happened in, if any.
 * @param {Event} event
 * @returns {SVGElement | null} */
const cellOf = (event) => /** @type {Element} */ (event.target).closest?.("[data-cell]") ?? null;

/** A click (or Enter, Space) on the board: a clickable cell is chosen, anything else clears
 * the choice.
 * @param {Picker} picker
 * @param {Event} event */
function activate(picker, event) {
  const node = cellOf(event);
  if (!node || !picker.root.contains(node) || !clickable(picker, /** @type {string} */ (node.dataset.cell))) {
    if (picker.chosen.length) { picker.chosen = []; refresh(picker); }
    return;
  }
  event.preventDefault();
  choose(picker, /** @type {string} */ (node.dataset.cell));
}

/** A cell hovered or focused: the move being chosen is previewed through it when it can be
 * clicked next.
 * @param {Picker} picker
 * @param {Event} event */
function hover(picker, event) {
  const name = cellOf(event)?.dataset.cell;
  if (!picker.sending && name && nextCells(picker).has(name)) picker.preview([...picker.chosen, name]);
  else picker.preview(picker.chosen.slice());
}

/**
 * Draws the path of a move being chosen (the cells' centres joined, the last with an arrow
 * head) in an overlay of `root`, replacing the previous one; no line for fewer than two cells.
 * @param {Element} root
 * @param {((cell: string) => import("./common.js").Point | undefined) | undefined} centreOf
 * @param {string[]} cells
 */
export function previewPath(root, centreOf, cells) {
  root.querySelector(".move-preview")?.remove();
  const points = centreOf ? cells.map(centreOf).filter((p) => p !== undefined) : [];
  if (points.length < 2) return;
  root.append(arrow(points, "move-preview", 1.1));
}

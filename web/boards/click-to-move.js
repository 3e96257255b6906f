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
 */
export function clickToMove(root, legal, pathOf, play, preview = () => {}) {
  const moves = legal.map((move) => ({ move, path: pathOf(move) })).filter((m) => m.path && m.path.length);
  const cells = new Map();
  for (const node of root.querySelectorAll("[data-cell]")) cells.set(node.dataset.cell, node);
  const roles = new Map([...cells].map(([name, node]) => [name, node.getAttribute("role")]));
  let chosen = [];
  let sending = false; // a move is on its way: nothing is clickable until the answer

  const candidates = () => moves.filter((m) => chosen.every((c, i) => m.path[i] === c));
  const nextCells = () => new Set(candidates().filter((m) => m.path.length > chosen.length).map((m) => m.path[chosen.length]));

  function refresh() {
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
    for (const name of sending ? [] : nextCells()) clickable(name, chosen.length ? "target" : "movable");
    preview(chosen.slice());
  }

  function choose(name) {
    if (nextCells().has(name)) {
      chosen.push(name);
      const left = candidates();
      const done = left.find((m) => m.path.length === chosen.length);
      if (done && left.every((m) => m.path.length === chosen.length)) {
        chosen = [];
        sending = true;
        // The cells stop being focusable while the move is on its way: the focus stays on
        // the board.
        if (root.contains(document.activeElement)) root.focus({ preventScroll: true });
        refresh();
        // The page normally redraws the board with the new position; if it does not (the
        // move was refused), this board becomes playable again.
        Promise.resolve(play(done.move)).finally(() => { sending = false; refresh(); });
        return;
      }
    } else if (chosen.includes(name)) {
      chosen = chosen.slice(0, chosen.indexOf(name));
    } else {
      chosen = [];
      if (nextCells().has(name)) return choose(name);
    }
    refresh();
    cells.get(name)?.focus?.();
  }

  const activate = (event) => {
    const node = event.target.closest?.("[data-cell]");
    if (!node || !root.contains(node) || sending || !node.hasAttribute("tabindex")) {
      if (chosen.length) { chosen = []; refresh(); }
      return;
    }
    event.preventDefault();
    choose(node.dataset.cell);
  };
  const hover = (event) => {
    const node = event.target.closest?.("[data-cell]");
    const name = node?.dataset.cell;
    if (!sending && name && nextCells().has(name)) preview([...chosen, name]);
    else preview(chosen.slice());
  };
  root.addEventListener("click", activate);
  root.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") activate(event);
  });
  root.addEventListener("pointerover", hover);
  root.addEventListener("focusin", hover);
  root.addEventListener("pointerleave", () => preview(chosen.slice()));
  refresh();
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

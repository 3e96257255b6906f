// Shared helpers for the per-game board drawings (web/boards/<game>.js): SVG construction, the
// last-move marks, move paths drawn over the board, the computer's move animated, and the
// click-to-move controller. No build step: plain ES module.
//
// A board module exports `draw(view, settings)` and returns
//   { svg, pathOf, centreOf, minCell, extra?, motion? }
// where `svg` is the drawing, `pathOf(move)` turns a legal move (in the game's notation) into the
// list of cells a player clicks to make it (or null when the move has no cell, e.g. `pass`),
// `centreOf(cell)` gives a cell's centre in SVG units (for drawn paths), `extra` is an optional
// element shown beside the board (Karl's Race's die and legend), `motion` lists the cells the
// last move's piece travelled through (the page animates the piece now on the last one), and
// `minCell` is the smallest click area in SVG units (on a phone the page shows the board zoomed
// when that would come out under 32 pixels).
// A module also exports `howTo` (one line on how to move), and may export `describeMove(move)`
// (a move's words on a button) and `lobbyNote(settings)` (a note for the lobby: { text, href,
// linkText, offer: { label, settings } }).
//
// Stable attributes for tests and styling (every board):
//   data-cell="<id>"   every element a move can name: a Karl's Race square letter ("U"), a
//                      Carreaux cell ("b6"), a Kauri hole ("a".."f", "A".."F"), a Quarx cell
//                      ("2233"), a Black Path exit of the square the next tile goes into
//                      ("ROW,COL:SIDE", e.g. "0,0:E");
//   class movable      a cell that starts some legal move (click it first);
//   class target       after a click, the cells that continue a chosen move;
//   class selected     the cells clicked so far;
//   class last-move    every element marking what the last move changed (its squares or holes,
//                      the path it took, the pieces it captured), also lm-from / lm-to /
//                      lm-capture / lm-path for the part it marks.
// The page gives the board's <svg> id="board", data-game, data-code (the position code) and
// data-ply, so that a test can wait for the position it expects. Per game: Karl's Race squares
// carry data-size and data-stone (the home corner NW/NE/SW/SE), its die data-die (empty before
// the roll); Kauri holes data-seeds and data-cowries, its stores data-store (the seat) and
// data-seeds; Quarx cells data-piece (o, O, x, X); Carreaux cells data-tile (R, B, G, ".").
// Every cell has an accessible name saying what is on it; clickable cells are focusable
// (tabindex 0, role button) and react to Enter and Space.

import { reducedMotion } from "../ui.js";

export const SVG_NS = "http://www.w3.org/2000/svg";

/** Creates an SVG element with attributes and children (strings become text nodes). */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === "" || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The root <svg> of a board: scalable, with an accessible name, focusable by script (so that
 * focus can stay on the board after a move). */
export function boardSvg(width, height, label) {
  const root = svg("svg", {
    class: "board-svg",
    viewBox: `0 0 ${width} ${height}`,
    role: "group",
    "aria-label": label,
    tabindex: "-1",
    preserveAspectRatio: "xMidYMid meet",
  });
  root.style.setProperty("--aspect", String(width / height));
  return root;
}

/** A board cell: a group with its id and an accessible name that says what is on it. */
export function cell(name, label, attrs = {}, ...children) {
  return svg("g", { "data-cell": name, role: "img", "aria-label": label, ...attrs }, ...children);
}

/** A text label centred on (x, y), hidden from screen readers (cells carry the names). */
export function label(x, y, text, attrs = {}) {
  return svg("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", "aria-hidden": "true", ...attrs }, text);
}

/** The settings of a game: the catalog's defaults overridden by the game's own. */
export function settingsOf(catalogEntry, view) {
  const out = {};
  for (const s of catalogEntry?.settings || []) out[s.key] = s.default;
  for (const [key, value] of view.settings) out[key] = value;
  return out;
}

/** Adds the last-move classes to the cells `names` (those that exist in `root`). */
export function markCells(root, names, kind) {
  for (const name of names) {
    const node = root.querySelector(`[data-cell="${CSS.escape(name)}"]`);
    if (node) node.classList.add("last-move", `lm-${kind}`);
  }
}

/** A line through `points` with an arrow head at the end, as one group of class `cls`. */
export function arrow(points, cls, width = 1) {
  const [x1, y1] = points[points.length - 2];
  const [x2, y2] = points[points.length - 1];
  const length = Math.hypot(x2 - x1, y2 - y1) || 1;
  const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
  const head = 2.6 * width;
  const base = [x2 - ux * head, y2 - uy * head];
  const wing = (side) => [base[0] - uy * head * 0.6 * side, base[1] + ux * head * 0.6 * side];
  const line = points.slice(0, -1).map((p) => p.join(" ")).concat([base.join(" ")]);
  return svg("g", { class: cls, "aria-hidden": "true" },
    svg("path", { class: "arrow-line", d: `M ${line.join(" L ")}`, "stroke-width": width }),
    svg("path", { class: "arrow-head", d: `M ${x2} ${y2} L ${wing(1).join(" ")} L ${wing(-1).join(" ")} Z` }));
}

/**
 * Animates the last move of a freshly drawn board: the piece now on the last cell of `motion`
 * glides there from the first through every cell between; without motion, the marks flash
 * once. Nothing moves when the user asked for reduced motion.
 */
export function animateLastMove(drawn) {
  if (reducedMotion()) return;
  const { svg: root, motion, centreOf } = drawn;
  const piece = motion && root.querySelector(`[data-cell="${CSS.escape(motion[motion.length - 1])}"] .piece`);
  if (piece && centreOf) {
    const end = centreOf(motion[motion.length - 1]);
    const frames = motion.map((c) => {
      const [x, y] = centreOf(c);
      return { transform: `translate(${x - end[0]}px, ${y - end[1]}px)` };
    });
    piece.animate(frames, { duration: 220 * (motion.length - 1) + 180, easing: "ease-in-out" });
  }
  for (const node of root.querySelectorAll(".last-move")) {
    node.animate([{ opacity: 0.25 }, { opacity: 1 }], { duration: 500, easing: "ease-out" });
  }
}

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

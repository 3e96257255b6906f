// Shared helpers for the per-game board drawings (web/boards/<game>.js): SVG construction and
// the click-to-move controller. No build step: plain ES module.
//
// A board module exports `draw(view, settings)` and returns
//   { svg, pathOf, extra? }
// where `svg` is the drawing, `pathOf(move)` turns a legal move (in the game's notation) into the
// list of cells a player clicks to make it (or null when the move has no cell, e.g. `pass`), and
// `extra` is an optional element shown beside the board (Karl's Race's die and legend).
//
// Stable attributes for tests and styling (every board):
//   data-cell="<id>"   every element a move can name: a Karl's Race square letter ("U"), a
//                      Carreaux cell ("b6"), a Kauri hole ("a".."f", "A".."F"), a Quarx cell
//                      ("2233"), a Black Path exit of the square the next tile goes into
//                      ("ROW,COL:SIDE", e.g. "0,0:E");
//   class movable      a cell that starts some legal move (click it first);
//   class target       after a click, the cells that continue a chosen move;
//   class selected     the cells clicked so far.
// The page gives the board's <svg> id="board", data-game, data-code (the position code) and
// data-ply, so that a test can wait for the position it expects. Per game: Karl's Race squares
// carry data-size and data-stone (the home corner NW/NE/SW/SE), its die data-die (empty before
// the roll); Kauri holes data-seeds and data-cowries, its stores data-store (the seat) and
// data-seeds; Quarx cells data-piece (o, O, x, X); Carreaux cells data-tile (R, B, G, ".").
// Clickable cells are focusable (tabindex 0, role button) and react to Enter and Space.

export const SVG_NS = "http://www.w3.org/2000/svg";

/** Creates an SVG element with attributes and children (strings become text nodes). */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === "") continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The root <svg> of a board: scalable, with an accessible name. */
export function boardSvg(width, height, label) {
  return svg("svg", {
    class: "board-svg",
    viewBox: `0 0 ${width} ${height}`,
    role: "group",
    "aria-label": label,
    preserveAspectRatio: "xMidYMid meet",
  });
}

/** A text label centred on (x, y). */
export function label(x, y, text, attrs = {}) {
  return svg("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, text);
}

/** The settings of a game: the catalog's defaults overridden by the game's own. */
export function settingsOf(catalogEntry, view) {
  const out = {};
  for (const s of catalogEntry?.settings || []) out[s.key] = s.default;
  for (const [key, value] of view.settings) out[key] = value;
  return out;
}

/**
 * Makes a drawn board playable by clicks. `legal` are the legal moves, `pathOf` maps a move to
 * the cells to click in order, `play(move)` sends the chosen move. Cells that start a move are
 * marked `movable`; once one is chosen, the cells that can follow are marked `target`. A move is
 * sent as soon as the clicked cells name exactly one move that needs no further click, so a move
 * with a single cell takes a single click. Clicking a chosen cell again takes the choice back to
 * before it; clicking anything else starts over.
 */
export function clickToMove(root, legal, pathOf, play) {
  const moves = legal.map((move) => ({ move, path: pathOf(move) })).filter((m) => m.path && m.path.length);
  const cells = new Map();
  for (const node of root.querySelectorAll("[data-cell]")) cells.set(node.dataset.cell, node);
  let chosen = [];
  let sending = false; // a move is on its way: nothing is clickable until the answer

  const candidates = () => moves.filter((m) => chosen.every((cell, i) => m.path[i] === cell));
  const nextCells = () => new Set(candidates().filter((m) => m.path.length > chosen.length).map((m) => m.path[chosen.length]));

  function refresh() {
    for (const node of cells.values()) {
      node.classList.remove("movable", "target", "selected");
      node.removeAttribute("tabindex");
      node.removeAttribute("role");
    }
    for (const cell of chosen) {
      const node = cells.get(cell);
      if (!node) continue;
      node.classList.add("selected");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
    }
    for (const cell of sending ? [] : nextCells()) {
      const node = cells.get(cell);
      if (!node) continue;
      node.classList.add(chosen.length ? "target" : "movable");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
    }
  }

  function choose(cell) {
    if (nextCells().has(cell)) {
      chosen.push(cell);
      const left = candidates();
      const done = left.find((m) => m.path.length === chosen.length);
      if (done && left.every((m) => m.path.length === chosen.length)) {
        chosen = [];
        sending = true;
        refresh();
        // The page normally redraws the board with the new position; if it does not (the
        // move was refused), this board becomes playable again.
        Promise.resolve(play(done.move)).finally(() => { sending = false; refresh(); });
        return;
      }
    } else if (chosen.includes(cell)) {
      chosen = chosen.slice(0, chosen.indexOf(cell));
    } else {
      chosen = [];
      if (nextCells().has(cell)) return choose(cell);
    }
    refresh();
  }

  const activate = (event) => {
    const node = event.target.closest?.("[data-cell]");
    if (!node || !root.contains(node)) {
      if (chosen.length) { chosen = []; refresh(); }
      return;
    }
    if (sending || !node.hasAttribute("tabindex")) {
      if (chosen.length) { chosen = []; refresh(); }
      return;
    }
    event.preventDefault();
    choose(node.dataset.cell);
  };
  root.addEventListener("click", activate);
  root.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") activate(event);
  });
  refresh();
}

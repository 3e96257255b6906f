// An analysis board (docs/analysis.md, "The analysis board"), whatever page it is on: the board
// of the position shown made playable to try moves, each kept as a variation in a tree beside
// the main line (web/analysis/variations.js); the engine, once turned on, evaluating every
// position shown with its best line, its best move drawn on the board; the panel with the
// engine's switch and answer and the variations; the line that says which variation is shown.
// The page it is on is its host: a finished game's page (web/game/analysis-board.js, the main
// line the game's moves) or the position editor (web/editor/page.js, the main line the position
// set up).

import { clickToMove, previewPath } from "../boards/click-to-move.js";
import { analysePosition, positionAfter, readPosition } from "./engine.js";
import { engineAnswer, statusWords } from "./engine-answer.js";
import { addMove, lineTo, removeVariation, variationTree } from "./variations.js";
import { drawBestMove } from "../game/review-panel.js";
import { sideName, t } from "../i18n.js";
import { el } from "../ui.js";

/** @typedef {import("./variations.js").Variation} Variation */
/** @typedef {import("../boards/common.js").Drawn} Drawn */

/** A position as a board module draws it, with its legal moves.
 * @typedef {import("../boards/common.js").BoardView & { legal: string[] }} ShownView */

/** What a board keeps while its page is open: the variations tried and the one shown, the
 * positions read and being read (by code), the moves of the position drawn that have no cell on the board, the
 * engine's switch and answers (by code; empty while asked), the last refusal.
 * @typedef {ReturnType<typeof analysisBoardState>} AnalysisBoardState */

/** A new board's state (its page keeps it), with the variations `tree` tried before (none by
 * default).
 * @param {import("./variations.js").VariationTree} [tree] */
export function analysisBoardState(tree = variationTree()) {
  return {
    tree,
    /** @type {Variation | null} */
    shown: null,
    /** @type {Map<string, import("./engine.js").Position>} */
    positions: new Map(),
    /** @type {Map<string, Promise<import("./engine.js").Position | null>>} */
    asked: new Map(),
    /** @type {string[]} */
    boardless: [],
    engineOn: false,
    /** @type {Map<string, { found?: import("./engine.js").EngineView, error?: string }>} */
    answers: new Map(),
    error: "",
  };
}

/** The page an analysis board is on: its state, the game and settings, how it draws itself
 * again, says a move of a position in words, and goes along its main line (the moves before
 * the position shown, showing the position after some, where a variation starts in words, how
 * a position of it is picked and the way back to it).
 * @typedef {object} BoardHost
 * @property {AnalysisBoardState} state
 * @property {string} game
 * @property {Record<string, string>} settings
 * @property {() => void} redraw
 * @property {(move: string, v: ShownView) => string} describe
 * @property {() => number} mainPly
 * @property {(ply: number) => string | null} mainMove the main line's move after `ply` moves
 *   (null: none, at its end or where it has no moves)
 * @property {(ply: number) => Promise<void> | void} showMain
 * @property {(from: number) => string} startWords
 * @property {(tree: import("./variations.js").VariationTree) => void} [keep] keeps the
 *   variations once changed (a finished game's page keeps them in the browser)
 * @property {{ pick: string | null, back: string }} words how to pick a position of the main
 *   line (null: there is one), and the way back to it */

/** The position `code` of the host's game, for the server.
 * @param {BoardHost} host
 * @param {string} code */
const positionOf = (host, code) => ({ game: host.game, settings: host.settings, code });

/** On the board just drawn for `v` (a position of the main line, or of a variation): its moves
 * to try, once the server has said which, and the engine's best move when the engine is on;
 * what is not known yet is asked for.
 * @param {BoardHost} host
 * @param {ShownView} v
 * @param {Drawn} drawn */
export function analysisBoardMoves(host, v, drawn) {
  const board = host.state;
  board.boardless = [];
  offerMoves(host, v, drawn);
  if (!board.engineOn || v.status.state !== "to_move") return;
  const answer = board.answers.get(v.code);
  if (!answer) askEngine(host, v.code);
  else if (answer.found?.line.length && !drawn.svg.querySelector(".best-move")) drawBestMove(drawn, answer.found.line[0].move);
}

/** Makes the board drawn for `v` playable by its legal moves: at once when they are known,
 * else once the server has said them (asked once a position), if the board is still shown;
 * the host is drawn again only for moves without a cell (its panel offers them).
 * @param {BoardHost} host
 * @param {ShownView} v
 * @param {Drawn} drawn */
function offerMoves(host, v, drawn) {
  const board = host.state;
  const known = board.positions.get(v.code);
  if (known) {
    playable(host, v, drawn, known);
    return;
  }
  if (!board.asked.has(v.code)) board.asked.set(v.code, readPosition(positionOf(host, v.code)).then((position) => { board.positions.set(v.code, position); return position; }, () => null));
  board.asked.get(v.code)?.then((position) => {
    if (!position || !drawn.svg.isConnected) return;
    playable(host, v, drawn, position);
    if (board.boardless.length) host.redraw();
  });
}

/** Makes the board drawn for `v` playable by the legal moves of `position` (those without a
 * cell are kept for the panel's buttons).
 * @param {BoardHost} host
 * @param {ShownView} v
 * @param {Drawn} drawn
 * @param {import("./engine.js").Position} position */
function playable(host, v, drawn, position) {
  clickToMove(drawn.svg, position.legal, drawn.pathOf, (move) => tryMove(host, v, move),
    drawn.preview ?? ((cells) => previewPath(drawn.svg, drawn.centreOf, cells)));
  host.state.boardless = position.legal.filter((move) => !drawn.pathOf(move)?.length);
}

/** Asks the engine about the position `code` (once), drawing the host again with its answer.
 * @param {BoardHost} host
 * @param {string} code */
async function askEngine(host, code) {
  const { answers } = host.state;
  answers.set(code, {});
  try {
    answers.set(code, { found: await analysePosition(positionOf(host, code)) });
  } catch (e) {
    answers.set(code, { error: e.message });
  }
  host.redraw();
}

/** Tries `move` in the position `v` shown: the position after it becomes a variation (or the
 * one tried before with that move), shown on the board.
 * @param {BoardHost} host
 * @param {ShownView} v
 * @param {string} move */
async function tryMove(host, v, move) {
  const board = host.state;
  const parent = board.shown;
  // The main line's own next move follows the main line (as on lichess), not a variation.
  const ply = host.mainPly();
  if (!parent && host.mainMove(ply) === move) {
    await host.showMain(ply + 1);
    return;
  }
  try {
    const position = await positionAfter(positionOf(host, v.code), move);
    board.positions.set(position.code, position);
    const side = v.status.state === "to_move" ? v.status.name : t("roll");
    board.shown = addMove(board.tree, parent, parent ? parent.from : ply, move, side, host.describe(move, v), position);
    host.keep?.(board.tree);
    board.error = "";
  } catch (e) {
    board.error = e.message;
  }
  host.redraw();
}

/** Shows the variation `node` on the board (the main line at the position it starts from).
 * @param {BoardHost} host
 * @param {Variation} node */
async function showVariation(host, node) {
  if (host.mainPly() !== node.from) await host.showMain(node.from);
  host.state.shown = node;
  host.redraw();
}

/** Forgets the variation shown and what was tried after it; shows the move before it.
 * @param {BoardHost} host */
function deleteShown(host) {
  const board = host.state;
  if (!board.shown) return;
  removeVariation(board.tree, board.shown);
  host.keep?.(board.tree);
  board.shown = board.shown.parent;
  host.redraw();
}

/** The analysis board's panel for the position `v` on the board: the moves off the board to
 * try, the engine's switch and answer, a refusal if the last move tried was refused, and the
 * variations tried.
 * @param {BoardHost} host
 * @param {ShownView} v */
export function analysisBoardPanel(host, v) {
  const board = host.state;
  const toggle = el("button", { class: "secondary", id: "engine-toggle", type: "button", "aria-pressed": String(board.engineOn),
    onclick: () => { board.engineOn = !board.engineOn; host.redraw(); } }, t("Engine: evaluate each position shown"));
  return el("section", { class: "analysis-board", id: "analysis-board", "aria-labelledby": "analysis-board-title" },
    el("h2", { id: "analysis-board-title" }, t("Analysis board")),
    el("p", { class: "help" }, host.words.pick, host.words.pick ? " " : null,
      t("Make a move on the board to try it: the moves tried are kept below as variations.")),
    boardlessTries(host, v),
    el("div", { class: "controls" }, toggle),
    board.engineOn ? el("div", { class: "engine-answer", id: "engine-answer", "aria-live": "polite" }, answerFor(host, v)) : null,
    el("p", { class: "error", id: "analysis-board-error", role: "alert" }, board.error),
    variationList(host));
}

/** The moves of the position `v` that have no cell on the board (a die's faces, a forced
 * pass), as buttons that try them.
 * @param {BoardHost} host
 * @param {ShownView} v */
function boardlessTries(host, v) {
  const moves = host.state.boardless;
  if (!moves.length) return null;
  const label = v.status.state === "chance" ? t("Roll the die:") : t("Moves off the board:");
  return el("div", { class: "controls boardless-tries", id: "boardless-tries", role: "group", "aria-label": label },
    el("span", {}, label), moves.map((move) => el("button", { class: "secondary", type: "button", "data-move": move,
      onclick: () => tryMove(host, v, move) }, host.describe(move, v))));
}

/** What the engine says about the position `v`, or that it is thinking, or why it cannot.
 * @param {BoardHost} host
 * @param {ShownView} v */
function answerFor(host, v) {
  if (v.status.state !== "to_move") return el("p", { class: "help" }, t("Nobody is to move here: the engine has nothing to say."));
  const answer = host.state.answers.get(v.code);
  if (answer?.found) return engineAnswer(answer.found, (move, code) => host.describe(move, { ...v, code }));
  if (answer?.error) return el("p", { class: "error" }, answer.error);
  return el("p", { class: "help", role: "status" }, t("The computer is thinking…"));
}

/** The line that says which variation is shown (`v`, its position): from which position of
 * the main line, its moves, whose turn; with the way back to the main line and a button to
 * forget it. Null when none is shown.
 * @param {BoardHost} host
 * @param {ShownView} v */
export function variationLine(host, v) {
  const node = host.state.shown;
  if (!node) return null;
  const moves = lineTo(node).map((n) => n.words).join(", ");
  return el("div", { class: "status variation-shown", id: "variation-shown" },
    el("p", {}, `${t("Variation {start}: {moves}.", { start: host.startWords(node.from), moves })} ${statusWords(v.status)}`),
    el("div", { class: "controls" },
      el("button", { class: "secondary", id: "back-to-game", type: "button", onclick: () => host.showMain(node.from) }, host.words.back),
      el("button", { class: "secondary", id: "delete-variation", type: "button", onclick: () => deleteShown(host) }, t("Delete this variation"))));
}

/** The variations tried, each from the position of the main line it starts after: its moves
 * as buttons that show them, the variations within it nested after the move they replace.
 * @param {BoardHost} host */
function variationList(host) {
  const { tree } = host.state;
  const title = el("h3", { id: "variations-title" }, t("Variations"));
  if (!tree.roots.length) return [title, el("p", { class: "help", id: "no-variations" }, t("No variations yet."))];
  const roots = [...tree.roots].sort((a, b) => a.from - b.from);
  return [title, el("ul", { class: "variations", id: "variations", "aria-labelledby": "variations-title" },
    roots.map((root) => el("li", {}, el("span", { class: "variation-start" }, `${host.startWords(root.from)}:`), " ", lineItems(host, root))))];
}

/** The line that starts with `node`: its moves, each followed by the variations that replace
 * the next one.
 * @param {BoardHost} host
 * @param {Variation} node */
function lineItems(host, node) {
  /** @type {HTMLElement[]} */
  const items = [nodeButton(host, node)];
  for (let at = node; at.children.length; at = at.children[0]) {
    const [next, ...others] = at.children;
    items.push(nodeButton(host, next));
    for (const other of others) items.push(el("ul", { class: "variations nested" }, el("li", {}, lineItems(host, other))));
  }
  return items;
}

/** A move of a variation as a button that shows the position after it.
 * @param {BoardHost} host
 * @param {Variation} node */
function nodeButton(host, node) {
  const current = host.state.shown === node;
  return el("button", { class: `link variation-move${current ? " current" : ""}`, type: "button", id: `variation-${node.id}`,
    "data-move": node.move, "data-code": node.position.code, "aria-current": current ? "step" : null,
    "aria-label": t("{side}: {move}", { side: sideName(node.side), move: node.words }), onclick: () => showVariation(host, node) }, node.words);
}

// The position editor's analysis board (docs/analysis.md, "The analysis board"): from a legal
// position set up, the editor's board stops placing pieces and becomes an analysis board
// (web/analysis/board.js) whose main line is that position alone: moves tried from it are kept
// as variations, the engine evaluates every position shown; "Back to editing" gives the
// editor's board back. Any edit of the position (the side, the die, a code) ends it too.

import { analysisBoardMoves, analysisBoardPanel, analysisBoardState, variationLine } from "../analysis/board.js";
import { t } from "../i18n.js";
import { el, fill } from "../ui.js";

/** @typedef {import("./page.js").Editor} Editor */
/** @typedef {import("../analysis/engine.js").Position} Position */
/** @typedef {import("../analysis/board.js").ShownView} ShownView */

/** What the editor lends its analysis board: the way back to editing, and how a board drawn is
 * fitted to a phone's screen.
 * @typedef {{ close: () => void, fit: (scroll: HTMLElement, drawn: import("../boards/common.js").Drawn) => void }} EditorFrame */

/** Opens the analysis board on the position set up, `position` (as the server read it).
 * @param {Editor} editor
 * @param {Position} position
 * @param {EditorFrame} frame */
export function openAnalysisBoard(editor, position, frame) {
  editor.analysisBoard = analysisBoardState();
  drawAnalysisBoard(editor, position, frame);
  editor.ui.boardArea.scrollIntoView({ block: "nearest" });
}

/** The editor as the analysis board's host: the main line is the position set up.
 * @param {Editor} editor
 * @param {Position} position
 * @param {EditorFrame} frame
 * @returns {import("../analysis/board.js").BoardHost} */
function host(editor, position, frame) {
  const state = /** @type {import("../analysis/board.js").AnalysisBoardState} */ (editor.analysisBoard);
  const redraw = () => { if (editor.analysisBoard === state) drawAnalysisBoard(editor, position, frame); };
  return {
    state,
    game: editor.entry.name,
    settings: editor.settings,
    redraw,
    describe: (move, v) => editor.board.describeMove?.(move, v, editor.settings) ?? move,
    mainPly: () => 0,
    mainMove: () => null,
    showMain: () => { state.shown = null; redraw(); },
    startWords: () => t("from the position set up"),
    words: { pick: null, back: t("Back to the position set up") },
  };
}

/** Draws the position of the variation shown (or the one set up) on the editor's board, playable
 * to try moves, and the analysis board's panel beside it.
 * @param {Editor} editor
 * @param {Position} position
 * @param {EditorFrame} frame */
function drawAnalysisBoard(editor, position, frame) {
  const boardHost = host(editor, position, frame);
  const shown = boardHost.state.shown?.position ?? position;
  /** @type {ShownView} */
  const view = { code: shown.code, status: shown.status, legal: shown.legal, last_move: null, moves: [], plies: [],
    seats: editor.seatNames.map((name, seat) => ({ seat, name })) };
  const drawn = editor.board.draw(view, editor.settings);
  const root = drawn.svg;
  root.id = "board";
  root.dataset.game = editor.entry.name;
  root.dataset.code = shown.code;
  const scroll = el("div", { class: "board-scroll" }, root);
  editor.ui.boardArea.replaceChildren(scroll);
  frame.fit(scroll, drawn);
  analysisBoardMoves(boardHost, view, drawn);
  fill(editor.ui.analysis,
    variationLine(boardHost, view),
    analysisBoardPanel(boardHost, view),
    el("div", { class: "controls" }, el("button", { class: "secondary", id: "close-analysis-board", type: "button", onclick: frame.close }, t("Back to editing"))));
}

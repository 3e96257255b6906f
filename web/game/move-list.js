// The game's moves: the move list numbered as the game's record numbers them (one line per
// number: `12. 3 U-S`, Kauri's `1. f D`), each move a button that shows the position after it;
// replay (buttons and Home/End/Left/Right); undo where nobody else plays; the records to
// download.

import { api, el } from "../ui.js";
import { boardIntoView } from "./board-view.js";
import { post } from "./state.js";
import { sideName, t } from "../i18n.js";

/** @typedef {import("./state.js").Game} Game */
/** @typedef {import("../ui.js").GameView} GameView */

/** Shows the position after `ply` moves of the game (null or the last: follow the game).
 * @param {Game} game
 * @param {number | null} ply */
export async function showPly(game, ply) {
  const { view } = game;
  const target = ply === null || ply >= view.moves.length ? null : Math.max(0, ply);
  game.shownPly = target;
  game.analysisBoard.shown = null; // a position of the game, not of a variation tried from it
  try {
    const v = target === null ? view : await api(`/api/games/${game.id}?ply=${target}`);
    if (game.shownPly === target) { game.shownView = v; game.render({ animate: false }); }
  } catch (e) {
    game.showError(e.message);
  }
}

/**
 * The list of the game's moves with the position after `shown` moves marked. Chance outcomes
 * (the server's rolls) are drawn as dice. `marks` (from the analysis) maps the number of moves
 * after a move to its mark, `{kind, symbol, words}`, written after the move.
 * @param {Game} game
 * @param {number} shown
 * @param {Map<number, { kind: string, symbol: string, words: string }>} [marks]
 */
export function moveList(game, shown, marks = new Map()) {
  const { view } = game;
  /** @type {{ number: number, items: HTMLElement[] }[]} */
  const lines = [];
  const display = shownMoves(game);
  view.moves.forEach((record, i) => {
    const text = display[i] ?? record;
    const { number, seat } = view.plies[i];
    if (!lines.length || lines[lines.length - 1].number !== number) lines.push({ number, items: [] });
    const who = seat === null ? t("roll") : sideName(view.seats[seat]?.name ?? "");
    const mark = marks.get(i + 1);
    lines[lines.length - 1].items.push(el("button", {
      class: `ply${seat === null ? " chance" : ""}${i + 1 === shown ? " current" : ""}`,
      "data-ply": i + 1,
      "aria-label": t("move {number}, {who} {move}", { number, who, move: text }) + (mark ? `, ${mark.words}` : ""),
      title: text === record ? null : t("Record: {move}", { move: record }),
      "data-record": record,
      "aria-current": i + 1 === shown ? "step" : null,
      onclick: () => { showPly(game, i + 1); boardIntoView(game); },
    }, text, mark ? el("span", { class: `move-mark ${mark.kind}`, "aria-hidden": "true" }, mark.symbol) : null));
  });
  const list = el("ol", { class: "movelist", id: "movelist", "aria-label": t("Moves") },
    lines.map((line) => el("li", { value: line.number }, el("span", { class: "num", "aria-hidden": "true" }, `${line.number}.`), line.items)));
  if (!lines.length) list.append(el("li", { class: "empty help" }, t("No moves yet.")));
  return [el("h2", { class: "moves-title" }, t("Moves")), list];
}

/** The game's moves as the move list shows them: the board module may show them shorter than
 * the record's notation (web/boards/quarx.js).
 * @param {Game} game
 * @returns {(string | null)[]} */
export const shownMoves = (game) => game.board.shortMoves?.(game.view, game.settings) ?? game.view.moves;

/** Scrolls `list` (not the page) so that its current move, or its end, is in view.
 * @param {HTMLElement} list */
export function keepInView(list) {
  const current = /** @type {HTMLElement | null} */ (list.querySelector(".current"));
  if (!current) { list.scrollTop = list.scrollHeight; return; }
  const top = current.offsetTop; // the list is positioned (style.css), so this is inside it
  if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = top - list.clientHeight / 2;
  }
}

/** First, back, forward, last: the replay buttons for the position `v`.
 * @param {Game} game
 * @param {GameView} v */
export function replayControls(game, v) {
  const last = game.view.moves.length;
  const ply = v.ply;
  const button = (/** @type {string} */ label, /** @type {string} */ text, /** @type {number | null} */ target, /** @type {boolean} */ disabled) =>
    el("button", { class: "secondary", "aria-label": label, title: label, onclick: () => showPly(game, target), disabled }, text);
  return el("div", { class: "controls replay", id: "replay", role: "group", "aria-label": t("Replay") },
    button(t("First position"), "«", 0, ply === 0),
    button(t("Back"), "‹", ply - 1, ply === 0),
    button(t("Forward"), "›", ply + 1, ply === last),
    button(t("Last position"), "»", null, ply === last));
}

/** Home, End, Left and Right replay the game (outside text fields, and not when the board's
 * cursor took the key).
 * @param {Game} game */
export function listenForReplayKeys(game) {
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(/** @type {Element} */ (e.target).tagName)) return;
    const moves = game.view.moves.length;
    const ply = game.shownPly === null ? moves : game.shownPly;
    const target = /** @type {Record<string, number | null>} */ ({ ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: null })[e.key];
    if (target === undefined || (e.key === "ArrowLeft" && ply === 0)) return;
    if (target !== null && target > moves) return;
    e.preventDefault();
    showPly(game, target);
  });
}

/** Whether this browser may take a move back at once: it holds a seat, something was
 * played, and nobody else plays (only the computer, or people at this screen); between people
 * a takeback is asked for instead.
 * @param {Game} game */
function canUndo({ view, seats }) {
  return !seats.othersPlay(view) && view.moves.length > 0 && seats.all().length > 0;
}

/** Undo, and the game's record as text and as JSON.
 * @param {Game} game */
export function undoAndRecords(game) {
  const { id } = game;
  return el("div", { class: "controls" },
    el("button", { class: "secondary", id: "undo", onclick: () => post(game, "undo", { token: game.seats.all()[0] }), disabled: !canUndo(game) }, t("Undo")),
    el("a", { href: `/api/games/${id}/record?format=text`, download: true, id: "download-text" }, t("Record (text)")),
    el("a", { href: `/api/games/${id}/record?format=json`, download: true, id: "download-json" }, t("Record (JSON)")));
}

// The board on the game page: the game's board module (web/boards/<game>.js) drawn for the
// position shown, with the attributes tests wait for, playable by clicks when this screen is to
// move (web/game/analysis.js draws the best move on it), by the keyboard's cursor too
// (web/boards/keyboard.js) with the way on to the moves and the game's controls right after it,
// zoomed on a phone when its click areas would be too small, turned round on request (or for
// the player's own side at the bottom), sized to the height the first screen has left under
// what stands above it; and the text picture with the position code under the moves, with a
// link to the editor.

import { clickToMove, previewPath } from "../boards/click-to-move.js";
import { centreIn, tapWidth } from "../boards/common.js";
import { keyboardCursor } from "../boards/keyboard.js";
import { t } from "../i18n.js";
import { el } from "../ui.js";
import { playMove } from "./move-input.js";

/** @typedef {import("./state.js").Game} Game */
/** @typedef {import("../ui.js").GameView} GameView */
/** @typedef {import("../boards/common.js").Drawn} Drawn */

/** Draws the position `v` into the board area (playable when `myMove`); returns what the board
 * module returned (`{ svg, pathOf, centreOf, ... }`, web/boards/common.js).
 * @param {Game} game
 * @param {GameView} v
 * @param {boolean} myMove */
export function drawBoard(game, v, myMove) {
  const drawn = game.board.draw(v, game.settings);
  const svgNode = drawn.svg;
  svgNode.id = "board";
  svgNode.dataset.game = v.game;
  svgNode.dataset.code = v.code;
  svgNode.dataset.ply = String(v.ply);
  const flipped = isFlipped(game);
  svgNode.classList.toggle("flipped", flipped);
  svgNode.dataset.flipped = String(flipped);
  const scroll = el("div", { class: "board-scroll" }, svgNode);
  game.ui.boardArea.replaceChildren(scroll);
  if (myMove) {
    clickToMove(svgNode, v.legal, drawn.pathOf, (move) => playMove(game, move),
      drawn.preview ?? ((cells) => previewPath(svgNode, drawn.centreOf, cells)));
  }
  keyboardCursor(svgNode);
  fitForTouch(game, scroll, drawn);
  game.ui.boardArea.append(boardSkips());
  return drawn;
}

/** Focuses the first of `targets` found (in the page as it is when asked) and brings it into view.
 * @param {() => (Element | null | undefined)[]} targets */
const focusFirst = (targets) => () => {
  const found = targets().find((node) => node instanceof HTMLElement);
  if (!(found instanceof HTMLElement)) return;
  found.focus();
  found.scrollIntoView({ block: "nearest" });
};

/** Right after the board, a Tab away from it: what the keys do on the board, and the way on
 * to the moves (the one shown, else the last) and to the game's controls (what waits for an
 * answer, the table's actions, the move buttons or box, else the flip); seen once focused.
 * @returns {HTMLElement} */
function boardSkips() {
  const find = (/** @type {string} */ selector) => document.querySelector(selector);
  return el("nav", { class: "board-skips", "aria-label": t("Keyboard") },
    el("p", { class: "help" }, t("On the board the arrow keys move, Enter picks, Escape cancels.")),
    el("button", { type: "button", class: "secondary", id: "to-moves",
      onclick: focusFirst(() => [find("#movelist .current"), [...document.querySelectorAll("#movelist .ply")].at(-1), find("#replay button:not([disabled])"), find("#flip")]) },
    t("Go to the moves")),
    el("button", { type: "button", class: "secondary", id: "to-controls",
      onclick: focusFirst(() => [find("#question-box button"), find("#table-controls button:not([disabled])"), find("#controls button, #controls input"), find("#flip")]) },
    t("Go to the game's controls")));
}

/** Whether the board is drawn turned round: as the player chose, else by default when this
 * screen plays one seat (against a person or the computer) and the board module draws another
 * seat at the bottom (so that one's own side is at the bottom).
 * @param {Game} game */
function isFlipped(game) {
  if (game.flipped !== null) return game.flipped;
  const { view, seats, board } = game;
  const mine = view.seats.filter((s) => seats.mine(s.seat));
  return board.bottomSeat !== undefined && mine.length === 1 && mine[0].seat !== board.bottomSeat;
}

/** The button that turns the board round (beside the board's replay controls).
 * @param {Game} game */
export function flipButton(game) {
  const flipped = isFlipped(game);
  return el("button", { class: "secondary flip", id: "flip", type: "button", "aria-pressed": String(flipped),
    onclick: () => { game.flipped = !flipped; game.render({ animate: false }); } }, t("Flip the board"));
}

/** Keeps the whole board on the first screen whatever stands above it (the header, the title,
 * the table's notice, the presence line): the board area's `--board-top` (which web/style.css
 * sizes the board by) is where the board starts on the page, measured again whenever one of
 * the elements `above` changes its size (a notice shown or faded, a line wrapped). Measured
 * where the board stands in the page's flow: on a wide screen the board area sticks to the
 * top of the screen once the page is scrolled (web/style.css). Returns the measurement, for
 * the page to call after drawing.
 * @param {Game} game
 * @param {(Element | null)[]} above */
export function keepBoardOnScreen(game, above) {
  const area = game.ui.boardArea;
  const measure = () => {
    const board = area.querySelector(".board-svg");
    if (!board) return;
    area.style.position = "static";
    const top = board.getBoundingClientRect().top + window.scrollY;
    area.style.position = "";
    area.style.setProperty("--board-top", `${Math.round(top)}px`);
  };
  const observer = new ResizeObserver(measure);
  for (const node of above) if (node) observer.observe(node);
  return measure;
}

/** On a narrow screen, shows a board whose click areas would be under MIN_TAP pixels zoomed
 * in (scrollable), with a button to see it whole.
 * @param {Game} game
 * @param {HTMLElement} scroll
 * @param {Drawn} drawn */
function fitForTouch(game, scroll, drawn) {
  const svgNode = drawn.svg;
  const narrow = window.matchMedia("(max-width: 50rem)").matches;
  const width = scroll.clientWidth;
  const needed = tapWidth(drawn); // the board's width with big enough cells
  if (!narrow || !needed || !width || needed <= width) return;
  if (game.zoomed === null) game.zoomed = true;
  const toggle = el("button", { class: "secondary zoom-toggle", id: "zoom", "aria-pressed": String(game.zoomed),
    onclick: () => { game.zoomed = !game.zoomed; game.render({ animate: false }); } }, game.zoomed ? t("Show the whole board") : t("Zoom in"));
  game.ui.boardArea.append(toggle);
  if (!game.zoomed) return;
  scroll.classList.add("zoomed");
  svgNode.style.width = `${Math.ceil(needed)}px`;
  const focus = svgNode.querySelector(".movable, .last-move, [data-cell]");
  if (focus) centreIn(scroll, focus);
}

/** On a phone, scrolls the board into view when less than half of it shows (after a chart
 * point or a move was chosen below it).
 * @param {Game} game */
export function boardIntoView(game) {
  if (!window.matchMedia("(max-width: 50rem)").matches) return;
  const box = game.ui.boardArea.getBoundingClientRect();
  const shown = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
  if (shown < box.height / 2) game.ui.boardArea.scrollIntoView({ block: "start" });
}

/** The board as text and the position code of `v`, folded (kept open while the page is drawn
 * again).
 * @param {Game} game
 * @param {GameView} v */
export function positionPicture(game, v) {
  return el("details", { class: "picture-box", open: game.pictureOpen, ontoggle: (/** @type {Event} */ e) => { game.pictureOpen = /** @type {HTMLDetailsElement} */ (e.target).open; } },
    el("summary", {}, t("Text picture and position code")),
    el("pre", { class: "picture", id: "picture", "aria-label": t("Board as text") }, v.picture),
    el("p", { class: "help" }, t("Position code:"), " ", el("code", { id: "code" }, v.code)),
    el("p", {}, el("a", { id: "edit-position", href: `/editor/${v.game}?${new URLSearchParams({ ...game.settings, code: v.code })}` },
      t("Open this position in the editor"))));
}

// Making a move other than by clicks on the board (web/boards/click-to-move.js does those): a
// button per legal move when there are a dozen or fewer, else a move box with the legal moves
// as completions, a legal move hovered or typed drawn on the board; moves without a cell (a
// forced pass) as buttons beside the status; and sending the move chosen.

import { previewPath } from "../boards/click-to-move.js";
import { el } from "../ui.js";
import { describe, post } from "./state.js";
import { t, tn } from "../i18n.js";

/** @typedef {import("./state.js").Game} Game */
/** @typedef {import("../ui.js").GameView} GameView */
/** @typedef {import("../boards/common.js").Drawn} Drawn */

/** At most this many legal moves are offered as buttons; more get a move box. */
const MAX_MOVE_BUTTONS = 12;

/** Sends `text` as the move of the seat to move (a promise, settled once the answer is in).
 * @param {Game} game
 * @param {string} text */
export function playMove(game, text) {
  return post(game, "moves", { token: game.seats.token(game.view.status.seat), move: text, ply: game.view.moves.length });
}

/** The buttons of the legal moves of `v` that have no cell on the board (a forced pass).
 * @param {Game} game
 * @param {GameView} v
 * @param {Drawn} drawn */
export function boardlessMoves(game, v, drawn) {
  const moves = v.legal.filter((m) => !drawn.pathOf(m));
  if (!moves.length) return null;
  return el("div", { class: "boardless" }, moves.map((m) =>
    el("button", { class: "big", "data-move": m, onclick: () => playMove(game, m) }, describe(game, m, v))));
}

/** The move controls beside the board when this screen is to move (`myMove`): a button per
 * legal move of `v` on the board, or the move box; empty otherwise.
 * @param {Game} game
 * @param {GameView} v
 * @param {Drawn} drawn
 * @param {boolean} myMove */
export function moveControls(game, v, drawn, myMove) {
  const controls = el("div", { class: "move-controls", id: "controls" });
  if (!myMove) return controls;
  const onBoard = v.legal.filter((m) => drawn.pathOf(m));
  const preview = (/** @type {string} */ m) => previewPath(drawn.svg, drawn.centreOf, drawn.pathOf(m) ?? []);
  if (onBoard.length && onBoard.length <= MAX_MOVE_BUTTONS) {
    controls.append(el("div", { class: "moves-legal", id: "legal", role: "group", "aria-label": t("Legal moves") },
      onBoard.map((m) => el("button", { class: "secondary", "data-move": m, onclick: () => playMove(game, m),
        onmouseenter: () => preview(m), onfocus: () => preview(m) }, describe(game, m, v)))));
  } else if (onBoard.length) {
    controls.append(moveBox(game, onBoard, drawn));
  }
  return controls;
}

/** A text box with the legal moves as completions; a legal move typed is drawn on the board.
 * @param {Game} game
 * @param {string[]} legal
 * @param {Drawn} drawn */
function moveBox(game, legal, drawn) {
  const listId = "legal-moves";
  const input = el("input", { id: "move-input", list: listId, autocomplete: "off", spellcheck: "false",
    "aria-describedby": "move-input-help", placeholder: legal[0] });
  input.addEventListener("input", () => {
    const text = input.value.trim();
    previewPath(drawn.svg, drawn.centreOf, (legal.includes(text) && drawn.pathOf(text)) || []);
  });
  return el("form", { class: "move-box", onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (text) playMove(game, text);
  } },
  el("label", { for: "move-input" }, t("Your move")),
  el("div", { class: "move-box-row" }, input, el("button", { type: "submit" }, t("Play"))),
  el("datalist", { id: listId }, legal.map((m) => el("option", { value: m }))),
  el("p", { class: "help", id: "move-input-help" }, tn(legal.length, "{n} legal move: type the first cells to narrow them down.", "{n} legal moves: type the first cells to narrow them down.")));
}

// The move list of the game page: the moves numbered as the game's record numbers them (one
// line per number: `12. 3 U-S`, Kauri's `1. f D`), each move a button that shows the position
// after it; the line of the shown position is kept in view inside the list.

import { el } from "./ui.js";

/**
 * The list for `view` with the position after `shown` moves marked; `select(ply)` is called
 * with the number of moves to show when a move is clicked. Chance outcomes (the server's
 * rolls) are drawn as dice. `marks` (from the analysis) maps the number of moves after a move
 * to its mark, `{symbol, words}`, written after the move.
 */
export function moveList(view, shown, select, marks = new Map()) {
  const lines = [];
  view.moves.forEach((text, i) => {
    const { number, seat } = view.plies[i];
    if (!lines.length || lines[lines.length - 1].number !== number) lines.push({ number, items: [] });
    const who = seat === null ? "roll" : view.seats[seat]?.name ?? "";
    const mark = marks.get(i + 1);
    lines[lines.length - 1].items.push(el("button", {
      class: `ply${seat === null ? " chance" : ""}${i + 1 === shown ? " current" : ""}`,
      "data-ply": i + 1,
      "aria-label": `move ${number}, ${who} ${text}${mark ? `, ${mark.words}` : ""}`,
      "aria-current": i + 1 === shown ? "step" : null,
      onclick: () => select(i + 1),
    }, text, mark ? el("span", { class: `move-mark ${mark.kind}`, "aria-hidden": "true" }, mark.symbol) : null));
  });
  const list = el("ol", { class: "movelist", id: "movelist", "aria-label": "Moves" },
    lines.map((line) => el("li", { value: line.number }, el("span", { class: "num", "aria-hidden": "true" }, `${line.number}.`), line.items)));
  if (!lines.length) list.append(el("li", { class: "empty help" }, "No moves yet."));
  return list;
}

/** Scrolls `list` (not the page) so that its current move, or its end, is in view. */
export function keepInView(list) {
  const current = list.querySelector(".current");
  if (!current) { list.scrollTop = list.scrollHeight; return; }
  const top = current.offsetTop; // the list is positioned (style.css), so this is inside it
  if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = top - list.clientHeight / 2;
  }
}

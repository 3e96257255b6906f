// Keeping the keyboard focus where it was when the game page is drawn again: on the same board
// cell, the same control (by id), or the board.

/** Where focus is, to put it back after the page is drawn again. The focused element lets go
 * of it meanwhile: Chrome lays the page out when a focused element is removed, and a side
 * column emptied for an instant would make the page short enough to scroll it to the top.
 * @returns {{ cell?: string | null, board?: boolean, id?: string } | null} */
export function focusPlace() {
  const active = /** @type {HTMLElement | SVGElement | null} */ (document.activeElement);
  if (!active || active === document.body) return null;
  const boardNode = document.getElementById("board");
  const place = boardNode && boardNode.contains(active) ? { cell: active.dataset?.cell ?? null, board: true }
    : active.dataset?.move ? { board: true }
    : active.id ? { id: active.id }
    : null;
  if (place) active.blur();
  return place;
}

/** Puts the focus back at `place` (from `focusPlace`) in the page drawn again.
 * @param {ReturnType<typeof focusPlace>} place */
export function restoreFocus(place) {
  if (!place) return;
  const target = /** @type {HTMLElement | SVGElement | null} */ ((place.cell && document.querySelector(`#board [data-cell="${CSS.escape(place.cell)}"][tabindex]`))
    || (place.id && document.getElementById(place.id))
    || (place.board && document.getElementById("board")) || null);
  if (target && !("disabled" in target && target.disabled)) target.focus({ preventScroll: true });
}

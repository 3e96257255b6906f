// What the page says about the game in words: the status line (whose turn, the result, the
// position replayed), the tab's title and the last move ("Black (computer) rolled 3 and played
// B-K").

import { el } from "../ui.js";
import { endingBanner, endingWords, whoSits } from "./ending.js";
import { showPly } from "./move-list.js";
import { list, namedByOrder, sideName, t, tn } from "../i18n.js";

/** @typedef {import("./state.js").Game} Game */
/** @typedef {import("../ui.js").GameView} GameView */

/** The status line for the position `v`: whose turn, the result, or the position replayed.
 * @param {Game} game
 * @param {GameView} v */
export function statusLine(game, v) {
  if (v.ply !== v.moves.length) {
    return el("div", { class: "status replay", id: "turn" },
      tn(v.ply, "Showing the position after {n} move of {total}.", "Showing the position after {n} moves of {total}.", { total: v.moves.length }), " ",
      el("button", { class: "link", onclick: () => showPly(game, null) }, t("Back to the game")));
  }
  if (v.status.state === "over") return endingBanner(game, v);
  if (!v.started) {
    const free = list(v.seats.filter((s) => !s.joined).map((s) => sideName(s.name)));
    // The invited person, before taking the seat, is not told to wait for himself.
    return el("div", { class: "status", id: "turn" }, game.joining
      ? t("The game starts once you take the seat ({side}).", { side: free })
      : t("Waiting for the invited player ({side}) to join.", { side: free }));
  }
  if (v.status.state === "chance") return el("div", { class: "status", id: "turn" }, t("Rolling the die…"));
  const seat = v.seats[v.status.seat];
  if (seat.kind === "computer") {
    return el("div", { class: "status thinking", id: "turn" },
      el("span", { class: "spinner", "aria-hidden": "true" }), t("{side} (computer) is thinking…", { side: sideName(v.status.name) }));
  }
  const yours = game.seats.mine(v.status.seat);
  return el("div", { class: `status${yours ? " yours" : ""}`, id: "turn" },
    // Sides named only by their order ("first player") are not said to their own player.
    yours ? (namedByOrder(v.status.name) ? t("Your move") : t("Your move: {side}", { side: sideName(v.status.name) })) : t("{side} to move ({who})", { side: sideName(v.status.name), who: game.seats.label(seat) }));
}

/** The tab's title: whose turn it is, then the game.
 * @param {Game} game */
export function pageTitle(game) {
  const v = game.view;
  let what;
  if (v.status.state === "over") what = endingWords(game, v).headline;
  else if (!v.started) what = t("Waiting for a player");
  else if (v.status.state !== "to_move") what = t("Rolling");
  else if (game.seats.mine(v.status.seat)) what = t("Your move");
  else if (v.seats[v.status.seat].kind === "computer") what = t("{side} is thinking", { side: sideName(v.status.name) });
  else what = t("{side} to move", { side: sideName(v.status.name) });
  return `${what} · ${v.title}`;
}

/** Writes the last move before the position `v` into `line` ("Black (computer) rolled 3 and
 * played B-K"), only when it changed (so that a screen reader says it once).
 * @param {HTMLElement} line
 * @param {GameView} v */
export function showLastMove(line, v) {
  const text = lastMoveWords(v);
  if (line.textContent !== text) line.textContent = text;
}

/** The words of the last move before the position `v`, each roll said with whom it was for:
 * the rolls before the move (the mover's), and a roll after it (for the seat to move next,
 * which the game may have ended before they moved).
 * @param {GameView} v */
function lastMoveWords(v) {
  const last = v.last_move;
  const chanceBetween = (/** @type {number} */ from, /** @type {number} */ to) => v.moves.slice(from, to).filter((_, i) => v.plies[from + i].seat === null);
  // A chance outcome of one digit is a die's face; a longer one is a start drawn by lot
  // (EinStein's arrangements of six cubes, "631452"), which nobody rolled.
  const rollsBetween = (/** @type {number} */ from, /** @type {number} */ to) => chanceBetween(from, to).filter((m) => !drawnStart(m));
  if (!last) {
    const opening = chanceBetween(0, v.ply);
    const rolls = opening.filter((m) => !drawnStart(m)).join(", ");
    const draws = opening.filter(drawnStart).join(", ");
    if (draws) return rolls ? t("No move yet; the start was drawn by lot ({draws}), then {rolls} was rolled.", { draws, rolls }) : t("No move yet; the start was drawn by lot ({draws}).", { draws });
    return rolls ? t("No move yet; rolled {rolls}.", { rolls }) : t("No move yet.");
  }
  let first = last.index;
  while (first > 0 && v.plies[first - 1].seat === null) first--;
  const rolls = rollsBetween(first, last.index);
  const who = whoSits(v.seats[last.seat]);
  const rolled = rolls.join(", ");
  const said = last.text === "pass"
    ? (rolls.length ? t("Last move: {who} rolled {rolls} and passed.", { who, rolls: rolled }) : t("Last move: {who} passed.", { who }))
    : (rolls.length ? t("Last move: {who} rolled {rolls} and played {move}.", { who, rolls: rolled, move: last.text }) : t("Last move: {who} played {move}.", { who, move: last.text }));
  const after = rollsBetween(last.index + 1, v.ply);
  if (!after.length) return said;
  const next = v.status.state === "to_move" ? v.status.seat : (last.seat + 1) % v.seats.length;
  return `${said} ${t("Then {who} rolled {rolls}.", { who: whoSits(v.seats[next]), rolls: after.join(", ") })}`;
}

/** Whether a chance outcome is a start drawn by lot rather than a die's face (see lastMoveWords).
 * @param {string} outcome */
const drawnStart = (outcome) => outcome.length > 1;

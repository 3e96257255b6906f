// What the page says about the game in words: the status line (whose turn, the result, the
// position replayed), the tab's title, the last move ("Black (computer) rolled 3 and played
// B-K"), and the game's settings under its title.

import { el, plural } from "../ui.js";
import { showPly } from "./move-list.js";

/** The status line for the position `v`: whose turn, the result, or the position replayed. */
export function statusLine(game, v) {
  if (v.ply !== v.moves.length) {
    return el("div", { class: "status replay", id: "turn" },
      `Showing the position after ${plural(v.ply, "move")} of ${v.moves.length}. `,
      el("button", { class: "link", onclick: () => showPly(game, null) }, "Back to the game"));
  }
  if (v.status.state === "over") return el("div", { class: "banner", id: "result" }, `Game over: ${v.status.result}`);
  if (!v.started) {
    const free = v.seats.filter((s) => !s.joined).map((s) => s.name).join(" and ");
    return el("div", { class: "status", id: "turn" }, `Waiting for the invited player (${free}) to join.`);
  }
  if (v.status.state === "chance") return el("div", { class: "status", id: "turn" }, "Rolling the die…");
  const seat = v.seats[v.status.seat];
  if (seat.kind === "computer") {
    return el("div", { class: "status thinking", id: "turn" },
      el("span", { class: "spinner", "aria-hidden": "true" }), `${v.status.name} (computer) is thinking…`);
  }
  const yours = game.seats.mine(v.status.seat);
  return el("div", { class: `status${yours ? " yours" : ""}`, id: "turn" },
    yours ? `Your move: ${v.status.name}` : `${v.status.name} to move (${game.seats.label(seat)})`);
}

/** The tab's title: whose turn it is, then the game. */
export function pageTitle(game) {
  const v = game.view;
  let what;
  if (v.status.state === "over") what = "Game over";
  else if (!v.started) what = "Waiting for a player";
  else if (v.status.state !== "to_move") what = "Rolling";
  else if (game.seats.mine(v.status.seat)) what = "Your move";
  else if (v.seats[v.status.seat].kind === "computer") what = `${v.status.name} is thinking`;
  else what = `${v.status.name} to move`;
  return `${what} · ${v.title}`;
}

/** Writes the last move before the position `v` into `line` ("Black (computer) rolled 3 and
 * played B-K"), only when it changed (so that a screen reader says it once). */
export function showLastMove(line, v) {
  const text = lastMoveWords(v);
  if (line.textContent !== text) line.textContent = text;
}

/** The words of the last move before the position `v`. */
function lastMoveWords(v) {
  const last = v.last_move;
  if (!last) return "No move yet.";
  const rolls = [];
  for (let i = last.index - 1; i >= 0 && v.plies[i].seat === null; i--) rolls.unshift(v.moves[i]);
  const seat = v.seats[last.seat];
  const who = `${seat.name}${seat.kind === "computer" ? " (computer)" : ""}`;
  const verb = last.text === "pass" ? "passed" : `played ${last.text}`;
  return `Last move: ${who} ${rolls.length ? `rolled ${rolls.join(", ")} and ` : ""}${verb}.`;
}

/** The game's settings in words, with the labels of the catalog ("Board size: 6 · Legal slides:
 * free"); settings that do not apply, and engine limits left at their defaults, are left out. */
export function settingsLine(entry, settings) {
  return (entry?.settings || [])
    .filter((s) => !s.applies_when || settings[s.applies_when.key] === s.applies_when.value)
    .filter((s) => s.origin !== "engine" || settings[s.key] !== s.default)
    .map((s) => `${s.label}: ${settings[s.key]}`)
    .join(" · ");
}

// The end of a game in words, from this screen's side: "You won", "You lost" or "Draw" for a
// player, the winners' names for a spectator (and at a screen holding every seat), then why:
// a resignation, an agreed draw, a clock run out, or the rules (with the scores, this screen's
// own first, where the game counts them).

import { el } from "../ui.js";
import { capital } from "./review-panel.js";

/** A seat's person and side: "Ada (Black)", "Black (computer)", "Black". */
export function whoSits(seat) {
  if (seat.kind === "computer") return `${seat.name} (computer)`;
  return seat.player ? `${seat.player} (${seat.name})` : seat.name;
}

/** "A", "A and B", "A, B and C". */
const list = (words) => (words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : words[0] ?? "");

/** Which seats this screen speaks for in the ending: the seats it holds, unless it holds them
 * all (one screen for everybody is told as a spectator is). */
function ownSeats(game, v) {
  const mine = v.seats.filter((s) => game.seats.mine(s.seat)).map((s) => s.seat);
  return mine.length === v.seats.length ? [] : mine;
}

/** The ending of the game shown in `v` (over) as { headline, reason }. */
export function endingWords(game, v) {
  const { winners, termination, result } = v.status;
  const mine = ownSeats(game, v);
  const losers = v.seats.filter((s) => winners.length && !winners.includes(s.seat));
  const lostByMe = losers.some((s) => mine.includes(s.seat));
  let headline;
  if (!winners.length) headline = "Draw";
  else if (mine.length) headline = winners.some((w) => mine.includes(w)) ? "You won" : "You lost";
  else headline = capital(`${list(winners.map((w) => whoSits(v.seats[w])))} won`);
  const losersNamed = list(losers.map(whoSits));
  let reason;
  if (termination === "resignation") reason = lostByMe ? "You resigned." : `${capital(losersNamed)} resigned.`;
  else if (termination === "time forfeit") reason = lostByMe ? "Your time ran out." : `${capital(losersNamed)} ran out of time.`;
  else if (termination === "agreement") reason = "Both sides agreed to a draw.";
  else reason = scoreWords(game, v, mine) ?? `By the rules: ${result}.`;
  return { headline, reason };
}

/** The scores at the end, where the board module counts them (`scores(view)`: `{ label,
 * values }` by seat): this screen's own first ("Seeds captured: 36 to 24, yours first"), else
 * by name in seat order. */
function scoreWords(game, v, mine) {
  const scores = game.board.scores?.(v);
  if (!scores) return null;
  const { label, values } = scores;
  if (mine.length === 1) {
    const others = v.seats.filter((s) => s.seat !== mine[0]).map((s) => values[s.seat]);
    return `By the rules: ${label} ${[values[mine[0]], ...others].join(" to ")}, yours first.`;
  }
  return `By the rules: ${label} ${v.seats.map((s) => `${whoSits(s)} ${values[s.seat]}`).join(", ")}.`;
}

/** The banner that says the game is over, from this screen's side. */
export function endingBanner(game, v) {
  const { headline, reason } = endingWords(game, v);
  const tone = headline === "You won" ? " won" : headline === "You lost" ? " lost" : "";
  return el("div", { class: `banner${tone}`, id: "result", "data-headline": headline },
    el("strong", { class: "headline" }, headline), " ", el("span", { class: "reason" }, reason));
}

// The end of a game in words, from this screen's side: "You won", "You lost" or "Draw" for a
// player, the winners' names for a spectator (and at a screen holding every seat), then why:
// a resignation, an agreed draw, a clock run out, or the rules; an aborted game is said to be
// one (not a draw), unrated and in no player's totals (with the scores, this screen's
// own first, where the game counts them).

import { el } from "../ui.js";
import { capital } from "./review-panel.js";
import { list, sideName, t } from "../i18n.js";

/** @typedef {import("./state.js").Game} Game */
/** @typedef {import("../ui.js").GameView} GameView */

/** A seat's person and side: "Ada (Black)", "robo (Black, bot)", "Black (computer)", "Black".
 * @param {import("../ui.js").SeatView} seat */
export function whoSits(seat) {
  if (seat.kind === "computer") return t("{side} (computer)", { side: sideName(seat.name) });
  if (seat.bot && seat.player) return t("{name} ({side}, bot)", { name: seat.player, side: sideName(seat.name) });
  return seat.player ? `${seat.player} (${sideName(seat.name)})` : sideName(seat.name);
}

/** `sentence`, which begins with how `seat` is named (whoSits), with a capital first letter
 * when that is a side's generic name ("first player (computer) won" -> "First player ..."),
 * never when it is a person's name, which stays as its owner wrote it ("bob_7n54 resigned.").
 * @param {import("../ui.js").SeatView} seat
 * @param {string} sentence */
function opening(seat, sentence) {
  return seat.player && seat.kind !== "computer" ? sentence : capital(sentence);
}

/** Which seats this screen speaks for in the ending: the seats it holds, unless it holds them
 * all (one screen for everybody is told as a spectator is).
 * @param {Game} game
 * @param {GameView} v */
function ownSeats(game, v) {
  const mine = v.seats.filter((s) => game.seats.mine(s.seat)).map((s) => s.seat);
  return mine.length === v.seats.length ? [] : mine;
}

/** The ending of the game shown in `v` (over) as { headline, reason, tone } (tone: "won" or
 * "lost" for this screen's player, else "").
 * @param {Game} game
 * @param {GameView} v */
export function endingWords(game, v) {
  const { winners, termination, result } = /** @type {Extract<GameView["status"], { state: "over" }>} */ (v.status); // `v` is over
  const mine = ownSeats(game, v);
  const losers = v.seats.filter((s) => winners.length && !winners.includes(s.seat));
  const lostByMe = losers.some((s) => mine.includes(s.seat));
  if (termination === "aborted") {
    // The server's "aborted (Blue called the game off)": the headline says the first part.
    const why = /\((.*)\)\s*$/.exec(result)?.[1] ?? result;
    return { headline: t("Game aborted"), reason: t("{result}. Unrated, in no player's totals.", { result: capital(why) }), tone: "" };
  }
  let headline;
  let tone = "";
  if (!winners.length) headline = t("Draw");
  else if (mine.length) {
    tone = winners.some((w) => mine.includes(w)) ? "won" : "lost";
    headline = tone === "won" ? t("You won") : t("You lost");
  } else headline = opening(v.seats[winners[0]], t("{names} won", { names: list(winners.map((w) => whoSits(v.seats[w]))) }));
  const losersNamed = list(losers.map(whoSits));
  let reason;
  if (termination === "resignation") reason = lostByMe ? t("You resigned.") : opening(losers[0], t("{names} resigned.", { names: losersNamed }));
  else if (termination === "time forfeit") reason = lostByMe ? t("Your time ran out.") : opening(losers[0], t("{names} ran out of time.", { names: losersNamed }));
  else if (termination === "agreement") reason = t("Both sides agreed to a draw.");
  else reason = scoreWords(game, v, mine) ?? t("By the rules: {result}.", { result });
  return { headline, reason, tone };
}

/** The scores at the end, where the board module counts them (`scores(view)`: `{ label,
 * values }` by seat): this screen's own first ("Seeds captured: 36 to 24, yours first"), else
 * by name in seat order.
 * @param {Game} game
 * @param {GameView} v
 * @param {number[]} mine */
function scoreWords(game, v, mine) {
  const scores = game.board.scores?.(v);
  if (!scores) return null;
  const { label, values } = scores;
  if (mine.length === 1) {
    const others = v.seats.filter((s) => s.seat !== mine[0]).map((s) => values[s.seat]);
    return t("By the rules: {label} {scores}, yours first.", { label, scores: [values[mine[0]], ...others].join(t(" to ")) });
  }
  return t("By the rules: {label} {scores}.", { label, scores: v.seats.map((s) => `${whoSits(s)} ${values[s.seat]}`).join(", ") });
}

/** The banner that says the game is over, from this screen's side.
 * @param {Game} game
 * @param {GameView} v */
export function endingBanner(game, v) {
  const { headline, reason, tone } = endingWords(game, v);
  return el("div", { class: `banner${tone ? ` ${tone}` : ""}`, id: "result", "data-headline": headline },
    el("strong", { class: "headline" }, headline), " ", el("span", { class: "reason" }, reason));
}

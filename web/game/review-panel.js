// The analysis panel of a game (the review of GET /api/games/{id}/analysis, docs/analysis.md): a chart
// of the first player's winning chance over the game (hand-written SVG; each point a button
// that shows the position before that move) with its legend, who was winning in words, a table of every move's loss and mark (the
// chart's equivalent for a screen reader), the evaluation of the position shown in words on the
// one scale, the engine's details folded away, and the best move of that position drawn on the board (class `best-move`).

import { arrow, svg } from "../boards/common.js";
import { el } from "../ui.js";
import { sideName, t, tn } from "../i18n.js";

/** @typedef {import("../ui.js").GameView} GameView */

/** A winning chance on the one scale (crates/tafel-ai/src/scale): `basis` "exact",
 * "estimate" or "search".
 * @typedef {{ win: number, draw: number, basis: string }} Chance */

/** A reviewed move (`MoveReview` of crates/tafel-ai/src/review.rs): `index` is the number of
 * moves before it, `first` the first player's chance before it, `mark` "only", "mistake" or
 * "blunder".
 * @typedef {object} MoveReview
 * @property {number} index
 * @property {number} number
 * @property {number} seat
 * @property {string} played
 * @property {string} best
 * @property {Chance} before
 * @property {Chance} first
 * @property {number} loss
 * @property {boolean} forced
 * @property {string | null} mark */

/** The analysis of a game (`GameReview` of crates/tafel-ai/src/review.rs).
 * @typedef {object} Review
 * @property {string} search
 * @property {MoveReview[]} moves
 * @property {Chance | null} result
 * @property {{ name: string, average_loss: number, mistakes: number, blunders: number }[]} seats */

/** A seat's name in words. @typedef {(seat: number) => string} SeatName */

/** @typedef {import("../boards/common.js").Drawn} Drawn */

/** The chart's size in SVG units (it scales to the panel's width). */
const WIDTH = 360;
const HEIGHT = 140;
const PAD = { left: 34, right: 10, top: 10, bottom: 20 };
/** On a phone, the width of a point's area for taps, in pixels (a strip the chart's height;
 * its dot is smaller). */
const MIN_POINT = 36;

/** How each basis of a chance is said.
 * @type {Record<string, () => string>} */
const BASIS = { exact: () => t("exact"), estimate: () => t("estimate"), search: () => t("the search's own estimate, not calibrated") };

/** A chance as words, as the server and the command line say it: "63% win (estimate)",
 * "40% win, 20% draw (exact)".
 * @param {Chance} chance */
export function chanceWords(chance) {
  const percent = (/** @type {number} */ p) => `${Math.round(p * 100)}%`;
  const basis = BASIS[chance.basis]?.() ?? chance.basis;
  return chance.draw > 0
    ? t("{win} win, {draw} draw ({basis})", { win: percent(chance.win), draw: percent(chance.draw), basis })
    : t("{win} win ({basis})", { win: percent(chance.win), basis });
}

/** `text` with a capital first letter, to begin a sentence ("first player" -> "First player"). */
export const capital = (/** @type {string} */ text) => text.charAt(0).toUpperCase() + text.slice(1);

/** The winning chance with a draw counting half: what the chart shows. */
const score = (/** @type {Chance} */ chance) => chance.win + chance.draw / 2;

/** Whether the table of losses is open (kept while the page is drawn again). */
let lossOpen = false;

/** The mark's symbol and words.
 * @type {Record<string, [string, () => string]>} */
const MARKS = { only: ["!", () => t("the only good move")], mistake: ["?", () => t("a mistake")], blunder: ["??", () => t("a blunder")] };

/** The reviewed move played from the position after `ply` moves, if any.
 * @type {(review: Review | null, ply: number) => MoveReview | null} */
export const reviewAt = (review, ply) => review?.moves.find((m) => m.index === ply) ?? null;

/**
 * The analysis panel for `review` of the game `view`, with the position after `shown` moves
 * marked; `select(ply)` shows a position, `describe(move)` says a move of the position shown
 * in words.
 * @param {Review} review
 * @param {GameView} view
 * @param {number} shown
 * @param {(ply: number) => void} select
 * @param {(move: string) => string} [describe]
 */
export function analysisPanel(review, view, shown, select, describe = (m) => m) {
  /** @type {SeatName} */
  const seatName = (seat) => (view.seats[seat] ? sideName(view.seats[seat].name) : t("seat {n}", { n: seat + 1 }));
  const first = seatName(0);
  const at = reviewAt(review, shown);
  const evaluation = at
    ? t("{side} to move: {chance}. Best move: {move}.", { side: capital(seatName(at.seat)), chance: chanceWords(at.before), move: describe(at.best) })
    : t("No evaluation for this position (nobody moves from it, or it was not analysed).");
  return el("section", { class: "analysis", id: "analysis", "aria-labelledby": "analysis-title" },
    el("h2", { id: "analysis-title" }, t("Analysis")),
    el("p", { class: "story", id: "story" }, story(review, view, seatName)),
    el("p", { class: "evaluation", id: "evaluation", "aria-live": "polite" }, evaluation),
    el("div", { class: "chart-scroll" }, chart(review, view, shown, select, first, seatName)),
    legend(first),
    el("p", { class: "help" }, t("The chart shows {side}'s winning chance (a draw counting half) before each move; select a point to see that position with the best move drawn.", { side: first })),
    summary(review),
    lossTable(review, view, shown, select, seatName),
    el("details", { class: "engine-details", id: "engine-details" }, el("summary", {}, t("Engine details")),
      el("p", { class: "help" }, t("Search: {search}. A chance is exact where the game was solved, an estimate where it comes from many played-out games, and the search's own estimate (not calibrated) otherwise.", { search: review.search }))));
}

/** Who was winning over the game, in words for players, told from the points the chart
 * shows: the first player's chance before each move and at the result ("Black was winning until
 * move 14, then White to the end."; "First player was winning until the last move, then second
 * player won."). A side leads where its chance (a draw counting half) is 65% or more; for a
 * solved game every point is the exact value, so the story agrees with it at every ply.
 * @param {Review} review
 * @param {GameView} view
 * @param {SeatName} seatName */
export function story(review, view, seatName) {
  const other = view.seats.length === 2 ? seatName(1) : t("the other side");
  const leader = (/** @type {Chance} */ chance) => { const p = score(chance); return p >= 0.65 ? capital(seatName(0)) : p <= 0.35 ? capital(other) : null; };
  // The chart's points in order (the result last, `at` null) grouped into runs of one leader.
  /** @type {{ who: string | null, at: number | null }[]} */
  const points = review.moves.map((m) => ({ who: leader(m.first), at: m.number }));
  if (review.result) points.push({ who: leader(review.result), at: null });
  /** @type {{ who: string | null, at: number | null }[]} */
  const runs = [];
  for (const point of points) if (!runs.length || runs[runs.length - 1].who !== point.who) runs.push(point);
  if (!review.moves.length) return t("No move was analysed.");
  if (runs.length === 1) return runs[0].who ? t("{who} was winning throughout.", { who: runs[0].who }) : t("The game was balanced throughout.");
  if (runs.length > 5) {
    const changes = runs.length - 1;
    const last = runs[changes].who;
    // The last run ends at the result when there is one: then it says who won.
    if (review.result) {
      return last ? tn(changes, "The lead changed {n} time; {who} won.", "The lead changed {n} times; {who} won.", { who: last })
        : tn(changes, "The lead changed {n} time; the game was drawn.", "The lead changed {n} times; the game was drawn.");
    }
    return last ? tn(changes, "The lead changed {n} time; {who} was winning at the end.", "The lead changed {n} times; {who} was winning at the end.", { who: last })
      : tn(changes, "The lead changed {n} time; the game was balanced at the end.", "The lead changed {n} times; the game was balanced at the end.");
  }
  // Each run in words: the first says who was winning, the others who then; until a move, until
  // the last move (when the result changed it), to the end; a run of the result alone says it.
  const parts = runs.map((run, i) => {
    const next = runs[i + 1];
    const p = { who: run.who, move: next?.at };
    if (run.at === null) return run.who ? t("then {who} won", p) : t("then the game was drawn");
    if (i === 0) {
      if (run.who) return !next ? t("{who} was winning to the end", p) : next.at === null ? t("{who} was winning until the last move", p) : t("{who} was winning until move {move}", p);
      return !next ? t("the game was balanced to the end") : next.at === null ? t("the game was balanced until the last move") : t("the game was balanced until move {move}", p);
    }
    if (run.who) return !next ? t("then {who} to the end", p) : next.at === null ? t("then {who} until the last move", p) : t("then {who} until move {move}", p);
    return !next ? t("then balanced to the end") : next.at === null ? t("then balanced until the last move") : t("then balanced until move {move}", p);
  });
  return `${capital(parts.join(", "))}.`;
}

/** What the chart's line and dots mean.
 * @param {string} first */
function legend(first) {
  const dot = (/** @type {string} */ cls) => svg("svg", { class: "legend-swatch", viewBox: "0 0 12 12", "aria-hidden": "true" },
    svg("circle", { class: `dot ${cls}`, cx: 6, cy: 6, r: 4 }));
  const item = (/** @type {Element} */ swatch, /** @type {string} */ words) => el("li", {}, swatch, words);
  return el("ul", { class: "chart-legend", id: "chart-legend", "aria-label": t("The chart's colours") },
    item(svg("svg", { class: "legend-swatch", viewBox: "0 0 12 12", "aria-hidden": "true" }, svg("path", { class: "chart-line", d: "M 0 6 L 12 6" })), capital(t("{side}'s chance", { side: first }))),
    item(dot("only"), MARKS.only[1]()),
    item(dot("mistake"), MARKS.mistake[1]()),
    item(dot("blunder"), MARKS.blunder[1]()),
    item(dot("current"), t("the position shown")));
}

/** The chart: one focusable point per reviewed move, the 50% line, the result at the end.
 * @param {Review} review
 * @param {GameView} view
 * @param {number} shown
 * @param {(ply: number) => void} select
 * @param {string} first
 * @param {SeatName} seatName */
function chart(review, view, shown, select, first, seatName) {
  const plies = Math.max(1, view.moves.length);
  // On a phone, one unit is one pixel and the chart is as wide as a point's area of at least
  // MIN_POINT pixels each needs (it scrolls sideways); elsewhere it fits the panel.
  const narrow = window.matchMedia("(max-width: 50rem)").matches;
  const width = narrow ? Math.max(WIDTH, PAD.left + PAD.right + plies * MIN_POINT) : WIDTH;
  const x = (/** @type {number} */ ply) => PAD.left + (ply / plies) * (width - PAD.left - PAD.right);
  const half = (x(1) - x(0)) / 2;
  const y = (/** @type {number} */ p) => PAD.top + (1 - p) * (HEIGHT - PAD.top - PAD.bottom);
  /** @type {[number, number, MoveReview | null][]} */
  const points = review.moves.map((m) => [m.index, score(m.first), m]);
  if (review.result) points.push([view.moves.length, score(review.result), null]);
  const line = points.map(([ply, p]) => `${x(ply).toFixed(1)} ${y(p).toFixed(1)}`).join(" L ");
  const area = points.length ? `M ${x(points[0][0])} ${y(0)} L ${line} L ${x(points[points.length - 1][0])} ${y(0)} Z` : "";
  const grid = [0, 0.5, 1].map((p) => [
    svg("line", { class: `chart-grid${p === 0.5 ? " even" : ""}`, x1: PAD.left, x2: width - PAD.right, y1: y(p), y2: y(p) }),
    svg("text", { class: "chart-axis", x: PAD.left - 4, y: y(p), "text-anchor": "end", "dominant-baseline": "central" }, `${p * 100}%`),
  ]);
  const dots = points.map(([ply, p, m]) => {
    const label = m
      ? t("Before move {number}, {side} {move}: {first} {percent}%", { number: m.number, side: seatName(m.seat), move: m.played, first, percent: Math.round(p * 100) })
        + `${m.mark ? `, ${MARKS[m.mark][1]()}` : ""}`
      : t("Result: {first} {percent}%", { first, percent: Math.round(p * 100) });
    const [cx, cy] = [x(ply).toFixed(1), y(p).toFixed(1)];
    const dot = svg("g", {
      class: `chart-point${m?.mark ? ` ${m.mark}` : ""}${ply === shown ? " current" : ""}`,
      tabindex: "0", role: "button", "aria-label": label, "data-ply": ply, id: `point-${ply}`,
      "aria-current": ply === shown ? "step" : null,
    }, svg("title", {}, label),
    svg("rect", { class: "hit", x: (x(ply) - half).toFixed(1), y: PAD.top - 6, width: (2 * half).toFixed(1), height: HEIGHT - PAD.top - PAD.bottom + 12 }),
    svg("circle", { class: "dot", cx, cy, r: ply === shown ? 5.5 : 4 }));
    const activate = () => select(ply);
    dot.addEventListener("click", activate);
    dot.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); activate(); }
    });
    return dot;
  });
  const node = svg("svg", { class: `analysis-chart${narrow ? " scrolls" : ""}`, id: "analysis-chart", viewBox: `0 0 ${width} ${HEIGHT}`, role: "group",
    "aria-label": t("{side}'s winning chance over the game", { side: first }) },
  grid,
  svg("path", { class: "chart-area", d: area, "aria-hidden": "true" }),
  svg("path", { class: "chart-line", d: points.length ? `M ${line}` : "", "aria-hidden": "true" }),
  svg("text", { class: "chart-axis", x: width - PAD.right, y: HEIGHT - 6, "text-anchor": "end", "aria-hidden": "true" }, tn(view.moves.length, "{n} move", "{n} moves")),
  dots);
  if (narrow) node.style.width = `${width}px`;
  return node;
}

/** Each seat's average loss, mistakes and blunders.
 * @param {Review} review */
function summary(review) {
  return el("ul", { class: "analysis-summary", id: "analysis-summary" }, review.seats.map((s) =>
    el("li", {}, `${sideName(s.name)}: ${t("average loss {points} points", { points: (s.average_loss * 100).toFixed(1) })}, `
      + `${tn(s.mistakes, "{n} mistake", "{n} mistakes")}, ${tn(s.blunders, "{n} blunder", "{n} blunders")}`)));
}

/** Every reviewed move with the best move, its loss and its mark; a move's button shows the
 * position before it.
 * @param {Review} review
 * @param {GameView} view
 * @param {number} shown
 * @param {(ply: number) => void} select
 * @param {SeatName} seatName */
function lossTable(review, view, shown, select, seatName) {
  const rows = review.moves.map((m) => el("tr", { class: m.mark ?? null, "aria-current": m.index === shown ? "step" : null },
    el("td", {}, el("button", { class: "link", id: `loss-${m.index}`, "data-ply": m.index, onclick: () => select(m.index),
      "aria-label": t("{number}. {move}: show the position before {side}'s move", { number: m.number, move: m.played, side: seatName(m.seat) }) }, `${m.number}. ${m.played}`)),
    el("td", {}, seatName(m.seat)),
    el("td", {}, m.best),
    el("td", { class: "num" }, m.forced ? t("forced") : `${(m.loss * 100).toFixed(1)}`),
    el("td", { class: "mark-cell" }, m.mark ? el("abbr", { title: MARKS[m.mark][1]() }, MARKS[m.mark][0]) : "")));
  return el("details", { class: "loss-box", id: "loss-box", open: lossOpen, ontoggle: (/** @type {Event} */ e) => { lossOpen = /** @type {HTMLDetailsElement} */ (e.target).open; } },
    el("summary", {}, t("Every move's loss")),
    el("div", { class: "loss-scroll" },
      el("table", { class: "loss-table", id: "loss-table" },
        el("caption", { class: "help" }, t("Loss: the winning chance the move gave away, in points of 100.")),
        el("thead", {}, el("tr", {}, [t("Move"), t("By"), t("Best"), t("Loss"), t("Mark")].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, rows))));
}

/** The marks of the reviewed moves by ply (the number of moves after the move), for the move
 * list: `{symbol, words}`.
 * @param {Review | null} review */
export function marksByPly(review) {
  const marks = new Map();
  for (const m of review?.moves ?? []) if (m.mark) marks.set(m.index + 1, { kind: m.mark, symbol: MARKS[m.mark][0], words: MARKS[m.mark][1]() });
  return marks;
}

/**
 * Draws the best move of the position shown on the board (`drawn` as a board module returns
 * it): an arrow through its cells, or a ring around its only cell, of class `best-move`.
 * @param {Drawn} drawn
 * @param {string} best
 */
export function drawBestMove(drawn, best) {
  const cells = drawn.pathOf(best);
  if (!cells || !cells.length || !drawn.centreOf) return;
  const centres = cells.map(drawn.centreOf).filter((centre) => centre !== undefined);
  if (!centres.length) return;
  const mark = centres.length > 1
    ? arrow(centres, "best-move", 1.1)
    : ring(centres[0], (drawn.minCell || 8) * 0.29);
  mark.dataset.best = best;
  drawn.svg.append(mark);
}

/** A ring around a point, of class `best-move`: green on a light halo, so that it shows on
 * every board's colours.
 * @param {import("../boards/common.js").Point} centre
 * @param {number} r */
function ring([cx, cy], r) {
  const width = r * 0.22;
  return svg("g", { class: "best-move", "aria-hidden": "true" },
    svg("circle", { class: "best-halo", cx, cy, r, "stroke-width": width * 2 }),
    svg("circle", { class: "best-ring", cx, cy, r, "stroke-width": width }));
}

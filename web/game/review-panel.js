// The analysis panel of a game (the review of GET /api/games/{id}/analysis, docs/analysis.md): a chart
// of the first player's winning chance over the game (hand-written SVG; each point a button
// that shows the position before that move), a table of every move's loss and mark (the
// chart's equivalent for a screen reader), the evaluation of the position shown in words on the
// one scale, and the best move of that position drawn on the board (class `best-move`).

import { arrow, svg } from "../boards/common.js";
import { el, plural } from "../ui.js";

/** The chart's size in SVG units (it scales to the panel's width). */
const WIDTH = 360;
const HEIGHT = 140;
const PAD = { left: 34, right: 10, top: 10, bottom: 20 };
/** A point's area for clicks and taps, in SVG units (its dot is smaller). */
const HIT = 10;

/** How each basis of a chance is said. */
const BASIS = { exact: "exact", estimate: "estimate", search: "the search's own estimate, not calibrated" };

/** A chance as words, as the server and the command line say it: "63% win (estimate)",
 * "40% win, 20% draw (exact)". */
export function chanceWords(chance) {
  const percent = (p) => `${Math.round(p * 100)}%`;
  const draw = chance.draw > 0 ? `, ${percent(chance.draw)} draw` : "";
  return `${percent(chance.win)} win${draw} (${BASIS[chance.basis] ?? chance.basis})`;
}

/** `text` with a capital first letter, to begin a sentence ("first player" -> "First player"). */
export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** The winning chance with a draw counting half: what the chart shows. */
const score = (chance) => chance.win + chance.draw / 2;

/** Whether the table of losses is open (kept while the page is drawn again). */
let lossOpen = false;

/** The mark's symbol and words. */
const MARKS = { only: ["!", "the only good move"], mistake: ["?", "a mistake"], blunder: ["??", "a blunder"] };

/** The reviewed move played from the position after `ply` moves, if any. */
export const reviewAt = (review, ply) => review?.moves.find((m) => m.index === ply) ?? null;

/**
 * The analysis panel for `review` of the game `view`, with the position after `shown` moves
 * marked; `select(ply)` shows a position, `describe(move)` says a move of the position shown
 * in words.
 */
export function analysisPanel(review, view, shown, select, describe = (m) => m) {
  const seatName = (seat) => view.seats[seat]?.name ?? `seat ${seat + 1}`;
  const first = seatName(0);
  const at = reviewAt(review, shown);
  const evaluation = at
    ? `${capital(seatName(at.seat))} to move: ${chanceWords(at.before)}. Best move: ${describe(at.best)}.`
    : "No evaluation for this position (nobody moves from it, or it was not analysed).";
  return el("section", { class: "analysis", id: "analysis", "aria-labelledby": "analysis-title" },
    el("h2", { id: "analysis-title" }, "Analysis"),
    el("p", { class: "evaluation", id: "evaluation", "aria-live": "polite" }, evaluation),
    chart(review, view, shown, select, first, seatName),
    el("p", { class: "help" }, `The chart shows ${first}'s winning chance (a draw counting half) before each move; `,
      "select a point to see that position with the best move drawn. Search: ", review.search, "."),
    summary(review),
    lossTable(review, view, shown, select, seatName));
}

/** The chart: one focusable point per reviewed move, the 50% line, the result at the end. */
function chart(review, view, shown, select, first, seatName) {
  const plies = Math.max(1, view.moves.length);
  const x = (ply) => PAD.left + (ply / plies) * (WIDTH - PAD.left - PAD.right);
  const y = (p) => PAD.top + (1 - p) * (HEIGHT - PAD.top - PAD.bottom);
  const points = review.moves.map((m) => [m.index, score(m.first), m]);
  if (review.result) points.push([view.moves.length, score(review.result), null]);
  const line = points.map(([ply, p]) => `${x(ply).toFixed(1)} ${y(p).toFixed(1)}`).join(" L ");
  const area = points.length ? `M ${x(points[0][0])} ${y(0)} L ${line} L ${x(points[points.length - 1][0])} ${y(0)} Z` : "";
  const grid = [0, 0.5, 1].map((p) => [
    svg("line", { class: `chart-grid${p === 0.5 ? " even" : ""}`, x1: PAD.left, x2: WIDTH - PAD.right, y1: y(p), y2: y(p) }),
    svg("text", { class: "chart-axis", x: PAD.left - 4, y: y(p), "text-anchor": "end", "dominant-baseline": "central" }, `${p * 100}%`),
  ]);
  const dots = points.map(([ply, p, m]) => {
    const label = m
      ? `Before move ${m.number}, ${seatName(m.seat)} ${m.played}: ${first} ${Math.round(p * 100)}%`
        + `${m.mark ? `, ${MARKS[m.mark][1]}` : ""}`
      : `Result: ${first} ${Math.round(p * 100)}%`;
    const [cx, cy] = [x(ply).toFixed(1), y(p).toFixed(1)];
    const dot = svg("g", {
      class: `chart-point${m?.mark ? ` ${m.mark}` : ""}${ply === shown ? " current" : ""}`,
      tabindex: "0", role: "button", "aria-label": label, "data-ply": ply, id: `point-${ply}`,
      "aria-current": ply === shown ? "step" : null,
    }, svg("title", {}, label),
    svg("circle", { class: "hit", cx, cy, r: HIT }),
    svg("circle", { class: "dot", cx, cy, r: ply === shown ? 5.5 : 4 }));
    const activate = () => select(ply);
    dot.addEventListener("click", activate);
    dot.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); activate(); }
    });
    return dot;
  });
  return svg("svg", { class: "analysis-chart", id: "analysis-chart", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "group",
    "aria-label": `${first}'s winning chance over the game` },
  grid,
  svg("path", { class: "chart-area", d: area, "aria-hidden": "true" }),
  svg("path", { class: "chart-line", d: points.length ? `M ${line}` : "", "aria-hidden": "true" }),
  svg("text", { class: "chart-axis", x: WIDTH - PAD.right, y: HEIGHT - 6, "text-anchor": "end", "aria-hidden": "true" }, plural(view.moves.length, "move")),
  dots);
}

/** Each seat's average loss, mistakes and blunders. */
function summary(review) {
  return el("ul", { class: "analysis-summary", id: "analysis-summary" }, review.seats.map((s) =>
    el("li", {}, `${s.name}: average loss ${(s.average_loss * 100).toFixed(1)} points, `
      + `${plural(s.mistakes, "mistake")}, ${plural(s.blunders, "blunder")}`)));
}

/** Every reviewed move with the best move, its loss and its mark; a move's button shows the
 * position before it. */
function lossTable(review, view, shown, select, seatName) {
  const rows = review.moves.map((m) => el("tr", { class: m.mark ?? null, "aria-current": m.index === shown ? "step" : null },
    el("td", {}, el("button", { class: "link", id: `loss-${m.index}`, "data-ply": m.index, onclick: () => select(m.index),
      "aria-label": `${m.number}. ${m.played}: show the position before ${seatName(m.seat)}'s move` }, `${m.number}. ${m.played}`)),
    el("td", {}, seatName(m.seat)),
    el("td", {}, m.best),
    el("td", { class: "num" }, m.forced ? "forced" : `${(m.loss * 100).toFixed(1)}`),
    el("td", { class: "mark-cell" }, m.mark ? el("abbr", { title: MARKS[m.mark][1] }, MARKS[m.mark][0]) : "")));
  return el("details", { class: "loss-box", id: "loss-box", open: lossOpen, ontoggle: (e) => { lossOpen = e.target.open; } },
    el("summary", {}, "Every move's loss"),
    el("div", { class: "loss-scroll" },
      el("table", { class: "loss-table", id: "loss-table" },
        el("caption", { class: "help" }, "Loss: the winning chance the move gave away, in points of 100."),
        el("thead", {}, el("tr", {}, ["Move", "By", "Best", "Loss", "Mark"].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, rows))));
}

/** The marks of the reviewed moves by ply (the number of moves after the move), for the move
 * list: `{symbol, words}`. */
export function marksByPly(review) {
  const marks = new Map();
  for (const m of review?.moves ?? []) if (m.mark) marks.set(m.index + 1, { kind: m.mark, symbol: MARKS[m.mark][0], words: MARKS[m.mark][1] });
  return marks;
}

/**
 * Draws the best move of the position shown on the board (`drawn` as a board module returns
 * it): an arrow through its cells, or a ring around its only cell, of class `best-move`.
 */
export function drawBestMove(drawn, best) {
  const cells = drawn.pathOf(best);
  if (!cells || !cells.length || !drawn.centreOf) return;
  const centres = cells.map(drawn.centreOf).filter(Boolean);
  if (!centres.length) return;
  const mark = centres.length > 1
    ? arrow(centres, "best-move", 1.1)
    : ring(centres[0], (drawn.minCell || 8) * 0.29);
  mark.dataset.best = best;
  drawn.svg.append(mark);
}

/** A ring around a point, of class `best-move`: green on a light halo, so that it shows on
 * every board's colours. */
function ring([cx, cy], r) {
  const width = r * 0.22;
  return svg("g", { class: "best-move", "aria-hidden": "true" },
    svg("circle", { class: "best-halo", cx, cy, r, "stroke-width": width * 2 }),
    svg("circle", { class: "best-ring", cx, cy, r, "stroke-width": width }));
}

// A rating history as an SVG line chart, drawn by plain JS: one line per game, the rating after
// each rated game against the game's number in the player's history.

import { tn } from "../i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 480;
const HEIGHT = 200;
const PAD = { left: 48, right: 12, top: 14, bottom: 30 };
const COLOURS = ["#1f5fa8", "#a12a2a", "#2b7a3d", "#6a1b9a", "#b35c00", "#4a4a4a"];

/** An SVG element with attributes and optional text.
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {string} [text] */
function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The chart of `points` ({game, rating}, oldest first), titled for screen readers; `titles`
 * maps game names to titles.
 * @param {{ game: string, rating: number }[]} points
 * @param {Record<string, string>} titles */
export function ratingChart(points, titles) {
  const games = [...new Set(points.map((p) => p.game))];
  const ratings = points.map((p) => p.rating);
  const low = Math.floor((Math.min(...ratings) - 20) / 50) * 50;
  const high = Math.ceil((Math.max(...ratings) + 20) / 50) * 50;
  const x = (/** @type {number} */ i) => PAD.left + (points.length < 2 ? 0.5 : i / (points.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (/** @type {number} */ r) => PAD.top + (high - r) / (high - low) * (HEIGHT - PAD.top - PAD.bottom);
  const chart = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "rating-chart", id: "rating-chart", role: "img",
    "aria-label": tn(points.length, "Rating history: {n} rated game", "Rating history: {n} rated games") });
  for (const r of [low, (low + high) / 2, high]) {
    chart.append(svg("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(r), y2: y(r), class: "grid" }),
      svg("text", { x: PAD.left - 6, y: y(r) + 4, "text-anchor": "end" }, String(Math.round(r))));
  }
  games.forEach((game, g) => {
    const mine = points.flatMap((p, i) => (p.game === game ? [/** @type {const} */ ([p, i])] : []));
    const colour = COLOURS[g % COLOURS.length];
    chart.append(svg("polyline", { points: mine.map(([p, i]) => `${x(i)},${y(p.rating)}`).join(" "),
      fill: "none", stroke: colour, "stroke-width": 2, "data-game": game }));
    for (const [p, i] of mine) chart.append(svg("circle", { cx: x(i), cy: y(p.rating), r: 3, fill: colour }));
    chart.append(svg("text", { x: PAD.left + 4 + g * 130, y: HEIGHT - 8, fill: colour }, titles[game] || game));
  });
  return chart;
}

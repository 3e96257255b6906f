// Black Path's start edge chosen on a drawn board in the lobby: the board of the size chosen
// with every unit edge of its boundary as a choice (click it, or move along the boundary with
// the arrow keys), the chosen edge drawn thick with an arrow into its square. The setting's
// value is "ROW,COLUMN,SIDE" (0-based, docs/rules/black-path.md); people read 1-based words.

import { t } from "../i18n.js";
import { el } from "../ui.js";
import { svg } from "./common.js";

/** An edge of the boundary: row, column, side ("N", "E", "S", "W").
 * @typedef {[number, number, string]} Edge */

/** The sides' words, in the page's language when asked (this module is also loaded early, for
 * the settings in words: web/lobby/settings.js).
 * @type {() => Record<string, string>} */
const sideWords = () => ({ N: t("north"), E: t("east"), S: t("south"), W: t("west") });
const MARGIN = 6;

/** The boundary's unit edges clockwise from the top-left corner: [row, column, side].
 * @param {number} rows
 * @param {number} cols */
function boundary(rows, cols) {
  /** @type {Edge[]} */
  const edges = [];
  for (let c = 0; c < cols; c++) edges.push([0, c, "N"]);
  for (let r = 0; r < rows; r++) edges.push([r, cols - 1, "E"]);
  for (let c = cols - 1; c >= 0; c--) edges.push([rows - 1, c, "S"]);
  for (let r = rows - 1; r >= 0; r--) edges.push([r, 0, "W"]);
  return edges;
}

/** The edge's words for people: "row 1, column 1, west side".
 * @param {Edge} edge */
export const edgeWords = ([row, col, side]) =>
  t("row {row}, column {col}, {side} side", { row: row + 1, col: col + 1, side: sideWords()[side] });

/** The setting's value ("ROW,COLUMN,SIDE") in words ("row 1, column 1, west side"), or null when
 * it is not such a value.
 * @param {string} value */
export function startEdgeWords(value) {
  const match = /^\s*(\d+)\s*,\s*(\d+)\s*,\s*([NESW])\s*$/i.exec(value);
  return match ? edgeWords([Number(match[1]), Number(match[2]), match[3].toUpperCase()]) : null;
}

/** The picker for `settings` (size and start), or null when the size cannot be drawn;
 * `choose(value)` is called with the new value of `start`.
 * @param {Record<string, string>} settings
 * @param {(value: string) => void} choose */
export function startEdgePicker(settings, choose) {
  const [rows, cols] = String(settings.size || "").toLowerCase().split("x").map(Number);
  if (!(rows >= 1 && cols >= 1 && rows * cols <= 1024)) return null;
  const unit = Math.min(32, 288 / Math.max(rows, cols));
  const [width, height] = [cols * unit + 2 * MARGIN, rows * unit + 2 * MARGIN];
  const chosen = String(settings.start || "").toUpperCase().replace(/\s/g, "");
  const edges = boundary(rows, cols);
  const at = edges.findIndex((e) => e.join(",") === chosen);
  const ends = (/** @type {Edge} */ [r, c, s]) => {
    const [x, y] = [MARGIN + c * unit, MARGIN + r * unit];
    /** @type {Record<string, number[]>} */
    const bySide = { N: [x, y, x + unit, y], E: [x + unit, y, x + unit, y + unit], S: [x, y + unit, x + unit, y + unit], W: [x, y, x, y + unit] };
    return bySide[s];
  };
  const root = svg("svg", { class: "edge-picker", viewBox: `0 0 ${width} ${height}`, role: "radiogroup",
    "aria-label": t("Start edge: where the path enters the board") });
  root.style.setProperty("--aspect", String(width / height));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      root.append(svg("rect", { class: "square", x: MARGIN + c * unit, y: MARGIN + r * unit, width: unit, height: unit }));
    }
  }
  edges.forEach((edge, i) => {
    const [x1, y1, x2, y2] = ends(edge);
    const value = edge.join(",");
    const g = svg("g", { class: i === at ? "edge chosen" : "edge", role: "radio", "aria-checked": String(i === at),
      tabindex: i === Math.max(at, 0) ? "0" : "-1",
      "aria-label": edgeWords(edge), "data-edge": value },
    svg("rect", { class: "hit", x: Math.min(x1, x2) - MARGIN, y: Math.min(y1, y2) - MARGIN,
      width: Math.abs(x2 - x1) + 2 * MARGIN, height: Math.abs(y2 - y1) + 2 * MARGIN }),
    svg("line", { class: "line", x1, y1, x2, y2 }));
    if (i === at) {
      const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
      const [cx, cy] = [MARGIN + (edge[1] + 0.5) * unit, MARGIN + (edge[0] + 0.5) * unit];
      g.append(svg("line", { class: "arrow", x1: mx, y1: my, x2: cx, y2: cy }), svg("circle", { class: "arrow", cx, cy, r: unit / 8 }));
    }
    g.addEventListener("click", () => choose(value));
    g.addEventListener("keydown", (e) => {
      const step = /** @type {Record<string, number>} */ ({ ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 })[e.key];
      if (step) choose(edges[(i + step + edges.length) % edges.length].join(","));
      else if (e.key === " " || e.key === "Enter") choose(value);
      else return;
      e.preventDefault();
    });
    root.append(g);
  });
  const words = at >= 0 ? t("The path enters at {edge}.", { edge: edgeWords(edges[at]) }) : t("Click an edge of the board to start the path there.");
  return el("div", { class: "edge-picker-box" }, root, el("p", { class: "help", id: "start-edge-words" }, words));
}

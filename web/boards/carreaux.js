// Carreaux board: the square grid of Red, Blue and green tiles with the bubble (the one empty
// cell). A move slides a tile next to the bubble into it, so a move is one click on that tile.
// Colour is not the only cue: Red tiles carry a ring and Blue tiles a diamond.
// Position code: side to move ("r" or "b"), ":", the rows from the top separated by "/" with
// R, B, G and "." for the bubble, and under rule=free a third field with the plies played.
// Cells are named like chess squares: files a.. from the left, ranks 1.. from the bottom.

import { t } from "../i18n.js";
import { boardSvg, cell, markStep, squareCoordinates, svg } from "./common.js";
import { readCode, squareName } from "./position.js";

/** @typedef {import("./common.js").BoardView} BoardView */

const UNIT = 10;
const MARGIN = 6;
/** @type {() => Record<string, string>} */
const NAMES = () => ({ R: t("Red tile"), B: t("Blue tile"), G: t("green tile"), ".": t("bubble (empty)") });

export const howTo = t("Click a tile next to the bubble (the empty cell) to slide it in. Red and Blue each try to join all their tiles into one group; under the designer's rules a slide must lower the total group value.");

/** The rows of a position code, top first.
 * @param {string} code */
const rowsOf = (code) => readCode(code).rows;

/** The symbol that tells a tile's colour without colour.
 * @param {string} tile
 * @param {number} cx
 * @param {number} cy */
function symbol(tile, cx, cy) {
  if (tile === "R") return svg("circle", { class: "cx-symbol", cx, cy, r: 2 });
  if (tile === "B") return svg("path", { class: "cx-symbol", d: `M ${cx} ${cy - 2.5} L ${cx + 2.5} ${cy} L ${cx} ${cy + 2.5} L ${cx - 2.5} ${cy} Z` });
  return null;
}

/** Draws a Carreaux position.
 * @param {BoardView} view
 * @returns {import("./common.js").Drawn} */
export function draw(view) {
  const rows = rowsOf(view.code);
  const n = rows.length;
  const size = n * UNIT + 2 * MARGIN;
  const root = boardSvg(size, size, t("Carreaux board, {n} by {n}", { n }));
  /** @type {Map<string, import("./common.js").Point>} */
  const centres = new Map();
  root.append(svg("rect", { class: "cx-frame", x: MARGIN - 1, y: MARGIN - 1, width: n * UNIT + 2, height: n * UNIT + 2, rx: 1.5 }));
  root.append(...squareCoordinates(n, UNIT, MARGIN));
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const name = squareName(n, r, c);
      const tile = rows[r][c];
      const x = MARGIN + c * UNIT;
      const y = MARGIN + r * UNIT;
      centres.set(name, [x + UNIT / 2, y + UNIT / 2]);
      root.append(cell(name, `${name}: ${NAMES()[tile]}`, { "data-tile": tile, class: "cx-cell" },
        svg("rect", { class: "cx-bg", x, y, width: UNIT, height: UNIT }),
        tile === "."
          ? svg("rect", { class: "cx-bubble", x: x + 1, y: y + 1, width: UNIT - 2, height: UNIT - 2, rx: 4 })
          : svg("g", { class: "piece" },
            svg("rect", { class: `cx-tile cx-${tile}`, x: x + 0.9, y: y + 0.9, width: UNIT - 1.8, height: UNIT - 1.8, rx: 1.4 }),
            symbol(tile, x + UNIT / 2, y + UNIT / 2))));
    }
  }

  // The last move: the tile slid from its cell (now the bubble) into the bubble's old cell.
  /** @type {string[] | null} */
  let motion = null;
  const last = view.last_move;
  if (last) {
    const before = rowsOf(last.before);
    /** @type {string | null} */
    let to = null;
    before.forEach((row, r) => [...row].forEach((t, c) => { if (t === ".") to = squareName(n, r, c); }));
    const from = last.text.toLowerCase();
    if (to && centres.has(from)) motion = markStep(root, centres, from, to, false);
  }
  return {
    svg: root,
    motion,
    minCell: UNIT,
    centreOf: (name) => centres.get(name),
    pathOf: (move) => (/^[a-z]\d+$/i.test(move) ? [move.toLowerCase()] : null),
  };
}

/** The lobby's settings for a newcomer: the free variant, which can be won, rather than the
 * designer's rules, under which every game is drawn (issue #31); the engine's default stays the
 * designer's rules. */
export const lobbyDefaults = { rule: "free" };

/**
 * The lobby's note on the rules chosen: the free variant labelled as a variant with the
 * designer's rules one click away, or the designer's rules with the proof that every game is
 * drawn and the free variant one click away (docs/rules/carreaux.md, "What the literal rules
 * do"; docs/analysis.md).
 * @param {Record<string, string>} settings
 */
export function lobbyNote(settings) {
  const proof = { href: "/rules/carreaux#what-the-literal-rules-do", linkText: t("Why the designer's rules are always drawn") };
  if (settings.rule === "free") {
    return {
      badge: t("variant, not the designer's rules"),
      text: t("You play the free variant: any slide that does not repeat a position, so a colour can connect and win. Under the designer's rules as published every game is a draw (solved exactly)."),
      ...proof,
      offer: { label: t("Play the designer's rules instead"), settings: { rule: "literal" } },
    };
  }
  return {
    text: t("Under the designer's rules as published, no colour ever connects: from the default start every game is a draw within six plies, and every other start ends in a draw too (solved exactly). For a game that can be won, play the free variant: any slide that does not repeat a position."),
    ...proof,
    offer: { label: t("Play the free variant"), settings: { rule: "free" } },
  };
}

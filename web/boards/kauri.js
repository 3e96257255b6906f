// Kauri board: two rows of six holes, the second player's row on top (F to A from the left) and
// the first player's below (a to f), each hole with its seed count and its cowries, and both
// stores beside the rows (the first player's on the right, the second's on the left: each on the
// owner's right hand). Counters travel anticlockwise. A move is one click on a hole.
// Position code: SIDE/a,b,c,d,e,f/A,B,C,D,E,F/FIRST,SECOND[/PLIES], each hole SEEDS+COWRIES.

import { boardSvg, cell, label, svg } from "./common.js";
import { sideName, t, tn } from "../i18n.js";

/** @typedef {import("./common.js").BoardView} BoardView */
/** @typedef {import("./common.js").Point} Point */

const HOLE = 20;
const STORE = 22;
const PAD = 3;

/** The seat drawn at the bottom (the first player's row); the page flips the board for the other. */
export const bottomSeat = 0;

/** The position of `code` with the other side to move (the page's premoves are its moves):
 * the side's letter, "a" or "A", in the other case.
 * @param {string} code */
export const otherSide = (code) => (code[0] === "a" ? "A" : "a") + code.slice(1);

export const howTo = t("Click one of your holes that holds a cowrie (shell): its seeds, then its cowries, are sown anticlockwise, one per hole. A cowrie dropped into an opponent's hole without a cowrie captures its seeds.");

/** Reads a position code: each hole's [seeds, cowries] by letter, and the two stores.
 * @param {string} code */
function parse(code) {
  const [, first, second, stores] = code.split("/");
  /** @type {Map<string, [number, number]>} */
  const holes = new Map();
  const parseRow = (/** @type {string} */ row, /** @type {string} */ letters) => row.split(",").forEach((h, i) => holes.set(letters[i], /** @type {[number, number]} */ (h.split("+").map(Number))));
  parseRow(first, "abcdef");
  parseRow(second, "ABCDEF");
  return { holes, stores: stores.split(",").map(Number) };
}

/** A hole's [seeds, cowries] in `holes` as `parse` reads them (every hole has its entry).
 * @param {Map<string, [number, number]>} holes
 * @param {string} letter */
const holeIn = (holes, letter) => /** @type {[number, number]} */ (holes.get(letter));

/** Draws one hole: a shell per cowrie, then (outside the hole's group, whose accessible name
 * says it all) its letter and seed count.
 * @param {string} name
 * @param {string} owner
 * @param {number} x
 * @param {number} y
 * @param {number} seeds
 * @param {number} cowries */
function hole(name, owner, x, y, seeds, cowries) {
  const group = cell(name, t("hole {name} ({side}): {seeds}, {cowries}", { name, side: owner, seeds: tn(seeds, "{n} seed", "{n} seeds"), cowries: tn(cowries, "{n} cowrie", "{n} cowries") }),
    { "data-seeds": seeds, "data-cowries": cowries },
    svg("rect", { class: "ka-hole", x: x + 1, y: y + 1, width: HOLE - 2, height: HOLE - 2, rx: 8 }),
    svg("rect", { class: "ka-mark", x: x + 2.6, y: y + 2.6, width: HOLE - 5.2, height: HOLE - 5.2, rx: 6 }));
  const shown = Math.min(cowries, 4);
  for (let i = 0; i < shown; i++) {
    const cx = x + HOLE / 2 + (i - (shown - 1) / 2) * 3.6;
    group.append(svg("ellipse", { class: "ka-cowrie", cx, cy: y + 15, rx: 1.5, ry: 1.1 }));
  }
  return [group,
    label(x + HOLE / 2, y + 8.5, seeds, { class: "ka-seeds" }),
    label(x + 3.4, y + 3.6, name, { class: "ka-letter" }),
    cowries > 4 ? label(x + HOLE - 3, y + 15, `${cowries}`, { class: "ka-cowrie-count" }) : null].filter((node) => node !== null);
}

/** Draws a Kauri position; `view.seats` names the players beside their stores.
 * @param {BoardView} view
 * @returns {import("./common.js").Drawn} */
export function draw(view) {
  const { holes, stores } = parse(view.code);
  const name = (/** @type {number} */ seat) => sideName(view.seats[seat]?.name ?? "");
  const width = 2 * STORE + 6 * HOLE + 4 * PAD;
  const height = 2 * HOLE + 2 * PAD + 12;
  const root = boardSvg(width, height, t("Kauri board: two rows of six holes and two stores"));
  root.append(svg("rect", { class: "ka-frame", x: 0.5, y: 0.5, width: width - 1, height: 2 * HOLE + 2 * PAD - 1, rx: 10 }));
  const left = STORE + 2 * PAD;
  /** @type {Map<string, Point>} */
  const centres = new Map();
  [..."ABCDEF"].forEach((letter, i) => {
    const x = left + (5 - i) * HOLE; // F on the left, A on the right
    centres.set(letter, [x + HOLE / 2, PAD + HOLE / 2]);
    root.append(...hole(letter, name(1), x, PAD, ...holeIn(holes, letter)));
  });
  [..."abcdef"].forEach((letter, i) => {
    const x = left + i * HOLE;
    centres.set(letter, [x + HOLE / 2, PAD + HOLE + HOLE / 2]);
    root.append(...hole(letter, name(0), x, PAD + HOLE, ...holeIn(holes, letter)));
  });
  const store = (/** @type {number} */ x, /** @type {number} */ seeds, /** @type {number} */ seat) => [svg("g", { "data-store": seat, "data-seeds": seeds, role: "img", "aria-label": t("{side}'s store: {seeds}", { side: name(seat), seeds: tn(seeds, "{n} seed", "{n} seeds") }) },
    svg("rect", { class: "ka-store", x, y: PAD + 1, width: STORE, height: 2 * HOLE - 2, rx: 9 })),
  label(x + STORE / 2, PAD + HOLE, seeds, { class: "ka-store-count" })];
  root.append(...store(PAD, stores[1], 1), ...store(width - PAD - STORE, stores[0], 0));
  // The names from the board's edges inwards, so that a phone's larger letters stay inside it.
  root.append(label(PAD, height - 5, name(1), { class: "ka-name", "text-anchor": "start" }),
    label(width - PAD, height - 5, name(0), { class: "ka-name", "text-anchor": "end" }),
    label(width / 2, height - 5, t("seeds · cowries (shells)"), { class: "ka-name" }));

  // The last move: the hole it emptied, the holes it sowed into, those it captured from and
  // the stores it filled.
  const last = view.last_move;
  if (last && /^[a-f]$/i.test(last.text)) {
    const before = parse(last.before);
    for (const [letter, [seeds, cowries]] of holes) {
      const [s0, c0] = holeIn(before.holes, letter);
      const node = /** @type {Element} */ (root.querySelector(`[data-cell="${letter}"]`)); // every hole is drawn
      if (letter === last.text) node.classList.add("last-move", "lm-from");
      else if (seeds < s0) node.classList.add("last-move", "lm-capture");
      else if (seeds !== s0 || cowries !== c0) node.classList.add("last-move", "lm-to");
    }
    stores.forEach((seeds, seat) => {
      if (seeds !== before.stores[seat]) root.querySelector(`[data-store="${seat}"]`)?.classList.add("last-move", "lm-capture");
    });
  }
  return {
    svg: root,
    minCell: HOLE - 2,
    centreOf: (letter) => centres.get(letter),
    pathOf: (move) => (/^[a-f]$/i.test(move) ? [move] : null),
  };
}

/** The holes in the order the counters travel (anticlockwise): the first player's, then the second's. */
const ORDER = "abcdefABCDEF";
/** The start of a game, as a code. */
const START = "a/5+1,5+1,5+1,5+1,5+1,5+1/5+1,5+1,5+1,5+1,5+1,5+1/0,0";

/** Plays `move` (a hole's letter) on `position` (as `parse` reads it, changed in
 * place) by the rules (docs/rules/kauri.md): the hole's seeds, then its cowries, sown one per
 * hole anticlockwise; a cowrie dropped into an opponent's hole without a cowrie takes its
 * seeds, a seed dropped into an opponent's hole with cowries and no seed goes to the
 * opponent's store. Returns the hole the sowing ended in, the seeds taken and those given.
 * @param {ReturnType<typeof parse>} position
 * @param {string} move */
function sow({ holes, stores }, move) {
  const mover = move === move.toLowerCase() ? 0 : 1;
  const opponents = (/** @type {number} */ at) => Math.floor(at / 6) !== mover;
  let at = ORDER.indexOf(move);
  const [seeds, cowries] = holeIn(holes, move);
  holes.set(move, [0, 0]);
  let [taken, given] = [0, 0];
  for (let i = 0; i < seeds + cowries; i++) {
    at = (at + 1) % 12;
    const hole = holeIn(holes, ORDER[at]);
    if (i >= seeds && opponents(at) && hole[1] === 0) { taken += hole[0]; hole[0] = 0; }
    if (i < seeds && opponents(at) && hole[1] > 0 && hole[0] === 0) given += 1;
    else hole[i < seeds ? 0 : 1] += 1;
  }
  stores[mover] += taken;
  stores[1 - mover] += given;
  return { last: ORDER[at], taken, given };
}

/** The moves of `view` as the move list shows them: the hole sown, where the sowing ended,
 * and the seeds it took and gave away as the published records note them ("a → B (+6−1)");
 * "pass" in words. Replayed from the start; a game that began elsewhere shows the record's
 * letters.
 * @param {BoardView} view */
export function shortMoves(view) {
  const position = parse(START);
  const words = view.moves.map((move) => {
    if (move === "pass") return t("pass");
    if (!/^[a-f]$/i.test(move)) return move;
    const { last, taken, given } = sow(position, move);
    const counts = `${taken ? `+${taken}` : ""}${given ? `−${given}` : ""}`;
    return `${move} → ${last}${counts ? ` (${counts})` : ""}`;
  });
  const side = view.moves.length % 2 ? "A" : "a";
  const code = [side, ...["abcdef", "ABCDEF"].map((row) => [...row].map((h) => holeIn(position.holes, h).join("+")).join(",")), position.stores.join(",")].join("/");
  return view.code === code || view.code.startsWith(`${code}/`) ? words : view.moves;
}

/** The seeds in each seat's store, for the ending's words (web/game/ending.js).
 * @param {BoardView} view */
export function scores(view) {
  return { label: t("seeds captured"), values: parse(view.code).stores };
}

/** A move's words on a button.
 * @param {string} move */
export function describeMove(move) {
  return move === "pass" ? t("Pass (no cowrie in your row)") : t("Sow {hole}", { hole: move });
}

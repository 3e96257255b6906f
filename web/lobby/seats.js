// The seats of a game to create (new or imported): who may sit in each (a person at this
// screen, a person invited online, the computer at a level; levels that cannot play as they
// say are shown unavailable, with the reason), the requests for the API, and keeping the seats'
// secrets once the game is created.

import { api, el, sentence, tokens } from "../ui.js";
import { DEFAULT_LEVEL, levelWords } from "./levels.js";
import { sideName, t } from "../i18n.js";

/** @typedef {import("../ui.js").LevelView} LevelView */

/** The seats' names and the computer's levels of `game` with `settings`, from the catalog.
 * @param {string} game
 * @param {Record<string, string>} settings
 * @returns {Promise<[string[], LevelView[]]>} */
export function seatOptions(game, settings) {
  const query = new URLSearchParams(settings);
  return Promise.all([api(`/api/catalog/${game}/seats?${query}`), api(`/api/catalog/${game}/levels?${query}`)]);
}

/** One select per seat: a person here, a person invited online, or the computer at a level
 * (unavailable levels shown but disabled). `computerSeat` (or null) is the seat preselected as
 * the computer at the default level; `previous` are the seats' earlier choices, kept where
 * still possible.
 * @param {string} prefix
 * @param {string[]} names
 * @param {LevelView[]} levels
 * @param {number | null} computerSeat
 * @param {string[]} previous */
export function seatChoices(prefix, names, levels, computerSeat, previous) {
  return names.map((name, i) => {
    const wanted = previous[i] ?? (i === computerSeat ? `computer:${DEFAULT_LEVEL}` : "local");
    const options = [
      el("option", { value: "local" }, t("Person at this screen")),
      el("option", { value: "invite" }, t("Person invited online (a link to send)")),
      ...levels.map((l) => el("option", { value: `computer:${l.level}`, disabled: Boolean(l.notice) },
        computerWords(l))),
    ];
    const select = el("select", { id: `${prefix}-${i}`, "data-seat": i }, options);
    const usable = options.find((o) => o.value === wanted && !o.disabled);
    select.value = usable ? wanted : "local";
    return el("div", { class: "seat" }, el("label", { for: `${prefix}-${i}` }, seatLabel(name)), select);
  });
}

/** A computer level as a seat's choice: "Computer: level 3 · medium, ..." or "... (unavailable)". */
const computerWords = (/** @type {LevelView} */ l) => `${t("Computer: {level}", { level: levelWords(l.level) })}${l.notice ? ` ${t("(unavailable)")}` : ""}`;

/** A seat's name as a label: the game's own name for its side ("Red", "White"), or "First
 * player" where the game has none, in the interface's language. */
export const seatLabel = (/** @type {string} */ name) => {
  const label = sideName(name);
  return label.charAt(0).toUpperCase() + label.slice(1);
};

/** The seat choices made in the selects inside `box`.
 * @type {(box: Element) => string[]} */
export const seatValues = (box) => [.../** @type {NodeListOf<HTMLSelectElement>} */ (box.querySelectorAll("[data-seat]"))].map((s) => s.value);

/** Why each unavailable computer level cannot play here.
 * @param {LevelView[]} levels */
export function levelNotices(levels) {
  return levels.filter((l) => l.notice).map((l) =>
    el("p", { class: "help level-note" }, el("strong", {}, t("Computer level {level} is not available here.", { level: l.level }), " "), withCode(sentence(l.notice))));
}

/** Text with `code` spans as <code> elements.
 * @param {string} text */
function withCode(text) {
  return text.split("`").map((part, i) => (i % 2 ? el("code", {}, part) : part));
}

/** The seat requests chosen in the seat selects inside `box`; the seats at this screen carry
 * `name` when given, and `hints` when asked for.
 * @type {(box: Element, name?: string | null, hints?: boolean) => object[]} */
export const seatRequests = (box, name = null, hints = false) => seatValues(box).map((value) =>
  value.startsWith("computer:") ? { kind: "computer", level: Number(value.split(":")[1]) }
    : value === "local" ? { kind: "local", ...(name ? { name } : {}), ...(hints ? { hints } : {}) } : { kind: value });

/** Keeps the creator's seat tokens and the invitations to pass on, then opens the game.
 * @param {{ id: string, seats: { seat: number, kind: string, token?: string, invite?: string }[] }} created */
export function remember(created) {
  /** @type {Record<string, import("../ui.js").HeldSeat>} */
  const held = {};
  for (const seat of created.seats) {
    if (seat.token) held[seat.seat] = { kind: seat.kind, token: seat.token };
    else if (seat.invite) held[seat.seat] = { kind: "invite", invite: seat.invite };
  }
  tokens.save(created.id, held);
  location.href = `/game/${created.id}`;
}

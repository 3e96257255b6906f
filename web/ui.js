// Small helpers shared by the lobby and the game page: building DOM nodes, requests to the
// server (the page's one `fetch`) and the JSON API with errors in words, the seat secrets this
// browser holds, the words for seats; and the shapes of what the server sends, as JSDoc types.

import { language, t } from "./i18n.js";

/** A seat of a game as the server shows it (`kind`: "local", "invite" or "computer").
 * @typedef {object} SeatView
 * @property {number} seat
 * @property {string} name the side's name ("White")
 * @property {string} kind
 * @property {number | null} level the computer's
 * @property {string | null} [player] the name of who sits there
 * @property {boolean} [account]
 * @property {boolean} joined
 * @property {boolean} [hints]
 * @property {boolean} [deleted]
 * @property {boolean} [bot] */

/** Whose turn it is ("to_move": `seat`, `name`), the die to roll ("chance"), or the end
 * ("over": `result`, `winners`, `termination`).
 * @typedef {{ state: "to_move", seat: number, name: string }
 *   | { state: "chance", seat?: undefined, name?: undefined }
 *   | { state: "over", result: string, winners: number[], termination: string | null, seat?: undefined, name?: undefined }} StatusView */

/** A time control as the API has it (`TimeControl` of crates/tafel-server/src/domain/clock.rs).
 * @typedef {{ kind: "none" } | { kind: "fischer", initial_seconds: number, increment_seconds: number }
 *   | { kind: "correspondence", days_per_move: number }} TimeControl */

/** A setting of a game as the catalog lists it (`SettingSpec` of crates/tafel-core/src/settings.rs),
 * its label, help, allowed values and choices' words in the page's language (the server's catalogues).
 * @typedef {object} SettingSpec
 * @property {string} key
 * @property {string} label
 * @property {string} default
 * @property {string} allowed
 * @property {string[] | null} choices
 * @property {{ key: string, choices: Record<string, string[]> } | null} choices_by
 * @property {string} help
 * @property {Record<string, string>} words each choice's words in the page's language, by value
 * @property {string} origin
 * @property {{ key: string, value: string } | null} applies_when */

/** A game of the catalog (`/api/catalog`).
 * @typedef {{ name: string, title: string, summary: string, settings: SettingSpec[], max_level: number }} CatalogGame */

/** A computer level of a game under some settings (`/api/catalog/{game}/levels`), with why it
 * cannot play as it says, if it cannot.
 * @typedef {{ level: number, notice: string | null }} LevelView */

/** A game as the server shows it (`GameView` of crates/tafel-server/src/http/views.rs, docs/api.md).
 * @typedef {object} GameView
 * @property {string} id
 * @property {string} game the registry's name ("karls-race")
 * @property {string} title
 * @property {[string, string][]} settings the settings that differ from the defaults
 * @property {SeatView[]} seats
 * @property {boolean} started
 * @property {boolean} public
 * @property {boolean} rated
 * @property {{ seat: number, before: number, after: number }[] | null} [ratings]
 * @property {string[]} moves the record's moves
 * @property {{ number: number, seat: number | null }[]} plies each move's number and seat (null for a roll)
 * @property {number} ply the moves before the position shown
 * @property {{ index: number, text: string, seat: number, before: string } | null} [last_move]
 * @property {string} code the position's code
 * @property {string} picture
 * @property {StatusView} status
 * @property {string[]} legal the legal moves
 * @property {{ control: TimeControl, remaining_ms: number[], running: number | null, berserk: boolean[] } | null} [clock]
 * @property {{ draw?: number[], takeback?: { by: number, keep: number, accepted: number[] }, resign?: { team: number, seats: number[] }[], rematch?: number[] }} proposals
 * @property {string | null} [rematch]
 * @property {string | null} [rematch_of]
 * @property {boolean} thinking
 * @property {string | null} [computer_error] */

/** Children of an element: nodes, text, numbers, nested lists; `false`, `null`, `undefined`
 * and "" are left out.
 * @typedef {Node | string | number | boolean | null | undefined | Child[]} Child */

/** Creates an element: `attrs` are attributes (`on...` keys add event listeners), children
 * are nodes or text; `false`, `null` and `undefined` attributes and children are left out.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any>} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]} */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of /** @type {unknown[]} */ (children).flat(Infinity)) {
    if (child === null || child === undefined || child === false || child === "") continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replaces the children of `node` (null, undefined, false and "" are left out).
 * @param {Element} node
 * @param {...Child} children */
export function fill(node, ...children) {
  node.replaceChildren(.../** @type {unknown[]} */ (children).flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false && c !== "")
    .map((c) => (c instanceof Node ? c : String(c))));
}

/** An error the server could not be reached for (as opposed to one it answered). */
export class OfflineError extends Error {
  constructor() {
    super(t("The server cannot be reached. Check the connection; the page reconnects by itself."));
    this.offline = true;
  }
}

/** Sends a request to the server with the caller's `options` (method, body, headers...), a body
 * getting the JSON content type unless the caller's headers name one: the one place the page
 * calls `fetch`. Resolves to the response whatever its status; throws an `OfflineError` when the
 * server cannot be reached.
 * @param {string} path
 * @param {RequestInit} [options]
 * @returns {Promise<Response>} */
export async function request(path, options = {}) {
  const headers = new Headers(options.headers);
  if (options.body && !headers.has("content-type")) headers.set("content-type", "application/json");
  // The server words its refusals in the language asked for: the page's.
  if (!headers.has("accept-language")) headers.set("accept-language", language());
  try {
    return await fetch(path, { ...options, headers });
  } catch {
    throw new OfflineError();
  }
}

/** The JSON body of `response`; for a body that is not JSON, an `{ error }` naming the status.
 * @param {Response} response
 * @returns {Promise<any>} */
export function responseBody(response) {
  return response.json().catch(() => ({ error: t("the server answered {status}", { status: `${response.status} ${response.statusText}` }) }));
}

/** A refusal of the API: its message is the server's explanation, `code` the refusal's key
 * (the same in every language), when the server gave one. */
export class ApiError extends Error {
  /** @param {string} message
   * @param {string | undefined} code */
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

/** Calls the JSON API; throws an {@link ApiError} whose message is the server's explanation.
 * @param {string} path
 * @param {RequestInit} [options]
 * @returns {Promise<any>} the answer's JSON */
export async function api(path, options = {}) {
  const response = await request(path, options);
  const body = await responseBody(response);
  if (!response.ok) throw new ApiError(errorWords(response, body), body.code);
  return body;
}

/** The header that names the seats a request speaks for (`x-tafel-token`, their tokens), none
 * for no seat.
 * @param {string[]} held
 * @returns {Record<string, string>} */
export const seatHeaders = (held) => (held.length ? { "x-tafel-token": held.join(",") } : {});

/** What a refusal or failure of the API says, in the interface's language: the server's words,
 * which it says in the language the request asked for, or for its internal failures (500: a
 * broken store, a bug), whose
 * words are for the operator, one sentence for everyone (the server's words go to the
 * console).
 * @param {{ status: number }} response
 * @param {{ error?: string }} body */
export function errorWords(response, body) {
  if (response.status === 500) {
    console.error(`The server failed: ${body.error}`);
    return t("Something went wrong on the server; nothing was changed. Try again in a moment.");
  }
  return sentence(body.error ? body.error : t("the server answered {status}", { status: response.status }));
}

/** A message as a sentence: capital first letter, final full stop.
 * @param {unknown} text */
export function sentence(text) {
  const trimmed = String(text).trim();
  if (!trimmed) return trimmed;
  const first = trimmed[0].toUpperCase() + trimmed.slice(1);
  return /[.!?)]$/.test(first) ? first : `${first}.`;
}

/** What this browser holds of a game's seat (`kind` "local", "seat" or "invite"): its token,
 * whether it joined, an invitation code it may pass on.
 * @typedef {{ kind: string, token?: string, joined?: boolean, invite?: string }} HeldSeat */

/** The seat secrets this browser holds for each game, in localStorage, by seat number. */
export const tokens = {
  /** @type {(id: string) => Record<string, HeldSeat>} */
  load: (id) => JSON.parse(localStorage.getItem(`tafel:${id}`) || "{}"),
  /** @type {(id: string, value: Record<string, HeldSeat>) => void} */
  save: (id, value) => localStorage.setItem(`tafel:${id}`, JSON.stringify(value)),
};

/** Who sits in a seat, in words: "person at this screen", "computer, level 3"...
 * @param {{ kind: string, level?: number | null }} seat */
export function seatKind(seat) {
  if (seat.kind === "computer") return t("computer, level {level}", { level: seat.level });
  if (seat.kind === "local") return t("person at this screen");
  return t("person online");
}

/** The "BOT" label beside the name of an account a program plays (docs/bots.md). */
export function botBadge() {
  return el("abbr", { class: "bot-badge", title: t("a program plays this account") }, t("BOT"));
}

/** Whether the user asked for less motion. */
export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** A button that turns something about a person on and off (follow, block), with the line that
 * says what it did: `labels` are the button's words while off and while on; `set(on)` asks the
 * server; `said(on)` is the line after a change.
 * @param {{ id: string, statusId: string, on: boolean, labels: [string, string], set: (on: boolean) => Promise<unknown>, said: (on: boolean) => string }} options */
export function onOffButton({ id, statusId, on, labels, set, said }) {
  const status = el("p", { id: statusId, role: "status", class: "help" });
  const button = el("button", { type: "button", class: "secondary", id });
  const show = () => fill(button, labels[on ? 1 : 0]);
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await set(!on);
      on = !on;
      fill(status, said(on));
      show();
    } catch (e) {
      fill(status, el("span", { class: "error" }, /** @type {Error} */ (e).message));
    }
    button.disabled = false;
  });
  show();
  return { button, status };
}

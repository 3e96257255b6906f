// What the position editor's game modules (web/editor/games/<game>.js) share about codes: the
// head (the side to move, then the die once rolled) split off the rest, and a head's word and
// die read and written. Each game module says its code's shape; web/boards/position.js reads
// the boards' parts.

/** How a game's code's head is edited: the side to move, and in a dice game the die.
 * @typedef {object} HeadEditing
 * @property {(code: string) => string} sideOf
 * @property {(code: string, word: string) => string} withSide
 * @property {(code: string) => number | null} [dieOf]
 * @property {(code: string, die: number | null) => string} [withDie] */

/** What a game's editor module (web/editor/games/<game>.js) exports: the cells a click edits
 * (`targets`, a selector), the tools and sides offered under `settings`, `edit` (the code with
 * the clicked element holding a tool), `cleared` (an empty board), the head's editing, and
 * optionally `first` (the position to begin with, from the game's start).
 * @typedef {HeadEditing & {
 *   targets: string,
 *   tools: (settings: Record<string, string>) => { id: string, label: string }[],
 *   sides: (settings: Record<string, string>) => { word: string, label: string }[],
 *   edit: (code: string, target: HTMLElement | SVGElement, tool: string, settings: Record<string, string>) => string,
 *   cleared: (code: string) => string,
 *   first?: (start: string) => string,
 * }} EditorModule */

/** Splits `code` at its first `separator` into the head and the rest.
 * @param {string} code
 * @param {string} separator */
export function splitHead(code, separator) {
  const at = code.indexOf(separator);
  return at < 0 ? { head: code, rest: "" } : { head: code.slice(0, at), rest: code.slice(at + 1) };
}

/** A head's side word and die: "b4" is { word: "b", die: 4 }, "se" { word: "se", die: null }.
 * @param {string} head */
export function readHead(head) {
  const digit = head.match(/[1-6]$/);
  return { word: head.replace(/[0-9s]$/i, ""), die: digit ? Number(digit[0]) : null };
}

/**
 * The editing of a code's head for a game whose code starts with the side to move (and, with
 * `withDie`, the die once rolled) before `separator`: `sideOf`, `withSide`, and with the die
 * `dieOf` and `withDie`.
 * @param {string} separator
 * @param {boolean} withDie
 * @returns {HeadEditing}
 */
export function headEditing(separator, withDie) {
  const parts = (/** @type {string} */ code) => {
    const { head, rest } = splitHead(code, separator);
    return { ...readHead(head), rest };
  };
  const join = (/** @type {string} */ word, /** @type {number | null} */ die, /** @type {string} */ rest) => `${word}${die ?? ""}${separator}${rest}`;
  /** @type {HeadEditing} */
  const editing = {
    sideOf: (code) => parts(code).word,
    withSide: (code, word) => {
      const { die, rest } = parts(code);
      return join(word, withDie ? die : null, rest);
    },
  };
  if (withDie) {
    editing.dieOf = (code) => parts(code).die;
    editing.withDie = (code, die) => {
      const { word, rest } = parts(code);
      return join(word, die, rest);
    };
  }
  return editing;
}

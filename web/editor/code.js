// What the position editor's game modules (web/editor/games/<game>.js) share about codes: the
// head (the side to move, then the die once rolled) split off the rest, and a head's word and
// die read and written. Each game module says its code's shape; web/boards/position.js reads
// the boards' parts.

/** Splits `code` at its first `separator` into the head and the rest. */
export function splitHead(code, separator) {
  const at = code.indexOf(separator);
  return at < 0 ? { head: code, rest: "" } : { head: code.slice(0, at), rest: code.slice(at + 1) };
}

/** A head's side word and die: "b4" is { word: "b", die: 4 }, "se" { word: "se", die: null }. */
export function readHead(head) {
  const digit = head.match(/[1-6]$/);
  return { word: head.replace(/[0-9s]$/i, ""), die: digit ? Number(digit[0]) : null };
}

/**
 * The editing of a code's head for a game whose code starts with the side to move (and, with
 * `withDie`, the die once rolled) before `separator`: `sideOf`, `withSide`, and with the die
 * `dieOf` and `withDie`.
 */
export function headEditing(separator, withDie) {
  const parts = (code) => {
    const { head, rest } = splitHead(code, separator);
    return { ...readHead(head), rest };
  };
  const join = (word, die, rest) => `${word}${die ?? ""}${separator}${rest}`;
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

// The tasks of the tutorials' steps (docs/learn.md): each step's task is data in its course
// (web/learn/courses/<game>.json), a predicate of a few kinds over what the server answers
// about the position after the learner's move (POST /api/positions: its code, status and legal
// moves). The page never decides a game's rules itself: the moves offered are the legal ones
// the server gives, and the task is judged on the server's reading of the position reached.
// No DOM here, so that the course test (e2e/learn-courses.test.js) judges with the same code.

/** A position as the server reads it (`PositionView`; web/analysis/engine.js).
 * @typedef {import("../analysis/engine.js").Position} Position */

/** A step's task, one of:
 * - `moves`: the move played is one of `moves` (each legal in the step's position);
 * - `wins`: after the move the game is over and the learner is among the winners;
 * - `safe`: after the move the game goes on, or the learner is among the winners (a move that
 *   does not lose at once);
 * - `forces`: after the move every legal reply of the opponent ends the game with the learner
 *   winning (or the move itself wins);
 * - `fewer`: the code after the move has fewer matches of the regular expression `pattern`
 *   than the step's code (a piece taken: Quarx's `[xX]`);
 * - `matches`: the code after the move matches the regular expression `pattern` (a king made,
 *   a store that has seeds).
 * @typedef {{ kind: "moves", moves: string[] } | { kind: "wins" } | { kind: "safe" } | { kind: "forces" }
 *   | { kind: "fewer", pattern: string } | { kind: "matches", pattern: string }} Task */

/** The kinds of task there are. */
export const KINDS = ["moves", "wins", "safe", "forces", "fewer", "matches"];

/** Reads the step's position after `moves` (none: the step's position itself), as the server
 * reads it; rejects when a move is not legal.
 * @typedef {(moves: string[]) => Promise<Position>} Ask */

/** How many times `pattern` matches in `code`.
 * @param {string} pattern
 * @param {string} code */
const matches = (pattern, code) => (code.match(new RegExp(pattern, "g")) ?? []).length;

/** Whether playing `move` in the step's position `start` does `task`; `after` is the position
 * the move reaches, `ask` reads further positions (the replies, for `forces`).
 * @param {Task} task
 * @param {Position} start
 * @param {string} move
 * @param {Position} after
 * @param {Ask} ask
 * @returns {Promise<boolean>} */
export async function taskDone(task, start, move, after, ask) {
  const learner = start.status.seat;
  const won = (/** @type {Position} */ p) => p.status.state === "over" && learner !== undefined && p.status.winners.includes(learner);
  switch (task.kind) {
    case "moves": return task.moves.includes(move);
    case "wins": return won(after);
    case "safe": return after.status.state !== "over" || won(after);
    case "forces": {
      if (won(after)) return true;
      if (after.status.state !== "to_move" || after.status.seat === learner) return false;
      const replies = await Promise.all(after.legal.map((reply) => ask([move, reply])));
      return replies.every(won);
    }
    case "fewer": return matches(task.pattern, after.code) < matches(task.pattern, start.code);
    case "matches": return new RegExp(task.pattern).test(after.code);
    default: return false;
  }
}

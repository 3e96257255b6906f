// Reading position codes, the parts the boards share: the head before the first ":" (the side
// to move, then the die once rolled), the board's rows after it separated by "/", and squares
// named like chess squares (files a.. from the left, ranks 1.. from the bottom). Each board
// module reads what is its own (web/boards/<game>.js says its code's shape).

/** A code of the shape "HEAD:ROW/ROW/...[:MORE]": its head and the board's rows, top first.
 * @param {string} code */
export function readCode(code) {
  const [head, rows] = code.split(":");
  return { head, rows: rows.split("/") };
}

/** The die in a code's head: its last digit once rolled ("w3", "se4"), else null ("w", "ws").
 * @param {string} head */
export function rolledDie(head) {
  const digit = head.match(/[1-6]$/);
  return digit ? Number(digit[0]) : null;
}

/** The letter of file `col` (0 is "a").
 * @param {number} col */
export const fileLetter = (col) => String.fromCharCode(97 + col);

/** The name of the square in row `row` (0 at the top) and column `col` of a board of `ranks`
 * ranks: "a5" is the top left of a 5 x 5 board.
 * @param {number} ranks
 * @param {number} row
 * @param {number} col */
export const squareName = (ranks, row, col) => `${fileLetter(col)}${ranks - row}`;

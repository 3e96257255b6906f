//! The square board: cell names in chess style, neighbour lists, and sets of cells.
//!
//! Cells are numbered row by row from the top left, as in [`GridSize`]; players name them
//! like chess squares, files `a`, `b`, ... from the left and ranks `1`, `2`, ... from the
//! bottom, so on 6 x 6 cell 0 is `a6` and cell 35 is `f1`.

use tafel_core::{reason, ParseError, Reason};

use crate::grid::{GridSize, Side};

/// What a cell name looks like.
const NOT_A_CELL: Reason = Reason::new(
    "carreaux-cell-name",
    "expected a cell such as b6: a file letter, then a rank number",
);

/// The largest board side.
pub const MAX_SIDE: usize = 12;

/// The most cells a board has.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// Marks a missing neighbour in [`Board::neighbours`].
pub const NO_CELL: u8 = u8::MAX;

/// The board's geometry: its side and, for every cell, its neighbours.
#[derive(Clone, Debug)]
pub struct Board {
    side: usize,
    /// Per cell, the neighbours in increasing cell order (N, W, E, S), [`NO_CELL`] off the board.
    neighbours: Vec<[u8; 4]>,
}

/// The directions in increasing order of the neighbour's cell number.
const ORDER: [Side; 4] = [Side::N, Side::W, Side::E, Side::S];

impl Board {
    /// The board with `side` cells along each edge (at most [`MAX_SIDE`]).
    pub fn new(side: usize) -> Board {
        assert!(
            side <= MAX_SIDE,
            "boards have at most {MAX_SIDE} cells a side"
        );
        let grid = GridSize {
            rows: side,
            cols: side,
        };
        let neighbours = (0..grid.cells())
            .map(|cell| ORDER.map(|s| grid.neighbour(cell, s).map_or(NO_CELL, |n| n as u8)))
            .collect();
        Board { side, neighbours }
    }

    /// Cells along each edge.
    pub fn side(&self) -> usize {
        self.side
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.side * self.side
    }

    /// The grid, for row and column arithmetic.
    pub fn grid(&self) -> GridSize {
        GridSize {
            rows: self.side,
            cols: self.side,
        }
    }

    /// The neighbours of `cell` in increasing cell order, [`NO_CELL`] where the board ends.
    pub fn neighbours(&self, cell: usize) -> [u8; 4] {
        self.neighbours[cell]
    }

    /// Whether two cells share an edge.
    pub fn adjacent(&self, a: usize, b: usize) -> bool {
        self.neighbours[a].contains(&(b as u8))
    }

    /// The chess-style name of `cell` (`a6` for cell 0 on 6 x 6).
    pub fn name(&self, cell: usize) -> String {
        let (row, col) = self.grid().coords(cell);
        format!("{}{}", (b'a' + col as u8) as char, self.side - row)
    }

    /// The cell named `text` (file letter in either case, then rank), or why there is none.
    pub fn parse_name(&self, text: &str) -> Result<usize, ParseError> {
        let refuse = |reason| ParseError::new("cell", text, reason);
        let mut chars = text.chars();
        let file = chars
            .next()
            .filter(char::is_ascii_alphabetic)
            .ok_or_else(|| refuse(NOT_A_CELL))?;
        let rank_text = chars.as_str();
        let rank: usize = rank_text
            .parse()
            .ok()
            .filter(|_| rank_text.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| refuse(NOT_A_CELL))?;
        let col = (file.to_ascii_lowercase() as u8 - b'a') as usize;
        let last_file = (b'a' + self.side as u8 - 1) as char;
        if col >= self.side {
            return Err(refuse(reason!(
                "carreaux-file",
                "there is no file {file} on a {n} x {n} board (files a to {last})",
                file,
                n = self.side,
                last = last_file
            )));
        }
        if !(1..=self.side).contains(&rank) {
            return Err(refuse(reason!(
                "carreaux-rank",
                "there is no rank {rank} on a {n} x {n} board (ranks 1 to {n})",
                rank,
                n = self.side
            )));
        }
        Ok(self.grid().index(self.side - rank, col))
    }
}

/// A set of cells as a bit mask, for the cells of one colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct CellSet([u64; 3]);

impl CellSet {
    /// Whether `cell` is in the set.
    pub fn contains(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 != 0
    }

    /// Adds `cell`.
    pub fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    /// Removes `cell`.
    pub fn remove(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    /// Moves the cell `from` to `to` if `from` is in the set (then `to` must not be), and
    /// leaves the set as it is otherwise: without a branch on which colour slides, which a
    /// processor cannot foresee in random games.
    #[inline(always)]
    pub fn move_if_present(&mut self, from: usize, to: usize) {
        let present = (self.0[from / 64] >> (from % 64) & 1).wrapping_neg();
        self.0[from / 64] &= !(present & 1 << (from % 64));
        self.0[to / 64] |= present & 1 << (to % 64);
    }

    /// The bit mask: cell `c` is bit `c % 64` of word `c / 64`.
    pub fn words(&self) -> [u64; 3] {
        self.0
    }

    /// How many cells the set holds.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 3]
    }

    /// The cells in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        Cells {
            words: self.0,
            word: 0,
        }
    }

    /// Whether the cells form one orthogonally connected group (an empty set does not).
    pub fn is_connected(&self, board: &Board) -> bool {
        let Some(first) = self.iter().next() else {
            return false;
        };
        let mut reached = CellSet::default();
        let mut stack = [0u8; MAX_CELLS];
        let mut top = 1;
        stack[0] = first as u8;
        reached.insert(first);
        let mut count = 1;
        while top > 0 {
            top -= 1;
            let cell = stack[top] as usize;
            for next in board.neighbours(cell) {
                let next = next as usize;
                if next != NO_CELL as usize && self.contains(next) && !reached.contains(next) {
                    reached.insert(next);
                    stack[top] = next as u8;
                    top += 1;
                    count += 1;
                }
            }
        }
        count == self.len()
    }
}

/// The cells of a [`CellSet`] in increasing order: the lowest bit of the current word taken
/// and cleared, the next word when it is empty.
struct Cells {
    /// The cells not yet given.
    words: [u64; 3],
    /// The word being read.
    word: usize,
}

impl Iterator for Cells {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while let Some(bits) = self.words.get_mut(self.word) {
            if *bits != 0 {
                let bit = bits.trailing_zeros() as usize;
                *bits &= *bits - 1;
                return Some(64 * self.word + bit);
            }
            self.word += 1;
        }
        None
    }
}

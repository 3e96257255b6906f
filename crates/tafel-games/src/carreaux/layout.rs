//! The start layouts. The original's diagram is lost; all three are reconstructions.
//!
//! Every layout puts the bubble in the top-left corner (a6 on 6 x 6) and a checkerboard of
//! neutral tiles on the cells of the bubble's colour; the layouts differ in how the other
//! cells are shared between Red and Blue.

use super::board::{Board, CellSet};

/// How Red and Blue share the cells not of the bubble's colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Layout {
    /// Red below the diagonal through the bubble, Blue above it (default).
    Diagonal,
    /// Red in the bubble's half (the upper half), Blue in the other.
    Halves,
    /// Red in the bubble's row, Blue in the next, and so on alternating.
    Rows,
}

/// The bubble's cell at the start of every layout: the top-left corner.
pub const START_BUBBLE: usize = 0;

impl Layout {
    /// The Red and Blue cells of this layout on `board`.
    pub fn tiles(self, board: &Board) -> (CellSet, CellSet) {
        let grid = board.grid();
        let (mut red, mut blue) = (CellSet::default(), CellSet::default());
        for cell in 0..board.cells() {
            let (row, col) = grid.coords(cell);
            if (row + col) % 2 == 0 {
                continue;
            }
            let is_red = match self {
                Layout::Diagonal => row > col,
                Layout::Halves => row < board.side() / 2,
                Layout::Rows => row % 2 == 0,
            };
            if is_red {
                red.insert(cell);
            } else {
                blue.insert(cell);
            }
        }
        (red, blue)
    }
}

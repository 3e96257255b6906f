//! Rectangular grids of squares: sides, sizes and cell indices, shared by the grid games.

use std::fmt;

use tafel_core::{reason, ValueError};

/// A side of a square, or a direction on the grid. `N` is up (towards row 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Side {
    /// Up.
    N = 0,
    /// Right.
    E = 1,
    /// Down.
    S = 2,
    /// Left.
    W = 3,
}

impl Side {
    /// All four, in N, E, S, W order (their numbering).
    pub const ALL: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];

    /// The side facing this one across an edge.
    pub fn opposite(self) -> Side {
        Side::ALL[(self as usize + 2) % 4]
    }

    /// The side's letter.
    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self as usize]
    }

    /// The side for a letter (either case).
    pub fn from_letter(letter: char) -> Option<Side> {
        match letter.to_ascii_uppercase() {
            'N' => Some(Side::N),
            'E' => Some(Side::E),
            'S' => Some(Side::S),
            'W' => Some(Side::W),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The size of a grid, `rows` x `cols`; cells are numbered row by row from the top left.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GridSize {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
}

impl GridSize {
    /// Number of cells.
    pub fn cells(self) -> usize {
        self.rows * self.cols
    }

    /// The index of the cell at (`row`, `col`).
    pub fn index(self, row: usize, col: usize) -> usize {
        row * self.cols + col
    }

    /// The (row, column) of a cell index.
    pub fn coords(self, cell: usize) -> (usize, usize) {
        (cell / self.cols, cell % self.cols)
    }

    /// The cell next to `cell` across `side`, or `None` at the grid's boundary.
    pub fn neighbour(self, cell: usize, side: Side) -> Option<usize> {
        let (r, c) = self.coords(cell);
        match side {
            Side::N if r > 0 => Some(cell - self.cols),
            Side::S if r + 1 < self.rows => Some(cell + self.cols),
            Side::W if c > 0 => Some(cell - 1),
            Side::E if c + 1 < self.cols => Some(cell + 1),
            _ => None,
        }
    }

    /// Reads `MxN` (rows x columns) with each side in `1..=max_side` and at most `max_cells`
    /// cells.
    pub fn parse(text: &str, max_side: usize, max_cells: usize) -> Result<GridSize, ValueError> {
        let (r, c) = text
            .split_once(['x', 'X'])
            .ok_or_else(|| ValueError::Malformed {
                expected: reason!("grid-size-form", "ROWSxCOLUMNS such as 8x8"),
                got: Some(text.to_string()),
            })?;
        let side = |t: &str| {
            t.trim()
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=max_side).contains(n))
                .ok_or_else(|| {
                    ValueError::NotAllowed(reason!(
                        "grid-side",
                        "each side must be a whole number from 1 to {max}",
                        max = max_side
                    ))
                })
        };
        let size = GridSize {
            rows: side(r)?,
            cols: side(c)?,
        };
        if size.cells() > max_cells {
            return Err(ValueError::NotAllowed(reason!(
                "grid-cells",
                "at most {max} squares, got {count}",
                max = max_cells,
                count = size.cells()
            )));
        }
        Ok(size)
    }
}

impl fmt::Display for GridSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_stop_at_the_boundary() {
        let g = GridSize { rows: 2, cols: 3 };
        assert_eq!(g.neighbour(0, Side::N), None);
        assert_eq!(g.neighbour(0, Side::W), None);
        assert_eq!(g.neighbour(0, Side::E), Some(1));
        assert_eq!(g.neighbour(0, Side::S), Some(3));
        assert_eq!(g.neighbour(5, Side::E), None);
        assert_eq!(g.neighbour(5, Side::S), None);
        assert_eq!(g.neighbour(5, Side::N), Some(2));
    }

    #[test]
    fn sizes_parse_with_clear_errors() {
        assert_eq!(
            GridSize::parse("3x5", 32, 1024),
            Ok(GridSize { rows: 3, cols: 5 })
        );
        assert!(GridSize::parse("0x5", 32, 1024)
            .unwrap_err()
            .to_string()
            .contains("from 1 to 32"));
        assert!(GridSize::parse("35", 32, 1024)
            .unwrap_err()
            .to_string()
            .contains("ROWSxCOLUMNS"));
        assert!(GridSize::parse("32x33", 64, 1024)
            .unwrap_err()
            .to_string()
            .contains("at most 1024"));
        assert_eq!(Side::N.opposite(), Side::S);
        assert_eq!(Side::from_letter('w'), Some(Side::W));
    }
}

//! The four home corners: which way a corner's stones move, which square they aim at, and the
//! four-player start groups, all derived from the board's geometry.

use super::board::{board, squares_in, Dir, Square, SquareSet, SIDE};

/// A home corner. In the two-player game Black sits at `NW` and White at `SE`; in the team
/// game each corner has its own player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Corner {
    /// North-west (square A): moves east and south.
    NW,
    /// North-east (square D): moves south and west.
    NE,
    /// South-west (square R): moves north and east.
    SW,
    /// South-east (square T): moves north and west.
    SE,
}

impl Corner {
    /// The corners in reading order of their squares (A, D, R, T): the order of the players'
    /// fields in a position code.
    pub const READING_ORDER: [Corner; 4] = [Corner::NW, Corner::NE, Corner::SW, Corner::SE];

    /// The two directions in which this corner's stones step: towards the opposite corner.
    pub fn forward(self) -> [Dir; 2] {
        match self {
            Corner::NW => [Dir::E, Dir::S],
            Corner::NE => [Dir::S, Dir::W],
            Corner::SW => [Dir::N, Dir::E],
            Corner::SE => [Dir::N, Dir::W],
        }
    }

    /// The diagonally opposite corner, whose square this corner's stones aim at.
    pub fn opposite(self) -> Corner {
        match self {
            Corner::NW => Corner::SE,
            Corner::NE => Corner::SW,
            Corner::SW => Corner::NE,
            Corner::SE => Corner::NW,
        }
    }

    /// The square in this corner of the board.
    pub fn square(self) -> Square {
        let far = SIDE - 1;
        let (x, y) = match self {
            Corner::NW => (0, 0),
            Corner::NE => (far, 0),
            Corner::SW => (0, far),
            Corner::SE => (far, far),
        };
        board().square_at(x, y)
    }

    /// The squares a stone of this corner may step to from `square`.
    pub fn forward_neighbours(self, square: Square) -> SquareSet {
        let [a, b] = self.forward();
        board().neighbours(square, a) | board().neighbours(square, b)
    }

    /// The four-player `quadrant` start: the squares lying wholly inside this corner's 8 x 8
    /// quarter of the board.
    pub fn quadrant(self) -> SquareSet {
        let half = SIDE / 2;
        let (east, south) = match self {
            Corner::NW => (false, false),
            Corner::NE => (true, false),
            Corner::SW => (false, true),
            Corner::SE => (true, true),
        };
        let inside = |start: usize, size: usize, far: bool| {
            if far {
                start >= half
            } else {
                start + size <= half
            }
        };
        (0..super::board::SQUARES as Square)
            .filter(|&sq| {
                let p = board().placement(sq);
                inside(p.x, p.size, east) && inside(p.y, p.size, south)
            })
            .fold(0, |set, sq| set | 1 << sq)
    }

    /// The four-player `corner` start: the corner square and the squares one step forward
    /// from it.
    pub fn corner_group(self) -> SquareSet {
        let corner = self.square();
        1 << corner | self.forward_neighbours(corner)
    }

    /// The corner's code in position codes and settings (`nw`).
    pub fn code(self) -> &'static str {
        match self {
            Corner::NW => "nw",
            Corner::NE => "ne",
            Corner::SW => "sw",
            Corner::SE => "se",
        }
    }

    /// The corner with code `code` (either case).
    pub fn from_code(code: &str) -> Option<Corner> {
        Corner::READING_ORDER
            .into_iter()
            .find(|c| c.code().eq_ignore_ascii_case(code))
    }

    /// The name of the player sitting here in the team game.
    pub fn name(self) -> &'static str {
        match self {
            Corner::NW => "North-West",
            Corner::NE => "North-East",
            Corner::SW => "South-West",
            Corner::SE => "South-East",
        }
    }

    /// The symbol of this corner's stones in pictures: circles for the NW + SE team (black
    /// for NW, white for SE), squares for the NE + SW team.
    pub fn symbol(self) -> char {
        match self {
            Corner::NW => '●',
            Corner::NE => '■',
            Corner::SW => '□',
            Corner::SE => '○',
        }
    }

    /// The most steps a stone of this corner can still take from `square` (every step goes
    /// strictly towards the opposite corner, so the walk is finite).
    pub fn longest_walk(self, square: Square) -> u64 {
        squares_in(self.forward_neighbours(square))
            .map(|next| 1 + self.longest_walk(next))
            .max()
            .unwrap_or(0)
    }
}

//! Karl Scherer's alternating tiling of a 16 x 16 square by 21 squares: each square's place
//! and size, and which squares border it in each direction, all computed from the geometry in
//! `board.json` (a copy of the spec's data file) the first time the board is needed.

use std::sync::OnceLock;

use serde::Deserialize;
use tafel_core::{reason, ParseError, Reason};

/// How many squares the board has (A to U).
pub const SQUARES: usize = 21;

/// The side of the big square in unit cells.
pub const SIDE: usize = 16;

/// The largest square's side (the centre square K).
pub const MAX_SIZE: usize = 6;

/// A square's index: 0 is A, 20 is U (reading order of the squares' top-left cells).
pub type Square = u8;

/// A set of squares as a bit mask, bit `i` for square `i`.
pub type SquareSet = u32;

/// A direction on the board; x grows east, y grows south.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Dir {
    /// Towards larger x.
    E = 0,
    /// Towards larger y.
    S = 1,
    /// Towards smaller x.
    W = 2,
    /// Towards smaller y.
    N = 3,
}

impl Dir {
    /// All four, in the order of the spec's neighbour table.
    pub const ALL: [Dir; 4] = [Dir::E, Dir::S, Dir::W, Dir::N];
}

/// Where one square lies: its top-left unit cell and its side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Placement {
    /// Column of the top-left cell (0 = west edge).
    pub x: usize,
    /// Row of the top-left cell (0 = north edge).
    pub y: usize,
    /// Side length in unit cells (1 to 6).
    pub size: usize,
}

impl Placement {
    /// Whether the two half-open ranges `a..a + la` and `b..b + lb` share a positive length.
    fn overlap(a: usize, la: usize, b: usize, lb: usize) -> bool {
        a.max(b) < (a + la).min(b + lb)
    }

    /// Whether `other` borders this square along a segment of positive length on the side
    /// facing `dir` (touching at a corner is not enough).
    pub fn borders(&self, other: &Placement, dir: Dir) -> bool {
        let rows = Self::overlap(self.y, self.size, other.y, other.size);
        let cols = Self::overlap(self.x, self.size, other.x, other.size);
        match dir {
            Dir::E => rows && other.x == self.x + self.size,
            Dir::W => rows && self.x == other.x + other.size,
            Dir::S => cols && other.y == self.y + self.size,
            Dir::N => cols && self.y == other.y + other.size,
        }
    }

    /// The square's image under a half turn of the board.
    pub fn rotated(&self) -> Placement {
        Placement {
            x: SIDE - self.x - self.size,
            y: SIDE - self.y - self.size,
            size: self.size,
        }
    }
}

/// The board: placements, the square covering each unit cell, and the neighbour masks.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    placements: [Placement; SQUARES],
    owner: [[Square; SIDE]; SIDE],
    neighbours: [[SquareSet; 4]; SQUARES],
}

#[derive(Deserialize)]
struct BoardFile {
    side: usize,
    squares: Vec<SquareEntry>,
}

#[derive(Deserialize)]
struct SquareEntry {
    name: String,
    x: usize,
    y: usize,
    size: usize,
}

/// The board's geometry as JSON (`board.json`, a copy of the spec's data file): the one
/// source of the tiling, for the engine and for whoever draws the board.
pub const BOARD_JSON: &str = include_str!("board.json");

/// The board, built once from the embedded geometry.
pub fn board() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(|| Board::from_json(BOARD_JSON).expect("the embedded board file is valid"))
}

impl Board {
    /// Reads and checks a board file: 21 squares named A to U in reading order of their
    /// top-left cells, covering the 16 x 16 square exactly once.
    pub fn from_json(text: &str) -> Result<Board, ParseError> {
        let refuse = |reason| ParseError::new("board file", text, reason);
        let file: BoardFile = serde_json::from_str(text)
            .map_err(|e| refuse(reason!("board-file-json", "{detail}", detail = e)))?;
        if file.side != SIDE || file.squares.len() != SQUARES {
            return Err(refuse(reason!(
                "board-file-size",
                "expected {squares} squares on a side of {side}, found {found} on {found_side}",
                squares = SQUARES,
                side = SIDE,
                found = file.squares.len(),
                found_side = file.side
            )));
        }
        let mut placements = [Placement {
            x: 0,
            y: 0,
            size: 0,
        }; SQUARES];
        let mut owner = [[Square::MAX; SIDE]; SIDE];
        for (index, entry) in file.squares.iter().enumerate() {
            let expected = (b'A' + index as u8) as char;
            if entry.name != expected.to_string() {
                return Err(refuse(reason!(
                    "board-file-name",
                    "square {index} is named {name}, not {expected}",
                    index,
                    name = entry.name,
                    expected
                )));
            }
            if !(1..=MAX_SIZE).contains(&entry.size)
                || entry.x + entry.size > SIDE
                || entry.y + entry.size > SIDE
            {
                return Err(refuse(reason!(
                    "board-file-fit",
                    "square {name} does not fit the board",
                    name = entry.name
                )));
            }
            for row in &mut owner[entry.y..entry.y + entry.size] {
                for cell in &mut row[entry.x..entry.x + entry.size] {
                    if *cell != Square::MAX {
                        return Err(refuse(reason!(
                            "board-file-overlap",
                            "square {name} overlaps another",
                            name = entry.name
                        )));
                    }
                    *cell = index as Square;
                }
            }
            placements[index] = Placement {
                x: entry.x,
                y: entry.y,
                size: entry.size,
            };
        }
        let reading_order: Vec<Square> =
            owner.iter().flatten().fold(Vec::new(), |mut seen, &sq| {
                if !seen.contains(&sq) {
                    seen.push(sq);
                }
                seen
            });
        if reading_order != (0..SQUARES as Square).collect::<Vec<_>>() {
            return Err(refuse(reason!(
                "board-file-order",
                "the squares do not cover the board in reading order"
            )));
        }
        let mut neighbours = [[0; 4]; SQUARES];
        for (from, sets) in neighbours.iter_mut().enumerate() {
            for dir in Dir::ALL {
                sets[dir as usize] = (0..SQUARES)
                    .filter(|&to| placements[from].borders(&placements[to], dir))
                    .fold(0, |set, to| set | 1 << to);
            }
        }
        Ok(Board {
            placements,
            owner,
            neighbours,
        })
    }

    /// Where `square` lies.
    pub fn placement(&self, square: Square) -> Placement {
        self.placements[square as usize]
    }

    /// The side length of `square`.
    pub fn size(&self, square: Square) -> usize {
        self.placements[square as usize].size
    }

    /// The squares bordering `square` on its side facing `dir`.
    pub fn neighbours(&self, square: Square, dir: Dir) -> SquareSet {
        self.neighbours[square as usize][dir as usize]
    }

    /// The square covering the unit cell in column `x`, row `y`.
    pub fn square_at(&self, x: usize, y: usize) -> Square {
        self.owner[y][x]
    }

    /// The square a half turn of the board carries `square` onto.
    pub fn rotated(&self, square: Square) -> Square {
        let image = self.placement(square).rotated();
        self.square_at(image.x, image.y)
    }

    /// Every square of side `size`.
    pub fn squares_of_size(&self, size: usize) -> SquareSet {
        (0..SQUARES)
            .filter(|&sq| self.placements[sq].size == size)
            .fold(0, |set, sq| set | 1 << sq)
    }
}

/// The letter naming `square`.
pub fn square_name(square: Square) -> char {
    (b'A' + square) as char
}

/// The square named by `letter` (either case), if there is one.
pub fn square_named(letter: char) -> Option<Square> {
    let upper = letter.to_ascii_uppercase();
    ('A'..='U').contains(&upper).then(|| upper as u8 - b'A')
}

/// Why `letter` names no square.
pub fn square_letter(letter: char) -> Reason {
    reason!(
        "karls-race-square",
        "`{letter}` is not a square (A to U)",
        letter
    )
}

/// The squares of `set` in order, as indices.
pub fn squares_in(mut set: SquareSet) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let square = set.trailing_zeros() as Square;
            set &= set - 1;
            square
        })
    })
}

/// The names of the squares in `set`, in order (`ABCGHJ`), or `-` for none.
pub fn set_names(set: SquareSet) -> String {
    if set == 0 {
        "-".to_string()
    } else {
        squares_in(set).map(square_name).collect()
    }
}

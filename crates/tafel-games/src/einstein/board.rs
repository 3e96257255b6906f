//! The 5 x 5 board: square names, the two home corners (triangles of six squares) and the
//! steps each colour may take.
//!
//! Squares are numbered row by row from the top left: `row * 5 + column`, row 0 being the
//! top rank (5) and column 0 file `a`. Black starts in the top-left triangle and steps right,
//! down or diagonally down-right towards `e1`; White starts in the bottom-right triangle and
//! steps up, left or diagonally up-left towards `a5`.

use tafel_core::Player;

/// A square, `0..25`.
pub type Square = u8;

/// Squares on a side.
pub const SIDE: usize = 5;

/// Squares on the board.
pub const SQUARES: usize = SIDE * SIDE;

/// Cubes per colour, numbered 1 to 6.
pub const CUBES: usize = 6;

/// White's seat: the bottom-right corner, aiming at `a5`.
pub const WHITE: Player = Player(0);

/// Black's seat: the top-left corner, aiming at `e1`.
pub const BLACK: Player = Player(1);

/// Each seat's home triangle in reading order (top rank first, then left to right): the
/// order in which an arrangement's numbers are written. White: e3 d2 e2 c1 d1 e1; Black: a5
/// b5 c5 a4 b4 a3.
pub const HOME: [[Square; CUBES]; 2] = [[14, 18, 19, 22, 23, 24], [0, 1, 2, 5, 6, 10]];

/// The square each seat must reach: the far corner of the other's triangle (White `a5`,
/// Black `e1`).
pub const TARGET: [Square; 2] = [0, 24];

/// The steps of each seat as (row, column) offsets, in the order moves are listed (the order
/// OpenSpiel lists them): White up, diagonally up-left, left; Black diagonally down-right,
/// down, right.
pub const DIRECTIONS: [[(i8, i8); 3]; 2] = [[(-1, 0), (-1, -1), (0, -1)], [(1, 1), (1, 0), (0, 1)]];

/// The row of a square (0 is rank 5, at the top).
pub const fn row(square: Square) -> usize {
    square as usize / SIDE
}

/// The column of a square (0 is file `a`).
pub const fn column(square: Square) -> usize {
    square as usize % SIDE
}

/// The square's name: its file `a`..`e` and rank `1`..`5` (`a5` is the top-left corner).
pub fn square_name(square: Square) -> String {
    let file = (b'a' + column(square) as u8) as char;
    let rank = SIDE - row(square);
    format!("{file}{rank}")
}

/// The square named `name` (file `a`..`e` in either case, rank `1`..`5`).
pub fn square_named(name: &str) -> Option<Square> {
    let mut chars = name.chars();
    let (file, rank) = (chars.next()?, chars.next()?);
    if chars.next().is_some() {
        return None;
    }
    let column = "abcde".find(file.to_ascii_lowercase())?;
    let rank = rank
        .to_digit(10)
        .filter(|r| (1..=SIDE as u32).contains(r))? as usize;
    Some(((SIDE - rank) * SIDE + column) as Square)
}

/// The square one step from `square` by `(rows, columns)`, if it is on the board.
/// A `const fn`, so that the playout's tables are built at compile time.
pub const fn step(square: Square, (rows, columns): (i8, i8)) -> Option<Square> {
    let r = row(square) as i8 + rows;
    let c = column(square) as i8 + columns;
    let side = SIDE as i8;
    if r >= 0 && r < side && c >= 0 && c < side {
        Some((r as usize * SIDE + c as usize) as Square)
    } else {
        None
    }
}

/// The fewest steps a cube of `seat` on `square` needs to reach its target: with diagonal
/// steps, the larger of the row and column distances.
pub fn distance(seat: Player, square: Square) -> u8 {
    let target = TARGET[seat.index()];
    row(square)
        .abs_diff(row(target))
        .max(column(square).abs_diff(column(target))) as u8
}

/// The most steps a cube of `seat` on `square` can still take: every step brings it at least
/// one row or column nearer its target, and it stops there.
pub fn longest_walk(seat: Player, square: Square) -> u64 {
    let target = TARGET[seat.index()];
    (row(square).abs_diff(row(target)) + column(square).abs_diff(column(target))) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_the_corners_are_where_the_rules_put_them() {
        for square in 0..SQUARES as Square {
            assert_eq!(square_named(&square_name(square)), Some(square));
        }
        assert_eq!(square_name(0), "a5");
        assert_eq!(square_name(24), "e1");
        assert_eq!(square_named("C3"), Some(12));
        assert_eq!(square_named("f1"), None);
        assert_eq!(square_named("a6"), None);
        assert_eq!(square_named("a"), None);
        assert_eq!(square_named("a11"), None);
        let names = |seat: usize| HOME[seat].map(square_name).join(" ");
        assert_eq!(names(0), "e3 d2 e2 c1 d1 e1");
        assert_eq!(names(1), "a5 b5 c5 a4 b4 a3");
        // The triangles: the squares at most two rows and columns together from the corner.
        let corner = |near: fn(usize) -> bool| -> Vec<Square> {
            (0..SQUARES as Square)
                .filter(|&s| near(row(s) + column(s)))
                .collect()
        };
        assert_eq!(corner(|sum| sum >= 6), HOME[0]);
        assert_eq!(corner(|sum| sum <= 2), HOME[1]);
    }

    #[test]
    fn steps_stay_on_the_board_and_distances_count_them() {
        assert_eq!(step(0, (1, 1)), Some(6));
        assert_eq!(step(0, (-1, 0)), None);
        assert_eq!(step(24, (0, 1)), None);
        assert_eq!(step(24, (-1, -1)), Some(18));
        assert_eq!(distance(BLACK, 0), 4);
        assert_eq!(distance(WHITE, 0), 0);
        assert_eq!(distance(WHITE, square_named("e3").unwrap()), 4);
        assert_eq!(distance(BLACK, square_named("a3").unwrap()), 4);
        assert_eq!(longest_walk(BLACK, 0), 8);
        assert_eq!(longest_walk(WHITE, 24), 8);
    }
}

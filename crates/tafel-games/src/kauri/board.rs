//! The board: twelve holes in sowing order, their letters, and the counts a position holds.

use tafel_core::Player;

/// Holes on the board: `a`..`f` (first player) then `A`..`F` (second player), in sowing order.
pub const HOLES: usize = 12;
/// Holes in each player's row.
pub const ROW: usize = 6;
/// Seeds in the game: 5 in each hole at the start.
pub const TOTAL_SEEDS: u8 = 60;
/// Cowries in the game: 1 in each hole at the start. They never leave the board.
pub const TOTAL_COWRIES: u8 = 12;

/// The player who owns hole `hole` (0..12).
pub fn owner(hole: usize) -> Player {
    Player((hole / ROW) as u8)
}

/// The letter of a hole: `a`..`f` for the first player, `A`..`F` for the second.
pub fn letter(hole: usize) -> char {
    let base = if hole < ROW { b'a' } else { b'A' };
    (base + (hole % ROW) as u8) as char
}

/// The hole named by `letter`, if it is one of `a`..`f` or `A`..`F`.
pub fn hole_of(letter: char) -> Option<usize> {
    match letter {
        'a'..='f' => Some(letter as usize - 'a' as usize),
        'A'..='F' => Some(ROW + letter as usize - 'A' as usize),
        _ => None,
    }
}

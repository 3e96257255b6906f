//! Move notation: a sowing is its hole's letter, `a`..`f` for the first player's holes and
//! `A`..`F` for the second's; a forced pass is `pass`. Whole games have their own notation,
//! Mancala World's, in [`super::movetext`].

use tafel_core::{reason, ParseError};

use super::board::{hole_of, letter};
use super::Move;

/// Reads a move: a hole's letter or `pass`.
pub(super) fn parse_move(text: &str) -> Result<Move, ParseError> {
    if text == "pass" {
        return Ok(Move::Pass);
    }
    let mut chars = text.chars();
    match (chars.next().and_then(hole_of), chars.next()) {
        (Some(hole), None) => Ok(Move::Sow(hole as u8)),
        _ => Err(ParseError::new(
            "move",
            text,
            reason!("kauri-move", "expected a hole a..f or A..F, or `pass`"),
        )),
    }
}

/// Writes a move as [`parse_move`] reads it.
pub(super) fn format_move(mv: Move) -> String {
    match mv {
        Move::Sow(hole) => letter(hole as usize).to_string(),
        Move::Pass => "pass".to_string(),
    }
}

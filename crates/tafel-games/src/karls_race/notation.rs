//! Move notation: a die is its digit (`3`), a step is `FROM-TO` (`U-S`), a forced pass is
//! `pass`.

use tafel_core::{ParseError, Reason};

use crate::chance::DIE_VALUE;

use super::board::{square_letter, square_name, square_named};
use super::Move;

const MOVE_FORMS: Reason = Reason::new(
    "karls-race-move",
    "expected a die value 1 to 6, a step FROM-TO such as U-S, or pass",
);

/// Reads a move: `1`..`6`, `FROM-TO` (squares A to U, either case) or `pass`.
pub fn parse_move(text: &str) -> Result<Move, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    match chars.as_slice() {
        [digit] if digit.is_ascii_digit() => match digit.to_digit(10) {
            Some(die @ 1..=6) => Ok(Move::Roll(die as u8)),
            _ => Err(ParseError::new("move", text, DIE_VALUE)),
        },
        [from, '-', to] => {
            let square = |at: usize, letter: char| {
                square_named(letter)
                    .ok_or_else(|| ParseError::at("move", text, at, square_letter(letter)))
            };
            Ok(Move::Step {
                from: square(0, *from)?,
                to: square(2, *to)?,
            })
        }
        _ if text.eq_ignore_ascii_case("pass") => Ok(Move::Pass),
        _ => Err(ParseError::new("move", text, MOVE_FORMS)),
    }
}

/// Writes a move as [`parse_move`] reads it.
pub fn format_move(mv: Move) -> String {
    match mv {
        Move::Roll(die) => die.to_string(),
        Move::Step { from, to } => format!("{}-{}", square_name(from), square_name(to)),
        Move::Pass => "pass".to_string(),
    }
}

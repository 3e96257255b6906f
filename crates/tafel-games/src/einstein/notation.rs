//! Move notation: a die is its digit (`3`), a step is `FROM-TO` with the squares' names
//! (`b4-c3`), a start arrangement is the six cubes' numbers on the home triangle's squares in
//! reading order (`614325`).

use tafel_core::{reason, ParseError, Reason};

use crate::chance::DIE_VALUE;

use super::arrangement;
use super::board::{square_name, square_named};
use super::Move;

const MOVE_FORMS: Reason = Reason::new(
    "einstein-move",
    "expected a die value 1 to 6, a step FROM-TO such as b4-c3, or an arrangement of six \
     digits such as 614325",
);

/// Reads a move: `1`..`6`, `FROM-TO` (squares `a1` to `e5`, either case) or six digits.
pub fn parse_move(text: &str) -> Result<Move, ParseError> {
    let error = |reason| ParseError::new("move", text, reason);
    let chars: Vec<char> = text.chars().collect();
    if chars.len() == 1 && chars[0].is_ascii_digit() {
        return match chars[0].to_digit(10) {
            Some(die @ 1..=6) => Ok(Move::Roll(die as u8)),
            _ => Err(error(DIE_VALUE)),
        };
    }
    if !chars.is_empty() && chars.iter().all(|c| c.is_ascii_digit()) {
        return arrangement::parse(text).map(Move::Arrange).map_err(error);
    }
    if let Some((from, to)) = text.split_once('-') {
        let square = |at: usize, name: &str| {
            square_named(name).ok_or_else(|| {
                ParseError::at(
                    "move",
                    text,
                    at,
                    reason!(
                        "einstein-square-name",
                        "`{name}` is not a square (a1 to e5)",
                        name
                    ),
                )
            })
        };
        return Ok(Move::Step {
            from: square(0, from)?,
            to: square(from.chars().count() + 1, to)?,
        });
    }
    Err(error(MOVE_FORMS))
}

/// Writes a move as [`parse_move`] reads it.
pub fn format_move(mv: Move) -> String {
    match mv {
        Move::Arrange(index) => arrangement::text(index),
        Move::Roll(die) => die.to_string(),
        Move::Step { from, to } => format!("{}-{}", square_name(from), square_name(to)),
    }
}

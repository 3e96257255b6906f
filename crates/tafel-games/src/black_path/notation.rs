//! Move notation: a tile `1`, `2` or `3` (the tile placed), or the side `N`, `E`, `S` or `W`
//! by which the path is to leave the square the tile goes into (the tile that does so). Moves
//! are written as tiles.

use tafel_core::{reason, ParseError, Reason};

const MOVE_FORMS: Reason = Reason::new(
    "black-path-move",
    "expected a tile 1, 2 or 3, or an exit side N, E, S or W",
);

use super::{tile_for_exit, PathEnd, State, Tile};
use crate::grid::Side;

/// Reads a tile or an exit side in `state`.
pub(super) fn parse_move(state: &State, text: &str) -> Result<Tile, ParseError> {
    let mut chars = text.chars();
    let (Some(ch), None) = (chars.next(), chars.next()) else {
        return Err(ParseError::new("move", text, MOVE_FORMS));
    };
    if let Some(tile) = ch.to_digit(10).filter(|d| (1..=3).contains(d)) {
        return Ok(tile as Tile);
    }
    let Some(side) = Side::from_letter(ch) else {
        return Err(ParseError::new("move", text, MOVE_FORMS));
    };
    let PathEnd::Open { entry, .. } = state.end else {
        return Err(ParseError::new(
            "move",
            text,
            reason!("game-over", "the game is over"),
        ));
    };
    tile_for_exit(entry, side).ok_or_else(|| {
        ParseError::new(
            "move",
            text,
            reason!(
                "black-path-exit",
                "the path enters through {entry}, so it cannot leave through {side}",
                entry,
                side
            ),
        )
    })
}

/// Writes a move as its tile.
pub(super) fn format_move(tile: Tile) -> String {
    tile.to_string()
}

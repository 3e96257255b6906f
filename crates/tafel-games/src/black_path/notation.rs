//! Move notation: a tile `1`, `2` or `3` (the tile placed), or the side `N`, `E`, `S` or `W`
//! by which the path is to leave the square the tile goes into (the tile that does so). Moves
//! are written as tiles.

use tafel_core::ParseError;

use super::{tile_for_exit, PathEnd, State, Tile};
use crate::grid::Side;

/// Reads a tile or an exit side in `state`.
pub(super) fn parse_move(state: &State, text: &str) -> Result<Tile, ParseError> {
    let mut chars = text.chars();
    let (Some(ch), None) = (chars.next(), chars.next()) else {
        return Err(ParseError::new(
            "move",
            text,
            "expected a tile 1, 2 or 3, or an exit side N, E, S or W",
        ));
    };
    if let Some(tile) = ch.to_digit(10).filter(|d| (1..=3).contains(d)) {
        return Ok(tile as Tile);
    }
    let Some(side) = Side::from_letter(ch) else {
        return Err(ParseError::new(
            "move",
            text,
            "expected a tile 1, 2 or 3, or an exit side N, E, S or W",
        ));
    };
    let PathEnd::Open { entry, .. } = state.end else {
        return Err(ParseError::new("move", text, "the game is over"));
    };
    tile_for_exit(entry, side).ok_or_else(|| {
        ParseError::new(
            "move",
            text,
            format!("the path enters through {entry}, so it cannot leave through {side}"),
        )
    })
}

/// Writes a move as its tile.
pub(super) fn format_move(tile: Tile) -> String {
    tile.to_string()
}

//! Move notation: a move is the cell of the tile that slides into the bubble, named by its
//! file letter and rank number (`b6`; the letter in either case on input).

use tafel_core::ParseError;

use super::Carreaux;

/// Reads a move: the cell of the tile to slide.
pub(super) fn parse_move(game: &Carreaux, text: &str) -> Result<u8, ParseError> {
    game.board
        .parse_name(text)
        .map(|cell| cell as u8)
        .map_err(|e| ParseError::new("move", text, e.reason))
}

/// Writes a move as the cell of the tile that slides.
pub(super) fn format_move(game: &Carreaux, tile: u8) -> String {
    game.board.name(tile as usize)
}

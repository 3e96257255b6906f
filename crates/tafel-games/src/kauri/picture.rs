//! The text picture: the second player's row on top (`F` to `A`, left to right), the first
//! player's row below (`a` to `f`), each hole as seeds `+` cowries, and the stores.
//!
//! ```text
//!     F    E    D    C    B    A
//!   5+1  5+1  5+1  5+1  5+1  5+1    second player: 0
//!   5+1  5+1  5+1  5+1  5+1  5+1    first player: 0
//!     a    b    c    d    e    f
//! first player to move
//! ```

use tafel_core::{Game, Player, Status};

use super::board::{letter, HOLES, ROW};
use super::{Kauri, State};

const CELL: usize = 5;

/// Draws `state` as five lines of text.
pub(super) fn draw(game: &Kauri, state: &State) -> String {
    let top: Vec<usize> = (ROW..HOLES).rev().collect();
    let bottom: Vec<usize> = (0..ROW).collect();
    let letters = |holes: &[usize]| -> String {
        holes
            .iter()
            .map(|&h| format!("{:>CELL$}", letter(h)))
            .collect()
    };
    let counts = |holes: &[usize]| -> String {
        holes
            .iter()
            .map(|&h| {
                let cell = format!("{}+{}", state.seeds(h), state.cowries(h));
                format!("{cell:>CELL$}")
            })
            .collect()
    };
    let footer = match game.status(state) {
        Status::Over(_) => tafel_core::record::describe_status(game, state),
        _ => format!("{} to move", game.player_name(state.side())),
    };
    [
        letters(&top),
        format!(
            "{}    second player: {}",
            counts(&top),
            state.store(Player(1))
        ),
        format!(
            "{}    first player: {}",
            counts(&bottom),
            state.store(Player(0))
        ),
        letters(&bottom),
        footer,
    ]
    .join("\n")
}

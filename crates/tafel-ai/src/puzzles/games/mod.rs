//! Each game's [`super::PuzzleGame`]: its searches, its solver for puzzles and its themes, one
//! module per game.

mod black_path;
mod carreaux;
mod einstein;
mod karls_race;
mod kauri;
mod quarx;

pub use karls_race::ENDGAME_STONES;

/// The second search's work as MCTS iterations: four times the first search's `nodes`, an
/// iteration costing about ten nodes (as [`crate::searcher`] reckons).
pub(crate) const fn second_iterations(nodes: u64) -> u64 {
    nodes * 4 / 10
}

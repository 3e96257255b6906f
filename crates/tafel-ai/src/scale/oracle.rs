//! Exact values from a game's solvers, for the positions they cover.

use tafel_core::Game;

use super::Chance;

/// The exact value of every move of a position, where a game's solvers know it: Karl's Race
/// from its table, Black Path by the domino strategy and the exact search, Carreaux under the
/// designer's rules, Kauri's tie-break phase. A game's [`crate::GameAi::oracle`] gives one.
///
/// An oracle may keep what it solved between calls (a search's table, solved positions), so
/// one oracle serves one analysis at a time.
pub trait Oracle<G: Game>: Send {
    /// Every legal move of `state` (where someone is to move) with its exact value for the
    /// player to move, in the game's move order; `None` where the solvers do not cover the
    /// position (or would need more work than they are allowed).
    fn move_values(&mut self, game: &G, state: &G::State) -> Option<Vec<(G::Move, Chance)>>;
}

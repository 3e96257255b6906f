//! The Black Path Game's puzzles: exact on every board the solver settles.

use tafel_games::black_path::BlackPath;

use crate::levels::{alpha_beta, mcts, Algorithm, PLAYOUT};
use crate::puzzles::PuzzleGame;

use super::second_iterations;

/// The first search's nodes, where the solver gives up (large boards).
const NODES: u64 = 20_000;

impl PuzzleGame for BlackPath {
    const DICE: bool = false;
    const FIRST: Algorithm = alpha_beta(64, NODES, PLAYOUT);
    const SECOND: Algorithm = mcts(second_iterations(NODES), PLAYOUT);

    /// `straight` for the cross (tile 3), `turn` for a curve; `follow` when the path then runs
    /// on along tiles already laid.
    fn move_themes(&self, state: &Self::State, mv: Self::Move) -> Vec<&'static str> {
        let mut themes = vec![if mv == 3 { "straight" } else { "turn" }];
        let mut after = state.clone();
        tafel_core::Game::apply(self, &mut after, mv);
        if self.trace(&after).len() > self.trace(state).len() + 1 {
            themes.push("follow");
        }
        themes
    }
}

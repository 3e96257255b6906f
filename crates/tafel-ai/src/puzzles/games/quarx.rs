//! Quarx's puzzles: searched (the game is not solved).

use tafel_core::Game;
use tafel_games::quarx::Quarx;

use crate::levels::{alpha_beta, mcts, Algorithm, EVAL};
use crate::puzzles::PuzzleGame;

use super::second_iterations;

/// The first search's nodes.
const NODES: u64 = 20_000;

impl PuzzleGame for Quarx {
    const DICE: bool = false;
    const FIRST: Algorithm = alpha_beta(64, NODES, EVAL);
    const SECOND: Algorithm = mcts(second_iterations(NODES), EVAL);

    /// `capture` (one piece) or `multi-capture` (more), `promotion` when a man becomes a
    /// king, `quiet` for a step that does neither.
    fn move_themes(&self, state: &Self::State, mv: Self::Move) -> Vec<&'static str> {
        let mut themes = Vec::new();
        match mv.captured.count_ones() {
            0 => {}
            1 => themes.push("capture"),
            _ => themes.push("multi-capture"),
        }
        let mut after = state.clone();
        self.apply(&mut after, mv);
        let was_king = (state.kings() >> mv.from) & 1 == 1;
        if !was_king && (after.kings() >> mv.to) & 1 == 1 {
            themes.push("promotion");
        }
        if themes.is_empty() {
            themes.push("quiet");
        }
        themes
    }
}

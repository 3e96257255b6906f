//! Carreaux's puzzles: exact under the designer's rules (the whole game tree), searched under
//! `rule=free`.

use tafel_games::carreaux::Carreaux;

use crate::levels::{alpha_beta, mcts, Algorithm, EVAL};
use crate::puzzles::PuzzleGame;

use super::second_iterations;

/// The first search's nodes.
const NODES: u64 = 20_000;

impl PuzzleGame for Carreaux {
    const DICE: bool = false;
    const FIRST: Algorithm = alpha_beta(64, NODES, EVAL);
    const SECOND: Algorithm = mcts(second_iterations(NODES), EVAL);

    /// Which tile slides into the bubble: `own-tile`, `opponent-tile` or `green-tile`.
    fn move_themes(&self, state: &Self::State, mv: Self::Move) -> Vec<&'static str> {
        vec![match state.colour_at(mv as usize) {
            Some(colour) if colour == state.to_move() => "own-tile",
            Some(_) => "opponent-tile",
            None => "green-tile",
        }]
    }
}

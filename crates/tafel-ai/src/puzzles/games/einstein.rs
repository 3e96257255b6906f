//! EinStein würfelt nicht's puzzles: searched (the game is not solved).

use tafel_games::einstein::{Einstein, Move};

use crate::levels::{expectimax, mcts, Algorithm, EVAL};
use crate::puzzles::PuzzleGame;

use super::second_iterations;

/// The first search's nodes.
const NODES: u64 = 20_000;

impl PuzzleGame for Einstein {
    const DICE: bool = true;
    const FIRST: Algorithm = expectimax(64, NODES, EVAL);
    const SECOND: Algorithm = mcts(second_iterations(NODES), EVAL);

    /// `capture` when the step removes an opponent's cube, `own-capture` one's own, else
    /// `race`.
    fn move_themes(&self, state: &Self::State, mv: Self::Move) -> Vec<&'static str> {
        let Move::Step { to, .. } = mv else {
            return Vec::new();
        };
        vec![match state.cube(to) {
            Some((seat, _)) if seat == state.to_move() => "own-capture",
            Some(_) => "capture",
            None => "race",
        }]
    }
}

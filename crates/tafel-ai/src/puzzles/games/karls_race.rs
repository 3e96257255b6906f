//! Karl's Race's puzzles: exact in the endgame of up to [`ENDGAME_STONES`] stones a side, solved
//! in the process by the retrograde solver (the same values as the whole table's), so that
//! generating and checking need no table file; searched elsewhere.

use tafel_core::Game;
use tafel_games::karls_race::{KarlsRace, Move};

use crate::games::karls_race::endgame_table;
pub use crate::games::karls_race::ENDGAME_STONES;
use crate::levels::{expectimax, mcts, Algorithm, EVAL};
use crate::puzzles::PuzzleGame;
use crate::scale::Oracle;
use crate::solve::karls_race::TableOracle;

use super::second_iterations;

/// The first search's nodes.
const NODES: u64 = 20_000;

impl PuzzleGame for KarlsRace {
    const DICE: bool = true;
    const FIRST: Algorithm = expectimax(64, NODES, EVAL);
    const SECOND: Algorithm = mcts(second_iterations(NODES), EVAL);

    /// The endgame table (two players only).
    fn puzzle_oracle(&self) -> Option<Box<dyn Oracle<Self>>> {
        (self.num_players() == 2).then(|| Box::new(TableOracle::new(endgame_table())) as _)
    }

    /// `capture` when the step removes an opponent's stone, `own-capture` one's own, else
    /// `race`.
    fn move_themes(&self, state: &Self::State, mv: Self::Move) -> Vec<&'static str> {
        let Move::Step { to, .. } = mv else {
            return Vec::new();
        };
        vec![match state.occupant(to) {
            Some(seat) if self.team_of(seat) == self.team_of(state.to_move()) => "own-capture",
            Some(_) => "capture",
            None => "race",
        }]
    }
}

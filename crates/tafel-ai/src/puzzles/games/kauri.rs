//! Kauri's puzzles: exact in the tie-break phase (with `tiebreak=old`), searched elsewhere.

use tafel_core::{Game, Status};
use tafel_games::kauri::Kauri;

use crate::levels::{alpha_beta, mcts, Algorithm, EVAL};
use crate::puzzles::themes::forced_reply;
use crate::puzzles::PuzzleGame;

use super::second_iterations;

/// The first search's nodes.
const NODES: u64 = 20_000;

impl PuzzleGame for Kauri {
    const DICE: bool = false;
    const FIRST: Algorithm = alpha_beta(64, NODES, EVAL);
    const SECOND: Algorithm = mcts(second_iterations(NODES), EVAL);
    /// Level 4 searches 60,000 nodes a move: level 3 at most keeps the source games quick.
    const STRONGEST_SOURCE: u32 = 3;

    /// `sowing` always; `capture` when the move takes seeds, `sacrifice` when it hands seeds
    /// to the opponent, `block` when it leaves the opponent one house to sow from.
    fn move_themes(&self, state: &Self::State, mv: Self::Move) -> Vec<&'static str> {
        let mut after = state.clone();
        let (captured, lost) = self.apply_counting(&mut after, mv);
        let mut themes = vec!["sowing"];
        if captured > 0 {
            themes.push("capture");
        }
        if lost > 0 {
            themes.push("sacrifice");
        }
        if let Status::ToMove(mover) = self.status(state) {
            if forced_reply(self, mover, &after).is_some() {
                themes.push("block");
            }
        }
        themes
    }
}

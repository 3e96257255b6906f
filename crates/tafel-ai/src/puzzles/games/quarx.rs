//! Quarx's puzzles: searched (the game is not solved). Most Quarx positions offer several
//! moves of the same worth (the hypercube's symmetries, compulsory captures), and a man won is
//! worth only some 5 to 10 points of the mover's chances on the one scale, so its searched
//! puzzles need a margin of [`MARGIN`] and its searches are smaller, to judge many positions.

use tafel_core::{Game, Status};
use tafel_games::quarx::Quarx;

use crate::levels::{alpha_beta, mcts, Algorithm, EVAL};
use crate::puzzles::themes::forced_reply;
use crate::puzzles::PuzzleGame;

use super::second_iterations;

/// The first search's nodes.
const NODES: u64 = 5_000;

/// The margin of Quarx's searched puzzles.
pub const MARGIN: f64 = 0.05;

impl PuzzleGame for Quarx {
    const DICE: bool = false;
    const FIRST: Algorithm = alpha_beta(64, NODES, EVAL);
    const SECOND: Algorithm = mcts(second_iterations(NODES), EVAL);
    const MARGIN: f64 = MARGIN;

    /// `capture` (one piece) or `multi-capture` (more), `promotion` when a man becomes a
    /// king, `quiet` for a step that does neither; `block` when the opponent is left one
    /// move, not a capture.
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
        if let Status::ToMove(mover) = self.status(state) {
            if forced_reply(self, mover, &after).is_some_and(|reply| reply.captured == 0) {
                themes.push("block");
            }
        }
        themes
    }
}

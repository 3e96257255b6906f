//! Random playouts specialised to Kauri, the game's [`Game::random_playout`]: the move is
//! drawn straight from the table of each set of holes holding cowries, without filling a move
//! list or building a status per ply, and the repetition list is given room once per game.
//!
//! It draws the same random numbers in the same order as the generic
//! [`tafel_core::playout::generic_random_playout`] and so plays exactly the same game for the
//! same generator; the tests check this on many seeds.
//!
//! [`Game::random_playout`]: tafel_core::Game::random_playout

use rand::Rng;
use tafel_core::{Outcome, Status};

use super::{lanes, Kauri, State, MOVE_TABLE};

/// Room reserved in the repetition list at the start of a playout. The list never holds more
/// positions than the game has plies, and random games last about 107 plies on average, so it
/// seldom has to grow ply by ply.
const HISTORY_ROOM: usize = 128;

impl Kauri {
    /// Plays uniformly random moves from `state` until the game ends; returns the outcome and
    /// the number of moves played.
    pub(super) fn random_playout_on_lanes<R: Rng + ?Sized>(
        &self,
        state: &mut State,
        rng: &mut R,
    ) -> (Outcome, u64) {
        state.history.reserve(HISTORY_ROOM);
        let mut plies = 0;
        loop {
            if state.may_be_over || state.plies >= self.ply_cap {
                if let Status::Over(outcome) = self.closer_status(state) {
                    return (outcome, plies);
                }
            }
            let side = state.side as usize;
            let entry = lanes::row_mask(state.cowries[side]) as usize;
            let table = &MOVE_TABLE[side];
            // The generic loop draws a `usize` index among the legal moves, even when the pass
            // is the only one; `rand` samples a `usize` range that fits 32 bits as this `u32`
            // range (which the compiler inlines), so the index is the generic loop's.
            let index = rng.random_range(0..u32::from(table.lens[entry]));
            self.play(state, table.moves[entry][index as usize]);
            plies += 1;
        }
    }
}

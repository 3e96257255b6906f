//! Random playouts specialised to Karl's Race, the game's [`Game::random_playout`]: the steps
//! are counted and the chosen one found on the bit masks, without filling a move list or
//! building a status per ply.
//!
//! It draws the same random numbers in the same order as the generic
//! [`tafel_core::playout::generic_random_playout`] (the die through [`crate::chance`]) and so
//! plays exactly the same game for the same generator; the tests check this on many seeds.
//!
//! [`Game::random_playout`]: tafel_core::Game::random_playout

use rand::Rng;
use tafel_core::Outcome;

use super::{squares_in, KarlsRace, Move, Square, SquareSet, State, MAX_SEATS};
use crate::chance::roll_die;

impl KarlsRace {
    /// Plays uniformly random steps (and a fair die) from `state` until the game ends; returns
    /// the outcome and the number of moves played (die rolls not counted).
    pub(super) fn random_playout_on_masks<R: Rng + ?Sized>(
        &self,
        state: &mut State,
        rng: &mut R,
    ) -> (Outcome, u64) {
        // Seats beyond a two-player game's are always empty: a loop for each seat count lets
        // the compiler leave them out.
        if self.seats == 2 {
            self.random_playout_with::<2, R>(state, rng)
        } else {
            self.random_playout_with::<MAX_SEATS, R>(state, rng)
        }
    }

    /// [`KarlsRace::random_playout_on_masks`] for a game whose stones stand in the first
    /// `SEATS` seats.
    fn random_playout_with<const SEATS: usize, R: Rng + ?Sized>(
        &self,
        state: &mut State,
        rng: &mut R,
    ) -> (Outcome, u64) {
        let mut plies = 0;
        while !self.is_over_with::<SEATS>(state) {
            let seat = state.to_move as usize % SEATS;
            let stones = state.stones[seat];
            plies += 1;
            if stones == 0 {
                // The generic playout draws an index even among one move.
                let _only: usize = rng.random_range(0..1);
                state.to_move = self.next_seat[seat];
                continue;
            }
            if state.die == 0 {
                state.die = roll_die(rng);
            }
            let (from, to) = self.random_step(seat, self.movable(stones, state.die), rng);
            self.play_step_with::<SEATS>(state, from, to);
        }
        (self.final_outcome(state), plies)
    }

    /// A uniformly random step of the stones `movable` of `seat` (at least one step): the
    /// steps counted on the masks and only the one drawn found, one index drawn among them in
    /// [`Game::legal_moves`]'s order, as the generic loop draws. Returns its start and end.
    ///
    /// [`Game::legal_moves`]: tafel_core::Game::legal_moves
    #[inline]
    pub(super) fn random_step<R: Rng + ?Sized>(
        &self,
        seat: usize,
        movable: SquareSet,
        rng: &mut R,
    ) -> (Square, Square) {
        let lists = &self.steps[seat];
        // `rand` samples a `usize` range that fits 32 bits as this `u32` range, so the index
        // is the generic playout's.
        let mut index = rng.random_range(0..self.step_count(seat, movable));
        for from in squares_in(movable) {
            let list = &lists[from as usize];
            if index < list.len as u32 {
                let Move::Step { from, to } = list.moves[index as usize] else {
                    unreachable!("a stone's step list holds steps");
                };
                return (from, to);
            }
            index -= list.len as u32;
        }
        unreachable!("the index is below the number of steps")
    }
}

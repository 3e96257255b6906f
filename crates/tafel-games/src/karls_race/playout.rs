//! Random playouts specialised to Karl's Race, for statistics and Monte Carlo search that know
//! the game: the steps are counted and the chosen one found on the bit masks, without filling
//! a move list or building a status per ply.
//!
//! [`KarlsRace::random_playout`] draws the same random numbers in the same order as the
//! generic [`tafel_core::playout::random_playout`] and so plays exactly the same game for the
//! same generator; the tests check this on many seeds.

use rand::Rng;
use tafel_core::playout::sample_chance;
use tafel_core::Outcome;

use super::{squares_in, KarlsRace, Move, State, ROLLS};

impl KarlsRace {
    /// Plays uniformly random steps (and a fair die) from `state` until the game ends; returns
    /// the outcome and the number of moves played (die rolls not counted).
    pub fn random_playout<R: Rng + ?Sized>(
        &self,
        state: &mut State,
        rng: &mut R,
    ) -> (Outcome, u64) {
        let mut plies = 0;
        while !self.is_over(state) {
            let seat = state.to_move as usize;
            let stones = state.stones[seat];
            plies += 1;
            if stones == 0 {
                // The generic playout draws an index even among one move.
                let _only: usize = rng.random_range(0..1);
                state.to_move = self.next_seat[seat];
                continue;
            }
            if state.die == 0 {
                let Move::Roll(die) = sample_chance(self, state, &ROLLS, rng) else {
                    unreachable!("the die's outcomes are rolls");
                };
                state.die = die;
            }
            let movable = self.movable(stones, state.die);
            let steps = &self.step_counts[seat];
            let count: usize = squares_in(movable)
                .map(|from| steps[from as usize] as usize)
                .sum();
            let mut index = rng.random_range(0..count);
            for from in squares_in(movable) {
                let here = steps[from as usize] as usize;
                if index < here {
                    let targets = self.forward[seat][from as usize];
                    let to = squares_in(targets).nth(index).expect("counted");
                    self.play_step(state, from, to);
                    break;
                }
                index -= here;
            }
        }
        (self.final_outcome(state), plies)
    }
}

//! Random playouts specialised to EinStein, the game's [`Game::random_playout`]: the steps are
//! counted and the chosen one found on the rules' tables, without filling a move list or
//! building a status per ply.
//!
//! It draws the same random numbers in the same order as the generic
//! [`tafel_core::playout::generic_random_playout`] (the die and the drawn arrangements through
//! [`crate::chance`]) and so plays exactly the same game for the same generator; the tests
//! check this on many seeds.
//!
//! [`Game::random_playout`]: tafel_core::Game::random_playout

use std::sync::LazyLock;

use rand::Rng;
use tafel_core::{Game, Outcome};

use super::arrangement::ARRANGEMENTS;
use super::settings::Start;
use super::{Einstein, Move, State, MAX_FORWARD, MAX_STEPS};
use crate::chance::{equal_chance_bounds, float_bits, large_draw, roll_die};

/// The bounds of the 720 equally likely drawn arrangements, worked out on first use.
static ARRANGEMENT_BOUNDS: LazyLock<[u64; ARRANGEMENTS]> =
    LazyLock::new(equal_chance_bounds::<ARRANGEMENTS>);

impl Einstein {
    /// Plays uniformly random moves (and fair chance) from `state` until the game ends;
    /// returns the outcome and the number of moves played (chance outcomes not counted).
    pub(super) fn random_playout_on_tables<R: Rng + ?Sized>(
        &self,
        state: &mut State,
        rng: &mut R,
    ) -> (Outcome, u64) {
        let mut plies = 0;
        while state.arranged < 2 {
            let index = match self.settings.start {
                Start::Random => large_draw(&ARRANGEMENT_BOUNDS[..], float_bits(rng)),
                Start::Placement => {
                    plies += 1;
                    // `rand` samples a `usize` range that fits 32 bits as this `u32` range,
                    // so the index is the generic playout's.
                    rng.random_range(0..ARRANGEMENTS as u32) as usize
                }
            };
            self.arrange(state, index as u16);
        }
        let mut steps = [Move::Roll(0); MAX_STEPS + MAX_FORWARD];
        while !self.is_over(state) {
            if state.die == 0 {
                let die = roll_die(rng);
                self.apply(state, Move::Roll(die));
            }
            let count = self.gather_steps(state, &mut steps);
            let index = rng.random_range(0..count as u32);
            let Move::Step { from, to } = steps[index as usize] else {
                unreachable!("a turn's moves are steps");
            };
            self.play_step(state, from, to);
            plies += 1;
        }
        let Some((winner, reason)) = self.winner(state) else {
            unreachable!("a finished game has a winner");
        };
        (Outcome::win(winner, reason), plies)
    }
}

//! Random playouts specialised to Karl's Race, the game's [`Game::random_playout`]: the steps
//! are counted and the chosen one found on the bit masks, without filling a move list or
//! building a status per ply.
//!
//! It draws the same random numbers in the same order as the generic
//! [`tafel_core::playout::generic_random_playout`] and so plays exactly the same game for the
//! same generator; the tests check this on many seeds.
//!
//! [`Game::random_playout`]: tafel_core::Game::random_playout

use rand::Rng;
use tafel_core::Outcome;

use super::{squares_in, KarlsRace, Move, State, MAX_SEATS, MAX_SIZE};

/// The die face [`tafel_core::playout::sample_chance`] picks for a fair die from the random
/// number `roll`: the roll less one face's probability, then less another, and so on, stays
/// non-negative for the faces below the rolled one, and once negative it stays negative, so
/// the face is one plus the number of non-negative differences (the last face when all are).
const fn face_by_float(roll: f64) -> u8 {
    let face_probability = 1.0 / MAX_SIZE as f64;
    let mut roll = roll;
    let mut face = 1;
    let mut subtracted = 1;
    while subtracted < MAX_SIZE {
        roll -= face_probability;
        face += (roll >= 0.0) as u8;
        subtracted += 1;
    }
    face
}

/// Random bits behind a random `f64` in [0, 1): `rand` keeps the top 53 bits of a `u64` and
/// scales them by 2^-53, exactly.
const FLOAT_BITS: u32 = 53;

/// The random `f64` whose bits are `bits` (below 2^53).
const fn float_of(bits: u64) -> f64 {
    bits as f64 / (1u64 << FLOAT_BITS) as f64
}

/// For each face but the first, the smallest 53-bit value whose roll shows at least that
/// face. Rounding makes the face grow with the roll, so a binary search finds the bounds of
/// [`face_by_float`] exactly, including its rounding at the edges.
const FACE_BOUNDS: [u64; MAX_SIZE - 1] = {
    let mut bounds = [0; MAX_SIZE - 1];
    let mut face = 2;
    while face <= MAX_SIZE {
        let (mut low, mut high) = (0u64, 1u64 << FLOAT_BITS);
        while low < high {
            let middle = low + (high - low) / 2;
            if face_by_float(float_of(middle)) as usize >= face {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        bounds[face - 2] = low;
        face += 1;
    }
    bounds
};

/// The face of a fair die rolled from `bits`, the top 53 bits of the random `u64` behind a
/// random `f64`: [`face_by_float`] of that `f64`, by five integer comparisons instead of
/// floating-point steps.
#[inline]
fn face_of(bits: u64) -> u8 {
    1 + FACE_BOUNDS
        .iter()
        .map(|&bound| (bits >= bound) as u8)
        .sum::<u8>()
}

/// Rolls the die as [`tafel_core::playout::sample_chance`] does for a fair die, from the same
/// random number (one `u64`, as `rng.random::<f64>()` draws).
#[inline]
fn roll_die<R: Rng + ?Sized>(rng: &mut R) -> u8 {
    face_of(rng.random::<u64>() >> (64 - FLOAT_BITS))
}

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
            let movable = self.movable(stones, state.die);
            let lists = &self.steps[seat];
            let count = self.step_count(seat, movable);
            // `rand` samples a `usize` range that fits 32 bits as this `u32` range, so the
            // index is the generic playout's.
            let mut index = rng.random_range(0..count);
            for from in squares_in(movable) {
                let list = &lists[from as usize];
                if index < list.len as u32 {
                    let Move::Step { from, to } = list.moves[index as usize] else {
                        unreachable!("a stone's step list holds steps");
                    };
                    self.play_step_with::<SEATS>(state, from, to);
                    break;
                }
                index -= list.len as u32;
            }
        }
        (self.final_outcome(state), plies)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn the_integer_die_shows_the_floating_point_die_face() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        let edges = FACE_BOUNDS
            .iter()
            .flat_map(|&bound| bound.saturating_sub(3)..bound + 3);
        let ends = [0, 1, (1 << FLOAT_BITS) - 1];
        let random = (0..100_000).map(|_| rng.random::<u64>() >> (64 - FLOAT_BITS));
        for bits in edges.chain(ends).chain(random) {
            assert_eq!(face_of(bits), face_by_float(float_of(bits)), "bits {bits}");
        }
        // Each face gets a sixth of the rolls, to within rounding.
        for (k, &bound) in FACE_BOUNDS.iter().enumerate() {
            let exact = (k as u64 + 1) * (1 << FLOAT_BITS) / MAX_SIZE as u64;
            assert!(
                bound.abs_diff(exact) <= 2,
                "face {}: {bound} vs {exact}",
                k + 2
            );
        }
    }
}

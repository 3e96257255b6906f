//! Sowing and capturing: the heart of a Kauri move.
//!
//! The hole is emptied; its seeds are sown one per hole anticlockwise, then its cowries,
//! continuing in the same direction. The origin hole is not skipped, so from 12 counters on
//! the 12th falls back into it. Each counter dropped into an opponent's hole may capture at
//! once:
//! - a cowrie into a hole without cowries takes the hole's seeds for the mover (direct);
//! - a seed into a hole holding cowries and no seed goes to the opponent's store (indirect).

use super::board::{owner, HOLES};
use super::{Kauri, State};

impl Kauri {
    /// Sows hole `origin` for the side to move, updating counts, stores and the hash (the
    /// side to move is left to the caller). Returns whether any seed was captured.
    pub(super) fn sow(&self, state: &mut State, origin: usize) -> bool {
        let mover = owner(origin);
        let opponent = 1 - mover.index();
        let seeds = state.seeds[origin] as usize;
        let cowries = state.cowries[origin] as usize;
        // The holes this move changes: the origin and the next ones, at most all twelve.
        let touched = (seeds + cowries).min(HOLES - 1);
        let mut hash = state.hash;
        for step in 0..=touched {
            hash ^= self.hole_key(state, (origin + step) % HOLES);
        }
        hash ^= self.store_key(state, 0) ^ self.store_key(state, 1);

        state.seeds[origin] = 0;
        state.cowries[origin] = 0;
        let mut hole = origin;
        let (mut direct, mut indirect) = (0u8, 0u8);
        for _ in 0..seeds {
            hole = next(hole);
            if owner(hole) != mover && state.seeds[hole] == 0 && state.cowries[hole] > 0 {
                indirect += 1;
            } else {
                state.seeds[hole] += 1;
            }
        }
        for _ in 0..cowries {
            hole = next(hole);
            if owner(hole) != mover && state.cowries[hole] == 0 {
                direct += state.seeds[hole];
                state.seeds[hole] = 0;
            }
            state.cowries[hole] += 1;
        }
        state.stores[mover.index()] += direct;
        state.stores[opponent] += indirect;

        for step in 0..=touched {
            hash ^= self.hole_key(state, (origin + step) % HOLES);
        }
        state.hash = hash ^ self.store_key(state, 0) ^ self.store_key(state, 1);
        direct + indirect > 0
    }
}

/// The next hole anticlockwise.
fn next(hole: usize) -> usize {
    if hole + 1 == HOLES {
        0
    } else {
        hole + 1
    }
}

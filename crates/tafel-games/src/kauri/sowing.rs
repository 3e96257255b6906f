//! Sowing and capturing: the heart of a Kauri move.
//!
//! The hole is emptied; its seeds are sown one per hole anticlockwise, then its cowries,
//! continuing in the same direction. The origin hole is not skipped, so from 12 counters on
//! the 12th falls back into it. Each counter dropped into an opponent's hole may capture at
//! once:
//! - a cowrie into a hole without cowries takes the hole's seeds for the mover (direct);
//! - a seed into a hole holding cowries and no seed goes to the opponent's store (indirect).

use super::board::{HOLES, ROW};
use super::hashing::times;
use super::{Kauri, State};

impl Kauri {
    /// Sows hole `origin` for the side to move, updating counts, stores and the hash (the
    /// side to move is left to the caller). Returns whether any seed was captured.
    pub(super) fn sow(&self, state: &mut State, origin: usize) -> bool {
        let keys = &self.keys;
        let mover = origin / ROW;
        let opponent = 1 - mover;
        let opponent_first = opponent * ROW;
        let is_opponents = |hole: usize| hole.wrapping_sub(opponent_first) < ROW;
        let seeds = state.seeds[origin];
        let cowries = state.cowries[origin];
        let mut hash = state
            .hash
            .wrapping_sub(times(keys.seed[origin], seeds))
            .wrapping_sub(times(keys.cowrie[origin], cowries));
        state.seeds[origin] = 0;
        state.cowries[origin] = 0;

        // The drops are written without branches on the counts: which holes capture is
        // unpredictable, and mispredictions would cost more than the arithmetic.
        let mut hole = origin;
        let mut indirect = 0u8;
        for _ in 0..seeds {
            hole = next(hole);
            let lost =
                u8::from(is_opponents(hole) && state.seeds[hole] == 0 && state.cowries[hole] > 0);
            indirect += lost;
            state.seeds[hole] += 1 - lost;
            hash = hash.wrapping_add(times(keys.seed[hole], 1 - lost));
        }
        let mut direct = 0u8;
        for _ in 0..cowries {
            hole = next(hole);
            let takes = is_opponents(hole) && state.cowries[hole] == 0;
            let taken = state.seeds[hole] * u8::from(takes);
            direct += taken;
            state.seeds[hole] -= taken;
            hash = hash
                .wrapping_sub(times(keys.seed[hole], taken))
                .wrapping_add(keys.cowrie[hole]);
            state.cowries[hole] += 1;
        }
        state.stores[mover] += direct;
        state.stores[opponent] += indirect;
        state.hash = hash
            .wrapping_add(times(keys.store[mover], direct))
            .wrapping_add(times(keys.store[opponent], indirect));
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

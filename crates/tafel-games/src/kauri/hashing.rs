//! The position hash: an additive Zobrist variant. Every seed in hole `h` adds the key
//! `seed[h]`, every cowrie `cowrie[h]`, every captured seed `store[p]`, and the second player
//! to move adds `side` (all wrapping). Sowing then updates the hash with one addition per
//! counter dropped, which costs nothing next to the sowing itself, where classic per-count
//! Zobrist keys would need two table look-ups per touched hole.
//!
//! Two different positions collide only if the small count differences, weighted by random
//! 64-bit keys, sum to 0 modulo 2^64: as unlikely as with XOR keys.

use super::board::HOLES;
use super::State;

/// The random keys of the additive hash.
#[derive(Clone, Debug)]
pub(super) struct Keys {
    pub seed: [u64; HOLES],
    pub cowrie: [u64; HOLES],
    pub store: [u64; 2],
    pub side: u64,
}

impl Keys {
    /// The keys, the same on every run.
    pub fn new() -> Self {
        let keys = tafel_core::zobrist::keys(0x4BA0_0001, 2 * HOLES + 3);
        let mut out = Keys {
            seed: [0; HOLES],
            cowrie: [0; HOLES],
            store: [keys[2 * HOLES], keys[2 * HOLES + 1]],
            side: keys[2 * HOLES + 2],
        };
        out.seed.copy_from_slice(&keys[..HOLES]);
        out.cowrie.copy_from_slice(&keys[HOLES..2 * HOLES]);
        out
    }

    /// The hash of `state` computed from its counts.
    pub fn hash(&self, state: &State) -> u64 {
        let mut hash = 0u64;
        for hole in 0..HOLES {
            hash = hash
                .wrapping_add(times(self.seed[hole], state.seeds[hole]))
                .wrapping_add(times(self.cowrie[hole], state.cowries[hole]));
        }
        hash.wrapping_add(times(self.store[0], state.stores[0]))
            .wrapping_add(times(self.store[1], state.stores[1]))
            .wrapping_add(times(self.side, state.side))
    }

    /// The change of the hash when the side to move passes from `side` to the other.
    pub fn side_change(&self, side: u8) -> u64 {
        if side == 0 {
            self.side
        } else {
            self.side.wrapping_neg()
        }
    }
}

/// `key` added `count` times.
pub(super) fn times(key: u64, count: u8) -> u64 {
    key.wrapping_mul(count as u64)
}

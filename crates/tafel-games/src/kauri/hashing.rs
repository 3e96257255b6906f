//! The position hash, computed from the packed counts in a few multiplications: cheaper than
//! updating Zobrist keys for every hole a sowing touches.
//!
//! The seeds, the cowries, the stores and the side to move are packed into four 64-bit words;
//! each pair of words, offset by fixed random keys, is multiplied to 128 bits and folded
//! (the `mum` step of wyhash). The keys have the top bit of every byte set while no packed byte
//! reaches 128, so no operand is ever zero.

use super::{lanes, State};

const KEYS: [u64; 4] = [
    tafel_core::zobrist::splitmix64(0x4BA0_0001) | 0x8080_8080_8080_8080,
    tafel_core::zobrist::splitmix64(0x4BA0_0002) | 0x8080_8080_8080_8080,
    tafel_core::zobrist::splitmix64(0x4BA0_0003) | 0x8080_8080_8080_8080,
    tafel_core::zobrist::splitmix64(0x4BA0_0004) | 0x8080_8080_8080_8080,
];

/// The hash of `state`: equal counts, stores and side to move give equal hashes.
pub(super) fn hash(state: &State) -> u64 {
    let (seeds_low, seeds_high) = lanes::words(&state.seeds);
    let (cowries_low, cowries_high) = lanes::words(&state.cowries);
    let rest =
        (state.stores[0] as u64) << 32 | (state.stores[1] as u64) << 40 | (state.side as u64) << 48;
    mum(seeds_low ^ KEYS[0], (seeds_high | rest) ^ KEYS[1])
        ^ mum(cowries_low ^ KEYS[2], cowries_high ^ KEYS[3])
}

/// The 128-bit product of `a` and `b`, folded to 64 bits.
fn mum(a: u64, b: u64) -> u64 {
    let product = a as u128 * b as u128;
    product as u64 ^ (product >> 64) as u64
}

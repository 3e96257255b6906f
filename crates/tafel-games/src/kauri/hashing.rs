//! The position hash, computed from the packed counts in a few multiplications when it is asked
//! for: cheaper than updating Zobrist keys for every hole a sowing touches, and not needed at
//! all by the moves themselves (the repetition list compares positions exactly).
//!
//! The rows of seeds and of cowries (the mover's first, see [`Board`]) are four 64-bit words
//! whose top two bytes are free ([`super::lanes`]); the stores go into the first seed word's
//! and the side to move into the first cowrie word's. Each pair of words, offset by fixed random keys, is multiplied to 128 bits
//! and folded (the `mum` step of wyhash). The keys have the top bit of every byte set while no
//! packed byte reaches 128, so no operand is ever zero.

use super::board::{Board, ROW};

const KEYS: [u64; 4] = [
    tafel_core::zobrist::splitmix64(0x4BA0_0001) | 0x8080_8080_8080_8080,
    tafel_core::zobrist::splitmix64(0x4BA0_0002) | 0x8080_8080_8080_8080,
    tafel_core::zobrist::splitmix64(0x4BA0_0003) | 0x8080_8080_8080_8080,
    tafel_core::zobrist::splitmix64(0x4BA0_0004) | 0x8080_8080_8080_8080,
];

/// The hash of `board`: equal counts, stores and side to move give equal hashes.
#[inline]
pub(super) fn hash(board: &Board) -> u64 {
    // The lanes of a row's holes fill its word's low bytes.
    let free = 8 * ROW;
    let stores = (u16::from_le_bytes(board.stores) as u64) << free;
    let side = (board.side as u64) << free;
    mum(board.seeds[0] ^ stores ^ KEYS[0], board.seeds[1] ^ KEYS[1])
        ^ mum(
            board.cowries[0] ^ side ^ KEYS[2],
            board.cowries[1] ^ KEYS[3],
        )
}

/// The 128-bit product of `a` and `b`, folded to 64 bits.
#[inline]
fn mum(a: u64, b: u64) -> u64 {
    let product = a as u128 * b as u128;
    product as u64 ^ (product >> 64) as u64
}

//! Deterministic pseudo-random keys for Zobrist hashing.
//!
//! Keys come from SplitMix64 so that every run, machine and build hashes a position to the
//! same value, which keeps stored transposition data and test expectations stable.

/// One step of SplitMix64: a well-mixed 64-bit value from a counter.
pub const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `count` keys for the table named by `salt` (use a different salt per game and per table).
pub fn keys(salt: u64, count: usize) -> Vec<u64> {
    (0..count as u64)
        .map(|i| splitmix64(salt.wrapping_mul(0x1000_0000_01B3) ^ splitmix64(i)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_deterministic_and_distinct() {
        let a = keys(7, 1000);
        assert_eq!(a, keys(7, 1000));
        let mut sorted = a.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 1000);
        assert_ne!(keys(8, 4), keys(7, 4));
    }
}

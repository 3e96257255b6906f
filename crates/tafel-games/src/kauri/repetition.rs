//! The positions seen since the last capture, for the repetition rule, with a cheap
//! pre-filter: most positions of a playout are new, and a 64-bit mask of the hashes seen
//! answers "never seen" without scanning the list.

/// Hashes of the positions since the last capture (a capture is irreversible: seeds only
/// ever leave the board, so no earlier position can come back).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Repetitions {
    /// Bit `hash >> 58` set for every hash in `hashes`: a Bloom filter with one hash function.
    seen: u64,
    /// The hashes, oldest first.
    hashes: Vec<u64>,
}

impl Repetitions {
    /// The bit of `hash` in the filter.
    #[inline]
    fn bit(hash: u64) -> u64 {
        1 << (hash >> 58)
    }

    /// Whether a position with this hash was seen.
    #[inline]
    pub fn contains(&self, hash: u64) -> bool {
        self.seen & Self::bit(hash) != 0 && self.hashes.contains(&hash)
    }

    /// Records a position.
    #[inline]
    pub fn push(&mut self, hash: u64) {
        self.seen |= Self::bit(hash);
        self.hashes.push(hash);
    }

    /// Makes room for `additional` more positions.
    pub fn reserve(&mut self, additional: usize) {
        self.hashes.reserve(additional);
    }

    /// Forgets every position (after a capture).
    #[inline]
    pub fn clear(&mut self) {
        self.seen = 0;
        self.hashes.clear();
    }

    /// How many positions are remembered.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.hashes.len()
    }

    /// Whether no position is remembered.
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.hashes.is_empty()
    }
}

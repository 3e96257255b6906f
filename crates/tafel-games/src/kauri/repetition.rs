//! The positions seen since the last capture, for the repetition rule.
//!
//! Within such a stretch the stores do not change (seeds only ever leave the board by
//! capture), so a position is its counts on the board and the side to move: three words,
//! compared exactly, with no hash to compute per move. Most positions of a game are new, and a
//! 64-bit filter of the positions seen answers "never seen" without scanning the list.

use super::board::Board;

/// A position of a capture-free stretch, exactly, with its place in the filter of
/// [`Repetitions`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Key {
    /// The seeds with the side to move in a free byte, and both rows of cowries in one word
    /// (a hole holds at most 12 cowries, four bits, so the second row's counts fit in the
    /// high half of each byte lane).
    words: [u64; 3],
    /// The filter's word for this key.
    word: usize,
    /// The key's bit in that word.
    bit: u64,
}

impl Key {
    /// The key of `board`.
    #[inline(always)]
    pub fn of(board: &Board) -> Key {
        let words = [
            board.seeds[0] | (board.side as u64) << 56,
            board.seeds[1],
            board.cowries[0] | board.cowries[1] << 4,
        ];
        // A multiplicative mix of the three words; its top eight bits choose the filter bit.
        let [a, b, c] = words;
        let mixed = (a ^ b.rotate_left(21) ^ c.rotate_left(42)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        Key {
            words,
            word: (mixed >> 62) as usize,
            bit: 1 << ((mixed >> 56) & 63),
        }
    }
}

/// The positions since the last capture (a capture is irreversible: no earlier position can
/// come back after it).
#[derive(PartialEq, Eq, Debug, Default)]
pub struct Repetitions {
    /// The bit of every key in `keys`: a 256-bit Bloom filter with one hash function.
    seen: [u64; 4],
    /// The positions, oldest first.
    keys: Vec<[u64; 3]>,
}

impl Clone for Repetitions {
    fn clone(&self) -> Self {
        Repetitions {
            seen: self.seen,
            keys: self.keys.clone(),
        }
    }

    /// Keeps the room of `self`'s list: a game started again in place (a vector's rows) would
    /// otherwise grow its list from nothing, a sixth of Kauri's batched step.
    fn clone_from(&mut self, source: &Self) {
        self.seen = source.seen;
        self.keys.clone_from(&source.keys);
    }
}

impl Repetitions {
    /// Whether the position of `key` was seen since the last capture.
    #[inline(always)]
    pub fn contains(&self, key: &Key) -> bool {
        self.seen[key.word] & key.bit != 0 && self.keys.contains(&key.words)
    }

    /// Records the position of `key`, which must have the stores of the positions already
    /// recorded.
    #[inline(always)]
    pub fn push(&mut self, key: &Key) {
        self.seen[key.word] |= key.bit;
        self.keys.push(key.words);
    }

    /// Asks the processor to fetch the place of the next [`Repetitions::push`]: each game of a
    /// vector writes its own list, so that place is seldom in the cache otherwise.
    #[inline(always)]
    pub fn prefetch_end(&self) {
        tafel_core::hint::prefetch(self.keys.as_ptr().wrapping_add(self.keys.len()));
    }

    /// Makes room for `additional` more positions.
    pub fn reserve(&mut self, additional: usize) {
        self.keys.reserve(additional);
    }

    /// Forgets every position (after a capture).
    #[inline]
    pub fn clear(&mut self) {
        self.seen = [0; 4];
        self.keys.clear();
    }

    /// How many positions are remembered.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// How many positions the list has room for.
    #[cfg(test)]
    pub fn capacity(&self) -> usize {
        self.keys.capacity()
    }

    /// Whether no position is remembered.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

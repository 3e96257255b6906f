//! Twelve per-hole counts packed into the low 12 bytes of a `u128`, one byte lane per hole,
//! so that a whole sowing is a handful of integer operations without loops or branches
//! (SWAR: SIMD within a register). Every lane stays below 128: a hole holds at most 60 seeds
//! or 12 cowries.

use super::board::{HOLES, ROW, TOTAL_SEEDS};

/// 1 in every hole's lane.
pub const ONES: u128 = 0x0101_0101_0101_0101_0101_0101;
/// 1 in the lanes of the second player's holes (`A`..`F`).
const SECOND_ROW: u128 = 0x0101_0101_0101 << (8 * ROW);
/// 1 in the lanes of each player's opponent's holes.
pub const OPPONENT_ROW: [u128; 2] = [SECOND_ROW, ONES ^ SECOND_ROW];
const ALL_LANES: u128 = (1 << (8 * HOLES)) - 1;

/// The counts as lanes.
pub fn pack(counts: &[u8; HOLES]) -> u128 {
    let mut bytes = [0u8; 16];
    bytes[..HOLES].copy_from_slice(counts);
    u128::from_le_bytes(bytes)
}

/// The count in hole `hole`'s lane.
#[inline]
pub fn get(lanes: u128, hole: usize) -> u8 {
    // A byte load, cheaper than a variable shift of a `u128`.
    lanes.to_le_bytes()[hole]
}

/// All bits set in every lane except hole `hole`'s.
#[inline]
pub fn all_but(hole: usize) -> u128 {
    ALL_BUT[hole]
}

const ALL_BUT: [u128; HOLES] = {
    let mut masks = [0; HOLES];
    let mut hole = 0;
    while hole < HOLES {
        masks[hole] = ALL_LANES ^ 0xFF << (8 * hole);
        hole += 1;
    }
    masks
};

/// One bit per hole of `player`'s row (bit `i` for his `i`-th hole) whose lane is not zero.
pub fn row_mask(lanes: u128, player: usize) -> u8 {
    let row = (nonzero(lanes) >> (8 * ROW * player)) as u64 & 0x0101_0101_0101;
    // Lane i's bit sits at 8i; shifting by 7i brings it to bit i, and no other lane's bit
    // lands in bits 0..6.
    let gathered = row | row >> 7 | row >> 14 | row >> 21 | row >> 28 | row >> 35;
    (gathered & 0x3F) as u8
}

/// 1 in every lane that is not zero, 0 elsewhere.
#[inline]
pub fn nonzero(lanes: u128) -> u128 {
    // A lane below 128 plus 127 reaches the lane's top bit exactly when it is not zero, and
    // never carries into the next lane.
    ((lanes + ONES * 0x7F) | lanes) >> 7 & ONES
}

/// 0xFF in every lane holding 1 (from a 0/1 lane mask).
#[inline]
pub fn widen(mask: u128) -> u128 {
    mask * 0xFF
}

/// The sum of all lanes, which must be at most 255.
#[inline]
pub fn sum(lanes: u128) -> u8 {
    // Adding the two 64-bit halves lane by lane cannot carry (the total is at most 255), and
    // lane 7 of the product adds up lanes 0..=7 of that: one 64-bit multiplication.
    let folded = (lanes as u64).wrapping_add((lanes >> 64) as u64);
    (folded.wrapping_mul(ONES as u64) >> 56) as u8
}

/// The counters dropped per hole when `count` counters are sown one per hole from hole
/// `first` on, round and round (`count` up to 60, `first` below 12).
#[inline]
pub fn spread(count: u8, first: usize) -> u128 {
    SPREADS[count as usize][first]
}

/// [`spread`] for every count a hole can hold and every first hole: one table load instead of
/// variable shifts of a `u128`.
static SPREADS: [[u128; HOLES]; TOTAL_SEEDS as usize + 1] = {
    let mut table = [[0; HOLES]; TOTAL_SEEDS as usize + 1];
    let mut count = 0;
    while count <= TOTAL_SEEDS as usize {
        let mut first = 0;
        while first < HOLES {
            let laps = (count / HOLES) as u128;
            let partial = ONES & ((1u128 << (8 * (count % HOLES))) - 1);
            let shift = 8 * first;
            let rotated = (partial << shift | partial >> (8 * HOLES - shift)) & ALL_LANES;
            table[count][first] = laps * ONES + rotated;
            first += 1;
        }
        count += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_compute_what_loops_would() {
        let mut counts = [0u8; HOLES];
        counts[3] = 60;
        counts[11] = 1;
        let lanes = pack(&counts);
        assert_eq!(
            (0..HOLES).map(|h| get(lanes, h)).collect::<Vec<_>>(),
            counts
        );
        assert_eq!(row_mask(lanes, 0), 0b1000);
        assert_eq!(row_mask(lanes, 1), 0b10_0000);
        assert_eq!(nonzero(lanes), 1 << 24 | 1 << 88);
        assert_eq!(sum(lanes), 61);
        assert_eq!(widen(1 << 8), 0xFF << 8);
        // Three counters from hole 10: holes 10, 11, 0.
        assert_eq!(spread(3, 10), 1 << 80 | 1 << 88 | 1);
        // 26 counters from hole 5: two laps, and holes 5 and 6 once more.
        let mut expected = [2u8; HOLES];
        expected[5] = 3;
        expected[6] = 3;
        assert_eq!(spread(26, 5), pack(&expected));
        assert_eq!(spread(0, 0), 0);
        assert_eq!(spread(12, 7), ONES);
        assert_eq!(all_but(2), ALL_LANES ^ 0xFF << 16);
    }
}

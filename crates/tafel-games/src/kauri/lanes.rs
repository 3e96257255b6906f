//! Per-hole counts packed one byte lane per hole, each player's row of six holes in the low
//! six bytes of its own `u64`, so that a whole sowing is a handful of integer operations
//! without loops or branches (SWAR: SIMD within a register), and the opponent's row, where
//! all captures happen, is one word picked by index. Every lane stays below 128: a hole holds
//! at most 60 seeds or 12 cowries.

use super::board::{HOLES, ROW, TOTAL_SEEDS};

/// The counts of the first player's holes (`a`..`f`) and of the second player's (`A`..`F`).
pub type Rows = [u64; 2];

/// 1 in every hole's lane of a row.
pub const ONES: u64 = 0x0101_0101_0101;

/// The counts as lanes.
pub fn pack(counts: &[u8; HOLES]) -> Rows {
    let row = |player: usize| {
        let mut bytes = [0u8; 8];
        bytes[..ROW].copy_from_slice(&counts[player * ROW..(player + 1) * ROW]);
        u64::from_le_bytes(bytes)
    };
    [row(0), row(1)]
}

/// The count in lane `i` of `row`: a shift, where indexing the word's bytes would go through
/// memory.
#[inline]
pub fn lane(row: u64, i: usize) -> u8 {
    (row >> (8 * i)) as u8
}

/// All bits set in every lane of a row except the one of its `i`-th hole.
#[inline]
pub fn all_but(i: usize) -> u64 {
    !(0xFF << (8 * i))
}

/// One bit per lane of `row` (bit `i` for lane `i`) that is not zero.
#[inline]
pub fn row_mask(row: u64) -> u8 {
    // Lane i's bit sits at 8i; the multiplication moves it to bit 56 + i, and no two
    // partial products meet.
    (nonzero(row).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// 1 in every lane that is not zero, 0 elsewhere.
#[inline]
pub fn nonzero(lanes: u64) -> u64 {
    // A lane below 128 plus 127 reaches the lane's top bit exactly when it is not zero, and
    // never carries into the next lane.
    ((lanes + ONES * 0x7F) | lanes) >> 7 & ONES
}

/// 0xFF in every lane holding 1 (from a 0/1 lane mask).
#[inline]
pub fn widen(mask: u64) -> u64 {
    mask * 0xFF
}

/// The sum of the lanes of a row, which must be at most 255.
#[inline]
pub fn sum(lanes: u64) -> u8 {
    // Lane 5 of the product adds up lanes 0..=5; no partial sum carries.
    (lanes.wrapping_mul(ONES) >> (8 * (ROW - 1))) as u8
}

/// The counters dropped per hole when `count` counters are sown one per hole from hole
/// `first` on, round and round (`count` up to 60, `first` below 12).
#[inline(always)]
pub fn spread(count: u8, first: usize) -> &'static Rows {
    debug_assert!(count <= TOTAL_SEEDS && first < HOLES);
    // The masks keep the indices inside the table, so the compiler checks no bounds.
    &SPREADS[count as usize & 63][first & 15]
}

/// The hole reached `steps` holes after hole 0, round and round (`steps` below 128): the
/// first hole of a sowing that starts after other counters, without a division.
#[inline(always)]
pub fn wrap(steps: usize) -> usize {
    WRAPPED[steps & 127] as usize
}

/// [`wrap`] for every number of steps.
static WRAPPED: [u8; 128] = {
    let mut table = [0; 128];
    let mut steps = 0;
    while steps < 128 {
        table[steps] = (steps % HOLES) as u8;
        steps += 1;
    }
    table
};

/// [`spread`] for every count a hole can hold and every first hole: one table load instead of
/// loops or variable shifts. Both dimensions are padded to a power of two (the padding is
/// never read).
static SPREADS: [[Rows; 16]; 64] = {
    let mut table = [[[0; 2]; 16]; 64];
    let mut count = 0;
    while count <= TOTAL_SEEDS as usize {
        let mut first = 0;
        while first < HOLES {
            let mut drop = 0;
            while drop < count {
                let hole = (first + drop) % HOLES;
                table[count][first][hole / ROW] += 1 << (8 * (hole % ROW));
                drop += 1;
            }
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
            (0..HOLES)
                .map(|h| lane(lanes[h / ROW], h % ROW))
                .collect::<Vec<_>>(),
            counts
        );
        assert_eq!(row_mask(lanes[0]), 0b1000);
        assert_eq!(row_mask(lanes[1]), 0b10_0000);
        assert_eq!(row_mask(ONES * 9), 0b11_1111);
        assert_eq!(nonzero(lanes[0]), 1 << 24);
        assert_eq!(nonzero(lanes[1]), 1 << 40);
        assert_eq!(sum(lanes[0]) + sum(lanes[1]), 61);
        assert_eq!(widen(1 << 8), 0xFF << 8);
        assert_eq!(lanes[0] & all_but(3), 0);
        // Three counters from hole 10: holes 10, 11, 0.
        assert_eq!(spread(3, 10), &[1, 1 << 32 | 1 << 40]);
        // 26 counters from hole 5: two laps, and holes 5 and 6 once more.
        let mut expected = [2u8; HOLES];
        expected[5] = 3;
        expected[6] = 3;
        assert_eq!(spread(26, 5), &pack(&expected));
        assert_eq!(spread(0, 0), &[0, 0]);
        assert_eq!(spread(12, 7), &[ONES, ONES]);
        assert_eq!(lane(lanes[0], 3), 60);
        assert_eq!((wrap(0), wrap(11), wrap(12), wrap(66)), (0, 11, 0, 6));
    }
}

//! The perfect index of the table: every position from the mover's side with 1 to
//! `max_stones` stones a side gets its own slot in `0..len()`, so the values live in one flat
//! array.
//!
//! Index scheme 1. The mover (White's part) never stands on A and the opponent never on T in
//! a running game, so the mover's squares are a subset of the 20 squares other than A and the
//! opponent's of the 20 other than T. Positions are grouped in blocks by (opponent's stones
//! `o`, mover's stones `m`, whether the opponent stands on A: `a`), in that nesting order.
//! Within a block the slot is `r1 * C(20 - (o - a), m) + r2`, where
//! - `r1` is the colex rank of the opponent's squares other than A among the 19 squares other
//!   than A and T (squares in board order A..U, skipping those two), and
//! - `r2` is the colex rank of the mover's squares among the `20 - (o - a)` squares that are
//!   neither A nor held by the opponent (again in board order).
//!
//! The colex rank of squares at positions `p1 < p2 < ... < pk` is `sum C(pi, i)`.

use tafel_games::karls_race::{SquareSet, SQUARES};

use super::position::{Canonical, Geometry};

/// The most stones a side has in the two-player game.
pub const MAX_STONES: usize = 6;

/// The perfect index for one stone limit.
#[derive(Clone, Debug)]
pub struct Index {
    max_stones: usize,
    /// `offsets[o][m][a]`: the first slot of each block.
    offsets: [[[u64; 2]; MAX_STONES + 1]; MAX_STONES + 1],
    len: u64,
    /// `binomial[n][k]` for n up to the number of squares.
    binomial: [[u64; MAX_STONES + 1]; SQUARES + 1],
    /// The bit of A (the mover's target).
    a_bit: SquareSet,
    /// Every square but A and T: where the opponent's stones other than one on A may stand.
    middle: SquareSet,
    /// Every square but A: where the mover's stones may stand.
    mover_squares: SquareSet,
    /// `gather[keep][set]`: the bits of `set` at the places of `keep`'s bits, packed
    /// (a software `pext` on 7 bits).
    gather: Vec<[u8; 1 << CHUNK]>,
    /// The colex rank of the low [`HALF`] bits of a packed set, and how many there are.
    colex_low: Vec<(u32, u8)>,
    /// `colex_high[j][bits]`: the colex terms of the high bits when `j` low bits precede.
    colex_high: Vec<Vec<u32>>,
}

/// Bits per chunk of the software `pext`.
const CHUNK: usize = 7;
/// Bits of a packed set (at most 20) per half of the colex tables.
const HALF: usize = 10;

impl Index {
    /// The index of every position with 1 to `max_stones` (at most [`MAX_STONES`]) stones on
    /// each side.
    pub fn new(geometry: &Geometry, max_stones: usize) -> Self {
        assert!(
            (1..=MAX_STONES).contains(&max_stones),
            "1 to {MAX_STONES} stones a side"
        );
        let mut binomial = [[0; MAX_STONES + 1]; SQUARES + 1];
        for n in 0..=SQUARES {
            binomial[n][0] = 1;
            for k in 1..=MAX_STONES {
                binomial[n][k] = if n == 0 {
                    0
                } else {
                    binomial[n - 1][k - 1] + binomial[n - 1][k]
                };
            }
        }
        let all: SquareSet = (1 << SQUARES) - 1;
        let a_bit = 1 << geometry.mover_target();
        let t_bit = 1 << geometry.opponent_target();
        let (middle_count, mover_count) = (SQUARES - 2, SQUARES - 1);
        let mut offsets = [[[0; 2]; MAX_STONES + 1]; MAX_STONES + 1];
        let mut len = 0;
        for (o, by_mover) in offsets.iter_mut().enumerate().take(max_stones + 1).skip(1) {
            for (m, by_a) in by_mover.iter_mut().enumerate().take(max_stones + 1).skip(1) {
                for (a, offset) in by_a.iter_mut().enumerate() {
                    *offset = len;
                    let rest = o - a;
                    len += binomial[middle_count][rest] * binomial[mover_count - rest][m];
                }
            }
        }
        let gather = (0..1 << CHUNK)
            .map(|keep: usize| {
                let mut row = [0; 1 << CHUNK];
                for (set, packed) in row.iter_mut().enumerate() {
                    *packed = (0..CHUNK)
                        .filter(|&bit| keep & 1 << bit != 0)
                        .enumerate()
                        .fold(0, |acc, (place, bit)| {
                            acc | (((set >> bit) & 1) << place) as u8
                        });
                }
                row
            })
            .collect();
        let colex_terms = |bits: usize, shift: usize, before: usize| -> u64 {
            (0..HALF)
                .filter(|&bit| bits & 1 << bit != 0)
                .enumerate()
                .map(|(i, bit)| {
                    let k = before + i + 1;
                    if k <= MAX_STONES {
                        binomial[bit + shift][k]
                    } else {
                        0
                    }
                })
                .sum()
        };
        let colex_low = (0..1 << HALF)
            .map(|bits: usize| (colex_terms(bits, 0, 0) as u32, bits.count_ones() as u8))
            .collect();
        let colex_high = (0..=MAX_STONES)
            .map(|before| {
                (0..1 << HALF)
                    .map(|bits| colex_terms(bits, HALF, before) as u32)
                    .collect()
            })
            .collect();
        Index {
            gather,
            colex_low,
            colex_high,
            max_stones,
            offsets,
            len,
            binomial,
            a_bit,
            middle: all & !a_bit & !t_bit,
            mover_squares: all & !a_bit,
        }
    }

    /// The most stones a side may have.
    pub fn max_stones(&self) -> usize {
        self.max_stones
    }

    /// How many slots there are.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether there are no slots (never: there is always a block).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `position` has a slot: 1 to `max_stones` stones a side, none on its target.
    pub fn covers(&self, position: Canonical) -> bool {
        let (m, o) = (position.mover.count_ones(), position.opponent.count_ones());
        let limit = 1..=self.max_stones as u32;
        limit.contains(&m)
            && limit.contains(&o)
            && position.mover & !self.mover_squares == 0
            && position.opponent & !(self.middle | self.a_bit) == 0
            && position.mover & position.opponent == 0
    }

    /// The slot of a covered position.
    #[inline(always)]
    pub fn rank(&self, position: Canonical) -> u64 {
        let Canonical { mover, opponent } = position;
        let a = (opponent & self.a_bit != 0) as usize;
        let o = opponent.count_ones() as usize;
        let m = mover.count_ones() as usize;
        let rest = opponent & !self.a_bit;
        let r1 = self.colex(self.pack(rest, self.middle));
        let r2 = self.colex(self.pack(mover, self.mover_squares & !rest));
        let width = SQUARES - 1 - (o - a);
        self.offsets[o][m][a] + r1 * self.binomial[width][m] + r2
    }

    /// The bits of `set` at the places of `within`'s bits, packed towards bit 0.
    #[inline(always)]
    fn pack(&self, set: SquareSet, within: SquareSet) -> u32 {
        let mut packed = 0;
        let mut shift = 0;
        for chunk in 0..SQUARES.div_ceil(CHUNK) {
            let keep = (within >> (chunk * CHUNK)) as usize & ((1 << CHUNK) - 1);
            let bits = (set >> (chunk * CHUNK)) as usize & ((1 << CHUNK) - 1);
            packed |= (self.gather[keep][bits] as u32) << shift;
            shift += keep.count_ones();
        }
        packed
    }

    /// The colex rank of a packed set of at most 20 bits: `sum C(pi, i)` over its bits
    /// `p1 < p2 < ...`.
    #[inline(always)]
    fn colex(&self, packed: u32) -> u64 {
        let low = packed as usize & ((1 << HALF) - 1);
        let (rank, count) = self.colex_low[low];
        let high = (packed >> HALF) as usize & ((1 << HALF) - 1);
        (rank + self.colex_high[count as usize][high]) as u64
    }
}

//! Equally likely chance outcomes drawn exactly as [`tafel_core::playout::sample_chance`] draws
//! them, by integer comparisons: for the games' own fast playout loops, which must play the
//! same games as the generic loop for the same generator (Karl's Race's die).
//!
//! `sample_chance` takes a random `f64` in [0, 1) and subtracts each outcome's probability
//! in turn until the rest is negative. With `n` equally likely outcomes, the rest after
//! subtracting `k` probabilities stays non-negative for every `k` below the chosen outcome's
//! number, and once negative it stays negative, so the outcome is the number of non-negative
//! rests (the last outcome when all are). Rounding makes that number grow with the random
//! number, so a binary search finds, for every outcome, the smallest random number that picks
//! it or a later one: those bounds, compared with the random number's bits, give the outcome.
//!
//! Loops that need not play the generic loop's games (EinStein's) draw with [`below`] instead:
//! exactly uniform too, but from half a random word.

use rand::Rng;
use tafel_core::Reason;

/// Why a position code of a dice game cannot be: both sides have won.
pub(crate) const BOTH_SIDES_WIN: Reason =
    Reason::new("both-sides-win", "both sides meet a winning condition");

/// Why a position code of a dice game cannot be: the game is over, yet it shows a die.
pub(crate) const OVER_NO_DIE: Reason =
    Reason::new("over-no-die", "the game is over, so no die can be rolled");

/// Why a die's move cannot be read: the number is not on a die.
pub(crate) const DIE_VALUE: Reason = Reason::new("die-value", "a die shows 1 to 6");

/// Random bits behind a random `f64` in [0, 1): `rand` keeps the top 53 bits of a `u64` and
/// scales them by 2^-53, exactly.
const FLOAT_BITS: u32 = 53;

/// The random `f64` whose bits are `bits` (below 2^53).
const fn float_of(bits: u64) -> f64 {
    bits as f64 / (1u64 << FLOAT_BITS) as f64
}

/// Whether [`tafel_core::playout::sample_chance`] picks outcome `index` or a later one among
/// `outcomes` equally likely ones for the random number `roll`: the rest after subtracting
/// `index` probabilities is still non-negative.
const fn reaches(roll: f64, index: usize, outcomes: usize) -> bool {
    let probability = 1.0 / outcomes as f64;
    let mut rest = roll;
    let mut subtracted = 0;
    while subtracted < index {
        rest -= probability;
        subtracted += 1;
    }
    rest >= 0.0
}

/// The smallest 53-bit random value whose roll picks outcome `index` (from 1) or a later one.
const fn bound(index: usize, outcomes: usize) -> u64 {
    let (mut low, mut high) = (0u64, 1u64 << FLOAT_BITS);
    while low < high {
        let middle = low + (high - low) / 2;
        if reaches(float_of(middle), index, outcomes) {
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    low
}

/// For `N` equally likely outcomes, `bounds[k]` is the smallest 53-bit random value that picks
/// outcome `k` or a later one (`bounds[0]` is 0). A `const fn`, so that the tables are worked
/// out by the compiler.
pub const fn equal_chance_bounds<const N: usize>() -> [u64; N] {
    let mut bounds = [0; N];
    let mut index = 1;
    while index < N {
        bounds[index] = bound(index, N);
        index += 1;
    }
    bounds
}

/// The top 53 bits of the random `u64` behind the random `f64` that `sample_chance` draws.
#[inline]
pub fn float_bits<R: Rng + ?Sized>(rng: &mut R) -> u64 {
    rng.random::<u64>() >> (64 - FLOAT_BITS)
}

/// The outcome (from 0) a few equally likely outcomes' `bounds` give for the random bits
/// `bits`, branch-free: the number of bounds past the first that `bits` reaches.
#[inline]
pub fn small_draw<const N: usize>(bounds: &[u64; N], bits: u64) -> usize {
    bounds[1..].iter().map(|&b| (bits >= b) as usize).sum()
}

/// The six faces of a fair die.
pub const DIE_BOUNDS: [u64; 6] = equal_chance_bounds::<6>();

/// Rolls a fair die (1 to 6) as `sample_chance` does, from the same random number.
#[inline]
pub fn roll_die<R: Rng + ?Sized>(rng: &mut R) -> u8 {
    1 + small_draw(&DIE_BOUNDS, float_bits(rng)) as u8
}

/// A uniform number below `n` (at least 1) from the 16 random bits `bits`, exactly uniform:
/// Lemire's multiply-and-shift, redrawing from `rng` in the rare case (under `n` in 2^16)
/// that `bits` falls among the few values that would favour the lower results. Lets a loop
/// draw four small numbers from one random `u64`.
#[inline]
pub fn below<R: Rng + ?Sized>(bits: u16, n: u16, rng: &mut R) -> u16 {
    let mut product = u32::from(bits) * u32::from(n);
    if (product as u16) < n {
        let threshold = n.wrapping_neg() % n;
        while (product as u16) < threshold {
            product = u32::from(rng.next_u32() as u16) * u32::from(n);
        }
    }
    (product >> 16) as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// The outcome `sample_chance` picks among `outcomes` for `roll`: its own loop.
    fn by_float(mut roll: f64, outcomes: usize) -> usize {
        for index in 0..outcomes {
            roll -= 1.0 / outcomes as f64;
            if roll < 0.0 {
                return index;
            }
        }
        outcomes - 1
    }

    fn check<const N: usize>(bounds: &[u64; N]) {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        let edges = bounds
            .iter()
            .flat_map(|&bound| bound.saturating_sub(3)..bound + 3)
            .filter(|&bits| bits < 1 << FLOAT_BITS);
        let ends = [0, 1, (1 << FLOAT_BITS) - 1];
        let random = (0..20_000).map(|_| float_bits(&mut rng));
        for bits in edges.chain(ends).chain(random) {
            let expected = by_float(float_of(bits), N);
            assert_eq!(small_draw(bounds, bits), expected, "bits {bits}");
        }
        // Each outcome gets its share of the rolls, to within rounding.
        for (k, &bound) in bounds.iter().enumerate() {
            let exact = (k as u64) * (1 << FLOAT_BITS) / N as u64;
            assert!(
                bound.abs_diff(exact) <= N as u64,
                "outcome {k}: {bound} vs {exact}"
            );
        }
    }

    #[test]
    fn integer_draws_pick_the_floating_point_draws_outcome() {
        check(&DIE_BOUNDS);
        check(&equal_chance_bounds::<5>());
    }

    #[test]
    fn below_draws_every_number_equally_often() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
        for n in 1..=7u16 {
            let draws = 70_000 * u64::from(n);
            let mut counts = vec![0u64; n as usize];
            for _ in 0..draws {
                counts[below(rng.random::<u16>(), n, &mut rng) as usize] += 1;
            }
            // Each count within five standard deviations of its expectation.
            let p = 1.0 / f64::from(n);
            let sigma = (draws as f64 * p * (1.0 - p)).sqrt();
            for &count in &counts {
                let off = (count as f64 - draws as f64 * p).abs();
                assert!(off <= 5.0 * sigma + 1e-9, "n {n}: {counts:?}");
            }
        }
        // The values that would favour the lower results are redrawn: with n = 6, 2^16 mod 6
        // = 4 of them, the words whose product's low half is below 4 (0 is one).
        for _ in 0..100 {
            assert!(below(0, 6, &mut rng) < 6);
        }
    }

    #[test]
    fn the_die_draws_what_sample_chance_draws() {
        // The same generator state through both: the face agrees roll after roll.
        let mut a = rand::rngs::SmallRng::seed_from_u64(3);
        let mut b = a.clone();
        for _ in 0..10_000 {
            let face = roll_die(&mut a);
            let roll: f64 = b.random();
            assert_eq!(face as usize, 1 + by_float(roll, 6));
        }
    }
}

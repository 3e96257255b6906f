//! The sequential probability ratio test that stops a match once it is decided, on game
//! pairs, as fastchess computes it with `-sprt ... model=logistic` (`SPRT::getLLR` with
//! pentanomial statistics, `app/src/matchmaking/sprt/sprt.cpp` in
//! github.com/Disservin/fastchess).
//!
//! The hypotheses are logistic Elo differences: H0 `elo0`, H1 `elo1`, each turned into an
//! expected score `s = 1 / (1 + 10^(−elo/400))`. The log-likelihood ratio is the generalised
//! one of Michel Van den Bergh ("Comments on Normalized Elo",
//! <https://www.cantate.be/Fishtest/normalized_elo_practical.pdf>, proposition 1.1): for each
//! hypothesis, the distribution over the five pair scores nearest the observed one whose mean
//! is `s` (`p_i = p̂_i / (1 + θ (a_i − s))`, θ the root of `Σ p̂_i (a_i − s) / (1 + θ (a_i − s))
//! = 0`), and the LLR is the pairs' count times `Σ p̂_i ln(p1_i / p0_i)`. As fastchess does, an
//! empty count is taken as 0.001 pairs. The test stops at `ln(β / (1 − α))` (H0 accepted) and
//! `ln((1 − β) / α)` (H1 accepted), Wald's bounds.

use std::fmt;

use crate::elo::score_from_elo;
use crate::pentanomial::{Pentanomial, PAIR_SCORES};

/// A sequential test between two Elo differences.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
}

/// The hypothesis a finished test accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hypothesis {
    /// The difference is `elo0` (or less): the change did not gain `elo1`.
    H0,
    /// The difference is `elo1` (or more).
    H1,
}

/// Why a test's parameters are refused.
#[derive(Clone, Debug, PartialEq)]
pub enum SprtError {
    /// `elo0` is not below `elo1`, or one is not a finite number.
    EloOrder {
        /// H0's difference.
        elo0: f64,
        /// H1's difference.
        elo1: f64,
    },
    /// `alpha` or `beta` is not strictly between 0 and 1, or their sum is not below 1.
    ErrorRates {
        /// The false positive rate.
        alpha: f64,
        /// The false negative rate.
        beta: f64,
    },
}

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SprtError::EloOrder { elo0, elo1 } => {
                write!(f, "elo0 ({elo0}) must be below elo1 ({elo1}), both finite")
            }
            SprtError::ErrorRates { alpha, beta } => write!(
                f,
                "alpha ({alpha}) and beta ({beta}) must be between 0 and 1, and their sum below 1"
            ),
        }
    }
}

impl std::error::Error for SprtError {}

impl Sprt {
    /// The test of H0 `elo0` against H1 `elo1` with error rates `alpha` (accepting H1 when
    /// H0 holds) and `beta` (accepting H0 when H1 holds).
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(SprtError::EloOrder { elo0, elo1 });
        }
        let rate = |x: f64| x > 0.0 && x < 1.0;
        if !(rate(alpha) && rate(beta) && alpha + beta < 1.0) {
            return Err(SprtError::ErrorRates { alpha, beta });
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// H0's and H1's Elo differences.
    pub fn elos(&self) -> (f64, f64) {
        (self.elo0, self.elo1)
    }

    /// The lower bound (H0 accepted at or below it) and the upper one (H1 at or above it).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after the pairs of `table`, counted for the
    /// side whose gain is tested (0 without pairs).
    pub fn llr(&self, table: &Pentanomial) -> f64 {
        if table.pairs() == 0 {
            return 0.0;
        }
        let counts = table
            .by_points()
            .map(|count| if count == 0 { 1e-3 } else { count as f64 });
        let total: f64 = counts.iter().sum();
        let observed = counts.map(|count| count / total);
        let p0 = nearest_with_mean(&observed, score_from_elo(self.elo0));
        let p1 = nearest_with_mean(&observed, score_from_elo(self.elo1));
        let mean: f64 = (0..5)
            .map(|i| observed[i] * (p1[i].ln() - p0[i].ln()))
            .sum();
        total * mean
    }

    /// The hypothesis accepted at log-likelihood ratio `llr`, or `None` while undecided.
    pub fn decision(&self, llr: f64) -> Option<Hypothesis> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Hypothesis::H1)
        } else if llr <= lower {
            Some(Hypothesis::H0)
        } else {
            None
        }
    }
}

/// The distribution over the pair scores with mean `s` that is most likely to have given the
/// `observed` shares (every share positive): `p_i = p̂_i / (1 + θ (a_i − s))`, θ found by
/// bisection. The function of θ decreases strictly on its domain `(−1 / (1 − s), 1 / s)`,
/// from +∞ to −∞, so the root is unique.
fn nearest_with_mean(observed: &[f64; 5], s: f64) -> [f64; 5] {
    let f = |theta: f64| -> f64 {
        (0..5)
            .map(|i| {
                let d = PAIR_SCORES[i] - s;
                observed[i] * d / (1.0 + theta * d)
            })
            .sum()
    };
    let (mut low, mut high) = (-1.0 / (1.0 - s), 1.0 / s);
    // 200 halvings reach the limit of f64's precision on any interval of these.
    for _ in 0..200 {
        let middle = (low + high) / 2.0;
        if middle <= low || middle >= high {
            break;
        }
        if f(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let theta = (low + high) / 2.0;
    std::array::from_fn(|i| observed[i] / (1.0 + theta * (PAIR_SCORES[i] - s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(ll: u64, ld: u64, wl: u64, dd: u64, wd: u64, ww: u64) -> Pentanomial {
        Pentanomial {
            ll,
            ld,
            wl,
            dd,
            wd,
            ww,
        }
    }

    #[test]
    fn fastchess_logistic_pentanomial_values() {
        // fastchess's own tests (app/tests/sprt_test.cpp, "logistic pentanomial 1" and "2",
        // github.com/Disservin/fastchess at 74deac23), checked there to 1%: Stats(LL, LD, WL,
        // DD, WD, WW) with SPRT(alpha 0.05, beta 0.05, elo0, elo1, "logistic").
        let sprt = Sprt::new(0.5, 2.5, 0.05, 0.05).unwrap();
        let llr = sprt.llr(&table(223, 9863, 20279, 1000, 10037, 246));
        assert!((llr - -3.07).abs() < 0.0307, "{llr}");
        let sprt = Sprt::new(0.0, 2.0, 0.05, 0.05).unwrap();
        let llr = sprt.llr(&table(871, 26175, 55003, 980, 26678, 821));
        assert!((llr - -4.98).abs() < 0.0498, "{llr}");
    }

    #[test]
    fn a_score_at_h0_by_hand() {
        // Pairs LL, LD, DD and WD: a score of (0 + ¼ + ½ + ¾)/4 = 0.375. A hypothesis at the
        // observed score fits the counts best (θ near 0: the nearest distribution is nearly
        // the observed one), so the LLR favours whichever hypothesis sits there.
        let counts = table(1, 1, 0, 1, 1, 0);
        let score = counts.score().unwrap(); // (0 + ¼ + ½ + ¾) / 4 = 0.375
        assert!((score - 0.375).abs() < 1e-12);
        let elo = crate::elo::elo_from_score(score);
        let sprt = Sprt::new(elo, elo + 20.0, 0.05, 0.05).unwrap();
        assert!(sprt.llr(&counts) < 0.0);
        let sprt = Sprt::new(elo - 20.0, elo, 0.05, 0.05).unwrap();
        assert!(sprt.llr(&counts) > 0.0);
    }

    #[test]
    fn bounds_and_decisions() {
        // Wald's bounds for α = β = 0.05: ln(0.05/0.95) = −2.944, ln(0.95/0.05) = +2.944.
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let (lower, upper) = sprt.bounds();
        assert!((lower - -2.9444).abs() < 1e-4 && (upper - 2.9444).abs() < 1e-4);
        assert_eq!(sprt.decision(3.0), Some(Hypothesis::H1));
        assert_eq!(sprt.decision(-3.0), Some(Hypothesis::H0));
        assert_eq!(sprt.decision(0.5), None);
        assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
        // 400 pairs scoring about 65% accept H1 (+5), seen from the other side H0.
        let strong = table(20, 40, 20, 60, 120, 140);
        assert_eq!(sprt.decision(sprt.llr(&strong)), Some(Hypothesis::H1));
        assert_eq!(
            sprt.decision(sprt.llr(&strong.reversed())),
            Some(Hypothesis::H0)
        );
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.6, 0.5).is_err());
        assert!(Sprt::new(f64::NAN, 5.0, 0.05, 0.05).is_err());
    }
}

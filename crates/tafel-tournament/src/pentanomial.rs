//! The pentanomial statistics of game pairs, as fastchess reports them: two games with the
//! same opening (and, in dice games, the same dice), sides swapped, scored together. A pair
//! ends LL (0 of 2 points), LD (½), DD or WL (1), WD (1½) or WW (2); its mean score is 0, ¼,
//! ½, ¾ or 1. The pairs, not the games, are taken as independent, so what an opening gives one
//! side cancels out of the variance (fastchess's `EloPentanomial`,
//! `app/src/matchmaking/elo/elo_pentanomial.cpp` in github.com/Disservin/fastchess).

use crate::elo::{EloInterval, Z95};

/// What one game scored for the side counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameScore {
    /// Lost: 0.
    Loss,
    /// Drawn: ½.
    Draw,
    /// Won: 1.
    Win,
}

impl GameScore {
    /// The points: 0, ½ or 1.
    pub fn points(self) -> f64 {
        match self {
            GameScore::Loss => 0.0,
            GameScore::Draw => 0.5,
            GameScore::Win => 1.0,
        }
    }

    /// The same game seen from the other side.
    pub fn reversed(self) -> GameScore {
        match self {
            GameScore::Loss => GameScore::Win,
            GameScore::Draw => GameScore::Draw,
            GameScore::Win => GameScore::Loss,
        }
    }
}

/// How many pairs ended each way, for one side against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Both games lost.
    pub ll: u64,
    /// One lost, one drawn.
    pub ld: u64,
    /// One won, one lost.
    pub wl: u64,
    /// Both drawn.
    pub dd: u64,
    /// One won, one drawn.
    pub wd: u64,
    /// Both won.
    pub ww: u64,
}

impl Pentanomial {
    /// Counts a pair whose two games scored `first` and `second`.
    pub fn add_pair(&mut self, first: GameScore, second: GameScore) {
        use GameScore::*;
        let count = match (first, second) {
            (Loss, Loss) => &mut self.ll,
            (Loss, Draw) | (Draw, Loss) => &mut self.ld,
            (Win, Loss) | (Loss, Win) => &mut self.wl,
            (Draw, Draw) => &mut self.dd,
            (Win, Draw) | (Draw, Win) => &mut self.wd,
            (Win, Win) => &mut self.ww,
        };
        *count += 1;
    }

    /// Adds another table's counts (a side's pairs against several opponents).
    pub fn add(&mut self, other: &Pentanomial) {
        self.ll += other.ll;
        self.ld += other.ld;
        self.wl += other.wl;
        self.dd += other.dd;
        self.wd += other.wd;
        self.ww += other.ww;
    }

    /// The same pairs seen from the other side.
    pub fn reversed(&self) -> Pentanomial {
        Pentanomial {
            ll: self.ww,
            ld: self.wd,
            wl: self.wl,
            dd: self.dd,
            wd: self.ld,
            ww: self.ll,
        }
    }

    /// The number of pairs.
    pub fn pairs(&self) -> u64 {
        self.ll + self.ld + self.wl + self.dd + self.wd + self.ww
    }

    /// The counts as fastchess prints them, `Ptnml(0-2)`: pairs scoring 0, ½, 1, 1½ and 2
    /// points (LL, LD, DD + WL, WD, WW).
    pub fn by_points(&self) -> [u64; 5] {
        [self.ll, self.ld, self.dd + self.wl, self.wd, self.ww]
    }

    /// The share of each pair score 0, ¼, ½, ¾, 1 (as [`Pentanomial::by_points`]), or `None`
    /// without pairs.
    fn shares(&self) -> Option<[f64; 5]> {
        let pairs = self.pairs();
        (pairs > 0).then(|| self.by_points().map(|count| count as f64 / pairs as f64))
    }

    /// The mean score per game, 0 to 1, or `None` without pairs.
    pub fn score(&self) -> Option<f64> {
        let shares = self.shares()?;
        Some(PAIR_SCORES.iter().zip(shares).map(|(a, p)| a * p).sum())
    }

    /// The variance of one pair's mean score, or `None` without pairs.
    pub fn variance(&self) -> Option<f64> {
        let (shares, score) = (self.shares()?, self.score()?);
        Some(
            PAIR_SCORES
                .iter()
                .zip(shares)
                .map(|(a, p)| p * (a - score).powi(2))
                .sum(),
        )
    }

    /// The Elo difference and its 95% interval: the score ± 1.96 standard errors of the
    /// mean over the pairs (fastchess's `Elo: X +/- E`, E being [`EloInterval::error`]).
    pub fn elo(&self) -> Option<EloInterval> {
        let error = (self.variance()? / self.pairs() as f64).sqrt();
        Some(EloInterval::from_standard_error(self.score()?, error))
    }

    /// The normalised Elo and the half width of its 95% interval (fastchess's `nElo`): the
    /// score's distance from ½ in per-game standard deviations (√(2 · pair variance)),
    /// times 800 / ln 10. `None` without pairs or when every pair scored the same.
    pub fn normalized_elo(&self) -> Option<(f64, f64)> {
        let (score, variance) = (self.score()?, self.variance()?);
        if variance <= 0.0 {
            return None;
        }
        let nelo = |s: f64| (s - 0.5) / (2.0 * variance).sqrt() * NELO_SCALE;
        let error = Z95 * (variance / self.pairs() as f64).sqrt();
        Some((
            nelo(score),
            (nelo(score + error) - nelo(score - error)) / 2.0,
        ))
    }

    /// The likelihood of superiority (fastchess's `LOS`): the chance, under the normal
    /// approximation, that the true score is over ½. `None` without pairs or variance.
    pub fn los(&self) -> Option<f64> {
        let (score, variance) = (self.score()?, self.variance()?);
        if variance <= 0.0 {
            return None;
        }
        let z = (score - 0.5) / (variance / self.pairs() as f64).sqrt();
        Some(0.5 * (1.0 + libm::erf(z / std::f64::consts::SQRT_2)))
    }

    /// The share of pairs scoring one point of two, DD and WL (fastchess's `DrawRatio`
    /// with pentanomial reports). `None` without pairs.
    pub fn draw_ratio(&self) -> Option<f64> {
        let pairs = self.pairs();
        (pairs > 0).then(|| (self.dd + self.wl) as f64 / pairs as f64)
    }
}

/// A pair's mean score for each of [`Pentanomial::by_points`]' counts.
pub(crate) const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Normalised Elo per standard deviation of the score: 800 / ln 10.
const NELO_SCALE: f64 = 800.0 / std::f64::consts::LN_10;

#[cfg(test)]
mod tests {
    use super::*;
    use GameScore::*;

    #[test]
    fn pairs_are_counted_by_their_points() {
        let mut table = Pentanomial::default();
        for (a, b) in [
            (Win, Win),
            (Win, Draw),
            (Draw, Win),
            (Win, Loss),
            (Draw, Draw),
        ] {
            table.add_pair(a, b);
        }
        table.add_pair(Loss, Draw);
        table.add_pair(Loss, Loss);
        assert_eq!(table.by_points(), [1, 1, 2, 2, 1]);
        assert_eq!(table.pairs(), 7);
        assert_eq!(table.reversed().by_points(), [1, 2, 2, 1, 1]);
        assert_eq!(Pentanomial::default().score(), None);
        assert_eq!(Pentanomial::default().elo(), None);
    }

    #[test]
    fn a_published_fastchess_report_by_hand() {
        // fastchess printed, for 100 pairs (github.com/KSaiAkshit/eschec, docs/dev_log.md,
        // 2025-08-18, 8moves_v3.pgn):
        //   Elo: 77.71 +/- 33.03, nElo: 117.50 +/- 48.15
        //   LOS: 100.00 %, DrawRatio: 47.00 %
        //   Ptnml(0-2): [1, 11, 47, 25, 16], WL/DD Ratio: 0.27   (so WL 10, DD 37)
        // By hand: score = (0·1 + ¼·11 + ½·47 + ¾·25 + 1·16)/100 = 0.61, Elo −400·log10(0.39/0.61)
        // = +77.71. Pair variance = 0.01·0.61² + 0.11·0.36² + 0.47·0.11² + 0.25·0.14² + 0.16·0.39²
        // = 0.003721 + 0.014256 + 0.005687 + 0.0049 + 0.024336 = 0.0529; standard error
        // √(0.0529/100) = 0.023; ±1.959964 of them: 0.564921 to 0.655079, Elo +45.37 to
        // +111.43, so ± 33.03. nElo = 0.11 / √(2·0.0529) · 347.44 = 117.50, its ± 0.045079 /
        // 0.325269 · 347.44 = 48.15.
        let table = Pentanomial {
            ll: 1,
            ld: 11,
            wl: 10,
            dd: 37,
            wd: 25,
            ww: 16,
        };
        assert!((table.score().unwrap() - 0.61).abs() < 1e-12);
        assert!((table.variance().unwrap() - 0.0529).abs() < 1e-12);
        let elo = table.elo().unwrap();
        assert!((elo.elo - 77.71).abs() < 0.005, "{elo:?}");
        assert!((elo.error() - 33.03).abs() < 0.005, "{elo:?}");
        let (nelo, nerror) = table.normalized_elo().unwrap();
        assert!((nelo - 117.50).abs() < 0.005, "{nelo}");
        assert!((nerror - 48.15).abs() < 0.005, "{nerror}");
        assert!(table.los().unwrap() > 0.99995);
        assert!((table.draw_ratio().unwrap() - 0.47).abs() < 1e-12);
    }
}

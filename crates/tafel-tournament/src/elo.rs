//! Elo differences from scores, with their 95% intervals: the one implementation that
//! `tafel match` and `tafel tournament` print.
//!
//! Elo here is the logistic Elo of chess ratings: an expected score `s` is a difference of
//! `−400 · log10(1/s − 1)`. An interval is the normal approximation of the mean score (the
//! score ± 1.96 standard errors) mapped through that curve, as fastchess reports it
//! (`app/src/matchmaking/elo/` in github.com/Disservin/fastchess).

/// The two-sided 95% quantile of the standard normal distribution (fastchess's
/// `CI95ZSCORE`).
pub const Z95: f64 = 1.959_963_984_540_054;

/// The logistic Elo difference that gives the expected score `score` (0 to 1): 0 at ½,
/// about +191 at ¾, ±infinity at 1 and 0.
pub fn elo_from_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score of a side `elo` logistic Elo points stronger (the inverse of
/// [`elo_from_score`]).
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A mean score, its Elo difference and the difference's 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloInterval {
    /// The mean score, 0 to 1.
    pub score: f64,
    /// The Elo difference of the mean score.
    pub elo: f64,
    /// The interval's lower end (may be −infinity).
    pub low: f64,
    /// The interval's upper end (may be +infinity).
    pub high: f64,
}

impl EloInterval {
    /// The interval of a mean `score` whose standard error is `error`: the ends are the Elo of
    /// `score ∓ 1.96 · error`, clamped to scores 0 and 1.
    pub fn from_standard_error(score: f64, error: f64) -> EloInterval {
        let low = (score - Z95 * error).clamp(0.0, 1.0);
        let high = (score + Z95 * error).clamp(0.0, 1.0);
        EloInterval {
            score,
            elo: elo_from_score(score),
            low: elo_from_score(low),
            high: elo_from_score(high),
        }
    }

    /// The interval from one score per game (1 a win, ½ a draw, 0 a loss, or any share),
    /// the games taken as independent: the standard error is the games' standard deviation
    /// over √n. When every game scored the same (a clean sweep, say) the deviation is 0, and
    /// the rule of three bounds the score instead: within 3/n of it. `None` without games.
    pub fn from_games(scores: &[f64]) -> Option<EloInterval> {
        if scores.is_empty() {
            return None;
        }
        let n = scores.len() as f64;
        let score = scores.iter().sum::<f64>() / n;
        let variance = scores.iter().map(|s| (s - score).powi(2)).sum::<f64>() / n;
        Some(if variance > 0.0 {
            EloInterval::from_standard_error(score, (variance / n).sqrt())
        } else {
            EloInterval::from_standard_error(score, 3.0 / n / Z95)
        })
    }

    /// Half the interval's width, the `±` that fastchess prints after the Elo
    /// (infinite when an end is).
    pub fn error(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// An Elo difference as the reports print it: `+77`, `-12`, `+inf`, `-inf`.
pub fn format_elo(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{elo:+.0}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_and_lopsided_scores() {
        let even = EloInterval::from_games(&[1.0, 0.0, 1.0, 0.0]).unwrap();
        assert_eq!(even.score, 0.5);
        assert_eq!(even.elo, 0.0);
        assert!(even.low < -100.0 && even.high > 100.0 && (even.low + even.high).abs() < 1e-9);
        // 75% is −400 · log10(1/3) = +190.85 Elo.
        let three_of_four = EloInterval::from_games(&[1.0, 1.0, 1.0, 0.0]).unwrap();
        assert!(
            (three_of_four.elo - 190.85).abs() < 0.01,
            "{three_of_four:?}"
        );
        assert!((score_from_elo(three_of_four.elo) - 0.75).abs() < 1e-12);
        // A clean sweep of 100 games: an infinite estimate, the lower end from the rule of
        // three (a score of at least 97%: −400 · log10(3/97) = +603.8).
        let sweep = EloInterval::from_games(&[1.0; 100]).unwrap();
        assert_eq!(format_elo(sweep.elo), "+inf");
        assert_eq!(format_elo(sweep.high), "+inf");
        assert_eq!(format_elo(sweep.low), "+604");
        assert_eq!(EloInterval::from_games(&[]), None);
    }

    #[test]
    fn a_small_table_by_hand() {
        // 10 games: 5 wins, 2 draws, 3 losses. Score (5 + 1)/10 = 0.6, Elo −400·log10(0.4/0.6)
        // = +70.44. Variance per game: 5·0.16 + 2·0.01 + 3·0.36 = 1.90, /10 = 0.19; standard
        // error √(0.19/10) = 0.137840; 1.959964 of them = 0.270162, so the score runs from
        // 0.329838 (Elo −400·log10(2.031803) = −123.15) to 0.870162 (Elo
        // −400·log10(0.149212) = +330.48).
        let table = [1.0, 1.0, 1.0, 1.0, 1.0, 0.5, 0.5, 0.0, 0.0, 0.0];
        let interval = EloInterval::from_games(&table).unwrap();
        assert!((interval.score - 0.6).abs() < 1e-12);
        assert!((interval.elo - 70.44).abs() < 0.01, "{interval:?}");
        assert!((interval.low - -123.15).abs() < 0.01, "{interval:?}");
        assert!((interval.high - 330.48).abs() < 0.01, "{interval:?}");
    }
}

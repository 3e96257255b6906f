//! Players' ratings: Glicko-2 (Mark Glickman, "Example of the Glicko-2 system") with lichess's
//! parameters and rules, so that a Tafel rating means what a lichess rating means.
//!
//! - A new player starts at 1500 with a deviation of 500 and a volatility of 0.09; the system
//!   constant τ is 0.75.
//! - Each game is its own rating period, rated when it ends, with no period elapsing within it
//!   (lichess's `skipDeviationIncrease`): the volatility is updated, but only the idle time
//!   between games grows the deviation.
//! - Idle time grows the deviation as Glicko-2's step 6 does, by 0.21436 rating periods per
//!   day (lichess's rate, chosen so that a typical player's deviation goes from 60 to 110 in a
//!   year): see [`Rating::after_idle`].
//! - Before and after each game the deviation is kept within [45, 500], the volatility at most
//!   0.1 and the rating at least 400; one game moves a rating by at most 700.
//! - A rating is provisional while its deviation is 110 or more.
//!
//! What lichess adds for chess alone is left out: the first-move advantage of standard chess,
//! the per-speed factors on rating gains (`RatingRegulator`), and its reset of a rating its
//! sanity check finds absurd (here such a result is refused as an internal error, since it can
//! only come from a bug).

use std::f64::consts::PI;
use std::time::Duration;

use crate::domain::error::Error;
use crate::msg;

/// The rating a new player starts with: 1500, deviation 500, volatility 0.09.
pub const START: Rating = Rating {
    rating: 1500.0,
    deviation: MAX_DEVIATION,
    volatility: 0.09,
};

/// Glicko-2's system constant τ: how much the volatility may change in one rating period.
pub const TAU: f64 = 0.75;

/// The least deviation a rating keeps: the most certain a rating ever is.
pub const MIN_DEVIATION: f64 = 45.0;

/// The greatest deviation: a new player's, and where idle time stops growing it.
pub const MAX_DEVIATION: f64 = 500.0;

/// A rating is provisional while its deviation is at least this.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The greatest volatility (past it, lichess found, a rating may never settle again).
pub const MAX_VOLATILITY: f64 = 0.1;

/// The lowest rating.
pub const MIN_RATING: f64 = 400.0;

/// The most one game moves a rating, up or down.
pub const MAX_CHANGE: f64 = 700.0;

/// Rating periods per day of idle time, for the growth of the deviation between games.
pub const PERIODS_PER_DAY: f64 = 0.21436;

/// Glicko-2's scale: a Glicko-2 rating `μ` is `(r - 1500) / SCALE`, a deviation `φ` is
/// `RD / SCALE`.
const SCALE: f64 = 173.7178;

/// The convergence tolerance ε of the volatility's iteration (the paper's value).
const CONVERGENCE: f64 = 0.000_001;

/// The most iterations the volatility's search may take (it needs a few dozen at most).
const MAX_ITERATIONS: usize = 1000;

const SECONDS_PER_DAY: f64 = 86_400.0;

/// A player's rating in one game, on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating, r.
    pub rating: f64,
    /// The rating deviation, RD: how uncertain the rating is (the player's strength is within
    /// two deviations of the rating with 95% confidence).
    pub deviation: f64,
    /// The volatility, σ: how much the player's strength is expected to fluctuate.
    pub volatility: f64,
}

/// The result of a game for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// The player won.
    Win,
    /// The game was drawn.
    Draw,
    /// The player lost.
    Loss,
}

impl Score {
    /// The same game's result for the opponent.
    pub fn opponent(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }

    /// The result in a word: `win`, `draw` or `loss` (as stored and as the API says it).
    pub fn as_str(self) -> &'static str {
        match self {
            Score::Win => "win",
            Score::Draw => "draw",
            Score::Loss => "loss",
        }
    }

    /// The result named `text` (`win`, `draw` or `loss`), or a clear error.
    pub fn parse(text: &str) -> Result<Score, Error> {
        [Score::Win, Score::Draw, Score::Loss]
            .into_iter()
            .find(|s| s.as_str() == text)
            .ok_or_else(|| Error::invalid(msg!("unknown-result-text-win-draw-or", text)))
    }

    /// Glicko's score: 1 for a win, ½ for a draw, 0 for a loss.
    fn points(self) -> f64 {
        match self {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        }
    }
}

impl Rating {
    /// Whether the rating is still provisional (its deviation is
    /// [`PROVISIONAL_DEVIATION`] or more).
    pub fn is_provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION
    }

    /// The rating after `idle` time without a rated game: the deviation grown by Glicko-2's
    /// step 6 over [`PERIODS_PER_DAY`] periods a day, `φ' = √(φ² + t·σ²)`, kept between
    /// [`MIN_DEVIATION`] and [`MAX_DEVIATION`]; the rating and volatility stay. A stored
    /// rating is brought to the present this way before it is shown or played with.
    pub fn after_idle(self, idle: Duration) -> Rating {
        let periods = idle.as_secs_f64() / SECONDS_PER_DAY * PERIODS_PER_DAY;
        let phi = self.deviation / SCALE;
        let grown = (phi * phi + periods * self.volatility * self.volatility).sqrt() * SCALE;
        Rating {
            deviation: grown.clamp(MIN_DEVIATION, MAX_DEVIATION),
            ..self
        }
    }

    /// The rating within lichess's bounds: rating at least [`MIN_RATING`], deviation between
    /// [`MIN_DEVIATION`] and [`MAX_DEVIATION`], volatility at most [`MAX_VOLATILITY`].
    fn capped(self) -> Rating {
        Rating {
            rating: self.rating.max(MIN_RATING),
            deviation: self.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION),
            volatility: self.volatility.min(MAX_VOLATILITY),
        }
    }
}

/// Both players' ratings after a rated game between them, `first` having scored `first_score`.
/// Each rating goes in as it stands when the game ends (brought to the present by
/// [`Rating::after_idle`]); the game is one rating period of its own. Fails only if the
/// computation does not converge or gives a number that is not finite, which would be a bug.
pub fn rate_game(
    first: Rating,
    second: Rating,
    first_score: Score,
) -> Result<(Rating, Rating), Error> {
    let (first, second) = (first.capped(), second.capped());
    Ok((
        after_game(first, second, first_score)?,
        after_game(second, first, first_score.opponent())?,
    ))
}

/// `player`'s rating after one game against `opponent`, with lichess's bounds.
fn after_game(player: Rating, opponent: Rating, score: Score) -> Result<Rating, Error> {
    let after = RatingPeriod::new(player, &[(opponent, score.points())], 0.0, TAU)?.after()?;
    let rating = after
        .rating
        .clamp(player.rating - MAX_CHANGE, player.rating + MAX_CHANGE);
    Ok(Rating { rating, ..after }.capped())
}

/// One rating period of Glicko-2 for one player, with the paper's quantities (named as in the
/// paper, on the Glicko-2 scale).
#[derive(Debug)]
struct RatingPeriod {
    /// Step 2: the rating before, μ.
    mu_before: f64,
    /// Step 3: the estimated variance of the rating from the game outcomes alone.
    v: f64,
    /// Step 4: the estimated improvement, Δ.
    delta: f64,
    /// Step 5: the new volatility, σ'.
    sigma: f64,
    /// Step 6: the deviation before the games' information, φ*.
    phi_star: f64,
}

impl RatingPeriod {
    /// Glickman's steps 2 to 6 for `player`, who played `games` (each an opponent's rating and
    /// the player's score) in a period after which `elapsed_periods` count as elapsed (1 in
    /// the paper; 0 for a game rated on its own, as lichess does).
    fn new(
        player: Rating,
        games: &[(Rating, f64)],
        elapsed_periods: f64,
        tau: f64,
    ) -> Result<RatingPeriod, Error> {
        if games.is_empty() {
            return Err(Error::failed(msg!("rating-period-needs-at-least-one")));
        }
        // Step 2.
        let mu = (player.rating - 1500.0) / SCALE;
        let phi = player.deviation / SCALE;
        // Steps 3 and 4.
        let mut information = 0.0;
        let mut surprise = 0.0;
        for &(opponent, score) in games {
            let g = g(opponent.deviation / SCALE);
            let expected = 1.0 / (1.0 + (-g * (mu - (opponent.rating - 1500.0) / SCALE)).exp());
            information += g * g * expected * (1.0 - expected);
            surprise += g * (score - expected);
        }
        let v = 1.0 / information;
        let delta = v * surprise;
        // Steps 5 and 6.
        let sigma = new_volatility(player.volatility, phi, v, delta, tau)?;
        Ok(RatingPeriod {
            mu_before: mu,
            v,
            delta,
            sigma,
            phi_star: (phi * phi + elapsed_periods * sigma * sigma).sqrt(),
        })
    }

    /// Step 7: the new deviation, φ'.
    fn phi(&self) -> f64 {
        1.0 / (1.0 / (self.phi_star * self.phi_star) + 1.0 / self.v).sqrt()
    }

    /// Step 7: the new rating, μ' (the paper's sum is Δ / v).
    fn mu(&self) -> f64 {
        self.mu_before + self.phi() * self.phi() * self.delta / self.v
    }

    /// Step 8: the new rating, deviation and volatility on the Glicko scale; an error if one
    /// of them is not a finite number.
    fn after(&self) -> Result<Rating, Error> {
        let after = Rating {
            rating: SCALE * self.mu() + 1500.0,
            deviation: SCALE * self.phi(),
            volatility: self.sigma,
        };
        if [after.rating, after.deviation, after.volatility]
            .iter()
            .all(|x| x.is_finite())
        {
            Ok(after)
        } else {
            Err(Error::failed(msg!(
                "rating-computation-failed",
                after = format!("{after:?}"),
                before = format!("{self:?}")
            )))
        }
    }
}

/// Glicko-2's g(φ): how much a game against an opponent of deviation φ tells.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// Step 5: the new volatility σ', found by the Illinois algorithm as the paper gives it.
fn new_volatility(sigma: f64, phi: f64, v: f64, delta: f64, tau: f64) -> Result<f64, Error> {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let not_converged = || Error::failed(msg!("rating-volatility-did-not-converge"));
    // Step 5.2: bracket the root.
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        (1..=MAX_ITERATIONS)
            .map(|k| a - k as f64 * tau)
            .find(|&x| f(x) >= 0.0)
            .ok_or_else(not_converged)?
    };
    // Steps 5.3 and 5.4.
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    let mut iterations = 0;
    while (big_b - big_a).abs() > CONVERGENCE {
        iterations += 1;
        if iterations > MAX_ITERATIONS {
            return Err(not_converged());
        }
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    // Step 5.5.
    Ok((big_a / 2.0).exp())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn rating(rating: f64, deviation: f64, volatility: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility,
        }
    }

    /// Asserts that `value` is within `tolerance` of `expected`.
    fn assert_near(value: f64, expected: f64, tolerance: f64) {
        assert!(
            (value - expected).abs() <= tolerance,
            "{value} is not within {tolerance} of {expected}"
        );
    }

    /// Asserts that `value` rounded to `places` decimals is `expected`.
    fn assert_rounds_to(value: f64, places: i32, expected: f64) {
        let scale = 10f64.powi(places);
        assert_eq!(
            (value * scale).round() / scale,
            expected,
            "{value} to {places} places"
        );
    }

    #[test]
    fn glickmans_worked_example() {
        // Glickman, "Example of the Glicko-2 system": a player of 1500, RD 200, σ 0.06 beats
        // a 1400 (RD 30), loses to a 1550 (RD 100) and to a 1700 (RD 300), with τ = 0.5 and
        // one rating period.
        let player = rating(1500.0, 200.0, 0.06);
        let opponents = [(1400.0, 30.0), (1550.0, 100.0), (1700.0, 300.0)];
        let games: Vec<(Rating, f64)> = opponents
            .iter()
            .zip([1.0, 0.0, 0.0])
            .map(|(&(r, rd), score)| (rating(r, rd, 0.06), score))
            .collect();
        // Step 3's table: g(φ) to four places and E to three, as the paper prints them.
        for (&(r, rd), (g_paper, e_paper)) in
            opponents
                .iter()
                .zip([(0.9955, 0.639), (0.9531, 0.432), (0.7242, 0.303)])
        {
            let g = g(rd / SCALE);
            assert_rounds_to(g, 4, g_paper);
            assert_rounds_to(1.0 / (1.0 + (g * (r - 1500.0) / SCALE).exp()), 3, e_paper);
        }
        let period = RatingPeriod::new(player, &games, 1.0, 0.5).unwrap();
        let after = period.after().unwrap();
        // The paper carries those rounded values on, so its v = 1.7785 and Δ = -0.4834 are
        // within their rounding of the exact ones (1.77898, -0.48393).
        assert_near(period.v, 1.7785, 0.001);
        assert_near(period.delta, -0.4834, 0.001);
        // Step 5: the paper's σ' = 0.05999 is the exact 0.0599960 cut to five places.
        assert!((0.05999..0.06).contains(&after.volatility));
        // Steps 6 and 7: φ* = 1.1528, φ' = 0.8722, μ' = -0.2069.
        assert_near(period.phi_star, 1.1528, 0.0001);
        assert_rounds_to(period.phi(), 4, 0.8722);
        assert_rounds_to(period.mu(), 4, -0.2069);
        // Step 8: r' = 1464.06 and RD' = 151.52 in the paper, from μ' and φ' to four places;
        // exactly, 1464.0507 and 151.5165.
        assert_rounds_to(SCALE * -0.2069 + 1500.0, 2, 1464.06);
        assert_rounds_to(SCALE * 0.8722, 2, 151.52);
        assert_near(after.rating, 1464.06, 0.01);
        assert_rounds_to(after.deviation, 2, 151.52);
        // The exact figures, the volatility to the last digit the one the skillratings
        // crate's tests give for this example.
        assert_near(after.rating, 1464.050670539, 1e-9);
        assert_near(after.deviation, 151.516524124, 1e-9);
        assert_eq!(after.volatility, 0.059_995_984_286_488_495);
    }

    #[test]
    fn lichess_parameters() {
        assert_eq!(START, rating(1500.0, 500.0, 0.09));
        assert_eq!(TAU, 0.75);
        assert_eq!((MIN_DEVIATION, MAX_DEVIATION), (45.0, 500.0));
        assert_eq!(PROVISIONAL_DEVIATION, 110.0);
        assert_eq!(
            (MAX_VOLATILITY, MIN_RATING, MAX_CHANGE),
            (0.1, 400.0, 700.0)
        );
        assert_eq!(PERIODS_PER_DAY, 0.21436);
        assert!(START.is_provisional());
        assert!(rating(1500.0, 110.0, 0.09).is_provisional());
        assert!(!rating(1500.0, 109.9, 0.09).is_provisional());
        // The figures lichess's own tests of a single game expect (within their tolerance).
        let (winner, loser) = rate_game(START, START, Score::Win).unwrap();
        assert_near(winner.rating, 1741.0, 1.0);
        assert_near(loser.rating, 1258.0, 1.0);
        assert_near(winner.deviation, 396.0, 1.0);
        assert_near(winner.volatility, 0.089_998_3, 0.000_000_1);
        let white = rating(1200.0, 60.0, 0.053);
        let black = rating(1850.0, 200.0, 0.062);
        let (w, b) = rate_game(white, black, Score::Win).unwrap();
        assert_near(w.rating, 1216.7, 0.1);
        assert_near(b.rating, 1636.0, 0.1);
        assert_near(w.deviation, 59.9, 0.1);
        assert_near(b.deviation, 196.9, 0.1);
        assert_near(w.volatility, 0.053_013, 0.000_001);
        assert_near(b.volatility, 0.062_028, 0.000_001);
        let (w, b) = rate_game(white, black, Score::Draw).unwrap();
        assert_near(w.rating, 1208.0, 0.1);
        assert_near(b.rating, 1745.7, 0.1);
        let (w, b) = rate_game(
            rating(1400.0, 79.0, 0.06),
            rating(1550.0, 110.0, 0.065),
            Score::Loss,
        )
        .unwrap();
        assert_near(w.rating, 1389.0, 1.0);
        assert_near(b.rating, 1568.0, 1.0);
        assert_near(w.deviation, 78.0, 1.0);
        assert_near(b.deviation, 105.0, 1.0);
    }

    #[test]
    fn a_draw_between_equal_players_leaves_both_ratings_where_they_were() {
        for player in [START, rating(1720.0, 60.0, 0.06), rating(400.0, 45.0, 0.1)] {
            let (first, second) = rate_game(player, player, Score::Draw).unwrap();
            assert_eq!(first.rating, player.rating);
            assert_eq!(second.rating, player.rating);
            assert_eq!(first, second);
            assert!(first.deviation <= player.deviation);
        }
        let (first, _) = rate_game(START, START, Score::Draw).unwrap();
        assert_near(first.deviation, 396.0, 1.0);
        assert_near(first.volatility, 0.089_995_4, 0.000_000_1);
    }

    #[test]
    fn bounds_are_kept() {
        // One game moves a rating by at most 700: a new player beating a settled 3000.
        let (new, master) = rate_game(START, rating(3000.0, 45.0, 0.06), Score::Win).unwrap();
        assert_eq!(new.rating, START.rating + MAX_CHANGE);
        assert!(master.rating < 3000.0);
        // Nobody falls below 400; the deviation stays at 45 at least.
        let floor = rating(400.0, 45.0, 0.06);
        let (loser, winner) = rate_game(floor, floor, Score::Loss).unwrap();
        assert_eq!(loser.rating, MIN_RATING);
        assert_eq!((loser.deviation, winner.deviation), (45.0, 45.0));
        // Out-of-bounds ratings are brought within bounds before the game is rated.
        let wild = rating(100.0, 900.0, 0.5);
        assert_eq!(
            rate_game(wild, START, Score::Win).unwrap(),
            rate_game(rating(400.0, 500.0, 0.1), START, Score::Win).unwrap()
        );
        assert!(rate_game(wild, START, Score::Win).unwrap().0.volatility <= MAX_VOLATILITY);
    }

    #[test]
    fn idle_time_grows_the_deviation_at_lichess_rate() {
        let day = Duration::from_secs(86_400);
        // Lichess's rate was chosen so that a typical player's deviation goes from 60 to
        // 110 in a year.
        let typical = rating(1800.0, 60.0, 0.06);
        let a_year_on = typical.after_idle(day * 365);
        assert_near(a_year_on.deviation, 110.0, 0.01);
        assert_eq!(
            (a_year_on.rating, a_year_on.volatility),
            (typical.rating, typical.volatility)
        );
        assert_near(typical.after_idle(Duration::ZERO).deviation, 60.0, 1e-9);
        // Exactly Glicko-2's step 6 over 0.21436 periods a day.
        let phi = 60.0 / SCALE;
        let expected = (phi * phi + 30.0 * PERIODS_PER_DAY * 0.06 * 0.06).sqrt() * SCALE;
        assert_near(typical.after_idle(day * 30).deviation, expected, 1e-9);
        // Longer idleness, more doubt; never past 500, never under 45.
        let deviations: Vec<f64> = [1, 10, 100, 1000]
            .map(|days| typical.after_idle(day * days).deviation)
            .to_vec();
        assert!(
            deviations.windows(2).all(|pair| pair[0] < pair[1]),
            "{deviations:?}"
        );
        assert_eq!(typical.after_idle(day * 365 * 100).deviation, MAX_DEVIATION);
        assert_eq!(
            rating(1500.0, 30.0, 0.0).after_idle(day).deviation,
            MIN_DEVIATION
        );
    }

    fn any_rating() -> impl Strategy<Value = Rating> {
        (400.0..3000.0, 45.0..500.0, 0.03..0.1).prop_map(|(r, rd, s)| rating(r, rd, s))
    }

    proptest! {
        #[test]
        fn wins_raise_losses_lower_and_bounds_hold(first in any_rating(), second in any_rating()) {
            let (winner, loser) = rate_game(first, second, Score::Win).unwrap();
            prop_assert!(winner.rating > first.rating);
            prop_assert!(loser.rating < second.rating || loser.rating == MIN_RATING);
            // Swapping the players swaps the ratings.
            let (loser_again, winner_again) = rate_game(second, first, Score::Loss).unwrap();
            prop_assert_eq!((winner, loser), (winner_again, loser_again));
            // A draw pulls the two ratings together (exactly: equal ratings stay).
            let (a, b) = rate_game(first, second, Score::Draw).unwrap();
            prop_assert_eq!(a.rating > first.rating, first.rating < second.rating);
            prop_assert!((a.rating - first.rating) * (b.rating - second.rating) <= 0.0);
            for (before, after) in [(first, winner), (second, loser), (first, a), (second, b)] {
                prop_assert!((after.rating - before.rating).abs() <= MAX_CHANGE + 1e-9);
                prop_assert!(after.rating >= MIN_RATING);
                prop_assert!((MIN_DEVIATION..=before.deviation).contains(&after.deviation));
                prop_assert!(after.volatility > 0.0 && after.volatility <= MAX_VOLATILITY);
            }
        }
    }
}

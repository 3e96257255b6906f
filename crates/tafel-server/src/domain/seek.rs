//! Seeks: "I want a game now" — a game, its settings, a clock, rated or casual, and the range
//! of opponents' ratings wanted. A seek is listed in the lobby while its owner is there; the
//! first person to take it plays its owner, on sides drawn at random.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::domain::clock::TimeControl;
use crate::domain::error::Error;
use crate::msg;

/// The lowest and highest rating a seek's range may name.
pub const RATINGS: std::ops::RangeInclusive<u32> = 0..=4000;

/// A seek as its owner asks for it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeekRequest {
    /// The game's name.
    pub game: String,
    /// The settings, `key` to `value` (defaults for the others).
    #[serde(default)]
    pub settings: BTreeMap<String, String>,
    /// The clocks (default: none).
    #[serde(default)]
    pub time_control: TimeControl,
    /// Whether the game is rated (both players need an account).
    #[serde(default)]
    pub rated: bool,
    /// The lowest rating of an opponent wanted (rated seeks only).
    #[serde(default)]
    pub rating_min: Option<u32>,
    /// The highest rating of an opponent wanted (rated seeks only).
    #[serde(default)]
    pub rating_max: Option<u32>,
}

impl SeekRequest {
    /// Checks what can be checked without the game's rules: the clock, the rating range, and
    /// that a rated seek comes from an account (`signed_in`).
    pub fn check(&self, signed_in: bool) -> Result<(), Error> {
        self.time_control.check()?;
        if self.rated && !signed_in {
            return Err(Error::unauthorized(msg!(
                "rated-seek-needs-an-account-sign"
            )));
        }
        if self.rated && self.time_control == TimeControl::None {
            return Err(Error::invalid(msg!("rated-game-needs-a-clock")));
        }
        let ranged = self.rating_min.is_some() || self.rating_max.is_some();
        if ranged && !self.rated {
            return Err(Error::invalid(msg!("rating-range-is-for-rated-seeks")));
        }
        for bound in [self.rating_min, self.rating_max].into_iter().flatten() {
            if !RATINGS.contains(&bound) {
                return Err(Error::invalid(msg!(
                    "rating-range-lies-within-start-to",
                    start = RATINGS.start(),
                    end = RATINGS.end(),
                    bound
                )));
            }
        }
        if let (Some(min), Some(max)) = (self.rating_min, self.rating_max) {
            if min > max {
                return Err(Error::invalid(msg!(
                    "rating-range-lowest-min-is-above",
                    min,
                    max
                )));
            }
        }
        Ok(())
    }

    /// Whether an opponent rated `rating` is in the range wanted.
    pub fn accepts(&self, rating: u32) -> bool {
        in_range(self.rating_min, self.rating_max, rating)
    }
}

/// Whether `rating` lies within `min` and `max` (either may be open).
fn in_range(min: Option<u32>, max: Option<u32>, rating: u32) -> bool {
    min.is_none_or(|min| rating >= min) && max.is_none_or(|max| rating <= max)
}

/// A seek as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeekView {
    /// The seek's id.
    pub id: String,
    /// Who seeks: an account's username, or the name its owner gave.
    pub name: String,
    /// Whether the owner plays with an account (its page is `/@/{name}`).
    pub account: bool,
    /// The game's name.
    pub game: String,
    /// The settings, `key` to `value`, as asked for.
    pub settings: BTreeMap<String, String>,
    /// The clocks.
    pub time_control: TimeControl,
    /// Whether the game is rated.
    pub rated: bool,
    /// The lowest rating of an opponent wanted.
    pub rating_min: Option<u32>,
    /// The highest rating of an opponent wanted.
    pub rating_max: Option<u32>,
    /// The seeker's rating in the game, rounded; null without an account or a rated game of it
    /// yet.
    pub rating: Option<u32>,
}

impl SeekView {
    /// Whether an opponent rated `rating` is in the range wanted.
    pub fn accepts(&self, rating: u32) -> bool {
        in_range(self.rating_min, self.rating_max, rating)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::error::ErrorKind;

    fn seek(json: &str) -> SeekRequest {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn a_casual_seek_needs_no_account_and_no_range() {
        let casual = seek(r#"{"game": "kauri"}"#);
        assert!(casual.check(false).is_ok());
        assert!(casual.accepts(0) && casual.accepts(4000));
        let ranged = seek(r#"{"game": "kauri", "rating_min": 1200}"#);
        assert_eq!(ranged.check(true).unwrap_err().kind, ErrorKind::Invalid);
    }

    #[test]
    fn a_rated_seek_needs_an_account_a_clock_and_a_sensible_range() {
        let clockless = seek(r#"{"game": "kauri", "rated": true}"#);
        assert!(clockless
            .check(true)
            .unwrap_err()
            .to_string()
            .contains("clock"));
        let rated = seek(
            r#"{"game": "kauri", "rated": true, "rating_min": 1400, "rating_max": 1600,
                "time_control": {"kind": "fischer", "initial_seconds": 60, "increment_seconds": 1}}"#,
        );
        assert_eq!(
            rated.check(false).unwrap_err().kind,
            ErrorKind::Unauthorized
        );
        assert!(rated.check(true).is_ok());
        assert!(rated.accepts(1400) && rated.accepts(1600) && rated.accepts(1500));
        assert!(!rated.accepts(1399) && !rated.accepts(1601));
        let daily = r#""time_control": {"kind": "correspondence", "days_per_move": 1}"#;
        let upside_down = seek(&format!(
            r#"{{"game": "kauri", "rated": true, "rating_min": 1600, "rating_max": 1400, {daily}}}"#
        ));
        assert!(upside_down
            .check(true)
            .unwrap_err()
            .to_string()
            .contains("above"));
        let huge = seek(&format!(
            r#"{{"game": "kauri", "rated": true, "rating_max": 9000, {daily}}}"#
        ));
        assert!(huge.check(true).unwrap_err().to_string().contains("9000"));
        let bad_clock = seek(
            r#"{"game": "kauri", "time_control": {"kind": "fischer", "initial_seconds": 0, "increment_seconds": 0}}"#,
        );
        assert_eq!(bad_clock.check(false).unwrap_err().kind, ErrorKind::Invalid);
        let unknown =
            serde_json::from_str::<SeekRequest>(r#"{"game": "kauri", "colour": "white"}"#);
        assert!(unknown.unwrap_err().to_string().contains("unknown field"));
    }
}

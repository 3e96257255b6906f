//! Challenges: an account asks another, a person (docs/accounts.md) or a bot (docs/bots.md),
//! to a game ([`ChallengeRequest`]); the challenged accepts or declines; the challenge's
//! [`ChallengeStatus`] tells the challenger which.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::domain::clock::TimeControl;
use crate::domain::error::Error;
use crate::msg;

/// How long a challenge waits for the answer; an older one counts as expired.
pub const CHALLENGE_LIFETIME: Duration = Duration::from_secs(10 * 60);

/// Which seat the challenger plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The first seat (the one to move first at the start).
    First,
    /// The second seat.
    Second,
    /// Drawn at random when the challenge is accepted (the default).
    #[default]
    Random,
}

impl Side {
    /// Every side, in order.
    pub const ALL: [Side; 3] = [Side::First, Side::Second, Side::Random];

    /// The side's word, as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::First => "first",
            Side::Second => "second",
            Side::Random => "random",
        }
    }

    /// The side of a stored word.
    pub fn from_stored(text: &str) -> Side {
        match text {
            "first" => Side::First,
            "second" => Side::Second,
            _ => Side::Random,
        }
    }

    /// The challenger's seat, `coin` deciding a random side.
    pub fn seat(self, coin: bool) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
            Side::Random => usize::from(coin),
        }
    }
}

/// A challenge as the challenger asks for it.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ChallengeRequest {
    /// The game's name.
    pub game: String,
    /// The settings, `key` to `value` (defaults for the others).
    #[serde(default)]
    pub settings: BTreeMap<String, String>,
    /// The clocks (default: none).
    #[serde(default)]
    pub time_control: TimeControl,
    /// The challenger's side (default: random).
    #[serde(default)]
    pub side: Side,
    /// Whether the game is rated (it needs a clock).
    #[serde(default)]
    pub rated: bool,
}

impl ChallengeRequest {
    /// Checks what can be checked without the game's rules: the clock, and that a rated
    /// game has one.
    pub fn check(&self) -> Result<(), Error> {
        self.time_control.check()?;
        if self.rated && self.time_control == TimeControl::None {
            return Err(Error::invalid(msg!("rated-game-needs-a-clock")));
        }
        Ok(())
    }
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeStatus {
    /// Waiting for the answer.
    Pending,
    /// Accepted: the game is made.
    Accepted,
    /// Declined by the challenged.
    Declined,
    /// Withdrawn by the challenger.
    Cancelled,
    /// Not answered within [`CHALLENGE_LIFETIME`].
    Expired,
}

impl ChallengeStatus {
    /// Every status, in order.
    pub const ALL: [ChallengeStatus; 5] = [
        ChallengeStatus::Pending,
        ChallengeStatus::Accepted,
        ChallengeStatus::Declined,
        ChallengeStatus::Cancelled,
        ChallengeStatus::Expired,
    ];

    /// The status's word, as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            ChallengeStatus::Pending => "pending",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Cancelled => "cancelled",
            ChallengeStatus::Expired => "expired",
        }
    }

    /// The status of a stored word, a pending one made before `expired_before` counting as
    /// expired. An accepted one whose game is not recorded yet (`made` false) still reads as
    /// pending: the game is being made, and nobody is told "accepted" without one.
    pub fn from_stored(
        text: &str,
        made: bool,
        created_ms: i64,
        expired_before: i64,
    ) -> ChallengeStatus {
        match text {
            "accepted" if made => ChallengeStatus::Accepted,
            "accepted" => ChallengeStatus::Pending,
            "declined" => ChallengeStatus::Declined,
            "cancelled" => ChallengeStatus::Cancelled,
            _ if created_ms < expired_before => ChallengeStatus::Expired,
            _ => ChallengeStatus::Pending,
        }
    }
}

/// A challenge as its challenger and the challenged see it.
#[derive(Clone, Debug, Serialize)]
pub struct ChallengeView {
    /// The challenge's id.
    pub id: String,
    /// The challenger's username.
    pub challenger: String,
    /// The challenged account's username.
    pub challenged: String,
    /// What was asked for.
    #[serde(flatten)]
    pub request: ChallengeRequest,
    /// Where it stands.
    pub status: ChallengeStatus,
    /// The challenged's reason, once declined.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The game made, once accepted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_id: Option<String>,
    /// When it was made, in ms since the Unix epoch.
    pub created_ms: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_and_statuses_round_trip_old_pending_challenges_expire_and_games_come_with_acceptance()
    {
        for side in [Side::First, Side::Second, Side::Random] {
            assert_eq!(Side::from_stored(side.as_str()), side);
        }
        assert_eq!(Side::First.seat(true), 0);
        assert_eq!(Side::Second.seat(false), 1);
        assert_eq!(Side::Random.seat(true), 1);
        assert_eq!(
            ChallengeStatus::from_stored("pending", false, 10, 5),
            ChallengeStatus::Pending
        );
        assert_eq!(
            ChallengeStatus::from_stored("pending", false, 4, 5),
            ChallengeStatus::Expired
        );
        assert_eq!(
            ChallengeStatus::from_stored("declined", false, 4, 5),
            ChallengeStatus::Declined
        );
        assert_eq!(
            ChallengeStatus::from_stored("accepted", true, 4, 5),
            ChallengeStatus::Accepted
        );
        assert_eq!(
            ChallengeStatus::from_stored("accepted", false, 4, 5),
            ChallengeStatus::Pending,
            "an accepted challenge whose game is still being made"
        );
    }

    #[test]
    fn a_rated_challenge_needs_a_clock() {
        let request = ChallengeRequest {
            game: "kauri".into(),
            settings: BTreeMap::new(),
            time_control: TimeControl::None,
            side: Side::Random,
            rated: true,
        };
        assert!(request.check().unwrap_err().to_string().contains("clock"));
    }
}

//! Moderation, as lichess keeps it: people report a player, a game or a chat line with a
//! reason, and block whom they do not want to meet; moderators work the queue of reports and
//! act on an account (warn, mute for a time, rename, close) or remove a tournament, each
//! action with its reason. This module is what those words mean; who may do what is
//! [`crate::play::moderation`]'s.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::domain::error::Error;
use crate::domain::name::shown_line;
use crate::msg;

/// The longest reason of a moderator's action, and the longest details of a report, in
/// characters.
pub const MAX_REASON: usize = 500;

/// The longest mute, in minutes (30 days).
pub const MAX_MUTE_MINUTES: u32 = 30 * 24 * 60;

/// How far back a closed cheater's rated wins are given back to the opponents (30 days, as
/// lichess does).
pub const REFUND_WINDOW: Duration = Duration::from_secs(30 * 24 * 60 * 60);

/// What an account may do beyond playing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A player (every account).
    Player,
    /// A moderator: works the reports and acts on accounts and tournaments.
    Moderator,
}

impl Role {
    /// The role's name as stored and typed (`player`, `moderator`).
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Player => "player",
            Role::Moderator => "moderator",
        }
    }

    /// The role named `text` (invalid otherwise).
    pub fn parse(text: &str) -> Result<Role, Error> {
        match text {
            "player" => Ok(Role::Player),
            "moderator" => Ok(Role::Moderator),
            _ => Err(Error::invalid(msg!("unknown-role", role = text))),
        }
    }
}

/// Why a player is reported. Sent and stored in lower case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ReportReason {
    /// Insults, harassment, spam in the chat.
    Abuse,
    /// Help from an engine or another person during a game.
    Cheating,
    /// An offensive or misleading username.
    Name,
    /// Anything else, said in the details.
    Other,
}

impl ReportReason {
    /// The reason as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            ReportReason::Abuse => "abuse",
            ReportReason::Cheating => "cheating",
            ReportReason::Name => "name",
            ReportReason::Other => "other",
        }
    }

    /// The reason stored as `text`, if any.
    pub fn parse(text: &str) -> Option<ReportReason> {
        [
            ReportReason::Abuse,
            ReportReason::Cheating,
            ReportReason::Name,
            ReportReason::Other,
        ]
        .into_iter()
        .find(|r| r.as_str() == text)
    }
}

/// A report's details: one line of at most [`MAX_REASON`] characters, nothing hidden; may be
/// empty.
pub fn report_details(text: &str) -> Result<String, Error> {
    if text.trim().is_empty() {
        return Ok(String::new());
    }
    shown_line(text, "details", MAX_REASON)
}

/// A moderator's reason: one line of 1 to [`MAX_REASON`] characters, nothing hidden.
pub fn action_reason(text: &str) -> Result<String, Error> {
    shown_line(text, "reason", MAX_REASON)
}

/// What a moderator does to an account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A warning the player reads on their settings page.
    Warn,
    /// No chat for this many minutes (1 to [`MAX_MUTE_MINUTES`]).
    Mute(u32),
    /// A new username (checked as at sign-up; the old one is never taken again).
    Rename(String),
    /// The account closed: it signs in no more, its games in play are resigned, and with
    /// `refund` its rated wins of the last [`REFUND_WINDOW`] are given back to the losers.
    Close {
        /// Whether its opponents get back the points they lost to it.
        refund: bool,
    },
}

impl Action {
    /// The action's name in the log.
    pub fn name(&self) -> &'static str {
        match self {
            Action::Warn => "warn",
            Action::Mute(_) => "mute",
            Action::Rename(_) => "rename",
            Action::Close { .. } => "close",
        }
    }

    /// The mute's length, checked (invalid outside 1 to [`MAX_MUTE_MINUTES`]).
    pub fn mute(minutes: u32) -> Result<Action, Error> {
        if !(1..=MAX_MUTE_MINUTES).contains(&minutes) {
            return Err(Error::invalid(msg!(
                "a-mute-lasts-1-to-max-minutes",
                max = MAX_MUTE_MINUTES
            )));
        }
        Ok(Action::Mute(minutes))
    }
}

/// `ms` since the Unix epoch in UTC as ISO 8601, to the second (`2026-11-30T14:05:09Z`).
pub fn utc_iso(ms: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000))
        .map(|t| {
            format!(
                "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
                t.year(),
                u8::from(t.month()),
                t.day(),
                t.hour(),
                t.minute(),
                t.second()
            )
        })
        .unwrap_or_default()
}

/// `ms` since the Unix epoch as a time to the minute, in UTC (`2026-11-30 14:05 UTC`).
pub fn utc_minute(ms: i64) -> String {
    let iso = utc_iso(ms);
    format!("{} UTC", iso.get(..16).unwrap_or(&iso).replace('T', " "))
}

/// The log's name of a tournament removed.
pub const REMOVE_TOURNAMENT: &str = "remove-tournament";

/// The log's name of a report dismissed.
pub const DISMISS: &str = "dismiss";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_and_reasons_read_back_what_they_write() {
        for role in [Role::Player, Role::Moderator] {
            assert_eq!(Role::parse(role.as_str()).unwrap(), role);
        }
        assert!(Role::parse("admin").is_err());
        for reason in ["abuse", "cheating", "name", "other"] {
            assert_eq!(ReportReason::parse(reason).unwrap().as_str(), reason);
        }
        assert_eq!(ReportReason::parse("spam"), None);
    }

    #[test]
    fn times_are_said_to_the_minute_in_utc() {
        assert_eq!(utc_iso(1_764_511_509_000), "2025-11-30T14:05:09Z");
        assert_eq!(utc_minute(1_764_511_509_000), "2025-11-30 14:05 UTC");
    }

    #[test]
    fn a_mute_lasts_a_minute_to_thirty_days() {
        assert!(Action::mute(0).is_err());
        assert_eq!(Action::mute(1).unwrap(), Action::Mute(1));
        assert_eq!(Action::mute(43_200).unwrap().name(), "mute");
        assert!(Action::mute(43_201).is_err());
    }

    #[test]
    fn reasons_are_needed_and_details_may_be_empty() {
        assert!(action_reason("  ").is_err());
        assert_eq!(action_reason(" rude  words ").unwrap(), "rude words");
        assert!(action_reason(&"x".repeat(501)).is_err());
        assert!(action_reason("a\u{202E}b").is_err());
        assert_eq!(report_details("   ").unwrap(), "");
        assert_eq!(
            report_details("called me names").unwrap(),
            "called me names"
        );
        assert!(report_details(&"x".repeat(501)).is_err());
    }
}

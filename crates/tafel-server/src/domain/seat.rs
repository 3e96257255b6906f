//! Who sits in a seat: a person at the creator's screen, a person invited online, or the
//! computer at a level; the check of a creator's request for one; people's names; and the
//! public view of a seat (never its secrets).
//!
//! Each person's seat has a secret token (128 random bits) that acts for it. The creator
//! receives the tokens of the seats at their screen only; an invited seat has an invitation
//! code instead, which the invited person exchanges once for the seat's token
//! ([`crate::play::Hub::join`]): a second claim is refused.

use serde::{Deserialize, Serialize};

use crate::domain::error::Error;
use crate::domain::ids::{AccountId, InviteCode, SeatToken};
use crate::domain::name::PersonName;
use crate::msg;

/// The kind of player in a seat. Stored and sent as `"local"`, `"invite"` or `"computer"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    /// A person at the creator's screen (they share one browser).
    Local,
    /// A person who joins online through an invitation.
    Invite,
    /// The computer, at the seat's level.
    Computer,
}

impl SeatKind {
    /// Every kind, in order.
    pub const ALL: [SeatKind; 3] = [SeatKind::Local, SeatKind::Invite, SeatKind::Computer];

    /// Whether a person moves for this seat (with the seat's token).
    pub fn is_person(self) -> bool {
        self != SeatKind::Computer
    }
}

/// Who sits in a seat, as asked for when creating a game.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    /// `local`, `invite` or `computer`.
    pub kind: SeatKind,
    /// The computer's level (computer seats only).
    #[serde(default)]
    pub level: Option<u8>,
    /// The name of the person in a seat at the creator's screen, shown to everyone.
    #[serde(default)]
    pub name: Option<String>,
    /// Whether the person in a seat at the creator's screen may ask for hints (the best move
    /// of their position) during the game: only in a game against the computer; default off.
    #[serde(default)]
    pub hints: bool,
}

impl SeatRequest {
    /// A seat for the person creating the game, named `name`.
    pub fn person(name: &str) -> SeatRequest {
        SeatRequest {
            kind: SeatKind::Local,
            level: None,
            name: Some(name.to_string()),
            hints: false,
        }
    }

    /// A seat for a person invited online.
    pub fn invited() -> SeatRequest {
        SeatRequest {
            kind: SeatKind::Invite,
            level: None,
            name: None,
            hints: false,
        }
    }
    /// The seat to store for this request in a game whose strongest computer level is
    /// `max_level`, with a fresh token (and an invitation code for an invited seat); an error
    /// if a computer seat has no level or one the game lacks, or a person's seat has a level,
    /// or a name is given where it cannot be.
    pub fn to_stored(&self, max_level: u8) -> Result<StoredSeat, Error> {
        let name = match (&self.name, self.kind) {
            (None, _) => None,
            (Some(name), SeatKind::Local) => Some(PersonName::parse(name)?.into_string()),
            (Some(_), _) => return Err(Error::invalid(msg!("only-seats-at-the-creator-screen"))),
        };
        if self.hints && self.kind != SeatKind::Local {
            return Err(Error::invalid(msg!("hints-are-for-the-seats-at")));
        }
        match (self.kind, self.level) {
            (SeatKind::Local, None) => Ok(StoredSeat {
                hints: self.hints,
                ..StoredSeat::person(SeatKind::Local, name)
            }),
            (SeatKind::Invite, None) => Ok(StoredSeat::invited()),
            (SeatKind::Computer, Some(level)) if (1..=max_level).contains(&level) => {
                Ok(StoredSeat::computer(level))
            }
            (SeatKind::Computer, _) => Err(Error::invalid(msg!(
                "computer-seat-needs-a-level-from",
                max_level
            ))),
            (SeatKind::Local | SeatKind::Invite, Some(_)) => {
                Err(Error::invalid(msg!("only-computer-seats-have-a-level")))
            }
        }
    }
}

/// Who sits in a seat, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredSeat {
    /// A person at the creator's screen, a person with an invitation, or the computer.
    pub kind: SeatKind,
    /// The computer's strength level, for computer seats.
    pub level: Option<u8>,
    /// The secret that lets its holder act for this seat.
    pub token: SeatToken,
    /// The invitation code of an invited seat, exchanged once for the token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite: Option<InviteCode>,
    /// Whether the seat is taken: false only for an invitation not yet claimed. Seats stored
    /// before invitations were claimed count as taken (their links carried the token).
    #[serde(default = "taken")]
    pub joined: bool,
    /// The person's name, if given (an account's username when an account plays the seat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The account that plays the seat, if one does: its person took the seat while signed
    /// in, or claimed it with its token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account: Option<AccountId>,
    /// Whether the person may ask for hints (the best move of their position): chosen before
    /// a game against the computer, off otherwise.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hints: bool,
    /// Whether the account that played the seat was deleted: the seat keeps no name and no
    /// account, and shows [`DELETED_PLAYER`].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub deleted: bool,
    /// Whether the account that plays the seat is a bot (docs/bots.md): set when a bot
    /// accepts a challenge, so that views need not ask the accounts.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

/// What a seat whose account was deleted shows in place of a name (the usernames `deleted`
/// and `deleted-player` are reserved, so nobody can pose as one).
pub const DELETED_PLAYER: &str = "a deleted player";

impl StoredSeat {
    /// A person's seat of `kind`, claimed, with a fresh token.
    pub fn person(kind: SeatKind, name: Option<String>) -> StoredSeat {
        StoredSeat {
            kind,
            level: None,
            token: SeatToken::random(),
            invite: None,
            joined: true,
            name,
            account: None,
            hints: false,
            deleted: false,
            bot: false,
        }
    }

    /// An invited seat nobody has claimed yet: a fresh token and a fresh invitation code.
    pub fn invited() -> StoredSeat {
        StoredSeat {
            kind: SeatKind::Invite,
            level: None,
            token: SeatToken::random(),
            invite: Some(InviteCode::random()),
            joined: false,
            name: None,
            account: None,
            hints: false,
            deleted: false,
            bot: false,
        }
    }

    /// The computer at `level`.
    pub fn computer(level: u8) -> StoredSeat {
        StoredSeat {
            kind: SeatKind::Computer,
            level: Some(level),
            token: SeatToken::random(),
            invite: None,
            joined: true,
            name: None,
            account: None,
            hints: false,
            deleted: false,
            bot: false,
        }
    }

    /// Whether an invited seat still waits for its person.
    pub fn is_open(&self) -> bool {
        self.kind == SeatKind::Invite && !self.joined
    }

    /// The seat played by `account`, shown under its `username`.
    pub fn played_by(&mut self, account: AccountId, username: &str) {
        self.account = Some(account);
        self.name = Some(username.to_string());
    }

    /// The seat of an account that was deleted: it forgets the account and its name, and
    /// shows [`DELETED_PLAYER`].
    pub fn forget_player(&mut self) {
        self.account = None;
        self.name = None;
        self.deleted = true;
        self.bot = false;
    }
}

/// The public view of one seat: who sits there, never its secrets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// The seat number, from 0.
    pub seat: usize,
    /// The game's name for the seat ("White").
    pub name: String,
    /// `local`, `invite` or `computer`.
    pub kind: SeatKind,
    /// The computer's level.
    pub level: Option<u8>,
    /// The person's name, if they gave one.
    #[serde(default)]
    pub player: Option<String>,
    /// Whether the person plays with an account (their name is then its username, and their
    /// page is `/@/{player}`).
    #[serde(default)]
    pub account: bool,
    /// Whether somebody holds the seat: false only for an invitation nobody has taken yet.
    #[serde(default = "taken")]
    pub joined: bool,
    /// Whether the person may ask for hints (chosen before a game against the computer).
    #[serde(default)]
    pub hints: bool,
    /// Whether the person's account was deleted (`player` is then "a deleted player").
    #[serde(default)]
    pub deleted: bool,
    /// Whether a bot (a program, docs/bots.md) plays the seat with its account.
    #[serde(default)]
    pub bot: bool,
}

fn taken() -> bool {
    true
}

impl SeatView {
    /// The view of `stored` as seat `seat`, which the game calls `name`.
    pub fn of(seat: usize, name: &str, stored: &StoredSeat) -> SeatView {
        SeatView {
            seat,
            name: name.to_string(),
            kind: stored.kind,
            level: stored.level,
            player: match stored.deleted {
                true => Some(DELETED_PLAYER.to_string()),
                false => stored.name.clone(),
            },
            account: stored.account.is_some(),
            joined: stored.joined,
            hints: stored.hints,
            deleted: stored.deleted,
            bot: stored.bot,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::name::MAX_NAME;

    /// A strongest level, as a game has one.
    const BLACK_PATH_LEVELS: u8 = 5;

    #[test]
    fn kinds_keep_their_stored_names() {
        for (kind, name) in [
            (SeatKind::Local, "\"local\""),
            (SeatKind::Invite, "\"invite\""),
            (SeatKind::Computer, "\"computer\""),
        ] {
            assert_eq!(serde_json::to_string(&kind).unwrap(), name);
            assert_eq!(serde_json::from_str::<SeatKind>(name).unwrap(), kind);
        }
        let error = serde_json::from_str::<SeatRequest>(r#"{"kind": "robot"}"#).unwrap_err();
        assert!(
            error.to_string().contains("unknown variant `robot`"),
            "{error}"
        );
    }

    #[test]
    fn levels_belong_to_computer_seats_only() {
        let request = |kind, level| SeatRequest {
            kind,
            level,
            name: None,
            hints: false,
        };
        assert!(request(SeatKind::Computer, Some(1))
            .to_stored(BLACK_PATH_LEVELS)
            .is_ok());
        assert!(request(SeatKind::Computer, None)
            .to_stored(BLACK_PATH_LEVELS)
            .is_err());
        assert!(request(SeatKind::Computer, Some(99))
            .to_stored(BLACK_PATH_LEVELS)
            .is_err());
        assert!(request(SeatKind::Local, Some(1))
            .to_stored(BLACK_PATH_LEVELS)
            .is_err());
        let invited = request(SeatKind::Invite, None)
            .to_stored(BLACK_PATH_LEVELS)
            .unwrap();
        assert!(invited.is_open());
        assert_ne!(
            invited.invite.as_ref().map(InviteCode::as_str),
            Some(invited.token.as_str())
        );
    }

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(
            PersonName::parse("  Ann   Lee ").unwrap().as_str(),
            "Ann Lee"
        );
        assert!(PersonName::parse("   ").is_err());
        assert!(PersonName::parse(&"x".repeat(MAX_NAME)).is_ok());
        assert!(PersonName::parse(&"x".repeat(MAX_NAME + 1)).is_err());
        assert!(PersonName::parse("a\u{7}b").is_err());
        let named = SeatRequest {
            kind: SeatKind::Invite,
            level: None,
            name: Some("Bo".into()),
            hints: false,
        };
        assert!(named.to_stored(BLACK_PATH_LEVELS).is_err());
    }

    #[test]
    fn seats_stored_before_invitations_were_claimed_count_as_taken() {
        let old: StoredSeat =
            serde_json::from_str(r#"{"kind":"invite","level":null,"token":"abc"}"#).unwrap();
        assert!(old.joined);
        assert!(!old.is_open());
        assert_eq!(old.invite, None);
    }
}

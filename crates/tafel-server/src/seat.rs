//! Who sits in a seat: a person at the creator's screen, a person invited online, or the
//! computer at a level; and the check of a creator's request for one.

use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::live::new_token;
use crate::store::StoredSeat;

/// The kind of player in a seat. Stored and sent as `"local"`, `"invite"` or `"computer"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    /// A person at the creator's screen (they share one browser).
    Local,
    /// A person who joins online through an invitation link.
    Invite,
    /// The computer, at the seat's level.
    Computer,
}

impl SeatKind {
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
}

impl SeatRequest {
    /// The seat to store for this request in a game of `game`, with a fresh token; an error if
    /// a computer seat has no level or one the game lacks, or a person's seat has a level.
    pub fn to_stored(&self, game: &str) -> Result<StoredSeat, ApiError> {
        let max_level = crate::computer::max_level(game);
        match (self.kind, self.level) {
            (SeatKind::Local | SeatKind::Invite, None) => Ok(StoredSeat {
                kind: self.kind,
                level: None,
                token: new_token(),
            }),
            (SeatKind::Computer, Some(level)) if (1..=max_level).contains(&level) => {
                Ok(StoredSeat {
                    kind: SeatKind::Computer,
                    level: Some(level),
                    token: new_token(),
                })
            }
            (SeatKind::Computer, _) => Err(ApiError::bad_request(format!(
                "a computer seat needs a level from 1 to {max_level}"
            ))),
            (SeatKind::Local | SeatKind::Invite, Some(_)) => {
                Err(ApiError::bad_request("only computer seats have a level"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let request = |kind, level| SeatRequest { kind, level };
        assert!(request(SeatKind::Computer, Some(1))
            .to_stored("black-path")
            .is_ok());
        assert!(request(SeatKind::Computer, None)
            .to_stored("black-path")
            .is_err());
        assert!(request(SeatKind::Computer, Some(99))
            .to_stored("black-path")
            .is_err());
        assert!(request(SeatKind::Local, Some(1))
            .to_stored("black-path")
            .is_err());
        assert!(request(SeatKind::Invite, None).to_stored("quarx").is_ok());
    }
}

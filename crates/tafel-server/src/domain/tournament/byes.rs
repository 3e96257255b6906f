//! A Swiss's byes that no pairing gives: a round a player asks to sit out before it is paired
//! (a half-point bye, as many as the organiser offers, or a zero-point bye), and the rounds a
//! late entrant missed (scored as the organiser chose at creation: zero or half a point).
//!
//! Such a player is not paired that round and scores the bye's points; for the Dutch system
//! they are TRF's `H` and `Z` ([`tafel_tournament::RequestedBye`]). The pairing-allocated bye,
//! given to the one player left over, is a board of its round (board 0), not one of these.

use serde::{Deserialize, Serialize};
use tafel_tournament::{Entrant as Number, PlayedRound, RequestedBye};

use super::{Entrant, Kind, State, Tournament};
use crate::domain::error::Error;
use crate::domain::ids::AccountId;
use crate::msg;

/// The half-point byes a Swiss's player may ask for when its organiser does not say.
pub const DEFAULT_HALF_POINT_BYES: u32 = 2;

/// Whether a Swiss takes players after its start, and what the rounds they missed score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LateEntry {
    /// Entries close at the start.
    Closed,
    /// Late entrants score nothing for the rounds they missed (the default).
    ZeroPointByes,
    /// Late entrants score half a point for each round they missed.
    HalfPointByes,
}

impl LateEntry {
    /// Every choice, in order.
    pub const ALL: [LateEntry; 3] = [
        LateEntry::Closed,
        LateEntry::ZeroPointByes,
        LateEntry::HalfPointByes,
    ];

    /// The choice that gives missed rounds `half_points` (`None`: no late entry).
    pub fn of(half_points: Option<u32>) -> LateEntry {
        match half_points {
            None => LateEntry::Closed,
            Some(0) => LateEntry::ZeroPointByes,
            Some(_) => LateEntry::HalfPointByes,
        }
    }
}

/// A Swiss's late entry and half-point byes as its organiser asked for them, checked for a
/// tournament of `kind` with `rounds`: the half points of a missed round (`None`: no late
/// entry) and the half-point byes a player may ask for.
pub fn check_settings(
    kind: Kind,
    rounds: u32,
    late_entry: Option<LateEntry>,
    half_point_byes: Option<u32>,
) -> Result<(Option<u32>, u32), Error> {
    if kind != Kind::Swiss {
        if late_entry.is_some() || half_point_byes.is_some() {
            return Err(Error::invalid(msg!("late-entry-and-byes-are-for-a-swiss")));
        }
        return Ok((None, 0));
    }
    let late = match late_entry.unwrap_or(LateEntry::ZeroPointByes) {
        LateEntry::Closed => None,
        LateEntry::ZeroPointByes => Some(0),
        LateEntry::HalfPointByes => Some(1),
    };
    let half_point_byes = half_point_byes.unwrap_or(DEFAULT_HALF_POINT_BYES.min(rounds));
    if half_point_byes > rounds {
        return Err(Error::invalid(msg!(
            "half-point-byes-are-0-to-rounds",
            rounds
        )));
    }
    Ok((late, half_point_byes))
}

/// A bye as stored, by account (a player may ask before the start, when it has no number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredBye {
    /// Whose.
    pub account: AccountId,
    /// The round, from 1.
    pub round: u32,
    /// What it scores, in half points: 0 or 1.
    pub half_points: u32,
    /// Asked for by the player (else: a round missed by entering late).
    pub requested: bool,
}

/// A bye by the entrant's number in the tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bye {
    /// The entrant's number.
    pub entrant: usize,
    /// The round, from 1.
    pub round: u32,
    /// What it scores, in half points.
    pub half_points: u32,
    /// Asked for by the player (else: a round missed by entering late).
    pub requested: bool,
}

/// `byes` by entrant number, for the numbered `entrants` (a bye of an account not numbered,
/// before the start, is left out).
pub fn numbered(byes: &[StoredBye], entrants: &[(AccountId, Entrant)]) -> Vec<Bye> {
    byes.iter()
        .filter_map(|bye| {
            let (_, entrant) = entrants.iter().find(|(a, _)| *a == bye.account)?;
            Some(Bye {
                entrant: entrant.number?,
                round: bye.round,
                half_points: bye.half_points,
                requested: bye.requested,
            })
        })
        .collect()
}

/// Adds `byes` to the rounds `played` (round 1 first) they fall in.
pub fn add_to(played: &mut [PlayedRound], byes: &[Bye]) {
    for bye in byes {
        if let Some(round) = played.get_mut((bye.round as usize).wrapping_sub(1)) {
            round.requested.push(RequestedBye {
                entrant: Number(bye.entrant),
                half_points: bye.half_points,
            });
        }
    }
}

/// The entrants with a bye in `round`.
pub fn absent_in(byes: &[Bye], round: u32) -> impl Iterator<Item = usize> + '_ {
    byes.iter()
        .filter(move |b| b.round == round)
        .map(|b| b.entrant)
}

/// Checks that the entrant whose byes are `mine` may ask tournament `t` for a bye in `round`
/// (a half-point one when `half`); returns the bye's half points.
pub fn check_request(
    t: &Tournament,
    round: u32,
    half: bool,
    mine: &[StoredBye],
) -> Result<u32, Error> {
    if t.kind != Kind::Swiss {
        return Err(Error::invalid(msg!("byes-are-asked-for-in-a-swiss")));
    }
    if !matches!(t.state, State::Open | State::Running) {
        return Err(Error::conflict(msg!("this-tournament-is-over")));
    }
    if round == 0 || round > t.rounds {
        return Err(Error::invalid(msg!(
            "round-is-1-to-rounds",
            rounds = t.rounds
        )));
    }
    if round <= t.round {
        return Err(Error::conflict(msg!(
            "round-round-is-paired-already",
            round
        )));
    }
    if mine.iter().any(|b| b.round == round) {
        return Err(Error::conflict(msg!(
            "you-have-a-bye-in-round-round",
            round
        )));
    }
    if !half {
        return Ok(0);
    }
    let taken = mine
        .iter()
        .filter(|b| b.requested && b.half_points == 1)
        .count();
    if taken >= t.half_point_byes as usize {
        return Err(Error::conflict(msg!(
            "half-point-byes-max-are-taken",
            max = t.half_point_byes
        )));
    }
    Ok(1)
}

/// Checks that the bye in `round` of `mine` may be taken back from tournament `t`: asked for,
/// and its round not paired yet.
pub fn check_cancel(t: &Tournament, round: u32, mine: &[StoredBye]) -> Result<(), Error> {
    if !mine.iter().any(|b| b.round == round && b.requested) {
        return Err(Error::not_found(msg!(
            "you-have-no-bye-in-round-round",
            round
        )));
    }
    if round <= t.round || !matches!(t.state, State::Open | State::Running) {
        return Err(Error::conflict(msg!(
            "round-round-is-paired-already",
            round
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::error::ErrorKind;

    /// A Swiss of 5 rounds at round `round`, offering one half-point bye.
    fn swiss(round: u32) -> Tournament {
        let mut t = super::super::tests::swiss("s", 5, round);
        t.half_point_byes = 1;
        t
    }

    fn bye(round: u32, half_points: u32, requested: bool) -> StoredBye {
        StoredBye {
            account: AccountId::from_stored("a".into()),
            round,
            half_points,
            requested,
        }
    }

    #[test]
    fn settings_default_to_zero_point_late_entry_and_two_half_point_byes() {
        assert_eq!(
            check_settings(Kind::Swiss, 5, None, None).unwrap(),
            (Some(0), 2)
        );
        assert_eq!(
            check_settings(Kind::Swiss, 1, None, None).unwrap(),
            (Some(0), 1)
        );
        let chosen = check_settings(Kind::Swiss, 5, Some(LateEntry::HalfPointByes), Some(0));
        assert_eq!(chosen.unwrap(), (Some(1), 0));
        let closed = check_settings(Kind::Swiss, 5, Some(LateEntry::Closed), None);
        assert_eq!(closed.unwrap(), (None, 2));
        assert!(check_settings(Kind::Swiss, 3, None, Some(4)).is_err());
        assert_eq!(
            check_settings(Kind::RoundRobin, 0, None, None).unwrap(),
            (None, 0)
        );
        assert!(check_settings(Kind::Arena, 0, Some(LateEntry::Closed), None).is_err());
        for choice in LateEntry::ALL {
            let half = check_settings(Kind::Swiss, 5, Some(choice), None)
                .unwrap()
                .0;
            assert_eq!(LateEntry::of(half), choice);
        }
    }

    #[test]
    fn a_bye_is_asked_for_a_round_not_yet_paired_within_the_half_point_byes_offered() {
        assert_eq!(check_request(&swiss(2), 3, true, &[]).unwrap(), 1);
        assert_eq!(check_request(&swiss(2), 5, false, &[]).unwrap(), 0);
        let kind = |r: Result<u32, Error>| r.unwrap_err().kind;
        assert_eq!(
            kind(check_request(&swiss(2), 2, false, &[])),
            ErrorKind::Conflict
        );
        assert_eq!(
            kind(check_request(&swiss(2), 6, false, &[])),
            ErrorKind::Invalid
        );
        assert_eq!(
            kind(check_request(&swiss(2), 0, false, &[])),
            ErrorKind::Invalid
        );
        let had_one = [bye(4, 1, true)];
        assert_eq!(
            kind(check_request(&swiss(2), 3, true, &had_one)),
            ErrorKind::Conflict
        );
        assert_eq!(check_request(&swiss(2), 3, false, &had_one).unwrap(), 0);
        assert_eq!(
            kind(check_request(&swiss(2), 4, false, &had_one)),
            ErrorKind::Conflict
        );
        // A late entrant's missed rounds are not among the byes asked for.
        assert_eq!(
            check_request(&swiss(2), 3, true, &[bye(1, 1, false)]).unwrap(),
            1
        );
        let mut robin = swiss(0);
        robin.kind = Kind::RoundRobin;
        assert_eq!(
            kind(check_request(&robin, 1, false, &[])),
            ErrorKind::Invalid
        );
        let mut over = swiss(5);
        over.state = State::Finished;
        assert_eq!(
            kind(check_request(&over, 5, false, &[])),
            ErrorKind::Conflict
        );
    }

    #[test]
    fn only_a_bye_asked_for_is_taken_back_before_its_round() {
        let mine = [bye(1, 1, false), bye(3, 0, true)];
        assert!(check_cancel(&swiss(2), 3, &mine).is_ok());
        assert_eq!(
            check_cancel(&swiss(3), 3, &mine).unwrap_err().kind,
            ErrorKind::Conflict
        );
        assert_eq!(
            check_cancel(&swiss(0), 1, &mine).unwrap_err().kind,
            ErrorKind::NotFound
        );
    }
}

//! A Swiss round's pairings changed by hand: between the pairing of a round and the start of
//! its games (the pause between rounds), its organiser may pair it otherwise. The change must
//! pair exactly the entrants present (as [`tafel_tournament::review`] checks), and the page
//! shows what the round as it stands breaks of the Dutch system (a rematch, a second bye, a
//! colour rule, a score gap, a colour preference not granted), whoever paired it.

use tafel_tournament::review::{review, Breach, ManualError};
use tafel_tournament::{Entrant, Pairing, Round, Side};

use super::byes::Bye;
use super::pairing::{absent_entrants, swiss_settings};
use super::standings::played_rounds;
use super::{Board, Kind, Tournament};
use crate::domain::error::Error;
use crate::msg;

/// Boards a round paired by hand may have at most (a Swiss has at most 256 entrants).
pub const MAX_HAND_BOARDS: usize = tafel_tournament::swiss::MAX_ENTRANTS;

/// One board as the organiser pairs it, by entrant numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandBoard {
    /// Who moves first (the bye's entrant for the bye).
    pub first: usize,
    /// Who moves second; `None`: `first` has the pairing-allocated bye.
    pub second: Option<usize>,
}

/// A rule of the Dutch system the round waiting to begin breaks, for its page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    /// The board (0: the bye).
    pub board: u32,
    /// Which rule: `rematch`, `second_bye`, `colour`, `score_gap` or `preference`.
    pub rule: &'static str,
    /// The entrants it concerns, by number (the board's two, or the one player).
    pub entrants: Vec<usize>,
    /// The side given (`first` or `second`), for `colour` and `preference`.
    pub side: Option<&'static str>,
    /// The difference of the two scores in half points, for `score_gap`.
    pub half_points: Option<u32>,
}

/// The round `t.round` of Swiss `t` (of `entrants` entrants, `withdrawn` of them withdrawn,
/// with `boards` and `byes` so far) as `hand` pairs it: refused if it does not pair exactly
/// the entrants present, once each.
pub fn hand_round(
    t: &Tournament,
    entrants: usize,
    boards: &[Board],
    byes: &[Bye],
    withdrawn: &[usize],
    hand: &[HandBoard],
) -> Result<Round, Error> {
    if t.kind != Kind::Swiss {
        return Err(Error::invalid(msg!("pairings-are-changed-in-a-swiss")));
    }
    if hand.len() > MAX_HAND_BOARDS {
        return Err(Error::invalid(msg!(
            "a-round-has-at-most-boards-boards",
            boards = MAX_HAND_BOARDS
        )));
    }
    if hand.iter().filter(|b| b.second.is_none()).count() > 1 {
        return Err(Error::invalid(msg!("a-round-has-one-bye-at-most")));
    }
    let round = round_of(hand.iter().map(|b| (b.first, b.second)));
    check(t, entrants, boards, byes, withdrawn, &round).map_err(|e| match e {
        ManualError::Unpaired(e) => {
            Error::invalid(msg!("entrant-number-is-not-paired", number = e.0))
        }
        ManualError::Twice(e) => {
            Error::invalid(msg!("entrant-number-is-paired-twice", number = e.0))
        }
        ManualError::Absent(e) => {
            Error::invalid(msg!("entrant-number-is-absent-this-round", number = e.0))
        }
        ManualError::Itself(e) => {
            Error::invalid(msg!("entrant-number-cannot-play-itself", number = e.0))
        }
        ManualError::Swiss(e) => Error::invalid(msg!("these-pairings-cannot-be-read", e)),
    })?;
    Ok(round)
}

/// What round `t.round` of Swiss `t`, as stored in `boards`, breaks of the Dutch system, board
/// by board (empty for other kinds, or when it cannot be read).
pub fn broken(
    t: &Tournament,
    entrants: usize,
    boards: &[Board],
    byes: &[Bye],
    withdrawn: &[usize],
) -> Vec<Broken> {
    if t.kind != Kind::Swiss || t.round == 0 {
        return Vec::new();
    }
    let this = boards.iter().filter(|b| b.round == t.round);
    let round = round_of(this.clone().map(|b| (b.first, b.second)));
    let board_of = |entrant: Entrant| {
        this.clone()
            .find(|b| b.first == entrant.0 || b.second == Some(entrant.0))
            .map_or(0, |b| b.board)
    };
    let Ok(breaches) = check(t, entrants, boards, byes, withdrawn, &round) else {
        return Vec::new();
    };
    breaches
        .into_iter()
        .map(|breach| {
            let side = |s: Side| Some(if s == Side::First { "first" } else { "second" });
            let (rule, entrants, side, half_points) = match breach {
                Breach::Rematch { first, second } => ("rematch", vec![first, second], None, None),
                Breach::SecondBye { entrant } => ("second_bye", vec![entrant], None, None),
                Breach::Colour { entrant, side: s } => ("colour", vec![entrant], side(s), None),
                Breach::ScoreGap {
                    first,
                    second,
                    half_points,
                } => ("score_gap", vec![first, second], None, Some(half_points)),
                Breach::Preference { entrant, side: s } => {
                    ("preference", vec![entrant], side(s), None)
                }
            };
            Broken {
                board: board_of(entrants[0]),
                rule,
                entrants: entrants.iter().map(|e| e.0).collect(),
                side,
                half_points,
            }
        })
        .collect()
}

/// The round of `boards`, each a first player and a second (`None`: the bye; the first bye).
fn round_of(boards: impl Iterator<Item = (usize, Option<usize>)> + Clone) -> Round {
    Round {
        games: boards
            .clone()
            .filter_map(|(first, second)| {
                second.map(|second| Pairing {
                    first: Entrant(first),
                    second: Entrant(second),
                })
            })
            .collect(),
        bye: boards
            .filter(|(_, second)| second.is_none())
            .map(|(first, _)| Entrant(first))
            .next(),
    }
}

/// [`review`] of `round` as round `t.round` of Swiss `t`, after the rounds before it.
fn check(
    t: &Tournament,
    entrants: usize,
    boards: &[Board],
    byes: &[Bye],
    withdrawn: &[usize],
    round: &Round,
) -> Result<Vec<Breach>, ManualError> {
    let before = played_rounds(boards, byes, t.round.saturating_sub(1));
    let absent = absent_entrants(withdrawn, byes, t.round);
    review(
        &swiss_settings(t),
        &vec![0; entrants],
        &before,
        &absent,
        round,
    )
}

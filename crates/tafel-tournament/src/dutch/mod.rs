//! FIDE's Dutch system as the 2025 rules (FIDE Handbook C.04.3, in force since 2026)
//! describe it, for a field described by what the rules look at: each player's pairing number,
//! score, colours, floats, opponents and byes. [`crate::swiss`] (the server's Swiss) and the TRF
//! reader ([`crate::trf_read`]) both describe their tournaments this way.
//!
//! **Brackets** (`bracket`): the players are ranked by score, then pairing number; the top
//! score group is paired first, its downfloaters join the next score group as moved-down players
//! (MDPs), and so on down. Each bracket is paired by one maximum-weight matching over the bracket
//! and every player below it (so the rest of the round can still be paired: the completion
//! criterion C4), whose weights hold the criteria in their order (`criteria`); among the
//! pairings that are best on every criterion, the first in the Dutch order of candidates
//! (MDP-pairing, then S1 against S2 with S2's transpositions, then exchanges, `order`) is
//! chosen by fixing one pair after the other.
//!
//! **Absolute criteria** are rules, not weights: C1 no two players meet twice over the board
//! (a forfeited game was not played); C2 the pairing-allocated bye (PAB) at most once, and never
//! to a player who scored a forfeit win or a full-point bye; C3 two players with the same
//! absolute colour preference do not meet unless one of them is a topscorer (the last round
//! only). When no pairing keeps them, there is none: [`NoPairing`].
//!
//! **Colours** are allocated by `colour` (C.04.3 section 5).

mod bracket;
pub(crate) mod colour;
mod criteria;
mod order;

use crate::Side;
use colour::Preference;

/// How a player floated in a round (C.04.3 1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    /// Met an opponent of the same score, or did not play and scored nothing.
    None,
    /// Met an opponent of a higher score.
    Up,
    /// Met an opponent of a lower score, or scored more than a loss without playing (the bye, a
    /// forfeit win, a half- or full-point bye).
    Down,
}

/// One player to pair, as the Dutch system sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The pairing number, from 1 (the rank in the initial list).
    pub number: usize,
    /// The score so far, in half points.
    pub score: u32,
    /// Per round so far, the side it had in a game played over the board (`None`: not played).
    pub colours: Vec<Option<Side>>,
    /// Per round so far, how it floated.
    pub floats: Vec<Float>,
    /// The pairing numbers of the opponents it met over the board.
    pub opponents: Vec<usize>,
    /// Whether it may not have the pairing-allocated bye (C2): it had one, or scored a forfeit win
    /// or a full-point bye.
    pub bye_barred: bool,
}

impl Player {
    /// Player `number` before the first round: no score, no games, no floats.
    pub fn new(number: usize) -> Player {
        Player {
            number,
            score: 0,
            colours: Vec::new(),
            floats: Vec::new(),
            opponents: Vec::new(),
            bye_barred: false,
        }
    }
}

/// A round to pair: the players present, and where the tournament stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The players to pair (those absent this round left out), in any order.
    pub players: Vec<Player>,
    /// The round to pair, from 1.
    pub round: usize,
    /// The tournament's number of rounds (the last round has rules of its own).
    pub rounds: usize,
    /// The side of pairing number 1 in round 1, drawn by lot (the "initial colour").
    pub initial: Side,
    /// The pairing numbers of the players not paired this round who were paired in an earlier
    /// round (a game, a forfeit or the pairing-allocated bye): they keep their place in the
    /// order the last rule of colour allocation counts, which a player never paired has not.
    pub absent_paired: Vec<usize>,
}

/// One board of a paired round, by pairing numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// Who moves first (white).
    pub first: usize,
    /// Who moves second (black).
    pub second: usize,
}

/// A paired round, by pairing numbers: the boards from the top, and the bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    /// The boards, ordered by the higher score on the board, then the higher rank.
    pub boards: Vec<Board>,
    /// Who has the pairing-allocated bye.
    pub bye: Option<usize>,
}

/// No pairing of the round keeps the absolute criteria (C1–C3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoPairing;

/// What the rules need of a player beyond its history, computed once per round.
#[derive(Clone, Debug)]
pub(crate) struct Seat<'a> {
    pub player: &'a Player,
    pub preference: Option<Preference>,
    /// A topscorer (C.04.3 1.7): over half the points possible, when the last round is paired.
    pub topscorer: bool,
    /// Its place, from 1, by pairing number among the players paired this round or paired in
    /// an earlier one: the number the last rule of colour allocation looks at.
    pub place: usize,
    /// Whether it may have the pairing-allocated bye this round: allowed one (C2), and its score
    /// no higher than the lowest score the bye can go to in a complete pairing (C5).
    pub bye_candidate: bool,
}

impl Seat<'_> {
    /// The score in half points.
    pub fn score(&self) -> u32 {
        self.player.score
    }

    /// How it floated `back` rounds ago (1: the last round).
    pub fn float_back(&self, back: usize) -> Float {
        let floats = &self.player.floats;
        floats
            .len()
            .checked_sub(back)
            .map_or(Float::None, |i| floats[i])
    }
}

/// Pairs the round under the Dutch system, or says that no pairing keeps the absolute criteria.
pub fn pair(field: &Field) -> Result<Pairing, NoPairing> {
    let last_round = field.round >= field.rounds;
    let played = field.round.saturating_sub(1) as u32;
    let mut seats: Vec<Seat> = field
        .players
        .iter()
        .map(|player| Seat {
            player,
            preference: colour::preference(&player.colours),
            topscorer: last_round && player.score > played,
            place: 1 + field
                .players
                .iter()
                .map(|other| other.number)
                .chain(field.absent_paired.iter().copied())
                .filter(|&other| other < player.number)
                .count(),
            bye_candidate: !player.bye_barred,
        })
        .collect();
    if seats.len() % 2 == 1 {
        let lowest = bracket::bye_score(&seats).ok_or(NoPairing)?;
        for seat in &mut seats {
            seat.bye_candidate &= seat.score() <= lowest;
        }
    }
    // The ranking (1.2): score, then pairing number.
    seats.sort_by_key(|s| (std::cmp::Reverse(s.score()), s.player.number));
    let pairs = bracket::pair_round(&seats)?;
    let mut boards: Vec<(usize, usize)> = pairs.games;
    boards.sort_by_key(|&(a, b)| {
        let (top, low) = (a.min(b), a.max(b));
        (
            std::cmp::Reverse(seats[top].score().max(seats[low].score())),
            top,
        )
    });
    Ok(Pairing {
        boards: boards
            .into_iter()
            .map(|(a, b)| {
                let (first, second) = colour::allocate(&seats[a], &seats[b], a < b, field.initial);
                Board {
                    first: first.player.number,
                    second: second.player.number,
                }
            })
            .collect(),
        bye: pairs.bye.map(|i| seats[i].player.number),
    })
}

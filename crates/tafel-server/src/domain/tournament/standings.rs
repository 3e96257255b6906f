//! The table of a tournament: each entrant's points, the tie-breaks, the order, and the
//! crosstable, from the boards played so far.
//!
//! Points: a win 1, a draw ½, a loss or a forfeit lost 0, a forfeit won 1. The tie-breaks are
//! worked out by `tafel_tournament::standings`, under each kind's rules:
//! - a round robin: its bye (the rest with an odd number of players) scores nothing; ranked by
//!   Sonneborn-Berger, then Buchholz, over the games played over the board (forfeits left out,
//!   opponents' points as they are); the rounds under way count with their finished games;
//! - a Swiss: its bye scores a win, a bye asked for its points ([`super::byes`]); ranked by Buchholz, then Sonneborn-Berger, with FIDE's
//!   virtual opponents for rounds not played (byes, forfeits, withdrawals); only the rounds
//!   complete count, so the table is the one after the last complete round;
//! - an Arena: Arena points instead (a win 2, a draw 1, doubled on a streak, berserk; see
//!   [`super::arena`]), then Sonneborn-Berger and Buchholz over the games finished.

use tafel_tournament::standings::{
    Standing as TournamentStanding, StandingsRules, TieBreak, Unplayed,
};
use tafel_tournament::{Entrant, GameResult, Outcome, Pairing, PlayedRound};

use super::byes::Bye;
use super::{Board, Kind, SWISS_BYE_HALF_POINTS};
use crate::domain::error::Error;
use crate::msg;

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The place (equal points and tie-breaks share a place).
    pub rank: usize,
    /// The entrant's number (from 0).
    pub entrant: usize,
    /// Points (a win 1, a draw ½; an Arena's points).
    pub points: f64,
    /// Sonneborn-Berger.
    pub sonneborn_berger: f64,
    /// Buchholz.
    pub buchholz: f64,
    /// Games finished (played or forfeited).
    pub games: usize,
}

/// The points of `entrant` in `outcome` of a game where it moved first (`first`) or second, in
/// half points.
fn half_points(outcome: Outcome, first: bool) -> u32 {
    let (a, b) = outcome.half_points();
    if first {
        a
    } else {
        b
    }
}

/// The rounds 1 to `last` of `boards` and `byes` as `tafel_tournament` takes them: the
/// finished games with their results, the pairing-allocated bye, and the byes asked for (but
/// not one of an entrant paired in its round after all: it was asked for as the round was
/// being paired).
pub fn played_rounds(boards: &[Board], byes: &[Bye], last: u32) -> Vec<PlayedRound> {
    let mut rounds = vec![PlayedRound::default(); last as usize];
    for b in boards.iter().filter(|b| (1..=last).contains(&b.round)) {
        let round = &mut rounds[b.round as usize - 1];
        match (b.second, b.outcome) {
            (None, _) => round.bye = Some(Entrant(b.first)),
            (Some(second), Some(outcome)) => round.results.push(GameResult {
                pairing: Pairing {
                    first: Entrant(b.first),
                    second: Entrant(second),
                },
                outcome,
            }),
            (Some(_), None) => {}
        }
    }
    let paired = |bye: &&Bye| {
        boards.iter().any(|b| {
            b.round == bye.round && (b.first == bye.entrant || b.second == Some(bye.entrant))
        })
    };
    let byes: Vec<Bye> = byes.iter().filter(|b| !paired(b)).copied().collect();
    super::byes::add_to(&mut rounds, &byes);
    rounds
}

/// The last round of `boards` whose games all have a result (0 for none).
pub fn last_complete(boards: &[Board]) -> u32 {
    let last = boards.iter().map(|b| b.round).max().unwrap_or(0);
    (1..=last)
        .rev()
        .find(|&round| {
            boards
                .iter()
                .filter(|b| b.round == round)
                .all(|b| b.second.is_none() || b.outcome.is_some())
        })
        .unwrap_or(0)
}

/// How a tournament of `kind` ranks its entrants.
pub fn rules(kind: Kind) -> StandingsRules {
    match kind {
        Kind::Swiss => StandingsRules {
            bye_half_points: SWISS_BYE_HALF_POINTS,
            tie_breaks: vec![TieBreak::Buchholz, TieBreak::SonnebornBerger],
            unplayed: Unplayed::VirtualOpponent,
        },
        _ => StandingsRules {
            bye_half_points: 0,
            tie_breaks: vec![TieBreak::SonnebornBerger, TieBreak::Buchholz],
            unplayed: Unplayed::Ignored,
        },
    }
}

/// The standings of a tournament of `kind` with `entrants` entrants after `boards` and `byes`,
/// best first (points, then the tie-breaks, then the entrant's number).
pub fn standings(
    kind: Kind,
    entrants: usize,
    boards: &[Board],
    byes: &[Bye],
) -> Result<Vec<Standing>, Error> {
    let (lines, rounds) = match kind {
        Kind::Arena => {
            let lines = super::arena::standings(entrants, boards)?;
            let points: Vec<f64> = lines.iter().map(|l| f64::from(l.points)).collect();
            let last = boards.iter().map(|b| b.round).max().unwrap_or(0);
            (
                lines.into_iter().zip(points).collect(),
                played_rounds(boards, &[], last),
            )
        }
        _ => ranked(kind, entrants, boards, byes)?,
    };
    let mut games = vec![0usize; entrants];
    for round in &rounds {
        for result in &round.results {
            games[result.pairing.first.0] += 1;
            games[result.pairing.second.0] += 1;
        }
    }
    Ok(lines
        .into_iter()
        .map(|(line, points)| Standing {
            rank: line.rank,
            entrant: line.entrant.0,
            points,
            sonneborn_berger: f64::from(line.sonneborn_berger) / 4.0,
            buchholz: f64::from(line.buchholz) / 2.0,
            games: games[line.entrant.0],
        })
        .collect())
}

/// The ranked lines with each one's points as shown, and the rounds they count.
type Ranked = (Vec<(TournamentStanding, f64)>, Vec<PlayedRound>);

/// The lines of a tournament played in rounds with their points, and the rounds counted.
fn ranked(kind: Kind, entrants: usize, boards: &[Board], byes: &[Bye]) -> Result<Ranked, Error> {
    let last = match kind {
        Kind::Swiss => last_complete(boards),
        _ => boards.iter().map(|b| b.round).max().unwrap_or(0),
    };
    let rounds = played_rounds(boards, byes, last);
    let lines = tafel_tournament::standings::standings(entrants, &rounds, &rules(kind))
        .map_err(|e| Error::failed(msg!("tournament-boards-do-not-add-up", e)))?
        .into_iter()
        .map(|line| {
            let points = f64::from(line.points) / 2.0;
            (line, points)
        })
        .collect();
    Ok((lines, rounds))
}

/// The crosstable: for each entrant (by number), its results against each other entrant, in
/// the order played: `1`, `½`, `0`, `+` (won by forfeit), `-` (lost by forfeit), several
/// separated by a space in a double round robin; empty before they meet.
pub fn crosstable(entrants: usize, boards: &[Board]) -> Vec<Vec<String>> {
    let mut table = vec![vec![String::new(); entrants]; entrants];
    let mut boards: Vec<&Board> = boards.iter().collect();
    boards.sort_by_key(|b| (b.round, b.board));
    for (first, second, outcome) in boards
        .iter()
        .filter_map(|b| Some((b.first, b.second?, b.outcome?)))
    {
        for (me, opponent, moved_first) in [(first, second, true), (second, first, false)] {
            let mark = match (outcome.was_played(), half_points(outcome, moved_first)) {
                (true, 2) => "1",
                (true, 1) => "½",
                (true, _) => "0",
                (false, 2) => "+",
                (false, _) => "-",
            };
            let cell = &mut table[me][opponent];
            if !cell.is_empty() {
                cell.push(' ');
            }
            cell.push_str(mark);
        }
    }
    table
}

//! The table of a tournament: each entrant's points, the tie-breaks, the order, and the
//! crosstable, from the boards played so far.
//!
//! Points: a win 1, a draw ½, a loss or a forfeit lost 0, a forfeit won 1. The tie-breaks are
//! FIDE's (its 2023 regulations), chosen by the organiser or the kind's by default, worked out
//! by `tafel_tournament::standings`:
//! - a round robin: its bye (the rest with an odd number of players) scores nothing; its
//!   pairings are fixed, so a forfeit counts as the game and a bye as nothing; by default
//!   direct encounter, Sonneborn-Berger, then wins; the rounds under way count with their
//!   finished games;
//! - a Swiss: its bye scores a win, a bye asked for its points ([`super::byes`]); rounds
//!   without a game meet FIDE's dummy opponent; by default Buchholz Cut-1, Buchholz,
//!   Sonneborn-Berger, then direct encounter; only the rounds complete count, so the table is
//!   the one after the last complete round;
//! - an Arena: Arena points instead (a win 2, a draw 1, doubled on a streak, berserk; see
//!   [`super::arena`]), then Sonneborn-Berger and Buchholz over the games finished.

use tafel_tournament::standings::{
    default_tie_breaks, Standing as TournamentStanding, StandingsRules,
};
use tafel_tournament::tie_breaks::{Cut, Pairings, TieBreak};
use tafel_tournament::{Entrant, GameResult, Outcome, Pairing, PlayedRound};

use super::byes::Bye;
use super::{Board, Kind, SWISS_BYE_HALF_POINTS};
use crate::domain::error::Error;
use crate::msg;

/// The most tie-breaks a tournament lists.
pub const MAX_TIE_BREAKS: usize = 5;

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The place (equal points and tie-breaks share a place).
    pub rank: usize,
    /// The entrant's number (from 0).
    pub entrant: usize,
    /// Points (a win 1, a draw ½; an Arena's points).
    pub points: f64,
    /// The value of each of the tournament's tie-breaks, in their order.
    pub tie_breaks: Vec<f64>,
    /// Games finished (played or forfeited).
    pub games: usize,
}

/// The tie-breaks a tournament of `kind` uses unless its organiser chooses others.
pub fn kind_tie_breaks(kind: Kind) -> Vec<TieBreak> {
    match kind {
        Kind::Swiss => default_tie_breaks(Pairings::Swiss),
        Kind::Arena => tafel_tournament::arena::TIE_BREAKS.to_vec(),
        _ => default_tie_breaks(Pairings::Fixed),
    }
}

/// The tie-breaks `chosen` (FIDE's acronyms) for a tournament of `kind`, or its own when none
/// are: 1 to [`MAX_TIE_BREAKS`] known ones, none twice, cuts only in a Swiss (in a round robin
/// everyone meets the same opponents); an Arena's are its own.
pub fn check_tie_breaks(kind: Kind, chosen: Option<&[String]>) -> Result<Vec<TieBreak>, Error> {
    let Some(chosen) = chosen else {
        return Ok(kind_tie_breaks(kind));
    };
    if kind == Kind::Arena {
        return Err(Error::invalid(msg!("arena-breaks-ties-by-its-own-rules")));
    }
    if chosen.is_empty() || chosen.len() > MAX_TIE_BREAKS {
        return Err(Error::invalid(msg!(
            "tournament-lists-1-to-max-tie-breaks",
            max_tie_breaks = MAX_TIE_BREAKS
        )));
    }
    let mut tie_breaks: Vec<TieBreak> = Vec::with_capacity(chosen.len());
    for name in chosen {
        let tie_break: TieBreak = name.parse().map_err(|_| {
            let choices: Vec<String> = tafel_tournament::tie_breaks::CHOICES
                .iter()
                .map(ToString::to_string)
                .collect();
            Error::invalid(msg!(
                "unknown-tie-break",
                name = name.chars().take(16).collect::<String>(),
                choices = choices.join(", ")
            ))
        })?;
        if kind != Kind::Swiss && tie_break.cut() != Cut::None {
            return Err(Error::invalid(msg!(
                "tie-break-cuts-are-for-a-swiss",
                name = tie_break.to_string()
            )));
        }
        if tie_breaks.contains(&tie_break) {
            return Err(Error::invalid(msg!(
                "tie-break-is-listed-twice",
                name = tie_break.to_string()
            )));
        }
        tie_breaks.push(tie_break);
    }
    Ok(tie_breaks)
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

/// How a tournament of `kind` played in rounds ranks its entrants by `tie_breaks`.
pub fn rules(kind: Kind, tie_breaks: &[TieBreak]) -> StandingsRules {
    let (bye_half_points, pairings) = match kind {
        Kind::Swiss => (SWISS_BYE_HALF_POINTS, Pairings::Swiss),
        _ => (0, Pairings::Fixed),
    };
    StandingsRules {
        bye_half_points,
        tie_breaks: tie_breaks.to_vec(),
        pairings,
    }
}

/// The standings of a tournament of `kind` ranked by `tie_breaks` with `entrants` entrants
/// after `boards` and `byes`, best first; `ratings` by number (0 unrated) for ARO.
pub fn standings(
    kind: Kind,
    tie_breaks: &[TieBreak],
    entrants: usize,
    boards: &[Board],
    byes: &[Bye],
    ratings: &[u32],
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
        _ => ranked(
            &rules(kind, tie_breaks),
            kind,
            entrants,
            boards,
            byes,
            ratings,
        )?,
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
            games: games[line.entrant.0],
            tie_breaks: line.tie_breaks,
        })
        .collect())
}

/// The ranked lines with each one's points as shown, and the rounds they count.
type Ranked = (Vec<(TournamentStanding, f64)>, Vec<PlayedRound>);

/// The lines of a tournament played in rounds under `rules` with their points, and the rounds
/// counted.
fn ranked(
    rules: &StandingsRules,
    kind: Kind,
    entrants: usize,
    boards: &[Board],
    byes: &[Bye],
    ratings: &[u32],
) -> Result<Ranked, Error> {
    let last = match kind {
        Kind::Swiss => last_complete(boards),
        _ => boards.iter().map(|b| b.round).max().unwrap_or(0),
    };
    let rounds = played_rounds(boards, byes, last);
    let lines = tafel_tournament::standings::standings(entrants, &rounds, rules, ratings)
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

//! An Arena as the server runs it (lichess's): a fixed duration from the start, every player
//! paired again as soon as it is free, the score sheets of `tafel_tournament::arena` worked
//! out from the boards, and berserk.
//!
//! - **Duration.** [`MIN_MINUTES`] to [`MAX_MINUTES`] minutes, [`DEFAULT_MINUTES`] unless the
//!   organiser says. No game is paired after the end ([`Tournament::ends_ms`]); games under way at
//!   the end are played out and count, and the Arena finishes when the last of them ends (as
//!   on lichess).
//! - **Waves.** Each pairing of the players free at one moment is stored as a round of its
//!   own (the tournament's round number counts the waves), so that each wave is paired
//!   exactly once whichever instance pairs it, as a Swiss round is. [`next_wave`] finds the
//!   players free (entered, not withdrawn, in no game under way) with their points, their last
//!   opponent and their first-move balance from the boards, and pairs them.
//! - **Scores** ([`sheets`]): the boards' games in the order they were paired, which for each
//!   player is the order they were played (a player has one game at a time), with the plies
//!   and berserk kept on each board when it was scored.
//! - **Berserk** ([`check_berserk`]): a player of an Arena game still to make its first move
//!   may halve its clock (`Clock::go_berserk`).

use tafel_core::{Player, Status};
use tafel_tournament::arena::{self, ArenaGame, Sheet, Waiting};
use tafel_tournament::{Entrant, Pairing, Round};

use super::{Board, Tournament};
use crate::domain::error::Error;
use crate::domain::live::LiveGame;
use crate::msg;

/// The shortest Arena, in minutes.
pub const MIN_MINUTES: u32 = 5;

/// The longest Arena, in minutes (12 hours).
pub const MAX_MINUTES: u32 = 720;

/// An Arena's duration when its organiser does not say.
pub const DEFAULT_MINUTES: u32 = 60;

impl Tournament {
    /// When an Arena ends: no game is paired from then on (ms since the Unix epoch).
    pub fn ends_ms(&self) -> i64 {
        self.starts_ms + i64::from(self.minutes) * 60_000
    }
}

/// The finished games of `boards` as the score sheets take them, in the order paired.
fn games(boards: &[Board]) -> Vec<ArenaGame> {
    let mut games: Vec<&Board> = boards.iter().collect();
    games.sort_by_key(|b| (b.round, b.board));
    games
        .into_iter()
        .filter_map(|b| {
            Some(ArenaGame {
                pairing: Pairing {
                    first: Entrant(b.first),
                    second: Entrant(b.second?),
                },
                outcome: b.outcome?,
                plies: b.plies,
                first_berserk: b.berserk[0],
                second_berserk: b.berserk[1],
            })
        })
        .collect()
}

/// Every entrant's score sheet after `boards`.
pub fn sheets(entrants: usize, boards: &[Board]) -> Result<Vec<Sheet>, Error> {
    arena::sheets(entrants, &games(boards))
        .map_err(|e| Error::failed(msg!("arena-boards-do-not-add-up", e)))
}

/// The Arena standings after `boards`: Arena points, then Sonneborn-Berger and Buchholz.
pub fn standings(
    entrants: usize,
    boards: &[Board],
) -> Result<Vec<tafel_tournament::standings::Standing>, Error> {
    arena::standings(entrants, &games(boards))
        .map_err(|e| Error::failed(msg!("arena-boards-do-not-add-up", e)))
}

/// The next wave of Arena `boards` between `entrants` entrants of whom `withdrawn` have
/// withdrawn: the players free now, paired (`None` when fewer than two can be paired).
pub fn next_wave(
    entrants: usize,
    boards: &[Board],
    withdrawn: &[usize],
) -> Result<Option<Round>, Error> {
    let sheets = sheets(entrants, boards)?;
    let mut free = vec![true; entrants];
    let mut last_opponent = vec![None; entrants];
    let mut first_moves = vec![0i32; entrants];
    let mut paired: Vec<&Board> = boards.iter().collect();
    paired.sort_by_key(|b| (b.round, b.board));
    for b in paired {
        let Some(second) = b.second else { continue };
        if b.outcome.is_none() {
            free[b.first] = false;
            free[second] = false;
        }
        last_opponent[b.first] = Some(Entrant(second));
        last_opponent[second] = Some(Entrant(b.first));
        first_moves[b.first] += 1;
        first_moves[second] -= 1;
    }
    let waiting: Vec<Waiting> = (0..entrants)
        .filter(|&n| free[n] && !withdrawn.contains(&n))
        .map(|n| Waiting {
            entrant: Entrant(n),
            points: sheets[n].total,
            // Equal points wait in the order of the numbers: by rating at the start
            // ([`super::pairing::seeded`]), late entrants after.
            rating: 0,
            last_opponent: last_opponent[n],
            first_moves: first_moves[n],
        })
        .collect();
    let games = arena::pair_waiting(&waiting);
    Ok((!games.is_empty()).then_some(Round { games, bye: None }))
}

/// Whether `seat` of `live` has made a move (chance outcomes are nobody's).
pub fn has_moved(live: &LiveGame, seat: usize) -> bool {
    live.positions[..live.moves.len()]
        .iter()
        .any(|p| matches!(p.status(), Status::ToMove(p) if p == Player(seat as u8)))
}

/// Refuses berserk for `seat` of Arena game `live` once it has made its first move or went
/// berserk already.
pub fn check_berserk(live: &LiveGame, seat: usize) -> Result<(), Error> {
    let clock = live
        .table
        .clock
        .as_ref()
        .ok_or_else(|| Error::invalid(msg!("game-without-a-clock-has-no")))?;
    if clock.is_berserk(seat) {
        return Err(Error::conflict(msg!("you-went-berserk-already")));
    }
    if has_moved(live, seat) {
        return Err(Error::conflict(msg!(
            "berserk-is-possible-only-before-your"
        )));
    }
    Ok(())
}

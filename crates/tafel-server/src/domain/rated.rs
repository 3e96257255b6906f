//! Rated games: which games may be rated, when one is aborted (a player did not make a first
//! move in time), and what a finished game tells the accounts that played it (each one's
//! result, and for a rated game the two ratings to change).
//!
//! - A rated game is an online game between two accounts: the creator, signed in, at one seat
//!   of two, and one invited seat that only an account may take; it has a clock. Games against
//!   the computer, at one screen and with four players (in teams) are not rated.
//! - It counts once it ends with at least [`MIN_PLIES`] moves made by the players (chance
//!   outcomes do not count); one that ends sooner (resigned, say) counts in nobody's
//!   results, rated or not.
//! - While fewer moves than that are made, the seat to move has a set time (30 s by default:
//!   `tafel serve --abort-after`) from when its clock started to make its first move;
//!   otherwise the game is aborted ([`Ending::aborted`]): it ends without a result and is not
//!   rated.
//! - Until then a player may also abort a game between people, rated or not, themselves
//!   ([`check_abort`], [`Ending::called_off`]), as lichess's abort button: the same ending
//!   without a result, counted in no total. Tournament games are not aborted (their no-shows
//!   are forfeited).

use std::time::Duration;

use tafel_core::record::{Ending, Termination};
use tafel_core::{Player, Status};

use crate::domain::clock::TimeControl;
use crate::domain::error::Error;
use crate::domain::ids::AccountId;
use crate::domain::live::LiveGame;
use crate::domain::rating::Score;
use crate::domain::seat::{SeatKind, StoredSeat};
use crate::msg;

/// The moves the players must have made for a finished game to count.
pub const MIN_PLIES: usize = 2;

/// Refuses to rate a game with these seats and clock unless it is an online game between two
/// people, the creator's seat played by its account (the creator is signed in), with a clock.
pub fn check_rated(seats: &[StoredSeat], time_control: TimeControl) -> Result<(), Error> {
    if seats.iter().any(|s| s.kind == SeatKind::Computer) {
        return Err(Error::invalid(msg!("games-against-the-computer-are-not")));
    }
    if seats.len() != 2 {
        return Err(Error::invalid(msg!("only-two-player-games-are-rated")));
    }
    if !seats.iter().any(|s| s.kind == SeatKind::Invite) {
        return Err(Error::invalid(msg!("games-at-one-screen-are-not")));
    }
    if !seats
        .iter()
        .any(|s| s.kind == SeatKind::Local && s.account.is_some())
    {
        return Err(Error::unauthorized(msg!(
            "rated-game-is-played-between-accounts"
        )));
    }
    if time_control == TimeControl::None {
        return Err(Error::invalid(msg!("rated-game-needs-a-clock")));
    }
    Ok(())
}

/// Refuses the abort of `live` by the person of `seat` unless another person plays in it and
/// fewer than [`MIN_PLIES`] moves are made (the caller checks that the game goes on).
pub fn check_abort(live: &LiveGame, seat: usize) -> Result<(), Error> {
    if !live.sides(&live.table).others_present(seat) {
        return Err(Error::invalid(msg!(
            "only-games-between-people-are-aborted"
        )));
    }
    if player_moves(live) >= MIN_PLIES {
        return Err(Error::conflict(msg!("game-cannot-be-aborted-any-more")));
    }
    Ok(())
}

/// The moves the players have made in `live` (chance outcomes left out).
pub fn player_moves(live: &LiveGame) -> usize {
    live.positions[..live.moves.len()]
        .iter()
        .filter(|p| matches!(p.status(), Status::ToMove(_)))
        .count()
}

/// When rated game `live` is to be aborted, and whose missing first move aborts it: while the
/// game goes on with every seat taken and fewer than [`MIN_PLIES`] moves made, the seat to
/// move must move within `after` of its clock's start (a clock in minutes and seconds; a
/// correspondence clock's days per move end such a game on time). `None` otherwise.
pub fn abort_at(live: &LiveGame, after: Duration) -> Option<(usize, i64)> {
    if !live.rated {
        return None;
    }
    first_move_at(live, after)
}

/// When the seat to move in `live` must have made its first move, `after` from its clock's
/// start, and which seat that is: while fewer than [`MIN_PLIES`] moves are made, under a clock
/// in minutes and seconds (a correspondence clock's days per move end such a game on time).
/// `None` otherwise, and when `after` is zero. Rated games are aborted by it
/// ([`abort_at`]); tournament games forfeited.
pub fn first_move_at(live: &LiveGame, after: Duration) -> Option<(usize, i64)> {
    if after.is_zero() || player_moves(live) >= MIN_PLIES {
        return None;
    }
    let seat = live.seat_to_move()?;
    let clock = live.table.clock.as_ref()?;
    if !matches!(clock.control, TimeControl::Fischer { .. }) {
        // Days per move: the clock itself ends a game nobody plays.
        return None;
    }
    let since = clock.since_ms.filter(|_| clock.running == Some(seat))?;
    Some((seat, since + after.as_millis() as i64))
}

/// The ending of `live` when aborted at `now` (its deadline passed), if it is due.
pub fn abort_due(live: &LiveGame, after: Duration, now: i64) -> Option<Ending> {
    let (seat, at) = abort_at(live, after)?;
    (at <= now).then(|| Ending::aborted(Player(seat as u8), &live.seat_names()))
}

/// What a finished game tells the accounts that played it.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    /// The game's id.
    pub game_id: String,
    /// The registry name.
    pub game: String,
    /// Each account's seat and result.
    pub results: Vec<(usize, AccountId, Score)>,
    /// The two seats whose ratings change, with the first one's result: a rated game that
    /// counts.
    pub rated: Option<[(usize, AccountId); 2]>,
    /// The first rated seat's result.
    pub first_score: Score,
}

/// What `live`, just over, tells its accounts: `None` if no account plays it, it was
/// aborted, or it is a rated game that ended before it counts (fewer than [`MIN_PLIES`]
/// moves): such a game, resigned or lost on time before both players moved, counts in
/// nobody's results, as an aborted one.
pub fn finished(live: &LiveGame) -> Option<Finished> {
    let counts = player_moves(live) >= MIN_PLIES;
    if live.rated && !counts {
        return None;
    }
    let winners = match (&live.table.ending, live.current().status()) {
        (Some(ending), _) if ending.termination == Termination::Aborted => return None,
        (Some(ending), _) => ending.winners,
        (None, Status::Over(outcome)) => outcome.winners,
        _ => return None,
    };
    let score = |seat: usize| {
        if winners.is_empty() {
            Score::Draw
        } else if winners.contains(Player(seat as u8)) {
            Score::Win
        } else {
            Score::Loss
        }
    };
    let results: Vec<(usize, AccountId, Score)> = live
        .table
        .seats
        .iter()
        .enumerate()
        .filter_map(|(seat, s)| Some((seat, s.account.clone()?, score(seat))))
        .collect();
    if results.is_empty() {
        return None;
    }
    let rated = match results.as_slice() {
        [(a, first, _), (b, second, _)] if live.rated && first != second => {
            Some([(*a, first.clone()), (*b, second.clone())])
        }
        _ => None,
    };
    Some(Finished {
        game_id: live.id.to_string(),
        game: live.game.info().name.to_string(),
        first_score: results[0].2,
        results,
        rated,
    })
}

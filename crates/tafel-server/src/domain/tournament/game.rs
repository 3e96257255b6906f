//! A tournament's game: the result a finished game gives the table, and the forfeit of a
//! paired player who never moves.
//!
//! Seat 0 is the pairing's first player (who moves first), seat 1 the second. A game ends by
//! its rules, a resignation, an agreed draw or on time (a result over the board), or is called
//! off because the seat to move did not make its first move in time ([`Termination::Aborted`],
//! by the rated games' abort or by the tournament's own limit, [`no_show_due`]): that player
//! loses by forfeit, and the game counts as unplayed. A player who withdraws resigns the
//! games they are seated in ([`withdrawal_resigns`]).

use std::time::Duration;

use tafel_core::record::{Ending, Termination};
use tafel_core::{Player, Status};
use tafel_tournament::Outcome;

use crate::domain::ids::AccountId;
use crate::domain::live::LiveGame;
use crate::domain::rated::{first_move_at, player_moves};

/// What the table keeps of a finished game: its result, the moves the players made, and who
/// went berserk (an Arena scores them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored {
    /// The result.
    pub outcome: Outcome,
    /// The moves the players made (chance outcomes left out).
    pub plies: u32,
    /// Whether seat 0 and seat 1 went berserk.
    pub berserk: [bool; 2],
}

impl Scored {
    /// A result without a game played (a forfeit when paired or seated).
    pub fn unplayed(outcome: Outcome) -> Scored {
        Scored {
            outcome,
            plies: 0,
            berserk: [false; 2],
        }
    }
}

/// What finished game `live` gives the table; `None` while it goes on.
pub fn scored_of(live: &LiveGame) -> Option<Scored> {
    let berserk = |seat| {
        live.table
            .clock
            .as_ref()
            .is_some_and(|c| c.is_berserk(seat))
    };
    Some(Scored {
        outcome: outcome_of(live)?,
        plies: u32::try_from(player_moves(live)).unwrap_or(u32::MAX),
        berserk: [berserk(0), berserk(1)],
    })
}

/// The result finished game `live` gives the tournament's table; `None` while it goes on.
pub fn outcome_of(live: &LiveGame) -> Option<Outcome> {
    let winners = match (&live.table.ending, live.current().status()) {
        (Some(ending), _) if ending.termination == Termination::Aborted => {
            return Some(match ending.by {
                Some(Player(0)) => Outcome::SecondWonByForfeit,
                Some(_) => Outcome::FirstWonByForfeit,
                None => Outcome::DoubleForfeit,
            });
        }
        (Some(ending), _) => ending.winners,
        (None, Status::Over(outcome)) => outcome.winners,
        _ => return None,
    };
    Some(
        match (winners.contains(Player(0)), winners.contains(Player(1))) {
            (true, false) => Outcome::FirstWon,
            (false, true) => Outcome::SecondWon,
            _ => Outcome::Draw,
        },
    )
}

/// The ending of tournament game `live` at `now` when its player to move has let `after`
/// pass from when its clock started without a first move ([`first_move_at`]).
pub fn no_show_due(live: &LiveGame, after: Duration, now: i64) -> Option<Ending> {
    let (seat, at) = first_move_at(live, after)?;
    (at <= now).then(|| Ending::aborted(Player(seat as u8), &live.seat_names()))
}

/// The resignation of the first seat of game `live` held by one of the `withdrawn` accounts.
pub fn withdrawal_resigns(live: &LiveGame, withdrawn: &[&AccountId]) -> Option<Ending> {
    let seat = live.table.seats.iter().position(|s| {
        s.account
            .as_ref()
            .is_some_and(|account| withdrawn.contains(&account))
    })?;
    Some(Ending::resigned(Player(seat as u8), &live.seat_names()))
}

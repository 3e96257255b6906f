//! Rated games in play: the abort of a rated game whose player does not make a first move in
//! time, and what follows any stored change that ends a game (the finisher's work:
//! [`super::finisher`]).
//!
//! An abort is a timed ending like a fallen flag: its deadline ([`rated::abort_at`]) is kept
//! with the clocks' deadlines (`Hub::deadline`), and, for the clock keeper's look in the
//! store, noted in the game's row after every change of a rated game that has not had both
//! first moves yet.

use std::sync::atomic::Ordering;

use super::Hub;
use crate::domain::clock::Clock;
use crate::domain::live::LiveGame;
use crate::domain::rated::{self, MIN_PLIES};
use crate::domain::Error;

impl Hub {
    /// What follows a stored change of `live`: when the change ended a game played by an
    /// account (it was not over before; the store filed its end), the ends waiting are done (this one among them: results, ratings, a
    /// tournament's score), or left to the finisher's retries if one fails; a rated game's
    /// abort deadline is noted. Failures are logged: the game itself is stored already.
    pub(super) async fn after_change(&self, live: &LiveGame, was_over: bool) {
        let ended = !was_over && live.is_over();
        if ended && live.table.seats.iter().any(|s| s.account.is_some()) {
            if let Err(failed) = self.finisher.finish_ended(live).await {
                tracing::warn!(
                    "game {}: the end of game {} is not done yet, trying again: {:#}",
                    live.id,
                    failed.game_id,
                    failed.error
                );
                self.finisher.wake();
            }
        }
        if live.rated && (ended || rated::player_moves(live) <= MIN_PLIES) {
            let at = rated::abort_at(live, self.limits.abort_after).map(|(_, at)| at);
            if let Err(e) = self.store.set_abort_at(&live.id, at).await {
                tracing::warn!("game {}: cannot note its abort deadline: {e:#}", live.id);
            }
        }
    }

    /// The next moment game `live` must be looked at: its running clock falls, or (a rated
    /// game) the seat to move has had its time for a first move.
    pub(super) fn deadline(&self, live: &LiveGame) -> Option<i64> {
        let flag = live.table.clock.as_ref().and_then(Clock::flag_at);
        let abort = rated::abort_at(live, self.limits.abort_after).map(|(_, at)| at);
        match (flag, abort) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Aborts rated game `live` if the seat to move has let its time for a first move pass;
    /// returns whether it did.
    pub(super) async fn abort_if_due(&self, live: &mut LiveGame, now: i64) -> Result<bool, Error> {
        let Some(ending) = rated::abort_due(live, self.limits.abort_after, now) else {
            return Ok(false);
        };
        let change = live.ending_change(ending, now);
        self.commit(live, change).await?;
        self.stats.aborts.fetch_add(1, Ordering::Relaxed);
        Ok(true)
    }
}

//! The committer: the one place where a change of a game is stored, and only then applied,
//! told to the game's viewers and followed by its consequences (the clock keeper's next
//! deadline; a game's end done by the finisher; a rated game's abort deadline noted).
//!
//! Every unit that changes a game holds a clone of the hub's committer and nothing else of
//! the games in memory: it is handed the game, locked, works the change out with the domain
//! and commits it here.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::clocks::Schedule;
use super::finisher::Finisher;
use super::viewers::{Event, Viewers};
use crate::domain::clock::Clock;
use crate::domain::consent::Proposals;
use crate::domain::game::Table;
use crate::domain::live::{Change, LiveGame, Moves};
use crate::domain::rated::{self, MIN_PLIES};
use crate::domain::Error;
use crate::msg;
use crate::store::{Store, WriteError};

/// Stores changes of games, then applies and tells them.
#[derive(Clone)]
pub struct Committer {
    store: Store,
    viewers: Viewers,
    schedule: Arc<Schedule>,
    finisher: Arc<Finisher>,
    abort_after: Duration,
}

impl Committer {
    /// A committer over `store`, telling `viewers`, setting the clock keeper's `schedule`,
    /// handing games' ends to `finisher`; a rated game is aborted when a seat has not made
    /// its first move `abort_after` its turn began (zero: never).
    pub(super) fn new(
        store: Store,
        viewers: Viewers,
        schedule: Arc<Schedule>,
        finisher: Arc<Finisher>,
        abort_after: Duration,
    ) -> Committer {
        Committer {
            store,
            viewers,
            schedule,
            finisher,
            abort_after,
        }
    }

    /// The store changes go to.
    pub(super) fn store(&self) -> &Store {
        &self.store
    }

    /// Now on the server's time line (the store's).
    pub(super) fn now_ms(&self) -> i64 {
        self.store.now_ms()
    }

    /// Stores `table`, `live`'s table with the proposals as `seat`'s answer left them (nothing
    /// agreed on yet), then tells the viewers of the proposals that lapsed by it.
    pub(super) async fn propose(
        &self,
        live: &mut LiveGame,
        table: Table,
        seat: usize,
    ) -> Result<(), Error> {
        let before = live.table.proposals.clone();
        let change = live.table_change(table, self.store.now_ms());
        self.commit(live, change).await?;
        self.tell_lapses(&live.id, &before, &live.table.proposals, seat, false);
        Ok(())
    }

    /// Stores `change` of `live`, then applies it, tells the viewers and schedules the clock.
    /// If storing fails, the store's transaction is rolled back and the game is unchanged
    /// here too.
    pub(super) async fn commit(&self, live: &mut LiveGame, change: Change) -> Result<(), Error> {
        let progress = live.snapshot_after(&change)?;
        let started = Instant::now();
        let version = live.stored_version;
        let stored = match &change.moves {
            Moves::Same => self.store.update(&live.id, version, &progress).await,
            Moves::Extend(continuation) => {
                self.store
                    .append(
                        &live.id,
                        version,
                        live.moves.len(),
                        continuation.moves(),
                        &progress,
                    )
                    .await
            }
            Moves::Truncate(keep) => {
                self.store
                    .truncate(&live.id, version, *keep, &progress)
                    .await
            }
        };
        self.stored(live, stored)?;
        let was_over = live.is_over();
        let took = started.elapsed();
        if took > SLOW_STORE {
            tracing::warn!("storing a change of game {} took {took:?}", live.id);
        }
        live.apply(change);
        self.after_change(live, was_over).await;
        self.viewers.tell(&live.id, Event::Changed);
        self.reschedule(live);
        Ok(())
    }

    /// How storing a change of `live` went: on success `live` is at the next stored version;
    /// if another instance changed the game first, this copy is stale and leaves memory, and
    /// the change is refused as a conflict.
    pub(super) fn stored(
        &self,
        live: &mut LiveGame,
        stored: Result<(), WriteError>,
    ) -> Result<(), Error> {
        match stored {
            Ok(()) => {
                live.stored_version += 1;
                Ok(())
            }
            Err(WriteError::Conflict(_)) => {
                live.evict();
                self.viewers.stale(&live.id);
                Err(Error::conflict(msg!(
                    "game-was-changed-meanwhile-another-move"
                )))
            }
            Err(WriteError::Failed(e)) => Err(Error::storage(e)),
        }
    }

    /// Tells the viewers of game `id` of `event`.
    pub(super) fn tell(&self, id: &str, event: Event) {
        self.viewers.tell(id, event);
    }

    /// Tells the viewers of game `id` of the proposals of `before` that the change by `seat`
    /// (a move, when `moved`) ended without carrying them out; `after` holds what stays.
    pub(super) fn tell_lapses(
        &self,
        id: &str,
        before: &Proposals,
        after: &Proposals,
        seat: usize,
        moved: bool,
    ) {
        self.viewers.tell_lapses(id, before, after, seat, moved);
    }

    /// What follows a stored change of `live`: when the change ended a game played by an
    /// account (it was not over before; the store filed its end), the ends waiting are done
    /// (this one among them: results, ratings, a tournament's score), or left to the
    /// finisher's retries if one fails; a rated game's abort deadline is noted. Failures are
    /// logged: the game itself is stored already.
    async fn after_change(&self, live: &LiveGame, was_over: bool) {
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
            let at = rated::abort_at(live, self.abort_after).map(|(_, at)| at);
            if let Err(e) = self.store.set_abort_at(&live.id, at).await {
                tracing::warn!("game {}: cannot note its abort deadline: {e:#}", live.id);
            }
        }
    }

    /// The next moment game `live` must be looked at: its running clock falls, or (a rated
    /// game) the seat to move has had its time for a first move.
    fn deadline(&self, live: &LiveGame) -> Option<i64> {
        let flag = live.table.clock.as_ref().and_then(Clock::flag_at);
        let abort = rated::abort_at(live, self.abort_after).map(|(_, at)| at);
        match (flag, abort) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Schedules the clock keeper's next look at `live`.
    pub(super) fn reschedule(&self, live: &LiveGame) {
        self.schedule.set(&live.id, self.deadline(live));
    }
}

/// A store write slower than this is logged (the disk is the usual suspect).
const SLOW_STORE: Duration = Duration::from_millis(200);

#[cfg(test)]
mod tests;

//! Rated games in play: the one place where a game's end reaches its accounts (results, and
//! the ratings of a rated game, changed once: see [`crate::store::ratings`]), and the abort of
//! a rated game whose player does not make a first move in time.
//!
//! A game's end reaches its accounts after the game is stored; a server stopped in between
//! (a crash, a kill) leaves a finished game without results or rating changes, which
//! [`Hub::record_missed_finishes`] finds and records when the server starts again.
//!
//! An abort is a timed ending like a fallen flag: its deadline ([`rated::abort_at`]) is kept
//! with the clocks' deadlines (`Hub::deadline`), and, for the clock keeper's look in the
//! store, noted in the game's row after every change of a rated game that has not had both
//! first moves yet.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use super::Hub;
use crate::domain::clock::{now_ms, Clock};
use crate::domain::ids::GameId;
use crate::domain::live::LiveGame;
use crate::domain::rated::{self, MIN_PLIES};
use crate::domain::Error;

/// The most missed ends [`Hub::record_missed_finishes`] records at one start.
const MISSED_AT_ONE_START: i64 = 10_000;

impl Hub {
    /// Records, in the background, the ends of finished games that never reached their
    /// accounts (see the module's notes): each account's result, a rated game's ratings
    /// (once, as always), and the index of the accounts' seats.
    pub fn record_missed_finishes(self: &Arc<Self>) {
        let hub = self.clone();
        tokio::spawn(async move {
            let ids = match hub.store.unrecorded_finishes(MISSED_AT_ONE_START).await {
                Ok(ids) => ids,
                Err(e) => {
                    tracing::error!("cannot look for games whose end was not recorded: {e:#}");
                    return;
                }
            };
            if !ids.is_empty() {
                tracing::info!(
                    "recording the end of {} games for their accounts (the server stopped before)",
                    ids.len()
                );
            }
            for id in ids {
                let recorded = async {
                    let id = GameId::parse(&id)?;
                    let handle = hub.get(&id).await?;
                    let live = handle.lock().await;
                    hub.index_accounts(&id, &live.table.seats).await;
                    if let Some(finished) = rated::finished(&live) {
                        hub.store
                            .record_finish(&finished, now_ms())
                            .await
                            .map_err(Error::storage)?;
                    }
                    Ok::<(), Error>(())
                };
                if let Err(e) = recorded.await {
                    tracing::error!("game {id}: cannot record its end: {}", e.message);
                }
            }
        });
    }

    /// What follows a stored change of `live` for its accounts: when the change ended the
    /// game (it was not over before), each account's result and a rated game's ratings are
    /// stored; a rated game's abort deadline is noted. Failures are logged: the game itself is
    /// stored already.
    pub(super) async fn after_change(&self, live: &LiveGame, was_over: bool) {
        let ended = !was_over && live.is_over();
        if ended {
            if let Some(finished) = rated::finished(live) {
                if let Err(e) = self.store.record_finish(&finished, now_ms()).await {
                    tracing::error!(
                        "game {}: cannot record its end for its accounts: {e:#}",
                        live.id
                    );
                }
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

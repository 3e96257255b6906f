//! The flagger: ends a game on time when a running clock has fallen, and aborts a rated game
//! whose seat to move has let its time for a first move pass (lichess's no-show).
//!
//! An abort is a timed ending like a fallen flag: its deadline ([`rated::abort_at`]) is kept
//! with the clocks' deadlines (by the [`Committer`]), and, for the clock keeper's look in the
//! store, noted in the game's row after every change of a rated game that has not had both
//! first moves yet.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use tafel_core::record::Ending;
use tafel_core::Player;

use super::commit::Committer;
use super::HubStats;
use crate::domain::live::LiveGame;
use crate::domain::rated;
use crate::domain::Error;

/// Ends games on time and aborts rated games nobody started.
#[derive(Clone)]
pub struct Flagger {
    committer: Committer,
    stats: Arc<HubStats>,
    abort_after: Duration,
}

impl Flagger {
    /// A flagger storing its endings through `committer`, counting them in `stats`; a rated
    /// game's seat has `abort_after` for its first move (zero: no limit).
    pub(super) fn new(
        committer: Committer,
        stats: Arc<HubStats>,
        abort_after: Duration,
    ) -> Flagger {
        Flagger {
            committer,
            stats,
            abort_after,
        }
    }

    /// Ends `live` on time: `seat`'s clock fell.
    pub(super) async fn end_on_time(
        &self,
        live: &mut LiveGame,
        seat: usize,
        now: i64,
    ) -> Result<(), Error> {
        let ending = Ending::out_of_time(Player(seat as u8), &live.seat_names());
        let change = live.ending_change(ending, now);
        self.committer.commit(live, change).await?;
        self.stats.flags.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    /// Aborts rated game `live` if the seat to move has let its time for a first move pass;
    /// returns whether it did.
    pub(super) async fn abort_if_due(&self, live: &mut LiveGame, now: i64) -> Result<bool, Error> {
        let Some(ending) = rated::abort_due(live, self.abort_after, now) else {
            return Ok(false);
        };
        let change = live.ending_change(ending, now);
        self.committer.commit(live, change).await?;
        self.stats.aborts.fetch_add(1, Ordering::Relaxed);
        Ok(true)
    }

    /// Aborts `live` if its first move is overdue, else ends it on time if its running clock
    /// has fallen, else schedules the keeper's next look at it. A conflict (another instance
    /// changed the game first, and decided) is no failure; a failure is logged, and the
    /// keeper's next look in the store tries again.
    pub(super) async fn flag(&self, live: &mut LiveGame) {
        let now = self.committer.now_ms();
        match self.abort_if_due(live, now).await {
            Ok(true) => return,
            Ok(false) => {}
            Err(e) if e.is_conflict() => return,
            Err(e) => {
                tracing::error!("cannot abort game {}: {}", live.id, e.message);
                return;
            }
        }
        match live.fallen(now) {
            Some(seat) => match self.end_on_time(live, seat, now).await {
                Ok(()) => {}
                // Another instance changed the game first (it ended it on time, or a move
                // arrived in time there): that instance decided.
                Err(e) if e.is_conflict() => {}
                Err(e) => tracing::error!("cannot end game {} on time: {}", live.id, e.message),
            },
            None => self.committer.reschedule(live),
        }
    }
}

#[cfg(test)]
mod tests;

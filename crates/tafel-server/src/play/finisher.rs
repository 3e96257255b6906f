//! The finisher: the one place where a game's end is followed by its work (each account's
//! result, a rated game's ratings, a tournament board's score), and the one source of the
//! event that a game ended, which tournaments and bots' streams follow.
//!
//! The end itself is filed in the store's outbox with the change that ends the game
//! ([`crate::store::finishes`]). The finisher does the ends waiting there, oldest first, each
//! in one transaction, and stops at the first that fails, so that no end is done before one
//! that came earlier: right after a change of this instance ended a game
//! ([`Finisher::finish_waiting`], called by the [`Committer`](super::commit::Committer)), and in the
//! background when woken, after a failure (again and again, waiting longer each time up to
//! [`RETRY_MAX`]) and every [`LOOK_AGAIN`] (ends another instance filed and could not do,
//! having stopped). An end whose game cannot be read or replayed cannot be worked out, then or
//! ever: it is set aside with the reason (logged, and kept in the outbox's row) instead of
//! holding up every end after it.
//!
//! Every end done is announced on [`Finisher::subscribe`]'s channel, by this instance or, on
//! PostgreSQL, by another (`Finisher::heard`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use tokio::sync::{broadcast, Mutex, Notify};

use crate::domain::game::StoredGame;
use crate::domain::live::LiveGame;
use crate::domain::rated;
use crate::domain::tournament::game::scored_of;
use crate::store::finishes::{EndWork, WaitingEnd};
use crate::store::Store;

/// The first wait after a failed end, doubled after each failure up to [`RETRY_MAX`].
pub const RETRY_FIRST: Duration = Duration::from_millis(250);

/// The longest wait between two attempts at a failing end.
pub const RETRY_MAX: Duration = Duration::from_secs(30);

/// How often the finisher looks for waiting ends nobody woke it for.
pub const LOOK_AGAIN: Duration = Duration::from_secs(30);

/// Ends read from the outbox at a time.
const ENDS_AT_A_TIME: i64 = 64;

/// Does the work of games' ends, in order, and tells who follows them.
pub struct Finisher {
    store: Store,
    /// Held while ends are done, so that this instance does them one at a time, in order.
    turn: Mutex<()>,
    ended: broadcast::Sender<String>,
    wake: Arc<Notify>,
    stopped: AtomicBool,
}

/// Why the ends waiting were not all done.
#[derive(Debug)]
pub struct NotFinished {
    /// The game whose end failed (the ends after it wait for it).
    pub game_id: String,
    /// What failed.
    pub error: anyhow::Error,
}

impl Finisher {
    /// A finisher over `store`, with its background task started.
    pub fn new(store: Store) -> Arc<Finisher> {
        let finisher = Arc::new(Finisher {
            store,
            turn: Mutex::new(()),
            ended: broadcast::channel(256).0,
            wake: Arc::new(Notify::new()),
            stopped: AtomicBool::new(false),
        });
        tokio::spawn(keep_finishing(
            Arc::downgrade(&finisher),
            finisher.wake.clone(),
        ));
        finisher
    }

    /// The ids of the games whose end is done from now on, by any instance.
    pub fn subscribe(&self) -> broadcast::Receiver<String> {
        self.ended.subscribe()
    }

    /// Another instance did game `id`'s end.
    pub(crate) fn heard(&self, id: String) {
        // Nobody listening is no failure.
        let _ = self.ended.send(id);
    }

    /// Asks the background task to look at the outbox now.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Stops the background task.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::Release);
        self.wake.notify_one();
    }

    /// Does the ends waiting, oldest first, until none waits or one fails; returns how many
    /// this call did.
    pub async fn finish_waiting(&self) -> Result<usize, NotFinished> {
        self.finish_all(None).await
    }

    /// [`Finisher::finish_waiting`] right after a change ended `live` here: its end's work
    /// is taken from `live` rather than from its game replayed.
    pub async fn finish_ended(&self, live: &LiveGame) -> Result<usize, NotFinished> {
        self.finish_all(Some((live.id.as_str(), work_of_live(live))))
            .await
    }

    /// Does the ends waiting in order; `known`: one game's end's work, worked out already.
    /// Then sets the outbox's backlog gauge (`/metrics`) to the ends still waiting.
    async fn finish_all(&self, known: Option<(&str, EndWork)>) -> Result<usize, NotFinished> {
        let _turn = self.turn.lock().await;
        let done = self.finish_in_order(known).await;
        match self.store.ends_backlog().await {
            Ok(waiting) => self.store.meters().outbox_backlog.set(waiting),
            Err(e) => tracing::warn!("cannot count the ends waiting: {e:#}"),
        }
        done
    }

    /// [`Finisher::finish_all`]'s work, under its turn.
    async fn finish_in_order(&self, known: Option<(&str, EndWork)>) -> Result<usize, NotFinished> {
        let mut done = 0;
        loop {
            let waiting = self
                .store
                .waiting_ends(ENDS_AT_A_TIME)
                .await
                .map_err(|error| NotFinished {
                    game_id: String::new(),
                    error,
                })?;
            if waiting.is_empty() {
                return Ok(done);
            }
            for end in &waiting {
                let work = known.as_ref().filter(|(id, _)| *id == end.game_id);
                if self.finish(end, work.map(|(_, work)| work)).await? {
                    done += 1;
                }
            }
        }
    }

    /// Does `end` (with its `known` work, else the work of its game replayed), or sets it
    /// aside if its work cannot be worked out; whether this instance did it (rather than
    /// another one first).
    async fn finish(&self, end: &WaitingEnd, known: Option<&EndWork>) -> Result<bool, NotFinished> {
        let failed = |error: anyhow::Error| NotFinished {
            game_id: end.game_id.clone(),
            error,
        };
        let work = match known {
            Some(work) => work.clone(),
            None => match self.store.load(&end.game_id).await {
                Err(error) => {
                    self.note_failure(end, &error).await;
                    return Err(failed(error));
                }
                Ok(stored) => match work_of(stored).await {
                    Ok(work) => work,
                    Err(reason) => {
                        tracing::error!(
                            "game {}: its end is set aside, its work cannot be worked out: \
                             {reason:#}",
                            end.game_id
                        );
                        return match self.store.set_end_aside(end, &format!("{reason:#}")).await {
                            Ok(()) => Ok(false),
                            Err(error) => Err(failed(error)),
                        };
                    }
                },
            },
        };
        match self.store.finish_end(end, &work).await {
            Ok(Some(_)) => {
                // Nobody listening is no failure.
                let _ = self.ended.send(end.game_id.clone());
                Ok(true)
            }
            Ok(None) => Ok(false),
            Err(error) => {
                self.note_failure(end, &error).await;
                Err(failed(error))
            }
        }
    }

    /// Notes in the outbox that an attempt at `end` failed with `error`.
    async fn note_failure(&self, end: &WaitingEnd, error: &anyhow::Error) {
        if let Err(e) = self.store.end_failed(end, &format!("{error:#}")).await {
            tracing::warn!("game {}: cannot note its end's failure: {e:#}", end.game_id);
        }
    }
}

/// The work the end of `live` leaves.
fn work_of_live(live: &LiveGame) -> EndWork {
    EndWork {
        finished: rated::finished(live),
        scored: scored_of(live),
    }
}

/// The work the end of `stored` (`None`: a game not stored) leaves, from the game replayed
/// (off the async threads).
async fn work_of(stored: Option<StoredGame>) -> anyhow::Result<EndWork> {
    let stored = stored.ok_or_else(|| anyhow::anyhow!("the game is not stored"))?;
    tokio::task::spawn_blocking(move || {
        let live = LiveGame::from_stored(&stored)
            .map_err(|e| anyhow::anyhow!("cannot replay the game: {}", e.message))?;
        Ok(work_of_live(&live))
    })
    .await?
}

/// The finisher's background task: does the ends waiting when woken, after a failure (waiting
/// longer after each, from [`RETRY_FIRST`] to [`RETRY_MAX`]) and every [`LOOK_AGAIN`],
/// until the finisher stops or is gone.
async fn keep_finishing(finisher: Weak<Finisher>, wake: Arc<Notify>) {
    let mut retry = RETRY_FIRST;
    loop {
        let wait = {
            let Some(finisher) = finisher.upgrade() else {
                return;
            };
            if finisher.stopped.load(Ordering::Acquire) {
                return;
            }
            match finisher.finish_waiting().await {
                Ok(_) => {
                    retry = RETRY_FIRST;
                    LOOK_AGAIN
                }
                Err(failed) => {
                    tracing::error!(
                        "game {}: cannot do its end (results, ratings), trying again in \
                         {retry:?}: {:#}",
                        failed.game_id,
                        failed.error
                    );
                    let wait = retry;
                    retry = (retry * 2).min(RETRY_MAX);
                    wait
                }
            }
        };
        tokio::select! {
            () = wake.notified() => {}
            () = tokio::time::sleep(wait) => {}
        }
    }
}

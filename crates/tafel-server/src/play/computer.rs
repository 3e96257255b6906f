//! The computer's turns: one task per game plays for its computer seats on the search pool,
//! and a restarted server resumes the games whose computer was to move.
//!
//! A move in a game with a person is a reply the person waits for ([`Class::Reply`]); in a
//! game without one (the computer against itself) it waits behind every person's search
//! ([`Class::Unattended`]), and one client address may have at most
//! [`HubLimits::unattended_per_address`](super::HubLimits::unattended_per_address) such games
//! running. The searches of one address take turns with other addresses'.

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Duration;

use tafel_core::{DynGame, DynPosition};
use tokio::sync::broadcast;

use super::viewers::Event;
use super::{GameHandle, Hub};
use crate::compute::computer::{choose, MOVE_TIME_CAP};
use crate::compute::pool::{Class, JobOutcome, Owner, Ticket};
use crate::domain::ids::GameId;
use crate::domain::live::{LiveGame, Version};
use crate::domain::seat::SeatKind;
use crate::domain::Error;
use crate::msg;

/// How often the computer tries to move before it gives up and shows the error.
pub const COMPUTER_ATTEMPTS: u32 = 3;

impl Hub {
    /// Starts the task that plays for computer seats while one is to move in this game,
    /// unless one runs already. If the task fails in an unforeseen way (a panic), the game is
    /// marked with the error instead of staying "thinking" for ever.
    pub fn wake_computer(self: &Arc<Self>, handle: GameHandle) {
        let hub = self.clone();
        tokio::spawn(async move {
            let turns = tokio::spawn(hub.clone().computer_turns(handle.clone()));
            let ended = turns.await;
            // A task that found another one playing leaves that one's lease alone.
            if hub.store.is_shared() && !matches!(ended, Ok(false)) {
                let id = handle.lock().await.id.clone();
                if let Err(e) = hub.store.release_lease(&id).await {
                    tracing::warn!("game {id}: cannot give up the computer's lease: {e:#}");
                }
            }
            {
                // A game without a person whose computer stopped no longer counts as running.
                let live = handle.lock().await;
                if !live.thinking {
                    hub.unattended.end(live.origin, &live.id);
                }
            }
            if let Err(error) = ended {
                tracing::error!("the computer's task failed: {error}");
                hub.stats.computer_failures.fetch_add(1, Ordering::Relaxed);
                let failure = format!("the computer's task failed: {error}");
                hub.stop_thinking(&mut *handle.lock().await, Some(failure));
            }
        });
    }

    /// Plays for computer seats while one is to move (see the module documentation).
    /// Returns false if it did not start (another task plays, or nothing is to play).
    async fn computer_turns(self: Arc<Self>, handle: GameHandle) -> bool {
        {
            let mut live = handle.lock().await;
            if live.thinking || live.is_evicted() || !live.computer_to_move() {
                return false;
            }
            live.thinking = true;
            live.computer_error = None;
            self.tell(&live.id, Event::Changed);
        }
        let mut failures = 0;
        loop {
            // What to search, taken under the lock; "thinking" ends under the same lock that
            // sees nothing more to do, so that a move arriving meanwhile always finds either
            // this task still going or none.
            let turn = {
                let mut live = handle.lock().await;
                match Turn::of(&live, self.store.now_ms()) {
                    Some(turn) => turn,
                    None => {
                        self.stop_thinking(&mut live, None);
                        return true;
                    }
                }
            };
            if !self.lease(&handle).await {
                // Another instance plays this move (or the game changed there).
                self.stop_thinking(&mut *handle.lock().await, None);
                return true;
            }
            let mut changes = self.subscribe(&turn.id);
            let Turn {
                id,
                seat,
                rules,
                position,
                level,
                time_cap,
                version,
                ticket,
            } = turn;
            let searched = version.get();
            let watch = version.clone();
            let submitted = self.pool.submit(
                ticket,
                move || watch.changed_since(searched),
                move || choose(rules.as_ref(), position.as_ref(), level, time_cap),
            );
            let search = match submitted {
                Ok(search) => search,
                Err(full) => {
                    // The next request for the game starts the computer again.
                    tracing::warn!("game {id}: {full}");
                    self.stop_thinking(&mut *handle.lock().await, None);
                    return true;
                }
            };
            // Stop waiting as soon as the game changes: the result would be dropped anyway.
            let changed = async {
                while !version.changed_since(searched) {
                    if let Err(broadcast::error::RecvError::Closed) = changes.recv().await {
                        std::future::pending::<()>().await;
                    }
                }
            };
            let outcome = tokio::select! {
                outcome = search => outcome,
                () = changed => JobOutcome::Cancelled,
            };
            let failure = match outcome {
                JobOutcome::Cancelled => {
                    self.stats.stale_searches.fetch_add(1, Ordering::Relaxed);
                    continue;
                }
                JobOutcome::Panicked(message) => format!("the search failed: {message}"),
                JobOutcome::Done(Err(error)) => error.to_string(),
                JobOutcome::Done(Ok(mv)) => {
                    let mut live = handle.lock().await;
                    if live.version().changed_since(searched) {
                        self.stats.stale_searches.fetch_add(1, Ordering::Relaxed);
                        continue;
                    }
                    match self.mover.play_for(&mut live, seat, &mv).await {
                        Ok(()) => {
                            self.stats.computer_moves.fetch_add(1, Ordering::Relaxed);
                            failures = 0;
                            continue;
                        }
                        // Its time ran out before the move: the game is over; or another
                        // instance changed the game first and this copy left memory.
                        Err(_) if live.is_over() || live.is_evicted() => continue,
                        Err(e) => format!("its move {mv} could not be stored: {}", e.message),
                    }
                }
            };
            failures += 1;
            self.stats.computer_failures.fetch_add(1, Ordering::Relaxed);
            tracing::error!(
                "game {id}: the computer could not move (attempt {failures} of {COMPUTER_ATTEMPTS}): {failure}"
            );
            if failures >= COMPUTER_ATTEMPTS {
                self.stop_thinking(&mut *handle.lock().await, Some(failure));
                return true;
            }
            tokio::time::sleep(RETRY_PAUSE * failures).await;
        }
    }

    /// The computer stops thinking in `live` (with the error that made it give up, if any),
    /// and the viewers are told.
    fn stop_thinking(&self, live: &mut LiveGame, error: Option<String>) {
        live.thinking = false;
        if error.is_some() {
            live.computer_error = error;
        }
        self.tell(&live.id, Event::Changed);
    }

    /// Whether this instance may play the computer's move in the game behind `handle` now:
    /// always on SQLite; on a shared database, if it took the lease for the game's stored
    /// version (see [`LEASE`](crate::store::LEASE)).
    async fn lease(&self, handle: &GameHandle) -> bool {
        if !self.store.is_shared() {
            return true;
        }
        let (id, version) = {
            let live = handle.lock().await;
            (live.id.clone(), live.stored_version)
        };
        match self
            .store
            .take_lease(&id, version, self.store.now_ms())
            .await
        {
            Ok(taken) => taken,
            Err(e) => {
                tracing::warn!("game {id}: cannot take the computer's lease: {e:#}");
                false
            }
        }
    }

    /// Resumes, in the background, the games whose computer seat was to move when the server
    /// stopped: loads them a few at a time (loading starts the computer), so that neither
    /// memory nor the search queue fills at once.
    pub fn resume(self: &Arc<Self>) {
        let weak: Weak<Hub> = Arc::downgrade(self);
        tokio::spawn(async move {
            let ids = match weak.upgrade() {
                Some(hub) => hub.store.computer_to_move().await,
                None => return,
            };
            let ids = match ids {
                Ok(ids) => ids,
                Err(e) => {
                    tracing::error!("cannot list the games to resume: {e:#}");
                    return;
                }
            };
            if !ids.is_empty() {
                tracing::info!("resuming {} games whose computer is to move", ids.len());
            }
            for id in ids {
                let Some(hub) = weak.upgrade() else { return };
                while hub.pool.queued() >= hub.pool.threads() * 2 {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                match hub.get_listed(&id).await {
                    Ok(handle) => {
                        let waiting = handle.lock().await.computer_to_move();
                        if !waiting {
                            if let Err(e) = hub.store.set_computer_to_move(&id, false).await {
                                tracing::warn!("game {id}: {e:#}");
                            }
                        }
                    }
                    Err(e) => tracing::error!("cannot resume game {id}: {}", e.message),
                }
                // Let the game's computer task queue its search before the next one loads.
                tokio::task::yield_now().await;
            }
        });
    }
}

/// What the computer searches for one move, taken from the game under its lock.
struct Turn {
    id: GameId,
    seat: usize,
    rules: Arc<dyn DynGame>,
    position: Box<dyn DynPosition>,
    level: u8,
    time_cap: Duration,
    version: Version,
    /// A reply to a person, or a move in a game without one, and for whom.
    ticket: Ticket,
}

impl Turn {
    /// The computer's turn in `live` at `now_ms`, if a computer seat is to move in a copy still in memory.
    fn of(live: &LiveGame, now_ms: i64) -> Option<Turn> {
        let seat = live.seat_to_move()?;
        if live.is_evicted() || live.table.seats[seat].kind != SeatKind::Computer {
            return None;
        }
        // On the clock, the computer thinks for a share of its time left.
        let time_cap = live.table.clock.as_ref().map_or(MOVE_TIME_CAP, |clock| {
            clock.thinking_time(seat, now_ms, MOVE_TIME_CAP)
        });
        let class = if live.table.seats.iter().any(|s| s.kind.is_person()) {
            Class::Reply
        } else {
            Class::Unattended
        };
        let owner = live
            .origin
            .map_or_else(|| Owner::Game(live.id.to_string()), Owner::Address);
        Some(Turn {
            ticket: Ticket::new(class, owner),
            id: live.id.clone(),
            seat,
            rules: live.game.clone(),
            position: live.current().clone_box(),
            level: live.table.seats[seat].level.unwrap_or(1),
            time_cap,
            version: live.version().clone(),
        })
    }
}

/// The pause after the computer's first failure (doubled, tripled... after the next).
const RETRY_PAUSE: Duration = Duration::from_secs(1);

/// The games without a person running (their computer playing), by the address that created
/// them, so that one address cannot fill the background lane.
#[derive(Default)]
pub(super) struct Unattended(Mutex<HashMap<IpAddr, HashSet<String>>>);

impl Unattended {
    fn lock(&self) -> MutexGuard<'_, HashMap<IpAddr, HashSet<String>>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts game `id` as running for `owner`, unless `owner` has `limit` running already.
    pub(super) fn start(&self, owner: IpAddr, id: &str, limit: usize) -> Result<(), Error> {
        let mut running = self.lock();
        let games = running.entry(owner).or_default();
        if games.len() >= limit {
            return Err(Error::quota(msg!(
                "this-address-has-count-games-of",
                count = games.len()
            )));
        }
        games.insert(id.to_string());
        Ok(())
    }

    /// Game `id` of `owner` no longer runs (or never started).
    pub(super) fn end(&self, owner: Option<IpAddr>, id: &str) {
        let Some(owner) = owner else { return };
        let mut running = self.lock();
        if let Some(games) = running.get_mut(&owner) {
            games.remove(id);
            if games.is_empty() {
                running.remove(&owner);
            }
        }
    }
}

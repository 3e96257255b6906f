//! Games in memory: loaded from the store on demand (once, however many ask at the same
//! time), kept within the limit, and let go when idle or stale.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{Mutex, OnceCell, OwnedMutexGuard};

use super::{GameHandle, Games, Hub};
use crate::domain::clock::Clock;
use crate::domain::ids::GameId;
use crate::domain::live::LiveGame;
use crate::domain::Error;
use crate::msg;

/// Whether a game's copy in memory is compared with the stored version before it is used,
/// on a shared database (on SQLite this instance is the only writer, and a copy is current).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Check {
    /// Compared (a round trip on PostgreSQL): what reads and most changes need, since another
    /// instance may have changed the game a moment ago and not yet been heard.
    Version,
    /// Used as kept: for a change that the store writes only over the copy's version, so that
    /// a stale copy's change is refused rather than stored (`play/moves.rs`).
    Skip,
}

/// A game's place in memory: loaded (or being loaded) once, used at `last_used`.
pub(super) struct Slot {
    pub(super) cell: Arc<OnceCell<GameHandle>>,
    pub(super) last_used: Instant,
}

impl Hub {
    pub(super) fn lock_games(&self) -> std::sync::MutexGuard<'_, Games> {
        // Nothing panics while holding this lock; a poisoned map is still consistent.
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The game with this id, loaded from storage if it is not in memory. If a computer seat
    /// is to move and nothing plays for it (the game was just loaded, or its task ended
    /// because the queue was full), its task is started.
    pub async fn get(self: &Arc<Self>, id: &GameId) -> Result<GameHandle, Error> {
        self.get_as(id, Check::Version).await
    }

    /// [`Hub::get`], with the copy in memory checked against the stored version or not.
    pub(super) async fn get_as(
        self: &Arc<Self>,
        id: &GameId,
        check: Check,
    ) -> Result<GameHandle, Error> {
        let cell = {
            let mut games = self.lock_games();
            let slot = games.slots.entry(id.to_string()).or_insert_with(|| Slot {
                cell: Arc::new(OnceCell::new()),
                last_used: Instant::now(),
            });
            slot.last_used = Instant::now();
            slot.cell.clone()
        };
        if let Some(handle) = cell.get() {
            if check == Check::Version && self.store.is_shared() && !self.is_current(handle).await?
            {
                // Stale, and out of memory now: load the stored game instead.
                return Box::pin(self.get_as(id, check)).await;
            }
            let owed = handle
                .try_lock()
                .is_ok_and(|live| live.computer_owed() && live.computer_error.is_none());
            if owed {
                self.wake_computer(handle.clone());
            }
            return Ok(handle.clone());
        }
        let loaded_here = AtomicBool::new(false);
        let result = cell
            .get_or_try_init(|| async {
                loaded_here.store(true, Ordering::Relaxed);
                self.load(id).await
            })
            .await
            .cloned();
        match result {
            Ok(handle) => {
                if loaded_here.load(Ordering::Relaxed) {
                    self.stats.loaded.fetch_add(1, Ordering::Relaxed);
                    self.trim();
                    self.wake_computer(handle.clone());
                }
                Ok(handle)
            }
            Err(error) => {
                let mut games = self.lock_games();
                if games
                    .slots
                    .get(id.as_str())
                    .is_some_and(|slot| Arc::ptr_eq(&slot.cell, &cell) && !cell.initialized())
                {
                    games.remove(id);
                }
                Err(error)
            }
        }
    }

    /// Whether the game in memory behind `handle` is at the stored version; if not, it leaves
    /// memory. Only on a shared database.
    pub(super) async fn is_current(&self, handle: &GameHandle) -> Result<bool, Error> {
        let mut live = handle.lock().await;
        if live.is_evicted() {
            return Ok(false);
        }
        let stored = self.store.version(&live.id).await.map_err(Error::storage)?;
        if stored == Some(live.stored_version) {
            return Ok(true);
        }
        self.forget(&mut live, handle);
        Ok(false)
    }

    /// [`Hub::get`] for an id the store listed (a game to resume, to take over, or whose
    /// clock falls): checked like a client's.
    pub(super) async fn get_listed(self: &Arc<Self>, id: &str) -> Result<GameHandle, Error> {
        self.get(&GameId::parse(id)?).await
    }

    pub(super) async fn load(&self, id: &GameId) -> Result<GameHandle, Error> {
        let stored = self
            .store
            .load(id)
            .await
            .map_err(Error::storage)?
            .ok_or_else(|| Error::not_found(msg!("no-game-id", id)))?;
        let live = LiveGame::from_stored(&stored)?;
        self.lock_games().channel(id);
        self.schedule
            .set(id, live.table.clock.as_ref().and_then(Clock::flag_at));
        Ok(Arc::new(Mutex::new(live)))
    }

    /// The game locked for a change: never a copy that has left memory.
    pub(super) async fn lock_game(
        self: &Arc<Self>,
        id: &GameId,
    ) -> Result<(GameHandle, OwnedMutexGuard<LiveGame>), Error> {
        self.lock_game_as(id, Check::Version).await
    }

    /// [`Hub::lock_game`], with the copy in memory checked against the stored version or not.
    pub(super) async fn lock_game_as(
        self: &Arc<Self>,
        id: &GameId,
        check: Check,
    ) -> Result<(GameHandle, OwnedMutexGuard<LiveGame>), Error> {
        for _ in 0..3 {
            let handle = self.get_as(id, check).await?;
            let live = handle.clone().lock_owned().await;
            if !live.is_evicted() {
                return Ok((handle, live));
            }
        }
        Err(Error::busy(msg!("server-is-too-busy-to-keep")))
    }

    /// Takes `live` (locked, held by `handle`) out of memory: it is stale.
    pub(super) fn forget(&self, live: &mut LiveGame, handle: &GameHandle) {
        if live.is_evicted() {
            return;
        }
        live.evict();
        let mut games = self.lock_games();
        let same = games
            .slots
            .get(live.id.as_str())
            .and_then(|s| s.cell.get())
            .is_some_and(|h| Arc::ptr_eq(h, handle));
        if same {
            games.remove(&live.id);
        }
    }

    /// Lets the least recently used games leave memory while there are more than the limit,
    /// finished ones first. Games the computer is thinking in stay, and so do games locked
    /// right now (they are in use).
    pub(super) fn trim(&self) {
        let mut games = self.lock_games();
        if games.slots.len() <= self.limits.games_in_memory {
            return;
        }
        let mut candidates: Vec<_> = games
            .slots
            .iter()
            .filter_map(|(id, slot)| {
                let live = slot.cell.get()?.try_lock().ok()?;
                let unfinished = live.seat_to_move().is_some();
                (!live.thinking).then(|| ((unfinished, slot.last_used), id.clone()))
            })
            .collect();
        candidates.sort();
        for (_, id) in candidates {
            if games.slots.len() <= self.limits.games_in_memory {
                break;
            }
            if self.evict(&mut games, &id, |_| true) {
                self.stats.evicted.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// Lets games nobody asked for within the idle time leave memory, unless the computer
    /// thinks in them.
    pub(super) fn sweep_idle(&self) {
        let now = Instant::now();
        let mut games = self.lock_games();
        let idle: Vec<String> = games
            .slots
            .iter()
            .filter(|(_, slot)| now.duration_since(slot.last_used) >= self.limits.game_idle)
            .map(|(id, _)| id.clone())
            .collect();
        for id in idle {
            if self.evict(&mut games, &id, |live| !live.thinking) {
                self.stats.evicted.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// Takes game `id` out of memory if it is loaded, not locked, and `may(game)`; marks the
    /// copy first, so that nobody changes it afterwards.
    fn evict(&self, games: &mut Games, id: &str, may: impl Fn(&LiveGame) -> bool) -> bool {
        let Some(handle) = games
            .slots
            .get(id)
            .and_then(|slot| slot.cell.get())
            .cloned()
        else {
            return false;
        };
        let Ok(mut live) = handle.try_lock() else {
            return false;
        };
        if !may(&live) {
            return false;
        }
        live.evict();
        drop(live);
        games.remove(id);
        true
    }
}

/// Starts the task that lets idle games leave memory (and returns freed memory to the
/// system), as long as the hub lives and is not stopped.
pub(super) fn sweep(hub: &Arc<Hub>) {
    let weak = Arc::downgrade(hub);
    let period = (hub.limits.game_idle / 4).clamp(Duration::from_millis(100), MAX_SWEEP);
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(period).await;
            let Some(hub) = weak.upgrade().filter(|h| !h.is_stopped()) else {
                return;
            };
            hub.sweep_idle();
            hub.trim();
            release_free_memory();
        }
    });
}

/// Hands memory the allocator keeps free back to the operating system, so that what closed
/// connections and games that left memory took does not stay with the process (glibc keeps
/// freed memory in its arenas otherwise).
fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks the allocator's own free lists.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The longest pause between two looks for idle games.
const MAX_SWEEP: Duration = Duration::from_secs(30);

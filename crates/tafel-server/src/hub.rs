//! The games in play, by id: loading them from storage on demand and letting them leave memory
//! again, changing them (moves, dice, undo) with every change stored before it is applied, and
//! playing for computer seats on the [`SearchPool`].
//!
//! - **Memory.** At most [`HubLimits::games_in_memory`] games stay loaded; past that, the
//!   least recently used leave (finished ones first), and a game nobody has asked for within
//!   [`HubLimits::game_idle`] leaves too. A game the computer is thinking in stays until it
//!   has moved: such a game has a search queued or running (at most
//!   [`HubLimits::search_queue`] plus the pool's threads) or pauses a few seconds between
//!   failed attempts, so the excess over the limit stays small and passes. A game that left
//!   comes back from the store on the next request. A copy that left is marked
//!   ([`LiveGame::evict`]): whoever still holds it finds the game again through the hub before
//!   changing anything.
//! - **Viewers** ([`Watch`]) subscribe to a game's changes by id, through a channel that
//!   outlives the game's time in memory: a watched game may leave memory, and its viewers
//!   hear of the next change made to it after it is loaded again.
//! - **Computer seats.** One task per game at most plays while a computer seat is to move. Its
//!   search runs on the pool with the game's [`Version`](crate::live::Version) as cancellation
//!   check, and its move is applied only if the version is still the one searched: an undo,
//!   a new move or the game leaving memory drops it. A failed search or store is logged and
//!   retried; after [`COMPUTER_ATTEMPTS`] failures the game shows the error
//!   (`computer_error`) until a change wakes the computer again or the game is reloaded. When
//!   the queue is full the task ends, and the next request for the game starts it again.
//! - **Restart.** [`Hub::resume`] looks, in the background, only at the games whose computer
//!   was to move, a few at a time.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use tafel_core::Player;
use tokio::sync::{broadcast, Mutex, OnceCell, OwnedMutexGuard};

use crate::error::ApiError;
use crate::live::{new_id, LiveGame};
use crate::pool::{JobOutcome, SearchPool};
use crate::seat::{SeatKind, SeatRequest};
use crate::store::{Store, StoredGame};

/// A shared handle to one game in play.
pub type GameHandle = Arc<Mutex<LiveGame>>;

/// How often the computer tries to move before it gives up and shows the error.
pub const COMPUTER_ATTEMPTS: u32 = 3;

/// The hub's limits (see [`crate::Limits`] for the defaults and why).
#[derive(Clone, Debug)]
pub struct HubLimits {
    /// Games kept in memory at most.
    pub games_in_memory: usize,
    /// A game nobody asked for in this long leaves memory.
    pub game_idle: Duration,
    /// Searches running at once (the pool's threads).
    pub searches: usize,
    /// Searches waiting at most.
    pub search_queue: usize,
}

/// Counts of what the hub did, for tests, logs and measurements.
#[derive(Debug, Default)]
pub struct HubStats {
    /// Games loaded from the store.
    pub loaded: AtomicU64,
    /// Games that left memory.
    pub evicted: AtomicU64,
    /// Moves the computer played.
    pub computer_moves: AtomicU64,
    /// Searches whose result was dropped because the game changed meanwhile.
    pub stale_searches: AtomicU64,
    /// Failed attempts of the computer to move (search or storage errors).
    pub computer_failures: AtomicU64,
}

/// A game's place in memory: loaded (or being loaded) once, used at `last_used`.
struct Slot {
    cell: Arc<OnceCell<GameHandle>>,
    last_used: Instant,
}

/// The games in memory, and the change channels of every game in memory or watched. A game in
/// memory always has its channel here (its [`LiveGame::changed`]); a channel is dropped only
/// when its game is not in memory and nobody watches it.
#[derive(Default)]
struct Games {
    slots: HashMap<String, Slot>,
    channels: HashMap<String, broadcast::Sender<()>>,
}

impl Games {
    /// The change channel of game `id`, made if it has none.
    fn channel(&mut self, id: &str) -> broadcast::Sender<()> {
        self.channels
            .entry(id.to_string())
            .or_insert_with(|| broadcast::channel(16).0)
            .clone()
    }

    /// Takes game `id` out of memory, and its channel if nobody watches.
    fn remove(&mut self, id: &str) {
        self.slots.remove(id);
        if self
            .channels
            .get(id)
            .is_some_and(|c| c.receiver_count() == 0)
        {
            self.channels.remove(id);
        }
    }
}

/// A viewer's subscription to a game's changes; it ends when dropped.
pub struct Watch {
    hub: Arc<Hub>,
    id: String,
    changes: Option<broadcast::Receiver<()>>,
}

impl Watch {
    /// Waits for the next change of the game (several changes in a row may come as one).
    /// Never returns while the game has no change.
    pub async fn changed(&mut self) {
        let Some(changes) = self.changes.as_mut() else {
            return std::future::pending().await;
        };
        match changes.recv().await {
            Ok(()) | Err(broadcast::error::RecvError::Lagged(_)) => {}
            Err(broadcast::error::RecvError::Closed) => std::future::pending().await,
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        drop(self.changes.take());
        let mut games = self.hub.lock_games();
        if !games.slots.contains_key(&self.id)
            && games
                .channels
                .get(&self.id)
                .is_some_and(|c| c.receiver_count() == 0)
        {
            games.channels.remove(&self.id);
        }
    }
}

/// The games in play and the database behind them.
pub struct Hub {
    store: Store,
    games: std::sync::Mutex<Games>,
    pool: SearchPool,
    limits: HubLimits,
    stats: HubStats,
}

impl Hub {
    /// A hub over `store`; it also starts the task that lets idle games leave memory (and
    /// returns freed memory to the system).
    pub fn new(store: Store, limits: HubLimits) -> Arc<Hub> {
        let hub = Arc::new(Hub {
            store,
            games: std::sync::Mutex::new(Games::default()),
            pool: SearchPool::new(limits.searches, limits.search_queue),
            limits,
            stats: HubStats::default(),
        });
        let weak = Arc::downgrade(&hub);
        let period = (hub.limits.game_idle / 4).clamp(Duration::from_millis(100), MAX_SWEEP);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(period).await;
                let Some(hub) = weak.upgrade() else { return };
                hub.sweep_idle();
                hub.trim();
                release_free_memory();
            }
        });
        hub
    }

    /// The database.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The threads that run the computer's searches.
    pub fn pool(&self) -> &SearchPool {
        &self.pool
    }

    /// What the hub did so far.
    pub fn stats(&self) -> &HubStats {
        &self.stats
    }

    /// The number of games in memory now.
    pub fn games_in_memory(&self) -> usize {
        self.lock_games().slots.len()
    }

    /// The number of change channels kept (games in memory or watched).
    pub fn channels(&self) -> usize {
        self.lock_games().channels.len()
    }

    /// Subscribes to the changes of game `id` (which need not be in memory).
    pub fn watch(self: &Arc<Self>, id: &str) -> Watch {
        let changes = self.lock_games().channel(id).subscribe();
        Watch {
            hub: self.clone(),
            id: id.to_string(),
            changes: Some(changes),
        }
    }

    fn lock_games(&self) -> std::sync::MutexGuard<'_, Games> {
        // Nothing panics while holding this lock; a poisoned map is still consistent.
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The game with this id, loaded from storage if it is not in memory. If a computer seat
    /// is to move and nothing plays for it (the game was just loaded, or its task ended
    /// because the queue was full), its task is started.
    pub async fn get(self: &Arc<Self>, id: &str) -> Result<GameHandle, ApiError> {
        if !plausible_id(id) {
            return Err(ApiError::not_found(format!("no game `{}`", shorten(id))));
        }
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
                    .get(id)
                    .is_some_and(|slot| Arc::ptr_eq(&slot.cell, &cell) && !cell.initialized())
                {
                    games.remove(id);
                }
                Err(error)
            }
        }
    }

    async fn load(&self, id: &str) -> Result<GameHandle, ApiError> {
        let stored = self
            .store
            .load(id)
            .await
            .map_err(ApiError::internal)?
            .ok_or_else(|| ApiError::not_found(format!("no game `{id}`")))?;
        let mut live = LiveGame::from_stored(&stored)?;
        live.changed = self.lock_games().channel(id);
        Ok(Arc::new(Mutex::new(live)))
    }

    /// The game locked for a change: never a copy that has left memory.
    async fn lock_game(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<(GameHandle, OwnedMutexGuard<LiveGame>), ApiError> {
        for _ in 0..3 {
            let handle = self.get(id).await?;
            let live = handle.clone().lock_owned().await;
            if !live.is_evicted() {
                return Ok((handle, live));
            }
        }
        Err(ApiError::unavailable(
            "the server is too busy to keep this game in memory; try again shortly",
        ))
    }

    /// Creates a game from a game name, settings, an optional start code and optional moves
    /// (an imported record), stores it, and starts its computer seats. Returns the id.
    pub async fn create(
        self: &Arc<Self>,
        game: &str,
        settings: Vec<(String, String)>,
        start: Option<String>,
        moves: Vec<String>,
        seats: &[SeatRequest],
    ) -> Result<String, ApiError> {
        let seats = seats
            .iter()
            .map(|s| s.to_stored(game))
            .collect::<Result<Vec<_>, _>>()?;
        let mut stored = StoredGame {
            id: new_id(),
            game: game.to_string(),
            settings,
            start,
            seats,
            moves,
        };
        // A new game is seen by nobody until it is stored, so its dice are rolled at once.
        let mut live = LiveGame::from_stored(&stored)?;
        let dice = live.continuation(None)?;
        live.extend(dice);
        stored.moves = live.moves.clone();
        self.store
            .create(&stored, &live.progress())
            .await
            .map_err(ApiError::internal)?;
        let handle = {
            let mut games = self.lock_games();
            live.changed = games.channel(&stored.id);
            let handle = Arc::new(Mutex::new(live));
            let slot = Slot {
                cell: Arc::new(OnceCell::new_with(Some(handle.clone()))),
                last_used: Instant::now(),
            };
            games.slots.insert(stored.id.clone(), slot);
            handle
        };
        self.trim();
        self.wake_computer(handle);
        Ok(stored.id)
    }

    /// Plays `text` for the seat holding `token`, if that seat is to move and `ply` (when given)
    /// is the current number of moves; then rolls the dice, stores everything, tells the
    /// viewers and lets a computer seat reply.
    pub async fn play(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        text: &str,
        ply: Option<usize>,
    ) -> Result<(), ApiError> {
        let (handle, mut live) = self.lock_game(id).await?;
        let seat = live
            .seat_of(token)
            .ok_or_else(|| ApiError::forbidden("that token holds no seat in this game"))?;
        if let Some(ply) = ply.filter(|&p| p != live.moves.len()) {
            return Err(ApiError::conflict(format!(
                "the game is at move {}, not {ply}; reload",
                live.moves.len()
            )));
        }
        match live.seat_to_move() {
            Some(s) if s == seat => {}
            Some(s) => {
                let name = live.game.player_name(Player(s as u8));
                return Err(ApiError::conflict(format!("it is {name}'s turn")));
            }
            None => return Err(ApiError::conflict("the game is over")),
        }
        self.commit(&mut live, text).await?;
        drop(live);
        self.wake_computer(handle);
        Ok(())
    }

    /// Takes back the last move of the seat holding `token`, with everything played after it.
    /// Allowed against the computer and at one screen, where nobody else's move is lost
    /// without their say; refused between people online. The shorter game is stored first
    /// and only then shown.
    pub async fn undo(self: &Arc<Self>, id: &str, token: &str) -> Result<(), ApiError> {
        let (handle, mut live) = self.lock_game(id).await?;
        let seat = live
            .seat_of(token)
            .ok_or_else(|| ApiError::forbidden("that token holds no seat in this game"))?;
        let has = |kind| live.seats.iter().any(|s| s.kind == kind);
        if has(SeatKind::Invite) && !has(SeatKind::Computer) {
            return Err(ApiError::conflict(
                "undo is for games against the computer or at one screen",
            ));
        }
        let keep = live.undo_point(seat)?;
        let progress = live.progress_after_undo(keep);
        self.store
            .truncate(id, keep, &progress)
            .await
            .map_err(ApiError::internal)?;
        live.truncate(keep);
        let _ = live.changed.send(());
        drop(live);
        self.wake_computer(handle);
        Ok(())
    }

    /// Plays a move and the dice after it: stores them, then applies them and tells the
    /// viewers. If storing fails, the store's transaction is rolled back and the game is
    /// unchanged here too.
    async fn commit(&self, live: &mut LiveGame, text: &str) -> Result<(), ApiError> {
        let first = live.moves.len();
        let continuation = live.continuation(Some(text))?;
        let progress = live.progress_after(&continuation);
        let started = Instant::now();
        self.store
            .append(&live.id, first, continuation.moves(), &progress)
            .await
            .map_err(ApiError::internal)?;
        let took = started.elapsed();
        if took > SLOW_STORE {
            tracing::warn!("storing a move of game {} took {took:?}", live.id);
        }
        live.extend(continuation);
        let _ = live.changed.send(());
        Ok(())
    }

    /// Lets the least recently used games leave memory while there are more than the limit,
    /// finished ones first. Games the computer is thinking in stay, and so do games locked
    /// right now (they are in use).
    fn trim(&self) {
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
    fn sweep_idle(&self) {
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

    /// Starts the task that plays for computer seats while one is to move in this game,
    /// unless one runs already. If the task fails in an unforeseen way (a panic), the game is
    /// marked with the error instead of staying "thinking" for ever.
    pub fn wake_computer(self: &Arc<Self>, handle: GameHandle) {
        let hub = self.clone();
        tokio::spawn(async move {
            let turns = tokio::spawn(hub.clone().computer_turns(handle.clone()));
            if let Err(error) = turns.await {
                tracing::error!("the computer's task failed: {error}");
                hub.stats.computer_failures.fetch_add(1, Ordering::Relaxed);
                let mut live = handle.lock().await;
                live.thinking = false;
                live.computer_error = Some(format!("the computer's task failed: {error}"));
                let _ = live.changed.send(());
            }
        });
    }

    /// Plays for computer seats while one is to move (see the module documentation).
    async fn computer_turns(self: Arc<Self>, handle: GameHandle) {
        {
            let mut live = handle.lock().await;
            if live.thinking || live.is_evicted() || !live.computer_to_move() {
                return;
            }
            live.thinking = true;
            live.computer_error = None;
            let _ = live.changed.send(());
        }
        let mut failures = 0;
        loop {
            // What to search, taken under the lock; "thinking" ends under the same lock that
            // sees nothing more to do, so that a move arriving meanwhile always finds either
            // this task still going or none.
            let (id, rules, position, level, version, mut changes) = {
                let mut live = handle.lock().await;
                let seat = match live.seat_to_move() {
                    Some(seat)
                        if !live.is_evicted() && live.seats[seat].kind == SeatKind::Computer =>
                    {
                        seat
                    }
                    _ => {
                        live.thinking = false;
                        let _ = live.changed.send(());
                        return;
                    }
                };
                (
                    live.id.clone(),
                    live.game.clone(),
                    live.current().clone_box(),
                    live.seats[seat].level.unwrap_or(1),
                    live.version().clone(),
                    live.changed.subscribe(),
                )
            };
            let searched = version.get();
            let watch = version.clone();
            let submitted = self.pool.submit(
                move || watch.get() != searched,
                move || crate::computer::choose(rules.as_ref(), position.as_ref(), level),
            );
            let search = match submitted {
                Ok(search) => search,
                Err(full) => {
                    // The next request for the game starts the computer again.
                    tracing::warn!("game {id}: {full}");
                    let mut live = handle.lock().await;
                    live.thinking = false;
                    let _ = live.changed.send(());
                    return;
                }
            };
            // Stop waiting as soon as the game changes: the result would be dropped anyway.
            let changed = async {
                while version.get() == searched {
                    if let Err(tokio::sync::broadcast::error::RecvError::Closed) =
                        changes.recv().await
                    {
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
                JobOutcome::Done(Err(message)) => message,
                JobOutcome::Done(Ok(mv)) => {
                    let mut live = handle.lock().await;
                    if live.version().get() != searched {
                        self.stats.stale_searches.fetch_add(1, Ordering::Relaxed);
                        continue;
                    }
                    match self.commit(&mut live, &mv).await {
                        Ok(()) => {
                            self.stats.computer_moves.fetch_add(1, Ordering::Relaxed);
                            failures = 0;
                            continue;
                        }
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
                let mut live = handle.lock().await;
                live.thinking = false;
                live.computer_error = Some(failure);
                let _ = live.changed.send(());
                return;
            }
            tokio::time::sleep(RETRY_PAUSE * failures).await;
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
                match hub.get(&id).await {
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

/// A store write slower than this is logged (the disk is the usual suspect).
const SLOW_STORE: Duration = Duration::from_millis(200);

/// The longest pause between two looks for idle games.
const MAX_SWEEP: Duration = Duration::from_secs(30);

/// The pause after the computer's first failure (doubled, tripled... after the next).
const RETRY_PAUSE: Duration = Duration::from_secs(1);

/// Whether `id` could be a game id (letters, digits, `-` and `_`, at most 64): anything else
/// is answered "no such game" without asking the store.
fn plausible_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// At most 64 characters of `text`, for error messages that echo input.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(64) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

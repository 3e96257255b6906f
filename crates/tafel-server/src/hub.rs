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
//! - **People.** Invitations are claimed once ([`Hub::join`]); resignations, draws and
//!   takebacks follow the consent rules of [`crate::consent`]; a rematch is one new game per
//!   finished game, whose seats each person of the old game fetches with their old token.
//! - **Clocks.** Every change settles the clocks (see [`crate::clock`]) and stores when the
//!   running clock falls. A keeper task ends games on time: it looks in the store every
//!   [`CLOCK_SCAN`] for flags falling within the next [`CLOCK_AHEAD`] (so games not in memory,
//!   or changed by another instance, are found too), keeps those deadlines and the ones of
//!   changes made here, and wakes at the earliest. A heartbeat in the store
//!   ([`HEARTBEAT`]) lets a restarted server credit its downtime to the running clocks.
//! - **Presence.** Each viewer counts as a spectator until it shows the tokens it holds
//!   (`hello` over its WebSocket); viewers are told who is online and how many watch.
//! - **Restart.** [`Hub::resume`] looks, in the background, only at the games whose computer
//!   was to move, a few at a time.
//! - **Several instances** (a shared database, [`Store::is_shared`]). A game in memory is
//!   checked against the stored version before it is served or changed, and leaves memory
//!   when another instance announces a change ([`Hub::follow`]); a change stored over a stale
//!   version is refused ([`Conflict`]) and the copy leaves memory. A computer seat plays only
//!   under the game's lease ([`LEASE`]), renewed with the heartbeat, which also takes over
//!   the computer games whose lease lapsed.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use serde::Serialize;
use tafel_core::record::Ending;
use tafel_core::Player;
use tokio::sync::{broadcast, Mutex, Notify, OnceCell, OwnedMutexGuard};
use utoipa::ToSchema;

use crate::analysis::{Analyses, Budget};
use crate::clock::{now_ms, Clock, TimeControl};
use crate::computer::MOVE_TIME_CAP;
use crate::consent::{Answer, Decided};
use crate::error::ApiError;
use crate::live::{constant_time_eq, new_id, Change, Event, LiveGame, Moves};
use crate::pool::{JobOutcome, SearchPool};
use crate::seat::{person_name, SeatKind, SeatRequest};
use crate::store::{Changes, Conflict, Heard, Store, StoredGame, StoredSeat, LEASE};

/// A shared handle to one game in play.
pub type GameHandle = Arc<Mutex<LiveGame>>;

/// How often the computer tries to move before it gives up and shows the error.
pub const COMPUTER_ATTEMPTS: u32 = 3;

/// How often a server says in the store that it is alive.
pub const HEARTBEAT: Duration = Duration::from_secs(1);

/// A silence of the store's heartbeat longer than this means no server was alive: a server
/// starting after it credits the downtime to the running clocks.
pub const SILENCE: Duration = Duration::from_secs(3);

/// How often the clock keeper looks in the store for flags about to fall.
pub const CLOCK_SCAN: Duration = Duration::from_secs(1);

/// How far ahead the clock keeper looks.
pub const CLOCK_AHEAD: Duration = Duration::from_secs(3);

/// Games without a living lease an instance takes over per heartbeat at most.
const TAKEOVERS: i64 = 20;

/// Deadlines the clock keeper holds at most (the soonest; the store has the others).
const MAX_DEADLINES: usize = 10_000;

/// Flags the keeper reads from the store per look at most.
const SCAN_LIMIT: i64 = 1_000;

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
    /// The search each position of an analysis gets.
    pub analysis: Budget,
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
    /// Games ended on time.
    pub flags: AtomicU64,
}

/// A game's place in memory: loaded (or being loaded) once, used at `last_used`.
struct Slot {
    cell: Arc<OnceCell<GameHandle>>,
    last_used: Instant,
}

/// Who watches a game: viewers by the seats they hold, and spectators.
#[derive(Default)]
struct Presence {
    seats: BTreeMap<usize, u32>,
    spectators: u32,
}

/// Who is online in a game, as its viewers are told.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct PresenceView {
    /// The seats whose holder has the game open.
    pub seats: Vec<usize>,
    /// Viewers who hold no seat.
    pub spectators: u32,
}

/// The games in memory, the change channels of every game in memory or watched, and who
/// watches. A game in memory always has its channel here (its [`LiveGame::changed`]); a
/// channel is dropped only when its game is not in memory and nobody watches it.
#[derive(Default)]
struct Games {
    slots: HashMap<String, Slot>,
    channels: HashMap<String, broadcast::Sender<Event>>,
    presence: HashMap<String, Presence>,
}

impl Games {
    /// The change channel of game `id`, made if it has none.
    fn channel(&mut self, id: &str) -> broadcast::Sender<Event> {
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

    /// Counts a viewer of game `id` holding `seats` (none: a spectator) in (`by` 1) or out
    /// (`by` -1), and tells the game's viewers.
    fn count(&mut self, id: &str, seats: &[usize], by: i32) {
        let presence = self.presence.entry(id.to_string()).or_default();
        let add = |n: &mut u32| *n = n.saturating_add_signed(by);
        if seats.is_empty() {
            add(&mut presence.spectators);
        }
        for &seat in seats {
            add(presence.seats.entry(seat).or_default());
        }
        presence.seats.retain(|_, n| *n > 0);
        if presence.spectators == 0 && presence.seats.is_empty() {
            self.presence.remove(id);
        }
        if let Some(channel) = self.channels.get(id) {
            let _ = channel.send(Event::Presence);
        }
    }
}

/// A viewer's subscription to a game's changes; it ends when dropped.
pub struct Watch {
    hub: Arc<Hub>,
    id: String,
    changes: Option<broadcast::Receiver<Event>>,
    seats: Vec<usize>,
}

impl Watch {
    /// Waits for the next event of the game (after missed events, [`Event::Changed`]).
    /// Never returns while the game has none.
    pub async fn changed(&mut self) -> Event {
        let Some(changes) = self.changes.as_mut() else {
            return std::future::pending().await;
        };
        match changes.recv().await {
            Ok(event) => event,
            Err(broadcast::error::RecvError::Lagged(_)) => Event::Changed,
            Err(broadcast::error::RecvError::Closed) => std::future::pending().await,
        }
    }

    /// This viewer holds `seats` (it showed their tokens): it counts for them, not as a
    /// spectator.
    pub fn identify(&mut self, seats: Vec<usize>) {
        if seats == self.seats {
            return;
        }
        let mut games = self.hub.lock_games();
        games.count(&self.id, &self.seats, -1);
        games.count(&self.id, &seats, 1);
        self.seats = seats;
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        drop(self.changes.take());
        let mut games = self.hub.lock_games();
        games.count(&self.id, &self.seats, -1);
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

/// The moments running clocks fall, for the games the keeper watches.
#[derive(Default)]
struct Deadlines {
    by_time: BTreeSet<(i64, String)>,
    by_game: HashMap<String, i64>,
}

impl Deadlines {
    /// Game `id`'s clock falls at `at` (`None`: no clock runs).
    fn set(&mut self, id: &str, at: Option<i64>) {
        if let Some(old) = self.by_game.remove(id) {
            self.by_time.remove(&(old, id.to_string()));
        }
        if let Some(at) = at {
            if self.by_game.len() < MAX_DEADLINES {
                self.by_game.insert(id.to_string(), at);
                self.by_time.insert((at, id.to_string()));
            }
        }
    }

    /// The games whose deadline is `now` or earlier, taken out.
    fn take_due(&mut self, now: i64) -> Vec<String> {
        let mut due = Vec::new();
        while let Some((at, id)) = self.by_time.first().cloned() {
            if at > now {
                break;
            }
            self.by_time.pop_first();
            self.by_game.remove(&id);
            due.push(id);
        }
        due
    }

    /// The earliest deadline.
    fn next(&self) -> Option<i64> {
        self.by_time.first().map(|(at, _)| *at)
    }
}

/// What to create: a game, its settings and start, moves already played (an imported
/// record), the seats, and the options chosen.
pub struct NewGame {
    /// The registry name.
    pub game: String,
    /// The settings as `key=value` pairs.
    pub settings: Vec<(String, String)>,
    /// The start position's code, if not the default start.
    pub start: Option<String>,
    /// Moves already played (an imported record).
    pub moves: Vec<String>,
    /// Who sits where.
    pub seats: Vec<SeatRequest>,
    /// Whether to list the game as an open challenge while a seat is free.
    pub public: bool,
    /// The time control.
    pub time_control: TimeControl,
    /// How an imported game ended, when not by its rules.
    pub ending: Option<Ending>,
}

/// How a person claims a seat: with its invitation code, or (in a public game) by its number.
pub enum Claim {
    /// The invitation code.
    Invite(String),
    /// A free seat of a public game.
    Seat(usize),
}

/// A person's seats in a game (a rematch): seat numbers with their tokens, and the
/// invitations of seats nobody holds yet.
pub struct Held {
    /// The game's id.
    pub id: String,
    /// `(seat, token)` for each seat the person holds.
    pub tokens: Vec<(usize, String)>,
    /// `(seat, invitation code)` for each seat still to be taken.
    pub invites: Vec<(usize, String)>,
}

/// The games in play and the database behind them.
pub struct Hub {
    store: Store,
    games: std::sync::Mutex<Games>,
    pool: SearchPool,
    limits: HubLimits,
    stats: HubStats,
    deadlines: std::sync::Mutex<Deadlines>,
    keeper: Arc<Notify>,
    stopped: AtomicBool,
    analyses: Analyses,
}

impl Hub {
    /// A hub over `store`; it also starts its background tasks: letting idle games leave
    /// memory (and returning freed memory to the system), ending games on time, and the
    /// heartbeat in the store.
    pub fn new(store: Store, limits: HubLimits) -> Arc<Hub> {
        let hub = Arc::new(Hub {
            store,
            games: std::sync::Mutex::new(Games::default()),
            pool: SearchPool::new(limits.searches, limits.search_queue),
            limits,
            stats: HubStats::default(),
            deadlines: std::sync::Mutex::new(Deadlines::default()),
            keeper: Arc::new(Notify::new()),
            stopped: AtomicBool::new(false),
            analyses: Analyses::default(),
        });
        let weak = Arc::downgrade(&hub);
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
        tokio::spawn(keep_clocks(Arc::downgrade(&hub), hub.keeper.clone()));
        let weak = Arc::downgrade(&hub);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(HEARTBEAT).await;
                let Some(hub) = weak.upgrade().filter(|h| !h.is_stopped()) else {
                    return;
                };
                if let Err(e) = hub.store.alive(now_ms()).await {
                    tracing::warn!("cannot write the heartbeat: {e:#}");
                }
                if hub.store.is_shared() {
                    hub.keep_leases().await;
                }
            }
        });
        hub
    }

    /// On a shared database, once per heartbeat: renews this instance's leases on computer
    /// moves, and takes over the games whose computer is to move and which no living instance
    /// holds (their instance died), loading them (which starts their computer).
    async fn keep_leases(self: &Arc<Self>) {
        let now = now_ms();
        if let Err(e) = self
            .store
            .renew_leases(now + LEASE.as_millis() as i64)
            .await
        {
            tracing::warn!("cannot renew the computer's leases: {e:#}");
        }
        let orphans = match self.store.unleased_computer_games(now, TAKEOVERS).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!("cannot look for games to take over: {e:#}");
                return;
            }
        };
        for id in orphans {
            if self.pool.queued() >= self.pool.threads() * 2 {
                break;
            }
            if let Err(e) = self.get(&id).await {
                tracing::warn!("cannot take over game {id}: {}", e.message);
            }
        }
    }

    /// Follows the changes other instances make to the shared database: a game changed
    /// elsewhere leaves memory here (the next request loads it again) and its viewers here
    /// are told. If the connection was lost, every game in memory leaves it.
    pub fn follow(self: &Arc<Self>, mut changes: Changes) {
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                let heard = changes.next().await;
                let Some(hub) = weak.upgrade().filter(|h| !h.is_stopped()) else {
                    return;
                };
                match heard {
                    Ok(Heard::Changed { id, version }) => hub.changed_elsewhere(&id, version).await,
                    Ok(Heard::Lost) => {
                        tracing::warn!("lost the database's change announcements; reloading");
                        let ids: Vec<String> = hub.lock_games().slots.keys().cloned().collect();
                        for id in ids {
                            hub.changed_elsewhere(&id, i64::MAX).await;
                        }
                    }
                    Err(e) => {
                        tracing::error!("cannot hear the database's changes: {e:#}");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }
            }
        });
    }

    /// Game `id` was stored at `version` by another instance: a copy here at an older
    /// version leaves memory, and the viewers here are told (they ask for the game again).
    async fn changed_elsewhere(self: &Arc<Self>, id: &str, version: i64) {
        let (handle, channel) = {
            let games = self.lock_games();
            let handle = games.slots.get(id).and_then(|s| s.cell.get()).cloned();
            (handle, games.channels.get(id).cloned())
        };
        if let Some(handle) = handle {
            let mut live = handle.lock().await;
            if live.stored_version < version {
                self.forget(&mut live, &handle);
            }
        }
        if let Some(channel) = channel {
            let _ = channel.send(Event::Changed);
        }
    }

    /// Takes `live` (locked, held by `handle`) out of memory: it is stale.
    fn forget(&self, live: &mut LiveGame, handle: &GameHandle) {
        if live.is_evicted() {
            return;
        }
        live.evict();
        let mut games = self.lock_games();
        let same = games
            .slots
            .get(&live.id)
            .and_then(|s| s.cell.get())
            .is_some_and(|h| Arc::ptr_eq(h, handle));
        if same {
            games.remove(&live.id);
        }
    }

    /// Stops the background tasks (the heartbeat, the clock keeper, the idle sweep): the
    /// server is going away.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::Release);
        self.keeper.notify_one();
    }

    pub(crate) fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::Acquire)
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

    /// The analyses running and computed.
    pub fn analyses(&self) -> &Analyses {
        &self.analyses
    }

    /// The search each position of an analysis gets.
    pub fn analysis_budget(&self) -> Budget {
        self.limits.analysis
    }

    /// The number of games in memory now.
    pub fn games_in_memory(&self) -> usize {
        self.lock_games().slots.len()
    }

    /// The number of change channels kept (games in memory or watched).
    pub fn channels(&self) -> usize {
        self.lock_games().channels.len()
    }

    /// Subscribes to the events of game `id` (which need not be in memory), as a spectator
    /// until [`Watch::identify`].
    pub fn watch(self: &Arc<Self>, id: &str) -> Watch {
        let mut games = self.lock_games();
        let changes = games.channel(id).subscribe();
        games.count(id, &[], 1);
        Watch {
            hub: self.clone(),
            id: id.to_string(),
            changes: Some(changes),
            seats: Vec::new(),
        }
    }

    /// Who has game `id` open.
    pub fn presence(&self, id: &str) -> PresenceView {
        let games = self.lock_games();
        games
            .presence
            .get(id)
            .map(|p| PresenceView {
                seats: p.seats.keys().copied().collect(),
                spectators: p.spectators,
            })
            .unwrap_or_default()
    }

    fn lock_games(&self) -> std::sync::MutexGuard<'_, Games> {
        // Nothing panics while holding this lock; a poisoned map is still consistent.
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn lock_deadlines(&self) -> std::sync::MutexGuard<'_, Deadlines> {
        self.deadlines.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Game `id`'s running clock falls at `at` (`None`: none runs). Deadlines further away
    /// than the keeper looks are left to its next look in the store.
    fn schedule(&self, id: &str, at: Option<i64>) {
        let near = at.filter(|&at| at <= now_ms() + CLOCK_AHEAD.as_millis() as i64);
        let mut deadlines = self.lock_deadlines();
        let earliest = deadlines.next();
        deadlines.set(id, near);
        if near.is_some_and(|at| earliest.is_none_or(|e| at < e)) {
            self.keeper.notify_one();
        }
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
            if self.store.is_shared() && !self.is_current(handle).await? {
                // Stale, and out of memory now: load the stored game instead.
                return Box::pin(self.get(id)).await;
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
                    .get(id)
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
    async fn is_current(&self, handle: &GameHandle) -> Result<bool, ApiError> {
        let mut live = handle.lock().await;
        if live.is_evicted() {
            return Ok(false);
        }
        let stored = self
            .store
            .version(&live.id)
            .await
            .map_err(ApiError::internal)?;
        if stored == Some(live.stored_version) {
            return Ok(true);
        }
        self.forget(&mut live, handle);
        Ok(false)
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
        self.schedule(id, live.table.clock.as_ref().and_then(Clock::flag_at));
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

    /// Creates a game, stores it, and starts its computer seats. Returns the id.
    pub async fn create(self: &Arc<Self>, new: NewGame) -> Result<String, ApiError> {
        let seats = new
            .seats
            .iter()
            .map(|s| s.to_stored(&new.game))
            .collect::<Result<Vec<_>, _>>()?;
        if seats.iter().any(|s| s.hints) && !seats.iter().any(|s| s.kind == SeatKind::Computer) {
            return Err(ApiError::bad_request(
                "hints are only for games against the computer",
            ));
        }
        if new.public && !seats.iter().any(StoredSeat::is_open) {
            return Err(ApiError::bad_request(
                "a public game needs a seat for an invited person (an opponent to wait for)",
            ));
        }
        new.time_control.check().map_err(ApiError::bad_request)?;
        let mut stored = StoredGame::new(
            new_id(),
            new.game,
            new.settings,
            new.start,
            seats,
            new.moves,
        );
        stored.public = new.public;
        stored.time_control = new.time_control;
        stored.table.clock = Clock::new(new.time_control, stored.table.seats.len());
        stored.table.ending = new.ending;
        self.store_new(stored, None).await
    }

    /// Stores a new game (for `old`'s rematch, with `old`'s change naming it, when given),
    /// rolls its first dice and starts its clock; nobody sees it before it is stored. Puts it
    /// in memory and lets its computer play.
    async fn store_new(
        self: &Arc<Self>,
        mut stored: StoredGame,
        old: Option<(&mut LiveGame, Change)>,
    ) -> Result<String, ApiError> {
        let mut live = LiveGame::from_stored(&stored)?;
        let now = now_ms();
        let opening = live.opening_change(now)?;
        let summary = live.progress_after(&opening)?.summary;
        live.apply(opening);
        stored.moves = live.moves.clone();
        stored.table = live.table.clone();
        match old {
            None => self.store.create(&stored, &summary).await,
            Some((old, change)) => {
                let progress = old.progress_after(&change)?;
                let result = self
                    .store
                    .rematch(&old.id, old.stored_version, &progress, &stored, &summary)
                    .await;
                self.stored(old, result)?;
                old.apply(change);
                Ok(())
            }
        }
        .map_err(ApiError::internal)?;
        let flag = live.table.clock.as_ref().and_then(Clock::flag_at);
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
        self.schedule(&stored.id, flag);
        self.trim();
        self.wake_computer(handle);
        Ok(stored.id)
    }

    /// Stores `change` of `live`, then applies it, tells the viewers and schedules the clock.
    /// If storing fails, the store's transaction is rolled back and the game is unchanged here
    /// too.
    async fn commit(&self, live: &mut LiveGame, change: Change) -> Result<(), ApiError> {
        let progress = live.progress_after(&change)?;
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
        let took = started.elapsed();
        if took > SLOW_STORE {
            tracing::warn!("storing a change of game {} took {took:?}", live.id);
        }
        live.apply(change);
        self.schedule(&live.id, live.table.clock.as_ref().and_then(Clock::flag_at));
        Ok(())
    }

    /// How storing a change of `live` went: on success `live` is at the next stored version;
    /// if another instance changed the game first, this copy is stale and leaves memory, and
    /// the change is refused as a conflict.
    fn stored(&self, live: &mut LiveGame, stored: anyhow::Result<()>) -> Result<(), ApiError> {
        match stored {
            Ok(()) => {
                live.stored_version += 1;
                Ok(())
            }
            Err(e) if e.downcast_ref::<Conflict>().is_some() => {
                live.evict();
                let mut games = self.lock_games();
                games.remove(&live.id);
                let _ = live.changed.send(Event::Changed);
                Err(ApiError::conflict(
                    "the game was changed meanwhile (another move came first); reload",
                ))
            }
            Err(e) => Err(ApiError::internal(e)),
        }
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
        let seat = live.seat_for(token)?;
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
        self.play_for(&mut live, seat, text).await?;
        drop(live);
        self.wake_computer(handle);
        Ok(())
    }

    /// Plays `text` for `seat` (which is to move): unless its time ran out, which ends the
    /// game on time instead.
    async fn play_for(&self, live: &mut LiveGame, seat: usize, text: &str) -> Result<(), ApiError> {
        let now = now_ms();
        if let Some(fallen) = live.fallen(now) {
            self.end_on_time(live, fallen, now).await?;
            let name = live.game.player_name(Player(fallen as u8));
            return Err(ApiError::conflict(format!(
                "{name}'s time ran out before the move arrived"
            )));
        }
        let change = live.move_change(seat, text, now)?;
        self.commit(live, change).await
    }

    /// Ends the game on time: `seat`'s clock fell.
    async fn end_on_time(
        &self,
        live: &mut LiveGame,
        seat: usize,
        now: i64,
    ) -> Result<(), ApiError> {
        let ending = Ending::out_of_time(Player(seat as u8), &live.seat_names());
        let change = live.ending_change(ending, now);
        self.commit(live, change).await?;
        self.stats.flags.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    /// Ends game `id` on time if its running clock has fallen; otherwise schedules it again.
    pub async fn flag(self: &Arc<Self>, id: &str) {
        let (_, mut live) = match self.lock_game(id).await {
            Ok(locked) => locked,
            Err(e) => {
                tracing::warn!("cannot look at the clock of game {id}: {}", e.message);
                return;
            }
        };
        let now = now_ms();
        match live.fallen(now) {
            Some(seat) => {
                match self.end_on_time(&mut live, seat, now).await {
                    Ok(()) => {}
                    // Another instance changed the game first (it ended it on time, or a move
                    // arrived in time there): that instance decided.
                    Err(e) if e.status == axum::http::StatusCode::CONFLICT => {}
                    // Try again at the next look in the store.
                    Err(e) => tracing::error!("cannot end game {id} on time: {}", e.message),
                }
            }
            None => self.schedule(id, live.table.clock.as_ref().and_then(Clock::flag_at)),
        }
    }

    /// Takes back the last move of the seat holding `token`, with everything played after it,
    /// where no other person is in the game (only the computer, or people at the same
    /// screen). Elsewhere a takeback must be asked for ([`Hub::takeback`]), since it would
    /// remove another person's moves or undo what they saw. The shorter game is stored first
    /// and only then shown.
    pub async fn undo(self: &Arc<Self>, id: &str, token: &str) -> Result<(), ApiError> {
        let (handle, mut live) = self.lock_game(id).await?;
        let seat = live.seat_for(token)?;
        if live.table.ending.is_some() {
            return Err(ApiError::conflict("the game is over"));
        }
        if live.sides(&live.table).others_present(seat) {
            return Err(ApiError::conflict(
                "another person plays in this game: ask for a takeback, which they must accept",
            ));
        }
        let keep = live.undo_point(seat)?;
        let change = live.takeback_change(keep, now_ms());
        self.commit(&mut live, change).await?;
        drop(live);
        self.wake_computer(handle);
        Ok(())
    }

    /// A person claims a seat, once: with its invitation code or, in a public game, by its
    /// number; gives the name shown to everyone. Returns the seat and its token. The host and
    /// everyone watching are told.
    pub async fn join(
        self: &Arc<Self>,
        id: &str,
        claim: Claim,
        name: Option<&str>,
    ) -> Result<(usize, String), ApiError> {
        let name = person_name(name.unwrap_or("Guest"))?;
        let (handle, mut live) = self.lock_game(id).await?;
        let seats = &live.table.seats;
        let seat = match claim {
            Claim::Invite(code) => seats
                .iter()
                .position(|s| {
                    s.invite
                        .as_deref()
                        .is_some_and(|invite| constant_time_eq(invite, &code))
                })
                .ok_or_else(|| ApiError::not_found("no invitation with that code in this game"))?,
            Claim::Seat(seat) => {
                if !live.public {
                    return Err(ApiError::forbidden(
                        "this game is not public: joining it needs an invitation",
                    ));
                }
                if seats.get(seat).is_none_or(|s| s.kind != SeatKind::Invite) {
                    return Err(ApiError::not_found(format!(
                        "seat {seat} of this game is not open to people online"
                    )));
                }
                seat
            }
        };
        let seat_name = live.game.player_name(Player(seat as u8));
        if live.table.seats[seat].joined {
            return Err(ApiError::conflict(format!(
                "{seat_name}'s seat is taken already"
            )));
        }
        if live.is_over() {
            return Err(ApiError::conflict("the game is over"));
        }
        let mut table = live.table.clone();
        table.seats[seat].joined = true;
        table.seats[seat].name = Some(name.clone());
        let token = table.seats[seat].token.clone();
        let change = live.table_change(table, now_ms());
        self.commit(&mut live, change).await?;
        let _ = live.changed.send(Event::Joined { seat, name });
        drop(live);
        self.wake_computer(handle);
        Ok((seat, token))
    }

    /// The seat holding `token` resigns for its side: the game ends when every person of the
    /// side has resigned (in a two-player game, at once).
    pub async fn resign(self: &Arc<Self>, id: &str, token: &str) -> Result<(), ApiError> {
        let (_, mut live) = self.lock_game(id).await?;
        let seat = live.playing_seat(token)?;
        let mut table = live.table.clone();
        let mut proposals = std::mem::take(&mut table.proposals);
        let decided = proposals.resign(&live.sides(&table), seat);
        table.proposals = proposals;
        let now = now_ms();
        let change = match decided {
            Decided::Done => live.ending_change(
                Ending::resigned(Player(seat as u8), &live.seat_names()),
                now,
            ),
            Decided::Waiting => live.table_change(table, now),
        };
        self.commit(&mut live, change).await
    }

    /// The seat holding `token` offers, accepts or declines a draw; the game ends drawn when
    /// every side has agreed.
    pub async fn draw(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        answer: Answer,
    ) -> Result<(), ApiError> {
        let (_, mut live) = self.lock_game(id).await?;
        let seat = live.playing_seat(token)?;
        let mut table = live.table.clone();
        let mut proposals = std::mem::take(&mut table.proposals);
        let decided = proposals.draw(&live.sides(&table), seat, answer)?;
        table.proposals = proposals;
        let now = now_ms();
        let change = match decided {
            Decided::Done => live.ending_change(Ending::agreed_draw(), now),
            Decided::Waiting => live.table_change(table, now),
        };
        self.commit(&mut live, change).await
    }

    /// The seat holding `token` asks to take back its last move (with everything after it),
    /// or accepts or declines the takeback asked for. It happens when every other person in
    /// the game has accepted (at once where there is nobody else).
    pub async fn takeback(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        answer: Answer,
    ) -> Result<(), ApiError> {
        let (handle, mut live) = self.lock_game(id).await?;
        let seat = live.playing_seat(token)?;
        let mut table = live.table.clone();
        let mut proposals = std::mem::take(&mut table.proposals);
        let keep = match answer {
            Answer::Offer => {
                let keep = live.undo_point(seat)?;
                match proposals.request_takeback(&live.sides(&table), seat, keep)? {
                    Decided::Done => Some(keep),
                    Decided::Waiting => None,
                }
            }
            Answer::Accept => proposals.answer_takeback(&live.sides(&table), seat, true)?,
            Answer::Decline => proposals.answer_takeback(&live.sides(&table), seat, false)?,
        };
        table.proposals = proposals;
        let now = now_ms();
        let change = match keep {
            Some(keep) => live.takeback_change(keep, now),
            None => live.table_change(table, now),
        };
        self.commit(&mut live, change).await?;
        drop(live);
        self.wake_computer(handle);
        Ok(())
    }

    /// The rematch of finished game `id` for the holder of `token`: made on the first
    /// request (same game, settings, start, time control and people, sides swapped: every
    /// seat moves one place, which swaps the two sides of a two-player game and the two
    /// teams of a four-player one), and everyone in the old game is told. Returns the seats
    /// the holder has in it, with their new tokens (at one screen, every seat there), and the
    /// invitations of seats nobody took in the old game.
    pub async fn rematch(self: &Arc<Self>, id: &str, token: &str) -> Result<Held, ApiError> {
        let (_, mut live) = self.lock_game(id).await?;
        let seat = live.seat_for(token)?;
        if !live.is_over() {
            return Err(ApiError::conflict(
                "the game is not over yet: a rematch follows its end",
            ));
        }
        let mine = live.sides(&live.table).speaking_with(seat);
        let n = live.table.seats.len();
        let new_id = match live.table.rematch.clone() {
            Some(rematch) => rematch,
            None => {
                let seats = (0..n)
                    .map(|i| {
                        let old = &live.table.seats[(i + 1) % n];
                        match old.kind {
                            SeatKind::Computer => StoredSeat::computer(old.level.unwrap_or(1)),
                            _ if old.is_open() => StoredSeat::invited(),
                            kind => StoredSeat {
                                hints: old.hints,
                                ..StoredSeat::person(kind, old.name.clone())
                            },
                        }
                    })
                    .collect();
                let mut stored = StoredGame::new(
                    new_id(),
                    live.game.info().name,
                    live.settings.clone(),
                    live.start.clone(),
                    seats,
                    Vec::new(),
                );
                stored.time_control = live.time_control;
                stored.rematch_of = Some(live.id.clone());
                stored.table.clock = Clock::new(live.time_control, n);
                let mut table = live.table.clone();
                table.rematch = Some(stored.id.clone());
                let change = live.table_change(table, now_ms());
                let new_id = self.store_new(stored, Some((&mut live, change))).await?;
                let _ = live.changed.send(Event::Rematch { id: new_id.clone() });
                new_id
            }
        };
        drop(live);
        let (_, rematch) = self.lock_game(&new_id).await?;
        let seats = &rematch.table.seats;
        Ok(Held {
            id: new_id.clone(),
            tokens: mine
                .iter()
                .map(|old| (old + n - 1) % n)
                .filter(|&new| seats[new].joined)
                .map(|new| (new, seats[new].token.clone()))
                .collect(),
            invites: seats
                .iter()
                .enumerate()
                .filter_map(|(i, s)| Some((i, s.invite.clone()?)).filter(|_| s.is_open()))
                .collect(),
        })
    }

    /// The seats of game `id` held by `tokens` (a viewer's, to count it as their holder).
    pub async fn seats_held(self: &Arc<Self>, id: &str, tokens: &[String]) -> Vec<usize> {
        let Ok(handle) = self.get(id).await else {
            return Vec::new();
        };
        let live = handle.lock().await;
        let mut seats: Vec<usize> = tokens.iter().filter_map(|t| live.seat_of(t)).collect();
        seats.sort_unstable();
        seats.dedup();
        seats
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
            let ended = turns.await;
            // A task that found another one playing leaves that one's lease alone.
            if hub.store.is_shared() && !matches!(ended, Ok(false)) {
                let id = handle.lock().await.id.clone();
                if let Err(e) = hub.store.release_lease(&id).await {
                    tracing::warn!("game {id}: cannot give up the computer's lease: {e:#}");
                }
            }
            if let Err(error) = ended {
                tracing::error!("the computer's task failed: {error}");
                hub.stats.computer_failures.fetch_add(1, Ordering::Relaxed);
                let mut live = handle.lock().await;
                live.thinking = false;
                live.computer_error = Some(format!("the computer's task failed: {error}"));
                let _ = live.changed.send(Event::Changed);
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
            let _ = live.changed.send(Event::Changed);
        }
        let mut failures = 0;
        loop {
            // What to search, taken under the lock; "thinking" ends under the same lock that
            // sees nothing more to do, so that a move arriving meanwhile always finds either
            // this task still going or none.
            let (id, seat, rules, position, level, time_cap, version, mut changes) = {
                let mut live = handle.lock().await;
                let seat = match live.seat_to_move() {
                    Some(seat)
                        if !live.is_evicted()
                            && live.table.seats[seat].kind == SeatKind::Computer =>
                    {
                        seat
                    }
                    _ => {
                        live.thinking = false;
                        let _ = live.changed.send(Event::Changed);
                        return true;
                    }
                };
                // On the clock, the computer thinks for a share of its time left.
                let time_cap = live.table.clock.as_ref().map_or(MOVE_TIME_CAP, |clock| {
                    clock.thinking_time(seat, now_ms(), MOVE_TIME_CAP)
                });
                (
                    live.id.clone(),
                    seat,
                    live.game.clone(),
                    live.current().clone_box(),
                    live.table.seats[seat].level.unwrap_or(1),
                    time_cap,
                    live.version().clone(),
                    live.changed.subscribe(),
                )
            };
            if !self.lease(&handle).await {
                // Another instance plays this move (or the game changed there).
                let mut live = handle.lock().await;
                live.thinking = false;
                let _ = live.changed.send(Event::Changed);
                return true;
            }
            let searched = version.get();
            let watch = version.clone();
            let submitted = self.pool.submit(
                move || watch.changed_since(searched),
                move || crate::computer::choose(rules.as_ref(), position.as_ref(), level, time_cap),
            );
            let search = match submitted {
                Ok(search) => search,
                Err(full) => {
                    // The next request for the game starts the computer again.
                    tracing::warn!("game {id}: {full}");
                    let mut live = handle.lock().await;
                    live.thinking = false;
                    let _ = live.changed.send(Event::Changed);
                    return true;
                }
            };
            // Stop waiting as soon as the game changes: the result would be dropped anyway.
            let changed = async {
                while !version.changed_since(searched) {
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
                    if live.version().changed_since(searched) {
                        self.stats.stale_searches.fetch_add(1, Ordering::Relaxed);
                        continue;
                    }
                    match self.play_for(&mut live, seat, &mv).await {
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
                let mut live = handle.lock().await;
                live.thinking = false;
                live.computer_error = Some(failure);
                let _ = live.changed.send(Event::Changed);
                return true;
            }
            tokio::time::sleep(RETRY_PAUSE * failures).await;
        }
    }

    /// Whether this instance may play the computer's move in the game behind `handle` now:
    /// always on SQLite; on a shared database, if it took the lease for the game's stored
    /// version (see [`LEASE`]).
    async fn lease(&self, handle: &GameHandle) -> bool {
        if !self.store.is_shared() {
            return true;
        }
        let (id, version) = {
            let live = handle.lock().await;
            (live.id.clone(), live.stored_version)
        };
        let now = now_ms();
        match self
            .store
            .take_lease(&id, version, now, now + LEASE.as_millis() as i64)
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

/// Ends games on time: looks in the store every [`CLOCK_SCAN`] for clocks falling within
/// [`CLOCK_AHEAD`], and wakes at the earliest deadline (or when a nearer one is scheduled).
async fn keep_clocks(hub: Weak<Hub>, wake: Arc<Notify>) {
    let mut next_scan = 0;
    loop {
        let Some(strong) = hub.upgrade().filter(|h| !h.is_stopped()) else {
            return;
        };
        let now = now_ms();
        if now >= next_scan {
            let ahead = now + CLOCK_AHEAD.as_millis() as i64;
            match strong.store.flags_due(ahead, SCAN_LIMIT).await {
                Ok(flags) => {
                    let mut deadlines = strong.lock_deadlines();
                    for (id, at) in flags {
                        deadlines.set(&id, Some(at));
                    }
                }
                Err(e) => tracing::warn!("cannot read the clocks' deadlines: {e:#}"),
            }
            next_scan = now + CLOCK_SCAN.as_millis() as i64;
        }
        let due = strong.lock_deadlines().take_due(now_ms());
        for id in due {
            strong.flag(&id).await;
        }
        let next = strong
            .lock_deadlines()
            .next()
            .map_or(next_scan, |at| at.min(next_scan));
        drop(strong);
        let wait = Duration::from_millis(next.saturating_sub(now_ms()).max(0) as u64);
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = wake.notified() => {}
        }
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

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
//!   search runs on the pool (a reply to a person, or behind every person when the game has
//!   none: see [`crate::compute::pool`]) with the game's [`Version`](crate::domain::live::Version) as cancellation
//!   check, and its move is applied only if the version is still the one searched: an undo,
//!   a new move or the game leaving memory drops it. A failed search or store is logged and
//!   retried; after [`COMPUTER_ATTEMPTS`] failures the game shows the error
//!   (`computer_error`) until a change wakes the computer again or the game is reloaded. When
//!   the queue is full the task ends, and the next request for the game starts it again.
//! - **People.** Invitations are claimed once ([`seats::Seater`]); resignations, draws and
//!   takebacks follow the consent rules of [`crate::domain::consent`]; a rematch is one new game per
//!   finished game, whose seats each person of the old game fetches with their old token.
//! - **Clocks.** Every change settles the clocks (see [`crate::domain::clock`]) and stores when the
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
//!   checked against the stored version before it is served or changed (a move or an undo
//!   is worked out on the copy as it is, since the store refuses it over a stale version,
//!   and worked out again on the stored game if the copy refused it), and leaves memory
//!   when another instance announces a change ([`Hub::follow`]); a change stored over a stale
//!   version is refused ([`Conflict`](crate::store::Conflict)) and the copy leaves memory.
//!   A computer seat plays only under the game's lease ([`LEASE`](crate::store::LEASE)),
//!   renewed with the heartbeat, which also takes over the computer games whose lease lapsed.

//!
//! **Units.** What acts on a game is a unit of its own, as in lichess's lila (`Drawer`,
//! `Takebacker`, `Finisher`): a struct holding just what its action needs (the store, a
//! limit, a counter, the [`Committer`] through which every change is stored, applied and
//! told), made once by [`Hub::new`]. A unit is handed the game, locked, and never sees the
//! games in memory, the computer's tasks or the other units' state; the hub's method of the
//! same name looks the game up and locks it ([`memory`]), hands it to the unit and wakes the
//! computer afterwards. The units: [`commit::Committer`] (the one place a change is stored,
//! then applied, told and followed by its end's work), [`moves::Mover`] (moves, undo),
//! [`drawer::Drawer`] (draws), [`takebacker::Takebacker`] (takebacks),
//! [`resigner::Resigner`] (resignations), [`flagger::Flagger`] (games ended on time, rated
//! games aborted), [`berserk::Berserker`] (berserk), [`seats::Seater`] (seats taken, seats'
//! names checked, accounts' seats indexed), [`chat::Messenger`] (a game's chat rooms), [`create::Creator`]
//! (new games and rematches checked and stored), [`claims::Claimer`] (seats claimed by
//! accounts, bots' seats marked) and
//! [`finisher::Finisher`] (a game's end followed
//! by its work, in order, and announced). Their tests (`cargo test -p tafel-server --lib
//! play::`) run them on an SQLite store in memory, without a hub.
//!
//! The rest is still `impl Hub` blocks, one a concern: [`memory`] (games loaded and let go),
//! [`viewers`] (who watches, and the one place events are sent), [`create`] (new games and
//! rematches kept in memory), [`clocks`] (the clock keeper, the heartbeat), [`computer`] (the computer's
//! turns), [`instances`] (other instances on a shared database), [`analysis`] (analyses on
//! the search pool), [`hints`] (hints, one search per position), [`positions`] (a position's
//! chances and best line, for the position editor), [`puzzles`] (puzzles loaded, chosen and judged; a unit of its own), [`accounts`] (signing up, in and out;
//! sessions), [`learn`] (the tutorials' progress of accounts), [`claims`] (an account's seats opened on any device), [`deleted`] (the seats of deleted accounts), [`lobby`] (seeks: someone to play
//! now), [`players`] (players' pages and the leaderboards), [`moderation`] (reports,
//! blocks, the moderators' queue and actions; a closed account's games resigned, a renamed
//! one's seats rewritten)
//! and [`tournaments`] (tournaments: entries, and the director that starts them, pairs each
//! round once, makes the games and learns their results).

pub mod aborter;
pub mod accounts;
pub mod analysis;
pub mod berserk;
pub mod bots;
pub mod challenges;
pub mod chat;
pub mod claims;
pub mod clocks;
pub mod commit;
pub mod computer;
pub mod create;
pub mod deleted;
pub mod drawer;
pub mod finisher;
pub mod flagger;
pub mod follows;
pub mod hints;
pub mod instances;
pub mod learn;
pub mod lobby;
pub mod mailer;
pub mod memory;
pub mod moderation;
pub mod moves;
pub mod owners;
pub mod pairs;
pub mod players;
pub mod positions;
pub mod puzzles;
pub mod recovery;
pub mod rematch;
pub mod resigner;
pub mod seats;
pub mod second_factor;
pub mod takebacker;
#[cfg(test)]
mod testing;
pub mod tournaments;
pub mod viewers;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{broadcast, Mutex};

use crate::compute::pool::SearchPool;
use crate::compute::review::AnalysisBudget;
use crate::domain::game::{OpenChallenge, RecentGame};
use crate::domain::live::LiveGame;
use crate::domain::seat::SeatView;
use crate::domain::Error;
use crate::store::Store;
use analysis::Analyses;
use berserk::Berserker;
use chat::Messenger;
use claims::Claimer;
use clocks::Schedule;
use commit::Committer;
use computer::Unattended;
use create::Creator;
use drawer::Drawer;
use finisher::Finisher;
use flagger::Flagger;
use hints::Hints;
use memory::Slot;
use moves::Mover;
use owners::Owners;
use positions::PositionAnalyses;
use resigner::Resigner;
use seats::Seater;
use takebacker::Takebacker;
use viewers::{Presence, Viewers};

pub use clocks::{CLOCK_AHEAD, CLOCK_SCAN, HEARTBEAT, LEASE_RENEWAL, SILENCE};
pub use computer::COMPUTER_ATTEMPTS;
pub use create::{Held, NewGame};
pub use seats::Claim;
pub use viewers::{Event, PresenceView, Watch};

/// A shared handle to one game in play.
pub type GameHandle = Arc<Mutex<LiveGame>>;

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
    pub analysis: AnalysisBudget,
    /// Analyses under way per client address at most.
    pub analyses_per_address: usize,
    /// Games without a person running per client address at most.
    pub unattended_per_address: usize,
    /// The time a seat of a rated game has for its first move before the game is aborted
    /// (zero: never aborted).
    pub abort_after: Duration,
    /// The messages each chat room of a game holds at most.
    pub chat_messages_per_room: usize,
}

/// Counts of what the hub did, for tests, logs and measurements.
#[derive(Debug, Default)]
pub struct HubStats {
    /// Games loaded from the store.
    pub loaded: AtomicU64,
    /// Games that left memory.
    pub evicted: AtomicU64,
    /// Moves people (and bots) played, through the API or a WebSocket.
    pub moves: AtomicU64,
    /// Moves the computer played.
    pub computer_moves: AtomicU64,
    /// Searches whose result was dropped because the game changed meanwhile.
    pub stale_searches: AtomicU64,
    /// Failed attempts of the computer to move (search or storage errors).
    pub computer_failures: AtomicU64,
    /// Games ended on time.
    pub flags: AtomicU64,
    /// Rated games aborted (a first move not made in time).
    pub aborts: AtomicU64,
    /// Readings of the lobby's list of seeks from the store (shared by its connections).
    pub seek_list_reads: AtomicU64,
    /// Moves and undos worked out on a stale copy, refused, and worked out again on the
    /// stored game (another instance had changed the game).
    pub reworked: AtomicU64,
    /// Requests for a game sent on to its owner, another instance (`http::forward`).
    pub forwarded: AtomicU64,
    /// Requests another instance forwarded here, served here.
    pub served_forwarded: AtomicU64,
    /// Games handed over to the instance their requests kept arriving through.
    pub handed_over: AtomicU64,
    /// Games' owners looked up in the database (not heard of from the changes announced).
    pub owners_looked_up: AtomicU64,
}

/// The games in memory, the change channels of every game in memory or watched, and who
/// watches. A game in memory always has its channel here; a channel is dropped only when
/// its game is not in memory and nobody watches it.
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
}

/// The games in play and the database behind them: the games in memory, who watches them and
/// the computer's turns, and the units that act on a game handed to them (see the module's
/// documentation).
pub struct Hub {
    store: Store,
    games: Arc<std::sync::Mutex<Games>>,
    viewers: Viewers,
    pool: SearchPool,
    limits: HubLimits,
    stats: Arc<HubStats>,
    schedule: Arc<Schedule>,
    stopped: AtomicBool,
    analyses: Analyses,
    hints: Hints,
    position_analyses: PositionAnalyses,
    unattended: Unattended,
    finisher: Arc<Finisher>,
    committer: Committer,
    mover: Mover,
    flagger: Flagger,
    owners: Owners,
    resigner: Resigner,
    drawer: Drawer,
    takebacker: Takebacker,
    berserker: Berserker,
    seater: Seater,
    messenger: Messenger,
    creator: Creator,
    claimer: Claimer,
}

impl Hub {
    /// A hub over `store`; it also starts its background tasks: letting idle games leave
    /// memory (and returning freed memory to the system), ending games on time, and the
    /// heartbeat in the store.
    pub fn new(store: Store, limits: HubLimits) -> Arc<Hub> {
        let finisher = Finisher::new(store.clone());
        let games = Arc::default();
        let viewers = Viewers::of(&games);
        let stats = Arc::new(HubStats::default());
        let schedule = Arc::new(Schedule::on(store.timeline().clone()));
        let (s, abort_after) = (&store, limits.abort_after);
        let committer = Committer::new(
            s.clone(),
            viewers.clone(),
            schedule.clone(),
            finisher.clone(),
            abort_after,
        );
        let flagger = Flagger::new(committer.clone(), stats.clone(), abort_after);
        let seater = Seater::new(s.clone(), committer.clone());
        let hub = Arc::new(Hub {
            mover: Mover::new(committer.clone(), flagger.clone()),
            resigner: Resigner::new(committer.clone()),
            drawer: Drawer::new(committer.clone()),
            takebacker: Takebacker::new(committer.clone()),
            berserker: Berserker::new(s.clone(), committer.clone()),
            creator: Creator::new(s.clone(), committer.clone(), seater.clone()),
            claimer: Claimer::new(committer.clone(), seater.clone()),
            seater,
            messenger: Messenger::new(s.clone(), viewers.clone(), limits.chat_messages_per_room),
            flagger,
            owners: Owners::default(),
            committer,
            store,
            games,
            viewers,
            pool: SearchPool::new(limits.searches, limits.search_queue),
            limits,
            stats,
            schedule,
            stopped: AtomicBool::new(false),
            analyses: Analyses::default(),
            hints: Hints::default(),
            position_analyses: PositionAnalyses::default(),
            unattended: Unattended::default(),
            finisher,
        });
        memory::sweep(&hub);
        tokio::spawn(clocks::keep_clocks(
            Arc::downgrade(&hub),
            hub.schedule.clone(),
        ));
        clocks::heartbeat(&hub);
        hub
    }

    /// Stops the background tasks (the heartbeat, the clock keeper, the idle sweep): the
    /// server is going away.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::Release);
        self.schedule.wake();
        self.finisher.stop();
    }

    pub(crate) fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::Acquire)
    }

    /// The database.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Now on the server's time line (the store's, see [`crate::domain::clock::Timeline`]).
    pub fn now_ms(&self) -> i64 {
        self.store.now_ms()
    }

    /// The finisher: games' ends done, and the event of each.
    pub fn finisher(&self) -> &Arc<Finisher> {
        &self.finisher
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
    pub fn analysis_budget(&self) -> AnalysisBudget {
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

    /// The most recently changed games first, at most `limit`, from their stored summaries
    /// (games stored before summaries were kept are worked out once and stored).
    pub async fn recent_games(&self, limit: i64) -> Result<Vec<RecentGame>, Error> {
        let mut games = self.store.list(limit).await.map_err(Error::storage)?;
        for game in &mut games {
            if game.players.is_none() || game.record_moves.is_none() {
                let (players, record_moves) = self.fill_summary(game).await;
                game.players = Some(players);
                game.record_moves = record_moves;
            }
        }
        Ok(games)
    }

    /// The players and record move count of a game stored before the lists' summary was kept:
    /// worked out once by replaying it (off the async threads) and stored.
    async fn fill_summary(&self, summary: &RecentGame) -> (Vec<SeatView>, Option<u32>) {
        let stored = match self.store.load(&summary.id).await {
            Ok(Some(stored)) => stored,
            _ => return (Vec::new(), None),
        };
        let now = self.store.now_ms();
        let worked_out = tokio::task::spawn_blocking(move || {
            let live = LiveGame::from_stored(&stored).ok()?;
            let change = live.table_change(live.table.clone(), now);
            live.snapshot_after(&change).ok().map(|p| p.summary)
        })
        .await
        .ok()
        .flatten();
        let Some(worked_out) = worked_out else {
            return (Vec::new(), None);
        };
        if let Err(e) = self.store.set_summary(&summary.id, &worked_out).await {
            tracing::warn!("cannot store the summary of game {}: {e:#}", summary.id);
        }
        (
            worked_out.players.unwrap_or_default(),
            worked_out.record_moves,
        )
    }

    /// The public games waiting for an opponent, newest first, at most `limit`.
    pub async fn open_challenges(&self, limit: i64) -> Result<Vec<OpenChallenge>, Error> {
        self.store.challenges(limit).await.map_err(Error::storage)
    }
}

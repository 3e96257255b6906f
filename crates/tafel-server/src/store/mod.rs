//! Durable storage of games and moves, through sqlx.
//!
//! All SQL lives here, behind [`Store`], for two databases: SQLite (the default, one server
//! instance) and PostgreSQL (several instances may share it). Both are reached through sqlx's
//! `Any` driver with one set of queries; the few words that differ come from [`Backend`].
//! Each backend's schema is created and upgraded by its own migrations
//! (`migrations/sqlite/`, `migrations/postgres/`), embedded at compile time.
//!
//! **Several instances.** Every change of a game is written only over the stored version it
//! was worked out from, and advances it (a [`Conflict`] otherwise); moves are unique per
//! `(game, ply)`. So when two instances change one game at once, the database lets exactly
//! one through. On PostgreSQL each change is announced (`NOTIFY`, heard through
//! [`Store::listen`]) when it commits, and a computer seat's move is made under a lease
//! ([`Store::take_lease`]) that its instance renews while alive.
//!
//! **Writes are committed in groups.** Every change goes to the writer, which takes all the
//! changes waiting at that moment and makes them in one transaction (one refused change does
//! not undo the others), then commits once: one disk flush for many moves. A change is
//! acknowledged only after that commit, so nothing is acknowledged that a crash could lose.
//! Changes to one game never meet in a group, since the hub makes them one after another.
//! Each group locks rows in one order, so that instances never deadlock ([`writer`]); on
//! PostgreSQL a change is one statement, a group of one such change one round trip
//! (no `BEGIN`/`COMMIT`), and a group of moves and other changes of different games' rows
//! one statement too (`together`). The stored versions that requests check their games
//! against are read in groups too ([`versions`]).

//!
//! One module a concern: [`backend`] (the two databases and their few differences), [`writes`]
//! (the changes, as callers make them), [`writer`] (the group commit), `changes` (the SQL of
//! each change), `columns` (the columns of a game's row a change writes) and `together` (a
//! group of changes in one statement on PostgreSQL), [`reads`], `rows` (rows read by
//! column name: a bad row is an error naming its table and column, never a panic) and
//! [`versions`] (the stored versions, read in groups), [`leases`]
//! (the computer's moves between instances), [`listen`] (changes other instances announce),
//! [`heartbeat`] (when a server was last alive, and the downtime credited to clocks),
//! [`export`], `table_rows` and [`copy`] (`tafel db copy`), [`backup`] (`tafel db backup` and
//! `restore`), [`accounts`] (accounts, sessions, whose seats),
//! [`devices`] (the devices an account signed in from),
//! [`finishes`] (the outbox of games' ends: their work done once, in order),
//! [`ratings`] (what a finished game leaves its accounts: results, ratings changed once),
//! [`players`] (a player's page and the leaderboards), [`learn`] (the tutorials' progress), [`puzzles`] (puzzles, attempts, puzzle ratings),
//! [`seeks`] (the lobby's), [`chat`]
//! (games' chat messages), [`reports`] (reports and blocks), [`moderation`] (roles, mutes,
//! closing, renaming, refunds, the moderators' log) and [`tournaments`] (tournaments, entrants and boards; each round
//! paired once).
//! The store imports the domain only.

pub mod accounts;
pub mod backend;
pub mod backup;
pub mod bots;
pub mod challenges;
mod changes;
pub mod chat;
mod columns;
pub mod copy;
pub mod devices;
mod ending;
pub mod export;
pub mod finishes;
pub mod follows;
pub mod health;
pub mod heartbeat;
mod held;
pub mod learn;
pub mod leases;
pub mod listen;
pub mod mail;
pub mod moderation;
pub mod own_data;
pub mod players;
pub mod puzzles;
pub mod ratings;
pub mod reads;
pub mod reports;
mod rows;
pub mod second_factors;
pub mod seeks;
pub mod sessions;
mod table_rows;
mod together;
pub mod tournaments;
pub mod versions;
pub mod writer;
pub mod writes;

#[cfg(test)]
mod tests;

use std::sync::Arc;

use anyhow::{anyhow, Context, Result};
use sqlx::any::AnyPoolOptions;
use sqlx::{Any, AnyPool, Transaction};
use tokio::sync::{mpsc, oneshot};

pub use backend::Backend;
pub use changes::{Conflict, WriteError};
pub use export::{GameRows, PeopleRows};
pub use leases::LEASE;
pub use listen::{Changes, Heard};

use crate::domain::clock::Timeline;
use backend::{open_sqlite, MAX_POSTGRES_CONNECTIONS, TEST_BEFORE_ACQUIRE};
use changes::{Mutation, WriterContext};
use versions::reader;
use writer::{writer, Queued, MAX_WAITING};

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    url: String,
    instance: Arc<str>,
    contact: leases::Published,
    writes: mpsc::Sender<Queued>,
    versions: mpsc::Sender<versions::Asked>,
    meters: health::StoreMeters,
    timeline: Timeline,
}

impl Store {
    /// Opens the database at `url` (creating an SQLite file if needed) and brings its schema
    /// up to date with its backend's migrations.
    ///
    /// An in-memory SQLite database (`sqlite::memory:`) lives as long as the store: it has
    /// one connection that is never closed, since each SQLite connection has its own memory
    /// database.
    pub async fn open(url: &str) -> Result<Store> {
        Store::open_on(url, Timeline::default()).await
    }

    /// [`Store::open`], with the moments it stamps and that [`Store::now_ms`] tells read
    /// from `timeline`.
    pub async fn open_on(url: &str, timeline: Timeline) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of(url)?;
        let pool = match backend {
            Backend::Sqlite => open_sqlite(url).await?,
            Backend::Postgres => AnyPoolOptions::new()
                .max_connections(MAX_POSTGRES_CONNECTIONS)
                .test_before_acquire(TEST_BEFORE_ACQUIRE)
                .connect(url)
                .await
                .with_context(|| format!("cannot open the database `{url}`"))?,
        };
        match backend {
            Backend::Sqlite => sqlx::migrate!("./migrations/sqlite").run(&pool).await,
            Backend::Postgres => sqlx::migrate!("./migrations/postgres").run(&pool).await,
        }
        .context("cannot migrate the database")?;
        let instance: Arc<str> = format!("{:016x}", rand::random::<u64>()).into();
        let (writes, waiting) = mpsc::channel(MAX_WAITING);
        let context = WriterContext {
            backend,
            instance: instance.clone(),
        };
        tokio::spawn(writer(pool.clone(), context, waiting));
        let (versions, asked) = mpsc::channel(versions::MAX_WAITING);
        tokio::spawn(reader(pool.clone(), backend, asked));
        let store = Store {
            pool,
            backend,
            url: url.to_string(),
            instance,
            contact: leases::Published::default(),
            writes,
            versions,
            meters: health::StoreMeters::default(),
            timeline,
        };
        store
            .start_leases(store.now_ms())
            .await
            .context("cannot register this instance's leases")?;
        Ok(store)
    }

    /// Now on the server's time line (see [`Timeline`]).
    pub fn now_ms(&self) -> i64 {
        self.timeline.now_ms()
    }

    /// The server's time line, which every part of the server reads.
    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// Whether other server instances may share the database (PostgreSQL): then a game kept
    /// in memory is checked against the stored version before use, changes made elsewhere
    /// are announced, and computer seats are played under a lease.
    pub fn is_shared(&self) -> bool {
        self.backend == Backend::Postgres
    }

    fn sql(&self, text: &str) -> String {
        self.backend.sql(text)
    }

    /// Begins a transaction that will write (see [`Backend::begin_write`]).
    async fn begin_write(&self) -> sqlx::Result<Transaction<'static, Any>> {
        self.pool.begin_with(self.backend.begin_write()).await
    }

    /// Hands `change` to the writer and waits until it is committed (or refused).
    async fn write(&self, change: Mutation) -> Result<(), WriteError> {
        let stopped = || WriteError::Failed(anyhow!("the database writer has stopped"));
        let (done, outcome) = oneshot::channel();
        self.writes
            .send(Queued { change, done })
            .await
            .map_err(|_| stopped())?;
        outcome.await.map_err(|_| stopped())?
    }
}

/// `first` and what else waits in `waiting` right now, `max` at most: a group taken at once
/// (by the [`writer`] and the version [`reader`]).
fn with_waiting<T>(first: T, waiting: &mut mpsc::Receiver<T>, max: usize) -> Vec<T> {
    let mut group = vec![first];
    while group.len() < max {
        match waiting.try_recv() {
            Ok(next) => group.push(next),
            Err(_) => break,
        }
    }
    group
}

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
//! **Writes are committed in groups.** Every change goes to one writer task, which takes all
//! the changes waiting at that moment and makes them in one transaction, each inside its own
//! savepoint (so that one refused change does not undo the others), then commits once: one
//! disk flush for many moves. A change is acknowledged only after that commit, so nothing is
//! acknowledged that a crash could lose. Changes to one game never meet in a group, since the
//! hub makes them one after another.

use anyhow::{anyhow, Context, Result};
use serde::{Deserialize, Serialize};
use sqlx::any::{AnyArguments, AnyPoolOptions};
use sqlx::postgres::PgListener;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::Row;
use sqlx::{AnyConnection, AnyPool};
use std::str::FromStr;
use std::sync::Arc;
use tafel_core::record::{Ending, Termination};
use tafel_core::{Player, PlayerSet};
use tokio::sync::{mpsc, oneshot};

use crate::clock::{Clock, TimeControl};
use crate::consent::Proposals;
use crate::dice::Dice;
use crate::seat::{SeatKind, SeatView};

/// Who sits in a seat, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredSeat {
    /// A person at the creator's screen, a person with an invitation, or the computer.
    pub kind: SeatKind,
    /// The computer's strength level, for computer seats.
    pub level: Option<u8>,
    /// The secret that lets its holder act for this seat.
    pub token: String,
    /// The invitation code of an invited seat, exchanged once for the token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
    /// Whether the seat is taken: false only for an invitation not yet claimed. Seats stored
    /// before invitations were claimed count as taken (their links carried the token).
    #[serde(default = "taken")]
    pub joined: bool,
    /// The person's name, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Whether the person may ask for hints (the best move of their position): chosen before
    /// a game against the computer, off otherwise.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hints: bool,
}

fn taken() -> bool {
    true
}

/// Everything about a game beside its moves that changes as it is played: who sits where,
/// the clocks, the proposals waiting for an answer, how the game ended if not by its rules,
/// and its rematch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// The seats.
    pub seats: Vec<StoredSeat>,
    /// The clocks, when the game has a time control.
    pub clock: Option<Clock>,
    /// How the game ended, when not by its rules (resignation, agreed draw, time).
    pub ending: Option<Ending>,
    /// Draw offers, takeback requests and team resignations waiting for an answer.
    pub proposals: Proposals,
    /// The id of the rematch, once somebody asked for one.
    pub rematch: Option<String>,
}

/// A game as stored: everything needed to rebuild it.
#[derive(Clone, Debug)]
pub struct StoredGame {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: String,
    /// The settings as `key=value` pairs.
    pub settings: Vec<(String, String)>,
    /// The start position's code, if not the default start.
    pub start: Option<String>,
    /// Every move and chance outcome, in order.
    pub moves: Vec<String>,
    /// The secret seed of the game's dice.
    pub dice: Dice,
    /// Whether the game is listed as an open challenge while a seat is free.
    pub public: bool,
    /// The time control chosen at creation.
    pub time_control: TimeControl,
    /// The game this one is the rematch of.
    pub rematch_of: Option<String>,
    /// Seats, clocks, proposals, ending and rematch.
    pub table: Table,
    /// The stored version: 0 when created, advanced by every change.
    pub version: i64,
}

impl StoredGame {
    /// A private game without a clock, with fresh dice, of `seats` and `moves`.
    pub fn new(
        id: impl Into<String>,
        game: impl Into<String>,
        settings: Vec<(String, String)>,
        start: Option<String>,
        seats: Vec<StoredSeat>,
        moves: Vec<String>,
    ) -> StoredGame {
        StoredGame {
            id: id.into(),
            game: game.into(),
            settings,
            start,
            moves,
            dice: Dice::new(),
            public: false,
            time_control: TimeControl::None,
            rematch_of: None,
            table: Table {
                seats,
                ..Table::default()
            },
            version: 0,
        }
    }
}

/// What the rest of the server (the lists, a restart) needs to know about a game without
/// loading it, written with every change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The result in words once the game is over, `None` while it goes on.
    pub result: Option<String>,
    /// Whether a computer seat is to move (a restarted server resumes these games).
    pub computer_to_move: bool,
    /// The record's number of the last move, 0 before the first (`None`: not known).
    pub record_moves: Option<u32>,
    /// The seats as everyone sees them (`None`: not known; the lists work it out once).
    pub players: Option<Vec<SeatView>>,
}

/// What a change writes beside the moves: the table and the summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Seats, clocks, proposals, ending, rematch.
    pub table: Table,
    /// The summary for lists and restarts.
    pub summary: Summary,
}

/// One line of the list of recent games, from the stored summary (no replay).
#[derive(Clone, Debug, Serialize)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: String,
    /// The result in words, or `None` while the game goes on.
    pub result: Option<String>,
    /// The number of moves (chance outcomes included).
    pub moves: i64,
    /// The record's number of the last move (`None` when not known yet).
    pub record_moves: Option<u32>,
    /// The seats as everyone sees them (`None` when not known yet).
    pub players: Option<Vec<SeatView>>,
    /// When the game was last changed (UTC, ISO 8601).
    pub updated_at: String,
    /// When the game was created (UTC, ISO 8601).
    pub created_at: String,
}

/// A public game waiting for an opponent.
#[derive(Clone, Debug)]
pub struct OpenChallenge {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: String,
    /// The settings.
    pub settings: Vec<(String, String)>,
    /// The seats as everyone sees them.
    pub players: Option<Vec<SeatView>>,
    /// The time control.
    pub time_control: TimeControl,
    /// When the game was created (UTC, ISO 8601).
    pub created_at: String,
}

/// The database the store speaks to: the SQL is the same for both but for a few words
/// (placeholders, the time as text, the order of insertion).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// An SQLite file (or memory) database: one server instance.
    Sqlite,
    /// A PostgreSQL database, which several server instances may share.
    Postgres,
}

impl Backend {
    /// The backend of a database URL (`sqlite:...`, `postgres://...`, `postgresql://...`).
    pub fn of(url: &str) -> Result<Backend> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else {
            Err(anyhow!(
                "invalid database URL `{url}`: expected sqlite:PATH or postgres://USER@HOST/DB"
            ))
        }
    }

    /// `text` with its `?` placeholders numbered `$1`, `$2`... for PostgreSQL (placeholders
    /// inside quoted strings are left alone).
    fn sql(self, text: &str) -> String {
        if self == Backend::Sqlite {
            return text.to_string();
        }
        let (mut out, mut n, mut quoted) = (String::with_capacity(text.len() + 8), 0, false);
        for c in text.chars() {
            match c {
                '\'' => {
                    quoted = !quoted;
                    out.push(c);
                }
                '?' if !quoted => {
                    n += 1;
                    out.push_str(&format!("${n}"));
                }
                _ => out.push(c),
            }
        }
        out
    }

    /// The current time as stored (UTC, ISO 8601, whole seconds).
    fn now(self) -> &'static str {
        match self {
            Backend::Sqlite => "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')",
            Backend::Postgres => {
                "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
            }
        }
    }

    /// The time [`CHALLENGE_LISTED_FOR`] ago, as stored.
    fn challenges_since(self) -> &'static str {
        match self {
            Backend::Sqlite => "strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '-1 day')",
            Backend::Postgres => {
                "to_char((now() - interval '1 day') AT TIME ZONE 'UTC', \
                 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
            }
        }
    }

    /// The column that orders games created in the same second by when they were stored.
    fn insertion_order(self) -> &'static str {
        match self {
            Backend::Sqlite => "rowid",
            Backend::Postgres => "seq",
        }
    }

    /// The larger of two numbers.
    fn greatest(self) -> &'static str {
        match self {
            Backend::Sqlite => "max",
            Backend::Postgres => "GREATEST",
        }
    }
}

/// A change refused because the game was changed meanwhile (by another server instance):
/// it was worked out from a version of the game that is no longer the stored one.
#[derive(Debug)]
pub struct Conflict {
    /// The game.
    pub id: String,
}

impl std::fmt::Display for Conflict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game {} was changed meanwhile", self.id)
    }
}

impl std::error::Error for Conflict {}

/// How long a computer seat's lease lasts past the last renewal by the instance holding it
/// (renewed every heartbeat): when that instance dies, another takes the game over after
/// at most this long and its next look.
pub const LEASE: std::time::Duration = std::time::Duration::from_secs(3);

/// The channel on which PostgreSQL tells every instance that a game changed.
const CHANGES_CHANNEL: &str = "tafel_games";

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    url: String,
    instance: Arc<str>,
    writes: mpsc::Sender<Write>,
}

/// A change of the stored games. `version` is the stored version a change of an existing
/// game was worked out from: it is written only over that version.
#[derive(Debug)]
enum Change {
    Create {
        game: Box<StoredGame>,
        summary: Summary,
    },
    Append {
        id: String,
        version: i64,
        first: usize,
        moves: Vec<String>,
        progress: Box<Progress>,
    },
    Truncate {
        id: String,
        version: i64,
        keep: usize,
        progress: Box<Progress>,
    },
    Update {
        id: String,
        version: i64,
        progress: Box<Progress>,
    },
    Rematch {
        old: String,
        version: i64,
        progress: Box<Progress>,
        game: Box<StoredGame>,
        summary: Summary,
    },
    Summary {
        id: String,
        summary: Summary,
    },
    ComputerToMove {
        id: String,
        computer_to_move: bool,
    },
    Alive {
        at_ms: i64,
    },
    Analysis {
        id: String,
        played: Vec<String>,
        review: String,
    },
}

/// A change waiting for the writer, and where to say how it went.
#[derive(Debug)]
struct Write {
    change: Change,
    done: oneshot::Sender<Result<()>>,
}

/// Changes committed together at most.
const MAX_GROUP: usize = 256;

/// Changes waiting for the writer at most (callers wait for room beyond).
const MAX_WAITING: usize = 1024;

/// How long open challenges stay listed.
pub const CHALLENGE_LISTED_FOR: &str = "-1 day";

/// Connections to a PostgreSQL database at most, per instance.
const MAX_POSTGRES_CONNECTIONS: u32 = 8;

impl Store {
    /// Opens the database at `url` (creating an SQLite file if needed) and brings its schema
    /// up to date with its backend's migrations.
    ///
    /// An in-memory SQLite database (`sqlite::memory:`) lives as long as the store: it has
    /// one connection that is never closed, since each SQLite connection has its own memory
    /// database.
    pub async fn open(url: &str) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of(url)?;
        let pool = match backend {
            Backend::Sqlite => open_sqlite(url).await?,
            Backend::Postgres => AnyPoolOptions::new()
                .max_connections(MAX_POSTGRES_CONNECTIONS)
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
        Ok(Store {
            pool,
            backend,
            url: url.to_string(),
            instance,
            writes,
        })
    }

    /// The database behind this store.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Whether other server instances may share the database (PostgreSQL): then a game kept
    /// in memory is checked against the stored version before use, changes made elsewhere
    /// are announced, and computer seats are played under a lease.
    pub fn is_shared(&self) -> bool {
        self.backend == Backend::Postgres
    }

    /// This store's name among the instances sharing the database (random, per start).
    pub fn instance(&self) -> &str {
        &self.instance
    }

    fn sql(&self, text: &str) -> String {
        self.backend.sql(text)
    }

    /// Hands `change` to the writer and waits until it is committed (or refused).
    async fn write(&self, change: Change) -> Result<()> {
        let (done, outcome) = oneshot::channel();
        self.writes
            .send(Write { change, done })
            .await
            .map_err(|_| anyhow!("the database writer has stopped"))?;
        outcome
            .await
            .map_err(|_| anyhow!("the database writer has stopped"))?
    }

    /// Stores a new game (at version 0) with its first moves (the dice rolled at once, if
    /// any), its table and summary, all or nothing.
    pub async fn create(&self, game: &StoredGame, summary: &Summary) -> Result<()> {
        self.write(Change::Create {
            game: Box::new(game.clone()),
            summary: summary.clone(),
        })
        .await
    }

    /// Appends moves from index `first` on and records the progress over stored `version`
    /// (else a [`Conflict`]): either all of it is stored or none.
    pub async fn append(
        &self,
        id: &str,
        version: i64,
        first: usize,
        moves: &[String],
        progress: &Progress,
    ) -> Result<()> {
        self.write(Change::Append {
            id: id.to_string(),
            version,
            first,
            moves: moves.to_vec(),
            progress: Box::new(progress.clone()),
        })
        .await
    }

    /// Deletes every move from index `keep` on (an undo or takeback), and records the
    /// progress over stored `version` (else a [`Conflict`]), all or nothing.
    pub async fn truncate(
        &self,
        id: &str,
        version: i64,
        keep: usize,
        progress: &Progress,
    ) -> Result<()> {
        self.write(Change::Truncate {
            id: id.to_string(),
            version,
            keep,
            progress: Box::new(progress.clone()),
        })
        .await
    }

    /// Records a change of the table alone (a person joined, a proposal, an ending) over
    /// stored `version` (else a [`Conflict`]).
    pub async fn update(&self, id: &str, version: i64, progress: &Progress) -> Result<()> {
        self.write(Change::Update {
            id: id.to_string(),
            version,
            progress: Box::new(progress.clone()),
        })
        .await
    }

    /// Stores the rematch `game` of game `old` together with `old`'s table, which names it,
    /// over `old`'s stored `version` (else a [`Conflict`]), all or nothing.
    pub async fn rematch(
        &self,
        old: &str,
        version: i64,
        progress: &Progress,
        game: &StoredGame,
        summary: &Summary,
    ) -> Result<()> {
        self.write(Change::Rematch {
            old: old.to_string(),
            version,
            progress: Box::new(progress.clone()),
            game: Box::new(game.clone()),
            summary: summary.clone(),
        })
        .await
    }

    /// Records the summary of a game stored before summaries were kept (the lists work it out
    /// once).
    pub async fn set_summary(&self, id: &str, summary: &Summary) -> Result<()> {
        self.write(Change::Summary {
            id: id.to_string(),
            summary: summary.clone(),
        })
        .await
    }

    /// Records that a game's computer seat is or is not to move, without another change (for
    /// games stored before the fact was kept, once they have been looked at).
    pub async fn set_computer_to_move(&self, id: &str, computer_to_move: bool) -> Result<()> {
        self.write(Change::ComputerToMove {
            id: id.to_string(),
            computer_to_move,
        })
        .await
    }

    /// Records that a server instance is alive at `at_ms` (milliseconds since the Unix epoch).
    pub async fn alive(&self, at_ms: i64) -> Result<()> {
        self.write(Change::Alive { at_ms }).await
    }

    /// Called once when a server starts at `now_ms`: if no instance has said it was alive for
    /// longer than `silence_ms`, the service was down since then, and every running clock's
    /// start (and fall) moves forward by that time, so that nobody is charged for it. Marks
    /// the service alive now. Returns the downtime credited, if any. One transaction that
    /// takes the write lock first, so that two instances starting together credit it once.
    pub async fn credit_downtime(&self, now_ms: i64, silence_ms: i64) -> Result<Option<i64>> {
        let mut connection = self.pool.acquire().await?;
        let begin = match self.backend {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN",
        };
        sqlx::query(begin).execute(&mut *connection).await?;
        if self.backend == Backend::Postgres {
            sqlx::query("LOCK TABLE server_alive IN SHARE ROW EXCLUSIVE MODE")
                .execute(&mut *connection)
                .await?;
        }
        let credited =
            credit_downtime_locked(self.backend, &mut connection, now_ms, silence_ms).await;
        let end = if credited.is_ok() {
            "COMMIT"
        } else {
            "ROLLBACK"
        };
        sqlx::query(end).execute(&mut *connection).await?;
        credited
    }

    /// Stores the analysis `review` (JSON) of game `id` over the moves `played`, in place of
    /// the game's earlier analysis, if any.
    pub async fn put_analysis(&self, id: &str, played: &[String], review: &str) -> Result<()> {
        self.write(Change::Analysis {
            id: id.to_string(),
            played: played.to_vec(),
            review: review.to_string(),
        })
        .await
    }

    /// The stored analysis (JSON) of game `id` over exactly the moves `played`, if any.
    pub async fn analysis(&self, id: &str, played: &[String]) -> Result<Option<String>> {
        let row = sqlx::query(
            &self.sql("SELECT played, review FROM analyses WHERE game_id = ? AND moves = ?"),
        )
        .bind(id)
        .bind(played.len() as i64)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let stored: Vec<String> = serde_json::from_str(row.get::<&str, _>("played"))
            .context("a stored analysis's moves are unreadable")?;
        Ok((stored == played).then(|| row.get::<String, _>("review")))
    }

    /// The stored version of game `id` (`None`: no such game): a copy kept in memory at
    /// another version is stale.
    pub async fn version(&self, id: &str) -> Result<Option<i64>> {
        Ok(
            sqlx::query(&self.sql("SELECT version FROM games WHERE id = ?"))
                .bind(id)
                .fetch_optional(&self.pool)
                .await?
                .map(|r| r.get(0)),
        )
    }

    /// Loads one game, or `None` if there is no game with that id.
    pub async fn load(&self, id: &str) -> Result<Option<StoredGame>> {
        // One transaction, so that the moves belong to the row read (another instance may
        // write between two reads).
        let mut tx = self.pool.begin().await?;
        if self.backend == Backend::Postgres {
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                .execute(&mut *tx)
                .await?;
        }
        let Some(row) = sqlx::query(&self.sql(
            "SELECT id, game, settings, start, seats, dice_seed, public, time_control, clock,
                    clock_since, ending, proposals, rematch, rematch_of, version
             FROM games WHERE id = ?",
        ))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        else {
            return Ok(None);
        };
        let moves =
            sqlx::query(&self.sql("SELECT notation FROM moves WHERE game_id = ? ORDER BY ply"))
                .bind(id)
                .fetch_all(&mut *tx)
                .await?
                .into_iter()
                .map(|r| r.get::<String, _>(0))
                .collect();
        tx.commit().await?;
        let json = |column: usize| -> Option<&str> { row.get::<Option<&str>, _>(column) };
        let mut clock: Option<Clock> = json(8).map(serde_json::from_str).transpose()?;
        if let Some(clock) = clock.as_mut() {
            clock.since_ms = row.get(9);
        }
        let ending = json(10)
            .map(serde_json::from_str::<StoredEnding>)
            .transpose()?
            .map(StoredEnding::into_ending);
        let dice = match json(5) {
            Some(seed) => Dice::from_hex(seed).map_err(|e| anyhow!("game {id}: {e}"))?,
            None => Dice::new(),
        };
        Ok(Some(StoredGame {
            id: row.get(0),
            game: row.get(1),
            settings: serde_json::from_str(row.get::<&str, _>(2))?,
            start: row.get(3),
            moves,
            dice,
            public: row.get::<i64, _>(6) != 0,
            time_control: json(7)
                .map(serde_json::from_str)
                .transpose()?
                .unwrap_or_default(),
            rematch_of: row.get(13),
            version: row.get(14),
            table: Table {
                seats: serde_json::from_str(row.get::<&str, _>(4))?,
                clock,
                ending,
                proposals: json(11)
                    .map(serde_json::from_str)
                    .transpose()?
                    .unwrap_or_default(),
                rematch: row.get(12),
            },
        }))
    }

    /// The most recently changed games first, at most `limit`, from their stored summaries.
    pub async fn list(&self, limit: i64) -> Result<Vec<GameSummary>> {
        let rows = sqlx::query(&self.sql(&format!(
            "SELECT id, game, result, plies, record_moves, players, updated_at, created_at
             FROM games ORDER BY updated_at DESC, {} DESC LIMIT ?",
            self.backend.insertion_order()
        )))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                Ok(GameSummary {
                    id: r.get(0),
                    game: r.get(1),
                    result: r.get(2),
                    moves: r.get(3),
                    record_moves: r.get::<Option<i64>, _>(4).map(|n| n as u32),
                    players: r
                        .get::<Option<&str>, _>(5)
                        .map(serde_json::from_str)
                        .transpose()?,
                    updated_at: r.get(6),
                    created_at: r.get(7),
                })
            })
            .collect()
    }

    /// The public games created within the last day that wait for an opponent, newest
    /// first, at most `limit`.
    pub async fn challenges(&self, limit: i64) -> Result<Vec<OpenChallenge>> {
        let rows = sqlx::query(&self.sql(&format!(
            "SELECT id, game, settings, players, time_control, created_at FROM games
             WHERE public = 1 AND open_seats > 0 AND result IS NULL
               AND created_at >= {}
             ORDER BY created_at DESC, {} DESC LIMIT ?",
            self.backend.challenges_since(),
            self.backend.insertion_order()
        )))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                Ok(OpenChallenge {
                    id: r.get(0),
                    game: r.get(1),
                    settings: serde_json::from_str(r.get::<&str, _>(2))?,
                    players: r
                        .get::<Option<&str>, _>(3)
                        .map(serde_json::from_str)
                        .transpose()?,
                    time_control: r
                        .get::<Option<&str>, _>(4)
                        .map(serde_json::from_str)
                        .transpose()?
                        .unwrap_or_default(),
                    created_at: r.get(5),
                })
            })
            .collect()
    }

    /// The ids of the games whose computer seat is to move (to resume them after a restart),
    /// the longest waiting first.
    pub async fn computer_to_move(&self) -> Result<Vec<String>> {
        let rows = sqlx::query(&format!(
            "SELECT id FROM games WHERE computer_to_move = 1 ORDER BY updated_at, {}",
            self.backend.insertion_order()
        ))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| r.get(0)).collect())
    }

    /// The games whose computer seat is to move and which no instance holds a lease on at
    /// `now_ms` (its holder died, or none took it yet), the longest waiting first, at most
    /// `limit`.
    pub async fn unleased_computer_games(&self, now_ms: i64, limit: i64) -> Result<Vec<String>> {
        let rows = sqlx::query(&self.sql(&format!(
            "SELECT id FROM games WHERE computer_to_move = 1
               AND (lease_until IS NULL OR lease_until < ?)
             ORDER BY updated_at, {} LIMIT ?",
            self.backend.insertion_order()
        )))
        .bind(now_ms)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| r.get(0)).collect())
    }

    /// Takes the lease on game `id`'s computer move until `until_ms`, if the game is still at
    /// stored `version` and no other instance holds an unexpired lease at `now_ms`. Returns
    /// whether this instance holds it now.
    pub async fn take_lease(
        &self,
        id: &str,
        version: i64,
        now_ms: i64,
        until_ms: i64,
    ) -> Result<bool> {
        let taken = sqlx::query(&self.sql(
            "UPDATE games SET lease_owner = ?, lease_until = ?
             WHERE id = ? AND version = ?
               AND (lease_owner IS NULL OR lease_owner = ? OR lease_until < ?)",
        ))
        .bind(&*self.instance)
        .bind(until_ms)
        .bind(id)
        .bind(version)
        .bind(&*self.instance)
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        Ok(taken.rows_affected() == 1)
    }

    /// Gives up this instance's lease on game `id`, if it holds one.
    pub async fn release_lease(&self, id: &str) -> Result<()> {
        sqlx::query(&self.sql(
            "UPDATE games SET lease_owner = NULL, lease_until = NULL
             WHERE id = ? AND lease_owner = ?",
        ))
        .bind(id)
        .bind(&*self.instance)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Extends every lease this instance holds on a computer move until `until_ms` (it is
    /// alive).
    pub async fn renew_leases(&self, until_ms: i64) -> Result<()> {
        sqlx::query(&self.sql(
            "UPDATE games SET lease_until = ? WHERE lease_owner = ? AND computer_to_move = 1",
        ))
        .bind(until_ms)
        .bind(&*self.instance)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The games whose running clock falls by `until_ms`, the soonest first, at most `limit`,
    /// with that moment.
    pub async fn flags_due(&self, until_ms: i64, limit: i64) -> Result<Vec<(String, i64)>> {
        let rows = sqlx::query(&self.sql(
            "SELECT id, flag_at FROM games WHERE flag_at IS NOT NULL AND flag_at <= ?
             ORDER BY flag_at LIMIT ?",
        ))
        .bind(until_ms)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    /// Listens for the changes other instances make (PostgreSQL only: `None` on SQLite,
    /// where this instance is the only one).
    pub async fn listen(&self) -> Result<Option<Changes>> {
        if self.backend != Backend::Postgres {
            return Ok(None);
        }
        let mut listener = PgListener::connect(&self.url)
            .await
            .context("cannot listen for changes")?;
        listener.listen(CHANGES_CHANNEL).await?;
        Ok(Some(Changes {
            listener,
            instance: self.instance.clone(),
        }))
    }

    /// Creates the empty database `name` on the PostgreSQL server of `url` (a database there
    /// that the user may connect to, with the right to create databases) and returns the new
    /// database's URL. For tests and first setups; `name` is letters, digits and `_`.
    pub async fn create_postgres_database(url: &str, name: &str) -> Result<String> {
        use sqlx::Connection;
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(anyhow!("invalid database name `{name}`"));
        }
        let mut connection = sqlx::PgConnection::connect(url)
            .await
            .with_context(|| format!("cannot connect to `{url}`"))?;
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut connection)
            .await
            .with_context(|| format!("cannot create the database `{name}`"))?;
        let (base, query) = url.split_once('?').unwrap_or((url, ""));
        let server = base.rsplit_once('/').map_or(base, |(server, _)| server);
        Ok(match query {
            "" => format!("{server}/{name}"),
            query => format!("{server}/{name}?{query}"),
        })
    }

    /// The ids of every stored game, in the order they were stored (for `tafel db copy`).
    pub async fn game_ids(&self) -> Result<Vec<String>> {
        let rows = sqlx::query(&format!(
            "SELECT id FROM games ORDER BY {}",
            self.backend.insertion_order()
        ))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| r.get(0)).collect())
    }

    /// Everything stored about game `id`, column by column (for `tafel db copy`).
    pub async fn export(&self, id: &str) -> Result<Option<GameRows>> {
        let mut tx = self.pool.begin().await?;
        let columns = COPIED_TEXT
            .iter()
            .chain(COPIED_NUMBERS)
            .copied()
            .collect::<Vec<_>>()
            .join(", ");
        let Some(row) =
            sqlx::query(&self.sql(&format!("SELECT {columns} FROM games WHERE id = ?")))
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?
        else {
            return Ok(None);
        };
        let text = (0..COPIED_TEXT.len()).map(|i| row.get(i)).collect();
        let numbers = (0..COPIED_NUMBERS.len())
            .map(|i| row.get(COPIED_TEXT.len() + i))
            .collect();
        let moves = sqlx::query(
            &self.sql("SELECT ply, notation FROM moves WHERE game_id = ? ORDER BY ply"),
        )
        .bind(id)
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
        let analyses = sqlx::query(&self.sql(
            "SELECT moves, played, review, created_at FROM analyses WHERE game_id = ?
             ORDER BY moves",
        ))
        .bind(id)
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
        .collect();
        tx.commit().await?;
        Ok(Some(GameRows {
            text,
            numbers,
            moves,
            analyses,
        }))
    }

    /// Stores `rows` (from [`Store::export`]) in place of the game with their id, if any,
    /// all or nothing; the lease is not copied.
    pub async fn import(&self, rows: &GameRows) -> Result<()> {
        let id = rows.id();
        let mut tx = self.pool.begin().await?;
        sqlx::query(&self.sql("DELETE FROM games WHERE id = ?"))
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let names: Vec<&str> = COPIED_TEXT.iter().chain(COPIED_NUMBERS).copied().collect();
        let marks = vec!["?"; names.len()].join(", ");
        let sql = self.sql(&format!(
            "INSERT INTO games ({}) VALUES ({marks})",
            names.join(", ")
        ));
        let mut insert = sqlx::query_with(&sql, AnyArguments::default());
        for value in &rows.text {
            insert = insert.bind(value.clone());
        }
        for value in &rows.numbers {
            insert = insert.bind(*value);
        }
        insert.execute(&mut *tx).await?;
        for (ply, notation) in &rows.moves {
            sqlx::query(&self.sql("INSERT INTO moves (game_id, ply, notation) VALUES (?, ?, ?)"))
                .bind(id)
                .bind(*ply)
                .bind(notation)
                .execute(&mut *tx)
                .await?;
        }
        for (moves, played, review, created_at) in &rows.analyses {
            sqlx::query(&self.sql(
                "INSERT INTO analyses (game_id, moves, played, review, created_at)
                 VALUES (?, ?, ?, ?, ?)",
            ))
            .bind(id)
            .bind(*moves)
            .bind(played)
            .bind(review)
            .bind(created_at)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

/// The text columns of a game that `tafel db copy` copies (`id` first).
const COPIED_TEXT: &[&str] = &[
    "id",
    "game",
    "settings",
    "start",
    "seats",
    "result",
    "created_at",
    "updated_at",
    "dice_seed",
    "time_control",
    "clock",
    "ending",
    "proposals",
    "rematch",
    "rematch_of",
    "players",
];

/// The number columns of a game that `tafel db copy` copies.
const COPIED_NUMBERS: &[&str] = &[
    "computer_to_move",
    "public",
    "open_seats",
    "clock_since",
    "flag_at",
    "record_moves",
    "plies",
    "version",
];

/// Everything stored about one game, as it is stored: the game's columns, its moves and its
/// analyses. What `tafel db copy` carries from one database to the other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRows {
    text: Vec<Option<String>>,
    numbers: Vec<Option<i64>>,
    moves: Vec<(i64, String)>,
    analyses: Vec<(i64, String, String, String)>,
}

impl GameRows {
    /// The game's id.
    pub fn id(&self) -> &str {
        self.text[0].as_deref().unwrap_or_default()
    }

    /// The number of moves stored.
    pub fn moves(&self) -> usize {
        self.moves.len()
    }

    /// The number of analyses stored.
    pub fn analyses(&self) -> usize {
        self.analyses.len()
    }
}

/// The changes other server instances make, as PostgreSQL announces them.
pub struct Changes {
    listener: PgListener,
    instance: Arc<str>,
}

/// What [`Changes::next`] heard.
#[derive(Debug, PartialEq, Eq)]
pub enum Heard {
    /// Game `id` was stored at `version` by another instance.
    Changed {
        /// The game.
        id: String,
        /// Its stored version now.
        version: i64,
    },
    /// The connection was lost and made again: changes may have been missed.
    Lost,
}

impl Changes {
    /// Waits for the next change made by another instance.
    pub async fn next(&mut self) -> Result<Heard> {
        loop {
            let Some(notification) = self.listener.try_recv().await? else {
                return Ok(Heard::Lost);
            };
            let mut words = notification.payload().split(' ');
            let (Some(id), Some(version), Some(instance)) =
                (words.next(), words.next(), words.next())
            else {
                continue;
            };
            if instance == &*self.instance {
                continue;
            }
            let Ok(version) = version.parse() else {
                continue;
            };
            return Ok(Heard::Changed {
                id: id.to_string(),
                version,
            });
        }
    }
}

/// Opens an SQLite database as the store wants it: created if missing, foreign keys on,
/// write-ahead log, every commit flushed.
async fn open_sqlite(url: &str) -> Result<AnyPool> {
    let in_memory = url.contains(":memory:") || url.contains("mode=memory");
    // Checked here for a clear message, and to create the file if missing.
    SqliteConnectOptions::from_str(url).with_context(|| format!("invalid database URL `{url}`"))?;
    let url = if in_memory || url.contains("mode=") {
        url.to_string()
    } else if url.contains('?') {
        format!("{url}&mode=rwc")
    } else {
        format!("{url}?mode=rwc")
    };
    let options = if in_memory {
        AnyPoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
    } else {
        AnyPoolOptions::new().max_connections(4)
    };
    options
        .after_connect(|connection, _| {
            Box::pin(async move {
                for pragma in [
                    "PRAGMA foreign_keys = ON",
                    "PRAGMA journal_mode = WAL",
                    "PRAGMA synchronous = FULL",
                ] {
                    sqlx::query(pragma).execute(&mut *connection).await?;
                }
                Ok(())
            })
        })
        .connect(&url)
        .await
        .with_context(|| format!("cannot open the database `{url}`"))
}

/// [`Store::credit_downtime`] inside its transaction.
async fn credit_downtime_locked(
    backend: Backend,
    connection: &mut AnyConnection,
    now_ms: i64,
    silence_ms: i64,
) -> Result<Option<i64>> {
    let last: Option<i64> = sqlx::query("SELECT at_ms FROM server_alive WHERE id = 1")
        .fetch_optional(&mut *connection)
        .await?
        .map(|r| r.get(0));
    let downtime = last.map(|at| now_ms - at).filter(|&gap| gap > silence_ms);
    if let Some(gap) = downtime {
        sqlx::query(&backend.sql(
            "UPDATE games SET clock_since = clock_since + ?, flag_at = flag_at + ?
             WHERE clock_since IS NOT NULL",
        ))
        .bind(gap)
        .bind(gap)
        .execute(&mut *connection)
        .await?;
    }
    mark_alive(backend, connection, now_ms).await?;
    Ok(downtime)
}

async fn mark_alive(backend: Backend, connection: &mut AnyConnection, at_ms: i64) -> Result<()> {
    sqlx::query(&backend.sql(&format!(
        "INSERT INTO server_alive (id, at_ms) VALUES (1, ?)
         ON CONFLICT (id) DO UPDATE SET at_ms = {}(server_alive.at_ms, excluded.at_ms)",
        backend.greatest()
    )))
    .bind(at_ms)
    .execute(connection)
    .await?;
    Ok(())
}

/// An [`Ending`] as stored.
#[derive(Serialize, Deserialize)]
struct StoredEnding {
    termination: Termination,
    by: Option<u8>,
    winners: Vec<u8>,
    result: String,
}

impl StoredEnding {
    fn of(ending: &Ending) -> StoredEnding {
        StoredEnding {
            termination: ending.termination,
            by: ending.by.map(|p| p.0),
            winners: ending.winners.iter().map(|p| p.0).collect(),
            result: ending.result.clone(),
        }
    }

    fn into_ending(self) -> Ending {
        Ending {
            termination: self.termination,
            by: self.by.map(Player),
            winners: self
                .winners
                .into_iter()
                .fold(PlayerSet::EMPTY, |set, p| set.with(Player(p))),
            result: self.result,
        }
    }
}

/// What the writer needs to know beside the pool: the backend's SQL and whom to name as the
/// author of the changes it announces.
struct WriterContext {
    backend: Backend,
    instance: Arc<str>,
}

/// The writer: commits the changes waiting, in groups, until every [`Store`] is gone.
async fn writer(pool: AnyPool, context: WriterContext, mut waiting: mpsc::Receiver<Write>) {
    while let Some(first) = waiting.recv().await {
        let mut group = vec![first];
        while group.len() < MAX_GROUP {
            match waiting.try_recv() {
                Ok(write) => group.push(write),
                Err(_) => break,
            }
        }
        match commit_group(&pool, &context, &group).await {
            Ok(outcomes) => {
                for (write, outcome) in group.into_iter().zip(outcomes) {
                    let _ = write.done.send(outcome);
                }
            }
            Err(error) => {
                for write in group {
                    let _ = write.done.send(Err(anyhow!("{error:#}")));
                }
            }
        }
    }
}

/// Makes every change of `group` in one transaction, each in a savepoint; returns how each
/// went, or the error that stopped the whole group (then nothing was stored).
async fn commit_group(
    pool: &AnyPool,
    context: &WriterContext,
    group: &[Write],
) -> Result<Vec<Result<()>>> {
    let mut tx = pool.begin().await?;
    let mut outcomes = Vec::with_capacity(group.len());
    for write in group {
        sqlx::query("SAVEPOINT change").execute(&mut *tx).await?;
        let outcome = apply(&mut tx, context, &write.change).await;
        if outcome.is_err() {
            sqlx::query("ROLLBACK TO SAVEPOINT change")
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("RELEASE SAVEPOINT change")
            .execute(&mut *tx)
            .await?;
        outcomes.push(outcome);
    }
    tx.commit().await?;
    Ok(outcomes)
}

/// Makes one change inside the writer's transaction.
async fn apply(tx: &mut AnyConnection, context: &WriterContext, change: &Change) -> Result<()> {
    let backend = context.backend;
    match change {
        Change::Create { game, summary } => insert_game(context, tx, game, summary).await?,
        Change::Append {
            id,
            version,
            first,
            moves,
            progress,
        } => {
            // The version first: a stale change is refused as such, before its moves meet
            // the ones stored meanwhile.
            touch(context, tx, id, *version, progress).await?;
            for (i, notation) in moves.iter().enumerate() {
                insert_move(backend, tx, id, first + i, notation).await?;
            }
            count_plies(backend, tx, id).await?;
        }
        Change::Truncate {
            id,
            version,
            keep,
            progress,
        } => {
            touch(context, tx, id, *version, progress).await?;
            sqlx::query(&backend.sql("DELETE FROM moves WHERE game_id = ? AND ply >= ?"))
                .bind(id)
                .bind(*keep as i64)
                .execute(&mut *tx)
                .await?;
            count_plies(backend, tx, id).await?;
        }
        Change::Update {
            id,
            version,
            progress,
        } => touch(context, tx, id, *version, progress).await?,
        Change::Rematch {
            old,
            version,
            progress,
            game,
            summary,
        } => {
            insert_game(context, tx, game, summary).await?;
            touch(context, tx, old, *version, progress).await?;
        }
        Change::Summary { id, summary } => {
            sqlx::query(
                &backend.sql("UPDATE games SET players = ?, record_moves = ? WHERE id = ?"),
            )
            .bind(players_json(summary)?)
            .bind(summary.record_moves.map(i64::from))
            .bind(id)
            .execute(&mut *tx)
            .await?;
        }
        Change::ComputerToMove {
            id,
            computer_to_move,
        } => {
            sqlx::query(&backend.sql("UPDATE games SET computer_to_move = ? WHERE id = ?"))
                .bind(i64::from(*computer_to_move))
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        Change::Alive { at_ms } => mark_alive(backend, tx, *at_ms).await?,
        Change::Analysis { id, played, review } => {
            sqlx::query(&backend.sql("DELETE FROM analyses WHERE game_id = ?"))
                .bind(id)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                &backend.sql(
                    "INSERT INTO analyses (game_id, moves, played, review) VALUES (?, ?, ?, ?)",
                ),
            )
            .bind(id)
            .bind(played.len() as i64)
            .bind(serde_json::to_string(played)?)
            .bind(review.as_str())
            .execute(&mut *tx)
            .await?;
        }
    }
    Ok(())
}

fn players_json(summary: &Summary) -> Result<Option<String>> {
    Ok(summary
        .players
        .as_ref()
        .map(serde_json::to_string)
        .transpose()?)
}

async fn insert_game(
    context: &WriterContext,
    tx: &mut AnyConnection,
    game: &StoredGame,
    summary: &Summary,
) -> Result<()> {
    let backend = context.backend;
    let time_control = match game.time_control {
        TimeControl::None => None,
        control => Some(serde_json::to_string(&control)?),
    };
    sqlx::query(&backend.sql(
        "INSERT INTO games (id, game, settings, start, seats, dice_seed, public, time_control,
                            rematch_of, plies)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ))
    .bind(game.id.as_str())
    .bind(game.game.as_str())
    .bind(serde_json::to_string(&game.settings)?)
    .bind(game.start.clone())
    .bind(serde_json::to_string(&game.table.seats)?)
    .bind(game.dice.to_hex())
    .bind(i64::from(game.public))
    .bind(time_control)
    .bind(game.rematch_of.clone())
    .bind(game.moves.len() as i64)
    .execute(&mut *tx)
    .await?;
    for (ply, notation) in game.moves.iter().enumerate() {
        insert_move(backend, tx, &game.id, ply, notation).await?;
    }
    let progress = Progress {
        table: game.table.clone(),
        summary: summary.clone(),
    };
    write_progress(context, tx, &game.id, &progress, None).await
}

async fn insert_move(
    backend: Backend,
    tx: &mut AnyConnection,
    id: &str,
    ply: usize,
    notation: &str,
) -> Result<()> {
    sqlx::query(&backend.sql("INSERT INTO moves (game_id, ply, notation) VALUES (?, ?, ?)"))
        .bind(id)
        .bind(ply as i64)
        .bind(notation)
        .execute(tx)
        .await?;
    Ok(())
}

/// Stores the number of moves game `id` has now.
async fn count_plies(backend: Backend, tx: &mut AnyConnection, id: &str) -> Result<()> {
    sqlx::query(&backend.sql(
        "UPDATE games SET plies = (SELECT count(*) FROM moves WHERE game_id = games.id)
         WHERE id = ?",
    ))
    .bind(id)
    .execute(tx)
    .await?;
    Ok(())
}

/// Records a change's progress over stored `version`, advances the version, marks the game
/// changed now, and (on PostgreSQL) tells the other instances when the transaction commits.
async fn touch(
    context: &WriterContext,
    tx: &mut AnyConnection,
    id: &str,
    version: i64,
    progress: &Progress,
) -> Result<()> {
    write_progress(context, tx, id, progress, Some(version)).await?;
    if context.backend == Backend::Postgres {
        let payload = format!("{id} {} {}", version + 1, context.instance);
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANGES_CHANNEL)
            .bind(payload)
            .execute(tx)
            .await?;
    }
    Ok(())
}

/// Writes the table, the summary and the columns made from them (the open seats, when the
/// running clock started and falls). A change of an existing game (`over`: the stored version
/// it was worked out from) is written only over that version: it advances the version and
/// sets `updated_at`; over another version it is a [`Conflict`]. The instance that writes a
/// change holds the lease on the game's next computer move (it has the game in memory, and a
/// computer playing on keeps its lease). Fails if there is no game `id`.
async fn write_progress(
    context: &WriterContext,
    tx: &mut AnyConnection,
    id: &str,
    progress: &Progress,
    over: Option<i64>,
) -> Result<()> {
    let Progress { table, summary } = progress;
    let clock = table.clock.as_ref();
    let open_seats = table.seats.iter().filter(|s| s.is_open()).count() as i64;
    let ending = table
        .ending
        .as_ref()
        .map(|e| serde_json::to_string(&StoredEnding::of(e)))
        .transpose()?;
    let proposals = (table.proposals != Proposals::default())
        .then(|| serde_json::to_string(&table.proposals))
        .transpose()?;
    let backend = context.backend;
    let (changed, only_over) = match over {
        Some(_) => (
            format!(", updated_at = {}, version = version + 1", backend.now()),
            " AND version = ?",
        ),
        None => (String::new(), ""),
    };
    let sql = backend.sql(&format!(
        "UPDATE games SET seats = ?, open_seats = ?, clock = ?, clock_since = ?, flag_at = ?,
                ending = ?, proposals = ?, rematch = ?, result = ?, computer_to_move = ?,
                players = ?, record_moves = ?, lease_owner = ?, lease_until = ?{changed}
         WHERE id = ?{only_over}"
    ));
    let mut query = sqlx::query_with(&sql, AnyArguments::default())
        .bind(serde_json::to_string(&table.seats)?)
        .bind(open_seats)
        .bind(clock.map(serde_json::to_string).transpose()?)
        .bind(clock.and_then(|c| c.since_ms))
        .bind(clock.and_then(Clock::flag_at))
        .bind(ending)
        .bind(proposals)
        .bind(table.rematch.clone())
        .bind(summary.result.clone())
        .bind(i64::from(summary.computer_to_move))
        .bind(players_json(summary)?)
        .bind(summary.record_moves.map(i64::from))
        .bind(&*context.instance)
        .bind(crate::clock::now_ms() + LEASE.as_millis() as i64)
        .bind(id);
    if let Some(version) = over {
        query = query.bind(version);
    }
    let written = query.execute(&mut *tx).await?;
    if written.rows_affected() == 0 {
        let exists = sqlx::query(&backend.sql("SELECT 1 FROM games WHERE id = ?"))
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?
            .is_some();
        return Err(if exists {
            anyhow::Error::new(Conflict { id: id.to_string() })
        } else {
            anyhow!("there is no game `{id}`")
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! The store's tests run on SQLite, and on PostgreSQL too when `TAFEL_TEST_POSTGRES` is
    //! the URL of a PostgreSQL database whose user may create databases (`scripts/test` starts
    //! such a server): each test gets a database of its own there.
    use super::*;

    /// The databases to test on: a fresh in-memory SQLite one, and a fresh PostgreSQL one
    /// when `TAFEL_TEST_POSTGRES` is set.
    async fn databases() -> Vec<Store> {
        let mut stores = vec![Store::open("sqlite::memory:").await.unwrap()];
        if let Some(url) = postgres().await {
            stores.push(Store::open(&url).await.unwrap());
        }
        stores
    }

    /// A new empty PostgreSQL database, when `TAFEL_TEST_POSTGRES` names a server.
    async fn postgres() -> Option<String> {
        let Ok(server) = std::env::var("TAFEL_TEST_POSTGRES") else {
            eprintln!("TAFEL_TEST_POSTGRES is not set: testing on SQLite only");
            return None;
        };
        let name = format!("tafel_store_{:016x}", rand::random::<u64>());
        Some(
            Store::create_postgres_database(&server, &name)
                .await
                .unwrap(),
        )
    }

    fn game(id: &str) -> StoredGame {
        let seat = StoredSeat::person(SeatKind::Local, None);
        StoredGame::new(
            id,
            "black-path",
            vec![],
            None,
            vec![seat.clone(), seat],
            vec![],
        )
    }

    fn going_on(game: &StoredGame) -> Progress {
        Progress {
            table: game.table.clone(),
            summary: Summary::default(),
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn changes_made_together_succeed_or_fail_each_on_its_own() {
        for store in databases().await {
            let progress = going_on(&game("g0"));
            for i in 0..40 {
                store
                    .create(&game(&format!("g{i}")), &Summary::default())
                    .await
                    .unwrap();
            }
            // Forty moves at once, and two changes the database refuses among them.
            let mut writes = Vec::new();
            for i in 0..40 {
                let (store, progress) = (store.clone(), progress.clone());
                writes.push(tokio::spawn(async move {
                    store
                        .append(&format!("g{i}"), 0, 0, &["2".to_string()], &progress)
                        .await
                }));
            }
            let (two, again, summary) = (["2".to_string()], game("g0"), Summary::default());
            let refused = store.append("nosuchgame", 0, 0, &two, &progress);
            let twice = store.create(&again, &summary);
            let (refused, twice) = tokio::join!(refused, twice);
            assert!(refused.is_err());
            assert!(twice.is_err());
            for write in writes {
                write.await.unwrap().unwrap();
            }
            for i in 0..40 {
                let stored = store.load(&format!("g{i}")).await.unwrap().unwrap();
                assert_eq!(stored.moves, ["2"]);
                assert_eq!(stored.version, 1);
            }
            assert!(store.load("nosuchgame").await.unwrap().is_none());
            assert!(store.update("nosuchgame", 0, &progress).await.is_err());
            let listed = store.list(100).await.unwrap();
            assert_eq!(listed.len(), 40);
            assert!(listed.iter().all(|g| g.moves == 1), "{listed:?}");
        }
    }

    #[tokio::test]
    async fn the_table_and_the_secret_dice_come_back_as_stored() {
        for store in databases().await {
            let mut stored = game("tabled");
            stored.time_control = TimeControl::Fischer {
                initial_seconds: 180,
                increment_seconds: 2,
            };
            stored.table.seats[1] = StoredSeat::invited();
            let mut clock = Clock::new(stored.time_control, 2).unwrap();
            clock.settle(Some(0), 1_000);
            stored.table.clock = Some(clock);
            stored.table.proposals.draw = Some(vec![0]);
            stored.table.ending = Some(Ending::resigned(Player(1), &[("White", 0), ("Black", 1)]));
            stored.public = true;
            store.create(&stored, &Summary::default()).await.unwrap();
            let loaded = store.load("tabled").await.unwrap().unwrap();
            assert_eq!(loaded.table, stored.table);
            assert_eq!(loaded.dice, stored.dice);
            assert_eq!(loaded.time_control, stored.time_control);
            assert!(loaded.public);
            // The flag is stored for the timers.
            assert_eq!(
                store.flags_due(i64::MAX, 10).await.unwrap(),
                vec![("tabled".to_string(), 181_000)]
            );
            // A public game with a free seat is an open challenge.
            let challenges = store.challenges(10).await.unwrap();
            assert_eq!(challenges.len(), 1);
            assert_eq!(challenges[0].id, "tabled");
        }
    }

    #[tokio::test]
    async fn downtime_is_credited_once_to_running_clocks() {
        for store in databases().await {
            let mut stored = game("ticking");
            stored.time_control = TimeControl::Fischer {
                initial_seconds: 60,
                increment_seconds: 0,
            };
            let mut clock = Clock::new(stored.time_control, 2).unwrap();
            clock.settle(Some(0), 10_000);
            stored.table.clock = Some(clock);
            store.create(&stored, &Summary::default()).await.unwrap();
            assert_eq!(store.credit_downtime(20_000, 3_000).await.unwrap(), None);
            store.alive(21_000).await.unwrap();
            // Silent from 21 s to 40 s: 19 s are credited, once.
            assert_eq!(
                store.credit_downtime(40_000, 3_000).await.unwrap(),
                Some(19_000)
            );
            assert_eq!(store.credit_downtime(41_000, 3_000).await.unwrap(), None);
            let clock = store
                .load("ticking")
                .await
                .unwrap()
                .unwrap()
                .table
                .clock
                .unwrap();
            assert_eq!(clock.since_ms, Some(29_000));
            assert_eq!(clock.flag_at(), Some(89_000));
        }
    }

    #[tokio::test]
    async fn a_change_over_a_stale_version_is_a_conflict() {
        for store in databases().await {
            let stored = game("raced");
            let progress = going_on(&stored);
            store.create(&stored, &Summary::default()).await.unwrap();
            let one = ["1".to_string()];
            store.append("raced", 0, 0, &one, &progress).await.unwrap();
            // Worked out from version 0 again: refused, as a conflict, and nothing changes.
            for refused in [
                store.append("raced", 0, 1, &one, &progress).await,
                store.update("raced", 0, &progress).await,
                store.truncate("raced", 0, 0, &progress).await,
            ] {
                let error = refused.unwrap_err();
                assert!(error.downcast_ref::<Conflict>().is_some(), "{error:#}");
            }
            let loaded = store.load("raced").await.unwrap().unwrap();
            assert_eq!((loaded.moves.len(), loaded.version), (1, 1));
            store.truncate("raced", 1, 0, &progress).await.unwrap();
            assert_eq!(store.version("raced").await.unwrap(), Some(2));
            assert_eq!(store.version("nothing").await.unwrap(), None);
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn two_stores_racing_for_a_ply_are_decided_once_by_the_database() {
        // Two stores on one database are two instances' stores; on SQLite a file is shared.
        let folder = tempfile::tempdir().unwrap();
        let mut urls = vec![format!("sqlite://{}/race.db", folder.path().display())];
        urls.extend(postgres().await);
        for url in urls {
            let (a, b) = (
                Store::open(&url).await.unwrap(),
                Store::open(&url).await.unwrap(),
            );
            for trial in 0..100 {
                let id = format!("race{trial}");
                let stored = game(&id);
                let progress = going_on(&stored);
                a.create(&stored, &Summary::default()).await.unwrap();
                let (x, y) = (["1".to_string()], ["2".to_string()]);
                let (first, second) = tokio::join!(
                    a.append(&id, 0, 0, &x, &progress),
                    b.append(&id, 0, 0, &y, &progress)
                );
                assert!(
                    first.is_ok() != second.is_ok(),
                    "{url}: {first:?} {second:?}"
                );
                let loser = first.err().or(second.err()).unwrap();
                assert!(loser.downcast_ref::<Conflict>().is_some(), "{loser:#}");
                let loaded = b.load(&id).await.unwrap().unwrap();
                assert_eq!((loaded.moves.len(), loaded.version), (1, 1));
            }
        }
    }

    #[tokio::test]
    async fn a_lease_is_held_by_one_store_until_it_lapses_or_the_game_changes() {
        let folder = tempfile::tempdir().unwrap();
        let mut urls = vec![format!("sqlite://{}/lease.db", folder.path().display())];
        urls.extend(postgres().await);
        for url in urls {
            let (a, b) = (
                Store::open(&url).await.unwrap(),
                Store::open(&url).await.unwrap(),
            );
            let stored = game("leased");
            let summary = Summary {
                computer_to_move: true,
                ..Summary::default()
            };
            a.create(&stored, &summary).await.unwrap();
            a.release_lease("leased").await.unwrap();
            assert_eq!(
                a.unleased_computer_games(1_000, 10).await.unwrap(),
                ["leased"]
            );
            assert!(a.take_lease("leased", 0, 1_000, 4_000).await.unwrap());
            assert!(!b.take_lease("leased", 0, 2_000, 5_000).await.unwrap());
            assert!(a
                .unleased_computer_games(2_000, 10)
                .await
                .unwrap()
                .is_empty());
            a.renew_leases(6_000).await.unwrap();
            assert!(!b.take_lease("leased", 0, 5_000, 8_000).await.unwrap());
            // A's lease lapses (it died): B takes over, but only at the stored version.
            assert!(!b.take_lease("leased", 1, 7_000, 10_000).await.unwrap());
            assert!(b.take_lease("leased", 0, 7_000, 10_000).await.unwrap());
            b.release_lease("leased").await.unwrap();
            assert!(a.take_lease("leased", 0, 7_500, 10_000).await.unwrap());
            // Whoever changes the game holds the lease on its next computer move.
            let progress = Progress {
                table: stored.table.clone(),
                summary,
            };
            b.update("leased", 0, &progress).await.unwrap();
            let now = crate::clock::now_ms();
            assert!(!a.take_lease("leased", 1, now, now + 3_000).await.unwrap());
            assert!(b.take_lease("leased", 1, now, now + 3_000).await.unwrap());
        }
    }

    #[tokio::test]
    async fn a_game_exported_and_imported_is_stored_the_same() {
        let stores = databases().await;
        for from in &stores {
            for to in &stores {
                let mut stored = game(&format!("copied{}", rand::random::<u32>()));
                stored.moves = vec!["1".into(), "2".into()];
                stored.public = true;
                stored.table.seats[1] = StoredSeat::invited();
                from.create(&stored, &Summary::default()).await.unwrap();
                let played = stored.moves.clone();
                from.put_analysis(&stored.id, &played, "{}").await.unwrap();
                let rows = from.export(&stored.id).await.unwrap().unwrap();
                to.import(&rows).await.unwrap();
                // Twice: the same game replaced by itself.
                to.import(&rows).await.unwrap();
                assert_eq!(to.export(&stored.id).await.unwrap().unwrap(), rows);
                let loaded = to.load(&stored.id).await.unwrap().unwrap();
                assert_eq!(loaded.moves, stored.moves);
                assert_eq!(loaded.table, stored.table);
                assert_eq!(loaded.dice, stored.dice);
                let analysis = to.analysis(&stored.id, &played).await.unwrap();
                assert_eq!(analysis.as_deref(), Some("{}"));
            }
        }
    }
}

//! Durable storage of games and moves, through sqlx.
//!
//! All SQL lives here, behind [`Store`], so that another database (PostgreSQL) can be added by
//! giving this module a second pool type without touching the rest of the server. The schema
//! is created and upgraded by the migrations in `migrations/`, embedded at compile time.
//!
//! **Writes are committed in groups.** Every change goes to one writer task, which takes all
//! the changes waiting at that moment and makes them in one transaction, each inside its own
//! savepoint (so that one refused change does not undo the others), then commits once: one
//! disk flush for many moves. A change is acknowledged only after that commit, so nothing is
//! acknowledged that a crash could lose. Changes to one game never meet in a group, since the
//! hub makes them one after another.

use anyhow::{anyhow, Context, Result};
use serde::{Deserialize, Serialize};
use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};
use sqlx::{Row, SqliteConnection, SqlitePool};
use std::str::FromStr;
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

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
    writes: mpsc::Sender<Write>,
}

/// A change of the stored games.
#[derive(Debug)]
enum Change {
    Create {
        game: Box<StoredGame>,
        summary: Summary,
    },
    Append {
        id: String,
        first: usize,
        moves: Vec<String>,
        progress: Box<Progress>,
    },
    Truncate {
        id: String,
        keep: usize,
        progress: Box<Progress>,
    },
    Update {
        id: String,
        progress: Box<Progress>,
    },
    Rematch {
        old: String,
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

impl Store {
    /// Opens (creating if needed) the database at `url` and brings its schema up to date.
    ///
    /// An in-memory database (`sqlite::memory:`) lives as long as the store: it has one
    /// connection that is never closed, since each SQLite connection has its own memory
    /// database.
    pub async fn open(url: &str) -> Result<Store> {
        let options = SqliteConnectOptions::from_str(url)
            .with_context(|| format!("invalid database URL `{url}`"))?
            .create_if_missing(true)
            .foreign_keys(true)
            .journal_mode(sqlx::sqlite::SqliteJournalMode::Wal)
            .synchronous(sqlx::sqlite::SqliteSynchronous::Full);
        let in_memory = url.contains(":memory:") || url.contains("mode=memory");
        let pool = if in_memory {
            SqlitePoolOptions::new()
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
        } else {
            SqlitePoolOptions::new().max_connections(4)
        }
        .connect_with(options)
        .await
        .with_context(|| format!("cannot open the database `{url}`"))?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .context("cannot migrate the database")?;
        let (writes, waiting) = mpsc::channel(MAX_WAITING);
        tokio::spawn(writer(pool.clone(), waiting));
        Ok(Store { pool, writes })
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

    /// Stores a new game with its first moves (the dice rolled at once, if any), its table
    /// and summary, all or nothing.
    pub async fn create(&self, game: &StoredGame, summary: &Summary) -> Result<()> {
        self.write(Change::Create {
            game: Box::new(game.clone()),
            summary: summary.clone(),
        })
        .await
    }

    /// Appends moves from index `first` on and records the progress: either all of it is
    /// stored or none.
    pub async fn append(
        &self,
        id: &str,
        first: usize,
        moves: &[String],
        progress: &Progress,
    ) -> Result<()> {
        self.write(Change::Append {
            id: id.to_string(),
            first,
            moves: moves.to_vec(),
            progress: Box::new(progress.clone()),
        })
        .await
    }

    /// Deletes every move from index `keep` on (an undo or takeback), and records the
    /// progress, all or nothing.
    pub async fn truncate(&self, id: &str, keep: usize, progress: &Progress) -> Result<()> {
        self.write(Change::Truncate {
            id: id.to_string(),
            keep,
            progress: Box::new(progress.clone()),
        })
        .await
    }

    /// Records a change of the table alone (a person joined, a proposal, an ending).
    pub async fn update(&self, id: &str, progress: &Progress) -> Result<()> {
        self.write(Change::Update {
            id: id.to_string(),
            progress: Box::new(progress.clone()),
        })
        .await
    }

    /// Stores the rematch `game` of game `old` together with `old`'s table, which names it,
    /// all or nothing.
    pub async fn rematch(
        &self,
        old: &str,
        progress: &Progress,
        game: &StoredGame,
        summary: &Summary,
    ) -> Result<()> {
        self.write(Change::Rematch {
            old: old.to_string(),
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
        sqlx::query("BEGIN IMMEDIATE")
            .execute(&mut *connection)
            .await?;
        let credited = credit_downtime_locked(&mut connection, now_ms, silence_ms).await;
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
        let row =
            sqlx::query("SELECT played, review FROM analyses WHERE game_id = ? AND moves = ?")
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

    /// Loads one game, or `None` if there is no game with that id.
    pub async fn load(&self, id: &str) -> Result<Option<StoredGame>> {
        let Some(row) = sqlx::query(
            "SELECT id, game, settings, start, seats, dice_seed, public, time_control, clock,
                    clock_since, ending, proposals, rematch, rematch_of
             FROM games WHERE id = ?",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let moves = sqlx::query("SELECT notation FROM moves WHERE game_id = ? ORDER BY ply")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(|r| r.get::<String, _>(0))
            .collect();
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
            public: row.get(6),
            time_control: json(7)
                .map(serde_json::from_str)
                .transpose()?
                .unwrap_or_default(),
            rematch_of: row.get(13),
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
        let rows = sqlx::query(
            "SELECT id, game, result, plies, record_moves, players, updated_at, created_at
             FROM games ORDER BY updated_at DESC, rowid DESC LIMIT ?",
        )
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
        let rows = sqlx::query(
            "SELECT id, game, settings, players, time_control, created_at FROM games
             WHERE public = 1 AND open_seats > 0 AND result IS NULL
               AND created_at >= strftime('%Y-%m-%dT%H:%M:%SZ', 'now', ?)
             ORDER BY created_at DESC, rowid DESC LIMIT ?",
        )
        .bind(CHALLENGE_LISTED_FOR)
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
        let rows = sqlx::query(
            "SELECT id FROM games WHERE computer_to_move = 1 ORDER BY updated_at, rowid",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| r.get(0)).collect())
    }

    /// The games whose running clock falls by `until_ms`, the soonest first, at most `limit`,
    /// with that moment.
    pub async fn flags_due(&self, until_ms: i64, limit: i64) -> Result<Vec<(String, i64)>> {
        let rows = sqlx::query(
            "SELECT id, flag_at FROM games WHERE flag_at IS NOT NULL AND flag_at <= ?
             ORDER BY flag_at LIMIT ?",
        )
        .bind(until_ms)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
    }
}

/// [`Store::credit_downtime`] inside its transaction.
async fn credit_downtime_locked(
    connection: &mut SqliteConnection,
    now_ms: i64,
    silence_ms: i64,
) -> Result<Option<i64>> {
    let last: Option<i64> = sqlx::query("SELECT at_ms FROM server_alive WHERE id = 1")
        .fetch_optional(&mut *connection)
        .await?
        .map(|r| r.get(0));
    let downtime = last.map(|at| now_ms - at).filter(|&gap| gap > silence_ms);
    if let Some(gap) = downtime {
        sqlx::query(
            "UPDATE games SET clock_since = clock_since + ?1, flag_at = flag_at + ?1
             WHERE clock_since IS NOT NULL",
        )
        .bind(gap)
        .execute(&mut *connection)
        .await?;
    }
    mark_alive(connection, now_ms).await?;
    Ok(downtime)
}

async fn mark_alive(connection: &mut SqliteConnection, at_ms: i64) -> Result<()> {
    sqlx::query(
        "INSERT INTO server_alive (id, at_ms) VALUES (1, ?)
         ON CONFLICT (id) DO UPDATE SET at_ms = max(at_ms, excluded.at_ms)",
    )
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

/// The writer: commits the changes waiting, in groups, until every [`Store`] is gone.
async fn writer(pool: SqlitePool, mut waiting: mpsc::Receiver<Write>) {
    while let Some(first) = waiting.recv().await {
        let mut group = vec![first];
        while group.len() < MAX_GROUP {
            match waiting.try_recv() {
                Ok(write) => group.push(write),
                Err(_) => break,
            }
        }
        match commit_group(&pool, &group).await {
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
async fn commit_group(pool: &SqlitePool, group: &[Write]) -> Result<Vec<Result<()>>> {
    let mut tx = pool.begin().await?;
    let mut outcomes = Vec::with_capacity(group.len());
    for write in group {
        sqlx::query("SAVEPOINT change").execute(&mut *tx).await?;
        let outcome = apply(&mut tx, &write.change).await;
        if outcome.is_err() {
            sqlx::query("ROLLBACK TO change").execute(&mut *tx).await?;
        }
        sqlx::query("RELEASE change").execute(&mut *tx).await?;
        outcomes.push(outcome);
    }
    tx.commit().await?;
    Ok(outcomes)
}

/// Makes one change inside the writer's transaction.
async fn apply(tx: &mut SqliteConnection, change: &Change) -> Result<()> {
    match change {
        Change::Create { game, summary } => insert_game(tx, game, summary).await?,
        Change::Append {
            id,
            first,
            moves,
            progress,
        } => {
            for (i, notation) in moves.iter().enumerate() {
                insert_move(tx, id, first + i, notation).await?;
            }
            touch(tx, id, progress).await?;
        }
        Change::Truncate { id, keep, progress } => {
            sqlx::query("DELETE FROM moves WHERE game_id = ? AND ply >= ?")
                .bind(id)
                .bind(*keep as i64)
                .execute(&mut *tx)
                .await?;
            touch(tx, id, progress).await?;
        }
        Change::Update { id, progress } => touch(tx, id, progress).await?,
        Change::Rematch {
            old,
            progress,
            game,
            summary,
        } => {
            insert_game(tx, game, summary).await?;
            touch(tx, old, progress).await?;
        }
        Change::Summary { id, summary } => {
            sqlx::query("UPDATE games SET players = ?, record_moves = ? WHERE id = ?")
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
            sqlx::query("UPDATE games SET computer_to_move = ? WHERE id = ?")
                .bind(computer_to_move)
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        Change::Alive { at_ms } => mark_alive(tx, *at_ms).await?,
        Change::Analysis { id, played, review } => {
            sqlx::query("DELETE FROM analyses WHERE game_id = ?")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "INSERT INTO analyses (game_id, moves, played, review) VALUES (?, ?, ?, ?)",
            )
            .bind(id)
            .bind(played.len() as i64)
            .bind(serde_json::to_string(played)?)
            .bind(review)
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
    tx: &mut SqliteConnection,
    game: &StoredGame,
    summary: &Summary,
) -> Result<()> {
    let time_control = match game.time_control {
        TimeControl::None => None,
        control => Some(serde_json::to_string(&control)?),
    };
    sqlx::query(
        "INSERT INTO games (id, game, settings, start, seats, dice_seed, public, time_control,
                            rematch_of, plies)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(&game.id)
    .bind(&game.game)
    .bind(serde_json::to_string(&game.settings)?)
    .bind(&game.start)
    .bind(serde_json::to_string(&game.table.seats)?)
    .bind(game.dice.to_hex())
    .bind(game.public)
    .bind(time_control)
    .bind(&game.rematch_of)
    .bind(game.moves.len() as i64)
    .execute(&mut *tx)
    .await?;
    for (ply, notation) in game.moves.iter().enumerate() {
        insert_move(tx, &game.id, ply, notation).await?;
    }
    let progress = Progress {
        table: game.table.clone(),
        summary: summary.clone(),
    };
    write_progress(tx, &game.id, &progress, false).await
}

async fn insert_move(
    tx: &mut sqlx::SqliteConnection,
    id: &str,
    ply: usize,
    notation: &str,
) -> Result<()> {
    sqlx::query("INSERT INTO moves (game_id, ply, notation) VALUES (?, ?, ?)")
        .bind(id)
        .bind(ply as i64)
        .bind(notation)
        .execute(tx)
        .await?;
    Ok(())
}

/// Records a change's progress and that the game changed now.
async fn touch(tx: &mut sqlx::SqliteConnection, id: &str, progress: &Progress) -> Result<()> {
    write_progress(tx, id, progress, true).await
}

/// Writes the table, the summary and the columns made from them (the open seats, when the
/// running clock started and falls, the number of moves); `touch` also sets `updated_at`.
/// Fails if there is no game `id`.
async fn write_progress(
    tx: &mut sqlx::SqliteConnection,
    id: &str,
    progress: &Progress,
    touch: bool,
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
    let updated = if touch {
        ", updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"
    } else {
        ""
    };
    let changed = sqlx::query(&format!(
        "UPDATE games SET seats = ?, open_seats = ?, clock = ?, clock_since = ?, flag_at = ?,
                ending = ?, proposals = ?, rematch = ?, result = ?, computer_to_move = ?,
                players = ?, record_moves = ?,
                plies = (SELECT count(*) FROM moves WHERE game_id = games.id){updated}
         WHERE id = ?"
    ))
    .bind(serde_json::to_string(&table.seats)?)
    .bind(open_seats)
    .bind(clock.map(serde_json::to_string).transpose()?)
    .bind(clock.and_then(|c| c.since_ms))
    .bind(clock.and_then(Clock::flag_at))
    .bind(ending)
    .bind(proposals)
    .bind(&table.rematch)
    .bind(&summary.result)
    .bind(summary.computer_to_move)
    .bind(players_json(summary)?)
    .bind(summary.record_moves.map(i64::from))
    .bind(id)
    .execute(tx)
    .await?;
    if changed.rows_affected() == 0 {
        return Err(anyhow!("there is no game `{id}`"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let store = Store::open("sqlite::memory:").await.unwrap();
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
                    .append(&format!("g{i}"), 0, &["2".to_string()], &progress)
                    .await
            }));
        }
        let (two, again, summary) = (["2".to_string()], game("g0"), Summary::default());
        let refused = store.append("nosuchgame", 0, &two, &progress);
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
        }
        assert!(store.load("nosuchgame").await.unwrap().is_none());
        assert!(store.update("nosuchgame", &progress).await.is_err());
    }

    #[tokio::test]
    async fn the_table_and_the_secret_dice_come_back_as_stored() {
        let store = Store::open("sqlite::memory:").await.unwrap();
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
        store.create(&stored, &Summary::default()).await.unwrap();
        let loaded = store.load("tabled").await.unwrap().unwrap();
        assert_eq!(loaded.table, stored.table);
        assert_eq!(loaded.dice, stored.dice);
        assert_eq!(loaded.time_control, stored.time_control);
        // The flag is stored for the timers.
        assert_eq!(
            store.flags_due(i64::MAX, 10).await.unwrap(),
            vec![("tabled".to_string(), 181_000)]
        );
    }

    #[tokio::test]
    async fn downtime_is_credited_once_to_running_clocks() {
        let store = Store::open("sqlite::memory:").await.unwrap();
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

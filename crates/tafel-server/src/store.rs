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
use tokio::sync::{mpsc, oneshot};

use crate::seat::SeatKind;

/// Who sits in a seat, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredSeat {
    /// A person at the creator's screen, a person with an invitation link, or the computer.
    pub kind: SeatKind,
    /// The computer's strength level, for computer seats.
    pub level: Option<u8>,
    /// The secret that lets its holder move for this seat.
    pub token: String,
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
    /// The seats.
    pub seats: Vec<StoredSeat>,
    /// Every move and chance outcome, in order.
    pub moves: Vec<String>,
}

/// What the rest of the server needs to know about a game without loading it, written with
/// every change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The result in words once the game is over, `None` while it goes on.
    pub result: Option<String>,
    /// Whether a computer seat is to move (a restarted server resumes these games).
    pub computer_to_move: bool,
}

/// One line of the game list.
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
    /// When the game was last changed (UTC, ISO 8601).
    pub updated_at: String,
    /// When the game was created (UTC, ISO 8601).
    pub created_at: String,
    /// The whole game (seats with their secrets), for the list to describe it; never sent.
    #[serde(skip)]
    pub stored: StoredGame,
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
        game: StoredGame,
        progress: Progress,
    },
    Append {
        id: String,
        first: usize,
        moves: Vec<String>,
        progress: Progress,
    },
    Truncate {
        id: String,
        keep: usize,
        progress: Progress,
    },
    ComputerToMove {
        id: String,
        computer_to_move: bool,
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

    /// Stores a new game with its first moves (the dice rolled at once, if any) and its
    /// progress, all or nothing.
    pub async fn create(&self, game: &StoredGame, progress: &Progress) -> Result<()> {
        self.write(Change::Create {
            game: game.clone(),
            progress: progress.clone(),
        })
        .await
    }

    /// Appends moves from index `first` on and records the progress: either all of them are
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
            progress: progress.clone(),
        })
        .await
    }

    /// Deletes every move from index `keep` on (an undo), and records the progress, all or
    /// nothing.
    pub async fn truncate(&self, id: &str, keep: usize, progress: &Progress) -> Result<()> {
        self.write(Change::Truncate {
            id: id.to_string(),
            keep,
            progress: progress.clone(),
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

    /// Loads one game, or `None` if there is no game with that id.
    pub async fn load(&self, id: &str) -> Result<Option<StoredGame>> {
        let Some(row) =
            sqlx::query("SELECT id, game, settings, start, seats FROM games WHERE id = ?")
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
        Ok(Some(StoredGame {
            id: row.get(0),
            game: row.get(1),
            settings: serde_json::from_str(row.get::<&str, _>(2))?,
            start: row.get(3),
            seats: serde_json::from_str(row.get::<&str, _>(4))?,
            moves,
        }))
    }

    /// The most recently changed games first, at most `limit`.
    pub async fn list(&self, limit: i64) -> Result<Vec<GameSummary>> {
        let rows = sqlx::query(
            "SELECT g.id, g.game, g.result, g.updated_at, g.created_at, g.settings, g.start, g.seats,
                    (SELECT json_group_array(notation)
                     FROM (SELECT notation FROM moves m WHERE m.game_id = g.id ORDER BY m.ply))
             FROM games g ORDER BY g.updated_at DESC, g.rowid DESC LIMIT ?",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                let moves: Vec<String> = serde_json::from_str(r.get::<&str, _>(8))?;
                Ok(GameSummary {
                    id: r.get(0),
                    game: r.get(1),
                    result: r.get(2),
                    updated_at: r.get(3),
                    created_at: r.get(4),
                    moves: moves.len() as i64,
                    stored: StoredGame {
                        id: r.get(0),
                        game: r.get(1),
                        settings: serde_json::from_str(r.get::<&str, _>(5))?,
                        start: r.get(6),
                        seats: serde_json::from_str(r.get::<&str, _>(7))?,
                        moves,
                    },
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
        Change::Create { game, progress } => {
            sqlx::query("INSERT INTO games (id, game, settings, start, seats, result, computer_to_move) VALUES (?, ?, ?, ?, ?, ?, ?)")
                .bind(&game.id)
                .bind(&game.game)
                .bind(serde_json::to_string(&game.settings)?)
                .bind(&game.start)
                .bind(serde_json::to_string(&game.seats)?)
                .bind(&progress.result)
                .bind(progress.computer_to_move)
                .execute(&mut *tx)
                .await?;
            for (ply, notation) in game.moves.iter().enumerate() {
                insert_move(tx, &game.id, ply, notation).await?;
            }
        }
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
    }
    Ok(())
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

async fn touch(tx: &mut sqlx::SqliteConnection, id: &str, progress: &Progress) -> Result<()> {
    sqlx::query("UPDATE games SET result = ?, computer_to_move = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = ?")
        .bind(&progress.result)
        .bind(progress.computer_to_move)
        .bind(id)
        .execute(tx)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::SeatKind;

    fn game(id: &str) -> StoredGame {
        let seat = StoredSeat {
            kind: SeatKind::Local,
            level: None,
            token: "t".into(),
        };
        StoredGame {
            id: id.into(),
            game: "black-path".into(),
            settings: vec![],
            start: None,
            seats: vec![seat.clone(), seat],
            moves: vec![],
        }
    }

    const GOING_ON: Progress = Progress {
        result: None,
        computer_to_move: false,
    };

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn changes_made_together_succeed_or_fail_each_on_its_own() {
        let store = Store::open("sqlite::memory:").await.unwrap();
        for i in 0..40 {
            store
                .create(&game(&format!("g{i}")), &GOING_ON)
                .await
                .unwrap();
        }
        // Forty moves at once, and two changes the database refuses among them.
        let mut writes = Vec::new();
        for i in 0..40 {
            let store = store.clone();
            writes.push(tokio::spawn(async move {
                store
                    .append(&format!("g{i}"), 0, &["2".to_string()], &GOING_ON)
                    .await
            }));
        }
        let (two, again) = (["2".to_string()], game("g0"));
        let refused = store.append("nosuchgame", 0, &two, &GOING_ON);
        let twice = store.create(&again, &GOING_ON);
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
    }
}

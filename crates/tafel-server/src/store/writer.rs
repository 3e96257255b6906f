//! The writer: one task that commits the changes waiting, in groups, each in its own
//! savepoint, with one flush for many moves; a change over a stale version is a [`Conflict`].

use std::sync::Arc;

use anyhow::anyhow;
use sqlx::any::AnyArguments;
use sqlx::{AnyConnection, AnyPool};
use tokio::sync::{mpsc, oneshot};

use super::backend::Backend;
use super::ending::StoredEnding;
use super::leases::LEASE;
use super::listen::CHANGES_CHANNEL;
use crate::domain::clock::{now_ms, Clock, TimeControl};
use crate::domain::consent::Proposals;
use crate::domain::game::{Snapshot, StoredGame, Summary};

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

/// Why a change was not stored.
#[derive(Debug)]
pub enum WriteError {
    /// The game was changed meanwhile: the change was worked out from a stale version.
    Conflict(Conflict),
    /// The database failed or refused the change otherwise.
    Failed(anyhow::Error),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::Conflict(conflict) => conflict.fmt(f),
            WriteError::Failed(error) => write!(f, "{error:#}"),
        }
    }
}

impl std::error::Error for WriteError {}

impl From<anyhow::Error> for WriteError {
    fn from(error: anyhow::Error) -> WriteError {
        WriteError::Failed(error)
    }
}

impl From<sqlx::Error> for WriteError {
    fn from(error: sqlx::Error) -> WriteError {
        WriteError::Failed(error.into())
    }
}

impl From<serde_json::Error> for WriteError {
    fn from(error: serde_json::Error) -> WriteError {
        WriteError::Failed(error.into())
    }
}

/// A change of the stored games. `version` is the stored version a change of an existing
/// game was worked out from: it is written only over that version.
#[derive(Debug)]
pub(super) enum Mutation {
    Create {
        game: Box<StoredGame>,
        summary: Summary,
    },
    Append {
        id: String,
        version: i64,
        first: usize,
        moves: Vec<String>,
        snapshot: Box<Snapshot>,
    },
    Truncate {
        id: String,
        version: i64,
        keep: usize,
        snapshot: Box<Snapshot>,
    },
    Update {
        id: String,
        version: i64,
        snapshot: Box<Snapshot>,
    },
    Rematch {
        old: String,
        version: i64,
        snapshot: Box<Snapshot>,
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
pub(super) struct Queued {
    pub(super) change: Mutation,
    pub(super) done: oneshot::Sender<Result<(), WriteError>>,
}

/// Changes committed together at most.
pub(super) const MAX_GROUP: usize = 256;

/// Changes waiting for the writer at most (callers wait for room beyond).
pub(super) const MAX_WAITING: usize = 1024;

/// What the writer needs to know beside the pool: the backend's SQL and whom to name as the
/// author of the changes it announces.
pub(super) struct WriterContext {
    pub(super) backend: Backend,
    pub(super) instance: Arc<str>,
}

/// The writer: commits the changes waiting, in groups, until every [`Store`] is gone.
pub(super) async fn writer(
    pool: AnyPool,
    context: WriterContext,
    mut waiting: mpsc::Receiver<Queued>,
) {
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
                    let _ = write
                        .done
                        .send(Err(WriteError::Failed(anyhow!("{error:#}"))));
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
    group: &[Queued],
) -> anyhow::Result<Vec<Result<(), WriteError>>> {
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
async fn apply(
    tx: &mut AnyConnection,
    context: &WriterContext,
    change: &Mutation,
) -> Result<(), WriteError> {
    let backend = context.backend;
    match change {
        Mutation::Create { game, summary } => insert_game(context, tx, game, summary).await?,
        Mutation::Append {
            id,
            version,
            first,
            moves,
            snapshot,
        } => {
            // The version first: a stale change is refused as such, before its moves meet
            // the ones stored meanwhile.
            touch(context, tx, id, *version, snapshot).await?;
            for (i, notation) in moves.iter().enumerate() {
                insert_move(backend, tx, id, first + i, notation).await?;
            }
            count_plies(backend, tx, id).await?;
        }
        Mutation::Truncate {
            id,
            version,
            keep,
            snapshot,
        } => {
            touch(context, tx, id, *version, snapshot).await?;
            sqlx::query(&backend.sql("DELETE FROM moves WHERE game_id = ? AND ply >= ?"))
                .bind(id)
                .bind(*keep as i64)
                .execute(&mut *tx)
                .await?;
            count_plies(backend, tx, id).await?;
        }
        Mutation::Update {
            id,
            version,
            snapshot,
        } => touch(context, tx, id, *version, snapshot).await?,
        Mutation::Rematch {
            old,
            version,
            snapshot,
            game,
            summary,
        } => {
            insert_game(context, tx, game, summary).await?;
            touch(context, tx, old, *version, snapshot).await?;
        }
        Mutation::Summary { id, summary } => {
            sqlx::query(
                &backend.sql("UPDATE games SET players = ?, record_moves = ? WHERE id = ?"),
            )
            .bind(players_json(summary)?)
            .bind(summary.record_moves.map(i64::from))
            .bind(id)
            .execute(&mut *tx)
            .await?;
        }
        Mutation::ComputerToMove {
            id,
            computer_to_move,
        } => {
            sqlx::query(&backend.sql("UPDATE games SET computer_to_move = ? WHERE id = ?"))
                .bind(i64::from(*computer_to_move))
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        Mutation::Alive { at_ms } => mark_alive(backend, tx, *at_ms).await?,
        Mutation::Analysis { id, played, review } => {
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

fn players_json(summary: &Summary) -> anyhow::Result<Option<String>> {
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
) -> Result<(), WriteError> {
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
    let snapshot = Snapshot {
        table: game.table.clone(),
        summary: summary.clone(),
    };
    write_snapshot(context, tx, &game.id, &snapshot, None).await
}

async fn insert_move(
    backend: Backend,
    tx: &mut AnyConnection,
    id: &str,
    ply: usize,
    notation: &str,
) -> anyhow::Result<()> {
    sqlx::query(&backend.sql("INSERT INTO moves (game_id, ply, notation) VALUES (?, ?, ?)"))
        .bind(id)
        .bind(ply as i64)
        .bind(notation)
        .execute(tx)
        .await?;
    Ok(())
}

/// Stores the number of moves game `id` has now.
async fn count_plies(backend: Backend, tx: &mut AnyConnection, id: &str) -> anyhow::Result<()> {
    sqlx::query(&backend.sql(
        "UPDATE games SET plies = (SELECT count(*) FROM moves WHERE game_id = games.id)
         WHERE id = ?",
    ))
    .bind(id)
    .execute(tx)
    .await?;
    Ok(())
}

/// Records a change's snapshot over stored `version`, advances the version, marks the game
/// changed now, and (on PostgreSQL) tells the other instances when the transaction commits.
async fn touch(
    context: &WriterContext,
    tx: &mut AnyConnection,
    id: &str,
    version: i64,
    snapshot: &Snapshot,
) -> Result<(), WriteError> {
    write_snapshot(context, tx, id, snapshot, Some(version)).await?;
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
async fn write_snapshot(
    context: &WriterContext,
    tx: &mut AnyConnection,
    id: &str,
    snapshot: &Snapshot,
    over: Option<i64>,
) -> Result<(), WriteError> {
    let Snapshot { table, summary } = snapshot;
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
        .bind(now_ms() + LEASE.as_millis() as i64)
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
            WriteError::Conflict(Conflict { id: id.to_string() })
        } else {
            WriteError::Failed(anyhow!("there is no game `{id}`"))
        });
    }
    Ok(())
}

/// Records that a server instance is alive at `at_ms`, inside a transaction.
pub(super) async fn mark_alive(
    backend: Backend,
    connection: &mut AnyConnection,
    at_ms: i64,
) -> anyhow::Result<()> {
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

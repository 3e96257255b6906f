//! The writer: one task that commits the changes waiting, in groups, with one flush for many
//! moves; a change over a stale version is a [`Conflict`].
//!
//! **One change refused, the others stored.** A group is first made without savepoints
//! (each is a round trip on PostgreSQL), since a refused change writes nothing
//! (`store/changes.rs`); only if a change fails is the group made again from the
//! start, each change inside its own savepoint, so that it fails alone.
//!
//! **No deadlocks on PostgreSQL.** Two transactions that each hold a row lock the other waits
//! for deadlock; PostgreSQL then aborts one. Every transaction that locks several rows takes
//! them in one order: the heartbeat's row (`server_alive`) first, then the games by id. The
//! writer sorts each group so (`Mutation::lock_order`); the credit of a downtime locks the
//! running games by id (`Backend::lock_in_order`); the leases are renewed in a table of
//! their own, one row per instance ([`leases`](super::leases)), never in the games' rows.
//! Other statements lock one row each. Before issue #29 the lease renewal updated many games'
//! rows in whatever order it found them and deadlocked with the group commit (18 times a
//! minute with two instances and 40 computer games).

use std::sync::Arc;

use anyhow::anyhow;
use sqlx::AnyPool;
use tokio::sync::{mpsc, oneshot, Semaphore};

use super::backend::Backend;
use super::changes::apply;
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

impl Mutation {
    /// Where the change comes in its group, so that every transaction locks rows in one
    /// order: the heartbeat's row first (an empty id), then by game (a rematch by the game
    /// it follows: its new game is locked by nobody else), then by kind.
    pub(super) fn lock_order(&self) -> (&str, u8) {
        match self {
            Mutation::Alive { .. } => ("", 0),
            Mutation::Create { game, .. } => (&game.id, 1),
            Mutation::Append { id, .. } => (id, 2),
            Mutation::Truncate { id, .. } => (id, 3),
            Mutation::Update { id, .. } => (id, 4),
            Mutation::Rematch { old, .. } => (old, 5),
            Mutation::Summary { id, .. } => (id, 6),
            Mutation::ComputerToMove { id, .. } => (id, 7),
            Mutation::Analysis { id, .. } => (id, 8),
        }
    }
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
///
/// On PostgreSQL several groups are committed at once (up to [`Backend::writers`]), each on
/// its own connection: while one waits for its commit to be flushed, the next is written.
/// Their changes are of different games (the hub makes the changes of one game one after
/// another, each once the one before is committed), and each group locks its rows in the one
/// order, so they neither meet nor deadlock. On SQLite one group at a time, since SQLite
/// writes one transaction at a time.
///
/// [`Store`]: super::Store
pub(super) async fn writer(
    pool: AnyPool,
    context: WriterContext,
    mut waiting: mpsc::Receiver<Queued>,
) {
    let context = Arc::new(context);
    let writers = Arc::new(Semaphore::new(context.backend.writers()));
    while let Some(first) = waiting.recv().await {
        let Ok(writer) = writers.clone().acquire_owned().await else {
            return;
        };
        // Taken once a writer is free: the changes that came meanwhile join the group.
        let mut group = vec![first];
        while group.len() < MAX_GROUP {
            match waiting.try_recv() {
                Ok(write) => group.push(write),
                Err(_) => break,
            }
        }
        group.sort_by(|a, b| a.change.lock_order().cmp(&b.change.lock_order()));
        let (pool, context) = (pool.clone(), context.clone());
        tokio::spawn(async move {
            let outcomes = commit_group(&pool, &context, &group).await;
            drop(writer);
            match outcomes {
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
        });
    }
}

/// Makes every change of `group` in one transaction; returns how each went, or the error
/// that stopped the whole group (then nothing was stored).
async fn commit_group(
    pool: &AnyPool,
    context: &WriterContext,
    group: &[Queued],
) -> anyhow::Result<Vec<Result<(), WriteError>>> {
    match commit_together(pool, context, group).await? {
        Some(outcomes) => Ok(outcomes),
        None => commit_each_in_savepoint(pool, context, group).await,
    }
}

/// Makes the changes of `group` without savepoints, if none fails (`None` otherwise, and
/// nothing was stored).
async fn commit_together(
    pool: &AnyPool,
    context: &WriterContext,
    group: &[Queued],
) -> anyhow::Result<Option<Vec<Result<(), WriteError>>>> {
    let mut tx = pool.begin().await?;
    let mut outcomes = Vec::with_capacity(group.len());
    for write in group {
        let outcome = apply(&mut tx, context, &write.change).await;
        if let Err(WriteError::Failed(_)) = outcome {
            tx.rollback().await?;
            return Ok(None);
        }
        outcomes.push(outcome);
    }
    tx.commit().await?;
    Ok(Some(outcomes))
}

/// Makes every change of `group`, each in a savepoint, so that a change that fails is undone
/// alone.
async fn commit_each_in_savepoint(
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

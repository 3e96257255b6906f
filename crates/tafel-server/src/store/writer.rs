//! The writer: one task that commits the changes waiting, in groups, with one flush for many
//! moves; a change over a stale version is a [`Conflict`](super::Conflict).
//!
//! **One change refused, the others stored.** A group is first made without savepoints
//! (each is a round trip on PostgreSQL), since a refused change writes nothing
//! (`store/changes.rs`); only if a change fails is the group made again from the
//! start, each change inside its own savepoint, so that it fails alone.
//!
//! **A change alone is one round trip on PostgreSQL.** A group of one change that is one
//! statement (`Mutation::is_one_statement`: a move, an undo, a new game...) is sent without
//! `BEGIN` and `COMMIT`: the statement is a transaction by itself, as atomic and as durable
//! (acknowledged after its commit is flushed). With several groups committed at once,
//! PostgreSQL flushes the commits that arrive together in one write of its log, so that
//! a group of one costs one round trip, and the flush is still shared.
//!
//! **A group is one round trip on PostgreSQL** too, when its changes are moves, undos and
//! other changes of different games' rows: they are made in one statement
//! (`store/together.rs`), where `BEGIN`, a statement per change and `COMMIT` took
//! a round trip each.
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
use super::changes::{apply, Mutation, WriteError, WriterContext};
use super::together::{of_different_games, touch_together};
use super::with_waiting;

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

/// The writer: commits the changes waiting, in groups, until every [`Store`] is gone.
///
/// On PostgreSQL several groups are committed at once (up to `Backend::writers`), each on
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
        let mut group = with_waiting(first, &mut waiting, MAX_GROUP);
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

/// Makes every change of `group` in one transaction (a change of one statement alone is a
/// transaction by itself: one round trip); returns how each went, or the error that stopped
/// the whole group (then nothing was stored).
async fn commit_group(
    pool: &AnyPool,
    context: &WriterContext,
    group: &[Queued],
) -> anyhow::Result<Vec<Result<(), WriteError>>> {
    if let [alone] = group {
        if alone.change.is_one_statement(context.backend) {
            let mut connection = pool.acquire().await?;
            return Ok(vec![apply(&mut connection, context, &alone.change).await]);
        }
    }
    if let Some(outcomes) = commit_in_one_statement(pool, context, group).await? {
        return Ok(outcomes);
    }
    match commit_together(pool, context, group).await? {
        Some(outcomes) => Ok(outcomes),
        None => commit_each_in_savepoint(pool, context, group).await,
    }
}

/// Makes the changes of `group` in one statement on PostgreSQL, if they are changes of
/// different games' rows (`store/together.rs`); `None` if they are not, or if
/// PostgreSQL refused the statement (then nothing was stored, and the group is made again
/// the slow way, where a change that fails fails alone).
async fn commit_in_one_statement(
    pool: &AnyPool,
    context: &WriterContext,
    group: &[Queued],
) -> anyhow::Result<Option<Vec<Result<(), WriteError>>>> {
    if context.backend != Backend::Postgres {
        return Ok(None);
    }
    let Some(touches) = group
        .iter()
        .map(|write| write.change.as_touch())
        .collect::<Option<Vec<_>>>()
        .filter(|touches| of_different_games(touches))
    else {
        return Ok(None);
    };
    let mut connection = pool.acquire().await?;
    match touch_together(&mut connection, context, &touches).await {
        Ok(outcomes) => Ok(Some(outcomes)),
        Err(WriteError::Failed(error))
            if matches!(
                error.downcast_ref::<sqlx::Error>(),
                Some(sqlx::Error::Database(_))
            ) =>
        {
            Ok(None)
        }
        Err(error) => Err(anyhow!("{error:#}")),
    }
}

/// Makes the changes of `group` without savepoints, if none fails (`None` otherwise, and
/// nothing was stored).
async fn commit_together(
    pool: &AnyPool,
    context: &WriterContext,
    group: &[Queued],
) -> anyhow::Result<Option<Vec<Result<(), WriteError>>>> {
    let mut tx = pool.begin_with(context.backend.begin_write()).await?;
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
    let mut tx = pool.begin_with(context.backend.begin_write()).await?;
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

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
//! (acknowledged after its commit is flushed). PostgreSQL flushes the commits that arrive
//! together (other instances', and other statements') in one write of its log, so that a
//! group of one costs one round trip, and the flush is still shared.
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

use anyhow::anyhow;
use sqlx::{AnyConnection, AnyPool, Connection};
use tokio::sync::{mpsc, oneshot};

use super::backend::Backend;
use super::changes::{apply, Mutation, WriteError, WriterContext};
use super::held::Held;
use super::listen::Announcer;
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
/// One group at a time: the changes that come while a group is committed wait and make the
/// next group, which grows with the load (up to [`MAX_GROUP`]), so that each commit and its
/// flush serve as many changes as came meanwhile. Several groups at once (up to four, on
/// their own connections, before issue #51) made smaller groups, each a statement and a
/// commit more for the database to work out: on the two-core machine of
/// `docs/deploy.md`'s figures, one group at a time made one instance's moves per second
/// about the same (3,814 against 3,675 and 3,928) and two instances' a fifth to two fifths
/// more (`scripts/soak --instances`). SQLite writes one transaction at a time anyway.
///
/// Once a group is committed its changes are answered, and then (on PostgreSQL) the other
/// instances are told of them ([`Announcer`]). On PostgreSQL the writer keeps its
/// connection from one group to the next ([`Held`]).
///
/// [`Store`]: super::Store
pub(super) async fn writer(
    pool: AnyPool,
    context: WriterContext,
    mut waiting: mpsc::Receiver<Queued>,
) {
    let announcer = (context.backend == Backend::Postgres).then(|| Announcer::start(pool.clone()));
    let mut held = Held::default();
    while let Some(first) = waiting.recv().await {
        // The changes that came meanwhile join the group.
        let mut group = with_waiting(first, &mut waiting, MAX_GROUP);
        group.sort_by(|a, b| a.change.lock_order().cmp(&b.change.lock_order()));
        let mut connection = match held.take(&pool).await {
            Ok(connection) => connection,
            Err(error) => {
                failed(group, &error.into());
                continue;
            }
        };
        let outcomes = match commit_group(&mut connection, &context, &group).await {
            Ok(outcomes) => outcomes,
            Err(error) => {
                failed(group, &error);
                continue;
            }
        };
        let notices = notices(&context, &group, &outcomes);
        for (write, outcome) in group.into_iter().zip(outcomes) {
            let _ = write.done.send(outcome);
        }
        if let Some(announcer) = announcer.as_ref().filter(|_| !notices.is_empty()) {
            announcer.announce(notices);
        }
        held.keep(connection, context.backend);
    }
}

/// Tells the changes of `group` that `error` stopped it (nothing was stored).
fn failed(group: Vec<Queued>, error: &anyhow::Error) {
    for write in group {
        let _ = write
            .done
            .send(Err(WriteError::Failed(anyhow!("{error:#}"))));
    }
}

/// The notices for the other instances of the changes of `group` stored (on PostgreSQL,
/// where other instances may listen): one per game changed.
fn notices(
    context: &WriterContext,
    group: &[Queued],
    outcomes: &[Result<(), WriteError>],
) -> Vec<String> {
    if context.backend != Backend::Postgres {
        return Vec::new();
    }
    group
        .iter()
        .zip(outcomes)
        .filter(|(_, outcome)| outcome.is_ok())
        .filter_map(|(write, _)| write.change.as_touch())
        .map(|touch| touch.notice(context))
        .collect()
}

/// Makes every change of `group` on `connection` in one transaction (a change of one
/// statement alone is a transaction by itself: one round trip); returns how each went, or
/// the error that stopped the whole group (then nothing was stored).
async fn commit_group(
    connection: &mut AnyConnection,
    context: &WriterContext,
    group: &[Queued],
) -> anyhow::Result<Vec<Result<(), WriteError>>> {
    if let [alone] = group {
        if alone.change.is_one_statement(context.backend) {
            return Ok(vec![apply(connection, context, &alone.change).await]);
        }
    }
    if let Some(outcomes) = commit_in_one_statement(connection, context, group).await? {
        return Ok(outcomes);
    }
    match commit_together(connection, context, group).await? {
        Some(outcomes) => Ok(outcomes),
        None => commit_each_in_savepoint(connection, context, group).await,
    }
}

/// Makes the changes of `group` in one statement on PostgreSQL, if they are changes of
/// different games' rows (`store/together.rs`); `None` if they are not, or if
/// PostgreSQL refused the statement (then nothing was stored, and the group is made again
/// the slow way, where a change that fails fails alone).
async fn commit_in_one_statement(
    connection: &mut AnyConnection,
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
    match touch_together(connection, context, &touches).await {
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
    connection: &mut AnyConnection,
    context: &WriterContext,
    group: &[Queued],
) -> anyhow::Result<Option<Vec<Result<(), WriteError>>>> {
    let mut tx = connection.begin_with(context.backend.begin_write()).await?;
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
    connection: &mut AnyConnection,
    context: &WriterContext,
    group: &[Queued],
) -> anyhow::Result<Vec<Result<(), WriteError>>> {
    let mut tx = connection.begin_with(context.backend.begin_write()).await?;
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

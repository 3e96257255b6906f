//! The stored versions of games, read in groups: every request on a shared database checks
//! its game's copy in memory against the stored version (`play/memory.rs`), and the versions
//! asked for at the same moment are read by one query (one round trip on PostgreSQL for
//! many requests, where each was a query of its own before).
//!
//! Each answer is read after it was asked for, as a query of its own would be: a group is
//! taken from the waiting requests only when a reader is free, and read then.

use std::collections::HashMap;
use std::sync::Arc;

use anyhow::anyhow;
use sqlx::AnyPool;
use tokio::sync::{mpsc, oneshot, Semaphore};

use super::backend::Backend;
use super::rows::Reading;
use super::with_waiting;
use super::Store;

/// A game whose stored version is asked for, and where to answer (`None`: no such game).
#[derive(Debug)]
pub(super) struct Asked {
    id: String,
    answer: oneshot::Sender<Result<Option<i64>, String>>,
}

/// Versions read by one query at most.
const MAX_GROUP: usize = 256;

/// Requests waiting for the reader at most (callers wait for room beyond).
pub(super) const MAX_WAITING: usize = 1024;

/// Groups read at once: while one waits for its answer, the next is asked.
const READERS: usize = 2;

impl Store {
    /// The stored version of game `id` (`None`: no such game): a copy kept in memory at
    /// another version is stale. Read together with the versions asked for meanwhile.
    pub async fn version(&self, id: &str) -> anyhow::Result<Option<i64>> {
        let stopped = || anyhow!("the database's version reader has stopped");
        let (answer, version) = oneshot::channel();
        self.versions
            .send(Asked {
                id: id.to_string(),
                answer,
            })
            .await
            .map_err(|_| stopped())?;
        version
            .await
            .map_err(|_| stopped())?
            .map_err(|e| anyhow!(e))
    }
}

/// The reader: reads the versions asked for, in groups, until every [`Store`] is gone.
pub(super) async fn reader(pool: AnyPool, backend: Backend, mut waiting: mpsc::Receiver<Asked>) {
    let readers = Arc::new(Semaphore::new(READERS));
    let sql = Arc::new(backend.sql(&format!(
        "SELECT g.id AS id, g.version AS version FROM {} JOIN games AS g ON g.id = m.value",
        backend.json_list()
    )));
    while let Some(first) = waiting.recv().await {
        let Ok(reader) = readers.clone().acquire_owned().await else {
            return;
        };
        // Taken once a reader is free: the requests that came meanwhile join the group.
        let group = with_waiting(first, &mut waiting, MAX_GROUP);
        let (pool, sql) = (pool.clone(), sql.clone());
        tokio::spawn(async move {
            let read = read_group(&pool, &sql, &group).await;
            drop(reader);
            for asked in group {
                let answer = match &read {
                    Ok(versions) => Ok(versions.get(&asked.id).copied()),
                    Err(error) => Err(format!("{error:#}")),
                };
                let _ = asked.answer.send(answer);
            }
        });
    }
}

/// The stored versions of the games of `group` that exist, by id.
async fn read_group(
    pool: &AnyPool,
    sql: &str,
    group: &[Asked],
) -> anyhow::Result<HashMap<String, i64>> {
    let ids: Vec<&str> = group.iter().map(|asked| asked.id.as_str()).collect();
    Ok(sqlx::query_as::<_, Version>(sql)
        .bind(serde_json::to_string(&ids)?)
        .fetch_all(pool)
        .await
        .reading("games")?
        .into_iter()
        .map(|row| (row.id, row.version))
        .collect())
}

/// A game's stored version.
#[derive(sqlx::FromRow)]
struct Version {
    id: String,
    version: i64,
}

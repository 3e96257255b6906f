//! When a server was last alive, so that a server starting after a downtime credits it to the
//! running clocks instead of charging the players.

use anyhow::Result;
use sqlx::AnyConnection;

use super::backend::Backend;
use super::changes::mark_alive;
use super::changes::Mutation;
use super::rows::{value, Reading};
use super::Store;

impl Store {
    /// Records that a server instance is alive at `at_ms` (milliseconds since the Unix epoch).
    pub async fn alive(&self, at_ms: i64) -> Result<()> {
        Ok(self.write(Mutation::Alive { at_ms }).await?)
    }

    /// Called once when a server starts at `now_ms`: if no instance has said it was alive for
    /// longer than `silence_ms`, the service was down since then, and every running clock's
    /// start (and fall) moves forward by that time, so that nobody is charged for it. Marks
    /// the service alive now. Returns the downtime credited, if any. One transaction that
    /// takes the write lock first, so that two instances starting together credit it once.
    pub async fn credit_downtime(&self, now_ms: i64, silence_ms: i64) -> Result<Option<i64>> {
        let mut tx = self.begin_write().await?;
        if self.backend == Backend::Postgres {
            sqlx::query("LOCK TABLE server_alive IN SHARE ROW EXCLUSIVE MODE")
                .execute(&mut *tx)
                .await?;
        }
        let credited = credit_downtime_locked(self.backend, &mut tx, now_ms, silence_ms).await?;
        tx.commit().await?;
        Ok(credited)
    }
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
        .await
        .reading("server_alive")?
        .map(|row| value(&row, "server_alive", "at_ms"))
        .transpose()?;
    let downtime = last.map(|at| now_ms - at).filter(|&gap| gap > silence_ms);
    if let Some(gap) = downtime {
        // The games locked by id, as the writer locks them (no deadlock with another
        // instance's writer).
        sqlx::query(&backend.sql(&format!(
            "UPDATE games SET clock_since = clock_since + ?, flag_at = flag_at + ?
             WHERE id IN (SELECT id FROM games WHERE clock_since IS NOT NULL ORDER BY id{})",
            backend.lock_in_order()
        )))
        .bind(gap)
        .bind(gap)
        .execute(&mut *connection)
        .await?;
    }
    mark_alive(backend, connection, now_ms).await?;
    Ok(downtime)
}

//! Leases on computer moves: on a shared database, the instance that plays a computer seat's
//! move holds the game's lease, renews it while alive, and another instance takes the game
//! over when it lapses.

use anyhow::Result;
use sqlx::Row;

use super::Store;

/// How long a computer seat's lease lasts past the last renewal by the instance holding it
/// (renewed every heartbeat): when that instance dies, another takes the game over after
/// at most this long and its next look.
pub const LEASE: std::time::Duration = std::time::Duration::from_secs(3);

impl Store {
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
}

//! Starting a tournament and pairing its rounds: each exactly once between instances, and only
//! on the entrants and byes it was worked out from.
//!
//! Each first locks the tournament's row (an `UPDATE` that changes nothing), as a bye asked for
//! and a late entry do, then checks in statements of its own: on PostgreSQL those see whatever
//! the transaction that held the lock before committed, so a bye, a late entry and the pairing
//! of the next round come one after the other, and no round is paired without a bye or an
//! entrant written before it (the director works it out again at its next look).

use anyhow::Result;
use sqlx::{Any, Transaction};

use super::Store;
use crate::domain::ids::AccountId;
use crate::domain::tournament::Board;
use crate::store::rows::{value, Reading};

/// What the pairing of a Swiss's round was worked out from: its entrants, and the byes asked
/// for that round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairedFrom {
    /// The entrants, withdrawn ones included.
    pub entrants: usize,
    /// The byes of the round paired.
    pub byes: usize,
}

impl Store {
    /// Starts tournament `id` with its `entrants` (accounts, numbered in this order) and
    /// `rounds` rounds, the first paired as `boards` with `byes` byes asked for it, if it is
    /// still open with exactly these entrants and byes; whether it did (another instance may
    /// have).
    pub async fn start_tournament(
        &self,
        id: &str,
        entrants: &[AccountId],
        rounds: u32,
        boards: &[Board],
        byes: usize,
    ) -> Result<bool> {
        let mut tx = self.locked(id).await?;
        let from = PairedFrom {
            entrants: entrants.len(),
            byes,
        };
        if !self.unchanged(&mut tx, id, 1, from).await? {
            return Ok(false);
        }
        let started = sqlx::query(&self.sql(
            "UPDATE tournaments SET state = 'running', round = 1, rounds = ?
             WHERE id = ? AND state = 'open'
               AND (SELECT count(*) FROM tournament_entrants WHERE tournament_id = ?) = ?",
        ))
        .bind(i64::from(rounds))
        .bind(id)
        .bind(id)
        .bind(entrants.len() as i64)
        .execute(&mut *tx)
        .await?;
        if started.rows_affected() != 1 {
            return Ok(false);
        }
        for (number, account) in entrants.iter().enumerate() {
            sqlx::query(&self.sql(
                "UPDATE tournament_entrants SET number = ? WHERE tournament_id = ? AND account_id = ?",
            ))
            .bind(number as i64)
            .bind(id)
            .bind(account.as_str())
            .execute(&mut *tx)
            .await?;
        }
        self.insert_boards(&mut tx, id, boards).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Pairs round `completed + 1` of running tournament `id` as `boards`, its games to begin
    /// at `begins_ms` (after the pause between rounds; `None`: at once), if round `completed`
    /// is still its round (and, for a Swiss, its entrants and the byes of the round are still
    /// those it was paired `from`): exactly one caller does. Whether this one did.
    pub async fn pair_round(
        &self,
        id: &str,
        completed: u32,
        boards: &[Board],
        from: Option<PairedFrom>,
        begins_ms: Option<i64>,
    ) -> Result<bool> {
        let mut tx = self.locked(id).await?;
        if let Some(from) = from {
            if !self.unchanged(&mut tx, id, completed + 1, from).await? {
                return Ok(false);
            }
        }
        let advanced = sqlx::query(&self.sql(
            "UPDATE tournaments SET round = ?, next_round_ms = ?
             WHERE id = ? AND round = ? AND state = 'running'",
        ))
        .bind(i64::from(completed) + 1)
        .bind(begins_ms)
        .bind(id)
        .bind(i64::from(completed))
        .execute(&mut *tx)
        .await?;
        if advanced.rows_affected() != 1 {
            return Ok(false);
        }
        self.insert_boards(&mut tx, id, boards).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Replaces the boards of round `round` of running tournament `id` by `boards` (its
    /// pairings changed by hand), if `round` is still its round and its games do not begin
    /// before `now_ms`; whether it did.
    pub async fn repair_round(
        &self,
        id: &str,
        round: u32,
        boards: &[Board],
        now_ms: i64,
    ) -> Result<bool> {
        let mut tx = self.locked(id).await?;
        let waiting = sqlx::query(&self.sql(
            "SELECT 1 AS waiting FROM tournaments
             WHERE id = ? AND round = ? AND state = 'running' AND next_round_ms > ?",
        ))
        .bind(id)
        .bind(i64::from(round))
        .bind(now_ms)
        .fetch_optional(&mut *tx)
        .await?;
        if waiting.is_none() {
            return Ok(false);
        }
        sqlx::query(
            &self.sql("DELETE FROM tournament_boards WHERE tournament_id = ? AND round = ?"),
        )
        .bind(id)
        .bind(i64::from(round))
        .execute(&mut *tx)
        .await?;
        self.insert_boards(&mut tx, id, boards).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// A transaction that holds tournament `id`'s row locked.
    pub(super) async fn locked(&self, id: &str) -> Result<Transaction<'static, Any>> {
        let mut tx = self.begin_write().await?;
        sqlx::query(&self.sql("UPDATE tournaments SET round = round WHERE id = ?"))
            .bind(id)
            .execute(&mut *tx)
            .await?;
        Ok(tx)
    }

    /// Whether, inside `tx` (which holds the tournament's row locked), tournament `id` still
    /// has the entrants and the byes of round `round` that its pairing was worked out from.
    pub(super) async fn unchanged(
        &self,
        tx: &mut Transaction<'static, Any>,
        id: &str,
        round: u32,
        from: PairedFrom,
    ) -> Result<bool> {
        let row = sqlx::query(&self.sql(
            "SELECT (SELECT count(*) FROM tournament_entrants WHERE tournament_id = ?) AS entrants,
                    (SELECT count(*) FROM tournament_byes WHERE tournament_id = ? AND round = ?)
                      AS byes",
        ))
        .bind(id)
        .bind(id)
        .bind(i64::from(round))
        .fetch_one(&mut **tx)
        .await
        .reading("tournament_byes")?;
        let entrants = value::<i64>(&row, "tournament_entrants", "entrants")?;
        let byes = value::<i64>(&row, "tournament_byes", "byes")?;
        Ok(entrants as usize == from.entrants && byes as usize == from.byes)
    }
}

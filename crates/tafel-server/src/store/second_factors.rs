//! Two-step sign-in (issue #45): an account's authenticator secret, set up and then turned on
//! by a first code, the last 30-second step whose code was taken, and its recovery codes (only
//! their SHA-256). Taking a step or a recovery code is one conditional `UPDATE`, so that two
//! sign-ins with the same code, on one instance or two, take it once.

use anyhow::Result;
use sqlx::AnyConnection;

use super::rows::{value, Reading};
use super::Store;
use crate::domain::ids::AccountId;

/// An account's authenticator secret as stored (no `Debug`: it holds the secret).
#[derive(Clone, sqlx::FromRow)]
pub struct StoredSecondFactor {
    /// The secret, base32.
    pub secret: String,
    /// When a first code turned it on (`None`: set up, not on).
    pub enabled_ms: Option<i64>,
}

impl Store {
    /// `account`'s authenticator secret, on or only set up, if it has one.
    pub async fn second_factor(&self, account: &AccountId) -> Result<Option<StoredSecondFactor>> {
        sqlx::query_as::<_, StoredSecondFactor>(
            &self.sql("SELECT secret, enabled_ms FROM second_factors WHERE account_id = ?"),
        )
        .bind(account.as_str())
        .fetch_optional(&self.pool)
        .await
        .reading("second_factors")
    }

    /// Sets up `secret` for `account`, in place of one set up before, unless one is on
    /// already; whether it was set up.
    pub async fn set_up_second_factor(
        &self,
        account: &AccountId,
        secret: &str,
        now_ms: i64,
    ) -> Result<bool> {
        let written = sqlx::query(&self.sql(
            "INSERT INTO second_factors (account_id, secret, created_ms) VALUES (?, ?, ?)
             ON CONFLICT (account_id) DO UPDATE
             SET secret = excluded.secret, created_ms = excluded.created_ms, last_step = 0
             WHERE second_factors.enabled_ms IS NULL",
        ))
        .bind(account.as_str())
        .bind(secret)
        .bind(now_ms)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(written == 1)
    }

    /// Turns on `account`'s secret set up as `secret`, its code of `step` taken, with the
    /// recovery codes whose digests are `recovery` (in place of any before); whether it was
    /// turned on (not if it was on already, or another secret was set up meanwhile).
    pub async fn enable_second_factor(
        &self,
        account: &AccountId,
        secret: &str,
        step: u64,
        recovery: &[String],
        now_ms: i64,
    ) -> Result<bool> {
        let mut tx = self.begin_write().await?;
        let enabled = sqlx::query(&self.sql(
            "UPDATE second_factors SET enabled_ms = ?, last_step = ?
             WHERE account_id = ? AND secret = ? AND enabled_ms IS NULL",
        ))
        .bind(now_ms)
        .bind(step as i64)
        .bind(account.as_str())
        .bind(secret)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if enabled != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        self.put_recovery_codes(&mut tx, account, recovery, now_ms)
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Gives `account`, whose secret is on, the recovery codes whose digests are `recovery`
    /// in place of those it had; whether its secret is on.
    pub async fn replace_recovery_codes(
        &self,
        account: &AccountId,
        recovery: &[String],
        now_ms: i64,
    ) -> Result<bool> {
        let mut tx = self.begin_write().await?;
        let on = sqlx::query(&self.sql(
            "SELECT account_id FROM second_factors WHERE account_id = ? AND enabled_ms IS NOT NULL",
        ))
        .bind(account.as_str())
        .fetch_optional(&mut *tx)
        .await?
        .is_some();
        if !on {
            tx.rollback().await?;
            return Ok(false);
        }
        self.put_recovery_codes(&mut tx, account, recovery, now_ms)
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Replaces `account`'s recovery codes with those whose digests are `recovery`, in `tx`.
    async fn put_recovery_codes(
        &self,
        tx: &mut AnyConnection,
        account: &AccountId,
        recovery: &[String],
        now_ms: i64,
    ) -> Result<()> {
        sqlx::query(&self.sql("DELETE FROM recovery_codes WHERE account_id = ?"))
            .bind(account.as_str())
            .execute(&mut *tx)
            .await?;
        for digest in recovery {
            sqlx::query(&self.sql(
                "INSERT INTO recovery_codes (account_id, digest, created_ms) VALUES (?, ?, ?)",
            ))
            .bind(account.as_str())
            .bind(digest)
            .bind(now_ms)
            .execute(&mut *tx)
            .await?;
        }
        Ok(())
    }

    /// Takes the code of `step` for `account`'s secret (on): whether it was not taken yet,
    /// nor a code of a later step.
    pub async fn take_step(&self, account: &AccountId, step: u64) -> Result<bool> {
        let taken = sqlx::query(&self.sql(
            "UPDATE second_factors SET last_step = ?
             WHERE account_id = ? AND enabled_ms IS NOT NULL AND last_step < ?",
        ))
        .bind(step as i64)
        .bind(account.as_str())
        .bind(step as i64)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(taken == 1)
    }

    /// Uses `account`'s recovery code whose digest is `digest`: whether it was one not used
    /// before.
    pub async fn use_recovery_code(
        &self,
        account: &AccountId,
        digest: &str,
        now_ms: i64,
    ) -> Result<bool> {
        let used = sqlx::query(&self.sql(
            "UPDATE recovery_codes SET used_ms = ?
             WHERE account_id = ? AND digest = ? AND used_ms IS NULL",
        ))
        .bind(now_ms)
        .bind(account.as_str())
        .bind(digest)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(used == 1)
    }

    /// How many of `account`'s recovery codes are not used yet.
    pub async fn recovery_codes_left(&self, account: &AccountId) -> Result<i64> {
        let row = sqlx::query(&self.sql(
            "SELECT COUNT(*) AS left_over FROM recovery_codes
             WHERE account_id = ? AND used_ms IS NULL",
        ))
        .bind(account.as_str())
        .fetch_one(&self.pool)
        .await
        .reading("recovery_codes")?;
        value(&row, "recovery_codes", "left_over")
    }

    /// Removes `account`'s secret and recovery codes: it signs in with its password alone.
    pub async fn remove_second_factor(&self, account: &AccountId) -> Result<()> {
        let mut tx = self.begin_write().await?;
        for table in ["second_factors", "recovery_codes"] {
            sqlx::query(&self.sql(&format!("DELETE FROM {table} WHERE account_id = ?")))
                .bind(account.as_str())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

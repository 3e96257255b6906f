//! The devices each account has signed in from (only each device id's SHA-256 is kept), at
//! most [`DEVICES_PER_ACCOUNT`] an account: the account's sign-in limits never refuse them.

use anyhow::{Context, Result};

use super::rows::Reading;
use super::Store;
use crate::domain::ids::{AccountId, DeviceId};

/// Devices kept per account at most: the most recently used.
pub const DEVICES_PER_ACCOUNT: i64 = 20;

impl Store {
    /// Notes that `device` signed in to `account` at `now_ms` (it becomes one of the
    /// account's known devices, the least recently used beyond [`DEVICES_PER_ACCOUNT`]
    /// forgotten).
    pub async fn remember_device(
        &self,
        device: &DeviceId,
        account: &AccountId,
        now_ms: i64,
    ) -> Result<()> {
        let mut tx = self.begin_write().await?;
        sqlx::query(&self.sql(
            "INSERT INTO known_devices (id_hash, account_id, created_ms, used_ms)
             VALUES (?, ?, ?, ?)
             ON CONFLICT (id_hash) DO UPDATE SET used_ms = excluded.used_ms",
        ))
        .bind(device.digest())
        .bind(account.as_str())
        .bind(now_ms)
        .bind(now_ms)
        .execute(&mut *tx)
        .await
        .context("cannot remember a device")?;
        sqlx::query(&self.sql(
            "DELETE FROM known_devices WHERE account_id = ? AND id_hash NOT IN
               (SELECT id_hash FROM known_devices WHERE account_id = ?
                ORDER BY used_ms DESC, id_hash LIMIT ?)",
        ))
        .bind(account.as_str())
        .bind(account.as_str())
        .bind(DEVICES_PER_ACCOUNT)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Whether `device` has signed in to the living account whose username's key is
    /// `username_key`.
    pub async fn knows_device(&self, device: &DeviceId, username_key: &str) -> Result<bool> {
        let row = sqlx::query(&self.sql(
            "SELECT d.account_id AS account_id FROM known_devices d
             JOIN accounts a ON a.id = d.account_id
             WHERE d.id_hash = ? AND a.username_key = ? AND a.username IS NOT NULL",
        ))
        .bind(device.digest())
        .bind(username_key)
        .fetch_optional(&self.pool)
        .await
        .reading("known_devices")?;
        Ok(row.is_some())
    }
}

//! Signed-in sessions (issue #45): opened at sign-up and sign-in, each with the browser and
//! address it is used from and when it was last seen, listed for their account, ended one by
//! one, all but one, or all. Only the SHA-256 of a session's id is stored; a session is named
//! in its list by the first [`HANDLE_CHARS`] characters of that digest, and ended by that
//! name only within its own account.

use anyhow::{Context, Result};

use super::accounts::{AccountName, SessionAccount};
use super::rows::Reading;
use super::Store;
use crate::domain::account::session::StoredSession;
use crate::domain::account::SessionPlace;
use crate::domain::ids::{AccountId, SessionId};

/// How many hexadecimal characters of a session's digest name it in its list (64 bits).
pub const HANDLE_CHARS: usize = 16;

/// The name of `session` in its account's list (what `substr(id_hash, 1, HANDLE_CHARS)` reads).
pub fn handle(session: &SessionId) -> String {
    session.digest()[..HANDLE_CHARS].to_string()
}

/// The most sessions an account's list shows (the last seen).
pub const MAX_LISTED_SESSIONS: i64 = 100;

/// A session's row in its account's list.
#[derive(sqlx::FromRow)]
struct SessionRow {
    handle: String,
    device: Option<String>,
    address: Option<String>,
    created_ms: i64,
    seen_ms: Option<i64>,
}

/// The account of an open session, and when the session was last seen.
#[derive(sqlx::FromRow)]
struct SeenAccount {
    #[sqlx(flatten)]
    account: AccountName,
    seen_ms: Option<i64>,
}

impl Store {
    /// Opens a session for `account` at `now_ms` until `expires_ms`, used from `place`. Only
    /// the session id's digest is stored.
    pub async fn create_session(
        &self,
        session: &SessionId,
        account: &AccountId,
        place: &SessionPlace,
        now_ms: i64,
        expires_ms: i64,
    ) -> Result<()> {
        sqlx::query(&self.sql(
            "INSERT INTO sessions (id_hash, account_id, created_ms, expires_ms, device, address,
                                   seen_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?)",
        ))
        .bind(session.digest())
        .bind(account.as_str())
        .bind(now_ms)
        .bind(expires_ms)
        .bind(place.device.as_deref())
        .bind(place.address.as_deref())
        .bind(now_ms)
        .execute(&self.pool)
        .await
        .context("cannot store a new session")?;
        Ok(())
    }

    /// The living account whose session `session` is, if the session is open at `now_ms`,
    /// and when the session was last seen (none: never since it was stored without).
    pub async fn session_account(
        &self,
        session: &SessionId,
        now_ms: i64,
    ) -> Result<Option<(SessionAccount, Option<i64>)>> {
        let row = sqlx::query_as::<_, SeenAccount>(&self.sql(
            "SELECT accounts.id AS id, accounts.username AS username,
                    sessions.seen_ms AS seen_ms
             FROM sessions JOIN accounts ON accounts.id = sessions.account_id
             WHERE sessions.id_hash = ? AND sessions.expires_ms > ?
               AND accounts.username IS NOT NULL AND accounts.closed_ms IS NULL",
        ))
        .bind(session.digest())
        .bind(now_ms)
        .fetch_optional(&self.pool)
        .await
        .reading("sessions")?;
        Ok(row.map(|row| (SessionAccount::from(row.account), row.seen_ms)))
    }

    /// Records that `session` was seen at `now_ms` from `place` (its address, if known; the
    /// browser stays the one that opened it).
    pub async fn session_seen(
        &self,
        session: &SessionId,
        place: &SessionPlace,
        now_ms: i64,
    ) -> Result<()> {
        sqlx::query(&self.sql(
            "UPDATE sessions SET seen_ms = ?, address = COALESCE(?, address) WHERE id_hash = ?",
        ))
        .bind(now_ms)
        .bind(place.address.as_deref())
        .bind(session.digest())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The open sessions of `account` at `now_ms`, the last seen first, at most
    /// [`MAX_LISTED_SESSIONS`].
    pub async fn sessions_of(
        &self,
        account: &AccountId,
        now_ms: i64,
    ) -> Result<Vec<StoredSession>> {
        let rows = sqlx::query_as::<_, SessionRow>(&self.sql(&format!(
            "SELECT substr(id_hash, 1, {HANDLE_CHARS}) AS handle, device, address, created_ms,
                    seen_ms
             FROM sessions WHERE account_id = ? AND expires_ms > ?
             ORDER BY COALESCE(seen_ms, created_ms) DESC, id_hash LIMIT ?"
        )))
        .bind(account.as_str())
        .bind(now_ms)
        .bind(MAX_LISTED_SESSIONS)
        .fetch_all(&self.pool)
        .await
        .reading("sessions")?;
        Ok(rows
            .into_iter()
            .map(|row| StoredSession {
                handle: row.handle,
                place: SessionPlace {
                    device: row.device,
                    address: row.address,
                },
                created_ms: row.created_ms,
                seen_ms: row.seen_ms.unwrap_or(row.created_ms),
            })
            .collect())
    }

    /// Ends the session of `account` named `handle` in its list; whether there was one (a
    /// handle of another account's session ends nothing).
    pub async fn end_session_of(&self, account: &AccountId, handle: &str) -> Result<bool> {
        let ended = sqlx::query(&self.sql(&format!(
            "DELETE FROM sessions WHERE account_id = ? AND substr(id_hash, 1, {HANDLE_CHARS}) = ?"
        )))
        .bind(account.as_str())
        .bind(handle)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(ended > 0)
    }

    /// Ends the session `session` (nothing if there is none).
    pub async fn end_session(&self, session: &SessionId) -> Result<()> {
        sqlx::query(&self.sql("DELETE FROM sessions WHERE id_hash = ?"))
            .bind(session.digest())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Ends every session of `account` but `keep`.
    pub async fn end_other_sessions(&self, account: &AccountId, keep: &SessionId) -> Result<()> {
        sqlx::query(&self.sql("DELETE FROM sessions WHERE account_id = ? AND id_hash <> ?"))
            .bind(account.as_str())
            .bind(keep.digest())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Ends every session of `account` (its password was reset).
    pub async fn end_sessions(&self, account: &AccountId) -> Result<()> {
        sqlx::query(&self.sql("DELETE FROM sessions WHERE account_id = ?"))
            .bind(account.as_str())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Forgets the sessions that ended before `now_ms`; returns how many.
    pub async fn forget_ended_sessions(&self, now_ms: i64) -> Result<u64> {
        Ok(
            sqlx::query(&self.sql("DELETE FROM sessions WHERE expires_ms <= ?"))
                .bind(now_ms)
                .execute(&self.pool)
                .await?
                .rows_affected(),
        )
    }
}

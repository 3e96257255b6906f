//! What people tell the moderators and keep away from themselves: reports (open until a
//! moderator acts on the player or dismisses them) and blocks.

use anyhow::{Context, Result};

use super::rows::Reading;
use super::Store;
use crate::domain::ids::AccountId;

/// A new report.
#[derive(Clone, Debug)]
pub struct NewReport<'a> {
    /// Its id.
    pub id: &'a str,
    /// Who reports.
    pub reporter: &'a AccountId,
    /// Whom.
    pub account: &'a AccountId,
    /// Why ([`crate::domain::moderation::ReportReason`] as stored).
    pub reason: &'a str,
    /// What the reporter adds.
    pub details: &'a str,
    /// The game, for a game or a chat line.
    pub game: Option<&'a str>,
    /// The tournament, for a line of a tournament's chat.
    pub tournament: Option<&'a str>,
    /// The chat line's room (`tournament` in a tournament's chat) and number.
    pub line: Option<(&'a str, i64)>,
    /// When.
    pub at_ms: i64,
}

/// An open report as the moderators' queue shows it.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct OpenReport {
    /// Its id.
    pub id: String,
    /// The reported account.
    pub account_id: String,
    /// Its username (none once deleted).
    pub player: Option<String>,
    /// The reporter's username (none once deleted).
    pub reporter: Option<String>,
    /// Why.
    pub reason: String,
    /// What the reporter added.
    pub details: String,
    /// The game, if a game or a chat line was reported.
    pub game_id: Option<String>,
    /// The tournament, if a line of its chat was reported.
    pub tournament_id: Option<String>,
    /// The chat line's room (`tournament` in a tournament's chat).
    pub room: Option<String>,
    /// The chat line's number.
    pub seq: Option<i64>,
    /// When it was made.
    pub created_ms: i64,
    /// Until when the reported account is muted, if ever.
    pub muted_until_ms: Option<i64>,
    /// When the reported account was closed, if it was.
    pub closed_ms: Option<i64>,
}

impl Store {
    /// Stores `report`.
    pub async fn add_report(&self, report: &NewReport<'_>) -> Result<()> {
        sqlx::query(&self.sql(
            "INSERT INTO reports (id, reporter_id, account_id, reason, details, game_id,
                                  tournament_id, room, seq, created_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ))
        .bind(report.id)
        .bind(report.reporter.as_str())
        .bind(report.account.as_str())
        .bind(report.reason)
        .bind(report.details)
        .bind(report.game)
        .bind(report.tournament)
        .bind(report.line.map(|(room, _)| room))
        .bind(report.line.map(|(_, seq)| seq))
        .bind(report.at_ms)
        .execute(&self.pool)
        .await
        .context("cannot store a report")?;
        Ok(())
    }

    /// The open reports `reporter` made: in all, and about `account`.
    pub async fn open_reports_by(
        &self,
        reporter: &AccountId,
        account: &AccountId,
    ) -> Result<(i64, i64)> {
        let counts: Vec<String> = sqlx::query_scalar(
            &self.sql("SELECT account_id FROM reports WHERE reporter_id = ? AND closed_ms IS NULL"),
        )
        .bind(reporter.as_str())
        .fetch_all(&self.pool)
        .await
        .reading("reports")?;
        let about = counts.iter().filter(|a| *a == account.as_str()).count();
        Ok((counts.len() as i64, about as i64))
    }

    /// The open reports, the oldest first, at most `limit`.
    pub async fn open_reports(&self, limit: i64) -> Result<Vec<OpenReport>> {
        sqlx::query_as::<_, OpenReport>(&self.sql(
            "SELECT r.id AS id, r.account_id AS account_id, a.username AS player,
                    p.username AS reporter, r.reason AS reason, r.details AS details,
                    r.game_id AS game_id, r.tournament_id AS tournament_id, r.room AS room,
                    r.seq AS seq,
                    r.created_ms AS created_ms, a.muted_until_ms AS muted_until_ms,
                    a.closed_ms AS closed_ms
             FROM reports r JOIN accounts a ON a.id = r.account_id
             JOIN accounts p ON p.id = r.reporter_id
             WHERE r.closed_ms IS NULL ORDER BY r.created_ms, r.id LIMIT ?",
        ))
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("reports")
    }

    /// Closes the open reports about `account`, by `moderator` at `now_ms`.
    pub async fn close_reports_about(
        &self,
        account: &AccountId,
        moderator: &AccountId,
        now_ms: i64,
    ) -> Result<()> {
        sqlx::query(&self.sql(
            "UPDATE reports SET closed_ms = ?, closed_by = ?
             WHERE account_id = ? AND closed_ms IS NULL",
        ))
        .bind(now_ms)
        .bind(moderator.as_str())
        .bind(account.as_str())
        .execute(&self.pool)
        .await
        .context("cannot close reports")?;
        Ok(())
    }

    /// Closes the open report `id`, by `moderator` at `now_ms`; the reported account, if the
    /// report was open.
    pub async fn dismiss_report(
        &self,
        id: &str,
        moderator: &AccountId,
        now_ms: i64,
    ) -> Result<Option<AccountId>> {
        let account: Option<String> = sqlx::query_scalar(&self.sql(
            "UPDATE reports SET closed_ms = ?, closed_by = ?
             WHERE id = ? AND closed_ms IS NULL RETURNING account_id",
        ))
        .bind(now_ms)
        .bind(moderator.as_str())
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .reading("reports")?;
        Ok(account.map(AccountId::from_stored))
    }

    /// `account` blocks `blocked` at `now_ms`, unless it blocks `cap` accounts already;
    /// whether it does now (blocking twice is one block).
    pub async fn block(
        &self,
        account: &AccountId,
        blocked: &AccountId,
        now_ms: i64,
        cap: usize,
    ) -> Result<bool> {
        sqlx::query(&self.sql(
            "INSERT INTO blocks (account_id, blocked_id, created_ms)
             SELECT ?, ?, ? WHERE (SELECT count(*) FROM blocks WHERE account_id = ?) < ?
             ON CONFLICT (account_id, blocked_id) DO NOTHING",
        ))
        .bind(account.as_str())
        .bind(blocked.as_str())
        .bind(now_ms)
        .bind(account.as_str())
        .bind(cap as i64)
        .execute(&self.pool)
        .await
        .context("cannot store a block")?;
        let found: Option<String> = sqlx::query_scalar(
            &self.sql("SELECT blocked_id FROM blocks WHERE account_id = ? AND blocked_id = ?"),
        )
        .bind(account.as_str())
        .bind(blocked.as_str())
        .fetch_optional(&self.pool)
        .await
        .reading("blocks")?;
        Ok(found.is_some())
    }

    /// `account` blocks `blocked` no more.
    pub async fn unblock(&self, account: &AccountId, blocked: &AccountId) -> Result<()> {
        sqlx::query(&self.sql("DELETE FROM blocks WHERE account_id = ? AND blocked_id = ?"))
            .bind(account.as_str())
            .bind(blocked.as_str())
            .execute(&self.pool)
            .await
            .context("cannot remove a block")?;
        Ok(())
    }

    /// The accounts `account` blocks: their ids and usernames (deleted ones left out), by name.
    pub async fn blocked_by(&self, account: &AccountId) -> Result<Vec<(AccountId, String)>> {
        let rows: Vec<(String, String)> = sqlx::query_as(&self.sql(
            "SELECT a.id, a.username FROM blocks b JOIN accounts a ON a.id = b.blocked_id
             WHERE b.account_id = ? AND a.username IS NOT NULL ORDER BY a.username_key",
        ))
        .bind(account.as_str())
        .fetch_all(&self.pool)
        .await
        .reading("blocks")?;
        Ok(rows
            .into_iter()
            .map(|(id, name)| (AccountId::from_stored(id), name))
            .collect())
    }

    /// Whether `one` blocks `other` or `other` blocks `one`.
    pub async fn blocked_between(&self, one: &AccountId, other: &AccountId) -> Result<bool> {
        let found: Option<String> = sqlx::query_scalar(&self.sql(
            "SELECT account_id FROM blocks
             WHERE (account_id = ? AND blocked_id = ?) OR (account_id = ? AND blocked_id = ?)
             LIMIT 1",
        ))
        .bind(one.as_str())
        .bind(other.as_str())
        .bind(other.as_str())
        .bind(one.as_str())
        .fetch_optional(&self.pool)
        .await
        .reading("blocks")?;
        Ok(found.is_some())
    }
}

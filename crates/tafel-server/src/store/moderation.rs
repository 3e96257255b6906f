//! What moderators change on accounts and tournaments (see [`crate::domain::moderation`]):
//! roles, mutes, closing, renaming (the former name never taken again), the rating points a
//! closed cheater's opponents get back, and the log of every action. Reports and blocks are
//! [`super::reports`]'.

use anyhow::{Context, Result};

use super::accounts::NameTaken;
use super::rows::Reading;
use super::Store;
use crate::domain::account::Username;
use crate::domain::ids::AccountId;
use crate::domain::moderation::Role;

/// What moderators see of an account beside its name.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct AccountStanding {
    /// Until when it may not chat, if it was ever muted.
    pub muted_until_ms: Option<i64>,
    /// When it was closed, if it was.
    pub closed_ms: Option<i64>,
}

/// One action for the log.
#[derive(Clone, Debug)]
pub struct NewLogEntry<'a> {
    /// Its id.
    pub id: &'a str,
    /// The moderator.
    pub moderator: &'a AccountId,
    /// The account acted on, if any.
    pub account: Option<&'a AccountId>,
    /// The tournament acted on, if any.
    pub tournament: Option<&'a str>,
    /// The action's name ([`crate::domain::moderation::Action::name`] and the others).
    pub action: &'a str,
    /// Why.
    pub reason: &'a str,
    /// What it changed, in a few words, if anything needs saying.
    pub detail: Option<&'a str>,
    /// When.
    pub at_ms: i64,
}

/// One action as the log shows it, with the accounts by name.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct LogRow {
    /// When.
    pub at_ms: i64,
    /// The moderator's username (none once the account is deleted).
    pub moderator: Option<String>,
    /// The action's name.
    pub action: String,
    /// The account's username, if an account was acted on (and is not deleted).
    pub player: Option<String>,
    /// The tournament's id, if one was acted on.
    pub tournament: Option<String>,
    /// Why.
    pub reason: String,
    /// What it changed.
    pub detail: Option<String>,
}

/// The columns a [`LogRow`] is read from (`l` the log, `m` the moderator, `a` the account).
const LOG_COLUMNS: &str = "SELECT l.at_ms AS at_ms, m.username AS moderator, l.action AS action,
        a.username AS player, l.tournament_id AS tournament, l.reason AS reason,
        l.detail AS detail
    FROM moderation_log l JOIN accounts m ON m.id = l.moderator_id
    LEFT JOIN accounts a ON a.id = l.account_id";

impl Store {
    /// The role of the account `id` (a player if there is no such account).
    pub async fn role_of(&self, id: &AccountId) -> Result<Role> {
        let role: Option<String> = sqlx::query_scalar(
            &self.sql("SELECT role FROM accounts WHERE id = ? AND closed_ms IS NULL"),
        )
        .bind(id.as_str())
        .fetch_optional(&self.pool)
        .await
        .reading("accounts")?;
        match role {
            Some(role) => Role::parse(&role).map_err(|e| anyhow::anyhow!("{}", e.message)),
            None => Ok(Role::Player),
        }
    }

    /// Gives the account `id` the role `role`.
    pub async fn set_role(&self, id: &AccountId, role: Role) -> Result<()> {
        sqlx::query(&self.sql("UPDATE accounts SET role = ? WHERE id = ?"))
            .bind(role.as_str())
            .bind(id.as_str())
            .execute(&self.pool)
            .await
            .context("cannot store a role")?;
        Ok(())
    }

    /// Whether the account `id` is muted and closed.
    pub async fn standing(&self, id: &AccountId) -> Result<AccountStanding> {
        let row = sqlx::query_as::<_, AccountStanding>(
            &self.sql("SELECT muted_until_ms, closed_ms FROM accounts WHERE id = ?"),
        )
        .bind(id.as_str())
        .fetch_optional(&self.pool)
        .await
        .reading("accounts")?;
        Ok(row.unwrap_or(AccountStanding {
            muted_until_ms: None,
            closed_ms: None,
        }))
    }

    /// Mutes the account `id` until `until_ms`.
    pub async fn mute(&self, id: &AccountId, until_ms: i64) -> Result<()> {
        sqlx::query(&self.sql("UPDATE accounts SET muted_until_ms = ? WHERE id = ?"))
            .bind(until_ms)
            .bind(id.as_str())
            .execute(&self.pool)
            .await
            .context("cannot store a mute")?;
        Ok(())
    }

    /// Closes the account `id` at `now_ms` (its sessions end, a bot's token opens nothing);
    /// whether it was open.
    pub async fn close_account(&self, id: &AccountId, now_ms: i64) -> Result<bool> {
        let mut transaction = self.begin_write().await?;
        let closed = sqlx::query(
            &self.sql("UPDATE accounts SET closed_ms = ? WHERE id = ? AND closed_ms IS NULL"),
        )
        .bind(now_ms)
        .bind(id.as_str())
        .execute(&mut *transaction)
        .await
        .context("cannot close an account")?;
        for table in ["sessions", "bot_tokens"] {
            sqlx::query(&self.sql(&format!("DELETE FROM {table} WHERE account_id = ?")))
                .bind(id.as_str())
                .execute(&mut *transaction)
                .await?;
        }
        transaction.commit().await?;
        Ok(closed.rows_affected() == 1)
    }

    /// Renames the living account `id` from `old` to `new`, unless `new` (or a name that looks
    /// like it) is an account's or a former name; `old` becomes a former name.
    pub async fn rename_account(
        &self,
        id: &AccountId,
        old: &Username,
        new: &Username,
        now_ms: i64,
    ) -> Result<Result<(), NameTaken>> {
        let mut transaction = self.begin_write().await?;
        let former: Option<String> = sqlx::query_scalar(&self.sql(
            "SELECT username_key FROM former_names WHERE username_key = ? OR lookalike_key = ?
             LIMIT 1",
        ))
        .bind(new.key())
        .bind(new.lookalike_key())
        .fetch_optional(&mut *transaction)
        .await
        .reading("former_names")?;
        if former.is_some() {
            return Ok(Err(NameTaken));
        }
        sqlx::query(&self.sql(
            "INSERT INTO former_names (username_key, lookalike_key, account_id, renamed_ms)
             VALUES (?, ?, ?, ?) ON CONFLICT (username_key) DO NOTHING",
        ))
        .bind(old.key())
        .bind(old.lookalike_key())
        .bind(id.as_str())
        .bind(now_ms)
        .execute(&mut *transaction)
        .await
        .context("cannot keep a former name")?;
        let renamed = sqlx::query(&self.sql(
            "UPDATE accounts SET username = ?, username_key = ?, lookalike_key = ?
             WHERE id = ? AND username IS NOT NULL",
        ))
        .bind(new.as_str())
        .bind(new.key())
        .bind(new.lookalike_key())
        .bind(id.as_str())
        .execute(&mut *transaction)
        .await;
        match renamed {
            Ok(_) => {}
            Err(sqlx::Error::Database(error)) if error.is_unique_violation() => {
                return Ok(Err(NameTaken))
            }
            Err(error) => return Err(error).context("cannot rename an account"),
        }
        transaction.commit().await?;
        Ok(Ok(()))
    }

    /// Whether the username key `key` or the lookalike key `lookalike` is a former name.
    pub async fn is_a_former_name(&self, key: &str, lookalike: &str) -> Result<bool> {
        let found: Option<String> = sqlx::query_scalar(&self.sql(
            "SELECT username_key FROM former_names WHERE username_key = ? OR lookalike_key = ?
             LIMIT 1",
        ))
        .bind(key)
        .bind(lookalike)
        .fetch_optional(&self.pool)
        .await
        .reading("former_names")?;
        Ok(found.is_some())
    }

    /// The games in play in which the account `id` has a seat.
    pub async fn games_in_play_of(&self, id: &AccountId) -> Result<Vec<String>> {
        sqlx::query_scalar(&self.sql(
            "SELECT DISTINCT ga.game_id FROM game_accounts ga JOIN games g ON g.id = ga.game_id
             WHERE ga.account_id = ? AND g.result IS NULL ORDER BY ga.game_id",
        ))
        .bind(id.as_str())
        .fetch_all(&self.pool)
        .await
        .reading("game_accounts")
    }

    /// Every game in which the account `id` has a seat.
    pub async fn games_of(&self, id: &AccountId) -> Result<Vec<String>> {
        sqlx::query_scalar(&self.sql(
            "SELECT DISTINCT game_id FROM game_accounts WHERE account_id = ? ORDER BY game_id",
        ))
        .bind(id.as_str())
        .fetch_all(&self.pool)
        .await
        .reading("game_accounts")
    }

    /// The tournaments open or running that the account `id` has entered.
    pub async fn tournaments_entered(&self, id: &AccountId) -> Result<Vec<String>> {
        sqlx::query_scalar(&self.sql(
            "SELECT e.tournament_id FROM tournament_entrants e
             JOIN tournaments t ON t.id = e.tournament_id
             WHERE e.account_id = ? AND t.state IN ('open', 'running')
             ORDER BY e.tournament_id",
        ))
        .bind(id.as_str())
        .fetch_all(&self.pool)
        .await
        .reading("tournament_entrants")
    }

    /// Removes tournament `id` at `now_ms` if it is open or running: nobody enters it, no
    /// round is paired any more, and the lists leave it out. Whether it was.
    pub async fn remove_tournament(&self, id: &str, now_ms: i64) -> Result<bool> {
        let removed = sqlx::query(&self.sql(
            "UPDATE tournaments SET state = 'removed', ended_ms = ?
             WHERE id = ? AND state IN ('open', 'running')",
        ))
        .bind(now_ms)
        .bind(id)
        .execute(&self.pool)
        .await
        .context("cannot remove a tournament")?;
        Ok(removed.rows_affected() == 1)
    }

    /// Gives back to each loser of a rated game that the account `id` won from `since_ms` on
    /// the rating points the game took from them, once per game; how many were given back.
    pub async fn refund_wins(&self, id: &AccountId, since_ms: i64, now_ms: i64) -> Result<usize> {
        let mut transaction = self.begin_write().await?;
        let losses = sqlx::query_as::<_, Loss>(&self.sql(
            "SELECT o.game_id AS game_id, o.account_id AS account_id, o.game AS game,
                    o.rating_before - o.rating_after AS points
             FROM rating_changes c
             JOIN account_results r ON r.game_id = c.game_id AND r.seat = c.seat
             JOIN rating_changes o ON o.game_id = c.game_id AND o.seat = c.opponent_seat
             WHERE c.account_id = ? AND r.outcome = 'win' AND c.rated_ms >= ?
               AND o.rating_before > o.rating_after AND o.account_id <> c.account_id
               AND NOT EXISTS (SELECT 1 FROM rating_refunds f
                               WHERE f.game_id = o.game_id AND f.account_id = o.account_id)
             ORDER BY c.rated_ms",
        ))
        .bind(id.as_str())
        .bind(since_ms)
        .fetch_all(&mut *transaction)
        .await
        .reading("rating_changes")?;
        for loss in &losses {
            sqlx::query(&self.sql(
                "INSERT INTO rating_refunds (game_id, account_id, game, points, refunded_ms)
                 VALUES (?, ?, ?, ?, ?)",
            ))
            .bind(&loss.game_id)
            .bind(&loss.account_id)
            .bind(&loss.game)
            .bind(loss.points)
            .bind(now_ms)
            .execute(&mut *transaction)
            .await
            .context("cannot record a refund")?;
            sqlx::query(
                &self.sql(
                    "UPDATE ratings SET rating = rating + ? WHERE account_id = ? AND game = ?",
                ),
            )
            .bind(loss.points)
            .bind(&loss.account_id)
            .bind(&loss.game)
            .execute(&mut *transaction)
            .await
            .context("cannot give rating points back")?;
        }
        transaction.commit().await?;
        Ok(losses.len())
    }

    /// Writes `entry` in the moderators' log.
    pub async fn log_action(&self, entry: &NewLogEntry<'_>) -> Result<()> {
        sqlx::query(&self.sql(
            "INSERT INTO moderation_log (id, moderator_id, account_id, tournament_id, action,
                                         reason, detail, at_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        ))
        .bind(entry.id)
        .bind(entry.moderator.as_str())
        .bind(entry.account.map(AccountId::as_str))
        .bind(entry.tournament)
        .bind(entry.action)
        .bind(entry.reason)
        .bind(entry.detail)
        .bind(entry.at_ms)
        .execute(&self.pool)
        .await
        .context("cannot write the moderators' log")?;
        Ok(())
    }

    /// The log entry `id`.
    pub async fn log_entry(&self, id: &str) -> Result<Option<LogRow>> {
        sqlx::query_as::<_, LogRow>(&self.sql(&format!("{LOG_COLUMNS} WHERE l.id = ?")))
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .reading("moderation_log")
    }

    /// The latest `limit` actions of the log, the latest first.
    pub async fn moderation_log(&self, limit: i64) -> Result<Vec<LogRow>> {
        sqlx::query_as::<_, LogRow>(&self.sql(&format!(
            "{LOG_COLUMNS} ORDER BY l.at_ms DESC, l.id DESC LIMIT ?"
        )))
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("moderation_log")
    }

    /// The actions the account `id` is told of (warnings, mutes, renames), the latest first,
    /// at most `limit`.
    pub async fn notices_of(&self, id: &AccountId, limit: i64) -> Result<Vec<LogRow>> {
        sqlx::query_as::<_, LogRow>(&self.sql(&format!(
            "{LOG_COLUMNS} WHERE l.account_id = ? AND l.action IN ('warn', 'mute', 'rename')
             ORDER BY l.at_ms DESC, l.id DESC LIMIT ?"
        )))
        .bind(id.as_str())
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("moderation_log")
    }
}

/// A loser's loss in one game ([`Store::refund_wins`]).
#[derive(sqlx::FromRow)]
struct Loss {
    game_id: String,
    account_id: String,
    game: String,
    points: f64,
}

#[cfg(test)]
mod tests;

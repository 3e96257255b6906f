//! Bots: the accounts' bot flag, their tokens (kept as SHA-256 digests, as sessions are) and
//! their games in play (the challenges people send them are in
//! [`challenges`](super::challenges)). Written directly, each statement standing alone.

use anyhow::{Context, Result};

use super::accounts::{AccountName, SessionAccount};
use super::rows::{value, values, Reading};
use super::Store;
use crate::domain::ids::{AccountId, BotToken};

impl Store {
    /// Makes the living account `id` a bot, if it has no game: returns whether it is one now.
    pub async fn make_bot(&self, id: &AccountId) -> Result<bool> {
        sqlx::query(&self.sql(
            "UPDATE accounts SET bot = 1 WHERE id = ? AND username IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM game_accounts WHERE account_id = ?)",
        ))
        .bind(id.as_str())
        .bind(id.as_str())
        .execute(&self.pool)
        .await
        .context("cannot make an account a bot")?;
        self.is_bot(id).await
    }

    /// Whether account `id` is a bot.
    pub async fn is_bot(&self, id: &AccountId) -> Result<bool> {
        let row = sqlx::query(&self.sql("SELECT bot FROM accounts WHERE id = ?"))
            .bind(id.as_str())
            .fetch_optional(&self.pool)
            .await
            .reading("accounts")?;
        match row {
            Some(row) => Ok(value::<i64>(&row, "accounts", "bot")? != 0),
            None => Ok(false),
        }
    }

    /// The usernames of at most `limit` living bots, in the order of their keys.
    pub async fn bot_names(&self, limit: i64) -> Result<Vec<String>> {
        let rows = sqlx::query(&self.sql(
            "SELECT username FROM accounts
             WHERE bot <> 0 AND username IS NOT NULL AND deleted_ms IS NULL
             ORDER BY username_key LIMIT ?",
        ))
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("accounts")?;
        values(&rows, "accounts", "username")
    }

    /// The living bot whose username key ([`crate::domain::account::Username::key`]) is
    /// `key`, if any.
    pub async fn bot_by_key(&self, key: &str) -> Result<Option<SessionAccount>> {
        let row = sqlx::query_as::<_, AccountName>(&self.sql(
            "SELECT id, username FROM accounts
             WHERE username_key = ? AND username IS NOT NULL AND bot <> 0",
        ))
        .bind(key)
        .fetch_optional(&self.pool)
        .await
        .reading("accounts")?;
        Ok(row.map(SessionAccount::from))
    }

    /// Gives bot `id` the token `token` in place of any it had.
    pub async fn set_bot_token(&self, id: &AccountId, token: &BotToken, now_ms: i64) -> Result<()> {
        sqlx::query(&self.sql(
            "INSERT INTO bot_tokens (digest, account_id, created_ms) VALUES (?, ?, ?)
             ON CONFLICT (account_id) DO UPDATE SET digest = excluded.digest,
                                                    created_ms = excluded.created_ms",
        ))
        .bind(token.digest())
        .bind(id.as_str())
        .bind(now_ms)
        .execute(&self.pool)
        .await
        .context("cannot store a bot token")?;
        Ok(())
    }

    /// Revokes bot `id`'s token; returns whether it had one.
    pub async fn revoke_bot_token(&self, id: &AccountId) -> Result<bool> {
        Ok(
            sqlx::query(&self.sql("DELETE FROM bot_tokens WHERE account_id = ?"))
                .bind(id.as_str())
                .execute(&self.pool)
                .await?
                .rows_affected()
                > 0,
        )
    }

    /// The living bot that `token` opens, if any (none once a moderator closed it).
    pub async fn bot_of_token(&self, token: &BotToken) -> Result<Option<SessionAccount>> {
        let row = sqlx::query_as::<_, AccountName>(&self.sql(
            "SELECT accounts.id AS id, accounts.username AS username FROM bot_tokens
             JOIN accounts ON accounts.id = bot_tokens.account_id
             WHERE bot_tokens.digest = ? AND accounts.username IS NOT NULL
               AND accounts.bot <> 0 AND accounts.closed_ms IS NULL",
        ))
        .bind(token.digest())
        .fetch_optional(&self.pool)
        .await
        .reading("bot_tokens")?;
        Ok(row.map(SessionAccount::from))
    }

    /// The games `account` plays that are not over, with its seat, oldest first, at most
    /// `limit`.
    pub async fn games_in_play(
        &self,
        account: &AccountId,
        limit: i64,
    ) -> Result<Vec<(String, usize)>> {
        let rows = sqlx::query_as::<_, GameSeat>(&self.sql(
            "SELECT g.id AS id, ga.seat AS seat
             FROM game_accounts ga JOIN games g ON g.id = ga.game_id
             WHERE ga.account_id = ? AND g.result IS NULL
             ORDER BY g.created_at, g.id LIMIT ?",
        ))
        .bind(account.as_str())
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("game_accounts")?;
        Ok(rows.into_iter().map(|row| (row.id, row.seat)).collect())
    }
}

/// A game and an account's seat in it.
#[derive(sqlx::FromRow)]
struct GameSeat {
    id: String,
    #[sqlx(try_from = "i64")]
    seat: usize,
}

//! Bots: the accounts' bot flag, their tokens (kept as SHA-256 digests, as sessions are) and
//! the challenges people send them. Written directly, each statement standing alone.

use anyhow::{Context, Result};

use super::accounts::{AccountName, SessionAccount};
use super::rows::{value, values, Reading};
use super::Store;
use crate::domain::bot::{ChallengeRequest, ChallengeStatus, ChallengeView, Side};
use crate::domain::ids::{AccountId, BotToken, SeatToken};

/// A challenge as stored: what both sides see, and who they are.
#[derive(Debug)]
pub struct StoredChallenge {
    /// What the challenger and the bot see.
    pub view: ChallengeView,
    /// The challenger's account.
    pub challenger: AccountId,
    /// The bot's account.
    pub bot: AccountId,
    /// The challenger's seat and token in the game made, once accepted.
    pub seat: Option<(usize, SeatToken)>,
}

/// The columns a [`StoredChallenge`] is read from, a [`ChallengeRow`] (`c` the challenge,
/// `p` the challenger's account, `b` the bot's).
const COLUMNS: &str = "c.id AS id, p.username AS challenger_name, b.username AS bot_name,
                       c.game AS game, c.settings AS settings, c.time_control AS time_control,
                       c.side AS side, c.rated AS rated, c.created_ms AS created_ms,
                       c.status AS status, c.reason AS reason, c.game_id AS game_id,
                       c.seat AS seat, c.token AS token, c.challenger AS challenger,
                       c.bot AS bot";

/// The challenges with their two accounts, for [`COLUMNS`].
const FROM: &str = "bot_challenges c JOIN accounts p ON p.id = c.challenger
                    JOIN accounts b ON b.id = c.bot";

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

    /// Stores a new pending challenge `id` of `bot` by `challenger`.
    pub async fn add_challenge(
        &self,
        id: &str,
        challenger: &AccountId,
        bot: &AccountId,
        request: &ChallengeRequest,
        now_ms: i64,
    ) -> Result<()> {
        sqlx::query(&self.sql(
            "INSERT INTO bot_challenges (id, challenger, bot, game, settings, time_control, side,
                                         rated, created_ms, status)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending')",
        ))
        .bind(id)
        .bind(challenger.as_str())
        .bind(bot.as_str())
        .bind(&request.game)
        .bind(serde_json::to_string(&request.settings)?)
        .bind(serde_json::to_string(&request.time_control)?)
        .bind(request.side.as_str())
        .bind(i64::from(request.rated))
        .bind(now_ms)
        .execute(&self.pool)
        .await
        .context("cannot store a challenge")?;
        Ok(())
    }

    /// How many pending challenges made since `since_ms` `account` has sent (`column`
    /// `challenger`) or been sent (`bot`).
    pub async fn pending_challenges(
        &self,
        account: &AccountId,
        by_challenger: bool,
        since_ms: i64,
    ) -> Result<usize> {
        let column = if by_challenger { "challenger" } else { "bot" };
        let row = sqlx::query(&self.sql(&format!(
            "SELECT count(*) AS pending FROM bot_challenges
             WHERE {column} = ? AND status = 'pending' AND created_ms >= ?"
        )))
        .bind(account.as_str())
        .bind(since_ms)
        .fetch_one(&self.pool)
        .await
        .reading("bot_challenges")?;
        Ok(value::<i64>(&row, "bot_challenges", "pending")? as usize)
    }

    /// The pending challenges of `bot` made since `since_ms`, oldest first, at most `limit`.
    pub async fn challenges_of_bot(
        &self,
        bot: &AccountId,
        since_ms: i64,
        limit: i64,
    ) -> Result<Vec<StoredChallenge>> {
        let rows = sqlx::query_as::<_, ChallengeRow>(&self.sql(&format!(
            "SELECT {COLUMNS} FROM {FROM}
             WHERE c.bot = ? AND c.status = 'pending' AND c.created_ms >= ?
             ORDER BY c.created_ms, c.id LIMIT ?"
        )))
        .bind(bot.as_str())
        .bind(since_ms)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("bot_challenges")?;
        rows.into_iter()
            .map(|row| row.into_stored(since_ms))
            .collect()
    }

    /// Challenge `id`, pending ones made before `since_ms` read as expired.
    pub async fn challenge(&self, id: &str, since_ms: i64) -> Result<Option<StoredChallenge>> {
        let row = sqlx::query_as::<_, ChallengeRow>(
            &self.sql(&format!("SELECT {COLUMNS} FROM {FROM} WHERE c.id = ?")),
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .reading("bot_challenges")?;
        row.map(|row| row.into_stored(since_ms)).transpose()
    }

    /// Moves challenge `id`, pending since `since_ms` or later, from `pending` to `status`
    /// (with `reason`), if `account` is its `bot` (or, with `by_challenger`, its
    /// challenger); exactly one such change succeeds. Returns whether this one did.
    pub async fn answer_challenge(
        &self,
        id: &str,
        account: &AccountId,
        by_challenger: bool,
        status: ChallengeStatus,
        reason: Option<&str>,
        since_ms: i64,
    ) -> Result<bool> {
        let column = if by_challenger { "challenger" } else { "bot" };
        Ok(sqlx::query(&self.sql(&format!(
            "UPDATE bot_challenges SET status = ?, reason = ?
             WHERE id = ? AND {column} = ? AND status = 'pending' AND created_ms >= ?"
        )))
        .bind(status.as_str())
        .bind(reason)
        .bind(id)
        .bind(account.as_str())
        .bind(since_ms)
        .execute(&self.pool)
        .await?
        .rows_affected()
            == 1)
    }

    /// Records the game made for accepted challenge `id`, and the challenger's seat in it.
    pub async fn challenge_game(
        &self,
        id: &str,
        game: &str,
        seat: usize,
        token: &SeatToken,
    ) -> Result<()> {
        sqlx::query(
            &self.sql("UPDATE bot_challenges SET game_id = ?, seat = ?, token = ? WHERE id = ?"),
        )
        .bind(game)
        .bind(seat as i64)
        .bind(token.as_str())
        .bind(id)
        .execute(&self.pool)
        .await
        .context("cannot record a challenge's game")?;
        Ok(())
    }

    /// Declines accepted challenge `id` whose game could not be made, with `reason`.
    pub async fn decline_made(&self, id: &str, reason: &str) -> Result<()> {
        sqlx::query(
            &self.sql("UPDATE bot_challenges SET status = 'declined', reason = ? WHERE id = ?"),
        )
        .bind(reason)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
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

/// A challenge's row of [`COLUMNS`] (the accounts' usernames `None` once deleted).
#[derive(sqlx::FromRow)]
struct ChallengeRow {
    id: String,
    challenger_name: Option<String>,
    bot_name: Option<String>,
    game: String,
    settings: String,
    time_control: String,
    side: String,
    rated: i64,
    created_ms: i64,
    status: String,
    reason: Option<String>,
    game_id: Option<String>,
    seat: Option<i64>,
    token: Option<String>,
    challenger: String,
    bot: String,
}

impl ChallengeRow {
    /// The challenge, pending ones made before `since_ms` read as expired.
    fn into_stored(self, since_ms: i64) -> Result<StoredChallenge> {
        Ok(StoredChallenge {
            view: ChallengeView {
                id: self.id,
                challenger: self.challenger_name.unwrap_or_default(),
                bot: self.bot_name.unwrap_or_default(),
                request: ChallengeRequest {
                    game: self.game,
                    settings: serde_json::from_str(&self.settings)?,
                    time_control: serde_json::from_str(&self.time_control)?,
                    side: Side::from_stored(&self.side),
                    rated: self.rated != 0,
                },
                status: ChallengeStatus::from_stored(
                    &self.status,
                    self.game_id.is_some(),
                    self.created_ms,
                    since_ms,
                ),
                reason: self.reason,
                game_id: self.game_id,
                created_ms: self.created_ms,
            },
            challenger: AccountId::from_stored(self.challenger),
            bot: AccountId::from_stored(self.bot),
            seat: self
                .seat
                .zip(self.token)
                .map(|(seat, token)| {
                    Ok::<_, anyhow::Error>((seat as usize, SeatToken::parse(&token)?))
                })
                .transpose()?,
        })
    }
}

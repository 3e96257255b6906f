//! Challenges: one account asks another (a person or a bot) to a game, with its settings,
//! clock and side; the challenged accepts or declines, the challenger may cancel. Written
//! directly, each statement standing alone.

use anyhow::{Context, Result};

use super::rows::{value, Reading};
use super::Store;
use crate::domain::challenge::{ChallengeRequest, ChallengeStatus, ChallengeView, Side};
use crate::domain::ids::{AccountId, SeatToken};

/// A challenge as stored: what both sides see, and who they are.
#[derive(Debug)]
pub struct StoredChallenge {
    /// What the challenger and the challenged see.
    pub view: ChallengeView,
    /// The challenger's account.
    pub challenger: AccountId,
    /// The challenged account.
    pub challenged: AccountId,
    /// The challenger's seat and token in the game made, once accepted.
    pub seat: Option<(usize, SeatToken)>,
}

/// The columns a [`StoredChallenge`] is read from, a [`ChallengeRow`] (`c` the challenge,
/// `p` the challenger's account, `d` the challenged one's).
const COLUMNS: &str = "c.id AS id, p.username AS challenger_name, d.username AS challenged_name,
                       c.game AS game, c.settings AS settings, c.time_control AS time_control,
                       c.side AS side, c.rated AS rated, c.created_ms AS created_ms,
                       c.status AS status, c.reason AS reason, c.game_id AS game_id,
                       c.seat AS seat, c.token AS token, c.challenger AS challenger,
                       c.challenged AS challenged";

/// The challenges with their two accounts, for [`COLUMNS`].
const FROM: &str = "challenges c JOIN accounts p ON p.id = c.challenger
                    JOIN accounts d ON d.id = c.challenged";

impl Store {
    /// Stores a new pending challenge `id` of `challenged` by `challenger`.
    pub async fn add_challenge(
        &self,
        id: &str,
        challenger: &AccountId,
        challenged: &AccountId,
        request: &ChallengeRequest,
        now_ms: i64,
    ) -> Result<()> {
        sqlx::query(&self.sql(
            "INSERT INTO challenges (id, challenger, challenged, game, settings, time_control, side,
                                         rated, created_ms, status)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending')",
        ))
        .bind(id)
        .bind(challenger.as_str())
        .bind(challenged.as_str())
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
    /// `challenger`) or been sent (`challenged`).
    pub async fn pending_challenges(
        &self,
        account: &AccountId,
        by_challenger: bool,
        since_ms: i64,
    ) -> Result<usize> {
        let column = if by_challenger {
            "challenger"
        } else {
            "challenged"
        };
        let row = sqlx::query(&self.sql(&format!(
            "SELECT count(*) AS pending FROM challenges
             WHERE {column} = ? AND status = 'pending' AND created_ms >= ?"
        )))
        .bind(account.as_str())
        .bind(since_ms)
        .fetch_one(&self.pool)
        .await
        .reading("challenges")?;
        Ok(value::<i64>(&row, "challenges", "pending")? as usize)
    }

    /// The pending challenges `account` was sent since `since_ms`, oldest first, at most
    /// `limit`.
    pub async fn challenges_to(
        &self,
        account: &AccountId,
        since_ms: i64,
        limit: i64,
    ) -> Result<Vec<StoredChallenge>> {
        self.pending_where("c.challenged = ?", account, since_ms, limit)
            .await
    }

    /// The pending challenges `account` sent or was sent since `since_ms`, oldest first, at
    /// most `limit`.
    pub async fn challenges_of(
        &self,
        account: &AccountId,
        since_ms: i64,
        limit: i64,
    ) -> Result<Vec<StoredChallenge>> {
        self.pending_where(
            "? IN (c.challenged, c.challenger)",
            account,
            since_ms,
            limit,
        )
        .await
    }

    /// The pending challenges since `since_ms` where `party` (a condition on `c` with one
    /// parameter, `account`) holds, oldest first, at most `limit`.
    async fn pending_where(
        &self,
        party: &str,
        account: &AccountId,
        since_ms: i64,
        limit: i64,
    ) -> Result<Vec<StoredChallenge>> {
        let rows = sqlx::query_as::<_, ChallengeRow>(&self.sql(&format!(
            "SELECT {COLUMNS} FROM {FROM}
             WHERE {party} AND c.status = 'pending' AND c.created_ms >= ?
             ORDER BY c.created_ms, c.id LIMIT ?"
        )))
        .bind(account.as_str())
        .bind(since_ms)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("challenges")?;
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
        .reading("challenges")?;
        row.map(|row| row.into_stored(since_ms)).transpose()
    }

    /// Moves challenge `id`, pending since `since_ms` or later, from `pending` to `status`
    /// (with `reason`), if `account` is the challenged (or, with `by_challenger`, its
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
        let column = if by_challenger {
            "challenger"
        } else {
            "challenged"
        };
        Ok(sqlx::query(&self.sql(&format!(
            "UPDATE challenges SET status = ?, reason = ?
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
            &self.sql("UPDATE challenges SET game_id = ?, seat = ?, token = ? WHERE id = ?"),
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
            &self.sql("UPDATE challenges SET status = 'declined', reason = ? WHERE id = ?"),
        )
        .bind(reason)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

/// A challenge's row of [`COLUMNS`] (the accounts' usernames `None` once deleted).
#[derive(sqlx::FromRow)]
struct ChallengeRow {
    id: String,
    challenger_name: Option<String>,
    challenged_name: Option<String>,
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
    challenged: String,
}

impl ChallengeRow {
    /// The challenge, pending ones made before `since_ms` read as expired.
    fn into_stored(self, since_ms: i64) -> Result<StoredChallenge> {
        Ok(StoredChallenge {
            view: ChallengeView {
                id: self.id,
                challenger: self.challenger_name.unwrap_or_default(),
                challenged: self.challenged_name.unwrap_or_default(),
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
            challenged: AccountId::from_stored(self.challenged),
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

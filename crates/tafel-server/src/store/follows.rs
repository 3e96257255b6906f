//! Who follows whom, and what a follower reads of the accounts it follows: whether they are
//! online (a session of theirs seen lately) and a game they are playing. Written directly,
//! each statement standing alone.

use anyhow::{Context, Result};

use super::rows::{value, Reading};
use super::Store;
use crate::domain::ids::AccountId;

/// An account followed, as its follower reads it.
#[derive(Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Followed {
    /// Its username.
    pub username: String,
    /// When a session of it was last seen, in ms since the Unix epoch (none if never).
    pub seen_ms: Option<i64>,
    /// A game it plays that is not over, the latest made, if any.
    pub playing: Option<String>,
}

impl Store {
    /// `follower` follows `followed` from `now_ms`, unless it follows `cap` accounts already.
    /// Returns whether it follows `followed` now (true also when it did already).
    pub async fn follow(
        &self,
        follower: &AccountId,
        followed: &AccountId,
        now_ms: i64,
        cap: usize,
    ) -> Result<bool> {
        sqlx::query(&self.sql(
            "INSERT INTO follows (follower, followed, created_ms)
             SELECT ?, ?, ? WHERE (SELECT count(*) FROM follows WHERE follower = ?) < ?
             ON CONFLICT (follower, followed) DO NOTHING",
        ))
        .bind(follower.as_str())
        .bind(followed.as_str())
        .bind(now_ms)
        .bind(follower.as_str())
        .bind(cap as i64)
        .execute(&self.pool)
        .await
        .context("cannot follow an account")?;
        self.follows(follower, followed).await
    }

    /// Whether `follower` follows `followed`.
    pub async fn follows(&self, follower: &AccountId, followed: &AccountId) -> Result<bool> {
        let row = sqlx::query(
            &self.sql("SELECT count(*) AS found FROM follows WHERE follower = ? AND followed = ?"),
        )
        .bind(follower.as_str())
        .bind(followed.as_str())
        .fetch_one(&self.pool)
        .await
        .reading("follows")?;
        Ok(value::<i64>(&row, "follows", "found")? > 0)
    }

    /// `follower` follows `followed` no more (nothing if it did not).
    pub async fn unfollow(&self, follower: &AccountId, followed: &AccountId) -> Result<()> {
        sqlx::query(&self.sql("DELETE FROM follows WHERE follower = ? AND followed = ?"))
            .bind(follower.as_str())
            .bind(followed.as_str())
            .execute(&self.pool)
            .await
            .context("cannot stop following an account")?;
        Ok(())
    }

    /// The living accounts `follower` follows, by name, with when they were last seen (by
    /// their sessions open at `now_ms`) and a game each plays.
    pub async fn followed_by(&self, follower: &AccountId, now_ms: i64) -> Result<Vec<Followed>> {
        sqlx::query_as::<_, Followed>(&self.sql(
            "SELECT a.username AS username,
                    (SELECT max(s.seen_ms) FROM sessions s
                     WHERE s.account_id = a.id AND s.expires_ms > ?) AS seen_ms,
                    (SELECT ga.game_id FROM game_accounts ga JOIN games g ON g.id = ga.game_id
                     WHERE ga.account_id = a.id AND g.result IS NULL
                     ORDER BY g.created_at DESC, g.id LIMIT 1) AS playing
             FROM follows f JOIN accounts a ON a.id = f.followed
             WHERE f.follower = ? AND a.username IS NOT NULL AND a.closed_ms IS NULL
             ORDER BY a.username_key",
        ))
        .bind(now_ms)
        .bind(follower.as_str())
        .fetch_all(&self.pool)
        .await
        .reading("follows")
    }
}

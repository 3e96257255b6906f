//! Seeks in the lobby, kept in the database so that every instance lists the same ones and
//! exactly one taker gets each. Written directly (a seek is not a game's change).

use anyhow::{Context, Result};

use super::rows::{value, Reading};
use super::Store;
use crate::domain::ids::{AccountId, SeatToken};
use crate::domain::seek::{SeekRequest, SeekView};

/// A seek as stored, with its owner.
#[derive(Debug)]
pub struct StoredSeek {
    /// What the lobby shows.
    pub view: SeekView,
    /// The owner's lobby connection.
    pub connection: String,
    /// The owner's account, if signed in.
    pub account: Option<AccountId>,
}

/// Where the owner of a taken seek plays.
#[derive(Debug)]
pub struct TakenSeek {
    /// The seek.
    pub id: String,
    /// The game made for it.
    pub game: String,
    /// The owner's seat in it.
    pub seat: usize,
    /// The owner's token for that seat.
    pub token: SeatToken,
}

/// The columns a [`StoredSeek`] is read from, a [`SeekRow`].
const COLUMNS: &str = "id, connection, account_id, name, game, settings, time_control, rated,
                       rating_min, rating_max,
                       (SELECT r.rating FROM ratings r WHERE r.account_id = seeks.account_id
                          AND r.game = seeks.game AND r.games > 0) AS rating";

/// The condition, on PostgreSQL, that a seek's instance is alive at the time bound to its
/// `?` (its row in `lease_holders`, renewed every second, has not lapsed).
const HOLDER_ALIVE: &str = "EXISTS (SELECT 1 FROM lease_holders
                                    WHERE holder = seeks.holder AND until_ms >= ?)";

impl Store {
    /// The condition that a seek's instance is alive at the time bound to its `?`. On SQLite
    /// there is one instance, this one, and seeks of an earlier run are left over.
    fn seek_holder_alive(&self) -> String {
        if self.is_shared() {
            HOLDER_ALIVE.to_string()
        } else {
            format!("(seeks.holder = '{}' AND ? IS NOT NULL)", self.instance)
        }
    }

    /// Lists a new seek `id` of lobby connection `connection` (held by this instance) by
    /// `name` (an account's username when `account` is given).
    pub async fn add_seek(
        &self,
        id: &str,
        connection: &str,
        account: Option<&AccountId>,
        name: &str,
        seek: &SeekRequest,
        now_ms: i64,
    ) -> Result<()> {
        sqlx::query(&self.sql(
            "INSERT INTO seeks (id, holder, connection, account_id, name, game, settings,
                                time_control, rated, rating_min, rating_max, created_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        ))
        .bind(id)
        .bind(&*self.instance)
        .bind(connection)
        .bind(account.map(AccountId::as_str))
        .bind(name)
        .bind(&seek.game)
        .bind(serde_json::to_string(&seek.settings)?)
        .bind(serde_json::to_string(&seek.time_control)?)
        .bind(i64::from(seek.rated))
        .bind(seek.rating_min.map(i64::from))
        .bind(seek.rating_max.map(i64::from))
        .bind(now_ms)
        .execute(&self.pool)
        .await
        .context("cannot store a seek")?;
        Ok(())
    }

    /// The seeks waiting for a taker whose owners' instances are alive at `now_ms`, oldest
    /// first, at most `limit`.
    pub async fn open_seeks(&self, now_ms: i64, limit: i64) -> Result<Vec<StoredSeek>> {
        let rows = sqlx::query_as::<_, SeekRow>(&self.sql(&format!(
            "SELECT {COLUMNS} FROM seeks WHERE taken_by IS NULL AND {}
             ORDER BY created_ms, id LIMIT ?",
            self.seek_holder_alive()
        )))
        .bind(now_ms)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("seeks")?;
        rows.into_iter().map(SeekRow::into_stored).collect()
    }

    /// How many seeks lobby connection `connection` has listed.
    pub async fn seeks_of(&self, connection: &str) -> Result<usize> {
        let row =
            sqlx::query(&self.sql("SELECT count(*) AS seeks FROM seeks WHERE connection = ?"))
                .bind(connection)
                .fetch_one(&self.pool)
                .await
                .reading("seeks")?;
        Ok(value::<i64>(&row, "seeks", "seeks")? as usize)
    }

    /// Claims seek `id` for the taker's connection `taker`, if nobody has (exactly one
    /// claim succeeds), and returns it.
    pub async fn claim_seek(&self, id: &str, taker: &str) -> Result<Option<StoredSeek>> {
        let claimed = sqlx::query(
            &self.sql("UPDATE seeks SET taken_by = ? WHERE id = ? AND taken_by IS NULL"),
        )
        .bind(taker)
        .bind(id)
        .execute(&self.pool)
        .await?
        .rows_affected();
        if claimed == 0 {
            return Ok(None);
        }
        self.seek(id).await
    }

    /// Seek `id`, if it is listed (or claimed).
    pub async fn seek(&self, id: &str) -> Result<Option<StoredSeek>> {
        let row = sqlx::query_as::<_, SeekRow>(
            &self.sql(&format!("SELECT {COLUMNS} FROM seeks WHERE id = ?")),
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .reading("seeks")?;
        row.map(SeekRow::into_stored).transpose()
    }

    /// Puts a claimed seek back in the lobby (its game could not be made).
    pub async fn release_seek(&self, id: &str) -> Result<()> {
        sqlx::query(&self.sql("UPDATE seeks SET taken_by = NULL WHERE id = ?"))
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records the game made for claimed seek `id`: the owner's seat and token in `game`.
    pub async fn seek_played(
        &self,
        id: &str,
        game: &str,
        seat: usize,
        token: &SeatToken,
    ) -> Result<()> {
        sqlx::query(&self.sql("UPDATE seeks SET game_id = ?, seat = ?, token = ? WHERE id = ?"))
            .bind(game)
            .bind(seat as i64)
            .bind(token.as_str())
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The seeks of connection `connection` whose game is made, removed as they are read
    /// (each is handed to its owner once).
    pub async fn take_played_seeks(&self, connection: &str) -> Result<Vec<TakenSeek>> {
        let rows = sqlx::query_as::<_, PlayedRow>(&self.sql(
            "SELECT id, game_id, seat, token FROM seeks
             WHERE connection = ? AND game_id IS NOT NULL",
        ))
        .bind(connection)
        .fetch_all(&self.pool)
        .await
        .reading("seeks")?;
        let mut taken = Vec::with_capacity(rows.len());
        for row in rows {
            let removed = sqlx::query(&self.sql("DELETE FROM seeks WHERE id = ?"))
                .bind(&row.id)
                .execute(&self.pool)
                .await?
                .rows_affected();
            if removed == 1 {
                taken.push(TakenSeek {
                    id: row.id,
                    game: row.game_id,
                    seat: row.seat,
                    token: SeatToken::parse(&row.token)
                        .map_err(|e| anyhow::anyhow!("a stored seek's token: {}", e.message))?,
                });
            }
        }
        Ok(taken)
    }

    /// Removes the seeks of lobby connection `connection` that nobody has taken (its owner
    /// left the lobby, or withdrew them), or only seek `id` of it when given.
    pub async fn withdraw_seeks(&self, connection: &str, id: Option<&str>) -> Result<u64> {
        let sql = self.sql(
            "DELETE FROM seeks WHERE connection = ? AND (id = ? OR ? IS NULL) AND taken_by IS NULL",
        );
        Ok(sqlx::query(&sql)
            .bind(connection)
            .bind(id)
            .bind(id)
            .execute(&self.pool)
            .await?
            .rows_affected())
    }

    /// Removes the seeks of instances that died (their holders' rows lapsed by `now_ms`) and
    /// the claimed seeks older than `before_ms` whose owner never came for the game.
    pub async fn forget_stale_seeks(&self, now_ms: i64, before_ms: i64) -> Result<u64> {
        Ok(sqlx::query(&self.sql(&format!(
            "DELETE FROM seeks WHERE NOT {}
                OR (taken_by IS NOT NULL AND created_ms < ?)",
            self.seek_holder_alive()
        )))
        .bind(now_ms)
        .bind(before_ms)
        .execute(&self.pool)
        .await?
        .rows_affected())
    }
}

/// A seek's row of [`COLUMNS`].
#[derive(sqlx::FromRow)]
struct SeekRow {
    id: String,
    connection: String,
    account_id: Option<String>,
    name: String,
    game: String,
    settings: String,
    time_control: String,
    rated: i64,
    rating_min: Option<i64>,
    rating_max: Option<i64>,
    rating: Option<f64>,
}

impl SeekRow {
    /// The seek of this row.
    fn into_stored(self) -> Result<StoredSeek> {
        Ok(StoredSeek {
            view: SeekView {
                id: self.id,
                name: self.name,
                account: self.account_id.is_some(),
                game: self.game,
                settings: serde_json::from_str(&self.settings)
                    .context("a stored seek's settings are unreadable")?,
                time_control: serde_json::from_str(&self.time_control)
                    .context("a stored seek's clock is unreadable")?,
                rated: self.rated != 0,
                rating_min: self.rating_min.map(|r| r as u32),
                rating_max: self.rating_max.map(|r| r as u32),
                rating: self.rating.map(|r| r.round().max(0.0) as u32),
            },
            connection: self.connection,
            account: self.account_id.map(AccountId::from_stored),
        })
    }
}

/// A seek whose game is made: the game, and the owner's seat and token in it.
#[derive(sqlx::FromRow)]
struct PlayedRow {
    id: String,
    game_id: String,
    #[sqlx(try_from = "i64")]
    seat: usize,
    token: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kauri() -> SeekRequest {
        serde_json::from_str(r#"{"game": "kauri"}"#).unwrap()
    }

    #[tokio::test]
    async fn one_instance_lists_its_seeks_for_as_long_as_they_last() {
        let store = Store::open("sqlite::memory:").await.unwrap();
        let now = store.now_ms();
        store
            .add_seek("s1", "c1", None, "Ann", &kauri(), now)
            .await
            .unwrap();
        // An hour later, without any lease renewed (one instance renews none), it is listed.
        let later = now + 3_600_000;
        assert_eq!(store.open_seeks(later, 10).await.unwrap().len(), 1);
        assert_eq!(
            store
                .forget_stale_seeks(later, later - 600_000)
                .await
                .unwrap(),
            0
        );
        // Claimed once; the claim hides it; the game made is handed to the owner once.
        assert!(store.claim_seek("s1", "c2").await.unwrap().is_some());
        assert!(store.claim_seek("s1", "c3").await.unwrap().is_none());
        assert!(store.open_seeks(later, 10).await.unwrap().is_empty());
        let token = SeatToken::random();
        store.seek_played("s1", "g1", 1, &token).await.unwrap();
        let played = store.take_played_seeks("c1").await.unwrap();
        assert_eq!(played.len(), 1);
        assert_eq!((played[0].game.as_str(), played[0].seat), ("g1", 1));
        assert_eq!(played[0].token, token);
        assert!(store.take_played_seeks("c1").await.unwrap().is_empty());
        // Withdrawn: one, then all of a connection's.
        for id in ["s2", "s3", "s4"] {
            store
                .add_seek(id, "c1", None, "Ann", &kauri(), now)
                .await
                .unwrap();
        }
        assert_eq!(store.withdraw_seeks("c1", Some("s2")).await.unwrap(), 1);
        assert_eq!(store.seeks_of("c1").await.unwrap(), 2);
        assert_eq!(store.withdraw_seeks("c1", None).await.unwrap(), 2);
        assert_eq!(store.seeks_of("c1").await.unwrap(), 0);
    }

    #[tokio::test]
    async fn a_dead_instances_seeks_are_not_listed_on_a_shared_database() {
        let Some(url) = tafel_testkit::postgres::test_database("seeks").await else {
            return;
        };
        let alive = Store::open(&url).await.unwrap();
        let dead = Store::open(&url).await.unwrap();
        let now = alive.now_ms();
        alive
            .add_seek("a", "c1", None, "Ann", &kauri(), now)
            .await
            .unwrap();
        dead.add_seek("d", "c2", None, "Bo", &kauri(), now)
            .await
            .unwrap();
        // Both are listed while both instances renew; then only the one still renewing is.
        assert_eq!(alive.open_seeks(now, 10).await.unwrap().len(), 2);
        let later = now + 60_000;
        alive.renew_leases(later + 3_000).await.unwrap();
        let listed = alive.open_seeks(later, 10).await.unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].view.id, "a");
        assert_eq!(alive.forget_stale_seeks(later, 0).await.unwrap(), 1);
    }
}

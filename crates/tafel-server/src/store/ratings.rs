//! What a finished game leaves its accounts: each one's result and, for a rated game, the
//! change of both ratings; and the hints by which the clock keeper finds rated games to abort.
//!
//! **Once per game.** A rated game's ratings change in one transaction that first inserts the
//! game's rows of `rating_changes` (keyed by game and seat) and updates the two ratings only if
//! those rows were new. When several instances finish the same game at once, the database
//! lets one insert through; the others find the rows there and change nothing. On PostgreSQL
//! the two ratings' rows are locked (in the order of their accounts, so that two games of the
//! same players never deadlock) before they are read, so a player's two games ending at once
//! are rated one after the other.

use std::time::Duration;

use anyhow::{Context, Result};
use sqlx::AnyConnection;

use super::backend::Backend;
use super::rows::{value, GameAt, Reading};
use super::Store;
use crate::domain::clock::Timeline;
use crate::domain::ids::AccountId;
use crate::domain::rated::Finished;
use crate::domain::rating::{rate_game, Rating, START};

/// A rating as stored: the rating after its account's last rated game, and when that was.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredRating {
    /// The rating, deviation and volatility after the last rated game.
    pub rating: Rating,
    /// Rated games played.
    pub games: i64,
    /// When the last rated game ended (ms since the Unix epoch).
    pub rated_ms: i64,
}

impl StoredRating {
    /// The rating at `now_ms`: its deviation grown by the idle time since its last game.
    pub fn now(&self, now_ms: i64) -> Rating {
        let idle = Duration::from_millis(now_ms.saturating_sub(self.rated_ms).max(0) as u64);
        self.rating.after_idle(idle)
    }
}

impl Store {
    /// Notes that rated game `id` is to be aborted at `at` if its players have not both moved
    /// by then (`None`: it is not), for the clock keeper's look in the store.
    pub async fn set_abort_at(&self, id: &str, at: Option<i64>) -> Result<()> {
        sqlx::query(&self.sql("UPDATE games SET abort_at = ? WHERE id = ?"))
            .bind(at)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records the results of `finished`'s accounts that are not recorded yet, never its
    /// ratings: a finished game whose seat an account claimed after the end. The time of the
    /// results is the end's, as the outbox of ends has it (else now).
    pub async fn record_late_results(&self, finished: &Finished) -> Result<()> {
        let mut tx = self.begin_write().await?;
        let row = sqlx::query(
            &self.sql("SELECT MAX(ended_ms) AS ended_ms FROM game_ends WHERE game_id = ?"),
        )
        .bind(&finished.game_id)
        .fetch_one(&mut *tx)
        .await
        .reading("game_ends")?;
        let ended_ms: Option<i64> = value(&row, "game_ends", "ended_ms")?;
        let ended_ms = ended_ms.unwrap_or_else(|| self.now_ms());
        insert_results(self.backend, &mut tx, finished, ended_ms).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Rated games to abort at `before` or earlier, the soonest first, at most `limit`, with
    /// their deadlines.
    pub async fn aborts_due(&self, before: i64, limit: i64) -> Result<Vec<(String, i64)>> {
        let rows = sqlx::query_as::<_, GameAt>(&self.sql(
            "SELECT id, abort_at AS at_ms FROM games WHERE abort_at IS NOT NULL AND abort_at <= ?
             ORDER BY abort_at LIMIT ?",
        ))
        .bind(before)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("games")?;
        Ok(rows.into_iter().map(Into::into).collect())
    }
}

/// Records inside `tx` what `finished` (ended at `ended_ms`) tells its accounts: each
/// account's result and, if it counts as rated, the change of both ratings, exactly once per
/// game (see the module's notes). Returns whether this call changed the ratings.
pub(super) async fn record_results(
    backend: Backend,
    timeline: &Timeline,
    tx: &mut AnyConnection,
    finished: &Finished,
    ended_ms: i64,
) -> Result<bool> {
    insert_results(backend, tx, finished, ended_ms).await?;
    match &finished.rated {
        Some(seats) => rate(backend, timeline, tx, finished, seats).await,
        None => Ok(false),
    }
}

/// Records inside `tx` each account's result of `finished` (ended at `ended_ms`) that is not
/// recorded yet.
async fn insert_results(
    backend: Backend,
    tx: &mut AnyConnection,
    finished: &Finished,
    ended_ms: i64,
) -> Result<()> {
    for (seat, account, score) in &finished.results {
        sqlx::query(&backend.sql(
            "INSERT INTO account_results (game_id, seat, account_id, outcome, ended_ms)
             VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO NOTHING",
        ))
        .bind(&finished.game_id)
        .bind(*seat as i64)
        .bind(account.as_str())
        .bind(score.as_str())
        .bind(ended_ms)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// Changes the ratings of `seats` for the finished game inside `tx`, unless the game's rating
/// changes are stored already. Returns whether it changed them. The time of the change is
/// read once both ratings are locked, and is never before either one's last change, so that
/// each account's rating history runs forward.
async fn rate(
    backend: Backend,
    timeline: &Timeline,
    tx: &mut AnyConnection,
    finished: &Finished,
    seats: &[(usize, AccountId); 2],
) -> Result<bool> {
    let mut accounts: Vec<&AccountId> = seats.iter().map(|(_, a)| a).collect();
    accounts.sort_by(|a, b| a.as_str().cmp(b.as_str()));
    for account in &accounts {
        sqlx::query(&backend.sql(
            "INSERT INTO ratings (account_id, game, rating, deviation, volatility, games, rated_ms)
             VALUES (?, ?, ?, ?, ?, 0, ?) ON CONFLICT (account_id, game) DO NOTHING",
        ))
        .bind(account.as_str())
        .bind(&finished.game)
        .bind(START.rating)
        .bind(START.deviation)
        .bind(START.volatility)
        .bind(timeline.now_ms())
        .execute(&mut *tx)
        .await?;
    }
    let lock = if backend == Backend::Postgres {
        " FOR UPDATE"
    } else {
        ""
    };
    let rows = sqlx::query_as::<_, AccountRating>(&backend.sql(&format!(
        "SELECT account_id, rating, deviation, volatility, games, rated_ms FROM ratings
         WHERE game = ? AND account_id IN (?, ?) ORDER BY account_id{lock}"
    )))
    .bind(&finished.game)
    .bind(accounts[0].as_str())
    .bind(accounts[1].as_str())
    .fetch_all(&mut *tx)
    .await
    .reading("ratings")?;
    // Under the lock (PostgreSQL's rows, SQLite's one writer), and after both last changes.
    let at_ms = rows
        .iter()
        .map(|r| r.rating.rated_ms)
        .fold(timeline.now_ms(), i64::max);
    let mut before = Vec::new();
    for (_, account) in seats {
        let row = rows
            .iter()
            .find(|r| r.account_id == account.as_str())
            .context("a rating row just made is missing")?;
        before.push(StoredRating::from(row.rating).now(at_ms));
    }
    let (first, second) = rate_game(before[0], before[1], finished.first_score)
        .map_err(|e| anyhow::anyhow!("{}", e.message))?;
    let after = [first, second];
    let mut inserted = 0;
    for i in 0..2 {
        let other = 1 - i;
        inserted += sqlx::query(&backend.sql(
            "INSERT INTO rating_changes (game_id, seat, account_id, game, rating_before,
                 deviation_before, rating_after, deviation_after, volatility_after, opponent_seat,
                 opponent_before, opponent_deviation_before, opponent_after,
                 opponent_deviation_after, rated_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (game_id, seat) DO NOTHING",
        ))
        .bind(&finished.game_id)
        .bind(seats[i].0 as i64)
        .bind(seats[i].1.as_str())
        .bind(&finished.game)
        .bind(before[i].rating)
        .bind(before[i].deviation)
        .bind(after[i].rating)
        .bind(after[i].deviation)
        .bind(after[i].volatility)
        .bind(seats[other].0 as i64)
        .bind(before[other].rating)
        .bind(before[other].deviation)
        .bind(after[other].rating)
        .bind(after[other].deviation)
        .bind(at_ms)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    }
    if inserted != 2 {
        // Rated already (by this instance earlier, or by another one first).
        return Ok(false);
    }
    for i in 0..2 {
        sqlx::query(&backend.sql(
            "UPDATE ratings SET rating = ?, deviation = ?, volatility = ?, games = games + 1,
                 rated_ms = ?
             WHERE account_id = ? AND game = ?",
        ))
        .bind(after[i].rating)
        .bind(after[i].deviation)
        .bind(after[i].volatility)
        .bind(at_ms)
        .bind(seats[i].1.as_str())
        .bind(&finished.game)
        .execute(&mut *tx)
        .await?;
    }
    Ok(true)
}

/// A [`StoredRating`]'s columns of `ratings`: rating, deviation, volatility, games, rated_ms.
#[derive(Clone, Copy, sqlx::FromRow)]
pub(super) struct RatingRow {
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: i64,
    rated_ms: i64,
}

impl From<RatingRow> for StoredRating {
    fn from(row: RatingRow) -> StoredRating {
        StoredRating {
            rating: Rating {
                rating: row.rating,
                deviation: row.deviation,
                volatility: row.volatility,
            },
            games: row.games,
            rated_ms: row.rated_ms,
        }
    }
}

/// An account's rating, as [`rate`] reads it before the game changes it.
#[derive(sqlx::FromRow)]
struct AccountRating {
    account_id: String,
    #[sqlx(flatten)]
    rating: RatingRow,
}

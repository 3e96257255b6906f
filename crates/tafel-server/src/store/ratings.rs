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
use super::rows::{values, GameAt, Reading};
use super::Store;
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
    /// Records what the finished game tells its accounts, at `now_ms`: each account's result
    /// and, if it counts as rated, the change of both ratings, exactly once per game (see the
    /// module's notes). Returns whether this call changed the ratings.
    pub async fn record_finish(&self, finished: &Finished, now_ms: i64) -> Result<bool> {
        let mut tx = self.pool.begin().await?;
        for (seat, account, score) in &finished.results {
            sqlx::query(&self.sql(
                "INSERT INTO account_results (game_id, seat, account_id, outcome, ended_ms)
                 VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO NOTHING",
            ))
            .bind(&finished.game_id)
            .bind(*seat as i64)
            .bind(account.as_str())
            .bind(score.as_str())
            .bind(now_ms)
            .execute(&mut *tx)
            .await?;
        }
        let rated = match &finished.rated {
            Some(seats) => rate(self.backend, &mut tx, finished, seats, now_ms).await?,
            None => false,
        };
        tx.commit().await?;
        Ok(rated)
    }

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

    /// Finished games with accounts whose end never reached them (the server stopped between
    /// storing the game's last change and [`Store::record_finish`]): over, rated or with an
    /// account's seat indexed, not aborted, and without any account's result. At most
    /// `limit`, the oldest first.
    pub async fn unrecorded_finishes(&self, limit: i64) -> Result<Vec<String>> {
        let rows = sqlx::query(&self.sql(&format!(
            "SELECT id FROM games g
             WHERE result IS NOT NULL
               AND (rated = 1 OR EXISTS (SELECT 1 FROM game_accounts a WHERE a.game_id = g.id))
               AND NOT EXISTS (SELECT 1 FROM account_results r WHERE r.game_id = g.id)
               AND (ending IS NULL OR ending NOT LIKE '%\"aborted\"%')
             ORDER BY updated_at, {} LIMIT ?",
            self.backend.insertion_order()
        )))
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("games")?;
        values(&rows, "games", "id")
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

/// Changes the ratings of `seats` for the finished game inside `tx`, unless the game's rating
/// changes are stored already. Returns whether it changed them.
async fn rate(
    backend: Backend,
    tx: &mut AnyConnection,
    finished: &Finished,
    seats: &[(usize, AccountId); 2],
    now_ms: i64,
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
        .bind(now_ms)
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
    let mut before = Vec::new();
    for (_, account) in seats {
        let row = rows
            .iter()
            .find(|r| r.account_id == account.as_str())
            .context("a rating row just made is missing")?;
        before.push(StoredRating::from(row.rating).now(now_ms));
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
        .bind(now_ms)
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
        .bind(now_ms)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::game::{StoredGame, Summary};
    use crate::domain::rating::Score;
    use crate::domain::seat::{SeatKind, StoredSeat};
    use crate::store::rows::value;

    /// Two accounts and a finished game between them, rated, in `store`.
    async fn finished_game(store: &Store) -> Finished {
        let accounts = [AccountId::random(), AccountId::random()];
        for account in &accounts {
            sqlx::query(&store.sql(
                "INSERT INTO accounts (id, username, username_key, lookalike_key, created_ms)
                 VALUES (?, ?, ?, ?, 0)",
            ))
            .bind(account.as_str())
            .bind(account.as_str())
            .bind(account.as_str())
            .bind(account.as_str())
            .execute(&store.pool)
            .await
            .unwrap();
        }
        let seat = StoredSeat::person(SeatKind::Local, None);
        let game = StoredGame::new(
            format!("{:012x}", rand::random::<u64>() >> 16),
            "kauri",
            vec![],
            None,
            vec![seat.clone(), seat],
            vec![],
        );
        store.create(&game, &Summary::default()).await.unwrap();
        Finished {
            game_id: game.id,
            game: "kauri".into(),
            results: vec![
                (0, accounts[0].clone(), Score::Win),
                (1, accounts[1].clone(), Score::Loss),
            ],
            rated: Some([(0, accounts[0].clone()), (1, accounts[1].clone())]),
            first_score: Score::Win,
        }
    }

    /// The stored ratings of the finished game's two accounts.
    async fn ratings_of(store: &Store, finished: &Finished) -> Vec<StoredRating> {
        let mut ratings = Vec::new();
        for (_, account, _) in &finished.results {
            let row = sqlx::query_as::<_, RatingRow>(&store.sql(
                "SELECT rating, deviation, volatility, games, rated_ms FROM ratings
                 WHERE account_id = ? AND game = 'kauri'",
            ))
            .bind(account.as_str())
            .fetch_one(&store.pool)
            .await
            .unwrap();
            ratings.push(row.into());
        }
        ratings
    }

    async fn count(store: &Store, table: &str, game_id: &str) -> i64 {
        let row = sqlx::query(&store.sql(&format!(
            "SELECT count(*) AS n FROM {table} WHERE game_id = ?"
        )))
        .bind(game_id)
        .fetch_one(&store.pool)
        .await
        .unwrap();
        value(&row, table, "n").unwrap()
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_game_changes_ratings_once_when_two_instances_end_it_at_once() {
        // On PostgreSQL, two stores (two instances' pools) on one database; on SQLite, one.
        let mut pairs = vec![{
            let store = Store::open("sqlite::memory:").await.unwrap();
            (store.clone(), store)
        }];
        if let Some(url) = tafel_testkit::postgres::test_database("ratings").await {
            pairs.push((
                Store::open(&url).await.unwrap(),
                Store::open(&url).await.unwrap(),
            ));
        }
        for (a, b) in pairs {
            for _ in 0..10 {
                let finished = finished_game(&a).await;
                let now = crate::domain::clock::now_ms();
                let tries = (0..8).map(|i| {
                    let store = if i % 2 == 0 { a.clone() } else { b.clone() };
                    let finished = finished.clone();
                    tokio::spawn(async move { store.record_finish(&finished, now).await })
                });
                let mut changed = 0;
                for attempt in tries.collect::<Vec<_>>() {
                    changed += usize::from(attempt.await.unwrap().unwrap());
                }
                assert_eq!(changed, 1, "exactly one of the attempts rated the game");
                let ratings = ratings_of(&a, &finished).await;
                assert_eq!(ratings.iter().map(|r| r.games).collect::<Vec<_>>(), [1, 1]);
                let (winner, loser) = rate_game(START, START, Score::Win).unwrap();
                assert_eq!(ratings[0].rating, winner);
                assert_eq!(ratings[1].rating, loser);
                assert_eq!(count(&b, "rating_changes", &finished.game_id).await, 2);
                assert_eq!(count(&b, "account_results", &finished.game_id).await, 2);
            }
        }
    }
}

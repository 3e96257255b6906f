//! Reading about players: an account by its name, its ratings, results and games (found
//! through the index of accounts' seats, `game_accounts`), its rating history, a game's rating
//! changes, and the leaderboards.

use anyhow::Result;
use sqlx::Row;

use super::ratings::{stored_rating, StoredRating};
use super::Store;
use crate::domain::ids::AccountId;
use crate::domain::seat::SeatView;

/// A living account as its page shows it.
#[derive(Clone, Debug)]
pub struct PlayerAccount {
    /// Its id.
    pub id: AccountId,
    /// Its username, with its capitals.
    pub username: String,
    /// When it was made (ms since the Unix epoch).
    pub created_ms: i64,
    /// Whether it is a bot (played by a program: docs/bots.md).
    pub bot: bool,
}

/// Which of a player's games to list, and which page of them.
#[derive(Clone, Debug, Default)]
pub struct GamesFilter {
    /// Only games of this name.
    pub game: Option<String>,
    /// Only finished games with this result for the player: `win`, `draw` or `loss`.
    pub outcome: Option<&'static str>,
    /// Games skipped (the earlier pages).
    pub offset: i64,
    /// Games listed at most.
    pub limit: i64,
}

/// One game of a player's list.
#[derive(Clone, Debug)]
pub struct PlayerGame {
    /// The game's id.
    pub id: String,
    /// The registry name.
    pub game: String,
    /// The player's seat.
    pub seat: usize,
    /// Every seat as everyone sees it (`None` when not known).
    pub players: Option<Vec<SeatView>>,
    /// The result in words (`None` while the game goes on).
    pub result: Option<String>,
    /// The player's result: `win`, `draw` or `loss` (`None` while the game goes on, or when it
    /// was aborted).
    pub outcome: Option<String>,
    /// Whether the game is rated.
    pub rated: bool,
    /// The player's rating before and after the game, when it was rated.
    pub rating: Option<(f64, f64)>,
    /// When the game was created (UTC, ISO 8601).
    pub created_at: String,
    /// When it last changed (UTC, ISO 8601).
    pub updated_at: String,
}

/// A point of a player's rating history: the rating after one rated game.
#[derive(Clone, Debug)]
pub struct RatingPoint {
    /// The registry name.
    pub game: String,
    /// The rated game.
    pub game_id: String,
    /// When it was rated (ms since the Unix epoch).
    pub rated_ms: i64,
    /// The rating after it.
    pub rating: f64,
    /// The deviation after it.
    pub deviation: f64,
}

/// One seat's rating change in a rated game.
#[derive(Clone, Debug)]
pub struct SeatRatingChange {
    /// The seat.
    pub seat: usize,
    /// The rating and deviation before the game.
    pub before: (f64, f64),
    /// The rating and deviation after it.
    pub after: (f64, f64),
}

impl Store {
    /// The living account whose username has `key` ([`crate::domain::account::Username::key`]).
    pub async fn player_by_key(&self, key: &str) -> Result<Option<PlayerAccount>> {
        let row = sqlx::query(&self.sql(
            "SELECT id, username, created_ms, bot FROM accounts
             WHERE username_key = ? AND username IS NOT NULL AND deleted_ms IS NULL",
        ))
        .bind(key)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|row| PlayerAccount {
            id: AccountId::from_stored(row.get(0)),
            username: row.get(1),
            created_ms: row.get(2),
            bot: row.get::<i64, _>(3) != 0,
        }))
    }

    /// `account`'s ratings, one per game it played rated, by game name.
    pub async fn player_ratings(&self, account: &AccountId) -> Result<Vec<(String, StoredRating)>> {
        let rows = sqlx::query(&self.sql(
            "SELECT game, rating, deviation, volatility, games, rated_ms FROM ratings
             WHERE account_id = ? AND games > 0 ORDER BY game",
        ))
        .bind(account.as_str())
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| (r.get(0), stored_rating(r, 1)))
            .collect())
    }

    /// How many games `account` won, drew and lost, per game name: `(game, outcome, count)`.
    pub async fn player_counts(&self, account: &AccountId) -> Result<Vec<(String, String, i64)>> {
        let rows = sqlx::query(&self.sql(
            "SELECT g.game, r.outcome, count(*) FROM account_results r
             JOIN games g ON g.id = r.game_id
             WHERE r.account_id = ? GROUP BY g.game, r.outcome ORDER BY g.game, r.outcome",
        ))
        .bind(account.as_str())
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2)))
            .collect())
    }

    /// The games `account` plays or played that pass `filter`, newest first, and how many
    /// pass it in all.
    pub async fn player_games(
        &self,
        account: &AccountId,
        filter: &GamesFilter,
    ) -> Result<(i64, Vec<PlayerGame>)> {
        let mut conditions = String::from("ga.account_id = ?");
        if filter.game.is_some() {
            conditions.push_str(" AND g.game = ?");
        }
        if filter.outcome.is_some() {
            conditions.push_str(" AND r.outcome = ?");
        }
        let from = format!(
            "FROM game_accounts ga JOIN games g ON g.id = ga.game_id
             LEFT JOIN account_results r ON r.game_id = ga.game_id AND r.seat = ga.seat
             LEFT JOIN rating_changes c ON c.game_id = ga.game_id AND c.seat = ga.seat
             WHERE {conditions}"
        );
        let count_sql = self.sql(&format!("SELECT count(*) {from}"));
        let list_sql = self.sql(&format!(
            "SELECT g.id, g.game, ga.seat, g.players, g.result, r.outcome, g.rated,
                    c.rating_before, c.rating_after, g.created_at, g.updated_at
             {from} ORDER BY g.created_at DESC, g.id DESC LIMIT ? OFFSET ?"
        ));
        let bind = |query| {
            let mut query = sqlx::query::<sqlx::Any>(query).bind(account.as_str());
            if let Some(game) = &filter.game {
                query = query.bind(game.clone());
            }
            if let Some(outcome) = filter.outcome {
                query = query.bind(outcome);
            }
            query
        };
        let total: i64 = bind(&count_sql).fetch_one(&self.pool).await?.get(0);
        let rows = bind(&list_sql)
            .bind(filter.limit)
            .bind(filter.offset)
            .fetch_all(&self.pool)
            .await?;
        let games = rows
            .iter()
            .map(|r| {
                let before: Option<f64> = r.get(7);
                let after: Option<f64> = r.get(8);
                Ok(PlayerGame {
                    id: r.get(0),
                    game: r.get(1),
                    seat: r.get::<i64, _>(2) as usize,
                    players: r
                        .get::<Option<&str>, _>(3)
                        .map(serde_json::from_str)
                        .transpose()?,
                    result: r.get(4),
                    outcome: r.get(5),
                    rated: r.get::<i64, _>(6) != 0,
                    rating: before.zip(after),
                    created_at: r.get(9),
                    updated_at: r.get(10),
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok((total, games))
    }

    /// The ids of `account`'s finished games, oldest first, at most `limit`.
    pub async fn player_finished_games(
        &self,
        account: &AccountId,
        limit: i64,
    ) -> Result<Vec<String>> {
        let rows = sqlx::query(&self.sql(
            "SELECT g.id FROM game_accounts ga JOIN games g ON g.id = ga.game_id
             WHERE ga.account_id = ? AND g.result IS NOT NULL
             ORDER BY g.created_at, g.id LIMIT ?",
        ))
        .bind(account.as_str())
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// `account`'s rating after each of its rated games, oldest first, the last `limit` at most.
    pub async fn rating_history(
        &self,
        account: &AccountId,
        limit: i64,
    ) -> Result<Vec<RatingPoint>> {
        let rows = sqlx::query(&self.sql(
            "SELECT game, game_id, rated_ms, rating_after, deviation_after FROM rating_changes
             WHERE account_id = ? ORDER BY rated_ms DESC, game_id DESC LIMIT ?",
        ))
        .bind(account.as_str())
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut points: Vec<RatingPoint> = rows
            .iter()
            .map(|r| RatingPoint {
                game: r.get(0),
                game_id: r.get(1),
                rated_ms: r.get(2),
                rating: r.get(3),
                deviation: r.get(4),
            })
            .collect();
        points.reverse();
        Ok(points)
    }

    /// The rating changes of game `id`, by seat (none unless it was rated and finished).
    pub async fn game_rating_changes(&self, id: &str) -> Result<Vec<SeatRatingChange>> {
        let rows = sqlx::query(&self.sql(
            "SELECT seat, rating_before, deviation_before, rating_after, deviation_after
             FROM rating_changes WHERE game_id = ? ORDER BY seat",
        ))
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| SeatRatingChange {
                seat: r.get::<i64, _>(0) as usize,
                before: (r.get(1), r.get(2)),
                after: (r.get(3), r.get(4)),
            })
            .collect())
    }

    /// The best-rated living accounts in `game` whose stored deviation is below
    /// `max_deviation`, best first, at most `limit`: `(username, bot, rating)`. Idle time may
    /// have grown a deviation since; the caller checks it.
    pub async fn leaderboard(
        &self,
        game: &str,
        max_deviation: f64,
        limit: i64,
    ) -> Result<Vec<(String, bool, StoredRating)>> {
        let rows = sqlx::query(&self.sql(
            "SELECT a.username, a.bot, r.rating, r.deviation, r.volatility, r.games, r.rated_ms
             FROM ratings r JOIN accounts a ON a.id = r.account_id
             WHERE r.game = ? AND r.games > 0 AND r.deviation < ? AND a.username IS NOT NULL
               AND a.deleted_ms IS NULL
             ORDER BY r.rating DESC, a.username_key LIMIT ?",
        ))
        .bind(game)
        .bind(max_deviation)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| (r.get(0), r.get::<i64, _>(1) != 0, stored_rating(r, 2)))
            .collect())
    }
}

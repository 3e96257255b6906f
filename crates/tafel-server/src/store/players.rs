//! Reading about players: an account by its name, its ratings, results and games (found
//! through the index of accounts' seats, `game_accounts`), its rating history, a game's rating
//! changes, and the leaderboards.

use anyhow::Result;

use super::ratings::{RatingRow, StoredRating};
use super::rows::{value, values, Reading};
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
    /// Whether a moderator closed it.
    pub closed: bool,
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
#[derive(Clone, Debug, sqlx::FromRow)]
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
        let row = sqlx::query_as::<_, AccountRow>(&self.sql(
            "SELECT id, username, created_ms, bot, closed_ms FROM accounts
             WHERE username_key = ? AND username IS NOT NULL AND deleted_ms IS NULL",
        ))
        .bind(key)
        .fetch_optional(&self.pool)
        .await
        .reading("accounts")?;
        Ok(row.map(|row| PlayerAccount {
            id: AccountId::from_stored(row.id),
            username: row.username,
            created_ms: row.created_ms,
            bot: row.bot != 0,
            closed: row.closed_ms.is_some(),
        }))
    }

    /// `account`'s ratings, one per game it played rated, by game name.
    pub async fn player_ratings(&self, account: &AccountId) -> Result<Vec<(String, StoredRating)>> {
        let rows = sqlx::query_as::<_, GameRating>(&self.sql(
            "SELECT game, rating, deviation, volatility, games, rated_ms FROM ratings
             WHERE account_id = ? AND games > 0 ORDER BY game",
        ))
        .bind(account.as_str())
        .fetch_all(&self.pool)
        .await
        .reading("ratings")?;
        Ok(rows
            .into_iter()
            .map(|r| (r.game, r.rating.into()))
            .collect())
    }

    /// How many games `account` won, drew and lost, per game name: `(game, outcome, count)`.
    pub async fn player_counts(&self, account: &AccountId) -> Result<Vec<(String, String, i64)>> {
        let rows = sqlx::query_as::<_, OutcomeCount>(&self.sql(
            "SELECT g.game AS game, r.outcome AS outcome, count(*) AS games
             FROM account_results r JOIN games g ON g.id = r.game_id
             WHERE r.account_id = ? GROUP BY g.game, r.outcome ORDER BY g.game, r.outcome",
        ))
        .bind(account.as_str())
        .fetch_all(&self.pool)
        .await
        .reading("account_results")?;
        Ok(rows
            .into_iter()
            .map(|r| (r.game, r.outcome, r.games))
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
        let count_sql = self.sql(&format!("SELECT count(*) AS games {from}"));
        let list_sql = self.sql(&format!(
            "SELECT g.id AS id, g.game AS game, ga.seat AS seat, g.players AS players,
                    g.result AS result, r.outcome AS outcome, g.rated AS rated,
                    c.rating_before AS rating_before, c.rating_after AS rating_after,
                    g.created_at AS created_at, g.updated_at AS updated_at
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
        let counted = bind(&count_sql)
            .fetch_one(&self.pool)
            .await
            .reading("game_accounts")?;
        let total: i64 = value(&counted, "game_accounts", "games")?;
        let rows = bind(&list_sql)
            .bind(filter.limit)
            .bind(filter.offset)
            .fetch_all(&self.pool)
            .await
            .reading("game_accounts")?;
        let games = rows
            .iter()
            .map(|row| {
                let r: PlayerGameRow = sqlx::FromRow::from_row(row).reading("game_accounts")?;
                Ok(PlayerGame {
                    id: r.id,
                    game: r.game,
                    seat: r.seat,
                    players: r.players.as_deref().map(serde_json::from_str).transpose()?,
                    result: r.result,
                    outcome: r.outcome,
                    rated: r.rated != 0,
                    rating: r.rating_before.zip(r.rating_after),
                    created_at: r.created_at,
                    updated_at: r.updated_at,
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
        .await
        .reading("game_accounts")?;
        values(&rows, "games", "id")
    }

    /// `account`'s rating after each of its rated games, oldest first, the last `limit` at most.
    pub async fn rating_history(
        &self,
        account: &AccountId,
        limit: i64,
    ) -> Result<Vec<RatingPoint>> {
        let mut points = sqlx::query_as::<_, RatingPoint>(&self.sql(
            "SELECT game, game_id, rated_ms, rating_after AS rating, deviation_after AS deviation
             FROM rating_changes
             WHERE account_id = ? ORDER BY rated_ms DESC, game_id DESC LIMIT ?",
        ))
        .bind(account.as_str())
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("rating_changes")?;
        points.reverse();
        Ok(points)
    }

    /// The rating changes of game `id`, by seat (none unless it was rated and finished).
    pub async fn game_rating_changes(&self, id: &str) -> Result<Vec<SeatRatingChange>> {
        let rows = sqlx::query_as::<_, SeatChangeRow>(&self.sql(
            "SELECT seat, rating_before, deviation_before, rating_after, deviation_after
             FROM rating_changes WHERE game_id = ? ORDER BY seat",
        ))
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .reading("rating_changes")?;
        Ok(rows
            .into_iter()
            .map(|r| SeatRatingChange {
                seat: r.seat,
                before: (r.rating_before, r.deviation_before),
                after: (r.rating_after, r.deviation_after),
            })
            .collect())
    }

    /// The best-rated living accounts in `game`, bots and closed accounts left out, whose stored deviation is at
    /// most `max_deviation` and whose last rated game ended at `rated_since_ms` or later, best
    /// first, at most `limit`: `(username, rating)`. Idle time may have grown a deviation
    /// since; the caller checks it.
    pub async fn leaderboard(
        &self,
        game: &str,
        max_deviation: f64,
        rated_since_ms: i64,
        limit: i64,
    ) -> Result<Vec<(String, StoredRating)>> {
        let rows = sqlx::query_as::<_, LeaderRow>(&self.sql(
            "SELECT a.username AS username, r.rating AS rating,
                    r.deviation AS deviation, r.volatility AS volatility, r.games AS games,
                    r.rated_ms AS rated_ms
             FROM ratings r JOIN accounts a ON a.id = r.account_id
             WHERE r.game = ? AND r.games > 0 AND r.deviation <= ? AND r.rated_ms >= ?
               AND a.username IS NOT NULL AND a.deleted_ms IS NULL AND a.bot = 0
               AND a.closed_ms IS NULL
             ORDER BY r.rating DESC, a.username_key LIMIT ?",
        ))
        .bind(game)
        .bind(max_deviation)
        .bind(rated_since_ms)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("ratings")?;
        Ok(rows
            .into_iter()
            .map(|r| (r.username, r.rating.into()))
            .collect())
    }
}

/// A living account's row as its page shows it.
#[derive(sqlx::FromRow)]
struct AccountRow {
    id: String,
    username: String,
    created_ms: i64,
    bot: i64,
    closed_ms: Option<i64>,
}

/// An account's rating in one game.
#[derive(sqlx::FromRow)]
struct GameRating {
    game: String,
    #[sqlx(flatten)]
    rating: RatingRow,
}

/// How many of its games in one game an account ended with one outcome.
#[derive(sqlx::FromRow)]
struct OutcomeCount {
    game: String,
    outcome: String,
    games: i64,
}

/// A game of a player's list, with the player's seat, result and rating change.
#[derive(sqlx::FromRow)]
struct PlayerGameRow {
    id: String,
    game: String,
    #[sqlx(try_from = "i64")]
    seat: usize,
    players: Option<String>,
    result: Option<String>,
    outcome: Option<String>,
    rated: i64,
    rating_before: Option<f64>,
    rating_after: Option<f64>,
    created_at: String,
    updated_at: String,
}

/// One seat's rating change in a rated game.
#[derive(sqlx::FromRow)]
struct SeatChangeRow {
    #[sqlx(try_from = "i64")]
    seat: usize,
    rating_before: f64,
    deviation_before: f64,
    rating_after: f64,
    deviation_after: f64,
}

/// A line of a leaderboard: a living account and its rating.
#[derive(sqlx::FromRow)]
struct LeaderRow {
    username: String,
    #[sqlx(flatten)]
    rating: RatingRow,
}

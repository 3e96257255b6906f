//! Reading games: one game whole, its version, the lists (recent games, open challenges), the
//! stored analyses, and what the background tasks look for (computer moves, falling flags).

use anyhow::{anyhow, Context, Result};
use sqlx::Row;

use super::backend::Backend;
use super::ending::StoredEnding;
use super::Store;
use crate::domain::clock::Clock;
use crate::domain::dice::Dice;
use crate::domain::game::{OpenChallenge, RecentGame, StoredGame, Table};

/// How long open challenges stay listed.
pub const CHALLENGE_LISTED_FOR: &str = "-1 day";

impl Store {
    /// The stored analysis (JSON) of game `id` over exactly the moves `played`, if any.
    pub async fn analysis(&self, id: &str, played: &[String]) -> Result<Option<String>> {
        let row = sqlx::query(
            &self.sql("SELECT played, review FROM analyses WHERE game_id = ? AND moves = ?"),
        )
        .bind(id)
        .bind(played.len() as i64)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let stored: Vec<String> = serde_json::from_str(row.get::<&str, _>("played"))
            .context("a stored analysis's moves are unreadable")?;
        Ok((stored == played).then(|| row.get::<String, _>("review")))
    }

    /// Loads one game, or `None` if there is no game with that id.
    pub async fn load(&self, id: &str) -> Result<Option<StoredGame>> {
        // One transaction, so that the moves belong to the row read (another instance may
        // write between two reads).
        let mut tx = self.pool.begin().await?;
        if self.backend == Backend::Postgres {
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                .execute(&mut *tx)
                .await?;
        }
        let Some(row) = sqlx::query(&self.sql(
            "SELECT id, game, settings, start, seats, dice_seed, public, time_control, clock,
                    clock_since, ending, proposals, rematch, rematch_of, version, rated
             FROM games WHERE id = ?",
        ))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        else {
            return Ok(None);
        };
        let moves =
            sqlx::query(&self.sql("SELECT notation FROM moves WHERE game_id = ? ORDER BY ply"))
                .bind(id)
                .fetch_all(&mut *tx)
                .await?
                .into_iter()
                .map(|r| r.get::<String, _>(0))
                .collect();
        tx.commit().await?;
        let json = |column: usize| -> Option<&str> { row.get::<Option<&str>, _>(column) };
        let mut clock: Option<Clock> = json(8).map(serde_json::from_str).transpose()?;
        if let Some(clock) = clock.as_mut() {
            clock.since_ms = row.get(9);
        }
        let ending = json(10)
            .map(serde_json::from_str::<StoredEnding>)
            .transpose()?
            .map(StoredEnding::into_ending);
        let dice = match json(5) {
            Some(seed) => Dice::from_hex(seed).map_err(|e| anyhow!("game {id}: {e}"))?,
            None => Dice::new(),
        };
        Ok(Some(StoredGame {
            id: row.get(0),
            game: row.get(1),
            settings: serde_json::from_str(row.get::<&str, _>(2))?,
            start: row.get(3),
            moves,
            dice,
            public: row.get::<i64, _>(6) != 0,
            time_control: json(7)
                .map(serde_json::from_str)
                .transpose()?
                .unwrap_or_default(),
            rematch_of: row.get(13),
            version: row.get(14),
            rated: row.get::<i64, _>(15) != 0,
            table: Table {
                seats: serde_json::from_str(row.get::<&str, _>(4))?,
                clock,
                ending,
                proposals: json(11)
                    .map(serde_json::from_str)
                    .transpose()?
                    .unwrap_or_default(),
                rematch: row.get(12),
            },
        }))
    }

    /// The most recently changed games first, at most `limit`, from their stored summaries.
    pub async fn list(&self, limit: i64) -> Result<Vec<RecentGame>> {
        let rows = sqlx::query(&self.sql(&format!(
            "SELECT id, game, result, plies, record_moves, players, updated_at, created_at
             FROM games ORDER BY updated_at DESC, {} DESC LIMIT ?",
            self.backend.insertion_order()
        )))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                Ok(RecentGame {
                    id: r.get(0),
                    game: r.get(1),
                    result: r.get(2),
                    moves: r.get(3),
                    record_moves: r.get::<Option<i64>, _>(4).map(|n| n as u32),
                    players: r
                        .get::<Option<&str>, _>(5)
                        .map(serde_json::from_str)
                        .transpose()?,
                    updated_at: r.get(6),
                    created_at: r.get(7),
                })
            })
            .collect()
    }

    /// The public games created within the last day that wait for an opponent, newest
    /// first, at most `limit`.
    pub async fn challenges(&self, limit: i64) -> Result<Vec<OpenChallenge>> {
        let rows = sqlx::query(&self.sql(&format!(
            "SELECT id, game, settings, players, time_control, created_at FROM games
             WHERE public = 1 AND open_seats > 0 AND result IS NULL
               AND created_at >= {}
             ORDER BY created_at DESC, {} DESC LIMIT ?",
            self.backend.challenges_since(),
            self.backend.insertion_order()
        )))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                Ok(OpenChallenge {
                    id: r.get(0),
                    game: r.get(1),
                    settings: serde_json::from_str(r.get::<&str, _>(2))?,
                    players: r
                        .get::<Option<&str>, _>(3)
                        .map(serde_json::from_str)
                        .transpose()?,
                    time_control: r
                        .get::<Option<&str>, _>(4)
                        .map(serde_json::from_str)
                        .transpose()?
                        .unwrap_or_default(),
                    created_at: r.get(5),
                })
            })
            .collect()
    }

    /// The ids of the games whose computer seat is to move (to resume them after a restart),
    /// the longest waiting first.
    pub async fn computer_to_move(&self) -> Result<Vec<String>> {
        let rows = sqlx::query(&format!(
            "SELECT id FROM games WHERE computer_to_move = 1 ORDER BY updated_at, {}",
            self.backend.insertion_order()
        ))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| r.get(0)).collect())
    }

    /// The games whose running clock falls by `until_ms`, the soonest first, at most `limit`,
    /// with that moment.
    pub async fn flags_due(&self, until_ms: i64, limit: i64) -> Result<Vec<(String, i64)>> {
        let rows = sqlx::query(&self.sql(
            "SELECT id, flag_at FROM games WHERE flag_at IS NOT NULL AND flag_at <= ?
             ORDER BY flag_at LIMIT ?",
        ))
        .bind(until_ms)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| (r.get(0), r.get(1))).collect())
    }
}

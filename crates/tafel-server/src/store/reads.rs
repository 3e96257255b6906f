//! Reading games: one game whole, its version, the lists (recent games, open challenges), the
//! stored analyses, and what the background tasks look for (computer moves, falling flags).

use anyhow::{anyhow, Context, Result};

use super::backend::Backend;
use super::ending::StoredEnding;
use super::rows::{values, GameAt, Reading};
use super::Store;
use crate::domain::clock::Clock;
use crate::domain::dice::Dice;
use crate::domain::game::{OpenChallenge, RecentGame, StoredGame, Table};

/// How long open challenges stay listed.
pub const CHALLENGE_LISTED_FOR: &str = "-1 day";

impl Store {
    /// The stored analysis (JSON) of game `id` over exactly the moves `played`, if any.
    pub async fn analysis(&self, id: &str, played: &[String]) -> Result<Option<String>> {
        let row = sqlx::query_as::<_, AnalysisRow>(
            &self.sql("SELECT moves, played, review, created_at FROM analyses WHERE game_id = ? AND moves = ?"),
        )
        .bind(id)
        .bind(played.len() as i64)
        .fetch_optional(&self.pool)
        .await
        .reading("analyses")?;
        let Some(row) = row else {
            return Ok(None);
        };
        let stored: Vec<String> = serde_json::from_str(&row.played)
            .context("a stored analysis's moves are unreadable")?;
        Ok((stored == played).then_some(row.review))
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
        let Some(row) = sqlx::query_as::<_, GameRow>(&self.sql(
            "SELECT id, game, settings, start, seats, dice_seed, public, time_control, clock,
                    clock_since, ending, proposals, rematch, rematch_of, version, rated
             FROM games WHERE id = ?",
        ))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await
        .reading("games")?
        else {
            return Ok(None);
        };
        let rows =
            sqlx::query(&self.sql("SELECT notation FROM moves WHERE game_id = ? ORDER BY ply"))
                .bind(id)
                .fetch_all(&mut *tx)
                .await
                .reading("moves")?;
        let moves = values(&rows, "moves", "notation")?;
        tx.commit().await?;
        row.into_game(moves).map(Some)
    }

    /// The most recently changed games first, at most `limit`, from their stored summaries.
    pub async fn list(&self, limit: i64) -> Result<Vec<RecentGame>> {
        let rows = sqlx::query_as::<_, RecentRow>(&self.sql(&format!(
            "SELECT id, game, result, plies, record_moves, players, updated_at, created_at
             FROM games ORDER BY updated_at DESC, {} DESC LIMIT ?",
            self.backend.insertion_order()
        )))
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("games")?;
        rows.into_iter()
            .map(|r| {
                Ok(RecentGame {
                    id: r.id,
                    game: r.game,
                    result: r.result,
                    moves: r.plies,
                    record_moves: r.record_moves.map(|n| n as u32),
                    players: r.players.as_deref().map(serde_json::from_str).transpose()?,
                    updated_at: r.updated_at,
                    created_at: r.created_at,
                })
            })
            .collect()
    }

    /// The ids of the finished games of `game` (its registry name), the most recently
    /// changed first, at most `limit`.
    pub async fn finished_game_ids(&self, game: &str, limit: i64) -> Result<Vec<String>> {
        sqlx::query_scalar(&self.sql(&format!(
            "SELECT id FROM games WHERE game = ? AND result IS NOT NULL
             ORDER BY updated_at DESC, {} DESC LIMIT ?",
            self.backend.insertion_order()
        )))
        .bind(game)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("games")
    }

    /// The public games created within the last day that wait for an opponent, newest
    /// first, at most `limit`.
    pub async fn challenges(&self, limit: i64) -> Result<Vec<OpenChallenge>> {
        let rows = sqlx::query_as::<_, OpenChallengeRow>(&self.sql(&format!(
            "SELECT id, game, settings, players, time_control, created_at FROM games
             WHERE public = 1 AND open_seats > 0 AND result IS NULL
               AND created_at >= {}
             ORDER BY created_at DESC, {} DESC LIMIT ?",
            self.backend.challenges_since(),
            self.backend.insertion_order()
        )))
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("games")?;
        rows.into_iter()
            .map(|r| {
                Ok(OpenChallenge {
                    id: r.id,
                    game: r.game,
                    settings: serde_json::from_str(&r.settings)?,
                    players: r.players.as_deref().map(serde_json::from_str).transpose()?,
                    time_control: r
                        .time_control
                        .as_deref()
                        .map(serde_json::from_str)
                        .transpose()?
                        .unwrap_or_default(),
                    created_at: r.created_at,
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
        .await
        .reading("games")?;
        values(&rows, "games", "id")
    }

    /// The games whose running clock falls by `until_ms`, the soonest first, at most `limit`,
    /// with that moment.
    pub async fn flags_due(&self, until_ms: i64, limit: i64) -> Result<Vec<(String, i64)>> {
        let rows = sqlx::query_as::<_, GameAt>(&self.sql(
            "SELECT id, flag_at AS at_ms FROM games WHERE flag_at IS NOT NULL AND flag_at <= ?
             ORDER BY flag_at LIMIT ?",
        ))
        .bind(until_ms)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("games")?;
        Ok(rows.into_iter().map(Into::into).collect())
    }
}

/// An analysis as stored: over how many moves, those moves (JSON), the analysis (JSON), when
/// it was made.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub(super) struct AnalysisRow {
    pub(super) moves: i64,
    pub(super) played: String,
    pub(super) review: String,
    pub(super) created_at: String,
}

/// A game's row as [`Store::load`] reads it (its JSON columns as text).
#[derive(sqlx::FromRow)]
struct GameRow {
    id: String,
    game: String,
    settings: String,
    start: Option<String>,
    seats: String,
    dice_seed: Option<String>,
    public: i64,
    time_control: Option<String>,
    clock: Option<String>,
    clock_since: Option<i64>,
    ending: Option<String>,
    proposals: Option<String>,
    rematch: Option<String>,
    rematch_of: Option<String>,
    version: i64,
    rated: i64,
}

impl GameRow {
    /// The game of this row with its `moves`.
    fn into_game(self, moves: Vec<String>) -> Result<StoredGame> {
        let mut clock: Option<Clock> = self
            .clock
            .as_deref()
            .map(serde_json::from_str)
            .transpose()?;
        if let Some(clock) = clock.as_mut() {
            clock.since_ms = self.clock_since;
        }
        let ending = self
            .ending
            .as_deref()
            .map(serde_json::from_str::<StoredEnding>)
            .transpose()?
            .map(StoredEnding::into_ending);
        let dice = match self.dice_seed.as_deref() {
            Some(seed) => Dice::from_hex(seed).map_err(|e| anyhow!("game {}: {e}", self.id))?,
            None => Dice::new(),
        };
        Ok(StoredGame {
            settings: serde_json::from_str(&self.settings)?,
            moves,
            dice,
            public: self.public != 0,
            time_control: self
                .time_control
                .as_deref()
                .map(serde_json::from_str)
                .transpose()?
                .unwrap_or_default(),
            rated: self.rated != 0,
            table: Table {
                seats: serde_json::from_str(&self.seats)?,
                clock,
                ending,
                proposals: self
                    .proposals
                    .as_deref()
                    .map(serde_json::from_str)
                    .transpose()?
                    .unwrap_or_default(),
                rematch: self.rematch,
            },
            id: self.id,
            game: self.game,
            start: self.start,
            rematch_of: self.rematch_of,
            version: self.version,
        })
    }
}

/// A game's summary as the list of recent games shows it.
#[derive(sqlx::FromRow)]
struct RecentRow {
    id: String,
    game: String,
    result: Option<String>,
    plies: i64,
    record_moves: Option<i64>,
    players: Option<String>,
    updated_at: String,
    created_at: String,
}

/// An open challenge's row.
#[derive(sqlx::FromRow)]
struct OpenChallengeRow {
    id: String,
    game: String,
    settings: String,
    players: Option<String>,
    time_control: Option<String>,
    created_at: String,
}

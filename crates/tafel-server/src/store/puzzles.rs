//! Puzzles (docs/learn.md): the puzzles loaded from the shipped files, each with its
//! Glicko-2 rating; every attempt at one, anonymous ones too; and each account's puzzle rating
//! per game.
//!
//! **Once per player.** Only a player's first attempt at a puzzle (attempt 1) is rated. An
//! attempt's number is counted and the attempt inserted in one transaction, under the
//! `(puzzle, player, attempt)` key: two first attempts at once cannot both be number 1 (the
//! second one fails). On PostgreSQL the puzzle's and the account's rating rows are locked
//! before they are read, so that two players' attempts at one puzzle are rated in turn.

use std::collections::HashMap;

use anyhow::{Context, Result};
use sqlx::AnyConnection;
use tafel_ai::puzzles::Puzzle as PuzzleData;

use super::backend::Backend;
use super::ratings::{RatingRow, StoredRating};
use super::rows::Reading;
use super::Store;
use crate::domain::ids::AccountId;
use crate::domain::puzzle::{Puzzle, Solver};
use crate::domain::rating::{rate_game, Rating, Score, START};

/// A puzzle as stored: the puzzle and its rating.
#[derive(Clone, Debug)]
pub struct StoredPuzzle {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its rating, and how often it was played (rated attempts) as `games`.
    pub rating: StoredRating,
}

/// What [`Store::add_puzzles`] wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Added {
    /// Puzzles new to the store.
    pub added: u64,
    /// Stored puzzles written again with other contents.
    pub changed: u64,
}

/// How a puzzle given to [`Store::add_puzzles`] differs from the one stored under its id.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Difference {
    /// None is stored.
    New,
    /// Only its themes or source differ.
    Described,
    /// Its game, settings, position or solution differ: another puzzle.
    Replaced,
}

/// An attempt to record: who, at which puzzle, the moves sent, solved or not.
pub struct NewAttempt<'a> {
    /// The puzzle.
    pub puzzle: &'a StoredPuzzle,
    /// Who made it.
    pub solver: &'a Solver,
    /// The solver's moves, as sent.
    pub moves: &'a [String],
    /// Whether they solved it.
    pub solved: bool,
}

/// What recording an attempt did.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedAttempt {
    /// The solver's attempt at this puzzle, from 1.
    pub attempt: i64,
    /// The solver's rating before and after, if the attempt was rated.
    pub player: Option<(Rating, Rating)>,
    /// The puzzle's rating before and after, if the attempt was rated.
    pub puzzle: Option<(Rating, Rating)>,
}

/// A row of `puzzles`.
#[derive(sqlx::FromRow)]
struct PuzzleRow {
    id: String,
    game: String,
    settings: String,
    code: String,
    solution: String,
    themes: String,
    source: String,
    #[sqlx(flatten)]
    rating: RatingRow,
}

impl TryFrom<PuzzleRow> for StoredPuzzle {
    type Error = anyhow::Error;

    fn try_from(row: PuzzleRow) -> Result<StoredPuzzle> {
        let context = "a stored puzzle's JSON does not read";
        Ok(StoredPuzzle {
            puzzle: Puzzle::stored(PuzzleData {
                id: row.id,
                game: row.game,
                settings: serde_json::from_str(&row.settings).context(context)?,
                code: row.code,
                solution: serde_json::from_str(&row.solution).context(context)?,
                themes: serde_json::from_str(&row.themes).context(context)?,
                source: serde_json::from_str(&row.source).context(context)?,
            }),
            rating: row.rating.into(),
        })
    }
}

/// A row of `puzzle_ratings`: the game and the rating.
#[derive(sqlx::FromRow)]
struct GameRating {
    game: String,
    #[sqlx(flatten)]
    rating: RatingRow,
}

/// The columns of a [`PuzzleRow`].
const PUZZLE_COLUMNS: &str = "id, game, settings, code, solution, themes, source, rating,
    deviation, volatility, plays AS games, added_ms AS rated_ms";

impl Store {
    /// Adds those of `puzzles` not stored yet (by id), each at the start rating, and writes
    /// again those stored under the same id with other contents (a shipped file made again).
    /// One whose game, settings, position or solution changed is another puzzle: it starts
    /// again at the start rating with no plays, and the attempts at the old one are removed
    /// (players' ratings keep what those attempts gave them). One whose themes or source alone
    /// changed keeps its rating, plays and attempts. The stored ones are read first, in one
    /// statement, so that loading the same shipped puzzles again (every start) writes nothing.
    pub async fn add_puzzles(&self, puzzles: &[Puzzle], now_ms: i64) -> Result<Added> {
        let ids: Vec<&str> = puzzles.iter().map(|p| p.id.as_str()).collect();
        let rows = sqlx::query_as::<_, PuzzleRow>(&self.sql(&format!(
            "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id IN (SELECT m.value FROM {})",
            self.backend.json_list()
        )))
        .bind(serde_json::to_string(&ids)?)
        .fetch_all(&self.pool)
        .await
        .reading("puzzles")?;
        let mut stored = HashMap::new();
        for row in rows {
            let row = StoredPuzzle::try_from(row)?;
            stored.insert(row.puzzle.id.clone(), row.puzzle);
        }
        let changes: Vec<(&Puzzle, Difference)> = puzzles
            .iter()
            .filter_map(|puzzle| {
                let change = match stored.get(&puzzle.id) {
                    None => Difference::New,
                    Some(old) if old == puzzle => return None,
                    Some(old)
                        if (&old.game, &old.settings, &old.code, &old.solution)
                            == (
                                &puzzle.game,
                                &puzzle.settings,
                                &puzzle.code,
                                &puzzle.solution,
                            ) =>
                    {
                        Difference::Described
                    }
                    Some(_) => Difference::Replaced,
                };
                Some((puzzle, change))
            })
            .collect();
        let mut done = Added::default();
        if changes.is_empty() {
            return Ok(done);
        }
        let mut tx = self.begin_write().await?;
        for (puzzle, change) in changes {
            // The contents first, then the id of a new one, the start rating and time of a
            // new or replaced one, and the id of one stored.
            let write = match change {
                Difference::New => {
                    "INSERT INTO puzzles (game, settings, code, solution, themes, source, id,
                     rating, deviation, volatility, plays, added_ms)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT (id) DO NOTHING"
                }
                Difference::Described => {
                    "UPDATE puzzles SET game = ?, settings = ?, code = ?, solution = ?, themes = ?,
                         source = ? WHERE id = ?"
                }
                Difference::Replaced => {
                    "UPDATE puzzles SET game = ?, settings = ?, code = ?, solution = ?, themes = ?,
                         source = ?, rating = ?, deviation = ?, volatility = ?, plays = 0,
                         added_ms = ?
                     WHERE id = ?"
                }
            };
            if change == Difference::Replaced {
                sqlx::query(&self.sql("DELETE FROM puzzle_attempts WHERE puzzle_id = ?"))
                    .bind(&puzzle.id)
                    .execute(&mut *tx)
                    .await?;
            }
            let write = self.sql(write);
            let mut query = sqlx::query(&write)
                .bind(&puzzle.game)
                .bind(serde_json::to_string(&puzzle.settings)?)
                .bind(&puzzle.code)
                .bind(serde_json::to_string(&puzzle.solution)?)
                .bind(serde_json::to_string(&puzzle.themes)?)
                .bind(serde_json::to_string(&puzzle.source)?);
            if change == Difference::New {
                query = query.bind(&puzzle.id);
            }
            if change != Difference::Described {
                query = query
                    .bind(START.rating)
                    .bind(START.deviation)
                    .bind(START.volatility)
                    .bind(now_ms);
            }
            if change != Difference::New {
                query = query.bind(&puzzle.id);
            }
            let written = query
                .execute(&mut *tx)
                .await
                .context("cannot store a puzzle")?
                .rows_affected();
            match change {
                Difference::New => done.added += written,
                _ => done.changed += written,
            }
        }
        tx.commit().await?;
        Ok(done)
    }

    /// The puzzle `id`, if there is one.
    pub async fn puzzle(&self, id: &str) -> Result<Option<StoredPuzzle>> {
        let row = sqlx::query_as::<_, PuzzleRow>(&self.sql(&format!(
            "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = ?"
        )))
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .reading("puzzles")?;
        row.map(StoredPuzzle::try_from).transpose()
    }

    /// The puzzle of `game` rated nearest to `rating` that `solver` has not attempted (the
    /// first id of equals), if any is left.
    pub async fn next_puzzle(
        &self,
        game: &str,
        solver: &Solver,
        rating: f64,
    ) -> Result<Option<StoredPuzzle>> {
        let row = sqlx::query_as::<_, PuzzleRow>(&self.sql(&format!(
            "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE game = ? AND NOT EXISTS
               (SELECT 1 FROM puzzle_attempts a WHERE a.puzzle_id = puzzles.id AND a.player = ?)
             ORDER BY ABS(rating - ?), id LIMIT 1"
        )))
        .bind(game)
        .bind(solver.key())
        .bind(rating)
        .fetch_optional(&self.pool)
        .await
        .reading("puzzles")?;
        row.map(StoredPuzzle::try_from).transpose()
    }

    /// The puzzle at `index(count)` of all `count` puzzles in the order of their ids, if there
    /// are any.
    pub async fn puzzle_at(&self, index: impl Fn(usize) -> usize) -> Result<Option<StoredPuzzle>> {
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM puzzles")
            .fetch_one(&self.pool)
            .await
            .reading("puzzles")?;
        if count == 0 {
            return Ok(None);
        }
        let row = sqlx::query_as::<_, PuzzleRow>(&self.sql(&format!(
            "SELECT {PUZZLE_COLUMNS} FROM puzzles ORDER BY id LIMIT 1 OFFSET ?"
        )))
        .bind(index(count as usize) as i64)
        .fetch_optional(&self.pool)
        .await
        .reading("puzzles")?;
        row.map(StoredPuzzle::try_from).transpose()
    }

    /// How many puzzles each game has, by game name, in order.
    pub async fn puzzle_counts(&self) -> Result<Vec<(String, i64)>> {
        sqlx::query_as("SELECT game, COUNT(*) FROM puzzles GROUP BY game ORDER BY game")
            .fetch_all(&self.pool)
            .await
            .reading("puzzles")
    }

    /// The settings (JSON, as stored), position code and source (JSON, as stored) of every
    /// puzzle of `game`.
    pub async fn puzzle_positions(&self, game: &str) -> Result<Vec<(String, String, String)>> {
        sqlx::query_as(&self.sql("SELECT settings, code, source FROM puzzles WHERE game = ?"))
            .bind(game)
            .fetch_all(&self.pool)
            .await
            .reading("puzzles")
    }

    /// `account`'s puzzle ratings, by game name, in order.
    pub async fn puzzle_ratings(&self, account: &AccountId) -> Result<Vec<(String, StoredRating)>> {
        let rows = sqlx::query_as::<_, GameRating>(&self.sql(
            "SELECT game, rating, deviation, volatility, plays AS games, rated_ms
             FROM puzzle_ratings WHERE account_id = ? ORDER BY game",
        ))
        .bind(account.as_str())
        .fetch_all(&self.pool)
        .await
        .reading("puzzle_ratings")?;
        Ok(rows
            .into_iter()
            .map(|row| (row.game, row.rating.into()))
            .collect())
    }

    /// Records `attempt` at `now_ms`: rated (both ratings changed) if it is the solver's first
    /// at the puzzle and the solver an account; the puzzle's plays counted on every first
    /// attempt.
    pub async fn record_puzzle_attempt(
        &self,
        attempt: &NewAttempt<'_>,
        now_ms: i64,
    ) -> Result<RecordedAttempt> {
        let mut tx = self.begin_write().await?;
        let puzzle = &attempt.puzzle.puzzle;
        let key = attempt.solver.key();
        let before: i64 = sqlx::query_scalar(
            &self.sql("SELECT COUNT(*) FROM puzzle_attempts WHERE puzzle_id = ? AND player = ?"),
        )
        .bind(&puzzle.id)
        .bind(&key)
        .fetch_one(&mut *tx)
        .await
        .reading("puzzle_attempts")?;
        let number = before + 1;
        let rated = match attempt.solver.account() {
            Some(account) if number == 1 => {
                let score = if attempt.solved {
                    Score::Win
                } else {
                    Score::Loss
                };
                Some(rate(self.backend, &mut tx, puzzle, account, score, now_ms).await?)
            }
            _ => None,
        };
        sqlx::query(&self.sql(
            "INSERT INTO puzzle_attempts (puzzle_id, player, attempt, account_id, solved, moves,
                 played_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?)",
        ))
        .bind(&puzzle.id)
        .bind(&key)
        .bind(number)
        .bind(attempt.solver.account().map(AccountId::as_str))
        .bind(i64::from(attempt.solved))
        .bind(serde_json::to_string(attempt.moves)?)
        .bind(now_ms)
        .execute(&mut *tx)
        .await
        .context("cannot store an attempt at a puzzle")?;
        // The changes are set apart from the insert: one cached statement bound a number in one
        // attempt and NULL in another is refused by PostgreSQL (the parameter's type changes).
        if let Some((player, rated_puzzle)) = rated {
            sqlx::query(&self.sql(
                "UPDATE puzzle_attempts SET rating_before = ?, rating_after = ?,
                     puzzle_before = ?, puzzle_after = ?
                 WHERE puzzle_id = ? AND player = ? AND attempt = ?",
            ))
            .bind(player.0.rating)
            .bind(player.1.rating)
            .bind(rated_puzzle.0.rating)
            .bind(rated_puzzle.1.rating)
            .bind(&puzzle.id)
            .bind(&key)
            .bind(number)
            .execute(&mut *tx)
            .await?;
        }
        if number == 1 && rated.is_none() {
            sqlx::query(&self.sql("UPDATE puzzles SET plays = plays + 1 WHERE id = ?"))
                .bind(&puzzle.id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(RecordedAttempt {
            attempt: number,
            player: rated.map(|(player, _)| player),
            puzzle: rated.map(|(_, puzzle)| puzzle),
        })
    }
}

/// A rating's before and after.
type Change = (Rating, Rating);

/// Rates `account`'s attempt at `puzzle` inside `tx` as a game of the account against the
/// puzzle that the account scored `score` in: both ratings changed (the account's brought to
/// `now_ms` first), the puzzle's plays and the account's counted. Returns the account's change
/// and the puzzle's.
async fn rate(
    backend: Backend,
    tx: &mut AnyConnection,
    puzzle: &Puzzle,
    account: &AccountId,
    score: Score,
    now_ms: i64,
) -> Result<(Change, Change)> {
    sqlx::query(&backend.sql(
        "INSERT INTO puzzle_ratings (account_id, game, rating, deviation, volatility, plays,
             rated_ms)
         VALUES (?, ?, ?, ?, ?, 0, ?) ON CONFLICT (account_id, game) DO NOTHING",
    ))
    .bind(account.as_str())
    .bind(&puzzle.game)
    .bind(START.rating)
    .bind(START.deviation)
    .bind(START.volatility)
    .bind(now_ms)
    .execute(&mut *tx)
    .await?;
    let lock = backend.lock_in_order();
    let puzzle_row = sqlx::query_as::<_, RatingRow>(&backend.sql(&format!(
        "SELECT rating, deviation, volatility, plays AS games, added_ms AS rated_ms
         FROM puzzles WHERE id = ?{lock}"
    )))
    .bind(&puzzle.id)
    .fetch_one(&mut *tx)
    .await
    .reading("puzzles")?;
    let player_row = sqlx::query_as::<_, RatingRow>(&backend.sql(&format!(
        "SELECT rating, deviation, volatility, plays AS games, rated_ms
         FROM puzzle_ratings WHERE account_id = ? AND game = ?{lock}"
    )))
    .bind(account.as_str())
    .bind(&puzzle.game)
    .fetch_one(&mut *tx)
    .await
    .reading("puzzle_ratings")?;
    let player_before = StoredRating::from(player_row).now(now_ms);
    let puzzle_before = StoredRating::from(puzzle_row).rating;
    let (player_after, puzzle_after) = rate_game(player_before, puzzle_before, score)
        .map_err(|e| anyhow::anyhow!("{}", e.message))?;
    sqlx::query(&backend.sql(
        "UPDATE puzzle_ratings SET rating = ?, deviation = ?, volatility = ?, plays = plays + 1,
             rated_ms = ?
         WHERE account_id = ? AND game = ?",
    ))
    .bind(player_after.rating)
    .bind(player_after.deviation)
    .bind(player_after.volatility)
    .bind(now_ms)
    .bind(account.as_str())
    .bind(&puzzle.game)
    .execute(&mut *tx)
    .await?;
    sqlx::query(&backend.sql(
        "UPDATE puzzles SET rating = ?, deviation = ?, volatility = ?, plays = plays + 1
         WHERE id = ?",
    ))
    .bind(puzzle_after.rating)
    .bind(puzzle_after.deviation)
    .bind(puzzle_after.volatility)
    .bind(&puzzle.id)
    .execute(&mut *tx)
    .await?;
    Ok(((player_before, player_after), (puzzle_before, puzzle_after)))
}

#[cfg(test)]
mod tests {
    use crate::domain::puzzle::{Puzzle, Solver};
    use crate::store::puzzles::{Added, NewAttempt};
    use crate::store::tests::{ann_and_bob, databases};
    use crate::store::Store;

    /// Kauri's end: the first player's `f` wins.
    const KAURI: &str = r#"{"id":"kauri-t1","game":"kauri","settings":{},"code":"a/0+1,0+1,0+1,0+1,0+2,1+1/0+1,4+0,0+1,0+1,0+1,0+1/28,27","solution":["f"],"themes":["end"],"source":{"seed":1,"game":0,"ply":0,"levels":[1,1]},"check":{"exact":false,"best":1.0,"second":0.0}}"#;

    #[tokio::test]
    async fn puzzles_load_once_and_first_attempts_are_rated_once() {
        for store in databases().await {
            puzzles_on(&store).await;
        }
    }

    async fn puzzles_on(store: &Store) {
        let [ann, bob] = ann_and_bob(store).await;
        let kauri = Puzzle::from_line(KAURI).unwrap();
        let other = Puzzle::checked(tafel_ai::puzzles::Puzzle {
            id: "kauri-t2".into(),
            ..(*kauri).clone()
        })
        .unwrap();
        let added = |added| Added { added, changed: 0 };
        let kauri_only = std::slice::from_ref(&kauri);
        assert_eq!(store.add_puzzles(kauri_only, 1).await.unwrap(), added(1));
        assert_eq!(
            store.add_puzzles(&[kauri.clone(), other], 2).await.unwrap(),
            added(1)
        );
        // All stored already: nothing is written (the shipped files at every start).
        assert_eq!(store.add_puzzles(kauri_only, 3).await.unwrap(), added(0));
        assert_eq!(
            store.puzzle_counts().await.unwrap(),
            [("kauri".to_string(), 2)]
        );
        let stored = store.puzzle("kauri-t1").await.unwrap().unwrap();
        assert_eq!(stored.puzzle, kauri);
        assert!(store.puzzle("nope").await.unwrap().is_none());

        let solver = Solver::Account(ann.clone());
        let next = store.next_puzzle("kauri", &solver, 1500.0).await.unwrap();
        assert_eq!(next.unwrap().puzzle.id, "kauri-t1");
        let moves = ["f".to_string()];
        let attempt = |solver, solved| NewAttempt {
            puzzle: &stored,
            solver,
            moves: &moves,
            solved,
        };
        let first = store
            .record_puzzle_attempt(&attempt(&solver, true), 10)
            .await
            .unwrap();
        assert_eq!(first.attempt, 1);
        let (before, after) = first.player.unwrap();
        assert!(after.rating > before.rating, "{first:?}");
        let (puzzle_before, puzzle_after) = first.puzzle.unwrap();
        assert!(puzzle_after.rating < puzzle_before.rating);
        // Bob's next puzzle is the one rated nearest to him, not the first id.
        let untried = Solver::Account(bob.clone());
        for (rating, nearest) in [
            (puzzle_before.rating, "kauri-t2"),
            (puzzle_after.rating - 100.0, "kauri-t1"),
        ] {
            let next = store.next_puzzle("kauri", &untried, rating).await.unwrap();
            assert_eq!(next.unwrap().puzzle.id, nearest, "at {rating}");
        }
        // The second attempt is kept, never rated.
        let second = store
            .record_puzzle_attempt(&attempt(&solver, false), 11)
            .await
            .unwrap();
        assert_eq!(
            (second.attempt, second.player, second.puzzle),
            (2, None, None)
        );
        let ratings = store.puzzle_ratings(&ann).await.unwrap();
        assert_eq!(ratings.len(), 1);
        assert_eq!((ratings[0].1.rating, ratings[0].1.games), (after, 1));
        let next = store.next_puzzle("kauri", &solver, 1500.0).await.unwrap();
        assert_eq!(next.unwrap().puzzle.id, "kauri-t2", "one not tried");

        // Bob fails it: his rating falls, the puzzle's rises from where Ann left it.
        let bob = Solver::Account(bob);
        let failed = store
            .record_puzzle_attempt(&attempt(&bob, false), 12)
            .await
            .unwrap();
        assert_eq!(failed.puzzle.unwrap().0, puzzle_after);
        assert!(failed.player.unwrap().1.rating < 1500.0);
        // A browser's attempt is kept, not rated, and the puzzle counts it as played.
        let browser = Solver::browser("browser-123456").unwrap();
        let anonymous = store
            .record_puzzle_attempt(&attempt(&browser, true), 13)
            .await
            .unwrap();
        assert_eq!((anonymous.attempt, anonymous.player), (1, None));
        let stored = store.puzzle("kauri-t1").await.unwrap().unwrap();
        assert_eq!(stored.rating.games, 3);
        let at = store.puzzle_at(|count| count - 1).await.unwrap().unwrap();
        assert_eq!(at.puzzle.id, "kauri-t2");

        store.delete_account(&ann, 20).await.unwrap();
        assert!(store.puzzle_ratings(&ann).await.unwrap().is_empty());
        let bob = bob.account().unwrap();
        assert_eq!(store.puzzle_ratings(bob).await.unwrap().len(), 1);
    }
}

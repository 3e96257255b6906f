//! Puzzles (`/puzzles`, docs/learn.md): the shipped puzzles loaded into the store, the next
//! puzzle for a player, the daily puzzle, and attempts judged on the server.
//!
//! - **Shipped files.** The generator (`tafel puzzles generate GAME`) writes
//!   `data/puzzles/<game>.jsonl` at the repository's root. Those files are embedded into the
//!   binary when it is compiled (by `rust-embed`: a release build carries
//!   them; a debug build reads the folder at run time; a checkout without the folder builds
//!   and ships no puzzles). At every start the server adds the puzzles it does not have yet;
//!   those it has keep their ratings, unless the file now gives their id another position or
//!   solution (a file made again): then the new puzzle replaces the old one, at the start
//!   rating and without the old one's attempts ([`Store::add_puzzles`]). A line that does not read or whose solution is not legal
//!   is skipped and logged, never loaded.
//! - **Attempts.** The client sends the solver's moves so far; the server judges them against
//!   the solution ([`Puzzle::judge`]) and answers the opponent's reply, or the end: solved or
//!   failed, the whole solution, and the rating changes. The solution is never sent before
//!   the attempt ends, only the replies as they come. An attempt is stored when it ends.
//! - **Ratings.** Glicko-2 as lichess rates puzzles ([`crate::domain::rating`]): a solve is
//!   a win of the player against the puzzle, a failure a loss; only a player's first attempt
//!   at a puzzle is rated, and only an account's (a browser's attempts are kept, unrated).
//! - **Next and daily.** The next puzzle of a game is the one rated nearest the player's
//!   rating (1500 for a browser) that the player has not attempted; the daily puzzle is the
//!   same for everyone on a day (UTC), chosen among all by [`daily_index`].
//! - **Mining.** [`mining`]: puzzles from the server's own finished games, added to the
//!   store by `tafel puzzles generate GAME --database URL`.

use std::sync::Arc;

use rust_embed::RustEmbed;

use crate::domain::ids::AccountId;
use crate::domain::puzzle::{daily_index, Judgement, Puzzle, Solver};
use crate::domain::rating::START;
use crate::domain::Error;
use crate::msg;
use crate::store::puzzles::NewAttempt;
pub use crate::store::puzzles::{RecordedAttempt, StoredPuzzle};
pub use crate::store::ratings::StoredRating;
use crate::store::Store;

pub mod mining;

/// The shipped puzzle files, `data/puzzles/*.jsonl`, embedded at compile time.
#[derive(RustEmbed)]
#[folder = "../../data/puzzles/"]
#[allow_missing = true]
struct ShippedFiles;

/// A day in milliseconds.
const DAY_MS: i64 = 86_400_000;

/// What loading a puzzles file did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Loaded {
    /// Puzzles read and checked.
    pub read: usize,
    /// Of those, puzzles new to the store.
    pub added: u64,
    /// Of those, puzzles the store had under the same id with other contents, written again
    /// ([`Store::add_puzzles`] says what that keeps).
    pub changed: u64,
    /// Lines refused, each with its file, line number and reason.
    pub refused: Vec<String>,
}

/// Where an attempt stands after the moves sent.
#[derive(Clone, Debug)]
pub enum Attempt {
    /// Every move right so far: the opponent's reply, the solver to move again.
    Reply(String),
    /// The attempt is over, and stored.
    Ended {
        /// Whether the solver found the solution.
        solved: bool,
        /// The whole solution.
        solution: Vec<String>,
        /// Its number and rating changes.
        recorded: RecordedAttempt,
    },
}

/// The puzzles unit: loads, chooses and judges.
pub struct Puzzles {
    store: Store,
}

impl Puzzles {
    /// The puzzles of `store`.
    pub fn new(store: Store) -> Arc<Puzzles> {
        Arc::new(Puzzles { store })
    }

    /// Loads every shipped file (see the module's notes).
    pub async fn load_shipped(&self) -> Result<Loaded, Error> {
        let mut total = Loaded::default();
        for name in ShippedFiles::iter().filter(|name| name.ends_with(".jsonl")) {
            let Some(file) = ShippedFiles::get(&name) else {
                continue;
            };
            let loaded = self
                .load(&name, &String::from_utf8_lossy(&file.data))
                .await?;
            total.read += loaded.read;
            total.added += loaded.added;
            total.changed += loaded.changed;
            total.refused.extend(loaded.refused);
        }
        Ok(total)
    }

    /// Loads the puzzles of `text`, a puzzles file named `file`: one JSON object a line
    /// (blank lines skipped); the new ones are added, refused lines reported.
    pub async fn load(&self, file: &str, text: &str) -> Result<Loaded, Error> {
        let mut loaded = Loaded::default();
        let mut puzzles = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            match Puzzle::from_line(line) {
                Ok(puzzle) => puzzles.push(puzzle),
                Err(e) => loaded
                    .refused
                    .push(format!("{file}:{}: {}", i + 1, e.message)),
            }
        }
        loaded.read = puzzles.len();
        let now = self.store.now_ms();
        let added = self.store.add_puzzles(&puzzles, now).await;
        let added = added.map_err(Error::storage)?;
        (loaded.added, loaded.changed) = (added.added, added.changed);
        Ok(loaded)
    }

    /// How many puzzles each game has, by game name.
    pub async fn counts(&self) -> Result<Vec<(String, i64)>, Error> {
        self.store.puzzle_counts().await.map_err(Error::storage)
    }

    /// `account`'s puzzle ratings now, by game name.
    pub async fn ratings(&self, account: &AccountId) -> Result<Vec<(String, StoredRating)>, Error> {
        let now = self.store.now_ms();
        let ratings = self.store.puzzle_ratings(account).await;
        Ok(ratings
            .map_err(Error::storage)?
            .into_iter()
            .map(|(game, stored)| {
                let rating = stored.now(now);
                (game, StoredRating { rating, ..stored })
            })
            .collect())
    }

    /// The puzzle `id`.
    pub async fn puzzle(&self, id: &str) -> Result<StoredPuzzle, Error> {
        let found = self.store.puzzle(id).await.map_err(Error::storage)?;
        found.ok_or_else(|| Error::not_found(msg!("no-such-puzzle", id)))
    }

    /// The next puzzle of `game` for `solver`: rated nearest to the solver's rating, not
    /// attempted by them.
    pub async fn next(&self, game: &str, solver: &Solver) -> Result<StoredPuzzle, Error> {
        tafel_games::registry()
            .get(game)
            .map_err(Error::not_found)?;
        let mut near = START.rating;
        if let Some(account) = solver.account() {
            let ratings = self.ratings(account).await?;
            if let Some((_, stored)) = ratings.iter().find(|(g, _)| g == game) {
                near = stored.rating.rating;
            }
        }
        let next = self.store.next_puzzle(game, solver, near).await;
        next.map_err(Error::storage)?
            .ok_or_else(|| Error::not_found(msg!("no-puzzle-left", game)))
    }

    /// Today's puzzle (UTC) and its day, `YYYY-MM-DD`.
    pub async fn daily(&self) -> Result<(String, StoredPuzzle), Error> {
        let day = self.store.now_ms().div_euclid(DAY_MS);
        let date = time::OffsetDateTime::from_unix_timestamp(day * 86_400)
            .map(|at| at.date().to_string())
            .unwrap_or_default();
        let found = self.store.puzzle_at(|count| daily_index(day, count)).await;
        let puzzle = found.map_err(Error::storage)?;
        let puzzle = puzzle.ok_or_else(|| Error::not_found(msg!("no-puzzles-yet")))?;
        Ok((date, puzzle))
    }

    /// Judges `moves`, `solver`'s moves so far at puzzle `id`: the reply, or the end
    /// (stored, rated if it is the solver's first attempt and the solver an account).
    pub async fn attempt(
        &self,
        id: &str,
        moves: &[String],
        solver: &Solver,
    ) -> Result<Attempt, Error> {
        let stored = self.puzzle(id).await?;
        let solved = match stored.puzzle.judge(moves)? {
            Judgement::Reply(reply) => return Ok(Attempt::Reply(reply)),
            Judgement::Solved => true,
            Judgement::Failed => false,
        };
        let attempt = NewAttempt {
            puzzle: &stored,
            solver,
            moves,
            solved,
        };
        let now = self.store.now_ms();
        let recorded = self.store.record_puzzle_attempt(&attempt, now).await;
        Ok(Attempt::Ended {
            solved,
            solution: stored.puzzle.solution.clone(),
            recorded: recorded.map_err(Error::storage)?,
        })
    }
}

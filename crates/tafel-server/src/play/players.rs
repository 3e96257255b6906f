//! Players: a living account's page (ratings brought to the present, win/draw/loss counts, its
//! games, its rating history, its records), a rated game's rating changes, and the
//! leaderboards. Read from the store; a deleted account has no page.

use std::sync::Arc;
use std::time::Duration;

use super::Hub;
use crate::domain::account::Username;
use crate::domain::live::LiveGame;
use crate::domain::rating::Rating;
use crate::domain::Error;
use crate::msg;
pub use crate::store::players::{
    GamesFilter, PlayerAccount, PlayerGame, RatingPoint, SeatRatingChange,
};

/// The most games a page of a player's list shows.
pub const MAX_PAGE_SIZE: i64 = 100;

/// The most points of a player's rating history given at once (the latest).
pub const MAX_HISTORY: i64 = 5_000;

/// The most records one download of a player's games holds (the oldest first).
pub const MAX_RECORDS: i64 = 2_000;

/// The players a leaderboard lists at most.
pub const LEADERBOARD_SIZE: usize = 50;

/// The largest deviation a leaderboard's player may have now (lichess's figure: a rating
/// known within about ±150).
pub const LEADERBOARD_DEVIATION: f64 = 75.0;

/// How recent a leaderboard's player's last rated game must be (lichess's figure).
pub const LEADERBOARD_RECENT: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// Candidates a leaderboard reads (the best stored ratings within the deviation) before idle
/// time's growth of their deviations is applied.
const LEADERBOARD_CANDIDATES: i64 = 1_000;

/// One line of a leaderboard.
pub struct Leader {
    /// The player's username.
    pub username: String,
    /// The rating as it stands now.
    pub rating: Rating,
    /// Rated games played.
    pub games: i64,
}

/// One of a player's ratings, as it stands now.
#[derive(Clone, Debug)]
pub struct CurrentRating {
    /// The registry name.
    pub game: String,
    /// The rating with its deviation grown by the idle time since the last rated game.
    pub rating: Rating,
    /// Rated games played.
    pub games: i64,
    /// When the last rated game ended (ms since the Unix epoch).
    pub rated_ms: i64,
}

/// A player's page, beside the list of games.
#[derive(Clone, Debug)]
pub struct Profile {
    /// The account.
    pub account: PlayerAccount,
    /// Its ratings, one per game played rated.
    pub ratings: Vec<CurrentRating>,
    /// Finished games won, drawn and lost, per game name: `(game, outcome, count)`.
    pub counts: Vec<(String, String, i64)>,
}

impl Hub {
    /// The living account named `name` (without regard to case), or 404.
    pub async fn player(&self, name: &str) -> Result<PlayerAccount, Error> {
        let missing = || Error::not_found(msg!("there-is-no-player-named-name", name));
        let username = Username::parse(name).map_err(|_| missing())?;
        self.store
            .player_by_key(&username.key())
            .await
            .map_err(Error::storage)?
            .ok_or_else(missing)
    }

    /// The page of the player named `name`.
    pub async fn profile(&self, name: &str) -> Result<Profile, Error> {
        let account = self.player(name).await?;
        let now = self.store.now_ms();
        let ratings = self
            .store
            .player_ratings(&account.id)
            .await
            .map_err(Error::storage)?
            .into_iter()
            .map(|(game, stored)| CurrentRating {
                game,
                rating: stored.now(now),
                games: stored.games,
                rated_ms: stored.rated_ms,
            })
            .collect();
        let counts = self
            .store
            .player_counts(&account.id)
            .await
            .map_err(Error::storage)?;
        Ok(Profile {
            account,
            ratings,
            counts,
        })
    }

    /// The games of the player named `name` that pass `filter` (its page size at most
    /// [`MAX_PAGE_SIZE`]), newest first, and how many pass it in all.
    pub async fn player_games(
        &self,
        name: &str,
        filter: &GamesFilter,
    ) -> Result<(i64, Vec<PlayerGame>), Error> {
        let account = self.player(name).await?;
        let filter = GamesFilter {
            limit: filter.limit.clamp(1, MAX_PAGE_SIZE),
            ..filter.clone()
        };
        self.store
            .player_games(&account.id, &filter)
            .await
            .map_err(Error::storage)
    }

    /// The rating history of the player named `name`: its rating after each rated game, the
    /// last [`MAX_HISTORY`], oldest first.
    pub async fn rating_history(&self, name: &str) -> Result<Vec<RatingPoint>, Error> {
        let account = self.player(name).await?;
        self.store
            .rating_history(&account.id, MAX_HISTORY)
            .await
            .map_err(Error::storage)
    }

    /// The ids of the finished games of the player named `name`, oldest first, at most
    /// [`MAX_RECORDS`], with the player's username as stored.
    pub async fn player_finished_games(&self, name: &str) -> Result<(String, Vec<String>), Error> {
        let account = self.player(name).await?;
        let ids = self
            .store
            .player_finished_games(&account.id, MAX_RECORDS)
            .await
            .map_err(Error::storage)?;
        Ok((account.username, ids))
    }

    /// The text record of stored game `id` with its id and its players' names as tags, read
    /// from the store (not kept in memory) and replayed off the async threads.
    pub async fn stored_record(self: &Arc<Self>, id: String) -> Result<String, Error> {
        let stored = self
            .store
            .load(&id)
            .await
            .map_err(Error::storage)?
            .ok_or_else(|| Error::not_found(msg!("there-is-no-game-id", id)))?;
        tokio::task::spawn_blocking(move || {
            let live = LiveGame::from_stored(&stored)?;
            let mut tags = vec![("Id".to_string(), id)];
            for view in live.seat_views(&live.table) {
                if let Some(player) = view.player {
                    tags.push((view.name, player));
                }
            }
            live.game
                .write_annotated_record(
                    live.positions[0].as_ref(),
                    &live.moves,
                    live.table.ending.as_ref(),
                    &[],
                    &tags,
                )
                .map_err(Error::replay)
        })
        .await
        .map_err(|e| Error::failed(msg!("writing-a-record-failed-e", e)))?
    }

    /// The rating changes of rated game `id` (none before it is over and rated).
    pub async fn rating_changes(&self, id: &str) -> Result<Vec<SeatRatingChange>, Error> {
        self.store
            .game_rating_changes(id)
            .await
            .map_err(Error::storage)
    }

    /// The [`LEADERBOARD_SIZE`] best players of `game`, as lichess keeps its leaderboards:
    /// people, not bots, whose deviation now (idle time grows it) is at most
    /// [`LEADERBOARD_DEVIATION`] and who played a rated game within [`LEADERBOARD_RECENT`];
    /// best first.
    pub async fn leaderboard(&self, game: &str) -> Result<Vec<Leader>, Error> {
        let now = self.store.now_ms();
        let since = now - LEADERBOARD_RECENT.as_millis() as i64;
        let candidates = self
            .store
            .leaderboard(game, LEADERBOARD_DEVIATION, since, LEADERBOARD_CANDIDATES)
            .await
            .map_err(Error::storage)?;
        Ok(candidates
            .into_iter()
            .map(|(username, stored)| Leader {
                username,
                rating: stored.now(now),
                games: stored.games,
            })
            .filter(|leader| leader.rating.deviation <= LEADERBOARD_DEVIATION)
            .take(LEADERBOARD_SIZE)
            .collect())
    }
}

//! Players and ratings: a player's page as JSON (ratings, counts), its games (paginated,
//! filtered by game and result), its rating history, all its records at once, and the
//! leaderboard of each game.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::Json;
use futures_util::stream;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::tags;
use crate::domain::game_texts;
use crate::domain::rating::{Rating, Score};
use crate::domain::seat::SeatView;
use crate::domain::Error;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::language::Language;
use crate::msg;
use crate::play::players::{CurrentRating, GamesFilter, MAX_PAGE_SIZE};
use crate::play::Hub;

/// The highest page number asked for that is answered (pages past the last are empty).
pub const MAX_PAGE: u32 = 100_000;

/// Games per page unless asked otherwise.
const DEFAULT_PAGE_SIZE: u32 = 20;

/// A rating as shown: rounded, with whether it is provisional.
#[derive(Serialize, ToSchema)]
pub struct RatingView {
    /// The game's registry name.
    game: String,
    /// The game's title.
    title: String,
    /// The rating, rounded.
    rating: i64,
    /// Its deviation now (grown by idle time), rounded.
    deviation: i64,
    /// Whether it is provisional (deviation 110 or more): shown with a `?`.
    provisional: bool,
    /// Rated games played.
    games: i64,
    /// When the last rated game ended (ms since the Unix epoch).
    last_rated_ms: i64,
}

impl RatingView {
    fn of(game: &str, rating: Rating, games: i64, last_rated_ms: i64) -> RatingView {
        RatingView {
            game: game.to_string(),
            title: title_of(game),
            rating: rating.rating.round() as i64,
            deviation: rating.deviation.round() as i64,
            provisional: rating.is_provisional(),
            games,
            last_rated_ms,
        }
    }
}

/// Finished games won, drawn and lost.
#[derive(Serialize, ToSchema, Default)]
pub struct Counts {
    /// The game's registry name (absent in the total).
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<String>,
    /// Games won.
    win: i64,
    /// Games drawn.
    draw: i64,
    /// Games lost.
    loss: i64,
}

/// A player's page.
#[derive(Serialize, ToSchema)]
pub struct PlayerView {
    /// The username, with its capitals.
    username: String,
    /// When the account was made (ms since the Unix epoch).
    created_ms: i64,
    /// Whether the account is a bot, played by a program (challenge it with
    /// `POST /api/bots/{name}/challenge`).
    bot: bool,
    /// Whether a moderator closed the account (it plays no more).
    closed: bool,
    /// A rating per game played rated.
    ratings: Vec<RatingView>,
    /// Finished games won, drawn and lost, in all.
    total: Counts,
    /// The same per game.
    counts: Vec<Counts>,
}

/// The page of a player: ratings (provisional ones marked) and win/draw/loss counts.
#[utoipa::path(get, path = "/api/players/{name}", tag = tags::PLAYERS,
    params(("name" = String, Path, description = "The username (any case)")),
    responses((status = 200, description = "The player", body = PlayerView),
              (status = 404, description = "No such player (or a deleted account)", body = ErrorBody)))]
pub async fn player(
    State(hub): State<Arc<Hub>>,
    Path(name): Path<String>,
) -> Result<Json<PlayerView>, ApiError> {
    let profile = hub.profile(&name).await?;
    let mut total = Counts::default();
    let mut counts: Vec<Counts> = Vec::new();
    for (game, outcome, count) in profile.counts {
        if counts.last().and_then(|c| c.game.as_ref()) != Some(&game) {
            counts.push(Counts {
                game: Some(game),
                ..Counts::default()
            });
        }
        let line = counts.last_mut().expect("pushed above");
        for counts in [line, &mut total] {
            match Score::parse(&outcome)? {
                Score::Win => counts.win += count,
                Score::Draw => counts.draw += count,
                Score::Loss => counts.loss += count,
            }
        }
    }
    Ok(Json(PlayerView {
        username: profile.account.username,
        created_ms: profile.account.created_ms,
        bot: profile.account.bot,
        closed: profile.account.closed,
        ratings: profile
            .ratings
            .iter()
            .map(|r: &CurrentRating| RatingView::of(&r.game, r.rating, r.games, r.rated_ms))
            .collect(),
        total,
        counts,
    }))
}

/// Which of a player's games to list.
#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
pub struct GamesQuery {
    /// Only games of this name (e.g. `kauri`).
    game: Option<String>,
    /// Only finished games the player `win`s, `draw`s or `loss`es (a result of `loss`).
    result: Option<String>,
    /// The page, from 1 (default 1).
    page: Option<u32>,
    /// Games per page (default 20).
    per_page: Option<u32>,
}

/// One game of a player's list.
#[derive(Serialize, ToSchema)]
pub struct PlayerGameView {
    /// The game's id (its page is `/game/{id}`).
    id: String,
    /// The registry name.
    game: String,
    /// The game's title.
    title: String,
    /// The player's seat.
    seat: usize,
    /// Every seat as everyone sees it (the opponents among them).
    players: Vec<SeatView>,
    /// The result in words (absent while the game goes on).
    result: Option<String>,
    /// The player's result: `win`, `draw` or `loss` (absent while the game goes on, or for an
    /// aborted game).
    outcome: Option<String>,
    /// Whether the game is rated.
    rated: bool,
    /// The player's rating before the game, once rated (rounded).
    rating_before: Option<i64>,
    /// The player's rating after it (rounded).
    rating_after: Option<i64>,
    /// When the game was created (UTC, ISO 8601).
    created_at: String,
    /// When it last changed (UTC, ISO 8601).
    updated_at: String,
}

/// A page of a player's games.
#[derive(Serialize, ToSchema)]
pub struct PlayerGames {
    /// The games that pass the filters, in all.
    total: i64,
    /// This page, from 1.
    page: u32,
    /// Games per page.
    per_page: u32,
    /// The games of this page, newest first.
    games: Vec<PlayerGameView>,
}

/// A player's games, newest first, filtered by game and result, a page at a time.
#[utoipa::path(get, path = "/api/players/{name}/games", tag = tags::PLAYERS,
    params(("name" = String, Path, description = "The username (any case)"), GamesQuery),
    responses((status = 200, description = "A page of the player's games", body = PlayerGames),
              (status = 400, description = "An unknown game or result, a page or page size out of range, an unknown parameter", body = ErrorBody),
              (status = 404, description = "No such player", body = ErrorBody)))]
pub async fn games(
    State(hub): State<Arc<Hub>>,
    language: Language,
    Path(name): Path<String>,
    Query(q): Query<GamesQuery>,
) -> Result<Json<PlayerGames>, ApiError> {
    let page = q.page.unwrap_or(1);
    if !(1..=MAX_PAGE).contains(&page) {
        return Err(
            Error::invalid(msg!("page-must-be-1-to-max", max_page = MAX_PAGE, page)).into(),
        );
    }
    let per_page = q.per_page.unwrap_or(DEFAULT_PAGE_SIZE);
    if !(1..=MAX_PAGE_SIZE as u32).contains(&per_page) {
        return Err(Error::invalid(msg!(
            "per-page-must-be-1-to",
            max_page_size = MAX_PAGE_SIZE,
            per_page
        ))
        .into());
    }
    if let Some(game) = &q.game {
        known_game(game)?;
    }
    let outcome = q
        .result
        .as_deref()
        .map(Score::parse)
        .transpose()?
        .map(Score::as_str);
    let filter = GamesFilter {
        game: q.game,
        outcome,
        offset: i64::from(page - 1) * i64::from(per_page),
        limit: i64::from(per_page),
    };
    let (total, games) = hub.player_games(&name, &filter).await?;
    Ok(Json(PlayerGames {
        total,
        page,
        per_page,
        games: games
            .into_iter()
            .map(|g| PlayerGameView {
                title: title_of(&g.game),
                result: g.result.map(|r| game_texts::stored(&g.game, &r, language)),
                id: g.id,
                game: g.game,
                seat: g.seat,
                players: g.players.unwrap_or_default(),
                outcome: g.outcome,
                rated: g.rated,
                rating_before: g.rating.map(|(before, _)| before.round() as i64),
                rating_after: g.rating.map(|(_, after)| after.round() as i64),
                created_at: g.created_at,
                updated_at: g.updated_at,
            })
            .collect(),
    }))
}

/// A point of a rating history.
#[derive(Serialize, ToSchema)]
pub struct RatingPointView {
    /// The game's registry name.
    game: String,
    /// The rated game's id.
    game_id: String,
    /// When it was rated (ms since the Unix epoch).
    at_ms: i64,
    /// The rating after it, rounded.
    rating: i64,
    /// Its deviation, rounded.
    deviation: i64,
}

/// A player's rating after each rated game (the last 5,000), oldest first, every game's
/// ratings in one list (`game` tells them apart).
#[utoipa::path(get, path = "/api/players/{name}/ratings", tag = tags::PLAYERS,
    params(("name" = String, Path, description = "The username (any case)")),
    responses((status = 200, description = "The rating history", body = Vec<RatingPointView>),
              (status = 404, description = "No such player", body = ErrorBody)))]
pub async fn ratings(
    State(hub): State<Arc<Hub>>,
    Path(name): Path<String>,
) -> Result<Json<Vec<RatingPointView>>, ApiError> {
    let points = hub.rating_history(&name).await?;
    Ok(Json(
        points
            .into_iter()
            .map(|p| RatingPointView {
                game: p.game,
                game_id: p.game_id,
                at_ms: p.rated_ms,
                rating: p.rating.round() as i64,
                deviation: p.deviation.round() as i64,
            })
            .collect(),
    ))
}

/// Every finished game of a player (the first 2,000), oldest first, as text records one after
/// another (a blank line between), each with its id and its players' names as tags; sent as
/// it is written.
#[utoipa::path(get, path = "/api/players/{name}/records", tag = tags::PLAYERS,
    params(("name" = String, Path, description = "The username (any case)")),
    responses((status = 200, description = "The records, text", content_type = "text/plain"),
              (status = 404, description = "No such player", body = ErrorBody)))]
pub async fn records(
    State(hub): State<Arc<Hub>>,
    Path(name): Path<String>,
) -> Result<impl IntoResponse, ApiError> {
    let (username, ids) = hub.player_finished_games(&name).await?;
    let records = stream::unfold((hub, ids.into_iter()), |(hub, mut ids)| async move {
        let id = ids.next()?;
        let text = match hub.stored_record(id.clone()).await {
            Ok(record) => format!("{}\n", record.trim_end()),
            // One game that cannot be written does not lose the others: say so in place.
            Err(e) => format!("; game {id} could not be written: {}\n", e.message),
        };
        let separated = format!("{text}\n");
        Some((Ok::<_, std::io::Error>(separated), (hub, ids)))
    });
    let disposition = format!("attachment; filename=\"tafel-{username}.txt\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        Body::from_stream(records),
    ))
}

/// One line of a leaderboard.
#[derive(Serialize, ToSchema)]
pub struct LeaderView {
    /// The place, from 1.
    rank: usize,
    /// The username.
    username: String,
    /// The rating, rounded.
    rating: i64,
    /// Its deviation now, rounded (at most 75).
    deviation: i64,
    /// Rated games played.
    games: i64,
}

/// A game's leaderboard.
#[derive(Serialize, ToSchema)]
pub struct Leaderboard {
    /// The game's registry name.
    game: String,
    /// The game's title.
    title: String,
    /// The best players (50 at most), best first: people, not bots, whose deviation is at most
    /// 75 and who played a rated game in the last 7 days.
    players: Vec<LeaderView>,
}

/// The 50 best players of a game: people, not bots, whose deviation is at most 75 and who
/// played a rated game in the last 7 days (as lichess keeps its leaderboards).
#[utoipa::path(get, path = "/api/leaderboard/{game}", tag = tags::PLAYERS,
    params(("game" = String, Path, description = "The game's registry name")),
    responses((status = 200, description = "The leaderboard", body = Leaderboard),
              (status = 404, description = "No such game", body = ErrorBody)))]
pub async fn leaderboard(
    State(hub): State<Arc<Hub>>,
    Path(game): Path<String>,
) -> Result<Json<Leaderboard>, ApiError> {
    if tafel_games::registry().get(&game).is_err() {
        return Err(Error::not_found(msg!("there-is-no-game-game", game)).into());
    }
    let players = hub.leaderboard(&game).await?;
    Ok(Json(Leaderboard {
        title: title_of(&game),
        game,
        players: players
            .into_iter()
            .enumerate()
            .map(|(i, leader)| LeaderView {
                rank: i + 1,
                username: leader.username,
                rating: leader.rating.rating.round() as i64,
                deviation: leader.rating.deviation.round() as i64,
                games: leader.games,
            })
            .collect(),
    }))
}

/// The title of game `name` (the name itself for a game no longer offered).
fn title_of(name: &str) -> String {
    tafel_games::registry()
        .get(name)
        .map_or_else(|_| name.to_string(), |e| e.info.title.to_string())
}

/// Refuses a game name the registry does not know.
fn known_game(name: &str) -> Result<(), Error> {
    tafel_games::registry().get(name).map(|_| ()).map_err(|_| {
        let known: Vec<&str> = tafel_games::registry()
            .entries()
            .iter()
            .map(|e| e.info.name)
            .collect();
        Error::invalid(msg!(
            "unknown-game-name-known-join",
            name,
            join = known.join(", ")
        ))
    })
}

//! Puzzles (`/puzzles`, docs/learn.md): the games' puzzle counts and the player's ratings,
//! the next puzzle for a player, a puzzle by id, the daily puzzle, and the moves of an attempt
//! judged on the server (the reply, or the verdict with the solution and both rating changes).
//! The solution is never sent before an attempt ends. A player is the signed-in account, or
//! else the browser that names its own random id (`browser`); only an account's first attempt
//! at a puzzle is rated.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use tafel_core::Status;
use utoipa::{IntoParams, ToSchema};

use super::tags;
use crate::domain::puzzle::{Solver, MAX_SOLUTION_MOVES, MAX_WORD_CHARS};
use crate::domain::rating::Rating;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::rate::{ClientAddress, RateLimiter};
use crate::http::session::MaybeSignedIn;
use crate::msg;
use crate::play::puzzles::{Attempt, Puzzles, StoredPuzzle, StoredRating};

/// The limit on the moves of puzzle attempts judged per client address (each request counts).
pub struct PuzzleRates(pub RateLimiter);

impl PuzzleRates {
    /// Counts one request from `from` (requests without an address pass): 429 with
    /// `Retry-After` when it has none left.
    fn count(&self, from: Option<IpAddr>) -> Result<(), ApiError> {
        match from.map(|address| self.0.check(address)) {
            Some(Err(wait)) => Err(ApiError::too_many_requests(
                msg!("puzzle-moves-too-fast"),
                wait,
            )),
            _ => Ok(()),
        }
    }
}

/// A player's puzzle rating in one game.
#[derive(Serialize, ToSchema)]
pub struct PuzzleRating {
    /// The rating, rounded.
    rating: i64,
    /// Its deviation, rounded.
    deviation: i64,
    /// Whether it is still provisional.
    provisional: bool,
    /// Rated attempts.
    plays: i64,
}

impl From<&StoredRating> for PuzzleRating {
    fn from(stored: &StoredRating) -> PuzzleRating {
        PuzzleRating {
            rating: stored.rating.rating.round() as i64,
            deviation: stored.rating.deviation.round() as i64,
            provisional: stored.rating.is_provisional(),
            plays: stored.games,
        }
    }
}

/// A game's puzzles: how many, and the signed-in player's rating.
#[derive(Serialize, ToSchema)]
pub struct GamePuzzles {
    /// The game's name.
    game: &'static str,
    /// How many puzzles it has.
    puzzles: i64,
    /// The signed-in account's puzzle rating in it (none before its first rated attempt, or
    /// without an account).
    rating: Option<PuzzleRating>,
}

/// Every game's puzzles.
#[derive(Serialize, ToSchema)]
pub struct PuzzleGames {
    /// The games, in the catalogue's order.
    games: Vec<GamePuzzles>,
}

/// A puzzle as it is posed: everything but its solution.
#[derive(Serialize, ToSchema)]
pub struct PuzzleView {
    /// Its id.
    id: String,
    /// The game's name.
    game: String,
    /// The settings, as `[key, value]` pairs (the others are the defaults).
    #[schema(value_type = Vec<Vec<String>>)]
    settings: Vec<(String, String)>,
    /// The position, in the game's code; the side to move is the solver.
    code: String,
    /// The solver's side, by name.
    side: &'static str,
    /// How many moves the solver makes.
    moves: usize,
    /// What it is about.
    themes: Vec<String>,
    /// Its rating, rounded.
    rating: i64,
    /// How often it was played (first attempts).
    plays: i64,
    /// The id of the game on this server the position comes from (`/game/<id>`), for a
    /// puzzle mined from the server's games; `null` for a shipped one.
    source_game: Option<String>,
}

impl TryFrom<&StoredPuzzle> for PuzzleView {
    type Error = ApiError;

    fn try_from(stored: &StoredPuzzle) -> Result<PuzzleView, ApiError> {
        let puzzle = &stored.puzzle;
        let (rules, position) = puzzle.start()?;
        let side = match position.status() {
            Status::ToMove(side) => rules.player_name(side),
            _ => "",
        };
        Ok(PuzzleView {
            id: puzzle.id.clone(),
            game: puzzle.game.clone(),
            settings: puzzle.settings.clone().into_iter().collect(),
            code: puzzle.code.clone(),
            side,
            moves: puzzle.solver_moves(),
            themes: puzzle.themes.clone(),
            rating: stored.rating.rating.rating.round() as i64,
            plays: stored.rating.games,
            source_game: puzzle.source_game().map(str::to_string),
        })
    }
}

/// The daily puzzle.
#[derive(Serialize, ToSchema)]
pub struct DailyPuzzle {
    /// Its day (UTC), `YYYY-MM-DD`.
    day: String,
    /// The puzzle.
    puzzle: PuzzleView,
}

/// Who asks for a next puzzle without an account.
#[derive(Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
pub struct BrowserQuery {
    /// The browser's own random id (8 to 64 letters, digits, `-`, `_`, `.`), when nobody is
    /// signed in.
    browser: Option<String>,
}

/// The moves of an attempt so far.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AttemptRequest {
    /// The solver's moves so far, in notation (the replies are the server's): 1 to 8.
    moves: Vec<String>,
    /// The browser's own random id, when nobody is signed in.
    #[serde(default)]
    browser: Option<String>,
}

/// A rating before and after an attempt, rounded.
#[derive(Serialize, ToSchema)]
pub struct RatingChange {
    /// Before.
    before: i64,
    /// After.
    after: i64,
}

impl From<(Rating, Rating)> for RatingChange {
    fn from((before, after): (Rating, Rating)) -> RatingChange {
        RatingChange {
            before: before.rating.round() as i64,
            after: after.rating.round() as i64,
        }
    }
}

/// Where an attempt stands.
#[derive(Serialize, ToSchema)]
pub struct AttemptView {
    /// `reply` (every move right so far; the solver moves again after `reply`), `solved` or
    /// `failed`.
    state: &'static str,
    /// The opponent's reply, to play on the board, while the attempt goes on.
    reply: Option<String>,
    /// The whole solution, once the attempt is over.
    solution: Option<Vec<String>>,
    /// The solver's attempt at this puzzle, from 1, once it is over (only the first is rated).
    attempt: Option<i64>,
    /// The solver's puzzle rating before and after, if the attempt was rated.
    rating: Option<RatingChange>,
    /// The puzzle's rating before and after, if the attempt was rated.
    puzzle_rating: Option<RatingChange>,
}

/// The solver of a request: the signed-in account, else the browser it names.
fn solver(
    account: Option<crate::play::accounts::SignedIn>,
    browser: Option<&str>,
) -> Result<Solver, ApiError> {
    match (account, browser) {
        (Some(account), _) => Ok(Solver::Account(account.id)),
        (None, Some(browser)) => Ok(Solver::browser(browser)?),
        (None, None) => Err(ApiError::bad_request(msg!("puzzle-solver-unknown"))),
    }
}

/// Every game's puzzle count and, signed in, the account's puzzle rating in each.
#[utoipa::path(get, path = "/api/puzzles", tag = tags::LEARN,
    responses((status = 200, description = "The games' puzzles", body = PuzzleGames)))]
pub async fn games(
    MaybeSignedIn(account): MaybeSignedIn,
    State(puzzles): State<Arc<Puzzles>>,
) -> Result<Json<PuzzleGames>, ApiError> {
    let counts = puzzles.counts().await?;
    let ratings = match account {
        Some(account) => puzzles.ratings(&account.id).await?,
        None => Vec::new(),
    };
    let games = tafel_games::registry()
        .entries()
        .iter()
        .map(|entry| GamePuzzles {
            game: entry.info.name,
            puzzles: counts
                .iter()
                .find(|(game, _)| game == entry.info.name)
                .map_or(0, |(_, n)| *n),
            rating: ratings
                .iter()
                .find(|(game, _)| game == entry.info.name)
                .map(|(_, stored)| stored.into()),
        })
        .collect();
    Ok(Json(PuzzleGames { games }))
}

/// The next puzzle of a game for the player: the one rated nearest to the player's puzzle
/// rating (1500 without one) that the player has not attempted.
#[utoipa::path(get, path = "/api/puzzles/next/{game}", tag = tags::LEARN,
    params(("game" = String, Path, description = "The game's name"), BrowserQuery),
    responses((status = 200, description = "The puzzle", body = PuzzleView),
              (status = 400, description = "Nobody signed in and no browser id, or one that does not read", body = ErrorBody),
              (status = 404, description = "No such game, or no puzzle of it left that the player has not attempted", body = ErrorBody)))]
pub async fn next(
    MaybeSignedIn(account): MaybeSignedIn,
    State(puzzles): State<Arc<Puzzles>>,
    Path(game): Path<String>,
    Query(query): Query<BrowserQuery>,
) -> Result<Json<PuzzleView>, ApiError> {
    let solver = solver(account, query.browser.as_deref())?;
    let puzzle = puzzles.next(&game, &solver).await?;
    Ok(Json(PuzzleView::try_from(&puzzle)?))
}

/// A puzzle by its id.
#[utoipa::path(get, path = "/api/puzzles/{puzzle}", tag = tags::LEARN,
    params(("puzzle" = String, Path, description = "The puzzle's id")),
    responses((status = 200, description = "The puzzle", body = PuzzleView),
              (status = 404, description = "No such puzzle", body = ErrorBody)))]
pub async fn puzzle(
    State(puzzles): State<Arc<Puzzles>>,
    Path(id): Path<String>,
) -> Result<Json<PuzzleView>, ApiError> {
    Ok(Json(PuzzleView::try_from(&puzzles.puzzle(&id).await?)?))
}

/// The daily puzzle: one a day (UTC), the same for everyone.
#[utoipa::path(get, path = "/api/puzzles/daily", tag = tags::LEARN,
    responses((status = 200, description = "Today's puzzle", body = DailyPuzzle),
              (status = 404, description = "There are no puzzles", body = ErrorBody)))]
pub async fn daily(State(puzzles): State<Arc<Puzzles>>) -> Result<Json<DailyPuzzle>, ApiError> {
    let (day, puzzle) = puzzles.daily().await?;
    let puzzle = PuzzleView::try_from(&puzzle)?;
    Ok(Json(DailyPuzzle { day, puzzle }))
}

/// Judges the solver's moves so far at a puzzle: every one right and the solution going on,
/// the opponent's reply; else the end, stored: solved or failed, the solution, and, for an
/// account's first attempt, both rating changes (a solve is the player's win against the
/// puzzle).
#[utoipa::path(post, path = "/api/puzzles/{puzzle}/moves", tag = tags::LEARN, request_body = AttemptRequest,
    params(("puzzle" = String, Path, description = "The puzzle's id")),
    responses((status = 200, description = "The reply, or the verdict", body = AttemptView),
              (status = 400, description = "Nobody signed in and no browser id, or one that does not read; no moves, more than the solution has, or one longer than 64 characters", body = ErrorBody),
              (status = 404, description = "No such puzzle", body = ErrorBody),
              (status = 422, description = "A move that is not legal where it is played, or a malformed request", body = ErrorBody),
              (status = 429, description = "This address sent too many moves in a short time; see Retry-After", body = ErrorBody)))]
pub async fn moves(
    ClientAddress(from): ClientAddress,
    MaybeSignedIn(account): MaybeSignedIn,
    State(puzzles): State<Arc<Puzzles>>,
    State(rates): State<Arc<PuzzleRates>>,
    Path(id): Path<String>,
    Json(request): Json<AttemptRequest>,
) -> Result<Json<AttemptView>, ApiError> {
    rates.count(from)?;
    let solver = solver(account, request.browser.as_deref())?;
    let too_long = request
        .moves
        .iter()
        .any(|mv| mv.chars().count() > MAX_WORD_CHARS);
    if request.moves.len() > MAX_SOLUTION_MOVES.div_ceil(2) || too_long {
        let max = MAX_SOLUTION_MOVES.div_ceil(2);
        return Err(ApiError::bad_request(msg!(
            "puzzle-moves-too-many",
            max,
            chars = MAX_WORD_CHARS
        )));
    }
    let view = match puzzles.attempt(&id, &request.moves, &solver).await? {
        Attempt::Reply(reply) => AttemptView {
            state: "reply",
            reply: Some(reply),
            solution: None,
            attempt: None,
            rating: None,
            puzzle_rating: None,
        },
        Attempt::Ended {
            solved,
            solution,
            recorded,
        } => AttemptView {
            state: if solved { "solved" } else { "failed" },
            reply: None,
            solution: Some(solution),
            attempt: Some(recorded.attempt),
            rating: recorded.player.map(Into::into),
            puzzle_rating: recorded.puzzle.map(Into::into),
        },
    };
    Ok(Json(view))
}

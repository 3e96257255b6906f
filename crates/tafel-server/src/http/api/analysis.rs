//! The analysis of a game, and hints.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use super::play::{game_and_token, TokenRequest};
use super::tags;
use crate::domain::ids::{GameId, SeatToken};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::rate::ClientAddress;
use crate::play::analysis::{Analysis, Computing};
use crate::play::Hub;

/// The header that carries the seats' secrets a client holds, for the requests that treat
/// players differently (the analysis of a game in play, its chat): one token or several,
/// separated by commas.
pub const TOKEN_HEADER: &str = "x-tafel-token";

/// The seats' secrets a request's [`TOKEN_HEADER`] carries (those that cannot be one left
/// out).
pub(super) fn held_tokens(headers: &HeaderMap) -> Vec<SeatToken> {
    headers
        .get_all(TOKEN_HEADER)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .filter_map(|token| SeatToken::parse(token.trim()).ok())
        .collect()
}

/// The analysis of the game over the moves played so far: each move with the mover's winning
/// chances before and after it, the first player's for a chart, the chance it lost and its
/// mark (`mistake`, `blunder`, `only`); see `docs/analysis.md`. Anyone may have it once the
/// game is over; during the game only spectators (a request whose `X-Tafel-Token` holds a
/// seat is refused). Computed once on the server's search pool and stored: the first request
/// starts it and is answered `202` with the progress; ask again (`Retry-After`) until `200`.
#[utoipa::path(get, path = "/api/games/{id}/analysis", tag = tags::GAMES,
    params(("id" = String, Path, description = "The game's id"),
           ("X-Tafel-Token" = Option<String>, Header, description = "The seats' secrets the client holds, comma-separated")),
    responses((status = 200, description = "The analysis (a review: game, search, thresholds, moves, result, seats)", body = Object),
              (status = 202, description = "Being computed; ask again", body = Computing),
              (status = 403, description = "A player asked during the game", body = ErrorBody),
              (status = 404, description = "No such game", body = ErrorBody),
              (status = 429, description = "This address has as many analyses under way as it may; see Retry-After", body = ErrorBody),
              (status = 500, description = "The analysis failed (said once; the next request tries again)", body = ErrorBody),
              (status = 503, description = "Too many analyses are under way; see Retry-After", body = ErrorBody)))]
pub async fn analysis(
    ClientAddress(from): ClientAddress,
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<axum::response::Response, ApiError> {
    let tokens = held_tokens(&headers);
    let id = GameId::parse(&id)?;
    Ok(match hub.analysis(&id, &tokens, from).await? {
        Analysis::Ready(review) => {
            ([(header::CONTENT_TYPE, "application/json")], review).into_response()
        }
        Analysis::Computing(computing) => (
            StatusCode::ACCEPTED,
            [(header::RETRY_AFTER, "1")],
            Json(computing),
        )
            .into_response(),
    })
}

/// A hint: the best move of the position where the asking seat is to move, with the mover's
/// chances on the one scale.
#[derive(Serialize, ToSchema)]
pub struct HintView {
    /// The number of moves played: the position the hint is for.
    ply: usize,
    /// The best move found, in the game's notation.
    best: String,
    /// The mover's chances after it (`win`, `draw` from 0 to 1, `basis`: `exact`, `estimate`
    /// or `search`).
    #[schema(value_type = Object)]
    chance: tafel_ai::scale::Chance,
    /// The chances in words ("63% win (estimate)").
    words: String,
}

/// The best move of the caller's position, found on the server's search pool with the
/// analysis budget: only for a seat whose person turned hints on before a game against the
/// computer, and only where that seat is to move.
#[utoipa::path(post, path = "/api/games/{id}/hint", tag = tags::PLAY,
    params(("id" = String, Path, description = "The game's id")), request_body = TokenRequest,
    responses((status = 200, description = "The best move and the chances", body = HintView),
              (status = 403, description = "The token holds no seat, or hints are off for it", body = ErrorBody),
              (status = 409, description = "Not the seat's turn, or the game is over", body = ErrorBody),
              (status = 503, description = "Too many searches are waiting; see Retry-After", body = ErrorBody)))]
pub async fn hint(
    ClientAddress(from): ClientAddress,
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Json(request): Json<TokenRequest>,
) -> Result<Json<HintView>, ApiError> {
    let (id, token) = game_and_token(&id, &request.token)?;
    let hint = hub.hint(&id, &token, from).await?;
    Ok(Json(HintView {
        ply: hint.ply,
        best: hint.best,
        words: hint.chance.to_string(),
        chance: hint.chance,
    }))
}

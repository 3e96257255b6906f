//! A result corrected by the tournament's organiser (an arbiter's decision).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::Json;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{page, tags, tournament_id, TournamentView};
use crate::domain::tournament::outcome_of_text;
use crate::domain::Error;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::session::SignedIn;
use crate::msg;
use crate::play::tournaments::Tournaments;
use crate::play::Hub;

/// A result corrected by the organiser.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Correction {
    /// The round, from 1.
    round: u32,
    /// The board in the round, from 1.
    board: u32,
    /// The result it is to have: `1-0`, `0-1`, `1/2-1/2`, or a forfeit: `+:-`, `-:+`, `-:-`.
    result: String,
}

/// The organiser corrects the result of a game that has one (an arbiter's decision): the
/// standings follow; the rounds paired already stay; the game and the ratings keep what was
/// played.
#[utoipa::path(post, path = "/api/tournaments/{id}/results", tag = tags::TOURNAMENTS,
    params(("id" = String, Path, description = "The tournament's id")), request_body = Correction,
    responses((status = 200, description = "Corrected: the tournament", body = TournamentView),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 403, description = "Not the tournament's organiser", body = ErrorBody),
              (status = 404, description = "No such tournament, or no game on that board", body = ErrorBody),
              (status = 409, description = "The game has no result yet", body = ErrorBody),
              (status = 422, description = "Not a result", body = ErrorBody)))]
pub async fn correct(
    State(tournaments): State<Arc<Tournaments>>,
    State(hub): State<Arc<Hub>>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Json(request): Json<Correction>,
) -> Result<Json<TournamentView>, ApiError> {
    let id = tournament_id(&id)?;
    let outcome = outcome_of_text(&request.result)
        .ok_or_else(|| Error::illegal(msg!("result-is-not-one-of-the-results")))?;
    tournaments
        .correct_result(&id, &account, request.round, request.board, outcome)
        .await?;
    let detail = tournaments.detail(&id).await?;
    page(&tournaments, detail, Some(&account), &hub).await
}

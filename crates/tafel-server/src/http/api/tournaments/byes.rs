//! A Swiss's byes asked for by its players: asked for a round not yet paired, taken back, and
//! shown on the tournament's page with the rounds its late entrants missed.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{page, tags, tournament_id, TournamentView};
use crate::domain::ids::AccountId;
use crate::domain::tournament::byes::StoredBye;
use crate::domain::tournament::Entrant;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::session::SignedIn;
use crate::msg;
use crate::play::tournaments::Tournaments;
use crate::play::Hub;

/// A bye asked for.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ByeRequest {
    /// The round, from 1 (not yet paired).
    round: u32,
    /// Half a point (one of the half-point byes the tournament offers), or none.
    half_point: bool,
}

/// The signed-in entrant of a Swiss asks to sit out a round not yet paired, for half a point
/// (as many times as the organiser offers) or none.
#[utoipa::path(post, path = "/api/tournaments/{id}/byes", tag = tags::TOURNAMENTS,
    params(("id" = String, Path, description = "The tournament's id")), request_body = ByeRequest,
    responses((status = 200, description = "Given: the tournament", body = TournamentView),
              (status = 400, description = "Not a Swiss, or no such round", body = ErrorBody),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 404, description = "No such tournament", body = ErrorBody),
              (status = 409, description = "Not entered or withdrawn, the round is paired, a bye in it already, the half-point byes taken, or the tournament is over", body = ErrorBody)))]
pub async fn ask(
    State(tournaments): State<Arc<Tournaments>>,
    State(hub): State<Arc<Hub>>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Json(request): Json<ByeRequest>,
) -> Result<Json<TournamentView>, ApiError> {
    let id = tournament_id(&id)?;
    tournaments
        .ask_for_bye(&id, &account, request.round, request.half_point)
        .await?;
    let detail = tournaments.detail(&id).await?;
    page(&tournaments, detail, Some(&account), &hub).await
}

/// The signed-in entrant takes back the bye it asked for in a round not yet paired.
#[utoipa::path(delete, path = "/api/tournaments/{id}/byes/{round}", tag = tags::TOURNAMENTS,
    params(("id" = String, Path, description = "The tournament's id"),
           ("round" = u32, Path, description = "The round of the bye")),
    responses((status = 200, description = "Taken back: the tournament", body = TournamentView),
              (status = 400, description = "The round is not a number", body = ErrorBody),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 404, description = "No such tournament, or no bye asked for in that round", body = ErrorBody),
              (status = 409, description = "The round is paired", body = ErrorBody)))]
pub async fn take_back(
    State(tournaments): State<Arc<Tournaments>>,
    State(hub): State<Arc<Hub>>,
    SignedIn(account): SignedIn,
    Path((id, round)): Path<(String, String)>,
) -> Result<Json<TournamentView>, ApiError> {
    let id = tournament_id(&id)?;
    let round: u32 = round
        .parse()
        .map_err(|_| ApiError::bad_request(msg!("round-text-is-not-a-round", text = round)))?;
    tournaments.take_back_bye(&id, &account, round).await?;
    let detail = tournaments.detail(&id).await?;
    page(&tournaments, detail, Some(&account), &hub).await
}

/// A bye asked for (or a round a late entrant missed).
#[derive(Serialize, ToSchema)]
pub struct ByeView {
    /// The round, from 1.
    round: u32,
    /// The player's username.
    username: String,
    /// What it scores: 1 (half a point) or 0, in half points.
    half_points: u32,
    /// Asked for by the player (else: a round missed by entering late).
    requested: bool,
}

/// The `byes` of the `entrants`, by round and username.
pub(super) fn views(byes: &[StoredBye], entrants: &[(AccountId, Entrant)]) -> Vec<ByeView> {
    let mut views: Vec<ByeView> = byes
        .iter()
        .filter_map(|b| {
            let (_, entrant) = entrants.iter().find(|(a, _)| *a == b.account)?;
            Some(ByeView {
                round: b.round,
                username: entrant.username.clone(),
                half_points: b.half_points,
                requested: b.requested,
            })
        })
        .collect();
    views.sort_by(|a, b| (a.round, &a.username).cmp(&(b.round, &b.username)));
    views
}

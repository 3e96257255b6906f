//! A Swiss round's pairings changed by hand by its organiser while the round waits to begin,
//! and what the round breaks of the Dutch system, as its page shows it.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{page, tags, tournament_id, TournamentView};
use crate::domain::tournament::manual::{Broken, HandBoard};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::session::SignedIn;
use crate::msg;
use crate::play::tournaments::Tournaments;
use crate::play::Hub;

/// A round's pairings as the organiser sets them.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PairingsRequest {
    /// The boards, from board 1, and the bye (a board without `second`).
    boards: Vec<BoardRequest>,
}

/// One board by entrant numbers (the tournament's `players[].number`).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardRequest {
    /// Who moves first (the bye's entrant for the bye).
    first: usize,
    /// Who moves second; absent or `null`: `first` has the pairing-allocated bye.
    #[serde(default)]
    second: Option<usize>,
}

/// A rule of the Dutch system the round waiting to begin breaks.
#[derive(Serialize, ToSchema)]
pub struct BrokenView {
    /// The board (0: the bye).
    board: u32,
    /// Which rule: `rematch` (C1: the two met before), `second_bye` (C2: the bye again),
    /// `colour` (a colour difference beyond ±2, or a colour three times running), `score_gap`
    /// (C6: different scores), `preference` (C12: the colour preferred not given).
    rule: String,
    /// The players it concerns (the board's two, or the one player).
    players: Vec<String>,
    /// The side given (`first` or `second`), for `colour` and `preference`.
    side: Option<String>,
    /// The difference of the two scores in half points, for `score_gap`.
    half_points: Option<u32>,
}

/// The views of `broken`, naming the entrants by `name_of` their number.
pub fn views(broken: Vec<Broken>, name_of: impl Fn(usize) -> String) -> Vec<BrokenView> {
    broken
        .into_iter()
        .map(|b| BrokenView {
            board: b.board,
            rule: b.rule.to_string(),
            players: b.entrants.into_iter().map(&name_of).collect(),
            side: b.side.map(str::to_string),
            half_points: b.half_points,
        })
        .collect()
}

/// The organiser of a Swiss pairs the round waiting to begin (paired, its games to begin after
/// the pause between rounds) otherwise: every entrant present once, on a board or with the
/// bye. The page then shows what the new pairing breaks.
#[utoipa::path(put, path = "/api/tournaments/{id}/rounds/{round}/pairings", tag = tags::TOURNAMENTS,
    params(("id" = String, Path, description = "The tournament's id"),
           ("round" = u32, Path, description = "The round waiting to begin")),
    request_body = PairingsRequest,
    responses((status = 200, description = "Paired: the tournament", body = TournamentView),
              (status = 400, description = "Not a Swiss, the round is not a number, or the boards do not pair every entrant present exactly once", body = ErrorBody),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 403, description = "Not the tournament's organiser", body = ErrorBody),
              (status = 404, description = "No such tournament", body = ErrorBody),
              (status = 409, description = "The round is not waiting to begin", body = ErrorBody)))]
pub async fn change(
    State(tournaments): State<Arc<Tournaments>>,
    State(hub): State<Arc<Hub>>,
    SignedIn(account): SignedIn,
    Path((id, round)): Path<(String, String)>,
    Json(request): Json<PairingsRequest>,
) -> Result<Json<TournamentView>, ApiError> {
    let id = tournament_id(&id)?;
    let round: u32 = round
        .parse()
        .map_err(|_| ApiError::bad_request(msg!("round-text-is-not-a-round", text = round)))?;
    let hand: Vec<HandBoard> = request
        .boards
        .iter()
        .map(|b| HandBoard {
            first: b.first,
            second: b.second,
        })
        .collect();
    tournaments
        .change_pairings(&id, &account, round, &hand)
        .await?;
    let detail = tournaments.detail(&id).await?;
    page(&tournaments, detail, Some(&account), &hub).await
}

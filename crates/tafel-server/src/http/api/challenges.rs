//! Challenges between people (docs/accounts.md, "People"): one signed-in account challenges
//! another by name to a game; the challenged reads the challenges waiting for it (every page
//! of the site asks) and accepts or declines; the challenger reads the answer and its seat,
//! or cancels. A bot is challenged the same way and answers through its own API (docs/bots.md).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::tags;
use crate::domain::challenge::{ChallengeRequest, ChallengeView};
use crate::domain::ids::GameId;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::session::SignedIn;
use crate::play::accounts::SignedIn as Account;
use crate::play::challenges::{Challenges, Whom};

/// Challenges the player `name` (a person or a bot) to a game: it waits for the answer (read
/// it with `GET /api/account/challenges/{challenge}`) for ten minutes at most.
#[utoipa::path(post, path = "/api/players/{name}/challenge", tag = tags::PLAYERS,
    params(("name" = String, Path, description = "The player's username")),
    request_body = ChallengeRequest,
    responses((status = 200, description = "The challenge, pending", body = ChallengeView),
              (status = 400, description = "Unknown game, bad settings or clock, a rated game without a clock, more than two players", body = ErrorBody),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 403, description = "One of the two blocks the other", body = ErrorBody),
              (status = 404, description = "No living account of that name", body = ErrorBody),
              (status = 409, description = "A challenge of oneself", body = ErrorBody),
              (status = 429, description = "Too many challenges waiting, the challenger's or the challenged's", body = ErrorBody)))]
pub async fn challenge(
    SignedIn(account): SignedIn,
    State(challenges): State<Arc<Challenges>>,
    Path(name): Path<String>,
    Json(request): Json<ChallengeRequest>,
) -> Result<Json<ChallengeView>, ApiError> {
    let challenge = challenges.challenge(&account, &name, Whom::Anyone, request);
    Ok(Json(challenge.await?))
}

/// The challenges waiting, those sent to the account and those it sent.
#[derive(Serialize, ToSchema)]
pub struct Waiting {
    /// Those waiting for the account's answer, oldest first.
    received: Vec<ChallengeView>,
    /// Those it sent, waiting for the answer, oldest first.
    sent: Vec<ChallengeView>,
}

/// The challenges waiting: sent to the account (accept or decline them) and sent by it.
#[utoipa::path(get, path = "/api/account/challenges", tag = tags::ACCOUNTS,
    responses((status = 200, description = "The challenges waiting", body = Waiting),
              (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn waiting(
    SignedIn(account): SignedIn,
    State(challenges): State<Arc<Challenges>>,
) -> Result<Json<Waiting>, ApiError> {
    let pending = challenges.pending_of(&account.id).await?;
    let (sent, received) = pending
        .into_iter()
        .partition(|challenge| challenge.challenger == account.username);
    Ok(Json(Waiting { received, sent }))
}

/// A challenge as its challenger or the challenged reads it.
#[derive(Serialize, ToSchema)]
pub struct ChallengeAnswer {
    /// The challenge and where it stands (the reason once declined, if one was given).
    challenge: ChallengeView,
    /// The challenger's seat in the game made (to the challenger only, once accepted).
    #[serde(skip_serializing_if = "Option::is_none")]
    seat: Option<usize>,
    /// The challenger's seat token in it (`/game/{id}#seat=N&token=TOKEN`).
    #[serde(skip_serializing_if = "Option::is_none")]
    token: Option<String>,
}

/// Challenge `id` as `account` reads it (the answer of both routes that read one).
pub async fn answer_of(
    challenges: &Challenges,
    account: &Account,
    id: &str,
) -> Result<Json<ChallengeAnswer>, ApiError> {
    let (challenge, seat) = challenges.challenge_of(account, id).await?;
    Ok(Json(ChallengeAnswer {
        challenge,
        seat: seat.as_ref().map(|(seat, _)| *seat),
        token: seat.map(|(_, token)| token.as_str().to_string()),
    }))
}

/// A challenge, for its challenger (with the seat and its token once accepted) or the
/// challenged.
#[utoipa::path(get, path = "/api/account/challenges/{challenge}", tag = tags::ACCOUNTS,
    params(("challenge" = String, Path, description = "The challenge's id")),
    responses((status = 200, description = "The challenge", body = ChallengeAnswer),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 403, description = "A challenge between others", body = ErrorBody),
              (status = 404, description = "No such challenge", body = ErrorBody)))]
pub async fn read(
    SignedIn(account): SignedIn,
    State(challenges): State<Arc<Challenges>>,
    Path(challenge): Path<String>,
) -> Result<Json<ChallengeAnswer>, ApiError> {
    answer_of(&challenges, &account, &challenge).await
}

/// The challenger withdraws a challenge still waiting for the answer.
#[utoipa::path(delete, path = "/api/account/challenges/{challenge}", tag = tags::ACCOUNTS,
    params(("challenge" = String, Path, description = "The challenge's id")),
    responses((status = 200, description = "The challenge, cancelled", body = ChallengeView),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 403, description = "Not the challenger", body = ErrorBody),
              (status = 404, description = "No such challenge", body = ErrorBody),
              (status = 409, description = "Answered, cancelled or expired already", body = ErrorBody)))]
pub async fn cancel(
    SignedIn(account): SignedIn,
    State(challenges): State<Arc<Challenges>>,
    Path(challenge): Path<String>,
) -> Result<Json<ChallengeView>, ApiError> {
    Ok(Json(challenges.cancel(&account, &challenge).await?))
}

/// A challenge accepted: the game made, and the seat of the one who accepted with its token.
#[derive(Serialize, ToSchema)]
pub struct AcceptedChallenge {
    /// The game's id.
    #[schema(value_type = String)]
    game: GameId,
    /// The seat of the one who accepted, from 0.
    seat: usize,
    /// That seat's token (`/game/{id}#seat=N&token=TOKEN`).
    token: String,
}

/// The challenged person accepts a challenge: the game is made and its clocks start.
#[utoipa::path(post, path = "/api/account/challenges/{challenge}/accept", tag = tags::ACCOUNTS,
    params(("challenge" = String, Path, description = "The challenge's id")),
    responses((status = 200, description = "The game made", body = AcceptedChallenge),
              (status = 400, description = "The game could not be made (the challenge is declined with the reason)", body = ErrorBody),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 403, description = "A challenge sent to someone else", body = ErrorBody),
              (status = 404, description = "No such challenge", body = ErrorBody),
              (status = 409, description = "Answered, cancelled or expired already", body = ErrorBody)))]
pub async fn accept(
    SignedIn(account): SignedIn,
    State(challenges): State<Arc<Challenges>>,
    Path(challenge): Path<String>,
) -> Result<Json<AcceptedChallenge>, ApiError> {
    let accepted = challenges.accept(&account, &challenge).await?;
    Ok(Json(AcceptedChallenge {
        game: accepted.game,
        seat: accepted.seat,
        token: accepted.token.as_str().to_string(),
    }))
}

/// Why a challenge is declined.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeclineRequest {
    /// The reason the challenger reads (at most 200 characters kept; none by default).
    #[serde(default)]
    pub reason: Option<String>,
}

/// The challenged person declines a challenge; the challenger reads it (and the reason).
#[utoipa::path(post, path = "/api/account/challenges/{challenge}/decline", tag = tags::ACCOUNTS,
    params(("challenge" = String, Path, description = "The challenge's id")),
    request_body = DeclineRequest,
    responses((status = 200, description = "The challenge, declined", body = ChallengeView),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 403, description = "A challenge sent to someone else", body = ErrorBody),
              (status = 404, description = "No such challenge", body = ErrorBody),
              (status = 409, description = "Answered, cancelled or expired already", body = ErrorBody)))]
pub async fn decline(
    SignedIn(account): SignedIn,
    State(challenges): State<Arc<Challenges>>,
    Path(challenge): Path<String>,
    Json(request): Json<DeclineRequest>,
) -> Result<Json<ChallengeView>, ApiError> {
    let declined = challenges.decline(&account, &challenge, request.reason);
    Ok(Json(declined.await?))
}

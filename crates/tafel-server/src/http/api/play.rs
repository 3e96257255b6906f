//! Playing: joining, moves, undo, resignation, aborts, berserk, draws, takebacks and rematches.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::games::{current, view_of_handle};
use super::tags;
use crate::domain::consent::Answer;
use crate::domain::ids::{GameId, InviteCode, SeatToken};
use crate::domain::name::PersonName;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::language::Language;
use crate::http::rate::{Allowance, ClientAddress};
use crate::http::session::MaybeSignedIn;
use crate::http::views::GameView;
use crate::msg;
use crate::play::rematch::Rematch;
use crate::play::{Claim, Held, Hub};

/// A claim of a seat: the invitation code, or in a public game the seat's number; and the
/// name shown to everyone.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// The invitation code.
    #[serde(default)]
    invite: Option<String>,
    /// A free seat of a public game (instead of an invitation).
    #[serde(default)]
    seat: Option<usize>,
    /// The name shown to everyone (default `Guest`).
    #[serde(default)]
    name: Option<String>,
}

/// The seat taken.
#[derive(Serialize, ToSchema)]
pub struct Joined {
    /// The seat, from 0.
    seat: usize,
    /// The secret that acts for it from now on (keep it; it opens the game on another device
    /// too: `/game/{id}#seat=N&token=TOKEN`).
    #[schema(value_type = String)]
    token: SeatToken,
    /// The game.
    view: GameView,
}

/// Takes an invited seat, once: the second claim of a seat is refused (409). The host and
/// everyone watching get a `joined` event. Counts against the client address's allowance of
/// creations.
#[utoipa::path(post, path = "/api/games/{id}/join", tag = tags::PLAY,
    params(("id" = String, Path, description = "The game's id")), request_body = JoinRequest,
    responses((status = 200, description = "The seat and its token", body = Joined),
              (status = 400, description = "Neither an invitation nor a seat, or a bad name", body = ErrorBody),
              (status = 401, description = "A rated game joined without signing in", body = ErrorBody),
              (status = 403, description = "A seat number for a game that is not public", body = ErrorBody),
              (status = 404, description = "No such game or invitation", body = ErrorBody),
              (status = 409, description = "The seat is taken already, or the game is over", body = ErrorBody),
              (status = 429, description = "Too many games created or joined from this address", body = ErrorBody)))]
pub async fn join(
    _allowed: Allowance,
    MaybeSignedIn(account): MaybeSignedIn,
    State(hub): State<Arc<Hub>>,
    language: Language,
    Path(id): Path<String>,
    Json(request): Json<JoinRequest>,
) -> Result<Json<Joined>, ApiError> {
    let claim = match (request.invite, request.seat) {
        (Some(code), None) => Claim::Invite(InviteCode::parse(&code)?),
        (None, Some(seat)) => Claim::Seat(seat),
        _ => {
            return Err(ApiError::bad_request(msg!(
                "give-either-the-invitation-invite-or"
            )))
        }
    };
    let name = PersonName::parse(request.name.as_deref().unwrap_or("Guest"))?;
    let id = GameId::parse(&id)?;
    let (seat, token) = hub.join(&id, claim, name, account.as_ref()).await?;
    let Json(view) = current(&hub, &id, language).await?;
    Ok(Json(Joined { seat, token, view }))
}

/// A move for a seat.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The seat's secret.
    token: String,
    /// The move in the game's notation.
    #[serde(rename = "move")]
    mv: String,
    /// The number of moves the sender saw; a different number means the sender is behind.
    #[serde(default)]
    ply: Option<usize>,
}

/// Plays a move.
#[utoipa::path(post, path = "/api/games/{id}/moves", tag = tags::PLAY,
    params(("id" = String, Path, description = "The game's id")), request_body = MoveRequest,
    responses((status = 200, description = "The game after the move and the dice", body = GameView),
              (status = 403, description = "The token holds no seat", body = ErrorBody),
              (status = 409, description = "Not the seat's turn, a stale ply, the game is over, or the seat's time ran out", body = ErrorBody),
              (status = 422, description = "An illegal or malformed move", body = ErrorBody)))]
pub async fn play(
    ClientAddress(from): ClientAddress,
    State(hub): State<Arc<Hub>>,
    language: Language,
    Path(id): Path<String>,
    Json(request): Json<MoveRequest>,
) -> Result<Json<GameView>, ApiError> {
    let (id, token) = game_and_token(&id, &request.token)?;
    let handle = hub
        .play(&id, &token, &request.mv, request.ply, from)
        .await?;
    view_of_handle(&handle, hub.now_ms(), language).await
}

/// A seat's secret, for what a seat does alone.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TokenRequest {
    /// The seat's secret.
    pub(super) token: String,
}

/// The game's id from the path and the seat's secret from the body of a request a seat
/// makes, parsed (the id first, as a missing game would be found first).
pub(super) fn game_and_token(id: &str, token: &str) -> Result<(GameId, SeatToken), ApiError> {
    Ok((GameId::parse(id)?, SeatToken::parse(token)?))
}

/// Takes back the caller's last move and everything after it, where no other person plays
/// (against the computer, or at one screen); elsewhere ask with `/takeback`.
#[utoipa::path(post, path = "/api/games/{id}/undo", tag = tags::PLAY,
    params(("id" = String, Path, description = "The game's id")), request_body = TokenRequest,
    responses((status = 200, description = "The game after the undo", body = GameView),
              (status = 403, description = "The token holds no seat", body = ErrorBody),
              (status = 409, description = "Another person plays (ask for a takeback), no move to take back, or the game ended", body = ErrorBody)))]
pub async fn undo(
    State(hub): State<Arc<Hub>>,
    language: Language,
    Path(id): Path<String>,
    Json(request): Json<TokenRequest>,
) -> Result<Json<GameView>, ApiError> {
    let (id, token) = game_and_token(&id, &request.token)?;
    hub.undo(&id, &token).await?;
    current(&hub, &id, language).await
}

/// Resigns for the caller's side: the other side wins. In a team game the side resigns when
/// all its people have.
#[utoipa::path(post, path = "/api/games/{id}/resign", tag = tags::PLAY,
    params(("id" = String, Path, description = "The game's id")), request_body = TokenRequest,
    responses((status = 200, description = "The game, ended or waiting for the partners", body = GameView),
              (status = 403, description = "The token holds no seat", body = ErrorBody),
              (status = 409, description = "The game is over", body = ErrorBody)))]
pub async fn resign(
    State(hub): State<Arc<Hub>>,
    language: Language,
    Path(id): Path<String>,
    Json(request): Json<TokenRequest>,
) -> Result<Json<GameView>, ApiError> {
    let (id, token) = game_and_token(&id, &request.token)?;
    hub.resign(&id, &token).await?;
    current(&hub, &id, language).await
}

/// Aborts the game before both sides have moved (lichess's abort): it ends without a result,
/// unrated (`"termination": "aborted"`), and counts in no total. Only a game between people,
/// not a tournament's.
#[utoipa::path(post, path = "/api/games/{id}/abort", tag = tags::PLAY,
    params(("id" = String, Path, description = "The game's id")), request_body = TokenRequest,
    responses((status = 200, description = "The game, aborted", body = GameView),
              (status = 400, description = "Nobody else plays in it, or a tournament game", body = ErrorBody),
              (status = 403, description = "The token holds no seat", body = ErrorBody),
              (status = 404, description = "No such game", body = ErrorBody),
              (status = 409, description = "Both sides have moved, or the game is over", body = ErrorBody)))]
pub async fn abort(
    State(hub): State<Arc<Hub>>,
    language: Language,
    Path(id): Path<String>,
    Json(request): Json<TokenRequest>,
) -> Result<Json<GameView>, ApiError> {
    let (id, token) = game_and_token(&id, &request.token)?;
    hub.abort(&id, &token).await?;
    current(&hub, &id, language).await
}

/// Goes berserk in a game of an Arena tournament before the caller's first move: half the
/// initial time given up and no increment, for a point more on a win of at least 14 moves.
#[utoipa::path(post, path = "/api/games/{id}/berserk", tag = tags::PLAY,
    params(("id" = String, Path, description = "The game's id")), request_body = TokenRequest,
    responses((status = 200, description = "The game, the caller's clock halved (`clock.berserk`)", body = GameView),
              (status = 400, description = "Not a game of an Arena tournament", body = ErrorBody),
              (status = 403, description = "The token holds no seat", body = ErrorBody),
              (status = 404, description = "No such game", body = ErrorBody),
              (status = 409, description = "The caller has moved already, went berserk already, or the game is over", body = ErrorBody)))]
pub async fn berserk(
    State(hub): State<Arc<Hub>>,
    language: Language,
    Path(id): Path<String>,
    Json(request): Json<TokenRequest>,
) -> Result<Json<GameView>, ApiError> {
    let (id, token) = game_and_token(&id, &request.token)?;
    hub.berserk(&id, &token).await?;
    current(&hub, &id, language).await
}

/// An answer to a proposal.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ProposalRequest {
    /// The seat's secret.
    token: String,
    /// `offer` (also `request`), `accept` or `decline`.
    action: Answer,
}

/// Offers, accepts or declines a draw. It is agreed when every side (every person of every
/// team) has agreed; the computer never agrees.
#[utoipa::path(post, path = "/api/games/{id}/draw", tag = tags::PLAY,
    params(("id" = String, Path, description = "The game's id")), request_body = ProposalRequest,
    responses((status = 200, description = "The game, drawn or with the offer standing", body = GameView),
              (status = 403, description = "The token holds no seat", body = ErrorBody),
              (status = 409, description = "No offer to answer, agreed already, against the computer, or the game is over", body = ErrorBody)))]
pub async fn draw(
    State(hub): State<Arc<Hub>>,
    language: Language,
    Path(id): Path<String>,
    Json(request): Json<ProposalRequest>,
) -> Result<Json<GameView>, ApiError> {
    let (id, token) = game_and_token(&id, &request.token)?;
    hub.draw(&id, &token, request.action).await?;
    current(&hub, &id, language).await
}

/// Asks to take back the caller's last move (with everything after it), or accepts or
/// declines the takeback asked for. It happens when every other person in the game has
/// accepted; where nobody else plays, at once.
#[utoipa::path(post, path = "/api/games/{id}/takeback", tag = tags::PLAY,
    params(("id" = String, Path, description = "The game's id")), request_body = ProposalRequest,
    responses((status = 200, description = "The game, taken back or with the request standing", body = GameView),
              (status = 403, description = "The token holds no seat", body = ErrorBody),
              (status = 409, description = "No move to take back, no request to answer, one already asked for, or the game is over", body = ErrorBody)))]
pub async fn takeback(
    State(hub): State<Arc<Hub>>,
    language: Language,
    Path(id): Path<String>,
    Json(request): Json<ProposalRequest>,
) -> Result<Json<GameView>, ApiError> {
    let (id, token) = game_and_token(&id, &request.token)?;
    hub.takeback(&id, &token, request.action).await?;
    current(&hub, &id, language).await
}

/// A seat of a rematch held by the caller.
#[derive(Serialize, ToSchema)]
pub struct RematchSeat {
    /// The seat, from 0.
    seat: usize,
    /// Its secret.
    #[schema(value_type = String)]
    token: SeatToken,
}

/// An invitation of a rematch's seat that nobody has taken.
#[derive(Serialize, ToSchema)]
pub struct OpenSeat {
    /// The seat, from 0.
    seat: usize,
    /// The invitation code.
    #[schema(value_type = String)]
    invite: InviteCode,
}

/// An answer to a rematch.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RematchRequest {
    /// The seat's secret (in the finished game).
    token: String,
    /// `offer` (the default), `accept` or `decline` (by the offerer: cancel).
    #[serde(default = "offer")]
    #[schema(value_type = Option<Answer>)]
    action: Answer,
}

/// A rematch request's default action.
fn offer() -> Answer {
    Answer::Offer
}

/// What an answer to a rematch came to, and once it is made the caller's place in it.
#[derive(Serialize, ToSchema)]
pub struct Rematched {
    /// `offered` (waiting for the others), `declined` (the offer went: declined or cancelled)
    /// or `made`.
    state: &'static str,
    /// The rematch's id, once made.
    #[schema(value_type = Option<String>)]
    id: Option<GameId>,
    /// The caller's seats in it (sides swapped) with their new secrets, once made.
    seats: Vec<RematchSeat>,
    /// Invitations of its seats nobody has taken, once made.
    invites: Vec<OpenSeat>,
}

/// The rematch of a finished game, by consent as on lichess: a player offers it, the others
/// accept or decline (the offerer may cancel with `decline`); an offer made while another's
/// stands accepts it. Nothing is made and no clock runs before everyone asked has agreed
/// (against the computer or at one screen, at once); then the rematch is made (same game,
/// settings, clock and people, sides swapped) and everyone in the old game gets a `rematch`
/// event; each person then fetches their seats in it by calling this again with their old
/// token. The offer goes when a player leaves the game's page. Offers and their ends are told
/// in the view's `proposals.rematch` and `answered` events.
#[utoipa::path(post, path = "/api/games/{id}/rematch", tag = tags::PLAY,
    params(("id" = String, Path, description = "The finished game's id")), request_body = RematchRequest,
    responses((status = 200, description = "What the answer came to; once made, the rematch and the caller's seats in it", body = Rematched),
              (status = 403, description = "The token holds no seat", body = ErrorBody),
              (status = 409, description = "The game is not over, no offer to answer, or offered already", body = ErrorBody)))]
pub async fn rematch(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Json(request): Json<RematchRequest>,
) -> Result<Json<Rematched>, ApiError> {
    let (id, token) = game_and_token(&id, &request.token)?;
    let answer = hub.rematch(&id, &token, request.action).await?;
    let waiting = |state| Rematched {
        state,
        id: None,
        seats: Vec::new(),
        invites: Vec::new(),
    };
    let Held {
        id,
        tokens,
        invites,
    } = match answer {
        Rematch::Offered => return Ok(Json(waiting("offered"))),
        Rematch::Declined => return Ok(Json(waiting("declined"))),
        Rematch::Made(held) => held,
    };
    Ok(Json(Rematched {
        state: "made",
        id: Some(id),
        seats: tokens
            .into_iter()
            .map(|(seat, token)| RematchSeat { seat, token })
            .collect(),
        invites: invites
            .into_iter()
            .map(|(seat, invite)| OpenSeat { seat, invite })
            .collect(),
    }))
}

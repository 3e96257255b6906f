//! A game's chat: reading the rooms one may read, writing in one's own. New messages are
//! pushed over the game's WebSocket (`{"type": "chat", "message": {...}}`) to those who read
//! their room.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde::Deserialize;
use utoipa::ToSchema;

use super::analysis::held_tokens;
use super::tags;
use crate::domain::chat::{ChatMessage, ChatText, Room};
use crate::domain::ids::{GameId, SeatToken};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::rate::ChatRates;
use crate::http::session::MaybeSignedIn;
use crate::play::chat::ChatRooms;
use crate::play::Hub;

/// The chat rooms of the game that the caller reads (a player through the seat's token in
/// `X-Tafel-Token` or the session of the account that plays it), with their messages, and
/// the room the caller may write in. Players read the players' room, and the spectators'
/// room only once the game is over; everyone else reads the spectators' room.
#[utoipa::path(get, path = "/api/games/{id}/chat", tag = tags::PLAY,
    params(("id" = String, Path, description = "The game's id"),
           ("X-Tafel-Token" = Option<String>, Header, description = "The seats' secrets the client holds, comma-separated")),
    responses((status = 200, description = "The rooms the caller reads and the one it writes in", body = ChatRooms),
              (status = 404, description = "No such game", body = ErrorBody)))]
pub async fn read(
    MaybeSignedIn(account): MaybeSignedIn,
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<ChatRooms>, ApiError> {
    let id = GameId::parse(&id)?;
    let tokens = held_tokens(&headers);
    Ok(Json(hub.chat(&id, &tokens, account.as_ref()).await?))
}

/// A chat message.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChatRequest {
    /// `players` (the players' own room) or `spectators`.
    room: Room,
    /// In the players' room, the writer's seat's secret (without it, the seat the signed-in
    /// account plays); none in the spectators' room, which signed-in accounts write in.
    #[serde(default)]
    token: Option<String>,
    /// One line, without control, invisible or text-direction
    /// characters (runs of white space count as one space).
    text: String,
}

/// Writes a message in one of the game's two chat rooms: the players' (by the holder of a
/// seat, where another person plays at another screen) or the spectators' (by a signed-in
/// account that plays no seat). Everyone who reads the room gets it over the WebSocket.
#[utoipa::path(post, path = "/api/games/{id}/chat", tag = tags::PLAY,
    params(("id" = String, Path, description = "The game's id")), request_body = ChatRequest,
    responses((status = 201, description = "The message as its readers see it", body = ChatMessage),
              (status = 400, description = "An empty message, one over 140 characters or with a hidden character, or a token sent to the spectators' room", body = ErrorBody),
              (status = 401, description = "The spectators' room written without signing in", body = ErrorBody),
              (status = 403, description = "Not a player of this game (players' room: the token holds no seat), or a player writing in the spectators' room", body = ErrorBody),
              (status = 409, description = "Nobody else plays at another screen, or the room holds as many messages as it may", body = ErrorBody),
              (status = 429, description = "The writer sent too many messages in a short time; see Retry-After", body = ErrorBody)))]
pub async fn write(
    MaybeSignedIn(account): MaybeSignedIn,
    State(hub): State<Arc<Hub>>,
    State(rates): State<Arc<ChatRates>>,
    Path(id): Path<String>,
    Json(request): Json<ChatRequest>,
) -> Result<(StatusCode, Json<ChatMessage>), ApiError> {
    let id = GameId::parse(&id)?;
    let token = request.token.as_deref().map(SeatToken::parse).transpose()?;
    let text = ChatText::parse(&request.text)?;
    let author = hub
        .chat_author(&id, request.room, token.as_ref(), account.as_ref())
        .await?;
    rates.write(&author, &id)?;
    let message = hub.say(&id, &author, &text).await?;
    Ok((StatusCode::CREATED, Json(message)))
}

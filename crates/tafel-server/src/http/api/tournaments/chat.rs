//! A tournament's chat: read by everyone (the page asks for the messages after the last one it
//! has), written by its entrants and its organiser.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{tags, tournament_id};
use crate::domain::chat::ChatText;
use crate::domain::seat::DELETED_PLAYER;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::rate::ChatRates;
use crate::http::session::SignedIn;
use crate::play::tournaments::Tournaments;

/// A message of a tournament's chat.
#[derive(Serialize, ToSchema)]
pub struct TournamentChatMessage {
    /// Its number, from 1.
    seq: i64,
    /// The author's username ("a deleted player" once the account is deleted).
    username: String,
    /// The text.
    text: String,
    /// When it was written (ms since the Unix epoch).
    at_ms: i64,
}

/// The messages asked for.
#[derive(Serialize, ToSchema)]
pub struct TournamentChat {
    /// Oldest first.
    messages: Vec<TournamentChatMessage>,
}

/// Which messages to read.
#[derive(Deserialize)]
pub struct ChatQuery {
    /// Only those after this number (default 0: all).
    #[serde(default)]
    after: i64,
}

/// A message to write.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TournamentChatRequest {
    /// One line of at most 140 characters, without control, invisible or text-direction
    /// characters.
    text: String,
}

/// The messages of a tournament's chat, oldest first (after `after`, when given).
#[utoipa::path(get, path = "/api/tournaments/{id}/chat", tag = tags::TOURNAMENTS,
    params(("id" = String, Path, description = "The tournament's id"),
           ("after" = Option<i64>, Query, description = "Only the messages after this number")),
    responses((status = 200, description = "The messages", body = TournamentChat),
              (status = 404, description = "No such tournament", body = ErrorBody)))]
pub async fn read(
    State(tournaments): State<Arc<Tournaments>>,
    Path(id): Path<String>,
    Query(query): Query<ChatQuery>,
) -> Result<Json<TournamentChat>, ApiError> {
    let rows = tournaments.chat(&tournament_id(&id)?, query.after).await?;
    Ok(Json(TournamentChat {
        messages: rows
            .into_iter()
            .map(|row| TournamentChatMessage {
                seq: row.seq,
                username: row.username.unwrap_or_else(|| DELETED_PLAYER.to_string()),
                text: row.text,
                at_ms: row.at_ms,
            })
            .collect(),
    }))
}

/// Writes a message in a tournament's chat (its entrants and its organiser, signed in).
#[utoipa::path(post, path = "/api/tournaments/{id}/chat", tag = tags::TOURNAMENTS,
    params(("id" = String, Path, description = "The tournament's id")),
    request_body = TournamentChatRequest,
    responses((status = 201, description = "Written: the messages after the writer's previous one", body = TournamentChat),
              (status = 400, description = "An empty message, one over 140 characters or with a hidden character", body = ErrorBody),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 403, description = "Neither an entrant nor the organiser, or muted", body = ErrorBody),
              (status = 404, description = "No such tournament", body = ErrorBody),
              (status = 409, description = "The chat holds as many messages as it may", body = ErrorBody),
              (status = 429, description = "Too many messages in a short time; see Retry-After", body = ErrorBody)))]
pub async fn write(
    State(tournaments): State<Arc<Tournaments>>,
    State(rates): State<Arc<ChatRates>>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
    Json(request): Json<TournamentChatRequest>,
) -> Result<(StatusCode, Json<TournamentChat>), ApiError> {
    let id = tournament_id(&id)?;
    let text = ChatText::parse(&request.text)?;
    rates.write_by(&account.id)?;
    let seq = tournaments.say(&id, &account, &text).await?;
    let Json(written) = read(
        State(tournaments),
        Path(id),
        Query(ChatQuery { after: seq - 1 }),
    )
    .await?;
    Ok((StatusCode::CREATED, Json(written)))
}

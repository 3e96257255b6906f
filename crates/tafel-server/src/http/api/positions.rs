//! Positions: a position code read and checked under a game's settings, for the position
//! editor. The game's own code reader decides what is a legal position (one source of truth
//! for the browser, the command line and the games created from a code); this only reads it
//! and says what it is, or what is wrong.

use std::collections::BTreeMap;

use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::tags;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::views::StatusView;

/// The longest code read, in characters: the longest any game writes is Black Path's on a
/// board of 1024 x 1 squares (1024 squares and 1023 separators).
pub const MAX_CODE_CHARS: usize = 4096;

/// The most settings a request may name (every game has far fewer).
const MAX_SETTINGS: usize = 32;

/// A position to read: a game, its settings and a code.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// The game's name.
    game: String,
    /// The settings, `key` to `value` (defaults for the others).
    #[serde(default)]
    settings: BTreeMap<String, String>,
    /// The position's code under those settings; without it, the game's start.
    #[serde(default)]
    code: Option<String>,
}

/// A legal position, as the game reads it.
#[derive(Serialize, ToSchema)]
pub struct PositionView {
    /// The game's name.
    game: &'static str,
    /// The settings in force, as `[key, value]` pairs (the defaults filled in).
    #[schema(value_type = Vec<Vec<String>>)]
    settings: Vec<(&'static str, String)>,
    /// The seats' names in turn order.
    seats: Vec<&'static str>,
    /// The code as the game writes it (the same position; spelling normalised).
    code: String,
    /// Whose turn it is, whether the die is to be rolled, or how the game has ended.
    status: StatusView,
    /// The legal moves (or the die's outcomes) in notation; empty when the game is over.
    legal: Vec<String>,
    /// The text picture.
    picture: String,
}

/// Reads a position code under a game's settings: the position (its normalised code, whose
/// turn it is, its legal moves and picture) if the game accepts it, else the reason it does
/// not (422). Without a code, the start position. Codes longer than 4096 characters are
/// refused unread.
#[utoipa::path(post, path = "/api/positions", tag = tags::CATALOG, request_body = PositionRequest,
    responses((status = 200, description = "The position", body = PositionView),
              (status = 400, description = "Invalid settings, too many settings, or a code too long", body = ErrorBody),
              (status = 404, description = "No such game", body = ErrorBody),
              (status = 422, description = "Not a legal position of the game under these settings (the reason), or a malformed request", body = ErrorBody)))]
pub async fn read(Json(request): Json<PositionRequest>) -> Result<Json<PositionView>, ApiError> {
    if request.settings.len() > MAX_SETTINGS {
        return Err(ApiError::bad_request(format!(
            "{} settings named; at most {MAX_SETTINGS}",
            request.settings.len()
        )));
    }
    if let Some(length) = request
        .code
        .as_ref()
        .map(|code| code.chars().count())
        .filter(|&n| n > MAX_CODE_CHARS)
    {
        return Err(ApiError::bad_request(format!(
            "the code is {length} characters long; at most {MAX_CODE_CHARS}"
        )));
    }
    let registry = tafel_games::registry();
    let entry = registry.get(&request.game).map_err(ApiError::not_found)?;
    let pairs: Vec<(String, String)> = request.settings.into_iter().collect();
    let rules = entry.build(&pairs).map_err(ApiError::bad_request)?;
    let position = match &request.code {
        None => rules.start(),
        Some(code) => rules.parse_position(code.trim()).map_err(|e| {
            let place = e.at.map(|at| format!(" (at character {})", at + 1));
            ApiError::unprocessable(format!("{}{}", e.reason, place.unwrap_or_default()))
        })?,
    };
    Ok(Json(PositionView {
        game: entry.info.name,
        settings: rules.settings(),
        seats: rules.seats().into_iter().map(|(name, _)| name).collect(),
        code: position.code(),
        status: StatusView::of_position(rules.as_ref(), position.as_ref()),
        legal: position.legal_moves(),
        picture: position.picture(),
    }))
}

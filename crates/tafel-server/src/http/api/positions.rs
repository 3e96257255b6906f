//! Positions: a position code read and checked under a game's settings, for the position
//! editor, and its analysis (the chances and the best line). The game's own code reader
//! decides what is a legal position (one source of truth for the browser, the command line
//! and the games created from a code); this only reads it and says what it is, or what is
//! wrong.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};
use tafel_core::{DynGame, DynPosition};
use utoipa::ToSchema;

use super::tags;
use crate::domain::catalogue;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::language::Language;
use crate::http::rate::ClientAddress;
use crate::http::views::StatusView;
use crate::msg;
use crate::play::positions::{LineMove, DEFAULT_LINE_PLIES, MAX_LINE_PLIES};
use crate::play::Hub;

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
    /// Moves (or a die's outcomes) played in turn from that position, in notation: the answer
    /// is the position they reach (the analysis board tries moves so). At most 1,024.
    #[serde(default)]
    moves: Vec<String>,
}

/// The most moves a position request may play from its code.
pub const MAX_POSITION_MOVES: usize = 1024;

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
              (status = 400, description = "Invalid settings, too many settings, a code too long, or more than 1,024 moves", body = ErrorBody),
              (status = 404, description = "No such game", body = ErrorBody),
              (status = 422, description = "Not a legal position of the game under these settings (the reason), a move that is not legal where it is played (the legal ones), or a malformed request", body = ErrorBody)))]
pub async fn read(
    language: Language,
    Json(request): Json<PositionRequest>,
) -> Result<Json<PositionView>, ApiError> {
    let (name, rules, mut position) =
        read_position(&request.game, &request.settings, request.code.as_deref())?;
    if request.moves.len() > MAX_POSITION_MOVES {
        return Err(ApiError::bad_request(msg!(
            "count-moves-asked-at-most-max",
            count = request.moves.len(),
            max = MAX_POSITION_MOVES
        )));
    }
    for mv in &request.moves {
        position.play(mv).map_err(ApiError::unprocessable)?;
    }
    Ok(Json(PositionView {
        game: name,
        settings: rules.settings(),
        seats: rules.seats().into_iter().map(|(name, _)| name).collect(),
        code: position.code(),
        status: StatusView::of_position(rules.as_ref(), position.as_ref(), language),
        legal: position.legal_moves(),
        picture: position.picture(),
    }))
}

/// A read position, as the game holds it: its name, its rules and the position.
type ReadPosition = (&'static str, Arc<dyn DynGame>, Box<dyn DynPosition>);

/// Reads the position of `code` (the start without one) of `game` under `settings`, or says
/// why there is none (too many settings, a code too long, no such game, invalid settings, an
/// illegal code).
fn read_position(
    game: &str,
    settings: &BTreeMap<String, String>,
    code: Option<&str>,
) -> Result<ReadPosition, ApiError> {
    if settings.len() > MAX_SETTINGS {
        return Err(ApiError::bad_request(msg!(
            "count-settings-named-at-most-max",
            count = settings.len(),
            max_settings = MAX_SETTINGS
        )));
    }
    if let Some(length) = code
        .map(|code| code.chars().count())
        .filter(|&n| n > MAX_CODE_CHARS)
    {
        return Err(ApiError::bad_request(msg!(
            "code-is-length-characters-long-at",
            length,
            max_code_chars = MAX_CODE_CHARS
        )));
    }
    let registry = tafel_games::registry();
    let entry = registry.get(game).map_err(ApiError::not_found)?;
    let pairs: Vec<(String, String)> = settings
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let rules = entry.build(&pairs).map_err(ApiError::bad_request)?;
    let position = match code {
        None => rules.start(),
        Some(code) => rules.parse_position(code.trim()).map_err(|e| {
            let at = e.at.map_or("none".to_string(), |at| (at + 1).to_string());
            ApiError::unprocessable(
                msg!("position-code-refused", at).with_reason("reason", e.reason),
            )
        })?,
    };
    Ok((entry.info.name, rules, position))
}

/// A position to analyse: a game, its settings, a code, and the best line's length.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PositionAnalysisRequest {
    /// The game's name.
    game: String,
    /// The settings, `key` to `value` (defaults for the others).
    #[serde(default)]
    settings: BTreeMap<String, String>,
    /// The position's code under those settings; without it, the game's start.
    #[serde(default)]
    code: Option<String>,
    /// The best line's length in plies, 1 to 8 (4 unless given).
    #[serde(default)]
    plies: Option<usize>,
}

/// What the engine makes of a position.
#[derive(Serialize, ToSchema)]
pub struct PositionAnalysisView {
    /// The code of the position analysed, as the game writes it.
    code: String,
    /// The side to move (its seat, from 0, and name).
    status: StatusView,
    /// The side to move's chances with the best move (`win`, `draw` from 0 to 1, `basis`:
    /// `exact`, `estimate` or `search`).
    #[schema(value_type = Object)]
    chance: tafel_ai::scale::Chance,
    /// The chances in words ("63% win (estimate)").
    words: String,
    /// What found them ("alpha-beta, depth 9, 20000 nodes"), in the request's language.
    effort: String,
    /// The best line: each ply's move in notation and the side that plays it, the best move
    /// first, then each side's best reply in turn; it ends early at a die to roll or at the
    /// end of the game.
    line: Vec<LineMove>,
}

/// The engine's view of a position of no game (the position editor's analysis): the side to
/// move's chances, the best move and the best line of up to `plies` plies, each ply searched
/// on the server's search pool with the analysis budget (solvers first where a game has
/// them). A person waits for it: a few seconds at most.
#[utoipa::path(post, path = "/api/positions/analysis", tag = tags::CATALOG, request_body = PositionAnalysisRequest,
    responses((status = 200, description = "The chances and the best line", body = PositionAnalysisView),
              (status = 400, description = "Invalid settings, too many settings, a code too long, or a line of 0 or more than 8 plies", body = ErrorBody),
              (status = 404, description = "No such game", body = ErrorBody),
              (status = 409, description = "Nobody is to move (the game is over, or a die is to be rolled)", body = ErrorBody),
              (status = 422, description = "Not a legal position of the game under these settings (the reason), or a malformed request", body = ErrorBody),
              (status = 429, description = "This address has as many analyses under way as it may", body = ErrorBody),
              (status = 503, description = "Too many searches are waiting; see Retry-After", body = ErrorBody)))]
pub async fn analyse(
    ClientAddress(from): ClientAddress,
    State(hub): State<Arc<Hub>>,
    language: Language,
    Json(request): Json<PositionAnalysisRequest>,
) -> Result<Json<PositionAnalysisView>, ApiError> {
    let plies = request.plies.unwrap_or(DEFAULT_LINE_PLIES);
    if !(1..=MAX_LINE_PLIES).contains(&plies) {
        return Err(ApiError::bad_request(msg!(
            "best-line-of-plies-plies-asked",
            plies,
            max_line_plies = MAX_LINE_PLIES
        )));
    }
    let (_, rules, position) =
        read_position(&request.game, &request.settings, request.code.as_deref())?;
    let code = position.code();
    let status = StatusView::of_position(rules.as_ref(), position.as_ref(), language);
    let analysis = hub.analyse_position(rules, position, plies, from).await?;
    Ok(Json(PositionAnalysisView {
        code,
        status,
        words: analysis.chance.to_string(),
        chance: analysis.chance,
        effort: catalogue::reason(&analysis.effort, language),
        line: analysis.line,
    }))
}

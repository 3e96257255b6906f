//! Games: creating, importing, listing, reading, open challenges and records.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::Json;
use serde::{Deserialize, Serialize};
use tafel_core::record::parse_record;
use utoipa::{IntoParams, ToSchema};

use super::tags;
use crate::domain::clock::TimeControl;
use crate::domain::game_texts;
use crate::domain::ids::{GameId, InviteCode, SeatToken};
use crate::domain::seat::{SeatKind, SeatRequest, SeatView};
use crate::domain::Error;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::language::Language;
use crate::http::rate::{Allowance, ClientAddress};
use crate::http::session::MaybeSignedIn;
use crate::http::views::{GameView, SeatRatingView};
use crate::msg;
use crate::play::{GameHandle, Hub, NewGame};

/// A request to start a game.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// The game's name.
    game: String,
    /// The settings, `key` to `value` (defaults for the others).
    #[serde(default)]
    settings: BTreeMap<String, String>,
    /// A start position's code (default: the game's start).
    #[serde(default)]
    start: Option<String>,
    /// Who sits in each seat, in turn order.
    seats: Vec<SeatRequest>,
    /// List the game among the open challenges while an invited seat is free (it needs one).
    #[serde(default)]
    public: bool,
    /// The clocks (default: none).
    #[serde(default)]
    time_control: TimeControl,
    /// Rate the game (default: casual). Only an online game between two accounts is rated:
    /// the creator signed in, one invited seat (only an account may take it), a clock; not
    /// against the computer, at one screen, or with four players.
    #[serde(default)]
    rated: bool,
}

/// A seat of a newly created game: the secret for the creator's own seats, the invitation
/// for invited ones.
#[derive(Serialize, ToSchema)]
pub struct CreatedSeat {
    /// The seat, from 0.
    seat: usize,
    /// `local`, `invite` or `computer`.
    kind: SeatKind,
    /// The secret that acts for this seat: only for seats at the creator's screen.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    token: Option<SeatToken>,
    /// The invitation code of an invited seat, to pass on (`/game/{id}#invite=CODE`); the
    /// invited person exchanges it once for the seat's token.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    invite: Option<InviteCode>,
}

/// The answer to creating or importing a game.
#[derive(Serialize, ToSchema)]
pub struct Created {
    /// The game's id.
    #[schema(value_type = String)]
    id: GameId,
    /// Each seat with the creator's secret or invitation.
    seats: Vec<CreatedSeat>,
    /// The game.
    view: GameView,
}

/// Creates a game. Counts against the client address's allowance of creations.
#[utoipa::path(post, path = "/api/games", tag = tags::GAMES, request_body = CreateRequest,
    responses((status = 200, description = "The game, the creator's tokens and the invitations", body = Created),
              (status = 400, description = "Unknown game, invalid settings, seats or clock; a game that cannot be rated", body = ErrorBody),
              (status = 401, description = "A rated game asked for without signing in", body = ErrorBody),
              (status = 422, description = "A malformed request", body = ErrorBody),
              (status = 429, description = "Too many games created from this address, or as many games of the computer against itself running as it may; see Retry-After", body = ErrorBody)))]
pub async fn create(
    _allowed: Allowance,
    ClientAddress(from): ClientAddress,
    MaybeSignedIn(account): MaybeSignedIn,
    State(hub): State<Arc<Hub>>,
    language: Language,
    Json(request): Json<CreateRequest>,
) -> Result<Json<Created>, ApiError> {
    let id = hub
        .create(NewGame {
            game: request.game,
            settings: request.settings.into_iter().collect(),
            start: request.start,
            moves: Vec::new(),
            seats: request.seats,
            public: request.public,
            time_control: request.time_control,
            ending: None,
            origin: from,
            account,
            rated: request.rated,
        })
        .await?;
    created(&hub, id, language).await
}

/// A request to import a record (text or JSON) to replay or continue it.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ImportRequest {
    /// The record, text or JSON.
    record: String,
    /// Who sits in each seat.
    seats: Vec<SeatRequest>,
}

/// Imports a record: a new game with the record's settings, start and moves, ended as the
/// record says if it ended otherwise than by its rules. Counts against the client address's
/// allowance of creations.
#[utoipa::path(post, path = "/api/import", tag = tags::GAMES, request_body = ImportRequest,
    responses((status = 200, description = "The game, the creator's tokens and the invitations", body = Created),
              (status = 400, description = "An unreadable record or invalid seats", body = ErrorBody),
              (status = 422, description = "A record whose moves or result do not replay", body = ErrorBody),
              (status = 429, description = "Too many games created from this address, or as many games of the computer against itself running as it may; see Retry-After", body = ErrorBody)))]
pub async fn import(
    _allowed: Allowance,
    ClientAddress(from): ClientAddress,
    State(hub): State<Arc<Hub>>,
    language: Language,
    Json(request): Json<ImportRequest>,
) -> Result<Json<Created>, ApiError> {
    let raw = parse_record(&request.record).map_err(ApiError::bad_request)?;
    let name = raw
        .game
        .clone()
        .ok_or_else(|| ApiError::bad_request(msg!("record-has-no-game-tag")))?;
    let registry = tafel_games::registry();
    let rules = registry
        .get(&name)
        .map_err(ApiError::bad_request)?
        .build(&raw.settings)
        .map_err(ApiError::bad_request)?;
    let replay = rules.replay_record(&raw).map_err(ApiError::unprocessable)?;
    let start_code = raw.start.as_ref().map(|_| replay.start.code());
    let id = hub
        .create(NewGame {
            game: name,
            settings: raw.settings.clone(),
            start: start_code,
            moves: replay.moves,
            seats: request.seats,
            public: false,
            time_control: TimeControl::None,
            ending: replay.ending,
            origin: from,
            // An imported record was not played here: it is nobody's game.
            account: None,
            rated: false,
        })
        .await?;
    created(&hub, id, language).await
}

async fn created(
    hub: &Arc<Hub>,
    id: GameId,
    language: Language,
) -> Result<Json<Created>, ApiError> {
    let handle = hub.get(&id).await?;
    let live = handle.lock().await;
    let seats = live
        .table
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| CreatedSeat {
            seat: i,
            kind: s.kind,
            token: (s.kind == SeatKind::Local).then(|| s.token.clone()),
            invite: s.invite.clone().filter(|_| s.is_open()),
        })
        .collect();
    Ok(Json(Created {
        id,
        seats,
        view: GameView::of(&live, None, hub.now_ms(), language)?,
    }))
}

/// How many games to list.
#[derive(Deserialize, IntoParams)]
pub struct ListQuery {
    /// At most this many (1 to 200, default 200).
    limit: Option<i64>,
}

/// One line of the game list: the stored summary and the game's title.
#[derive(Serialize, ToSchema)]
pub struct ListedGame {
    /// The game's id.
    id: String,
    /// The registry name.
    game: String,
    /// The game's title.
    title: Option<&'static str>,
    /// The result in words, or `None` while the game goes on.
    result: Option<String>,
    /// The number of moves and chance outcomes.
    moves: i64,
    /// The number the record gives the last move played (chance outcomes are not moves;
    /// Kauri numbers a move of each player as one), or `None` when the stored game no longer
    /// replays.
    record_moves: Option<u32>,
    /// The seats with their names.
    players: Vec<SeatView>,
    /// When the game was last changed (UTC, ISO 8601).
    updated_at: String,
    /// When the game was created (UTC, ISO 8601).
    created_at: String,
}

/// The most recently changed games, with their players and move counts: one query over what
/// each change stores (games stored before that was kept are worked out once and stored).
#[utoipa::path(get, path = "/api/games", tag = tags::GAMES, params(ListQuery),
    responses((status = 200, description = "The games, most recently changed first", body = Vec<ListedGame>)))]
pub async fn list(
    State(hub): State<Arc<Hub>>,
    language: Language,
    Query(q): Query<ListQuery>,
) -> Result<Json<Vec<ListedGame>>, ApiError> {
    let limit = q.limit.unwrap_or(200).clamp(1, 200);
    let games = hub.recent_games(limit).await?;
    let listed = games
        .into_iter()
        .map(|summary| ListedGame {
            title: title_of(&summary.game),
            result: summary
                .result
                .map(|r| game_texts::stored(&summary.game, &r, language)),
            id: summary.id,
            game: summary.game,
            moves: summary.moves,
            record_moves: summary.record_moves,
            players: summary.players.unwrap_or_default(),
            updated_at: summary.updated_at,
            created_at: summary.created_at,
        })
        .collect();
    Ok(Json(listed))
}

/// The title of the game called `name`.
fn title_of(name: &str) -> Option<&'static str> {
    tafel_games::registry().get(name).ok().map(|e| e.info.title)
}

/// A public game waiting for an opponent.
#[derive(Serialize, ToSchema)]
pub struct OpenChallengeView {
    /// The game's id.
    id: String,
    /// The registry name.
    game: String,
    /// The game's title.
    title: Option<&'static str>,
    /// The settings, as `[key, value]` pairs.
    #[schema(value_type = Vec<Vec<String>>)]
    settings: Vec<(String, String)>,
    /// The seats: who waits, and the free seats (`joined` false) one may take.
    players: Vec<SeatView>,
    /// The clocks.
    time_control: TimeControl,
    /// When the challenge was made (UTC, ISO 8601).
    created_at: String,
}

/// How many open challenges the lobby lists at most.
const MAX_CHALLENGES: i64 = 50;

/// The open challenges: public games made within the last day with a seat free, newest
/// first (at most 50); one query over stored columns.
#[utoipa::path(get, path = "/api/challenges", tag = tags::GAMES,
    responses((status = 200, description = "Public games waiting for an opponent", body = Vec<OpenChallengeView>)))]
pub async fn challenges(
    State(hub): State<Arc<Hub>>,
) -> Result<Json<Vec<OpenChallengeView>>, ApiError> {
    let open = hub.open_challenges(MAX_CHALLENGES).await?;
    Ok(Json(
        open.into_iter()
            .map(|c| OpenChallengeView {
                title: title_of(&c.game),
                id: c.id,
                game: c.game,
                settings: c.settings,
                players: c.players.unwrap_or_default(),
                time_control: c.time_control,
                created_at: c.created_at,
            })
            .collect(),
    ))
}

/// Which ply to view.
#[derive(Deserialize, IntoParams)]
pub struct PlyQuery {
    /// Show the position after this many moves (default: the current one).
    ply: Option<usize>,
}

/// One game, at its current position or at `?ply=N`.
#[utoipa::path(get, path = "/api/games/{id}", tag = tags::GAMES,
    params(("id" = String, Path, description = "The game's id"), PlyQuery),
    responses((status = 200, description = "The game", body = GameView),
              (status = 400, description = "No such ply", body = ErrorBody),
              (status = 404, description = "No such game", body = ErrorBody)))]
pub async fn read(
    State(hub): State<Arc<Hub>>,
    language: Language,
    Path(id): Path<String>,
    Query(q): Query<PlyQuery>,
) -> Result<Json<GameView>, ApiError> {
    let id = GameId::parse(&id)?;
    let Json(mut view) = view(&hub, &id, q.ply, language).await?;
    if view.rated {
        let changes = hub.rating_changes(&id).await?;
        view.ratings = (!changes.is_empty()).then(|| {
            changes
                .into_iter()
                .map(|c| SeatRatingView {
                    seat: c.seat,
                    before: c.before.0.round() as i64,
                    deviation_before: c.before.1.round() as i64,
                    after: c.after.0.round() as i64,
                    deviation_after: c.after.1.round() as i64,
                })
                .collect()
        });
    }
    Ok(Json(view))
}

/// The view of game `id` at `ply` (the current position when `None`), in `language`.
async fn view(
    hub: &Arc<Hub>,
    id: &GameId,
    ply: Option<usize>,
    language: Language,
) -> Result<Json<GameView>, ApiError> {
    let handle = hub.get(id).await?;
    let live = handle.lock().await;
    Ok(Json(GameView::of(&live, ply, hub.now_ms(), language)?))
}

/// The view of the game as this instance keeps it in `handle` (as an action just left it: no
/// second check against the store), at `now_ms`, in `language`.
pub(super) async fn view_of_handle(
    handle: &GameHandle,
    now_ms: i64,
    language: Language,
) -> Result<Json<GameView>, ApiError> {
    let live = handle.lock().await;
    Ok(Json(GameView::of(&live, None, now_ms, language)?))
}

/// The current view of game `id`, in `language`.
pub(super) async fn current(
    hub: &Arc<Hub>,
    id: &GameId,
    language: Language,
) -> Result<Json<GameView>, ApiError> {
    view(hub, id, None, language).await
}

/// The record format asked for.
#[derive(Deserialize, IntoParams)]
pub struct RecordQuery {
    /// `text` (default) or `json`.
    #[serde(default)]
    format: Option<String>,
}

/// The game's record as a download, text (default) or `?format=json`; a game ended by
/// resignation, agreement or time carries its result and a `Termination`.
#[utoipa::path(get, path = "/api/games/{id}/record", tag = tags::GAMES,
    params(("id" = String, Path, description = "The game's id"), RecordQuery),
    responses((status = 200, description = "The record, text or JSON", content((String = "text/plain"), (Object = "application/json"))),
              (status = 400, description = "An unknown format", body = ErrorBody),
              (status = 404, description = "No such game", body = ErrorBody)))]
pub async fn record(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<RecordQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let json = match q.format.as_deref() {
        None | Some("text") => false,
        Some("json") => true,
        Some(other) => {
            return Err(ApiError::bad_request(msg!(
                "unknown-record-format-other-text-or",
                other
            )))
        }
    };
    let id = GameId::parse(&id)?;
    let handle = hub.get(&id).await?;
    let live = handle.lock().await;
    let text = live
        .game
        .write_ended_record(
            live.positions[0].as_ref(),
            &live.moves,
            live.table.ending.as_ref(),
            json,
        )
        .map_err(Error::replay)?;
    let (kind, ext) = if json {
        ("application/json", "json")
    } else {
        ("text/plain; charset=utf-8", "txt")
    };
    let disposition = format!(
        "attachment; filename=\"tafel-{}-{id}.{ext}\"",
        live.game.info().name
    );
    Ok((
        [
            (header::CONTENT_TYPE, kind.to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    ))
}

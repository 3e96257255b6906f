//! The REST API: the catalogue of games, creating, listing and reading games, moves, undo,
//! records and import. Every answer is JSON; errors are `{"error": "..."}` with a 4xx status.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::Json;
use serde::{Deserialize, Serialize};
use tafel_core::record::parse_record;
use tafel_core::{DynGame, Player, Status};

use crate::error::ApiError;
use crate::hub::Hub;
use crate::live::{GameView, SeatView};
use crate::seat::{SeatKind, SeatRequest};
use crate::store::{GameSummary, StoredGame};

/// The catalogue: every game with its settings and its computer's strongest level.
pub async fn catalog() -> Json<serde_json::Value> {
    let registry = tafel_games::registry();
    let games: Vec<_> = registry
        .entries()
        .iter()
        .map(|e| {
            serde_json::json!({
                "name": e.info.name, "title": e.info.title, "summary": e.info.summary, "settings": e.specs,
                "max_level": crate::computer::max_level(e.info.name),
            })
        })
        .collect();
    Json(serde_json::json!({ "games": games }))
}

/// The seats a game has under the given settings (query string `key=value` pairs).
pub async fn seats(
    Path(game): Path<String>,
    Query(settings): Query<BTreeMap<String, String>>,
) -> Result<Json<Vec<&'static str>>, ApiError> {
    let registry = tafel_games::registry();
    let entry = registry.get(&game).map_err(ApiError::not_found)?;
    let pairs: Vec<(String, String)> = settings.into_iter().collect();
    let rules = entry.build(&pairs).map_err(ApiError::bad_request)?;
    Ok(Json(
        (0..rules.num_players())
            .map(|p| rules.player_name(Player(p as u8)))
            .collect(),
    ))
}

/// One computer level of a game under given settings.
#[derive(Serialize)]
pub struct LevelView {
    /// The level, from 1.
    level: u8,
    /// Why the level cannot play as it says (a solved table is missing, and how to build it),
    /// or `None`.
    notice: Option<String>,
}

/// The computer's levels of a game under the given settings (query string `key=value` pairs),
/// each with the reason it cannot play as it says, if any.
pub async fn levels(
    Path(game): Path<String>,
    Query(settings): Query<BTreeMap<String, String>>,
) -> Result<Json<Vec<LevelView>>, ApiError> {
    let registry = tafel_games::registry();
    let entry = registry.get(&game).map_err(ApiError::not_found)?;
    let pairs: Vec<(String, String)> = settings.into_iter().collect();
    let rules = entry.build(&pairs).map_err(ApiError::bad_request)?;
    let levels = (1..=crate::computer::max_level(entry.info.name))
        .map(|level| {
            let notice = crate::computer::level_notice(rules.as_ref(), level)
                .map_err(ApiError::bad_request)?;
            Ok(LevelView { level, notice })
        })
        .collect::<Result<_, ApiError>>()?;
    Ok(Json(levels))
}

/// A request to start a game.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    game: String,
    #[serde(default)]
    settings: BTreeMap<String, String>,
    #[serde(default)]
    start: Option<String>,
    seats: Vec<SeatRequest>,
}

/// A seat of a newly created game, with its secret for the creator to keep or pass on.
#[derive(Serialize)]
pub struct CreatedSeat {
    seat: usize,
    kind: SeatKind,
    /// The secret that moves for this seat (absent for computer seats).
    token: Option<String>,
}

/// The answer to creating or importing a game.
#[derive(Serialize)]
pub struct Created {
    id: String,
    seats: Vec<CreatedSeat>,
    view: GameView,
}

/// Creates a game.
pub async fn create(
    State(hub): State<Arc<Hub>>,
    Json(request): Json<CreateRequest>,
) -> Result<Json<Created>, ApiError> {
    let settings = request.settings.into_iter().collect();
    let id = hub
        .create(
            &request.game,
            settings,
            request.start,
            Vec::new(),
            &request.seats,
        )
        .await?;
    created(&hub, id).await
}

/// A request to import a record (text or JSON) to replay or continue it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportRequest {
    record: String,
    seats: Vec<SeatRequest>,
}

/// Imports a record: a new game with the record's settings, start and moves.
pub async fn import(
    State(hub): State<Arc<Hub>>,
    Json(request): Json<ImportRequest>,
) -> Result<Json<Created>, ApiError> {
    let raw = parse_record(&request.record).map_err(ApiError::bad_request)?;
    let name = raw
        .game
        .clone()
        .ok_or_else(|| ApiError::bad_request("the record has no [Game \"...\"] tag"))?;
    let registry = tafel_games::registry();
    let rules = registry
        .get(&name)
        .map_err(ApiError::bad_request)?
        .build(&raw.settings)
        .map_err(ApiError::bad_request)?;
    let (start, moves) = rules.replay(&raw).map_err(ApiError::unprocessable)?;
    let start_code = raw.start.as_ref().map(|_| start.code());
    let id = hub
        .create(
            &name,
            raw.settings.clone(),
            start_code,
            moves,
            &request.seats,
        )
        .await?;
    created(&hub, id).await
}

async fn created(hub: &Arc<Hub>, id: String) -> Result<Json<Created>, ApiError> {
    let handle = hub.get(&id).await?;
    let live = handle.lock().await;
    let seats = live
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| CreatedSeat {
            seat: i,
            kind: s.kind,
            token: s.kind.is_person().then(|| s.token.clone()),
        })
        .collect();
    Ok(Json(Created {
        id,
        seats,
        view: live.view(None)?,
    }))
}

/// How many games to list.
#[derive(Deserialize)]
pub struct ListQuery {
    /// At most this many (1 to 200, default 200).
    limit: Option<i64>,
}

/// One line of the game list: the stored summary, the game's title, who sits where, and the
/// number of moves as the game's record numbers them.
#[derive(Serialize)]
pub struct ListedGame {
    #[serde(flatten)]
    summary: GameSummary,
    /// The game's title.
    title: Option<&'static str>,
    /// The seats with their names.
    players: Vec<SeatView>,
    /// The number the record gives the last move played (chance outcomes are not moves;
    /// Kauri numbers a move of each player as one), or `None` when the stored game no longer
    /// replays.
    record_moves: Option<u32>,
}

/// The most recently changed games, with their players and move counts.
pub async fn list(
    State(hub): State<Arc<Hub>>,
    Query(q): Query<ListQuery>,
) -> Result<Json<Vec<ListedGame>>, ApiError> {
    let limit = q.limit.unwrap_or(200).clamp(1, 200);
    let games = hub.store().list(limit).await.map_err(ApiError::internal)?;
    // Counting moves replays each game (a microsecond or two per move): off the async threads.
    let listed = tokio::task::spawn_blocking(move || games.into_iter().map(listed).collect())
        .await
        .map_err(|e| ApiError::internal(anyhow::anyhow!("listing games failed: {e}")))?;
    Ok(Json(listed))
}

/// Describes one stored game for the list.
fn listed(summary: GameSummary) -> ListedGame {
    let stored = &summary.stored;
    let rules = tafel_games::registry()
        .get(&stored.game)
        .ok()
        .and_then(|entry| entry.build(&stored.settings).ok());
    let players = stored
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| SeatView {
            seat: i,
            name: rules
                .as_ref()
                .map_or("", |r| r.player_name(Player(i as u8))),
            kind: seat.kind,
            level: seat.level,
        })
        .collect();
    let record_moves = rules
        .as_ref()
        .and_then(|rules| record_moves(rules.as_ref(), stored));
    ListedGame {
        title: rules.as_ref().map(|r| r.info().title),
        players,
        record_moves,
        summary,
    }
}

/// The record's number of the last move (not chance outcome) of a stored game, 0 before the
/// first; `None` if the game does not replay.
fn record_moves(rules: &dyn DynGame, stored: &StoredGame) -> Option<u32> {
    let start = match &stored.start {
        Some(code) => rules.parse_position(code).ok()?,
        None => rules.start(),
    };
    let numbers = rules.move_numbers(start.as_ref(), &stored.moves).ok()?;
    let mut position = start;
    let mut last = 0;
    for (mv, number) in stored.moves.iter().zip(numbers) {
        if matches!(position.status(), Status::ToMove(_)) {
            last = number;
        }
        position.play(mv).ok()?;
    }
    Some(last)
}

/// Which ply to view.
#[derive(Deserialize)]
pub struct PlyQuery {
    ply: Option<usize>,
}

/// One game, at its current position or at `?ply=N`.
pub async fn read(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<PlyQuery>,
) -> Result<Json<GameView>, ApiError> {
    let handle = hub.get(&id).await?;
    let live = handle.lock().await;
    Ok(Json(live.view(q.ply)?))
}

/// A move for a seat.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    token: String,
    #[serde(rename = "move")]
    mv: String,
    /// The number of moves the sender saw; a different number means the sender is behind.
    #[serde(default)]
    ply: Option<usize>,
}

/// Plays a move.
pub async fn play(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Json(request): Json<MoveRequest>,
) -> Result<Json<GameView>, ApiError> {
    hub.play(&id, &request.token, &request.mv, request.ply)
        .await?;
    read(State(hub), Path(id), Query(PlyQuery { ply: None })).await
}

/// A request to take back a move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UndoRequest {
    token: String,
}

/// Takes back the caller's last move and everything after it.
pub async fn undo(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Json(request): Json<UndoRequest>,
) -> Result<Json<GameView>, ApiError> {
    hub.undo(&id, &request.token).await?;
    read(State(hub), Path(id), Query(PlyQuery { ply: None })).await
}

/// The record format asked for.
#[derive(Deserialize)]
pub struct RecordQuery {
    #[serde(default)]
    format: Option<String>,
}

/// The game's record as a download, text (default) or `?format=json`.
pub async fn record(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<RecordQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let json = match q.format.as_deref() {
        None | Some("text") => false,
        Some("json") => true,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "unknown record format `{other}` (text or json)"
            )))
        }
    };
    let handle = hub.get(&id).await?;
    let live = handle.lock().await;
    let text = live
        .game
        .write_record(live.positions[0].as_ref(), &live.moves, json)
        .map_err(ApiError::internal_replay)?;
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

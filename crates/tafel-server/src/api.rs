//! The REST API: the catalogue of games; creating, listing, reading and importing games;
//! joining them; moves, undo, resignation, draws, takebacks, rematches; records. Every answer
//! is JSON; errors are `{"error": "..."}` with a 4xx status. Each handler carries its OpenAPI
//! description (`#[utoipa::path]`), from which `/api/openapi.json` is generated.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use serde::{Deserialize, Serialize};
use tafel_core::record::parse_record;
use tafel_core::Player;
use utoipa::{IntoParams, ToSchema};

use crate::analysis::Analysis;
use crate::clock::{now_ms, TimeControl};
use crate::consent::Answer;
use crate::error::{ApiError, ErrorBody};
use crate::hub::{Claim, Held, Hub, NewGame};
use crate::live::{GameView, LiveGame};
use crate::rate::Allowance;
use crate::seat::{SeatKind, SeatRequest, SeatView};
use crate::store::GameSummary;

/// The tags that group the API's operations in its OpenAPI document.
pub mod tags {
    /// The games Tafel offers.
    pub const CATALOG: &str = "catalog";
    /// Creating, listing and reading games.
    pub const GAMES: &str = "games";
    /// Playing: joining, moves and everything people decide together.
    pub const PLAY: &str = "play";
}

/// The catalogue: every game with its settings and its computer's strongest level.
#[utoipa::path(get, path = "/api/catalog", tag = tags::CATALOG,
    responses((status = 200, description = "Every game: name, title, summary, settings (key, label, default, allowed values, origin) and the strongest computer level", body = Object)))]
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
#[utoipa::path(get, path = "/api/catalog/{game}/seats", tag = tags::CATALOG,
    params(("game" = String, Path, description = "The game's name, e.g. `karls-race`"),
           ("settings" = Object, Query, style = Form, explode, description = "The settings as `key=value` pairs")),
    responses((status = 200, description = "The seats' names in turn order", body = Vec<String>),
              (status = 400, description = "Invalid settings", body = ErrorBody),
              (status = 404, description = "No such game", body = ErrorBody)))]
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
#[derive(Serialize, ToSchema)]
pub struct LevelView {
    /// The level, from 1.
    level: u8,
    /// Why the level cannot play as it says (a solved table is missing, and how to build it),
    /// or `None`.
    notice: Option<String>,
}

/// The computer's levels of a game under the given settings (query string `key=value` pairs),
/// each with the reason it cannot play as it says, if any.
#[utoipa::path(get, path = "/api/catalog/{game}/levels", tag = tags::CATALOG,
    params(("game" = String, Path, description = "The game's name"),
           ("settings" = Object, Query, style = Form, explode, description = "The settings as `key=value` pairs")),
    responses((status = 200, description = "The levels", body = Vec<LevelView>),
              (status = 400, description = "Invalid settings", body = ErrorBody),
              (status = 404, description = "No such game", body = ErrorBody)))]
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
    token: Option<String>,
    /// The invitation code of an invited seat, to pass on (`/game/{id}#invite=CODE`); the
    /// invited person exchanges it once for the seat's token.
    #[serde(skip_serializing_if = "Option::is_none")]
    invite: Option<String>,
}

/// The answer to creating or importing a game.
#[derive(Serialize, ToSchema)]
pub struct Created {
    /// The game's id.
    id: String,
    /// Each seat with the creator's secret or invitation.
    seats: Vec<CreatedSeat>,
    /// The game.
    view: GameView,
}

/// Creates a game. Counts against the client address's allowance of creations.
#[utoipa::path(post, path = "/api/games", tag = tags::GAMES, request_body = CreateRequest,
    responses((status = 200, description = "The game, the creator's tokens and the invitations", body = Created),
              (status = 400, description = "Unknown game, invalid settings, seats or clock", body = ErrorBody),
              (status = 422, description = "A malformed request", body = ErrorBody),
              (status = 429, description = "Too many games created from this address; see Retry-After", body = ErrorBody)))]
pub async fn create(
    _allowed: Allowance,
    State(hub): State<Arc<Hub>>,
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
        })
        .await?;
    created(&hub, id).await
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
              (status = 429, description = "Too many games created from this address", body = ErrorBody)))]
pub async fn import(
    _allowed: Allowance,
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
        })
        .await?;
    created(&hub, id).await
}

async fn created(hub: &Arc<Hub>, id: String) -> Result<Json<Created>, ApiError> {
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
        view: live.view(None, now_ms())?,
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
    Query(q): Query<ListQuery>,
) -> Result<Json<Vec<ListedGame>>, ApiError> {
    let limit = q.limit.unwrap_or(200).clamp(1, 200);
    let games = hub.store().list(limit).await.map_err(ApiError::internal)?;
    let mut listed = Vec::with_capacity(games.len());
    for summary in games {
        let (players, record_moves) = match (&summary.players, summary.record_moves) {
            (Some(players), Some(_)) => (players.clone(), summary.record_moves),
            _ => fill_summary(&hub, &summary).await,
        };
        listed.push(ListedGame {
            title: title_of(&summary.game),
            id: summary.id,
            game: summary.game,
            result: summary.result,
            moves: summary.moves,
            record_moves,
            players,
            updated_at: summary.updated_at,
            created_at: summary.created_at,
        });
    }
    Ok(Json(listed))
}

/// The title of the game called `name`.
fn title_of(name: &str) -> Option<&'static str> {
    tafel_games::registry().get(name).ok().map(|e| e.info.title)
}

/// The players and record move count of a game stored before the lists' summary was kept:
/// worked out once by replaying it (off the async threads) and stored.
async fn fill_summary(hub: &Arc<Hub>, summary: &GameSummary) -> (Vec<SeatView>, Option<u32>) {
    let stored = match hub.store().load(&summary.id).await {
        Ok(Some(stored)) => stored,
        _ => return (Vec::new(), None),
    };
    let worked_out = tokio::task::spawn_blocking(move || {
        let live = LiveGame::from_stored(&stored).ok()?;
        let change = live.table_change(live.table.clone(), now_ms());
        live.progress_after(&change).ok().map(|p| p.summary)
    })
    .await
    .ok()
    .flatten();
    let Some(worked_out) = worked_out else {
        return (Vec::new(), None);
    };
    if let Err(e) = hub.store().set_summary(&summary.id, &worked_out).await {
        tracing::warn!("cannot store the summary of game {}: {e:#}", summary.id);
    }
    (
        worked_out.players.unwrap_or_default(),
        worked_out.record_moves,
    )
}

/// A public game waiting for an opponent.
#[derive(Serialize, ToSchema)]
pub struct ChallengeView {
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
    responses((status = 200, description = "Public games waiting for an opponent", body = Vec<ChallengeView>)))]
pub async fn challenges(State(hub): State<Arc<Hub>>) -> Result<Json<Vec<ChallengeView>>, ApiError> {
    let open = hub
        .store()
        .challenges(MAX_CHALLENGES)
        .await
        .map_err(ApiError::internal)?;
    Ok(Json(
        open.into_iter()
            .map(|c| ChallengeView {
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
    Path(id): Path<String>,
    Query(q): Query<PlyQuery>,
) -> Result<Json<GameView>, ApiError> {
    let handle = hub.get(&id).await?;
    let live = handle.lock().await;
    Ok(Json(live.view(q.ply, now_ms())?))
}

/// The current view of game `id`.
async fn current(hub: Arc<Hub>, id: String) -> Result<Json<GameView>, ApiError> {
    read(State(hub), Path(id), Query(PlyQuery { ply: None })).await
}

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
    /// The name shown to everyone (1 to 32 characters; default `Guest`).
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
    token: String,
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
              (status = 403, description = "A seat number for a game that is not public", body = ErrorBody),
              (status = 404, description = "No such game or invitation", body = ErrorBody),
              (status = 409, description = "The seat is taken already, or the game is over", body = ErrorBody),
              (status = 429, description = "Too many games created or joined from this address", body = ErrorBody)))]
pub async fn join(
    _allowed: Allowance,
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Json(request): Json<JoinRequest>,
) -> Result<Json<Joined>, ApiError> {
    let claim = match (request.invite, request.seat) {
        (Some(code), None) => Claim::Invite(code),
        (None, Some(seat)) => Claim::Seat(seat),
        _ => {
            return Err(ApiError::bad_request(
                "give either the invitation (`invite`) or, in a public game, the `seat`",
            ))
        }
    };
    let (seat, token) = hub.join(&id, claim, request.name.as_deref()).await?;
    let Json(view) = current(hub, id).await?;
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
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Json(request): Json<MoveRequest>,
) -> Result<Json<GameView>, ApiError> {
    hub.play(&id, &request.token, &request.mv, request.ply)
        .await?;
    current(hub, id).await
}

/// A seat's secret, for what a seat does alone.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TokenRequest {
    /// The seat's secret.
    token: String,
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
    Path(id): Path<String>,
    Json(request): Json<TokenRequest>,
) -> Result<Json<GameView>, ApiError> {
    hub.undo(&id, &request.token).await?;
    current(hub, id).await
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
    Path(id): Path<String>,
    Json(request): Json<TokenRequest>,
) -> Result<Json<GameView>, ApiError> {
    hub.resign(&id, &request.token).await?;
    current(hub, id).await
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
    Path(id): Path<String>,
    Json(request): Json<ProposalRequest>,
) -> Result<Json<GameView>, ApiError> {
    hub.draw(&id, &request.token, request.action).await?;
    current(hub, id).await
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
    Path(id): Path<String>,
    Json(request): Json<ProposalRequest>,
) -> Result<Json<GameView>, ApiError> {
    hub.takeback(&id, &request.token, request.action).await?;
    current(hub, id).await
}

/// A seat of a rematch held by the caller.
#[derive(Serialize, ToSchema)]
pub struct HeldSeat {
    /// The seat, from 0.
    seat: usize,
    /// Its secret.
    token: String,
}

/// An invitation of a rematch's seat that nobody has taken.
#[derive(Serialize, ToSchema)]
pub struct OpenSeat {
    /// The seat, from 0.
    seat: usize,
    /// The invitation code.
    invite: String,
}

/// The caller's place in a rematch.
#[derive(Serialize, ToSchema)]
pub struct Rematched {
    /// The rematch's id.
    id: String,
    /// The caller's seats in it (sides swapped) with their new secrets.
    seats: Vec<HeldSeat>,
    /// Invitations of its seats nobody has taken.
    invites: Vec<OpenSeat>,
}

/// The rematch of a finished game: made by the first to ask (same game, settings, clock and
/// people, sides swapped), after which everyone in the old game gets a `rematch` event; each
/// person then fetches their seats in it by calling this with their old token.
#[utoipa::path(post, path = "/api/games/{id}/rematch", tag = tags::PLAY,
    params(("id" = String, Path, description = "The finished game's id")), request_body = TokenRequest,
    responses((status = 200, description = "The rematch and the caller's seats in it", body = Rematched),
              (status = 403, description = "The token holds no seat", body = ErrorBody),
              (status = 409, description = "The game is not over", body = ErrorBody)))]
pub async fn rematch(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Json(request): Json<TokenRequest>,
) -> Result<Json<Rematched>, ApiError> {
    let Held {
        id,
        tokens,
        invites,
    } = hub.rematch(&id, &request.token).await?;
    Ok(Json(Rematched {
        id,
        seats: tokens
            .into_iter()
            .map(|(seat, token)| HeldSeat { seat, token })
            .collect(),
        invites: invites
            .into_iter()
            .map(|(seat, invite)| OpenSeat { seat, invite })
            .collect(),
    }))
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
            return Err(ApiError::bad_request(format!(
                "unknown record format `{other}` (text or json)"
            )))
        }
    };
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

/// The header that carries the seats' secrets a client holds, for the requests that treat
/// players differently (the analysis of a game in play): one token or several, separated by
/// commas.
pub const TOKEN_HEADER: &str = "x-tafel-token";

/// The analysis of the game over the moves played so far: each move with the mover's winning
/// chances before and after it, the first player's for a chart, the chance it lost and its
/// mark (`mistake`, `blunder`, `only`); see `docs/analysis.md`. Anyone may have it once the
/// game is over; during the game only spectators (a request whose `X-Tafel-Token` holds a
/// seat is refused). Computed once on the server's search pool and stored: the first request
/// starts it and is answered `202` with the progress; ask again (`Retry-After`) until `200`.
#[utoipa::path(get, path = "/api/games/{id}/analysis", tag = tags::GAMES,
    params(("id" = String, Path, description = "The game's id"),
           ("X-Tafel-Token" = Option<String>, Header, description = "The seats' secrets the client holds, comma-separated")),
    responses((status = 200, description = "The analysis (a review: game, search, thresholds, moves, result, seats)", body = Object),
              (status = 202, description = "Being computed; ask again", body = crate::analysis::Computing),
              (status = 403, description = "A player asked during the game", body = ErrorBody),
              (status = 404, description = "No such game", body = ErrorBody),
              (status = 500, description = "The analysis failed (said once; the next request tries again)", body = ErrorBody),
              (status = 503, description = "Too many searches are waiting; see Retry-After", body = ErrorBody)))]
pub async fn analysis(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<axum::response::Response, ApiError> {
    let tokens: Vec<String> = headers
        .get_all(TOKEN_HEADER)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|token| token.trim().to_string())
        .filter(|token| !token.is_empty())
        .collect();
    Ok(match crate::analysis::analysis(&hub, &id, &tokens).await? {
        Analysis::Ready(review) => {
            ([(header::CONTENT_TYPE, "application/json")], review).into_response()
        }
        Analysis::Computing(computing) => (
            StatusCode::ACCEPTED,
            [(header::RETRY_AFTER, "1")],
            Json(computing),
        )
            .into_response(),
    })
}

/// A hint: the best move of the position where the asking seat is to move, with the mover's
/// chances on the one scale.
#[derive(Serialize, ToSchema)]
pub struct HintView {
    /// The number of moves played: the position the hint is for.
    ply: usize,
    /// The best move found, in the game's notation.
    best: String,
    /// The mover's chances after it (`win`, `draw` from 0 to 1, `basis`: `exact`, `estimate`
    /// or `search`).
    #[schema(value_type = Object)]
    chance: tafel_ai::scale::Chance,
    /// The chances in words ("63% win (estimate)").
    words: String,
}

/// The best move of the caller's position, found on the server's search pool with the
/// analysis budget: only for a seat whose person turned hints on before a game against the
/// computer, and only where that seat is to move.
#[utoipa::path(post, path = "/api/games/{id}/hint", tag = tags::PLAY,
    params(("id" = String, Path, description = "The game's id")), request_body = TokenRequest,
    responses((status = 200, description = "The best move and the chances", body = HintView),
              (status = 403, description = "The token holds no seat, or hints are off for it", body = ErrorBody),
              (status = 409, description = "Not the seat's turn, or the game is over", body = ErrorBody),
              (status = 503, description = "Too many searches are waiting; see Retry-After", body = ErrorBody)))]
pub async fn hint(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Json(request): Json<TokenRequest>,
) -> Result<Json<HintView>, ApiError> {
    let hint = crate::analysis::hint(&hub, &id, &request.token).await?;
    Ok(Json(HintView {
        ply: hint.ply,
        best: hint.best,
        words: hint.chance.to_string(),
        chance: hint.chance,
    }))
}

//! Bots: making an account a bot, its token, challenges, the bot's event stream and its
//! games' streams (NDJSON: one JSON object a line, blank lines to keep the connection open),
//! and its moves, draw answers and resignations. A bot is known by its token, sent as
//! `Authorization: Bearer TOKEN`; it acts in a game only with the seat its account plays,
//! through the game's own actions. See docs/bots.md.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{FromRef, FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;
use utoipa::ToSchema;

use super::challenges::{answer_of, ChallengeAnswer, DeclineRequest};
use super::games::view_of_handle;
use super::tags;
use crate::domain::challenge::{ChallengeRequest, ChallengeView};
use crate::domain::consent::Answer;
use crate::domain::ids::{BotToken, GameId};
use crate::domain::Error;
use crate::http::drain::{Drain, Phase};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::language::Language;
use crate::http::rate::ClientAddress;
use crate::http::session::SignedIn;
use crate::http::views::GameView;
use crate::msg;
use crate::play::accounts::SignedIn as Account;
use crate::play::bots::{BotEvent, Bots, StreamPermit, Told};
use crate::play::challenges::{Challenges, Whom};
use crate::play::Hub;

/// How often a bot's event stream looks for news (challenges, games started); a game's end
/// is heard at once.
pub const EVENT_POLL: Duration = Duration::from_millis(500);

/// The longest a stream stays silent: then it sends a blank line, so that the connection
/// is not idle and a client that left is noticed.
pub const KEEPALIVE: Duration = Duration::from_secs(10);

/// The bot whose token the request carries (`Authorization: Bearer TOKEN`); 401 otherwise.
pub struct Bot(pub Account);

impl<S> FromRequestParts<S> for Bot
where
    Arc<Bots>: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Bot, ApiError> {
        let header = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .ok_or_else(|| Error::unauthorized(msg!("bot-sends-its-token-as-authorization")))?;
        let token = header.strip_prefix("Bearer ").ok_or_else(|| {
            Error::unauthorized(msg!("authorization-header-must-be-bearer-token"))
        })?;
        let token = BotToken::parse(token.trim())?;
        let bots = Arc::<Bots>::from_ref(state);
        Ok(Bot(bots.bot_of_token(&token).await?))
    }
}

/// That an account is a bot now.
#[derive(Serialize, ToSchema)]
pub struct MadeBot {
    /// Always true.
    bot: bool,
}

/// Makes the signed-in account a bot, before its first game (then get its token with
/// `POST /api/bot/token`). A bot stays one.
#[utoipa::path(post, path = "/api/account/bot", tag = tags::BOTS,
    responses((status = 200, description = "The account is a bot", body = MadeBot),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 409, description = "The account has played games already", body = ErrorBody)))]
pub async fn make_bot(
    SignedIn(account): SignedIn,
    State(bots): State<Arc<Bots>>,
) -> Result<Json<MadeBot>, ApiError> {
    bots.make_bot(&account).await?;
    Ok(Json(MadeBot { bot: true }))
}

/// A bot's new token, shown this once.
#[derive(Serialize, ToSchema)]
pub struct IssuedToken {
    /// The token: send it as `Authorization: Bearer TOKEN`. Only its digest is kept.
    token: String,
}

/// Gives the signed-in bot a new token, replacing (and so revoking) the one it had. Only
/// bots get tokens.
#[utoipa::path(post, path = "/api/bot/token", tag = tags::BOTS,
    responses((status = 200, description = "The new token, shown once", body = IssuedToken),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 403, description = "The account is not a bot", body = ErrorBody)))]
pub async fn new_token(
    SignedIn(account): SignedIn,
    State(bots): State<Arc<Bots>>,
) -> Result<Json<IssuedToken>, ApiError> {
    let token = bots.new_token(&account).await?;
    Ok(Json(IssuedToken {
        token: token.as_str().to_string(),
    }))
}

/// That a token was revoked.
#[derive(Serialize, ToSchema)]
pub struct Revoked {
    /// Always true.
    revoked: bool,
}

/// Revokes the signed-in bot's token: it opens nothing from now on.
#[utoipa::path(delete, path = "/api/bot/token", tag = tags::BOTS,
    responses((status = 200, description = "Revoked", body = Revoked),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 403, description = "The account is not a bot", body = ErrorBody),
              (status = 404, description = "The bot has no token", body = ErrorBody)))]
pub async fn revoke_token(
    SignedIn(account): SignedIn,
    State(bots): State<Arc<Bots>>,
) -> Result<Json<Revoked>, ApiError> {
    bots.revoke_token(&account).await?;
    Ok(Json(Revoked { revoked: true }))
}

/// Challenges the bot `name` to a game: it waits for the bot's answer (read it with
/// `GET /api/bot-challenges/{challenge}`) for ten minutes at most.
#[utoipa::path(post, path = "/api/bots/{name}/challenge", tag = tags::BOTS,
    params(("name" = String, Path, description = "The bot's username")),
    request_body = ChallengeRequest,
    responses((status = 200, description = "The challenge, pending", body = ChallengeView),
              (status = 400, description = "Unknown game, bad settings or clock, a rated game without a clock, more than two players", body = ErrorBody),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 404, description = "No bot of that name", body = ErrorBody),
              (status = 409, description = "A bot challenging itself", body = ErrorBody),
              (status = 429, description = "Too many challenges waiting, the challenger's or the bot's", body = ErrorBody)))]
pub async fn challenge(
    SignedIn(account): SignedIn,
    State(challenges): State<Arc<Challenges>>,
    Path(name): Path<String>,
    Json(request): Json<ChallengeRequest>,
) -> Result<Json<ChallengeView>, ApiError> {
    let challenge = challenges.challenge(&account, &name, Whom::Bot, request);
    Ok(Json(challenge.await?))
}

/// The bots one may challenge.
#[derive(Serialize, ToSchema)]
pub struct BotList {
    /// Their usernames, by name (50 at most).
    bots: Vec<String>,
}

/// The bots one may challenge (the first 50 by name).
#[utoipa::path(get, path = "/api/bots", tag = tags::BOTS,
    responses((status = 200, description = "The bots", body = BotList)))]
pub async fn list(State(bots): State<Arc<Bots>>) -> Result<Json<BotList>, ApiError> {
    Ok(Json(BotList {
        bots: bots.names().await?,
    }))
}

/// A challenge, for its challenger (with the seat and its token once accepted) or its bot.
#[utoipa::path(get, path = "/api/bot-challenges/{challenge}", tag = tags::BOTS,
    params(("challenge" = String, Path, description = "The challenge's id")),
    responses((status = 200, description = "The challenge", body = ChallengeAnswer),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 403, description = "A challenge between others", body = ErrorBody),
              (status = 404, description = "No such challenge", body = ErrorBody)))]
pub async fn read_challenge(
    SignedIn(account): SignedIn,
    State(challenges): State<Arc<Challenges>>,
    Path(challenge): Path<String>,
) -> Result<Json<ChallengeAnswer>, ApiError> {
    answer_of(&challenges, &account, &challenge).await
}

/// The challenger withdraws a challenge still waiting for the bot's answer.
#[utoipa::path(delete, path = "/api/bot-challenges/{challenge}", tag = tags::BOTS,
    params(("challenge" = String, Path, description = "The challenge's id")),
    responses((status = 200, description = "The challenge, cancelled", body = ChallengeView),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 403, description = "Not the challenger", body = ErrorBody),
              (status = 404, description = "No such challenge", body = ErrorBody),
              (status = 409, description = "Answered, cancelled or expired already", body = ErrorBody)))]
pub async fn cancel_challenge(
    SignedIn(account): SignedIn,
    State(challenges): State<Arc<Challenges>>,
    Path(challenge): Path<String>,
) -> Result<Json<ChallengeView>, ApiError> {
    Ok(Json(challenges.cancel(&account, &challenge).await?))
}

/// The bot's event stream (NDJSON, `application/x-ndjson`): `{"type": "challenge", ...}` for
/// each challenge waiting, `{"type": "game_started", "game", "seat"}` for each game under
/// way (on opening, those already running too: a bot that reconnects picks them up) and
/// `{"type": "game_finished", "game"}`; a blank line every 10 s of silence; and when the
/// server stops, `{"type": "reconnect"}` and the end.
#[utoipa::path(get, path = "/api/bot/stream", tag = tags::BOTS,
    responses((status = 200, description = "The events, one JSON object a line", body = BotEvent, content_type = "application/x-ndjson"),
              (status = 401, description = "No bot token, or one that opens no bot", body = ErrorBody),
              (status = 429, description = "The bot has as many streams open as it may", body = ErrorBody),
              (status = 503, description = "The server is stopping: open the stream again in a moment (behind a load balancer, another instance answers)", body = ErrorBody)))]
pub async fn events(
    Bot(bot): Bot,
    State(bots): State<Arc<Bots>>,
    State(drain): State<Drain>,
) -> Result<Response, ApiError> {
    let permit = bots.open_stream(&bot.id)?;
    let mut ended = bots.ends();
    stream(
        permit,
        &drain,
        BotEvent::Reconnect,
        move |lines| async move {
            let mut told = Told::default();
            let mut silent = Duration::ZERO;
            loop {
                match bots.news(&bot.id, &mut told).await {
                    Ok(events) => {
                        for event in events {
                            if !lines.send_json(&event).await {
                                return;
                            }
                            silent = Duration::ZERO;
                        }
                    }
                    Err(error) => tracing::warn!("bot {}: events: {}", bot.username, error.message),
                }
                if silent >= KEEPALIVE {
                    if !lines.send_blank().await {
                        return;
                    }
                    silent = Duration::ZERO;
                }
                let waited = tokio::time::Instant::now();
                tokio::select! {
                    () = tokio::time::sleep(EVENT_POLL) => {}
                    // A game's end (or ends missed): the news is read now.
                    _ = ended.recv() => {}
                    () = lines.closed() => return,
                }
                silent += waited.elapsed();
            }
        },
    )
}

/// One line of a game's stream.
#[derive(Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum GameLine {
    /// The whole game, first.
    GameFull {
        /// The bot's seat, from 0.
        seat: usize,
        /// The game (position code, moves, legal moves, status, clocks).
        game: Box<GameView>,
    },
    /// The game after a change (a move, a clock, a draw offer, the end).
    GameState {
        /// The game.
        game: Box<GameView>,
    },
    /// The server is stopping (a restart, an upgrade): the stream ends after this line. Open
    /// it again (behind a load balancer another instance answers; 503 until one does).
    Reconnect,
}

/// A game's stream for the bot playing in it (NDJSON): `{"type": "game_full", "seat",
/// "game"}` first, then `{"type": "game_state", "game"}` after every change; it ends after
/// the state in which the game is over. A blank line every 10 s of silence; when the server
/// stops, `{"type": "reconnect"}` and the end.
#[utoipa::path(get, path = "/api/bot/games/{id}/stream", tag = tags::BOTS,
    params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, description = "The game's states, one JSON object a line", body = GameLine, content_type = "application/x-ndjson"),
              (status = 401, description = "No bot token, or one that opens no bot", body = ErrorBody),
              (status = 403, description = "The bot plays no seat of this game", body = ErrorBody),
              (status = 429, description = "The bot has as many streams open as it may", body = ErrorBody),
              (status = 503, description = "The server is stopping: open the stream again in a moment (behind a load balancer, another instance answers)", body = ErrorBody)))]
pub async fn game_stream(
    Bot(bot): Bot,
    State(bots): State<Arc<Bots>>,
    State(hub): State<Arc<Hub>>,
    State(drain): State<Drain>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let id = GameId::parse(&id)?;
    let (seat, _) = bots.seat(&bot, &id).await?;
    let permit = bots.open_stream(&bot.id)?;
    let mut watch = hub.watch(&id);
    // The bot follows the game at its seat: present there, not a spectator.
    watch.identify(vec![seat]);
    let (first, mut over) = snapshot(&hub, &id).await?;
    stream(
        permit,
        &drain,
        GameLine::Reconnect,
        move |lines| async move {
            let mut last = serde_json::to_string(&first).unwrap_or_default();
            let full = GameLine::GameFull {
                seat,
                game: Box::new(first),
            };
            if !lines.send_json(&full).await {
                return;
            }
            while !over {
                tokio::select! {
                    _ = watch.changed() => {}
                    () = tokio::time::sleep(KEEPALIVE) => {
                        if !lines.send_blank().await {
                            return;
                        }
                        continue;
                    }
                    () = lines.closed() => return,
                }
                let Ok((view, ended)) = snapshot(&hub, &id).await else {
                    return;
                };
                over = ended;
                let text = serde_json::to_string(&view).unwrap_or_default();
                if text != last {
                    last = text;
                    let line = GameLine::GameState {
                        game: Box::new(view),
                    };
                    if !lines.send_json(&line).await {
                        return;
                    }
                }
            }
        },
    )
}

/// The game's view now, and whether it is over.
async fn snapshot(hub: &Arc<Hub>, id: &GameId) -> Result<(GameView, bool), Error> {
    let handle = hub.get(id).await?;
    let live = handle.lock().await;
    Ok((
        GameView::of(&live, None, hub.now_ms(), Language::English)?,
        live.is_over(),
    ))
}

/// The lines a stream's task sends to its client.
struct Lines(mpsc::Sender<Result<String, Infallible>>);

impl Lines {
    /// Sends `value` as one line; false when the client has gone.
    async fn send_json(&self, value: &impl Serialize) -> bool {
        match serde_json::to_string(value) {
            Ok(text) => self.0.send(Ok(text + "\n")).await.is_ok(),
            Err(error) => {
                tracing::error!("a bot stream's line cannot be written: {error}");
                false
            }
        }
    }

    /// Sends a blank line; false when the client has gone.
    async fn send_blank(&self) -> bool {
        self.0.send(Ok("\n".to_string())).await.is_ok()
    }

    /// Waits until the client has gone.
    async fn closed(&self) {
        self.0.closed().await;
    }
}

/// An NDJSON answer whose lines `produce` sends from a task of its own, which holds `permit`
/// (the stream's place in the bot's allowance) until it ends. When the server begins to stop
/// (`drain`), `produce` is dropped and `reconnect` is the stream's last line; while it stops,
/// 503 instead of a stream.
fn stream<F, Fut, L>(
    permit: StreamPermit,
    drain: &Drain,
    reconnect: L,
    produce: F,
) -> Result<Response, ApiError>
where
    F: FnOnce(Lines) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send + 'static,
    L: Serialize + Send + Sync + 'static,
{
    if drain.is_draining() {
        return Err(ApiError::unavailable(msg!("server-is-restarting")));
    }
    let (sender, receiver) = mpsc::channel(16);
    let (drain, last) = (drain.clone(), Lines(sender.clone()));
    tokio::spawn(async move {
        let _permit = permit;
        tokio::select! {
            () = produce(Lines(sender)) => {}
            () = drain.reached(Phase::Draining) => {
                last.send_json(&reconnect).await;
            }
        }
    });
    let lines = futures_util::stream::unfold(receiver, |mut receiver| async move {
        receiver.recv().await.map(|line| (line, receiver))
    });
    let mut response = Body::from_stream(lines).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    // nginx passes each line on as it comes instead of filling its buffers first.
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    Ok(response)
}

/// A challenge accepted: the game made and the bot's seat in it.
#[derive(Serialize, ToSchema)]
pub struct Accepted {
    /// The game's id.
    #[schema(value_type = String)]
    game: GameId,
    /// The bot's seat, from 0.
    seat: usize,
}

/// The bot accepts a challenge: the game is made and starts (its event stream tells of it).
#[utoipa::path(post, path = "/api/bot/challenges/{challenge}/accept", tag = tags::BOTS,
    params(("challenge" = String, Path, description = "The challenge's id")),
    responses((status = 200, description = "The game made", body = Accepted),
              (status = 400, description = "The game could not be made (the challenge is declined with the reason)", body = ErrorBody),
              (status = 401, description = "No bot token, or one that opens no bot", body = ErrorBody),
              (status = 403, description = "A challenge of another bot", body = ErrorBody),
              (status = 404, description = "No such challenge", body = ErrorBody),
              (status = 409, description = "Answered, cancelled or expired already", body = ErrorBody)))]
pub async fn accept(
    Bot(bot): Bot,
    State(challenges): State<Arc<Challenges>>,
    Path(challenge): Path<String>,
) -> Result<Json<Accepted>, ApiError> {
    let accepted = challenges.accept(&bot, &challenge).await?;
    Ok(Json(Accepted {
        game: accepted.game,
        seat: accepted.seat,
    }))
}

/// The reason the challenger reads when a bot declines without one.
const BOT_DECLINED: &str = "the bot declined";

/// The bot declines a challenge; the challenger reads the reason on the challenge.
#[utoipa::path(post, path = "/api/bot/challenges/{challenge}/decline", tag = tags::BOTS,
    params(("challenge" = String, Path, description = "The challenge's id")),
    request_body = DeclineRequest,
    responses((status = 200, description = "The challenge, declined", body = ChallengeView),
              (status = 401, description = "No bot token, or one that opens no bot", body = ErrorBody),
              (status = 403, description = "A challenge of another bot", body = ErrorBody),
              (status = 404, description = "No such challenge", body = ErrorBody),
              (status = 409, description = "Answered, cancelled or expired already", body = ErrorBody)))]
pub async fn decline(
    Bot(bot): Bot,
    State(challenges): State<Arc<Challenges>>,
    Path(challenge): Path<String>,
    Json(request): Json<DeclineRequest>,
) -> Result<Json<ChallengeView>, ApiError> {
    let reason = (request.reason).unwrap_or_else(|| BOT_DECLINED.to_string());
    Ok(Json(
        challenges.decline(&bot, &challenge, Some(reason)).await?,
    ))
}

/// A bot's move.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotMove {
    /// The move in the game's notation.
    #[serde(rename = "move")]
    mv: String,
    /// The number of moves the bot saw; a different number means it is behind (409).
    #[serde(default)]
    ply: Option<usize>,
}

/// The bot plays a move in its game (the game's own move action, for the bot's seat). An
/// illegal move is refused (422) and changes nothing: the game goes on, under the clock.
#[utoipa::path(post, path = "/api/bot/games/{id}/moves", tag = tags::BOTS,
    params(("id" = String, Path, description = "The game's id")), request_body = BotMove,
    responses((status = 200, description = "The game after the move", body = GameView),
              (status = 401, description = "No bot token, or one that opens no bot", body = ErrorBody),
              (status = 403, description = "The bot plays no seat of this game", body = ErrorBody),
              (status = 409, description = "Not the bot's turn, a stale ply, the game is over, or its time ran out", body = ErrorBody),
              (status = 422, description = "An illegal or malformed move", body = ErrorBody)))]
pub async fn play(
    Bot(bot): Bot,
    ClientAddress(from): ClientAddress,
    State(bots): State<Arc<Bots>>,
    State(hub): State<Arc<Hub>>,
    language: Language,
    Path(id): Path<String>,
    Json(request): Json<BotMove>,
) -> Result<Json<GameView>, ApiError> {
    let id = GameId::parse(&id)?;
    let (_, token) = bots.seat(&bot, &id).await?;
    let handle = hub
        .play(&id, &token, &request.mv, request.ply, from)
        .await?;
    view_of_handle(&handle, hub.now_ms(), language).await
}

/// The bot resigns its game.
#[utoipa::path(post, path = "/api/bot/games/{id}/resign", tag = tags::BOTS,
    params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, description = "The game, resigned", body = GameView),
              (status = 401, description = "No bot token, or one that opens no bot", body = ErrorBody),
              (status = 403, description = "The bot plays no seat of this game", body = ErrorBody),
              (status = 409, description = "The game is over", body = ErrorBody)))]
pub async fn resign(
    Bot(bot): Bot,
    State(bots): State<Arc<Bots>>,
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    let id = GameId::parse(&id)?;
    let (_, token) = bots.seat(&bot, &id).await?;
    hub.resign(&id, &token).await?;
    Ok(Json(snapshot(&hub, &id).await?.0))
}

/// A bot's answer to a draw.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotDraw {
    /// `offer`, `accept` or `decline`.
    action: Answer,
}

/// The bot offers, accepts or declines a draw.
#[utoipa::path(post, path = "/api/bot/games/{id}/draw", tag = tags::BOTS,
    params(("id" = String, Path, description = "The game's id")), request_body = BotDraw,
    responses((status = 200, description = "The game, drawn or with the offer standing", body = GameView),
              (status = 401, description = "No bot token, or one that opens no bot", body = ErrorBody),
              (status = 403, description = "The bot plays no seat of this game", body = ErrorBody),
              (status = 409, description = "No offer to answer, one standing already, or the game is over", body = ErrorBody)))]
pub async fn draw(
    Bot(bot): Bot,
    State(bots): State<Arc<Bots>>,
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Json(request): Json<BotDraw>,
) -> Result<Json<GameView>, ApiError> {
    let id = GameId::parse(&id)?;
    let (_, token) = bots.seat(&bot, &id).await?;
    hub.draw(&id, &token, request.action).await?;
    Ok(Json(snapshot(&hub, &id).await?.0))
}

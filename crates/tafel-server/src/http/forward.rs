//! A game's requests served by its owner (issue #51): on a shared database each game in play
//! belongs to the instance that wrote it last while that instance lives
//! ([`Hub::owner_elsewhere`]), and a request for it (`/api/games/{id}` and below, and a bot's
//! `/api/bot/games/{id}` and below) that reaches another instance is sent on to the owner over
//! the instances' own network, WebSockets included ([`pipe`]) and answers passed on as they
//! come (a bot's game stream stays a stream). So a move is worked out once, on the copy that is
//! current, instead of on a stale copy, refused by the store and worked out again.
//!
//! - **Marked.** A forwarded request shows the owner's token (`x-tafel-forward`, from the
//!   owner's `lease_holders` row, which only the instances read) and the sender's id
//!   (`x-tafel-forwarded-from`); the owner serves it whatever it then believes, so a request is
//!   forwarded at most once. A request without the owner's token is an ordinary one. The client's
//!   address travels in `X-Forwarded-For`, which the owner reads when the sender is among its
//!   `--trusted-proxies` (as for a proxy; the documented deployments list the instances there).
//! - **When the owner fails.** A request the owner never received (it stopped listening) is
//!   served here, as is a read whose answer was lost; a change whose answer was lost (the owner
//!   died after receiving it) is answered 503 `owner-lost`, since it may have been stored:
//!   the client asks again (a move names its ply, so it is not made twice), and once the
//!   owner's lease lapses (at most [`crate::store::LEASE`]) the game is served here. A stream
//!   (NDJSON) whose owner falls silent, or that is passed on while this instance begins to
//!   stop, ends with `{"type": "reconnect"}`, as the owner's own streams end when it stops.
//! - **Ownership follows the requests.** When the last [`HAND_OVER_AFTER`] requests for a game
//!   all came forwarded from one instance (a proxy that routes by game id sends them there),
//!   the owner hands the game over ([`Hub::hand_over`]), says so in its answer
//!   ([`HANDED_OVER`]), and that instance serves it from the next request on. Requests spread
//!   over the instances in turn never hand a game over.
//! - **Owners heard, not looked up.** Which instance owns a game is known from the changes
//!   the instances announce ([`crate::play::owners`]); the database is asked only for a game
//!   not heard of.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::time::Duration;

use axum::body::{to_bytes, Body, Bytes};
use axum::extract::ws::{Message, WebSocket};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures_util::stream::BoxStream;
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message as PeerMessage;

use super::api::bots::KEEPALIVE;
use super::drain::{Drain, Phase, RECONNECT_TYPE};
use super::error::ApiError;
use super::rate::ClientAddress;
use super::{AppState, MAX_BODY};
use crate::domain::instance::Owner;
use crate::msg;
use crate::play::Hub;

/// The header a forwarded request shows the owner's token in.
pub const FORWARD_TOKEN: &str = "x-tafel-forward";

/// The header naming the instance that forwarded a request.
pub const FORWARDED_FROM: &str = "x-tafel-forwarded-from";

/// The header of an answer to a forwarded request saying that the owner handed the game
/// over to the instance that forwarded it (which then serves it, and forgets the owner it
/// had heard of), with the game's version then.
pub const HANDED_OVER: &str = "x-tafel-handed-over";

/// Consecutive requests for a game forwarded from one instance after which the owner hands
/// the game over to it.
pub const HAND_OVER_AFTER: u32 = 4;

/// Games whose forwarded requests are counted at most (past this, the counts start again).
const MAX_STREAKS: usize = 10_000;

/// How long connecting to the owner may take before the request is served here.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(1);

/// How long an answer's body may be silent before its owner counts as gone: twice the longest
/// silence of a stream (which sends a blank line after [`KEEPALIVE`]).
const SILENCE: Duration = Duration::from_secs(2 * KEEPALIVE.as_secs());

/// The media type of a stream of JSON lines (a bot's game).
const NDJSON: &str = "application/x-ndjson";

/// Headers of one hop (RFC 9110, 7.6.1), and the instances' own: never sent on, either way.
const HOP_BY_HOP: [&str; 8] = [
    "connection",
    "keep-alive",
    "proxy-connection",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
    HANDED_OVER,
];

/// Headers of a request that the forwarder sets itself.
const SET_BY_FORWARDER: [&str; 4] = [
    "forwarded",
    "x-forwarded-for",
    FORWARD_TOKEN,
    FORWARDED_FROM,
];

/// The instances' side of forwarding: this instance's token, the client that sends requests
/// on, how long the owner has to answer, and, per game, where its last forwarded requests
/// came from.
pub struct Forwarding {
    token: String,
    client: reqwest::Client,
    answer_within: Duration,
    streaks: Mutex<HashMap<String, (String, u32)>>,
}

impl Forwarding {
    /// Forwarding with this instance's `token` (the one it publishes), for requests that have
    /// `request_timeout` to be answered: the owner gets nine tenths of it to begin its answer,
    /// so that its silence is answered here (`owner-lost`) before the request's own time runs
    /// out. The answer's body then comes as it comes (a stream may last), while the owner is
    /// never silent for longer than twice a stream's keep-alive.
    pub fn new(token: String, request_timeout: Duration) -> Forwarding {
        let client = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .read_timeout(SILENCE)
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .build()
            .unwrap_or_default();
        Forwarding {
            token,
            client,
            answer_within: request_timeout * 9 / 10,
            streaks: Mutex::default(),
        }
    }

    /// The instance that forwarded a request with these `headers`, if it shows this
    /// instance's token.
    fn sender(&self, headers: &HeaderMap) -> Option<String> {
        let token = headers.get(FORWARD_TOKEN)?.as_bytes();
        let shown = subtle::ConstantTimeEq::ct_eq(token, self.token.as_bytes());
        bool::from(shown).then(|| {
            headers
                .get(FORWARDED_FROM)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_string()
        })
    }

    /// Counts a request for game `id` forwarded from `sender` (None: one that came here
    /// directly); says whether the game's requests now come through `sender` only.
    fn arrived(&self, id: &str, sender: Option<&str>) -> bool {
        let mut streaks = self.streaks.lock().unwrap_or_else(|e| e.into_inner());
        let Some(sender) = sender else {
            streaks.remove(id);
            return false;
        };
        if streaks.len() >= MAX_STREAKS && !streaks.contains_key(id) {
            streaks.clear();
        }
        let streak = streaks
            .entry(id.to_string())
            .or_insert_with(|| (sender.to_string(), 0));
        if streak.0 != sender {
            *streak = (sender.to_string(), 0);
        }
        streak.1 += 1;
        let hand_over = streak.1 >= HAND_OVER_AFTER;
        if hand_over {
            streaks.remove(id);
        }
        hand_over
    }
}

/// The game a request's path names, if it is one of a game's (`/api/games/{id}` and below, or
/// a bot's `/api/bot/games/{id}` and below).
fn game_of(path: &str) -> Option<&str> {
    let rest = path
        .strip_prefix("/api/games/")
        .or_else(|| path.strip_prefix("/api/bot/games/"))?;
    let id = rest.split('/').next()?;
    (!id.is_empty()).then_some(id)
}

/// Whether `request` opens a WebSocket.
fn opens_socket(request: &Request) -> bool {
    request
        .headers()
        .get(header::UPGRADE)
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"websocket"))
}

/// Where a WebSocket of a game whose owner is elsewhere is to be piped: put in the request
/// for [`super::ws::connect`].
#[derive(Clone, Debug)]
pub struct OwnerElsewhere(pub Owner);

/// The layer of a game's requests: one forwarded here is served here (and counted towards
/// handing the game over); one for a game another instance owns is sent on to it (a
/// WebSocket is marked for [`super::ws::connect`], which pipes it); the rest are served
/// here.
pub async fn to_owner(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let hub = &state.hub;
    // One instance alone on its database owns every game: nothing to count or forward.
    let Some(id) = game_of(request.uri().path())
        .filter(|_| hub.store().is_shared())
        .map(str::to_string)
    else {
        return next.run(request).await;
    };
    let sender = state.forwarding.sender(request.headers());
    if sender.is_some() {
        hub.stats().served_forwarded.fetch_add(1, Ordering::Relaxed);
    }
    let hand_over = state.forwarding.arrived(&id, sender.as_deref());
    if sender.is_some() {
        let mut answer = next.run(request).await;
        if hand_over && answer.status().is_success() {
            let version = hub.hand_over(&id).await;
            answer
                .headers_mut()
                .insert(HANDED_OVER, HeaderValue::from(version));
        }
        return answer;
    }
    let Some(owner) = hub.owner_elsewhere(&id).await else {
        return next.run(request).await;
    };
    if opens_socket(&request) {
        request.extensions_mut().insert(OwnerElsewhere(owner));
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let Ok(body) = to_bytes(body, MAX_BODY).await else {
        return StatusCode::PAYLOAD_TOO_LARGE.into_response();
    };
    let client = parts
        .extensions
        .get::<ClientAddress>()
        .and_then(|ClientAddress(ip)| *ip);
    let url = format!(
        "{}{}",
        owner.address.trim_end_matches('/'),
        parts.uri.path_and_query().map_or("/", |p| p.as_str())
    );
    let sending = state
        .forwarding
        .client
        .request(parts.method.clone(), url)
        .headers(headers_on(&parts.headers, &owner, hub, client))
        .body(body.clone())
        .send();
    let failure = match tokio::time::timeout(state.forwarding.answer_within, sending).await {
        Ok(Ok(answer)) => {
            hub.stats().forwarded.fetch_add(1, Ordering::Relaxed);
            if let Some(version) = answer.headers().get(HANDED_OVER) {
                let version = version.to_str().ok().and_then(|v| v.parse().ok());
                hub.owners().handed_over(&id, version.unwrap_or(0));
            }
            return answered(answer, state.drain.clone());
        }
        Ok(Err(e)) if e.is_connect() => Failure::NeverReceived(e.to_string()),
        Ok(Err(e)) => Failure::Lost(e.to_string()),
        Err(_) => Failure::Lost("no answer in time".to_string()),
    };
    if let Failure::NeverReceived(_) = failure {
        hub.owners().unreachable(&owner.holder);
    }
    match failure {
        Failure::NeverReceived(why) | Failure::Lost(why) if is_read(&parts.method) => {
            tracing::warn!(
                "the owner of game {id} ({}) did not answer; serving it here: {why}",
                owner.address
            );
            next.run(Request::from_parts(parts, Body::from(body))).await
        }
        Failure::NeverReceived(why) => {
            tracing::warn!(
                "the owner of game {id} ({}) cannot be reached; serving it here: {why}",
                owner.address
            );
            next.run(Request::from_parts(parts, Body::from(body))).await
        }
        Failure::Lost(why) => {
            tracing::warn!("the owner of game {id} ({}) failed: {why}", owner.address);
            let mut lost = ApiError::unavailable(msg!("owner-lost"));
            lost.retry_after = Some(Duration::from_secs(1));
            lost.into_response()
        }
    }
}

/// How sending a request on to its owner failed.
enum Failure {
    /// The owner was not reached: it never received the request.
    NeverReceived(String),
    /// The owner may have received it, but its answer did not come.
    Lost(String),
}

/// Whether `method` only reads, so that asking again elsewhere changes nothing.
fn is_read(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The headers a request is sent on with: the client's own (but those of one hop), the
/// client's address, the owner's token and this instance's id.
fn headers_on(headers: &HeaderMap, owner: &Owner, hub: &Hub, client: Option<IpAddr>) -> HeaderMap {
    let mut on = headers.clone();
    for name in HOP_BY_HOP.iter().chain(&SET_BY_FORWARDER) {
        on.remove(*name);
    }
    let mut set = |name: &'static str, value: &str| {
        if let Ok(value) = HeaderValue::from_str(value) {
            on.insert(HeaderName::from_static(name), value);
        }
    };
    if let Some(client) = client {
        set("x-forwarded-for", &client.to_string());
    }
    set(FORWARD_TOKEN, &owner.token);
    set(FORWARDED_FROM, hub.instance());
    on
}

/// The owner's `answer` as this instance's (but the headers of one hop), its body passed on
/// as it comes. A stream of JSON lines whose owner falls silent or breaks off, or that is
/// still running when this instance begins to stop (`drain`), ends with
/// `{"type": "reconnect"}`, so that its client opens it again at once.
fn answered(answer: reqwest::Response, drain: Drain) -> Response {
    let status = answer.status();
    let mut headers = answer.headers().clone();
    for name in HOP_BY_HOP {
        headers.remove(name);
    }
    headers.remove(header::CONTENT_LENGTH);
    let streams = headers
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(NDJSON.as_bytes()));
    let chunks = answer.bytes_stream();
    let body = if streams {
        Body::from_stream(ended_by_reconnect(chunks.boxed(), drain))
    } else {
        Body::from_stream(chunks)
    };
    let mut response = (status, body).into_response();
    response.headers_mut().extend(headers);
    response
}

/// The owner's stream of JSON lines `chunks`, ended by a `reconnect` line when it breaks off
/// or when `drain` reaches [`Phase::Draining`] (the line starts on a line of its own, so a
/// line the owner left unfinished is not mistaken for it).
fn ended_by_reconnect(
    chunks: BoxStream<'static, reqwest::Result<Bytes>>,
    drain: Drain,
) -> impl futures_util::Stream<Item = Result<Bytes, std::convert::Infallible>> {
    let reconnect = Bytes::from(format!(
        "\n{}\n",
        serde_json::json!({ "type": RECONNECT_TYPE })
    ));
    futures_util::stream::unfold(Some(chunks), move |chunks| {
        let (drain, reconnect) = (drain.clone(), reconnect.clone());
        async move {
            let mut chunks = chunks?;
            tokio::select! {
                chunk = chunks.next() => match chunk {
                    Some(Ok(chunk)) => Some((Ok(chunk), Some(chunks))),
                    Some(Err(e)) => {
                        tracing::warn!("a game's stream from its owner broke off: {e}");
                        Some((Ok(reconnect), None))
                    }
                    None => None,
                },
                () = drain.reached(Phase::Draining) => Some((Ok(reconnect), None)),
            }
        }
    })
}

/// Opens the WebSocket of a request (its `path_and_query` and `headers`) at the game's
/// `owner`; None when the owner cannot be reached (the socket is then served here).
pub async fn open_at_owner(
    owner: &Owner,
    path_and_query: &str,
    headers: &HeaderMap,
    hub: &Hub,
    client: Option<IpAddr>,
) -> Option<PeerSocket> {
    let address = owner.address.trim_end_matches('/');
    let url = match address.split_once("://") {
        Some(("https", rest)) => format!("wss://{rest}{path_and_query}"),
        Some((_, rest)) => format!("ws://{rest}{path_and_query}"),
        None => format!("ws://{address}{path_and_query}"),
    };
    let mut request = url.into_client_request().ok()?;
    let mut on = headers_on(headers, owner, hub, client);
    // The client's Host stays (the owner's Origin check compares the page's origin with it).
    for name in [
        "sec-websocket-key",
        "sec-websocket-version",
        "sec-websocket-extensions",
    ] {
        on.remove(name);
    }
    request.headers_mut().extend(on);
    let connecting = tokio_tungstenite::connect_async(request);
    match tokio::time::timeout(CONNECT_TIMEOUT, connecting).await {
        Ok(Ok((socket, _))) => {
            hub.stats().forwarded.fetch_add(1, Ordering::Relaxed);
            Some(socket)
        }
        Ok(Err(e)) => {
            tracing::warn!("cannot open a game's socket at its owner {address}: {e}");
            None
        }
        Err(_) => {
            tracing::warn!("opening a game's socket at its owner {address} took too long");
            None
        }
    }
}

/// A WebSocket opened at a game's owner.
pub type PeerSocket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Passes messages between a client's `socket` and the one opened at the game's owner until
/// either closes. When the owner's socket fails (the owner died) or `stopping` resolves (this
/// server begins to stop), the client is sent `reconnect` (the message a stopping owner
/// sends: `{"type": "reconnect"}`).
pub async fn pipe(
    mut socket: WebSocket,
    owner: PeerSocket,
    stopping: impl std::future::Future<Output = ()>,
    reconnect: &str,
) {
    let (mut to_owner, mut from_owner) = owner.split();
    let reconnect = || Message::Text(reconnect.into());
    tokio::pin!(stopping);
    loop {
        tokio::select! {
            message = socket.recv() => {
                let sent = match message {
                    Some(Ok(Message::Text(text))) => to_owner.send(PeerMessage::text(text.as_str())).await,
                    Some(Ok(Message::Binary(data))) => to_owner.send(PeerMessage::binary(data)).await,
                    Some(Ok(_)) => Ok(()),
                    Some(Err(_)) | None => {
                        let _ = to_owner.close().await;
                        return;
                    }
                };
                if sent.is_err() {
                    let _ = socket.send(reconnect()).await;
                    return;
                }
            }
            message = from_owner.next() => {
                let sent = match message {
                    Some(Ok(PeerMessage::Text(text))) => socket.send(Message::Text(text.as_str().into())).await,
                    Some(Ok(PeerMessage::Binary(data))) => socket.send(Message::Binary(data)).await,
                    Some(Ok(PeerMessage::Close(_))) => {
                        let _ = socket.send(Message::Close(None)).await;
                        return;
                    }
                    Some(Ok(_)) => Ok(()),
                    Some(Err(_)) | None => {
                        let _ = socket.send(reconnect()).await;
                        return;
                    }
                };
                if sent.is_err() {
                    let _ = to_owner.close().await;
                    return;
                }
            }
            () = &mut stopping => {
                let _ = socket.send(reconnect()).await;
                let _ = to_owner.close().await;
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_games_requests_are_known_by_their_path() {
        assert_eq!(game_of("/api/games/abc"), Some("abc"));
        assert_eq!(game_of("/api/games/abc/moves"), Some("abc"));
        assert_eq!(game_of("/api/games/abc/ws"), Some("abc"));
        assert_eq!(game_of("/api/bot/games/abc/stream"), Some("abc"));
        assert_eq!(game_of("/api/bot/games/abc/moves"), Some("abc"));
        assert_eq!(game_of("/api/bot/stream"), None);
        assert_eq!(game_of("/api/games"), None);
        assert_eq!(game_of("/api/games/"), None);
        assert_eq!(game_of("/api/players/abc"), None);
    }

    #[test]
    fn only_the_owners_token_marks_a_forwarded_request() {
        let forwarding = Forwarding::new("secret".into(), Duration::from_secs(1));
        let mut headers = HeaderMap::new();
        assert_eq!(forwarding.sender(&headers), None);
        headers.insert(FORWARD_TOKEN, HeaderValue::from_static("guess"));
        headers.insert(FORWARDED_FROM, HeaderValue::from_static("b"));
        assert_eq!(forwarding.sender(&headers), None);
        headers.insert(FORWARD_TOKEN, HeaderValue::from_static("secret"));
        assert_eq!(forwarding.sender(&headers), Some("b".to_string()));
    }

    #[test]
    fn a_game_is_handed_over_only_when_its_requests_keep_coming_through_one_instance() {
        let forwarding = Forwarding::new("t".into(), Duration::from_secs(1));
        for _ in 1..HAND_OVER_AFTER {
            assert!(!forwarding.arrived("g", Some("b")));
        }
        assert!(forwarding.arrived("g", Some("b")), "the fourth in a row");
        // Requests spread over the instances in turn: never.
        for _ in 0..20 {
            assert!(!forwarding.arrived("h", Some("b")));
            assert!(!forwarding.arrived("h", None));
            assert!(!forwarding.arrived("h", Some("c")));
        }
        // Another sender starts the count again.
        for _ in 1..HAND_OVER_AFTER {
            assert!(!forwarding.arrived("k", Some("b")));
        }
        assert!(!forwarding.arrived("k", Some("c")));
    }
}

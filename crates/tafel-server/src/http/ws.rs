//! The WebSocket of a game: every viewer gets the game's view at once and again after every
//! change, and who is online; players may also send moves and undo requests through it.
//!
//! Messages from the server: `{"type": "view", "view": {...}}`, `{"type": "presence",
//! "seats": [0, 1], "away": [1], "spectators": 2}` (first sent a quarter of a second after the
//! opening, so that a player's hello is counted), `{"type": "joined", "seat": 1, "name":
//! "Ann"}` (an invited person took their seat), `{"type": "rematch", "id": "...", "seat": 0}`
//! (the rematch was agreed on and made; `seat` agreed last), `{"type": "answered", "proposal":
//! "draw", "seat": 1, "answer": "declined"}` (a draw offer, takeback request or rematch offer
//! came to nothing: `declined`, `withdrawn`, `expired`, ended by a move, or `left`, a rematch
//! offer whose player closed the game's page), `{"type": "chat", "message": {...}}` (a chat
//! message, to the viewers who read its room: players the players' room, others the
//! spectators'), `{"type": "error", "error": "...", "status": 409}` (a refusal or failure,
//! with the status an HTTP request would have had: 500 an internal failure, whose words are
//! for the operator) and `{"type": "reconnect"}` (the server is stopping: the socket closes
//! after it, and the page opens a new one, which the load balancer sends to another instance).
//! Messages to the server: `{"type": "hello", "tokens": ["..."]}` (the seats this viewer
//! holds, so that it counts as their holder rather than a spectator), `{"type": "away",
//! "away": true}` (the page is hidden, or shown again with `false`), `{"type": "move",
//! "token": "...", "move": "...", "ply": 12}` and `{"type": "undo", "token": "..."}`.
//! `docs/api.md` describes them with the flows.
//!
//! Limits: at most [`Sockets`]' number of WebSockets are open (503 beyond); a client's message
//! may be 16 KiB; buffers start small and grow only to the size of the messages; a socket that
//! is quiet for the ping interval is pinged and closed if it does not answer within as long
//! again, and so is one that cannot take a message within that time.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Uri};
use axum::response::Response;
use axum::Extension;
use serde::Deserialize;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::{timeout, Instant};

use crate::domain::ids::{GameId, SeatToken};
use crate::domain::Error;
use crate::http::drain::{Drain, Phase, RECONNECT_TYPE};
use crate::http::error::{socket_error, ApiError, ErrorBody};
use crate::http::forward::{self, OwnerElsewhere};
use crate::http::language::Language;
use crate::http::rate::ClientAddress;
use crate::http::views::GameView;
use crate::msg;
use crate::play::{Event, Hub, Watch};

/// What a client may send.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum ClientMessage {
    Move {
        token: String,
        #[serde(rename = "move")]
        mv: String,
        #[serde(default)]
        ply: Option<usize>,
    },
    Undo {
        token: String,
    },
    Hello {
        tokens: Vec<String>,
    },
    Away {
        away: bool,
    },
}

/// The most tokens a `hello` may show (a game has at most four seats).
const MAX_HELLO_TOKENS: usize = 8;

/// The largest message a client may send.
const MAX_MESSAGE: usize = 16 * 1024;

/// The read buffer a socket starts with: clients send small messages.
const READ_BUFFER: usize = 4 * 1024;

/// Unsent data a socket may hold (a view waiting for a slow reader).
const MAX_WRITE_BUFFER: usize = 1024 * 1024;

/// The WebSockets open now, within a limit, how often they are pinged, and whether the server
/// is stopping.
pub struct Sockets {
    slots: Arc<Semaphore>,
    max: usize,
    ping: Duration,
    drain: Drain,
}

impl Sockets {
    /// At most `max` sockets open, each pinged after `ping` of silence and told to reconnect
    /// when `drain` begins.
    pub fn new(max: usize, ping: Duration, drain: Drain) -> Sockets {
        Sockets {
            slots: Arc::new(Semaphore::new(max)),
            max,
            ping,
            drain,
        }
    }

    /// A place for one more socket, held as long as the permit lives; 503 when all are taken
    /// or the server is stopping.
    pub fn open(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        if self.drain.is_draining() {
            return Err(ApiError::unavailable(msg!("server-is-restarting")));
        }
        self.slots
            .clone()
            .try_acquire_owned()
            .map_err(|_| ApiError::unavailable(msg!("server-has-as-many-websockets-open")))
    }

    /// The WebSockets open now.
    pub fn open_now(&self) -> usize {
        self.max - self.slots.available_permits()
    }

    /// Resolves when the server begins to stop: then a socket sends a message of type
    /// [`RECONNECT_TYPE`] and closes.
    pub async fn stopping(&self) {
        self.drain.reached(Phase::Draining).await
    }

    /// How long a socket may be silent before it is pinged.
    pub fn ping(&self) -> Duration {
        self.ping
    }

    /// `upgrade` within the limits of every socket: message size and buffers.
    pub fn upgrade(&self, upgrade: WebSocketUpgrade) -> WebSocketUpgrade {
        upgrade
            .read_buffer_size(READ_BUFFER)
            .write_buffer_size(0)
            .max_write_buffer_size(MAX_WRITE_BUFFER)
            .max_message_size(MAX_MESSAGE)
            .max_frame_size(MAX_MESSAGE)
    }
}

/// What a socket's silence means: after the ping interval without a message it is pinged, and
/// when the ping goes unanswered as long again (or cannot be sent) the other end is gone.
pub struct Keepalive {
    ping: Duration,
    quiet_since: Instant,
    pinged: bool,
}

/// What a socket's next message is to its loop.
pub enum Incoming {
    /// A text message to read.
    Text(String),
    /// Nothing to act on (a ping, a pong, binary data).
    Nothing,
    /// The other end closed the socket or it failed.
    Gone,
}

impl Keepalive {
    /// Pinging after `ping` of silence.
    pub fn new(ping: Duration) -> Keepalive {
        Keepalive {
            ping,
            quiet_since: Instant::now(),
            pinged: false,
        }
    }

    /// When the socket is to be pinged (or given up) if it stays silent.
    pub fn due(&self) -> Instant {
        self.quiet_since + self.ping
    }

    /// At [`Keepalive::due`]: pings `socket`, or says (false) that the other end is gone
    /// because it did not answer the last ping or this one cannot be sent.
    pub async fn ping(&mut self, socket: &mut WebSocket) -> bool {
        if self.pinged {
            return false;
        }
        let sent = timeout(self.ping, socket.send(Message::Ping(Default::default()))).await;
        self.pinged = true;
        self.quiet_since = Instant::now();
        matches!(sent, Ok(Ok(())))
    }

    /// Takes what the socket received: the other end is there.
    pub fn heard(&mut self, message: Option<Result<Message, axum::Error>>) -> Incoming {
        self.quiet_since = Instant::now();
        self.pinged = false;
        match message {
            Some(Ok(Message::Text(text))) => Incoming::Text(text.to_string()),
            Some(Ok(Message::Close(_))) | None | Some(Err(_)) => Incoming::Gone,
            Some(Ok(_)) => Incoming::Nothing,
        }
    }
}

/// Upgrades to a WebSocket for game `id`, if a socket may still be opened. The messages are
/// described in `docs/api.md`.
#[utoipa::path(get, path = "/api/games/{id}/ws", tag = crate::http::api::tags::PLAY,
    params(("id" = String, Path, description = "The game's id")),
    responses((status = 101, description = "A WebSocket: the game's views, presence, joined, rematch, answered and chat events pushed; hello, away, move and undo accepted"),
              (status = 400, description = "Not a WebSocket opening (the Upgrade and Sec-WebSocket headers are missing)", body = ErrorBody),
              (status = 404, description = "No such game", body = ErrorBody),
              (status = 503, description = "As many WebSockets open as the server allows", body = ErrorBody)))]
#[allow(clippy::too_many_arguments)] // an axum handler takes what it needs as arguments
pub async fn connect(
    ClientAddress(from): ClientAddress,
    State(hub): State<Arc<Hub>>,
    State(sockets): State<Arc<Sockets>>,
    Path(id): Path<String>,
    owner: Option<Extension<OwnerElsewhere>>,
    uri: Uri,
    headers: HeaderMap,
    language: Language,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let slot = sockets.open()?;
    if let Some(Extension(OwnerElsewhere(owner))) = owner {
        let path = uri.path_and_query().map_or("/", |p| p.as_str());
        if let Some(at_owner) = forward::open_at_owner(&owner, path, &headers, &hub, from).await {
            let upgrade = sockets.upgrade(upgrade);
            return Ok(upgrade.on_upgrade(move |socket| async move {
                let _slot = slot;
                let reconnect = serde_json::json!({ "type": RECONNECT_TYPE }).to_string();
                forward::pipe(socket, at_owner, sockets.stopping(), &reconnect).await
            }));
        }
    }
    // The game must exist; the viewer finds it again for every view (it may leave memory).
    let id = GameId::parse(&id)?;
    hub.get(&id).await?;
    let ping = sockets.ping;
    let upgrade = sockets.upgrade(upgrade);
    Ok(upgrade.on_upgrade(move |socket| async move {
        Viewer {
            socket,
            watch: hub.watch(&id),
            hub,
            id,
            from,
            language,
            ping,
            sockets,
            presence_due: None,
            _slot: slot,
        }
        .serve()
        .await
    }))
}

/// One open WebSocket on a game.
struct Viewer {
    socket: WebSocket,
    hub: Arc<Hub>,
    id: GameId,
    /// The client's address (the computer's replies to its moves are for it).
    from: Option<IpAddr>,
    /// The language its errors are said in (the page's, when it opened the socket).
    language: Language,
    watch: Watch,
    ping: Duration,
    /// The sockets, to hear when the server stops.
    sockets: Arc<Sockets>,
    /// When to tell this viewer who is watching: changes of presence are sent together, at
    /// most one message per [`PRESENCE_PAUSE`], so that many viewers coming and going on one
    /// game do not make each of them a message apiece.
    presence_due: Option<Instant>,
    _slot: OwnedSemaphorePermit,
}

/// How long a change of presence waits for others before it is sent.
const PRESENCE_PAUSE: Duration = Duration::from_millis(250);

impl Viewer {
    /// Sends a message, unless the client does not take it within the ping interval.
    async fn send(&mut self, text: String) -> bool {
        matches!(
            timeout(self.ping, self.socket.send(Message::Text(text.into()))).await,
            Ok(Ok(()))
        )
    }

    /// Sends who is online.
    async fn send_presence(&mut self) -> bool {
        let presence = self.hub.presence(&self.id);
        let text = serde_json::json!({
            "type": "presence", "seats": presence.seats, "away": presence.away,
            "spectators": presence.spectators,
        });
        self.send(text.to_string()).await
    }

    /// Sends what `event` says, and the view after it.
    async fn send_event(&mut self, event: Event) -> bool {
        let notice = match event {
            Event::Presence => {
                self.presence_due
                    .get_or_insert_with(|| Instant::now() + PRESENCE_PAUSE);
                return true;
            }
            Event::Changed => None,
            Event::Chat(message, over) => {
                if !message.room.read_by(self.watch.holds_seats(), over) {
                    return true;
                }
                let text = serde_json::json!({ "type": "chat", "message": message });
                return self.send(text.to_string()).await;
            }
            Event::Joined { seat, name } => {
                Some(serde_json::json!({ "type": "joined", "seat": seat, "name": name.as_str() }))
            }
            Event::Rematch { id, seat } => {
                Some(serde_json::json!({ "type": "rematch", "id": id, "seat": seat }))
            }
            Event::Lapsed(lapse) => Some(serde_json::json!({
                "type": "answered", "proposal": lapse.proposal, "seat": lapse.seat,
                "answer": lapse.answer,
            })),
        };
        if let Some(notice) = notice {
            if !self.send(notice.to_string()).await {
                return false;
            }
        }
        self.send_view().await
    }

    /// Sends the current view.
    async fn send_view(&mut self) -> bool {
        let text = match self.hub.get(&self.id).await {
            Ok(handle) => {
                match GameView::of(
                    &*handle.lock().await,
                    None,
                    self.hub.now_ms(),
                    self.language,
                ) {
                    Ok(view) => serde_json::json!({ "type": "view", "view": view }).to_string(),
                    Err(e) => self.error_message(&ApiError::from(e)),
                }
            }
            Err(e) => self.error_message(&ApiError::from(e)),
        };
        self.send(text).await
    }

    /// Does what a client's message asks.
    async fn act(&mut self, message: ClientMessage) -> Result<(), Error> {
        match message {
            ClientMessage::Move { token, mv, ply } => {
                let token = SeatToken::parse(&token)?;
                self.hub.play(&self.id, &token, &mv, ply, self.from).await?;
                Ok(())
            }
            ClientMessage::Undo { token } => {
                let token = SeatToken::parse(&token)?;
                self.hub.undo(&self.id, &token).await
            }
            ClientMessage::Hello { tokens } => {
                let tokens: Vec<SeatToken> = tokens
                    .iter()
                    .filter_map(|t| SeatToken::parse(t).ok())
                    .collect();
                let seats = self.hub.seats_held(&self.id, &tokens).await;
                self.watch.identify(seats);
                Ok(())
            }
            ClientMessage::Away { away } => {
                self.watch.set_away(away);
                Ok(())
            }
        }
    }

    async fn serve(mut self) {
        if !self.send_view().await {
            return;
        }
        // Who is online is first sent after a pause: a player's page says hello at once, and
        // would otherwise be told of itself as a spectator for a moment.
        self.presence_due = Some(Instant::now() + PRESENCE_PAUSE);
        let mut keepalive = Keepalive::new(self.ping);
        let sockets = self.sockets.clone();
        loop {
            let wake = keepalive.due();
            let presence = self.presence_due;
            tokio::select! {
                () = sockets.stopping() => {
                    let reconnect = serde_json::json!({ "type": RECONNECT_TYPE });
                    self.send(reconnect.to_string()).await;
                    return;
                }
                () = tokio::time::sleep_until(presence.unwrap_or(wake)), if presence.is_some() => {
                    self.presence_due = None;
                    if !self.send_presence().await {
                        return;
                    }
                }
                event = self.watch.changed() => {
                    if !self.send_event(event).await {
                        return;
                    }
                }
                () = tokio::time::sleep_until(wake) => {
                    if !keepalive.ping(&mut self.socket).await {
                        return;
                    }
                }
                message = self.socket.recv() => {
                    let text = match keepalive.heard(message) {
                        Incoming::Text(text) => text,
                        Incoming::Gone => return,
                        Incoming::Nothing => continue,
                    };
                    let result = match parse(&text) {
                        Ok(message) => self.act(message).await.map_err(ApiError::from),
                        Err(e) => Err(e),
                    };
                    if let Err(e) = result {
                        if !self.send(self.error_message(&e)).await {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// Reads a client's message.
fn parse(text: &str) -> Result<ClientMessage, ApiError> {
    let message: ClientMessage = serde_json::from_str(text)
        .map_err(|e| ApiError::bad_request(msg!("malformed-message", e)))?;
    if let ClientMessage::Hello { tokens } = &message {
        if tokens.len() > MAX_HELLO_TOKENS {
            return Err(ApiError::bad_request(msg!(
                "malformed-message-a-hello-shows-at",
                max_hello_tokens = MAX_HELLO_TOKENS
            )));
        }
    }
    Ok(message)
}

impl Viewer {
    /// The message that tells this viewer of `error`, in its language.
    fn error_message(&self, error: &ApiError) -> String {
        socket_error(error, self.language).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn messages_are_read_or_refused_with_a_reason() {
        assert!(matches!(
            parse(r#"{"type": "move", "token": "t", "move": "2", "ply": 3}"#),
            Ok(ClientMessage::Move { ply: Some(3), .. })
        ));
        assert!(matches!(
            parse(r#"{"type": "undo", "token": "t"}"#),
            Ok(ClientMessage::Undo { .. })
        ));
        assert!(matches!(
            parse(r#"{"type": "hello", "tokens": ["a", "b"]}"#),
            Ok(ClientMessage::Hello { .. })
        ));
        assert!(matches!(
            parse(r#"{"type": "away", "away": true}"#),
            Ok(ClientMessage::Away { away: true })
        ));
        for bad in [
            "",
            "{",
            r#"{"type": "resign"}"#,
            r#"{"type": "undo"}"#,
            r#"{"type": "move", "token": "t", "move": 2}"#,
            r#"{"type": "undo", "token": "t", "extra": 1}"#,
            r#"{"type": "hello", "tokens": ["1","2","3","4","5","6","7","8","9"]}"#,
        ] {
            let error = parse(bad).unwrap_err();
            assert!(
                error.message.to_string().starts_with("malformed message: "),
                "{bad}"
            );
        }
    }

    /// A valid message, for mutation.
    const SAMPLE: &str = r#"{"type": "move", "token": "0123abcd", "move": "2233-2244", "ply": 12}"#;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]

        #[test]
        fn any_text_is_read_or_refused_without_panic(text in any::<String>()) {
            let _ = parse(&text);
        }

        #[test]
        fn mutated_messages_are_read_or_refused_without_panic(
            edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<char>(), 0..3u8), 1..6)
        ) {
            let mut text: Vec<char> = SAMPLE.chars().collect();
            for (at, c, how) in edits {
                let i = at.index(text.len() + 1);
                match how {
                    0 => text.insert(i, c),
                    1 if i < text.len() => { text.remove(i); }
                    _ if i < text.len() => text[i] = c,
                    _ => text.push(c),
                }
            }
            let text: String = text.into_iter().collect();
            if let Err(e) = parse(&text) {
                prop_assert!(e.message.to_string().starts_with("malformed message: "));
            }
        }
    }
}

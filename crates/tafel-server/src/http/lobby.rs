//! The lobby: the seeks listed (`GET /api/seeks`) and the lobby's WebSocket
//! (`/api/lobby/ws`), through which a person in the lobby lists, withdraws and takes seeks.
//! A seek lasts as long as the WebSocket of its owner: leaving the lobby withdraws it.
//!
//! Messages from the server: `{"type": "seeks", "seeks": [...]}` (the list, at once and
//! after every change), `{"type": "seeking", "seek": {...}}` (the seek just listed),
//! `{"type": "game", "id": "...", "seat": 0, "token": "..."}` (a game made from a seek, for
//! its owner or its taker: the page goes to it with the token), `{"type": "error",
//! "error": "..."}` and `{"type": "reconnect"}` (the server is stopping; as on a game's
//! socket). Messages to the server: `{"type": "seek", "seek": {...}, "name": "Ann"}`
//! (the name shown for a person without an account), `{"type": "withdraw", "id": "..."}`
//! (without `id`: all one's seeks), `{"type": "take", "id": "...", "name": "Bo"}`.
//! `docs/api.md` describes them with the flows.

use std::collections::HashSet;
use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use axum::Json;
use serde::Deserialize;
use tokio::sync::OwnedSemaphorePermit;
use tokio::time::timeout;

use super::api::tags;
use crate::domain::ids::SeatToken;
use crate::domain::name::PersonName;
use crate::domain::seek::{SeekRequest, SeekView};
use crate::domain::Error;
use crate::http::drain::RECONNECT_TYPE;
use crate::http::error::{socket_error, ApiError, ErrorBody};
use crate::http::language::Language;
use crate::http::session::MaybeSignedIn;
use crate::http::ws::{Incoming, Keepalive, Sockets};
use crate::msg;
use crate::play::lobby::{Lobby, LobbyGame, Seeker, LOBBY_REFRESH};

/// What a client may send.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum ClientMessage {
    Seek {
        seek: SeekRequest,
        #[serde(default)]
        name: Option<String>,
    },
    Withdraw {
        #[serde(default)]
        id: Option<String>,
    },
    Take {
        id: String,
        #[serde(default)]
        name: Option<String>,
    },
}

/// The seeks waiting for a taker, oldest first.
#[utoipa::path(get, path = "/api/seeks", tag = tags::LOBBY,
    responses((status = 200, description = "The seeks listed in the lobby", body = Vec<SeekView>)))]
pub async fn seeks(State(lobby): State<Arc<Lobby>>) -> Result<Json<Vec<SeekView>>, ApiError> {
    Ok(Json(lobby.listed().await?))
}

/// Upgrades to the lobby's WebSocket, if a socket may still be opened. The session cookie,
/// if any, says whose seeks these are.
#[utoipa::path(get, path = "/api/lobby/ws", tag = tags::LOBBY,
    responses((status = 101, description = "A WebSocket: the seeks pushed; seek, withdraw and take accepted"),
              (status = 400, description = "Not a WebSocket opening (the Upgrade and Sec-WebSocket headers are missing)", body = ErrorBody),
              (status = 503, description = "As many WebSockets open as the server allows", body = ErrorBody)))]
pub async fn connect(
    MaybeSignedIn(account): MaybeSignedIn,
    State(lobby): State<Arc<Lobby>>,
    State(sockets): State<Arc<Sockets>>,
    language: Language,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let slot = sockets.open()?;
    let ping = sockets.ping();
    let seeker = Seeker {
        connection: SeatToken::random().as_str().to_string(),
        account,
        name: PersonName::parse("Guest")?,
    };
    Ok(sockets
        .upgrade(upgrade)
        .on_upgrade(move |socket| async move {
            let visitor = Visitor {
                socket,
                lobby,
                seeker,
                seeking: HashSet::new(),
                language,
                ping,
                sockets,
                _slot: slot,
            };
            visitor.serve().await
        }))
}

/// One person in the lobby, through their WebSocket.
struct Visitor {
    socket: WebSocket,
    lobby: Arc<Lobby>,
    seeker: Seeker,
    /// The seeks this person listed that may still become games (only then does the
    /// connection ask the store for games made for it).
    seeking: HashSet<String>,
    /// The language its errors are said in (the page's, when it opened the socket).
    language: Language,
    ping: std::time::Duration,
    /// The sockets, to hear when the server stops.
    sockets: Arc<Sockets>,
    _slot: OwnedSemaphorePermit,
}

impl Visitor {
    async fn send(&mut self, message: serde_json::Value) -> bool {
        let text = message.to_string();
        matches!(
            timeout(self.ping, self.socket.send(Message::Text(text.into()))).await,
            Ok(Ok(()))
        )
    }

    /// Sends the list if it differs from `last`, and the games made for this person's seeks.
    async fn refresh(&mut self, last: &mut Option<Vec<SeekView>>) -> bool {
        let listed = self.lobby.listed().await;
        if !self.seeking.is_empty() {
            let played = self.lobby.played(&self.seeker).await;
            for game in played.unwrap_or_default() {
                self.seeking.remove(&game.seek);
                if !self.send(game_message(&game)).await {
                    return false;
                }
            }
        }
        match listed {
            Ok(seeks) if last.as_ref() != Some(&seeks) => {
                let sent = self
                    .send(serde_json::json!({ "type": "seeks", "seeks": seeks }))
                    .await;
                *last = Some(seeks);
                sent
            }
            Ok(_) => true,
            Err(error) => self.send(self.error_json(error)).await,
        }
    }

    /// Does what a client's message asks; the answer to send, if any.
    async fn act(&mut self, message: ClientMessage) -> Result<Option<serde_json::Value>, Error> {
        match message {
            ClientMessage::Seek { seek, name } => {
                self.name(name).await?;
                let view = self.lobby.seek(&self.seeker, seek).await?;
                self.seeking.insert(view.id.clone());
                Ok(Some(serde_json::json!({ "type": "seeking", "seek": view })))
            }
            ClientMessage::Withdraw { id } => {
                let removed = self.lobby.withdraw(&self.seeker, id.as_deref()).await?;
                // A seek taken meanwhile is not removed: its game is still to be told.
                match id {
                    Some(id) if removed == 1 => {
                        self.seeking.remove(&id);
                    }
                    None if removed as usize == self.seeking.len() => self.seeking.clear(),
                    _ => {}
                }
                Ok(None)
            }
            ClientMessage::Take { id, name } => {
                self.name(name).await?;
                let game = self.lobby.take(&self.seeker, &id).await?;
                Ok(Some(game_message(&game)))
            }
        }
    }

    /// Takes the name a person without an account gave, if any ([`Lobby::name`]).
    async fn name(&mut self, name: Option<String>) -> Result<(), Error> {
        match name {
            Some(name) => self.lobby.name(&mut self.seeker, &name).await,
            None => Ok(()),
        }
    }

    async fn serve(mut self) {
        let mut changes = self.lobby.changes();
        let mut last = None;
        if !self.refresh(&mut last).await {
            return self.leave().await;
        }
        let mut keepalive = Keepalive::new(self.ping);
        let sockets = self.sockets.clone();
        let mut tick = tokio::time::interval(LOBBY_REFRESH);
        loop {
            tokio::select! {
                () = sockets.stopping() => {
                    self.send(serde_json::json!({ "type": RECONNECT_TYPE })).await;
                    break;
                }
                changed = changes.changed() => {
                    if changed.is_err() || !self.refresh(&mut last).await {
                        break;
                    }
                }
                _ = tick.tick() => {
                    if !self.refresh(&mut last).await {
                        break;
                    }
                }
                () = tokio::time::sleep_until(keepalive.due()) => {
                    if !keepalive.ping(&mut self.socket).await {
                        break;
                    }
                }
                message = self.socket.recv() => {
                    let text = match keepalive.heard(message) {
                        Incoming::Text(text) => text,
                        Incoming::Gone => break,
                        Incoming::Nothing => continue,
                    };
                    let answer = match serde_json::from_str::<ClientMessage>(&text) {
                        Ok(message) => self.act(message).await,
                        Err(e) => Err(Error::invalid(msg!("malformed-message", e))),
                    };
                    let sent = match answer {
                        Ok(Some(answer)) => self.send(answer).await,
                        Ok(None) => true,
                        Err(error) => self.send(self.error_json(error)).await,
                    };
                    if !sent {
                        break;
                    }
                }
            }
        }
        self.leave().await;
    }

    /// The person left the lobby: their seeks go.
    async fn leave(self) {
        if let Err(error) = self.lobby.withdraw(&self.seeker, None).await {
            tracing::warn!("cannot withdraw a leaving person's seeks: {}", error);
        }
    }
}

fn game_message(game: &LobbyGame) -> serde_json::Value {
    serde_json::json!({
        "type": "game", "id": game.id, "seat": game.seat, "token": game.token.as_str(),
    })
}

impl Visitor {
    /// The message that tells this person of `error`, in their language.
    fn error_json(&self, error: Error) -> serde_json::Value {
        socket_error(&ApiError::from(error), self.language)
    }
}

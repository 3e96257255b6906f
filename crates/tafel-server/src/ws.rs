//! The WebSocket of a game: every viewer gets the game's view at once and again after every
//! change; players may also send moves and undo requests through it.
//!
//! Messages from the server: `{"type": "view", "view": {...}}` and `{"type": "error",
//! "error": "..."}`. Messages to the server: `{"type": "move", "token": "...", "move": "...",
//! "ply": 12}` and `{"type": "undo", "token": "..."}`.

use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use serde::Deserialize;

use crate::error::ApiError;
use crate::hub::{GameHandle, Hub};

/// What a client may send.
#[derive(Deserialize)]
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
}

/// The largest message a client may send.
const MAX_MESSAGE: usize = 16 * 1024;

/// Upgrades to a WebSocket for game `id`.
pub async fn connect(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let handle = hub.get(&id).await?;
    Ok(upgrade
        .max_message_size(MAX_MESSAGE)
        .on_upgrade(move |socket| serve(socket, hub, id, handle)))
}

async fn send_view(socket: &mut WebSocket, handle: &GameHandle) -> bool {
    let text = {
        let live = handle.lock().await;
        match live.view(None) {
            Ok(view) => serde_json::json!({ "type": "view", "view": view }).to_string(),
            Err(e) => serde_json::json!({ "type": "error", "error": e.message }).to_string(),
        }
    };
    socket.send(Message::Text(text.into())).await.is_ok()
}

async fn serve(mut socket: WebSocket, hub: Arc<Hub>, id: String, handle: GameHandle) {
    let mut changes = handle.lock().await.changed.subscribe();
    if !send_view(&mut socket, &handle).await {
        return;
    }
    loop {
        tokio::select! {
            change = changes.recv() => {
                if matches!(change, Err(tokio::sync::broadcast::error::RecvError::Closed)) {
                    return;
                }
                if !send_view(&mut socket, &handle).await {
                    return;
                }
            }
            message = socket.recv() => {
                let text = match message {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => continue,
                };
                let result = match serde_json::from_str::<ClientMessage>(&text) {
                    Ok(ClientMessage::Move { token, mv, ply }) => hub.play(&id, &token, &mv, ply).await,
                    Ok(ClientMessage::Undo { token }) => hub.undo(&id, &token).await,
                    Err(e) => Err(ApiError::bad_request(format!("malformed message: {e}"))),
                };
                if let Err(e) = result {
                    let reply = serde_json::json!({ "type": "error", "error": e.message }).to_string();
                    if socket.send(Message::Text(reply.into())).await.is_err() {
                        return;
                    }
                }
            }
        }
    }
}

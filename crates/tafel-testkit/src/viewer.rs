//! A WebSocket on one game of a running Tafel server (`/api/games/{id}/ws`), as a browser
//! watching the game holds it: a stream of the server's messages, with helpers to wait for a
//! message of a kind or a view with enough moves, and to send JSON messages.

use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, Stream, StreamExt};
use serde_json::Value;
use tokio::net::TcpStream;
pub use tokio_tungstenite::tungstenite;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::client::connect_from;

/// An open WebSocket on one game; a [`Stream`] of the server's messages.
pub struct Viewer {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Viewer {
    /// Opens a WebSocket on game `id` of the server on `addr`, from the local address `from`
    /// when given, with the `Origin` header `origin` when given.
    pub async fn open(
        addr: SocketAddr,
        id: &str,
        from: Option<IpAddr>,
        origin: Option<&str>,
    ) -> Result<Viewer, tungstenite::Error> {
        let headers: Vec<(&str, &str)> = origin.iter().map(|o| ("origin", *o)).collect();
        Viewer::open_at(addr, &format!("/api/games/{id}/ws"), from, &headers).await
    }

    /// Opens a WebSocket at `path` of the server on `addr` (the lobby's, a game's), from the
    /// local address `from` when given, with the request headers `headers` (an `Origin`, a
    /// `Cookie`).
    pub async fn open_at(
        addr: SocketAddr,
        path: &str,
        from: Option<IpAddr>,
        headers: &[(&str, &str)],
    ) -> Result<Viewer, tungstenite::Error> {
        let mut request = format!("ws://{addr}{path}").into_client_request()?;
        for (name, value) in headers {
            let value: tungstenite::http::HeaderValue = value.parse()?;
            let name: tungstenite::http::HeaderName = name.parse()?;
            request.headers_mut().insert(name, value);
        }
        let stream = match from {
            Some(from) => connect_from(addr, from).await?,
            None => TcpStream::connect(addr).await?,
        };
        let (socket, _) =
            tokio_tungstenite::client_async(request, MaybeTlsStream::Plain(stream)).await?;
        Ok(Viewer { socket })
    }

    /// The next message of type `kind` (the JSON message whole), within five seconds; panics
    /// otherwise.
    pub async fn next_of(&mut self, kind: &str) -> Value {
        tokio::time::timeout(Duration::from_secs(5), async {
            loop {
                let message = self.socket.next().await.unwrap().unwrap();
                let value: Value = serde_json::from_str(message.to_text().unwrap()).unwrap();
                if value["type"] == kind {
                    return value;
                }
            }
        })
        .await
        .unwrap_or_else(|_| panic!("no `{kind}` message within five seconds"))
    }

    /// The first view with `moves` moves or more, within `limit`; panics otherwise.
    pub async fn view_with(&mut self, moves: usize, limit: Duration) -> Value {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let message = tokio::time::timeout(left, self.socket.next())
                .await
                .unwrap_or_else(|_| panic!("no view with {moves} moves within {limit:?}"))
                .unwrap()
                .unwrap();
            if let Message::Text(text) = message {
                let message: Value = serde_json::from_str(&text).unwrap();
                let count = message["view"]["moves"].as_array().map_or(0, Vec::len);
                if message["type"] == "view" && count >= moves {
                    return message["view"].clone();
                }
            }
        }
    }

    /// Sends `message` as a JSON text message.
    pub async fn send_json(&mut self, message: Value) {
        self.socket
            .send(Message::Text(message.to_string().into()))
            .await
            .unwrap();
    }

    /// Closes the WebSocket (a close frame, as a browser leaving the page).
    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}

impl Stream for Viewer {
    type Item = Result<Message, tungstenite::Error>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.socket.poll_next_unpin(cx)
    }
}

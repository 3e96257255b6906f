//! A client of a running Tafel server over HTTP, as the server's tests, the multi-instance
//! tests and the soak driver talk to it: JSON requests and answers, and the API's common
//! steps (create a game, read its view, play a move, wait for a position). The WebSocket side
//! is [`crate::viewer`].
//!
//! The plain methods panic with what went wrong (a test fails there); the `try_` ones return
//! the transport's error instead, for a driver that goes on while the server is down.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

pub use reqwest;
use reqwest::header::HeaderMap;
use reqwest::RequestBuilder;
use serde_json::{json, Value};
use tokio::net::{TcpSocket, TcpStream};

use crate::viewer::Viewer;

/// An answer of the server: status, headers and body.
#[derive(Debug)]
pub struct Answer {
    /// The HTTP status code.
    pub status: u16,
    /// The headers as sent.
    pub headers: HeaderMap,
    /// The body parsed as JSON, or `Value::String` of the text when it is not JSON.
    pub body: Value,
    /// The body as sent.
    pub text: String,
}

impl Answer {
    /// Whether the status is a success (2xx).
    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The header's value as text ("" if absent or not text).
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    /// The `error` field of a JSON error body; panics, showing the answer, if there is none.
    pub fn error(&self) -> &str {
        self.body["error"].as_str().unwrap_or_else(|| {
            panic!(
                "no JSON error in the answer ({}): {}",
                self.status, self.body
            )
        })
    }

    /// The status and the body.
    pub fn parts(self) -> (u16, Value) {
        (self.status, self.body)
    }

    /// The new game's id and its seats' tokens (`None` for seats held elsewhere: the
    /// computer's, invited ones), if this is the answer to a successful creation.
    pub fn created(&self) -> Option<(String, Vec<Option<String>>)> {
        if !self.is_success() {
            return None;
        }
        let id = self.body["id"].as_str()?.to_string();
        let tokens = self.body["seats"]
            .as_array()?
            .iter()
            .map(|s| s["token"].as_str().map(str::to_string))
            .collect();
        Some((id, tokens))
    }
}

/// A client of one server.
#[derive(Clone)]
pub struct Client {
    /// The server's address, `http://host:port` without a trailing slash.
    pub base: String,
    /// The HTTP client, for requests the helpers do not make (other methods, headers, bodies
    /// that are not JSON); send them with [`Client::send`].
    pub http: reqwest::Client,
    /// The server's socket address.
    addr: SocketAddr,
    /// The local address connections come from (`None`: the system's choice).
    from: Option<IpAddr>,
}

impl Client {
    /// A client of the server listening on `addr`.
    pub fn new(addr: SocketAddr) -> Client {
        Client::with(addr, reqwest::Client::new(), None)
    }

    /// A client of the server on `addr` whose connections (HTTP and WebSocket) come from the
    /// local address `from`: another loopback address is another client to the server's
    /// limits per address.
    pub fn from_address(addr: SocketAddr, from: IpAddr) -> Client {
        let http = reqwest::Client::builder()
            .local_address(from)
            .build()
            .expect("an HTTP client bound to a local address");
        Client::with(addr, http, Some(from))
    }

    /// This client (its connections and local address) talking to the server on `addr`
    /// instead: one client of several instances.
    pub fn on(&self, addr: SocketAddr) -> Client {
        Client::with(addr, self.http.clone(), self.from)
    }

    fn with(addr: SocketAddr, http: reqwest::Client, from: Option<IpAddr>) -> Client {
        Client {
            base: format!("http://{addr}"),
            http,
            addr,
            from,
        }
    }

    /// The server's socket address.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The full URL of `path` (which starts with `/`).
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Sends `request` and reads the whole answer.
    pub async fn try_send(&self, request: RequestBuilder) -> reqwest::Result<Answer> {
        let response = request.send().await?;
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().await?;
        let body = serde_json::from_str(&text).unwrap_or_else(|_| Value::String(text.clone()));
        Ok(Answer {
            status,
            headers,
            body,
            text,
        })
    }

    /// Sends `request` and reads the whole answer; panics if the server cannot be reached.
    pub async fn send(&self, request: RequestBuilder) -> Answer {
        self.try_send(request)
            .await
            .unwrap_or_else(|e| panic!("no answer from {}: {e}", self.base))
    }

    /// `GET path`.
    pub async fn try_get(&self, path: &str) -> reqwest::Result<Answer> {
        self.try_send(self.http.get(self.url(path))).await
    }

    /// `GET path`; panics if the server cannot be reached.
    pub async fn get(&self, path: &str) -> Answer {
        self.send(self.http.get(self.url(path))).await
    }

    /// `POST path` with the JSON `body`.
    pub async fn try_post(&self, path: &str, body: Value) -> reqwest::Result<Answer> {
        self.try_send(self.http.post(self.url(path)).json(&body))
            .await
    }

    /// `POST path` with the JSON `body`; panics if the server cannot be reached.
    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.send(self.http.post(self.url(path)).json(&body)).await
    }

    /// Creates a game (`body` as `POST /api/games` takes it); returns its id and the seats'
    /// tokens (`None` for seats held elsewhere). Panics unless it was created.
    pub async fn create(&self, body: Value) -> (String, Vec<Option<String>>) {
        let answer = self.post("/api/games", body).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        answer.created().expect("the id and seats of the new game")
    }

    /// Creates a game whose every seat is played here (at one screen); returns its id and
    /// the seats' tokens.
    pub async fn create_at_one_screen(&self, body: Value) -> (String, Vec<String>) {
        let (id, tokens) = self.create(body).await;
        let tokens = tokens
            .into_iter()
            .map(|t| t.expect("every seat of a game at one screen has a token"))
            .collect();
        (id, tokens)
    }

    /// The view of game `id` now; panics unless the server answers 200.
    pub async fn view(&self, id: &str) -> Value {
        let answer = self.get(&format!("/api/games/{id}")).await;
        assert_eq!(answer.status, 200, "GET /api/games/{id}: {}", answer.body);
        answer.body
    }

    /// Plays `mv` for the seat holding `token`, at the ply `ply` when given (the server
    /// refuses the move if the game has moved on meanwhile).
    pub async fn try_play(
        &self,
        id: &str,
        token: &str,
        mv: &str,
        ply: Option<usize>,
    ) -> reqwest::Result<Answer> {
        let mut body = json!({"token": token, "move": mv});
        if let Some(ply) = ply {
            body["ply"] = json!(ply);
        }
        self.try_post(&format!("/api/games/{id}/moves"), body).await
    }

    /// Plays `mv` for the seat holding `token`; returns the answer.
    pub async fn play(&self, id: &str, token: &str, mv: &str) -> Answer {
        self.try_play(id, token, mv, None)
            .await
            .unwrap_or_else(|e| panic!("no answer from {}: {e}", self.base))
    }

    /// Plays `mv` at ply `ply` for the seat holding `token`; returns the answer.
    pub async fn play_at(&self, id: &str, token: &str, mv: &str, ply: usize) -> Answer {
        self.try_play(id, token, mv, Some(ply))
            .await
            .unwrap_or_else(|e| panic!("no answer from {}: {e}", self.base))
    }

    /// Waits up to `limit` until `done(view)` holds for game `id`, reading its view as
    /// [`crate::wait::until`] does; returns that view.
    pub async fn wait_for(
        &self,
        id: &str,
        limit: Duration,
        done: impl Fn(&Value) -> bool,
    ) -> Value {
        let what = format!("game {id} getting there");
        crate::wait::until(limit, &what, || async {
            let view = self.get(&format!("/api/games/{id}")).await.body;
            if done(&view) {
                Ok(view)
            } else {
                Err(view)
            }
        })
        .await
    }

    /// Creates a game as `body` says, with its seats made a person "Hal" at this screen and
    /// an invited seat, which `joiner` (this client, or a client of another instance) takes
    /// as "Ada": the game's id, the host's and the guest's tokens. Panics unless both work.
    pub async fn host_and_guest(
        &self,
        mut body: Value,
        joiner: &Client,
    ) -> (String, String, String) {
        body["seats"] = json!([{"kind": "local", "name": "Hal"}, {"kind": "invite"}]);
        let created = self.post("/api/games", body).await;
        assert_eq!(created.status, 200, "{}", created.body);
        let id = created.body["id"].as_str().unwrap_or_default().to_string();
        let host = created.body["seats"][0]["token"]
            .as_str()
            .unwrap_or_default();
        let invite = created.body["seats"][1]["invite"]
            .as_str()
            .unwrap_or_default();
        let path = format!("/api/games/{id}/join");
        let joined = joiner
            .post(&path, json!({"invite": invite, "name": "Ada"}))
            .await;
        assert_eq!(joined.status, 200, "{}", joined.body);
        let guest = joined.body["token"].as_str().unwrap_or_default();
        (id, host.to_string(), guest.to_string())
    }

    /// Signs `username` up (with a password that passes the rules); returns the session's
    /// cookie as a request sends it back (`tafel_session=...`). Panics unless it was made.
    pub async fn sign_up(&self, username: &str) -> String {
        let answer = self
            .post(
                "/api/account",
                json!({"username": username, "password": "correct horse battery"}),
            )
            .await;
        assert_eq!(answer.status, 201, "{}", answer.text);
        let cookie = answer.header("set-cookie");
        cookie.split(';').next().unwrap_or_default().to_string()
    }

    /// A WebSocket on game `id` (from this client's local address); panics if it cannot be
    /// opened.
    pub async fn watch(&self, id: &str) -> Viewer {
        self.try_watch(id, None)
            .await
            .unwrap_or_else(|e| panic!("no WebSocket on game {id} at {}: {e}", self.base))
    }

    /// A WebSocket on game `id` (from this client's local address), sent with the `Origin`
    /// header `origin` when given, as a page of that origin would open it.
    pub async fn try_watch(
        &self,
        id: &str,
        origin: Option<&str>,
    ) -> Result<Viewer, crate::viewer::tungstenite::Error> {
        Viewer::open(self.addr, id, self.from, origin).await
    }
}

/// A TCP connection to `addr` from the local address `from`.
pub async fn connect_from(addr: SocketAddr, from: IpAddr) -> std::io::Result<TcpStream> {
    let socket = match from {
        IpAddr::V4(_) => TcpSocket::new_v4()?,
        IpAddr::V6(_) => TcpSocket::new_v6()?,
    };
    socket.bind(SocketAddr::new(from, 0))?;
    socket.connect(addr).await
}

/// A game of Black Path on a 4x4 board between two people at one screen: short games, no
/// dice.
pub fn black_path_at_one_screen() -> Value {
    json!({
        "game": "black-path",
        "settings": {"size": "4x4"},
        "seats": [{"kind": "local"}, {"kind": "local"}],
    })
}

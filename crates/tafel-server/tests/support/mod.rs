//! Helpers shared by the server's integration tests: a server on loopback with chosen limits,
//! and a small JSON client.

#![allow(dead_code)] // each test file uses a part

use std::time::Duration;

use serde_json::{json, Value};
use tafel_server::{start, Config, Limits, Server};

/// A server on a free loopback port over the database file `db`, with `limits`.
pub async fn serve_with(db: &std::path::Path, limits: Limits) -> Server {
    let mut config = Config::new(
        "127.0.0.1:0".parse().unwrap(),
        format!("sqlite://{}", db.display()),
    );
    config.limits = limits;
    start(&config).await.unwrap()
}

/// An answer: status, headers and body (JSON, or `Value::String` of the text otherwise).
pub struct Answer {
    pub status: u16,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
}

impl Answer {
    /// The header's value as text ("" if absent).
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    /// The `error` field of a JSON error body.
    pub fn error(&self) -> &str {
        self.body["error"].as_str().unwrap_or_else(|| {
            panic!(
                "no JSON error in the answer ({}): {}",
                self.status, self.body
            )
        })
    }
}

/// A client of one server.
pub struct Client {
    pub base: String,
    pub http: reqwest::Client,
}

impl Client {
    pub fn new(server: &Server) -> Client {
        Client {
            base: format!("http://{}", server.addr),
            http: reqwest::Client::new(),
        }
    }

    pub async fn send(&self, request: reqwest::RequestBuilder) -> Answer {
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap();
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Answer {
            status,
            headers,
            body,
        }
    }

    pub async fn get(&self, path: &str) -> Answer {
        self.send(self.http.get(format!("{}{path}", self.base)))
            .await
    }

    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.send(self.http.post(format!("{}{path}", self.base)).json(&body))
            .await
    }

    /// Creates a game; returns its id and the seats' tokens (`None` for computer seats).
    pub async fn create(&self, body: Value) -> (String, Vec<Option<String>>) {
        let answer = self.post("/api/games", body).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        let tokens = answer.body["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["token"].as_str().map(str::to_string))
            .collect();
        (answer.body["id"].as_str().unwrap().to_string(), tokens)
    }

    /// Plays `mv` for the seat holding `token`; returns the answer.
    pub async fn play(&self, id: &str, token: &str, mv: &str) -> Answer {
        self.post(
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": mv}),
        )
        .await
    }

    /// Waits up to `limit` until `done(view)` holds; returns that view.
    pub async fn wait_for(
        &self,
        id: &str,
        limit: Duration,
        done: impl Fn(&Value) -> bool,
    ) -> Value {
        let start = std::time::Instant::now();
        loop {
            let view = self.get(&format!("/api/games/{id}")).await.body;
            if done(&view) {
                return view;
            }
            assert!(
                start.elapsed() < limit,
                "game {id} did not get there within {limit:?}: {view}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// A game of Black Path on a 4x4 board between two people at one screen.
pub fn black_path_at_one_screen() -> Value {
    json!({
        "game": "black-path",
        "settings": {"size": "4x4"},
        "seats": [{"kind": "local"}, {"kind": "local"}],
    })
}

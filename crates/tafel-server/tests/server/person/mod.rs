//! A person in a browser, in-process: signed up (or not), sending requests with the session
//! cookie; a Kauri game between two of them, played. Shared by the tests of ratings,
//! tournaments, bots and moderation.

use axum::http::StatusCode;
use axum::Router;
use serde_json::{json, Value};

use crate::in_process::send;

/// A person in a browser: the session cookie once signed up.
pub struct Person {
    /// The server it talks to.
    pub router: Router,
    /// The session cookie (`tafel_session=...`), once signed in.
    pub cookie: Option<String>,
}

impl Person {
    pub fn anonymous(router: &Router) -> Person {
        Person {
            router: router.clone(),
            cookie: None,
        }
    }

    /// Signs up as `username`, keeping the session.
    pub async fn signed_up(router: &Router, username: &str) -> Person {
        let mut person = Person::anonymous(router);
        let body = json!({"username": username, "password": "correct horse battery"});
        let (status, answer, cookie) = person.request("POST", "/api/account", Some(body)).await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
        person.cookie = cookie.map(|c| c.split(';').next().unwrap().to_string());
        person
    }

    /// Sends a request with the session, if any: the status, the body as JSON (a string when
    /// it is not JSON) and the `Set-Cookie` header.
    pub async fn request(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> (StatusCode, Value, Option<String>) {
        let answer = send(&self.router, method, path, self.cookie.as_deref(), body).await;
        let body = match answer.body {
            Value::Null => Value::String(answer.text),
            body => body,
        };
        (answer.status, body, answer.cookie)
    }

    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        let (status, body, _) = self.request("GET", path, None).await;
        (status, body)
    }

    pub async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        let (status, body, _) = self.request("POST", path, Some(body)).await;
        (status, body)
    }
}

/// A Kauri game with a five-minute clock (`rated` or not) that `host` creates (seat 0, the
/// first to move) and `guest` joins by its invitation: its id and both seats' tokens.
pub async fn kauri_game(host: &Person, guest: &Person, rated: bool) -> (String, [String; 2]) {
    let clock = json!({"kind": "fischer", "initial_seconds": 300, "increment_seconds": 0});
    let (status, created) = host
        .post(
            "/api/games",
            json!({"game": "kauri", "seats": [{"kind": "local"}, {"kind": "invite"}],
                   "time_control": clock, "rated": rated}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{created}");
    assert_eq!(created["view"]["rated"], rated);
    let id = created["id"].as_str().unwrap().to_string();
    let invite = created["seats"][1]["invite"].as_str().unwrap();
    let (status, joined) = guest
        .post(&format!("/api/games/{id}/join"), json!({"invite": invite}))
        .await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    let host_token = created["seats"][0]["token"].as_str().unwrap().to_string();
    let guest_token = joined["token"].as_str().unwrap().to_string();
    (id, [host_token, guest_token])
}

/// `person` plays `plies` moves of game `id` with `tokens`, the first legal move each time.
pub async fn play_first_moves(person: &Person, id: &str, tokens: &[String; 2], plies: usize) {
    for _ in 0..plies {
        let (_, view) = person.get(&format!("/api/games/{id}")).await;
        let seat = view["status"]["seat"].as_u64().unwrap() as usize;
        let mv = view["legal"][0].as_str().unwrap();
        let body = json!({"token": tokens[seat], "move": mv});
        let (status, answer) = person.post(&format!("/api/games/{id}/moves"), body).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
}

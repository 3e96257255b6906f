//! A person in a browser, in-process: signed up (or not), sending requests with the session
//! cookie. Shared by the tests of ratings and of tournaments.

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

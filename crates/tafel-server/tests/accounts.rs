//! Accounts through the API, in-process: signing up, in and out; the session cookie and what
//! it opens; names taken without regard to case or by lookalikes; wrong passwords and unknown
//! names answered alike; a new session at every sign-in; no secret in any answer.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use serde_json::{json, Value};
use tafel_server::Config;
use tower::ServiceExt;

/// An answer: its status, its `Set-Cookie` header if any, and its JSON body (`Null` if none).
struct Answer {
    status: StatusCode,
    cookie: Option<String>,
    body: Value,
    text: String,
}

async fn app(config: Config) -> Router {
    tafel_server::app(&config).await.unwrap().0
}

async fn memory_app() -> Router {
    app(Config::new(
        "127.0.0.1:0".parse().unwrap(),
        "sqlite::memory:",
    ))
    .await
}

async fn send(
    router: &Router,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> Answer {
    let mut request = Request::builder().method(method).uri(path);
    if let Some(cookie) = cookie {
        request = request.header(header::COOKIE, cookie);
    }
    let request = match body {
        Some(body) => request
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string())),
        None => request.body(Body::empty()),
    }
    .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let cookie = response
        .headers()
        .get(header::SET_COOKIE)
        .map(|c| c.to_str().unwrap().to_string());
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
        .await
        .unwrap();
    let text = String::from_utf8_lossy(&bytes).to_string();
    let body = serde_json::from_str(&text).unwrap_or(Value::Null);
    Answer {
        status,
        cookie,
        body,
        text,
    }
}

/// The `name=value` part of a `Set-Cookie` header, as a browser sends it back.
fn sent_back(set_cookie: &str) -> String {
    set_cookie.split(';').next().unwrap().trim().to_string()
}

const PASSWORD: &str = "correct horse battery";

#[tokio::test]
async fn sign_up_in_and_out_with_a_session_the_server_ends() {
    let router = memory_app().await;
    let signed_up = send(
        &router,
        "POST",
        "/api/account",
        None,
        Some(json!({"username": "Ada_L", "password": PASSWORD})),
    )
    .await;
    assert_eq!(signed_up.status, StatusCode::CREATED, "{}", signed_up.text);
    assert_eq!(signed_up.body, json!({"username": "Ada_L"}));
    let set_cookie = signed_up.cookie.expect("a session cookie");
    for attribute in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(set_cookie.contains(attribute), "{set_cookie}");
    }
    assert!(
        !set_cookie.contains("Secure"),
        "no https here: {set_cookie}"
    );
    assert!(!signed_up.text.contains(PASSWORD));
    assert!(!signed_up.text.contains("argon2"));
    let session = sent_back(&set_cookie);
    assert!(session.starts_with("tafel_session="));

    let me = send(&router, "GET", "/api/account", Some(&session), None).await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.body, json!({"username": "Ada_L"}));
    let nobody = send(&router, "GET", "/api/account", None, None).await;
    assert_eq!(nobody.status, StatusCode::UNAUTHORIZED);
    assert!(nobody.body["error"].as_str().unwrap().contains("sign in"));

    // Signing in opens a new session; the one the browser had ends.
    let signed_in = send(
        &router,
        "POST",
        "/api/session",
        Some(&session),
        Some(json!({"username": "ada_l", "password": PASSWORD})),
    )
    .await;
    assert_eq!(signed_in.status, StatusCode::OK, "{}", signed_in.text);
    assert_eq!(signed_in.body, json!({"username": "Ada_L"}));
    let second = sent_back(&signed_in.cookie.unwrap());
    assert_ne!(second, session, "a new session id at sign-in");
    let old = send(&router, "GET", "/api/account", Some(&session), None).await;
    assert_eq!(old.status, StatusCode::UNAUTHORIZED);

    // Signing out ends the session on the server, not only in the browser.
    let out = send(&router, "DELETE", "/api/session", Some(&second), None).await;
    assert_eq!(out.status, StatusCode::NO_CONTENT);
    assert!(out.cookie.unwrap().contains("Max-Age=0"));
    let after = send(&router, "GET", "/api/account", Some(&second), None).await;
    assert_eq!(after.status, StatusCode::UNAUTHORIZED);
    // A cookie that cannot be a session opens nothing and breaks nothing.
    let forged = send(
        &router,
        "GET",
        "/api/account",
        Some("tafel_session=../../x"),
        None,
    )
    .await;
    assert_eq!(forged.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn names_are_taken_without_regard_to_case_and_by_lookalikes() {
    let router = memory_app().await;
    let up = |name: &'static str| {
        let router = router.clone();
        async move {
            send(
                &router,
                "POST",
                "/api/account",
                None,
                Some(json!({"username": name, "password": PASSWORD})),
            )
            .await
        }
    };
    assert_eq!(up("Paul").await.status, StatusCode::CREATED);
    for taken in ["paul", "PAUL", "PauI", "Pau1"] {
        let answer = up(taken).await;
        assert_eq!(answer.status, StatusCode::CONFLICT, "{taken}");
        assert!(
            answer.body["error"].as_str().unwrap().contains("taken"),
            "{}",
            answer.text
        );
        assert!(answer.cookie.is_none());
    }
    for (bad, why) in [
        ("ab", "3 to 20"),
        ("admin", "kept for the site"),
        ("\u{202e}nimdA", "only the letters"),
        ("Bob", "password"),
    ] {
        let password = if bad == "Bob" {
            "password123"
        } else {
            PASSWORD
        };
        let answer = send(
            &router,
            "POST",
            "/api/account",
            None,
            Some(json!({"username": bad, "password": password})),
        )
        .await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{bad:?}: {}",
            answer.text
        );
        assert!(answer.text.contains(why), "{bad:?}: {}", answer.text);
    }
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_name_get_the_same_answer() {
    let router = memory_app().await;
    let up = send(
        &router,
        "POST",
        "/api/account",
        None,
        Some(json!({"username": "grace", "password": PASSWORD})),
    )
    .await;
    assert_eq!(up.status, StatusCode::CREATED);
    let wrong = send(
        &router,
        "POST",
        "/api/session",
        None,
        Some(json!({"username": "grace", "password": "not the password"})),
    )
    .await;
    let unknown = send(
        &router,
        "POST",
        "/api/session",
        None,
        Some(json!({"username": "nobody_here", "password": "not the password"})),
    )
    .await;
    let impossible = send(
        &router,
        "POST",
        "/api/session",
        None,
        Some(json!({"username": "no such name!", "password": "not the password"})),
    )
    .await;
    for answer in [&wrong, &unknown, &impossible] {
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "{}", answer.text);
        assert_eq!(answer.text, wrong.text);
        assert!(answer.cookie.is_none());
    }
}

#[tokio::test]
async fn the_cookie_is_secure_when_people_come_over_https() {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), "sqlite::memory:");
    config.public_urls = vec!["https://games.example.org".parse().unwrap()];
    let router = app(config).await;
    let signed_up = send(
        &router,
        "POST",
        "/api/account",
        None,
        Some(json!({"username": "Lin", "password": PASSWORD})),
    )
    .await;
    assert_eq!(signed_up.status, StatusCode::CREATED, "{}", signed_up.text);
    assert!(signed_up.cookie.unwrap().contains("Secure"));
}

/// Signs `name` up and returns the session cookie to send back.
async fn signed_up(router: &Router, name: &str) -> String {
    let answer = send(
        router,
        "POST",
        "/api/account",
        None,
        Some(json!({"username": name, "password": PASSWORD})),
    )
    .await;
    assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.text);
    sent_back(&answer.cookie.unwrap())
}

#[tokio::test]
async fn seats_taken_while_signed_in_are_the_accounts() {
    let router = memory_app().await;
    let ada = signed_up(&router, "Ada").await;
    let bob = signed_up(&router, "Bob").await;
    let created = send(
        &router,
        "POST",
        "/api/games",
        Some(&ada),
        Some(json!({"game": "black-path", "public": true,
                    "seats": [{"kind": "local", "name": "Someone"}, {"kind": "invite"}]})),
    )
    .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text);
    let id = created.body["id"].as_str().unwrap().to_string();
    let seat = &created.body["view"]["seats"][0];
    assert_eq!(seat["player"], "Ada", "an account plays under its username");
    assert_eq!(seat["account"], true);
    // The creator's account may not take the other seat of its own game too.
    let own = send(
        &router,
        "POST",
        &format!("/api/games/{id}/join"),
        Some(&ada),
        Some(json!({"seat": 1})),
    )
    .await;
    assert_eq!(own.status, StatusCode::CONFLICT, "{}", own.text);
    let joined = send(
        &router,
        "POST",
        &format!("/api/games/{id}/join"),
        Some(&bob),
        Some(json!({"seat": 1, "name": "Not Bob"})),
    )
    .await;
    assert_eq!(joined.status, StatusCode::OK, "{}", joined.text);
    let seat = &joined.body["view"]["seats"][1];
    assert_eq!(seat["player"], "Bob");
    assert_eq!(seat["account"], true);
    assert!(!joined.text.contains("account_id") && !joined.text.contains("\"id_hash\""));

    // Without a session, a game is created and joined as before: nobody's.
    let anonymous = send(
        &router,
        "POST",
        "/api/games",
        None,
        Some(json!({"game": "black-path", "seats": [{"kind": "local"}, {"kind": "invite"}]})),
    )
    .await;
    assert_eq!(anonymous.status, StatusCode::OK);
    assert_eq!(anonymous.body["view"]["seats"][0]["account"], false);
}

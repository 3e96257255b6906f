//! Accounts through the API, in-process: signing up, in and out; the session cookie and what
//! it opens; names taken without regard to case or by lookalikes; wrong passwords and unknown
//! names answered alike; a new session at every sign-in; no secret in any answer.

use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use serde_json::{json, Value};
use tafel_server::Config;
use tafel_testkit::wait;
use tower::ServiceExt;

use crate::in_process;

use in_process::{send, Answer};

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

/// Sends a username and a password to `path` (sign up or in) without a session.
async fn credentials(router: &Router, path: &str, username: &str, password: &str) -> Answer {
    let body = json!({"username": username, "password": password});
    send(router, "POST", path, None, Some(body)).await
}

/// The `name=value` part of a `Set-Cookie` header, as a browser sends it back.
fn sent_back(set_cookie: &str) -> String {
    set_cookie.split(';').next().unwrap().trim().to_string()
}

const PASSWORD: &str = "correct horse battery";

#[tokio::test]
async fn sign_up_in_and_out_with_a_session_the_server_ends() {
    let router = memory_app().await;
    let signed_up = credentials(&router, "/api/account", "Ada_L", PASSWORD).await;
    assert_eq!(signed_up.status, StatusCode::CREATED, "{}", signed_up.text);
    assert_eq!(
        signed_up.body,
        json!({"username": "Ada_L", "moderator": false})
    );
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
    assert_eq!(me.body, json!({"username": "Ada_L", "moderator": false}));
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
    assert_eq!(
        signed_in.body,
        json!({"username": "Ada_L", "moderator": false})
    );
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
        async move { credentials(&router, "/api/account", name, PASSWORD).await }
    };
    for name in ["Paul", "dave", "mike"] {
        assert_eq!(up(name).await.status, StatusCode::CREATED, "{name}");
    }
    for taken in [
        "paul", "PAUL", "PauI", "Pau1", "clave", "cIave", "nnike", "rnike",
    ] {
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
        ("tafel_admin", "kept for the site"),
        ("Tafel-Bot", "kept for the site"),
        ("T4fel", "kept for the site"),
        ("admin-team", "kept for the site"),
        ("support-1", "kept for the site"),
        ("the_moderator", "kept for the site"),
        ("acImin", "kept for the site"),
        ("\u{202e}nimdA", "only the letters"),
        ("Bob", "password"),
    ] {
        let password = if bad == "Bob" {
            "password123"
        } else {
            PASSWORD
        };
        let answer = credentials(&router, "/api/account", bad, password).await;
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
    let up = credentials(&router, "/api/account", "grace", PASSWORD).await;
    assert_eq!(up.status, StatusCode::CREATED);
    let wrong = credentials(&router, "/api/session", "grace", "not the password").await;
    let unknown = credentials(&router, "/api/session", "nobody_here", "not the password").await;
    let impossible =
        credentials(&router, "/api/session", "no such name!", "not the password").await;
    // The same body but for the request's own id.
    let without_id = |text: &str| {
        let mut body: serde_json::Value = serde_json::from_str(text).unwrap();
        body.as_object_mut().unwrap().remove("request_id");
        body
    };
    for answer in [&wrong, &unknown, &impossible] {
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "{}", answer.text);
        assert_eq!(without_id(&answer.text), without_id(&wrong.text));
        assert!(answer.cookie.is_none());
    }
}

#[tokio::test]
async fn the_cookie_is_secure_when_people_come_over_https() {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), "sqlite::memory:");
    config.public_urls = vec!["https://games.example.org".parse().unwrap()];
    let router = app(config).await;
    let signed_up = credentials(&router, "/api/account", "Lin", PASSWORD).await;
    assert_eq!(signed_up.status, StatusCode::CREATED, "{}", signed_up.text);
    assert!(signed_up.cookie.unwrap().contains("Secure"));
}

/// Signs `name` up and returns the session cookie to send back.
async fn signed_up(router: &Router, name: &str) -> String {
    let answer = credentials(router, "/api/account", name, PASSWORD).await;
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

/// Sends `body` with `method` to `path` from `address`, as the listener would record it,
/// with `cookie` if given; a 429 must say when to try again.
async fn send_from(
    router: &Router,
    address: &str,
    cookie: Option<&str>,
    method: &str,
    path: &str,
    body: Value,
) -> Answer {
    let answer =
        in_process::send_from(router, Some(address), method, path, cookie, Some(body)).await;
    if answer.status == StatusCode::TOO_MANY_REQUESTS {
        let seconds: u64 = answer
            .retry_after
            .as_deref()
            .expect("Retry-After")
            .parse()
            .unwrap();
        assert!(seconds >= 1, "{}", answer.text);
    }
    answer
}

const NEW_PASSWORD: &str = "a new and better passphrase";

#[tokio::test]
async fn changing_the_password_ends_the_other_sessions() {
    let router = memory_app().await;
    let here = signed_up(&router, "Changer").await;
    let elsewhere = credentials(&router, "/api/session", "Changer", PASSWORD).await;
    let elsewhere = sent_back(&elsewhere.cookie.unwrap());
    let change = |cookie: Option<String>, old: &'static str, new: &'static str| {
        let router = router.clone();
        async move {
            send(
                &router,
                "PUT",
                "/api/account/password",
                cookie.as_deref(),
                Some(json!({"password": old, "new_password": new})),
            )
            .await
        }
    };
    let nobody = change(None, PASSWORD, NEW_PASSWORD).await;
    assert_eq!(nobody.status, StatusCode::UNAUTHORIZED, "{}", nobody.text);
    let wrong = change(Some(here.clone()), "not the password", NEW_PASSWORD).await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED, "{}", wrong.text);
    assert!(wrong.text.contains("current password"), "{}", wrong.text);
    let weak = change(Some(here.clone()), PASSWORD, "password123").await;
    assert_eq!(weak.status, StatusCode::BAD_REQUEST, "{}", weak.text);
    let changed = change(Some(here.clone()), PASSWORD, NEW_PASSWORD).await;
    assert_eq!(changed.status, StatusCode::NO_CONTENT, "{}", changed.text);

    let me = |cookie: String| {
        let router = router.clone();
        async move { send(&router, "GET", "/api/account", Some(&cookie), None).await }
    };
    assert_eq!(me(here).await.status, StatusCode::OK, "this session stays");
    assert_eq!(me(elsewhere).await.status, StatusCode::UNAUTHORIZED);
    let sign_in = |password: &'static str| {
        let router = router.clone();
        async move {
            credentials(&router, "/api/session", "changer", password)
                .await
                .status
        }
    };
    assert_eq!(sign_in(PASSWORD).await, StatusCode::UNAUTHORIZED);
    assert_eq!(sign_in(NEW_PASSWORD).await, StatusCode::OK);
}

/// The view of game `id` as everyone sees it.
async fn game_view(router: &Router, id: &str) -> Value {
    let answer = send(router, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    answer.body
}

/// Creates a game of black-path with `seats`, with `cookie`'s session if any; its id and the
/// tokens of the seats the creator holds.
async fn create(router: &Router, cookie: Option<&str>, seats: Value) -> (String, Vec<String>) {
    let created = send(
        router,
        "POST",
        "/api/games",
        cookie,
        Some(json!({"game": "black-path", "seats": seats})),
    )
    .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text);
    let tokens = created.body["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["token"].as_str().map(str::to_string))
        .collect();
    (created.body["id"].as_str().unwrap().to_string(), tokens)
}

#[tokio::test]
async fn a_deleted_account_keeps_its_games_as_a_deleted_players_and_its_name_is_never_reused() {
    let router = memory_app().await;
    let ada = signed_up(&router, "Leaver").await;
    let (id, _) = create(
        &router,
        Some(&ada),
        json!([{"kind": "local"}, {"kind": "computer", "level": 1}]),
    )
    .await;
    assert_eq!(
        game_view(&router, &id).await["seats"][0]["player"],
        "Leaver"
    );

    let delete = |cookie: Option<String>, password: &'static str| {
        let router = router.clone();
        async move {
            send(
                &router,
                "DELETE",
                "/api/account",
                cookie.as_deref(),
                Some(json!({"password": password})),
            )
            .await
        }
    };
    assert_eq!(
        delete(None, PASSWORD).await.status,
        StatusCode::UNAUTHORIZED
    );
    let wrong = delete(Some(ada.clone()), "not the password").await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED, "{}", wrong.text);
    let deleted = delete(Some(ada.clone()), PASSWORD).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.text);
    assert!(deleted.cookie.unwrap().contains("Max-Age=0"));
    let me = send(&router, "GET", "/api/account", Some(&ada), None).await;
    assert_eq!(me.status, StatusCode::UNAUTHORIZED, "every session ended");
    let again = credentials(&router, "/api/session", "Leaver", PASSWORD).await;
    assert_eq!(again.status, StatusCode::UNAUTHORIZED);
    let taken = credentials(&router, "/api/account", "leaver", PASSWORD).await;
    assert_eq!(taken.status, StatusCode::CONFLICT, "{}", taken.text);

    // The seat is rewritten in the background.
    let seat = wait::until(Duration::from_secs(5), "the seat rewritten", || async {
        let seat = game_view(&router, &id).await["seats"][0].clone();
        if seat["deleted"] == true {
            Ok(seat)
        } else {
            Err(seat)
        }
    })
    .await;
    assert_eq!(seat["player"], "a deleted player");
    assert_eq!(seat["account"], false);
    let text = game_view(&router, &id).await.to_string();
    assert!(!text.contains("Leaver"), "{text}");
    let listed = send(&router, "GET", "/api/games", None, None).await;
    assert!(!listed.text.contains("Leaver"), "{}", listed.text);
}

/// Claims the seats of `held` (game, token) with `cookie`'s session.
async fn claim(router: &Router, cookie: Option<&str>, held: &[(&str, &str)]) -> Answer {
    let seats: Vec<Value> = held
        .iter()
        .map(|(game, token)| json!({"game": game, "token": token}))
        .collect();
    send(
        router,
        "POST",
        "/api/account/claims",
        cookie,
        Some(json!({ "seats": seats })),
    )
    .await
}

#[tokio::test]
async fn seats_played_without_an_account_are_claimed_and_opened_by_the_session() {
    let router = memory_app().await;
    let (game, tokens) = create(
        &router,
        None,
        json!([{"kind": "local", "name": "Me"}, {"kind": "computer", "level": 1}]),
    )
    .await;
    let (together, both) =
        create(&router, None, json!([{"kind": "local"}, {"kind": "local"}])).await;
    let ada = signed_up(&router, "Claimer").await;
    let nobody = claim(&router, None, &[(&game, &tokens[0])]).await;
    assert_eq!(nobody.status, StatusCode::UNAUTHORIZED);

    let held = [
        (game.as_str(), tokens[0].as_str()),
        (together.as_str(), both[0].as_str()),
        (together.as_str(), both[1].as_str()),
        ("nosuchgame", tokens[0].as_str()),
        (game.as_str(), "0123456789abcdef"),
    ];
    let claimed = claim(&router, Some(&ada), &held).await;
    assert_eq!(claimed.status, StatusCode::OK, "{}", claimed.text);
    assert_eq!(
        claimed.body,
        json!({"claimed": 1}),
        "a game at one screen stays nobody's"
    );
    let seat = &game_view(&router, &game).await["seats"][0];
    assert_eq!(seat["player"], "Claimer");
    assert_eq!(seat["account"], true);
    assert_eq!(
        game_view(&router, &together).await["seats"][0]["account"],
        false
    );
    let twice = claim(&router, Some(&ada), &held).await;
    assert_eq!(twice.body, json!({"claimed": 0}));
    // The seat's token keeps working.
    let moved = send(&router, "GET", &format!("/api/games/{game}"), None, None).await;
    assert_eq!(moved.status, StatusCode::OK);

    // The session opens the account's seats on another device.
    let mine = send(
        &router,
        "GET",
        &format!("/api/games/{game}/my-seats"),
        Some(&ada),
        None,
    )
    .await;
    assert_eq!(mine.status, StatusCode::OK, "{}", mine.text);
    assert_eq!(
        mine.body,
        json!({"seats": [{"seat": 0, "token": tokens[0]}]})
    );

    // Another account acting with its own session gets nothing of Claimer's seats, even
    // holding the token.
    let bob = signed_up(&router, "Other").await;
    let taken_over = claim(&router, Some(&bob), &[(&game, &tokens[0])]).await;
    assert_eq!(
        taken_over.body,
        json!({"claimed": 0}),
        "{}",
        taken_over.text
    );
    assert_eq!(
        game_view(&router, &game).await["seats"][0]["player"],
        "Claimer"
    );
    let theirs = send(
        &router,
        "GET",
        &format!("/api/games/{game}/my-seats"),
        Some(&bob),
        None,
    )
    .await;
    assert_eq!(theirs.body, json!({"seats": []}));
    let anonymous = send(
        &router,
        "GET",
        &format!("/api/games/{game}/my-seats"),
        None,
        None,
    )
    .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    let missing = send(
        &router,
        "GET",
        "/api/games/nosuchgame/my-seats",
        Some(&bob),
        None,
    )
    .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);

    let too_many: Vec<(&str, &str)> = (0..201)
        .map(|_| (game.as_str(), tokens[0].as_str()))
        .collect();
    let refused = claim(&router, Some(&bob), &too_many).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    assert!(refused.text.contains("at most 200"), "{}", refused.text);
}

#[tokio::test]
async fn a_finished_game_claimed_at_sign_up_shows_its_outcome_and_counts_in_the_totals() {
    let router = memory_app().await;
    let (game, tokens) = create(
        &router,
        None,
        json!([{"kind": "local", "name": "Me"}, {"kind": "computer", "level": 1}]),
    )
    .await;
    let resigned = send(
        &router,
        "POST",
        &format!("/api/games/{game}/resign"),
        None,
        Some(json!({"token": tokens[0]})),
    )
    .await;
    assert_eq!(resigned.status, StatusCode::OK, "{}", resigned.text);
    let ada = signed_up(&router, "Latecomer").await;
    let claimed = claim(&router, Some(&ada), &[(&game, &tokens[0])]).await;
    assert_eq!(claimed.body, json!({"claimed": 1}), "{}", claimed.text);

    let page = send(&router, "GET", "/api/players/latecomer", None, None).await;
    assert_eq!(page.body["total"], json!({"win": 0, "draw": 0, "loss": 1}));
    assert_eq!(page.body["ratings"], json!([]), "never rated");
    let games = send(&router, "GET", "/api/players/latecomer/games", None, None).await;
    assert_eq!(games.body["games"][0]["id"], game.as_str());
    assert_eq!(games.body["games"][0]["outcome"], "loss", "{}", games.text);
}

#[tokio::test]
async fn pages_of_other_sites_cannot_use_the_new_endpoints() {
    let router = memory_app().await;
    let ada = signed_up(&router, "Guarded").await;
    let (game, tokens) = create(
        &router,
        None,
        json!([{"kind": "local"}, {"kind": "computer", "level": 1}]),
    )
    .await;
    let attempts = [
        (
            "POST",
            "/api/account",
            json!({"username": "Someone", "password": PASSWORD}),
        ),
        (
            "POST",
            "/api/session",
            json!({"username": "Guarded", "password": PASSWORD}),
        ),
        ("DELETE", "/api/session", json!({})),
        (
            "PUT",
            "/api/account/password",
            json!({"password": PASSWORD, "new_password": NEW_PASSWORD}),
        ),
        ("DELETE", "/api/account", json!({"password": PASSWORD})),
        (
            "POST",
            "/api/account/claims",
            json!({"seats": [{"game": game, "token": tokens[0]}]}),
        ),
    ];
    for (method, path, body) in attempts {
        let request = Request::builder()
            .method(method)
            .uri(path)
            .header(header::HOST, "127.0.0.1:8080")
            .header(header::ORIGIN, "https://evil.example")
            .header(header::COOKIE, &ada)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap();
        let response = router.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{method} {path}");
    }
    // Nothing happened: the account, its session and its password are as they were.
    let me = send(&router, "GET", "/api/account", Some(&ada), None).await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(
        game_view(&router, &game).await["seats"][0]["account"],
        false
    );
    let sign_in = credentials(&router, "/api/session", "Guarded", PASSWORD).await;
    assert_eq!(sign_in.status, StatusCode::OK);
    let nobody_else = credentials(&router, "/api/session", "Someone", PASSWORD).await;
    assert_eq!(nobody_else.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn sign_ins_are_limited_per_address_and_per_account_at_an_address_and_sign_ups_per_address() {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), "sqlite::memory:");
    config.limits.sign_ins_burst = 5;
    config.limits.account_sign_ins_burst = 3;
    config.limits.sign_ups_burst = 2;
    let router = app(config).await;
    let up = |name: &'static str, address: &'static str| {
        let router = router.clone();
        async move {
            send_from(
                &router,
                address,
                None,
                "POST",
                "/api/account",
                json!({"username": name, "password": PASSWORD}),
            )
            .await
        }
    };
    assert_eq!(up("first", "10.0.0.1").await.status, StatusCode::CREATED);
    assert_eq!(up("second", "10.0.0.1").await.status, StatusCode::CREATED);
    limited(up("third", "10.0.0.1").await, "signed up many accounts");
    assert_eq!(up("third", "10.0.0.2").await.status, StatusCode::CREATED);

    let sign_in = |name: &'static str, password: &'static str, address: &'static str| {
        let router = router.clone();
        async move {
            send_from(
                &router,
                address,
                None,
                "POST",
                "/api/session",
                json!({"username": name, "password": password}),
            )
            .await
        }
    };
    // Per account and address (from devices the account does not know): the fourth attempt
    // from one address is refused before the password is checked, the right password
    // included; from another address the account's owner signs in.
    for _ in 0..3 {
        assert_eq!(
            sign_in("first", "wrong password", "10.0.1.1").await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    limited(
        sign_in("FIRST", PASSWORD, "10.0.1.1").await,
        "for this account",
    );
    assert_eq!(
        sign_in("second", PASSWORD, "10.0.1.1").await.status,
        StatusCode::OK
    );
    assert_eq!(
        sign_in("first", PASSWORD, "10.0.1.4").await.status,
        StatusCode::OK
    );
    // Per address, over any names (unknown ones too).
    for name in ["n1", "n2", "n3", "n4", "n5"] {
        assert_eq!(
            sign_in(name, "wrong password", "10.0.2.1").await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    limited(
        sign_in("third", PASSWORD, "10.0.2.1").await,
        "from this address",
    );
    assert_eq!(
        sign_in("third", PASSWORD, "10.0.2.2").await.status,
        StatusCode::OK
    );
}

/// The `tafel_device` cookie `answer` sets, as a browser sends it back.
fn device_cookie(answer: &Answer) -> String {
    let set = answer
        .cookies
        .iter()
        .find(|c| c.starts_with("tafel_device="))
        .expect("a device cookie");
    for attribute in [
        "HttpOnly",
        "SameSite=Strict",
        "Path=/api/session",
        "Max-Age=34560000",
    ] {
        assert!(set.contains(attribute), "{set}");
    }
    sent_back(set)
}

/// The lockout attack fails: a stranger guessing the victim's password from many addresses is
/// refused at each of them and then slowed, while the victim signs in at once from a device
/// that signed in before (even behind the attacker's address) and, slowed but not refused,
/// from a new device; a password change counts per session, so the attack does not stop it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stranger_cannot_lock_an_account_out() {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), "sqlite::memory:");
    // The attack below spends the account's allowance for devices it does not know exactly.
    config.limits.account_sign_ins_slow_after = 40;
    let router = app(config).await;
    let signed_up = send_from(
        &router,
        "10.0.0.1",
        None,
        "POST",
        "/api/account",
        json!({"username": "victim", "password": PASSWORD}),
    )
    .await;
    assert_eq!(signed_up.status, StatusCode::CREATED, "{}", signed_up.text);
    let device = device_cookie(&signed_up);
    let attempt = |address: String, cookie: Option<String>, password: &'static str| {
        let router = router.clone();
        async move {
            let started = std::time::Instant::now();
            let answer = send_from(
                &router,
                &address,
                cookie.as_deref(),
                "POST",
                "/api/session",
                json!({"username": "victim", "password": password}),
            )
            .await;
            (answer, started.elapsed())
        }
    };

    // The attack: 15 wrong passwords from each of four addresses, one after another.
    let mut statuses = Vec::new();
    for address in ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"] {
        for _ in 0..15 {
            let (answer, _) = attempt(address.to_string(), None, "not the password").await;
            statuses.push(answer.status);
        }
    }
    let count = |status| statuses.iter().filter(|s| **s == status).count();
    assert_eq!(count(StatusCode::UNAUTHORIZED), 40, "{statuses:?}");
    assert_eq!(
        count(StatusCode::TOO_MANY_REQUESTS),
        20,
        "refused at each address"
    );
    // Past the account's threshold, a stranger's attempt from a fresh address is slowed.
    let (answer, took) = attempt("203.0.113.5".into(), None, "not the password").await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "{}", answer.text);
    assert!(took >= Duration::from_secs(3), "slowed: {took:?}");

    // The victim, on the device that signed up, behind the attacker's first address.
    let (known, _) = attempt("203.0.113.1".into(), Some(device.clone()), PASSWORD).await;
    assert_eq!(known.status, StatusCode::OK, "{}", known.text);
    // And from a new device at another address: slowed, not refused; it becomes known.
    let (new, took) = attempt("198.51.100.7".into(), None, PASSWORD).await;
    assert_eq!(new.status, StatusCode::OK, "{}", new.text);
    assert!(took < Duration::from_secs(60), "{took:?}");
    let new_device = device_cookie(&new);
    let (again, _) = attempt("198.51.100.7".into(), Some(new_device), PASSWORD).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.text);
    // A device another account knows, or a forged one, counts as unknown.
    let (forged, _) = attempt(
        "203.0.113.1".into(),
        Some("tafel_device=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA".into()),
        PASSWORD,
    )
    .await;
    limited(forged, "for this account");

    // The password change counts per session: the attack left it alone.
    let session = sent_back(known.cookie.as_deref().unwrap());
    assert!(session.starts_with("tafel_session="), "{session}");
    let change = send(
        &router,
        "PUT",
        "/api/account/password",
        Some(&session),
        Some(json!({"password": PASSWORD, "new_password": NEW_PASSWORD})),
    )
    .await;
    assert_eq!(change.status, StatusCode::NO_CONTENT, "{}", change.text);
}

/// Checks that `answer` is a 429 whose message has `words`.
fn limited(answer: Answer, words: &str) {
    assert_eq!(
        answer.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        answer.text
    );
    assert!(answer.text.contains(words), "{}", answer.text);
}

/// A `tracing` writer into a shared buffer: what the server logs during a test.
#[derive(Clone, Default)]
struct Captured(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn no_password_or_hash_in_any_log_line_or_answer() {
    let captured = Captured::default();
    let writer = captured.clone();
    let _logging = tracing::subscriber::set_default(
        tracing_subscriber::fmt()
            .with_max_level(tracing::Level::TRACE)
            .with_writer(move || writer.clone())
            .finish(),
    );
    let router = memory_app().await;
    let mut answers = Vec::new();
    let up = credentials(&router, "/api/account", "Quiet", PASSWORD).await;
    let cookie = sent_back(up.cookie.as_deref().unwrap());
    answers.push(up);
    for (method, path, body) in [
        (
            "POST",
            "/api/session",
            json!({"username": "Quiet", "password": "the wrong password"}),
        ),
        (
            "POST",
            "/api/session",
            json!({"username": "Quiet", "password": PASSWORD}),
        ),
        (
            "PUT",
            "/api/account/password",
            json!({"password": "the wrong password", "new_password": NEW_PASSWORD}),
        ),
        (
            "PUT",
            "/api/account/password",
            json!({"password": PASSWORD, "new_password": NEW_PASSWORD}),
        ),
        (
            "POST",
            "/api/account",
            json!({"username": "Quiet2", "password": "sh0rtpw"}),
        ),
        (
            "POST",
            "/api/account",
            json!({"username": "Quiet", "password": NEW_PASSWORD}),
        ),
        (
            "DELETE",
            "/api/account",
            json!({"password": "the wrong password"}),
        ),
        ("DELETE", "/api/account", json!({"password": NEW_PASSWORD})),
    ] {
        // Signing in again would end the session this test goes on with.
        let cookie = (method != "POST").then_some(cookie.as_str());
        answers.push(send(&router, method, path, cookie, Some(body)).await);
    }
    // The log lines of the work the answers left running (no event says it is done; what is
    // checked is that no line says a secret).
    tokio::time::sleep(Duration::from_millis(200)).await;
    let log = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    for text in answers
        .iter()
        .map(|a| a.text.as_str())
        .chain([log.as_str()])
    {
        for secret in [
            PASSWORD,
            NEW_PASSWORD,
            "the wrong password",
            "sh0rtpw",
            "$argon2",
            "argon2id",
        ] {
            assert!(!text.contains(secret), "{secret:?} in {text}");
        }
    }
    assert_eq!(
        answers.last().unwrap().status,
        StatusCode::NO_CONTENT,
        "{}",
        answers.last().unwrap().text
    );
}

/// A seat played without an account cannot pass for an account (its name in any case, or a
/// lookalike, a deleted account's included) or for the site; `Guest`, what such seats are
/// called when nobody gives a name, stays free.
#[tokio::test]
async fn a_seat_without_an_account_cannot_take_an_accounts_name() {
    let router = memory_app().await;
    let signed_up = credentials(&router, "/api/account", "Magnus", PASSWORD).await;
    assert_eq!(signed_up.status, StatusCode::CREATED, "{}", signed_up.text);
    let join = |name: &'static str| {
        let router = router.clone();
        async move {
            let created = send(
                &router,
                "POST",
                "/api/games",
                None,
                Some(
                    json!({"game": "black-path", "seats": [{"kind": "local"}, {"kind": "invite"}]}),
                ),
            )
            .await;
            assert_eq!(created.status, StatusCode::OK, "{}", created.text);
            let id = created.body["id"].as_str().unwrap().to_string();
            let invite = created.body["seats"][1]["invite"]
                .as_str()
                .unwrap()
                .to_string();
            send(
                &router,
                "POST",
                &format!("/api/games/{id}/join"),
                None,
                Some(json!({"invite": invite, "name": name})),
            )
            .await
        }
    };
    // The same name in letters of other scripts or styles (TS39's confusables): a Cyrillic
    // `а`, a mathematical bold `𝐌`, a fullwidth `Ｍ`.
    for name in [
        "Magnus",
        "magnus",
        "MAGNUS",
        "rnagnus",
        "M\u{430}gnus",
        "\u{1D40C}agnus",
        "\u{FF2D}agnus",
    ] {
        let refused = join(name).await;
        assert_eq!(
            refused.status,
            StatusCode::CONFLICT,
            "{name}: {}",
            refused.text
        );
        assert_eq!(refused.body["code"], "name-belongs-to-an-account", "{name}");
    }
    for name in ["Tafel Support", "\u{422}afel Support", "T\u{430}fel"] {
        let refused = join(name).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
        assert_eq!(refused.body["code"], "name-is-kept-for-the-site", "{name}");
    }
    for name in ["Guest", "Player 2", "Magnolia"] {
        let joined = join(name).await;
        assert_eq!(joined.status, StatusCode::OK, "{name}: {}", joined.text);
    }
}

/// The sessions of the account signed in with `cookie`, as its list shows them.
async fn sessions(router: &Router, cookie: &str) -> Vec<Value> {
    let list = send(router, "GET", "/api/account/sessions", Some(cookie), None).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.text);
    list.body.as_array().unwrap().clone()
}

/// Whether `cookie` still signs someone in.
async fn signs_in(router: &Router, cookie: &str) -> bool {
    let me = send(router, "GET", "/api/account", Some(cookie), None).await;
    me.status == StatusCode::OK
}

#[tokio::test]
async fn one_sees_ones_sessions_and_ends_one_or_all_others_but_nobody_elses() {
    let config = Config::new("127.0.0.1:0".parse().unwrap(), "sqlite::memory:");
    let timeline = config.timeline.clone();
    let router = app(config).await;
    let open = |address: &'static str, agent: &'static str, path: &'static str| {
        let router = router.clone();
        async move {
            let body = json!({"username": "Roamer", "password": PASSWORD});
            let answer = in_process::send_as(
                &router,
                Some(address),
                Some(agent),
                "POST",
                path,
                None,
                Some(body),
            )
            .await;
            assert!(answer.status.is_success(), "{}", answer.text);
            sent_back(&answer.cookie.unwrap())
        }
    };
    let laptop = open("192.0.2.10", "Laptop/1.0 (X11; Linux)", "/api/account").await;
    let phone = open("198.51.100.20", "Phone/2.0 (Android)", "/api/session").await;
    let nobody = send(&router, "GET", "/api/account/sessions", None, None).await;
    assert_eq!(nobody.status, StatusCode::UNAUTHORIZED, "{}", nobody.text);

    // Both sessions, this one first and marked; each with its browser and address.
    let listed = sessions(&router, &laptop).await;
    assert_eq!(listed.len(), 2, "{listed:?}");
    let of = |device: &str| {
        listed
            .iter()
            .find(|s| s["device"] == device)
            .unwrap_or_else(|| panic!("{device} in {listed:?}"))
            .clone()
    };
    let (on_laptop, on_phone) = (of("Laptop/1.0 (X11; Linux)"), of("Phone/2.0 (Android)"));
    assert_eq!(on_laptop["current"], true);
    assert_eq!(on_phone["current"], false);
    assert_eq!(on_laptop["address"], "192.0.2.10");
    assert_eq!(on_phone["address"], "198.51.100.20");
    let phone_id = on_phone["id"].as_str().unwrap().to_string();
    assert_eq!(phone_id.len(), 16);
    assert!(phone_id.chars().all(|c| c.is_ascii_hexdigit()));
    // The name in the list is not the session's secret.
    assert!(!phone.contains(&phone_id) && !laptop.contains(&phone_id));

    // Seen again from elsewhere after six minutes: the address and the time move on.
    timeline.advance(Duration::from_secs(6 * 60));
    let seen = in_process::send_as(
        &router,
        Some("203.0.113.30"),
        Some("Phone/2.0 (Android)"),
        "GET",
        "/api/account",
        Some(&phone),
        None,
    )
    .await;
    assert_eq!(seen.status, StatusCode::OK);
    let listed = sessions(&router, &laptop).await;
    let on_phone = listed
        .iter()
        .find(|s| s["id"] == phone_id.as_str())
        .unwrap();
    assert_eq!(on_phone["address"], "203.0.113.30");
    let waited = on_phone["seen_ms"].as_i64().unwrap() - on_phone["created_ms"].as_i64().unwrap();
    assert!(waited >= 6 * 60 * 1000, "{on_phone}");
    // The last seen first (this one was seen again by this very request).
    let seen: Vec<i64> = listed
        .iter()
        .map(|s| s["seen_ms"].as_i64().unwrap())
        .collect();
    assert!(seen.windows(2).all(|w| w[0] >= w[1]), "{listed:?}");
    // Seen by a request whose address is not known: the address last known stays.
    let here = listed.iter().find(|s| s["current"] == true).unwrap();
    assert_eq!(here["address"], "192.0.2.10");

    // Another account can neither list nor end them: the same 404 as no such session.
    let stranger = signed_up(&router, "Stranger").await;
    assert_eq!(sessions(&router, &stranger).await.len(), 1);
    let path = format!("/api/account/sessions/{phone_id}");
    let refused = send(&router, "DELETE", &path, Some(&stranger), None).await;
    assert_eq!(refused.status, StatusCode::NOT_FOUND, "{}", refused.text);
    assert_eq!(refused.body["code"], "no-session-of-yours-by-that-name");
    assert!(signs_in(&router, &phone).await);

    // Its owner ends it: that browser is signed out, and it is gone from the list.
    let ended = send(&router, "DELETE", &path, Some(&laptop), None).await;
    assert_eq!(ended.status, StatusCode::NO_CONTENT, "{}", ended.text);
    assert!(!signs_in(&router, &phone).await);
    assert!(signs_in(&router, &laptop).await);
    assert_eq!(sessions(&router, &laptop).await.len(), 1);
    let again = send(&router, "DELETE", &path, Some(&laptop), None).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND, "{}", again.text);

    // Everywhere else: two more sessions end, this one stays.
    let tablet = open("192.0.2.40", "Tablet/3.0", "/api/session").await;
    let desk = open("192.0.2.50", "Desk/4.0", "/api/session").await;
    assert_eq!(sessions(&router, &laptop).await.len(), 3);
    let others = send(
        &router,
        "DELETE",
        "/api/account/sessions",
        Some(&laptop),
        None,
    )
    .await;
    assert_eq!(others.status, StatusCode::NO_CONTENT, "{}", others.text);
    assert!(!signs_in(&router, &tablet).await && !signs_in(&router, &desk).await);
    assert!(signs_in(&router, &laptop).await);
    assert!(
        signs_in(&router, &stranger).await,
        "nobody else's sessions end"
    );
    let left = sessions(&router, &laptop).await;
    assert_eq!(left.len(), 1);
    assert_eq!(left[0]["current"], true);
}

#[tokio::test]
async fn ones_data_downloads_with_no_secret_in_it() {
    let router = memory_app().await;
    let nobody = send(&router, "GET", "/api/account/data", None, None).await;
    assert_eq!(nobody.status, StatusCode::UNAUTHORIZED, "{}", nobody.text);
    let cookie = signed_up(&router, "Keeper").await;
    let other = signed_up(&router, "Neighbour").await;
    let data = send(&router, "GET", "/api/account/data", Some(&cookie), None).await;
    assert_eq!(data.status, StatusCode::OK, "{}", data.text);
    let tables = &data.body["tables"];
    assert_eq!(tables["account"][0]["username"], "Keeper");
    assert_eq!(tables["sessions"].as_array().unwrap().len(), 1);
    assert!(data.body["exported_ms"].as_i64().unwrap() > 0);
    // Neither the session's id nor any password hash, and nobody else's rows.
    let session = cookie.split('=').nth(1).unwrap();
    for secret in [session, "$argon2id", "password_hash", "Neighbour"] {
        assert!(!data.text.contains(secret), "{secret} in {}", data.text);
    }
    assert!(!other.is_empty());
}

/// Signs in as `username` with a code: the answer.
async fn sign_in_with(router: &Router, username: &str, password: &str, code: &str) -> Answer {
    let body = json!({"username": username, "password": password, "code": code});
    send(router, "POST", "/api/session", None, Some(body)).await
}

#[tokio::test]
async fn two_step_sign_in_takes_each_code_once_and_each_recovery_code_once() {
    use tafel_server::domain::account::second_factor::TotpSecret;
    use tafel_server::play::second_factor::turn_off_for;
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), "sqlite::memory:");
    // Every attempt with a code counts as a sign-in: this test makes twelve for one account.
    config.limits.account_sign_ins_burst = 20;
    let (router, hub) = tafel_server::app(&config).await.unwrap();
    let ada = signed_up(&router, "Twostep").await;
    let call = |method: &'static str, path: &'static str, body: Option<Value>| {
        let (router, ada) = (router.clone(), ada.clone());
        async move { send(&router, method, path, Some(&ada), body).await }
    };
    let state = call("GET", "/api/account/second-factor", None).await;
    assert_eq!(state.body, json!({"on": false, "recovery_codes_left": 0}));
    let wrong = json!({"password": "not the password"});
    let refused = call("POST", "/api/account/second-factor/setup", Some(wrong)).await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED, "{}", refused.text);

    let setup = json!({"password": PASSWORD});
    let set_up = call("POST", "/api/account/second-factor/setup", Some(setup)).await;
    assert_eq!(set_up.status, StatusCode::OK, "{}", set_up.text);
    let secret = TotpSecret::from_stored(set_up.body["secret"].as_str().unwrap()).unwrap();
    assert!(set_up.body["qr_svg"].as_str().unwrap().contains("<svg"));
    assert!(set_up.body["url"]
        .as_str()
        .unwrap()
        .starts_with("otpauth://totp/Tafel:Twostep?"));
    // Nothing asks for a code until a first code turns it on.
    let plain = credentials(&router, "/api/session", "Twostep", PASSWORD).await;
    assert_eq!(plain.status, StatusCode::OK, "{}", plain.text);
    let now = || tafel_server::domain::clock::Timeline::default().now_ms();
    let stale = secret.code_at(now() - 10 * 60_000);
    let not_on = call(
        "POST",
        "/api/account/second-factor",
        Some(json!({"code": stale})),
    )
    .await;
    assert_eq!(not_on.status, StatusCode::UNAUTHORIZED, "{}", not_on.text);
    assert_eq!(not_on.body["code"], "that-code-is-not-right");
    let first = secret.code_at(now());
    let on = call(
        "POST",
        "/api/account/second-factor",
        Some(json!({"code": first})),
    )
    .await;
    assert_eq!(on.status, StatusCode::OK, "{}", on.text);
    let recovery: Vec<String> = serde_json::from_value(on.body["recovery_codes"].clone()).unwrap();
    assert_eq!(recovery.len(), 10);

    // The password alone is not enough now; a wrong password says nothing of the code.
    let asked = credentials(&router, "/api/session", "Twostep", PASSWORD).await;
    assert_eq!(asked.status, StatusCode::UNAUTHORIZED);
    assert_eq!(asked.body["code"], "this-account-asks-for-a-code");
    assert!(asked.cookie.is_none());
    let next = secret.code_at(now() + 30_000);
    let wrong_password = sign_in_with(&router, "Twostep", "not the password", &next).await;
    assert_eq!(
        wrong_password.body["code"],
        "that-username-and-password-do-not"
    );
    // The code that turned it on was taken; the next step's is taken once.
    let replayed = sign_in_with(&router, "Twostep", PASSWORD, &first).await;
    assert_eq!(replayed.body["code"], "that-code-was-used-already");
    let signed_in = sign_in_with(&router, "Twostep", PASSWORD, &next).await;
    assert_eq!(signed_in.status, StatusCode::OK, "{}", signed_in.text);
    assert!(signed_in.cookie.is_some());
    let again = sign_in_with(&router, "Twostep", PASSWORD, &next).await;
    assert_eq!(again.body["code"], "that-code-was-used-already");
    // A recovery code, however typed, works once.
    let typed = recovery[0].to_uppercase().replace('-', " ");
    let recovered = sign_in_with(&router, "Twostep", PASSWORD, &typed).await;
    assert_eq!(recovered.status, StatusCode::OK, "{}", recovered.text);
    let reused = sign_in_with(&router, "Twostep", PASSWORD, &recovery[0]).await;
    assert_eq!(reused.body["code"], "that-code-is-not-right");
    let state = call("GET", "/api/account/second-factor", None).await;
    assert_eq!(state.body, json!({"on": true, "recovery_codes_left": 9}));
    // New recovery codes (with a recovery code): the old ones are gone.
    let confirmed = json!({"password": PASSWORD, "code": recovery[2]});
    let path = "/api/account/second-factor/recovery-codes";
    let renewed = call("POST", path, Some(confirmed)).await;
    assert_eq!(renewed.status, StatusCode::OK, "{}", renewed.text);
    let old = recovery;
    let recovery: Vec<String> =
        serde_json::from_value(renewed.body["recovery_codes"].clone()).unwrap();
    assert!(recovery.iter().all(|code| !old.contains(code)));
    let gone = sign_in_with(&router, "Twostep", PASSWORD, &old[3]).await;
    assert_eq!(gone.body["code"], "that-code-is-not-right");
    let state = call("GET", "/api/account/second-factor", None).await;
    assert_eq!(state.body, json!({"on": true, "recovery_codes_left": 10}));

    // One's data holds neither the secret nor a recovery code's digest.
    let data = call("GET", "/api/account/data", None).await;
    assert!(data.text.contains("second_factor"), "{}", data.text);
    assert!(!data.text.contains(&secret.as_base32()));
    // Off with the password and a code; then the password alone signs in again.
    let off = |code: &str| json!({"password": PASSWORD, "code": code});
    let refused = call("DELETE", "/api/account/second-factor", Some(off(&stale))).await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED, "{}", refused.text);
    let turned_off = call(
        "DELETE",
        "/api/account/second-factor",
        Some(off(&recovery[1])),
    )
    .await;
    assert_eq!(
        turned_off.status,
        StatusCode::NO_CONTENT,
        "{}",
        turned_off.text
    );
    let plain = credentials(&router, "/api/session", "Twostep", PASSWORD).await;
    assert_eq!(plain.status, StatusCode::OK, "{}", plain.text);

    // On again, then off by the operator (`tafel account two-step-off`).
    let setup = json!({"password": PASSWORD});
    let set_up = call("POST", "/api/account/second-factor/setup", Some(setup)).await;
    let secret = TotpSecret::from_stored(set_up.body["secret"].as_str().unwrap()).unwrap();
    let code = json!({"code": secret.code_at(now())});
    let on = call("POST", "/api/account/second-factor", Some(code)).await;
    assert_eq!(on.status, StatusCode::OK, "{}", on.text);
    let asked = credentials(&router, "/api/session", "Twostep", PASSWORD).await;
    assert_eq!(asked.body["code"], "this-account-asks-for-a-code");
    let store = hub.store();
    assert_eq!(turn_off_for(store, "twostep").await, Ok(true));
    assert_eq!(turn_off_for(store, "twostep").await, Ok(false));
    let unknown = turn_off_for(store, "nobody").await.unwrap_err();
    assert_eq!(unknown.code(), "no-account-is-named-name");
    let plain = credentials(&router, "/api/session", "Twostep", PASSWORD).await;
    assert_eq!(plain.status, StatusCode::OK, "{}", plain.text);
}

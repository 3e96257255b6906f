//! What the browser page relies on, against a real server on loopback: the page and its files
//! under the content security policy, the rules pages, the 404 page (and JSON 404s under
//! `/api/`), setting labels and conditions in the catalogue, computer levels that cannot play,
//! the move list's numbering and the last move in a game's view, and the game list's players
//! and move counts.

use crate::support;

use serde_json::{json, Value};
use support::serve_with;
use tafel_server::{Limits, Server};
use tafel_testkit::client::Client;

async fn serve(dir: &tempfile::TempDir) -> Server {
    serve_with(&dir.path().join("tafel.db"), Limits::default()).await
}

/// Status, content type and body of a GET.
async fn get(server: &Server, path: &str) -> (u16, String, String, Option<String>) {
    let answer = Client::new(server.addr).get(path).await;
    let kind = answer.header("content-type").to_string();
    let policy = answer
        .headers
        .get("content-security-policy")
        .map(|v| v.to_str().unwrap().to_string());
    (answer.status, kind, answer.text, policy)
}

async fn get_json(server: &Server, path: &str) -> Value {
    let (status, _, body, _) = get(server, path).await;
    assert_eq!(status, 200, "{path}: {body}");
    serde_json::from_str(&body).unwrap()
}

async fn post(server: &Server, path: &str, body: Value) -> Value {
    let answer = Client::new(server.addr).post(path, body).await;
    assert!(answer.is_success(), "{path}");
    answer.body
}

#[tokio::test]
async fn pages_files_rules_and_not_found() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir).await;

    let (status, kind, body, policy) = get(&server, "/").await;
    assert_eq!(status, 200);
    assert!(kind.starts_with("text/html"));
    assert!(body.contains(r#"<script type="module" src="/assets/app.js"></script>"#));
    assert!(!body.contains("style="), "no inline style under the policy");
    let policy = policy.expect("pages carry a content security policy");
    assert!(policy.contains("script-src 'self'") && policy.contains("style-src 'self'"));

    for (path, kind) in [
        ("/assets/app.js", "text/javascript"),
        ("/assets/boards/quarx.js", "text/javascript"),
        ("/assets/style.css", "text/css"),
        ("/assets/favicon.svg", "image/svg+xml"),
        ("/assets/boards/karls-race-board.json", "application/json"),
    ] {
        let (status, got, _, _) = get(&server, path).await;
        assert_eq!(status, 200, "{path}");
        assert!(got.starts_with(kind), "{path}: {got}");
    }
    let (_, _, board, _) = get(&server, "/assets/boards/karls-race-board.json").await;
    assert_eq!(
        board,
        include_str!("../../../tafel-games/src/karls_race/board.json")
    );

    // The account pages are the page's own routes; every page's header has the account's
    // part, drawn by its script.
    for path in [
        "/sign-in",
        "/sign-up",
        "/settings",
        "/rules/kauri",
        "/no/such/page",
    ] {
        let (_, kind, body, _) = get(&server, path).await;
        assert!(kind.starts_with("text/html"), "{path}");
        assert!(
            body.contains(r#"<nav class="account" id="account""#),
            "{path}"
        );
        assert!(
            body.contains(r#"<script type="module" src="/assets/account/header.js"></script>"#),
            "{path}"
        );
    }
    for path in ["/sign-in", "/sign-up", "/settings"] {
        let (status, _, body, _) = get(&server, path).await;
        assert_eq!(status, 200, "{path}");
        assert!(body.contains(r#"src="/assets/app.js""#), "{path}");
    }

    let (status, kind, body, policy) = get(&server, "/rules/kauri").await;
    assert_eq!(status, 200);
    assert!(kind.starts_with("text/html") && policy.is_some());
    assert!(body.contains("<title>Rules of Kauri · Tafel</title>"));
    assert!(body.contains(r#"<span class="mark mark-pinned">pinned</span>"#));
    assert!(body.contains(r#"<a href="/">"#));
    assert!(body.contains(r#"<figure class="rules-diagram" data-game="kauri""#));
    let (status, _, body, _) = get(&server, "/rules/kauri?lang=de").await;
    assert_eq!(status, 200);
    assert!(
        body.contains(r#"<html lang="de">"#)
            && body.contains("<title>Regeln von Kauri · Tafel</title>")
    );
    assert!(body.contains(r#"<span class="mark mark-pinned">festgelegt</span>"#));
    assert!(body.contains(r#"href="/rules/kauri?lang=en""#));

    for path in ["/rules/chess", "/no/such/page", "/assets/nothing.js"] {
        let (status, kind, body, _) = get(&server, path).await;
        assert_eq!(status, 404, "{path}");
        assert!(kind.starts_with("text/html"), "{path}: {kind}");
        assert!(
            body.contains("Page not found")
                && body.contains(r#"<a href="/">Back to the lobby</a>"#)
        );
    }
    let (status, kind, body, _) = get(&server, "/api/no-such-thing").await;
    assert_eq!(status, 404);
    assert!(kind.starts_with("application/json"));
    assert!(body.contains("no-such-thing"), "{body}");
}

#[tokio::test]
async fn the_catalogue_labels_settings_and_says_which_levels_cannot_play() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir).await;
    let catalog = get_json(&server, "/api/catalog").await;
    let karls_race = catalog["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "karls-race")
        .unwrap();
    let spec = |key: &str| {
        karls_race["settings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["key"] == key)
            .unwrap()
            .clone()
    };
    assert_eq!(spec("first")["label"], "Who moves first");
    assert_eq!(
        spec("first")["choices_by"],
        json!({"key": "players", "choices": {"2": ["white", "black"], "4": ["se", "sw", "nw", "ne"]}})
    );
    assert_eq!(
        spec("start4")["applies_when"],
        json!({"key": "players", "value": "4"})
    );
    assert_eq!(spec("players")["applies_when"], Value::Null);

    // Level 6 is perfect play from the solved table: without the table it cannot play as it
    // says, and the notice says how to build the table.
    let table = tafel_ai::solve::karls_race::default_path();
    let levels = get_json(&server, "/api/catalog/karls-race/levels").await;
    assert_eq!(levels.as_array().unwrap().len(), 6);
    assert_eq!(levels[0], json!({"level": 1, "notice": null}));
    if table.exists() {
        assert_eq!(levels[5]["notice"], Value::Null);
    } else {
        let notice = levels[5]["notice"].as_str().unwrap();
        assert!(notice.contains("tafel solve karls-race"), "{notice}");
    }
    let four = get_json(&server, "/api/catalog/karls-race/levels?players=4").await;
    assert!(four[5]["notice"]
        .as_str()
        .unwrap()
        .contains("only the two-player game"));
    let (status, _, _, _) = get(&server, "/api/catalog/karls-race/levels?players=3").await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn views_number_the_moves_as_the_record_and_name_the_last_move() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir).await;
    let created = post(
        &server,
        "/api/games",
        json!({"game": "karls-race", "seats": [{"kind": "local"}, {"kind": "local"}]}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let view = &created["view"];
    // The server rolled for White: a chance outcome numbered with the move it comes before.
    assert_eq!(view["plies"], json!([{"number": 1, "seat": null}]));
    assert_eq!(view["last_move"], Value::Null);
    let start = view["code"].as_str().unwrap().to_string();
    let mv = view["legal"][0].as_str().unwrap().to_string();
    let token = created["seats"][0]["token"].as_str().unwrap();
    let after = post(
        &server,
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": mv}),
    )
    .await;
    assert_eq!(
        after["plies"],
        json!([{"number": 1, "seat": null}, {"number": 1, "seat": 0}, {"number": 2, "seat": null}])
    );
    assert_eq!(
        after["last_move"],
        json!({"index": 1, "text": mv, "seat": 0, "before": start})
    );
    // An earlier ply: the last move before it.
    let first = get_json(&server, &format!("/api/games/{id}?ply=1")).await;
    assert_eq!(first["last_move"], Value::Null);

    // The list: players by name and kind (no secrets), moves as the record counts them (the
    // rolls are not moves), the dates.
    let list = get_json(&server, "/api/games?limit=5").await;
    let listed = &list[0];
    assert_eq!(listed["id"], id);
    assert_eq!(listed["title"], "Karl's Race");
    assert_eq!(listed["record_moves"], 1);
    assert_eq!(listed["moves"], 3);
    assert_eq!(
        listed["players"],
        json!([{"seat": 0, "name": "White", "kind": "local", "level": null, "player": null, "joined": true, "hints": false, "account": false, "deleted": false, "bot": false},
               {"seat": 1, "name": "Black", "kind": "local", "level": null, "player": null, "joined": true, "hints": false, "account": false, "deleted": false, "bot": false}])
    );
    assert!(listed["created_at"].as_str().unwrap().ends_with('Z'));
    assert!(
        !list.to_string().contains(token),
        "no seat secret in the list"
    );
}

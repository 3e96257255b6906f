//! The HTTP and WebSocket API against a real server on loopback, with a real SQLite file:
//! create, move, illegal move refused, wrong seat token refused, undo, records, import,
//! pushes over the WebSocket, and restart-and-resume from the same database file.

use crate::support;

use std::time::Duration;

use futures_util::StreamExt;
use serde_json::{json, Value};
use support::serve_with;
use tafel_server::domain::game::{StoredGame, Summary};
use tafel_server::domain::seat::{SeatKind, StoredSeat};
use tafel_server::store::Store;
use tafel_server::{Limits, Server};
use tafel_testkit::client::Client;

async fn serve(db: &std::path::Path) -> Server {
    serve_with(db, Limits::default()).await
}

/// Waits until the game has `moves` moves (a computer seat is replying).
async fn wait_for_moves(client: &Client, id: &str, moves: usize) -> Value {
    client
        .wait_for(id, Duration::from_secs(5), |view| {
            view["moves"].as_array().is_some_and(|m| m.len() >= moves) && view["thinking"] == false
        })
        .await
}

fn black_path_against_computer() -> Value {
    json!({
        "game": "black-path",
        "settings": {"size": "4x4"},
        "seats": [{"kind": "local"}, {"kind": "computer", "level": 1}],
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafel.db");
    let server = serve(&db).await;
    let client = Client::new(server.addr);

    let (status, created) = client
        .post("/api/games", black_path_against_computer())
        .await
        .parts();
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["seats"][0]["token"].as_str().unwrap().to_string();
    assert!(
        created["seats"][1]["token"].is_null(),
        "a computer seat's token must not be handed out"
    );
    assert_eq!(created["view"]["legal"], json!(["1", "2", "3"]));
    assert_eq!(created["view"]["status"]["state"], "to_move");

    // Malformed and illegal moves are refused with a message; nothing is stored.
    let (status, body) = client
        .post(
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": "7"}),
        )
        .await
        .parts();
    assert_eq!(status, 422);
    assert!(
        body["error"].as_str().unwrap().contains("invalid move `7`"),
        "{body}"
    );
    let (status, body) = client
        .post(
            &format!("/api/games/{id}/moves"),
            json!({"token": "f00", "move": "3"}),
        )
        .await
        .parts();
    assert_eq!(status, 403, "{body}");
    let (status, _) = client
        .post(
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": "3", "ply": 5}),
        )
        .await
        .parts();
    assert_eq!(status, 409);

    // A legal move; the computer answers on its own.
    let (status, body) = client
        .post(
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": "3", "ply": 0}),
        )
        .await
        .parts();
    assert_eq!(status, 200, "{body}");
    let view = wait_for_moves(&client, &id, 2).await;
    assert_eq!(view["moves"][0], "3");

    // It is not the person's turn while the computer is to move; after the reply it is.
    let (status, view) = client
        .post(&format!("/api/games/{id}/undo"), json!({"token": token}))
        .await
        .parts();
    assert_eq!(status, 200, "{view}");
    assert_eq!(
        view["moves"],
        json!([]),
        "undo takes back the person's move and the reply"
    );
    let (status, _) = client
        .post(
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": "2"}),
        )
        .await
        .parts();
    assert_eq!(status, 200);
    let before = wait_for_moves(&client, &id, 2).await;

    // Restart on the same database file: the game is there as it was.
    server.task.abort();
    let server = serve(&db).await;
    let client = Client::new(server.addr);
    let (status, after) = client.get(&format!("/api/games/{id}")).await.parts();
    assert_eq!(status, 200);
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(after["code"], before["code"]);

    // The record downloads and imports into a new game that replays to the same position.
    let text = client.get(&format!("/api/games/{id}/record")).await.text;
    assert!(text.starts_with("[Game \"black-path\"]"), "{text}");
    let (status, imported) = client
        .post(
            "/api/import",
            json!({"record": text, "seats": [{"kind": "local"}, {"kind": "local"}]}),
        )
        .await
        .parts();
    assert_eq!(status, 200, "{imported}");
    assert_eq!(imported["view"]["code"], after["code"]);
    let json_record: Value = client
        .get(&format!("/api/games/{id}/record?format=json"))
        .await
        .body;
    assert_eq!(json_record["moves"], after["moves"]);

    // Replay: any earlier ply can be viewed.
    let (status, first) = client.get(&format!("/api/games/{id}?ply=0")).await.parts();
    assert_eq!(status, 200);
    assert_eq!(first["code"], "..../..../..../....");
    assert_eq!(first["legal"], json!([]));
    let (status, _) = client.get(&format!("/api/games/{id}?ply=99")).await.parts();
    assert_eq!(status, 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_seats_resume_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafel.db");
    let url = format!("sqlite://{}", db.display());
    // A game stored while the computer was to move, as if the server had stopped then.
    let store = Store::open(&url).await.unwrap();
    let stored = StoredGame::new(
        "resumegame22",
        "black-path",
        vec![("size".into(), "3x3".into())],
        None,
        vec![
            StoredSeat::person(SeatKind::Local, None),
            StoredSeat::computer(1),
        ],
        vec!["3".into()],
    );
    let summary = Summary {
        computer_to_move: true,
        ..Summary::default()
    };
    store.create(&stored, &summary).await.unwrap();
    drop(store);
    let server = serve(&db).await;
    let client = Client::new(server.addr);
    let view = wait_for_moves(&client, "resumegame22", 2).await;
    assert_eq!(view["status"]["state"], "to_move");
    assert_eq!(view["status"]["seat"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn online_players_get_moves_pushed_and_only_their_seat() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("tafel.db")).await;
    let client = Client::new(server.addr);
    let body = json!({"game": "black-path", "seats": [{"kind": "local"}, {"kind": "invite"}]});
    let (_, created) = client.post("/api/games", body).await.parts();
    let id = created["id"].as_str().unwrap();
    let host = created["seats"][0]["token"].as_str().unwrap();
    assert!(
        created["seats"][1].get("token").is_none(),
        "the creator gets no token for the invited seat"
    );
    let invite = created["seats"][1]["invite"].as_str().unwrap();
    let (status, joined) = client
        .post(
            &format!("/api/games/{id}/join"),
            json!({"invite": invite, "name": "Ada"}),
        )
        .await
        .parts();
    assert_eq!(status, 200, "{joined}");
    let guest = joined["token"].as_str().unwrap();

    let mut socket = client.watch(id).await;
    // Waits for a pushed view with exactly `moves`, within five seconds.
    let mut pushed = async |moves: Value| loop {
        let message = tokio::time::timeout(Duration::from_secs(5), socket.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        let value: Value = serde_json::from_str(message.to_text().unwrap()).unwrap();
        if value["type"] == "view" && value["view"]["moves"] == moves {
            return;
        }
    };
    pushed(json!([])).await;

    let (status, _) = client
        .post(
            &format!("/api/games/{id}/moves"),
            json!({"token": guest, "move": "2"}),
        )
        .await
        .parts();
    assert_eq!(status, 409, "the guest may not move for the host");
    let (status, _) = client
        .post(
            &format!("/api/games/{id}/moves"),
            json!({"token": host, "move": "2"}),
        )
        .await
        .parts();
    assert_eq!(status, 200);
    pushed(json!(["2"])).await;
    let (status, _) = client
        .post(
            &format!("/api/games/{id}/moves"),
            json!({"token": guest, "move": "3"}),
        )
        .await
        .parts();
    assert_eq!(status, 200);
    pushed(json!(["2", "3"])).await;
    let (status, body) = client
        .post(&format!("/api/games/{id}/undo"), json!({"token": host}))
        .await
        .parts();
    assert_eq!(status, 409, "no undo between people online: {body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_requests_get_client_errors() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("tafel.db")).await;
    let client = Client::new(server.addr);
    let cases = [
        (json!({"game": "chess", "seats": []}), 400, "unknown game"),
        (
            json!({"game": "black-path", "settings": {"size": "0x0"}, "seats": [{"kind": "local"}, {"kind": "local"}]}),
            400,
            "invalid value",
        ),
        (
            json!({"game": "black-path", "seats": [{"kind": "local"}]}),
            400,
            "has 2 seats",
        ),
        (
            json!({"game": "black-path", "seats": [{"kind": "robot"}, {"kind": "local"}]}),
            422,
            "unknown variant `robot`",
        ),
        (
            json!({"game": "black-path", "seats": [{"kind": "computer", "level": 99}, {"kind": "local"}]}),
            400,
            "level from 1",
        ),
        (
            json!({"game": "black-path", "start": "xyz", "seats": [{"kind": "local"}, {"kind": "local"}]}),
            400,
            "invalid position code",
        ),
    ];
    for (body, status, message) in cases {
        let (got, answer) = client.post("/api/games", body.clone()).await.parts();
        assert_eq!(got, status, "{body} -> {answer}");
        assert!(
            answer["error"]
                .as_str()
                .unwrap_or_default()
                .contains(message),
            "{body} -> {answer}"
        );
    }
    let (status, _) = client.get("/api/games/nosuchgame").await.parts();
    assert_eq!(status, 404);
    let (status, body) = client
        .post("/api/import", json!({"record": "1. 2", "seats": []}))
        .await
        .parts();
    assert_eq!(status, 400, "{body}");
    let response = client
        .http
        .post(format!("{}/api/games", client.base))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert!(response.status().is_client_error());
    let huge = "x".repeat(tafel_server::MAX_BODY + 1);
    let response = client
        .http
        .post(format!("{}/api/import", client.base))
        .json(&json!({"record": huge, "seats": []}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 413);
    let page = client.get("/").await.text;
    assert!(page.contains("/assets/app.js"));
}

#[tokio::test]
async fn the_page_and_every_board_module_are_served() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let client = Client::new(server.addr);
    let (_, catalog) = client.get("/api/catalog").await.parts();
    for game in catalog["games"].as_array().unwrap() {
        let name = game["name"].as_str().unwrap();
        let response = client.get(&format!("/assets/boards/{name}.js")).await;
        assert_eq!(response.status, 200, "board module of {name}");
        let kind = response.header("content-type");
        assert!(kind.starts_with("text/javascript"), "{name}: {kind}");
        assert!(response.text.contains("export function draw"));
    }
    let (status, geometry) = client
        .get("/assets/boards/karls-race-board.json")
        .await
        .parts();
    assert_eq!(status, 200);
    assert_eq!(geometry["squares"].as_array().unwrap().len(), 21);
    let (status, _) = client.get("/assets/boards/nothing.js").await.parts();
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_position_code_is_read_by_the_game_or_refused_with_its_reason() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let client = Client::new(server.addr);
    let read = |body: Value| {
        let client = &client;
        async move { client.post("/api/positions", body).await.parts() }
    };

    // Without a code: the start, with the settings filled in.
    let (status, start) = read(json!({"game": "black-path", "settings": {"size": "3x3"}})).await;
    assert_eq!(status, 200, "{start}");
    assert_eq!(start["code"], ".../.../...");
    assert_eq!(start["legal"], json!(["1", "2", "3"]));
    assert!(start["settings"]
        .as_array()
        .unwrap()
        .contains(&json!(["size", "3x3"])));

    // A legal position with the die rolled: whose turn, the moves, the code as written.
    let (status, karl) = read(json!({"game": "karls-race", "code": "b4:ABCGHJ:MNPQTU"})).await;
    assert_eq!(status, 200, "{karl}");
    assert_eq!(karl["status"]["state"], "to_move");
    assert_eq!(karl["status"]["name"], "Black");
    assert_eq!(karl["seats"], json!(["White", "Black"]));
    assert!(!karl["legal"].as_array().unwrap().is_empty());
    // Before the roll: the die is to be rolled, its six outcomes are the "moves".
    let (_, roll) = read(json!({"game": "karls-race", "code": "w:ABCGHJ:MNPQTU"})).await;
    assert_eq!(roll["status"]["state"], "chance");
    assert_eq!(roll["legal"].as_array().unwrap().len(), 6);
    // A finished position is legal too, with its result.
    let (status, over) =
        read(json!({"game": "einstein", "code": "b:...../...../...../...../....b1"})).await;
    assert_eq!(status, 200, "{over}");
    assert_eq!(over["status"]["state"], "over");
    assert_eq!(over["legal"], json!([]));

    // Moves played from the code: the position they reach; an illegal one named with the
    // legal moves; too many refused unplayed.
    let (_, start) = read(json!({"game": "kauri"})).await;
    let first = start["legal"][0].clone();
    let (_, one) = read(json!({"game": "kauri", "moves": [first]})).await;
    let second = one["legal"][0].clone();
    let (status, after) = read(json!({"game": "kauri", "moves": [first, second]})).await;
    assert_eq!(status, 200, "{after}");
    assert_ne!(after["code"], one["code"]);
    let again = json!({"game": "kauri", "code": one["code"], "moves": [second]});
    assert_eq!(
        read(again).await.1["code"],
        after["code"],
        "move by move, the same"
    );
    let (_, rolled) =
        read(json!({"game": "karls-race", "code": "w:ABCGHJ:MNPQTU", "moves": ["4"]})).await;
    assert_eq!(
        rolled["status"]["state"], "to_move",
        "a die's outcome is played too"
    );
    let bad = json!({"game": "black-path", "settings": {"size": "3x3"}, "moves": ["9"]});
    let (status, refused) = read(bad).await;
    assert_eq!(status, 422, "{refused}");
    assert!(
        refused["error"].as_str().unwrap().contains("move `9`"),
        "{refused}"
    );
    let (status, refused) = read(json!({"game": "kauri", "moves": vec!["a"; 1025]})).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(
        refused["error"],
        "1025 moves asked for: at most 1024 are played from a position"
    );

    // Illegal positions: 422 with the game's reason, and where.
    for (body, reason) in [
        (
            json!({"game": "kauri", "code": "a/5+1,5+1,5+1,5+1,5+1,5+1/5+1,5+1,5+1,5+1,5+1,4+1/0,0"}),
            "the board and stores hold 59 seeds, but the game has 60",
        ),
        (
            json!({"game": "black-path", "settings": {"size": "3x3"}, "code": ".../.1./..."}),
            "the tile on row 2, column 2 is not on the path from the start edge",
        ),
        (
            json!({"game": "karls-race", "code": "w:ABCGHJA:MNPQTU"}),
            "square A holds two stones (at character 9)",
        ),
        (
            json!({"game": "carreaux", "code": "r:RRBGBB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/RGRGRG"}),
            "no bubble",
        ),
    ] {
        let (status, answer) = read(body.clone()).await;
        assert_eq!(status, 422, "{body}: {answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(reason), "{body}: {error}");
    }

    // Malformed requests, settings and games.
    let (status, answer) = read(json!({"game": "kauri", "code": 5})).await;
    assert_eq!(status, 422, "{answer}");
    let (status, answer) = read(json!({"game": "kauri", "position": "a"})).await;
    assert_eq!(status, 422, "{answer}");
    let (status, answer) = read(json!({"game": "chess"})).await;
    assert_eq!(status, 404, "{answer}");
    let (status, answer) = read(json!({"game": "black-path", "settings": {"size": "0x0"}})).await;
    assert_eq!(status, 400, "{answer}");

    // Too long: refused unread, saying the limit.
    let long = ".".repeat(4097);
    let (status, answer) = read(json!({"game": "black-path", "code": long})).await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(
        answer["error"],
        "the code is 4097 characters long; at most 4096"
    );
    let many: serde_json::Map<String, Value> =
        (0..33).map(|i| (format!("key{i}"), json!("x"))).collect();
    let (status, answer) = read(json!({"game": "kauri", "settings": many})).await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("at most 32"));

    // A game created from a legal code starts there.
    let (status, created) = client
        .post(
            "/api/games",
            json!({"game": "karls-race", "start": "b4:ABCGHJ:MNPQTU",
                   "seats": [{"kind": "local"}, {"kind": "local"}]}),
        )
        .await
        .parts();
    assert_eq!(status, 200, "{created}");
    assert_eq!(created["view"]["code"], "b4:ABCGHJ:MNPQTU");
}

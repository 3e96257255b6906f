//! The lobby's seeks through its WebSocket, on a running server: a seek listed to everyone,
//! taken by one person (both land in the game, on the two sides), never by its owner, gone
//! when its owner leaves the lobby; rated seeks need accounts; bad seeks and the limit per
//! person refused with a reason; a seek is never taken by a player its owner blocks, nor by
//! one who blocks its owner; many connections share one reading of the list.

use crate::support;

use std::net::SocketAddr;
use std::time::Duration;

use serde_json::{json, Value};
use tafel_server::Limits;
use tafel_testkit::client::{reqwest, Client};
use tafel_testkit::viewer::Viewer;

async fn lobby(addr: SocketAddr, cookie: Option<&str>) -> Viewer {
    let headers: Vec<(&str, &str)> = cookie.iter().map(|c| ("cookie", *c)).collect();
    Viewer::open_at(addr, "/api/lobby/ws", None, &headers)
        .await
        .unwrap()
}

/// The next list of seeks (after any others already sent), as the lobby shows it.
async fn seeks(viewer: &mut Viewer) -> Vec<Value> {
    viewer.next_of("seeks").await["seeks"]
        .as_array()
        .unwrap()
        .clone()
}

/// Waits until the listed seeks number `count`.
async fn seeks_until(viewer: &mut Viewer, count: usize) -> Vec<Value> {
    loop {
        let listed = seeks(viewer).await;
        if listed.len() == count {
            return listed;
        }
    }
}

#[tokio::test]
async fn a_seek_is_listed_taken_once_and_both_land_in_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::serve_with(&dir.path().join("t.db"), Limits::default()).await;
    let client = Client::new(server.addr);
    let mut owner = lobby(server.addr, None).await;
    let mut taker = lobby(server.addr, None).await;
    let mut third = lobby(server.addr, None).await;
    assert!(seeks(&mut owner).await.is_empty());
    assert!(seeks(&mut taker).await.is_empty());

    owner
        .send_json(json!({"type": "seek", "name": "Ann",
            "seek": {"game": "black-path",
                     "time_control": {"kind": "fischer", "initial_seconds": 60, "increment_seconds": 0}}}))
        .await;
    let listed = owner.next_of("seeking").await["seek"].clone();
    assert_eq!(listed["name"], "Ann");
    assert_eq!(listed["account"], false);
    let seen = seeks_until(&mut taker, 1).await;
    assert_eq!(seen[0]["id"], listed["id"]);
    assert_eq!(seen[0]["time_control"]["initial_seconds"], 60);
    assert_eq!(count(&client.get("/api/seeks").await.body), 1);

    // Its owner cannot take it.
    owner
        .send_json(json!({"type": "take", "id": listed["id"]}))
        .await;
    let refused = owner.next_of("error").await;
    assert_eq!(refused["error"], "that is your own seek");

    taker
        .send_json(json!({"type": "take", "id": listed["id"], "name": "Bo"}))
        .await;
    let taken = taker.next_of("game").await;
    let found = owner.next_of("game").await;
    assert_eq!(taken["id"], found["id"], "both land in the same game");
    assert_ne!(taken["seat"], found["seat"], "on the two sides");
    let id = taken["id"].as_str().unwrap();
    let view = client.view(id).await;
    let names: Vec<&str> = view["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["player"].as_str().unwrap())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(sorted, ["Ann", "Bo"]);
    assert_eq!(view["clock"]["control"]["initial_seconds"], 60);
    // Each token moves for its own seat: the one whose turn it is plays.
    let (first, token) = if taken["seat"] == 0 {
        (&taken, taken["token"].as_str().unwrap())
    } else {
        (&found, found["token"].as_str().unwrap())
    };
    assert_eq!(first["seat"], 0);
    let moved = client.play(id, token, "2").await;
    assert!(moved.is_success(), "{}", moved.text);

    // The seek is gone for everyone; a second taker finds nothing.
    seeks_until(&mut third, 0).await;
    third
        .send_json(json!({"type": "take", "id": listed["id"]}))
        .await;
    let gone = third.next_of("error").await;
    assert!(gone["error"].as_str().unwrap().contains("gone"), "{gone}");
    server.stop();
}

/// The number of seeks in a JSON list.
#[tokio::test]
async fn a_seek_is_never_taken_across_a_block_either_way() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::serve_with(&dir.path().join("t.db"), Limits::default()).await;
    let client = Client::new(server.addr);
    let (ann, bob) = (client.sign_up("ann").await, client.sign_up("bob").await);
    let block = |who: &str, whom: &str, method: reqwest::Method| {
        let url = client.url(&format!("/api/account/blocks/{whom}"));
        client
            .http
            .request(method, url)
            .header("cookie", who.to_string())
    };
    let mut owner = lobby(server.addr, Some(&ann)).await;
    let mut taker = lobby(server.addr, Some(&bob)).await;
    let seek = json!({"type": "seek", "seek": {"game": "kauri"}});
    owner.send_json(seek).await;
    let id = owner.next_of("seeking").await["seek"]["id"].clone();
    for (who, whom) in [(&ann, "bob"), (&bob, "ann")] {
        assert_eq!(
            client
                .send(block(who, whom, reqwest::Method::PUT))
                .await
                .status,
            204
        );
        taker.send_json(json!({"type": "take", "id": id})).await;
        let refused = taker.next_of("error").await;
        assert_eq!(refused["code"], "you-cannot-play-this-player", "{refused}");
        assert_eq!(
            client
                .send(block(who, whom, reqwest::Method::DELETE))
                .await
                .status,
            204
        );
    }
    // Once neither blocks the other, the same seek is taken.
    taker.send_json(json!({"type": "take", "id": id})).await;
    let taken = taker.next_of("game").await;
    assert_eq!(owner.next_of("game").await["id"], taken["id"]);
}

fn count(list: &Value) -> usize {
    list.as_array().map_or(0, Vec::len)
}

#[tokio::test]
async fn a_seek_goes_when_its_owner_leaves_the_lobby() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::serve_with(&dir.path().join("t.db"), Limits::default()).await;
    let mut owner = lobby(server.addr, None).await;
    let mut watcher = lobby(server.addr, None).await;
    owner
        .send_json(json!({"type": "seek", "seek": {"game": "kauri"}}))
        .await;
    owner.next_of("seeking").await;
    seeks_until(&mut watcher, 1).await;
    owner.close().await;
    seeks_until(&mut watcher, 0).await;
    server.stop();
}

#[tokio::test]
async fn rated_seeks_need_accounts_and_bad_seeks_say_why() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        seeks_per_person: 2,
        ..Limits::default()
    };
    let server = support::serve_with(&dir.path().join("t.db"), limits).await;
    let client = Client::new(server.addr);
    let mut anonymous = lobby(server.addr, None).await;
    anonymous
        .send_json(json!({"type": "seek", "seek": {"game": "kauri", "rated": true}}))
        .await;
    let refused = anonymous.next_of("error").await;
    assert!(
        refused["error"].as_str().unwrap().contains("sign in"),
        "{refused}"
    );
    for (bad, why) in [
        (json!({"type": "seek", "seek": {"game": "chess"}}), "chess"),
        (
            json!({"type": "seek", "seek": {"game": "kauri", "settings": {"pits": "x"}}}),
            "pits",
        ),
        (
            json!({"type": "seek", "seek": {"game": "kauri"}, "name": "\u{202e}x"}),
            "name",
        ),
        // A name that reads as the site's, in Cyrillic letters (TS39's confusables).
        (
            json!({"type": "seek", "seek": {"game": "kauri"}, "name": "\u{422}afel Admin"}),
            "kept for the site",
        ),
        (json!({"type": "sneak"}), "malformed message"),
    ] {
        anonymous.send_json(bad.clone()).await;
        let error = anonymous.next_of("error").await;
        assert!(
            error["error"].as_str().unwrap().contains(why),
            "{bad}: {error}"
        );
    }
    for _ in 0..2 {
        anonymous
            .send_json(json!({"type": "seek", "seek": {"game": "kauri"}}))
            .await;
        anonymous.next_of("seeking").await;
    }
    anonymous
        .send_json(json!({"type": "seek", "seek": {"game": "kauri"}}))
        .await;
    let limit = anonymous.next_of("error").await;
    assert!(
        limit["error"].as_str().unwrap().contains("as many as"),
        "{limit}"
    );

    let ada = client.sign_up("Ada").await;
    let mut signed_in = lobby(server.addr, Some(&ada)).await;
    signed_in
        .send_json(json!({"type": "seek",
            "seek": {"game": "kauri", "rated": true, "rating_min": 1000, "rating_max": 2000,
                     "time_control": {"kind": "fischer", "initial_seconds": 120, "increment_seconds": 2}}}))
        .await;
    let rated = signed_in.next_of("seeking").await["seek"].clone();
    assert_eq!(rated["name"], "Ada");
    assert_eq!(rated["account"], true);
    assert_eq!(rated["rated"], true);
    assert_eq!(rated["rating"], Value::Null, "no rated game of Kauri yet");
    // Once Ada has a rating in Kauri, the list shows it with her seek, rounded.
    sqlx::any::install_default_drivers();
    let db = format!("sqlite://{}", dir.path().join("t.db").display());
    let pool = sqlx::AnyPool::connect(&db).await.unwrap();
    sqlx::query(
        "INSERT INTO ratings (account_id, game, rating, deviation, volatility, games, rated_ms)
         SELECT id, 'kauri', 1612.6, 80.0, 0.06, 3, 0 FROM accounts WHERE username = 'Ada'",
    )
    .execute(&pool)
    .await
    .unwrap();
    let inserted = sqlx::query("SELECT count(*) AS n FROM ratings WHERE game = 'kauri'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(
        sqlx::Row::get::<i64, _>(&inserted, "n"),
        1,
        "Ada's rating stored"
    );
    // The lobby's list is read again a few times a second.
    let ada_rated = || async {
        let listed = client.get("/api/seeks").await.body;
        let seek = (listed.as_array().unwrap().iter())
            .find(|s| s["id"] == rated["id"])
            .cloned();
        match seek {
            Some(seek) if seek["rating"] == 1613 => Ok(()),
            other => Err(format!("{other:?}")),
        }
    };
    tafel_testkit::wait::until(Duration::from_secs(10), "Ada's rating listed", ada_rated).await;
    // Somebody without an account cannot take a rated seek, and it stays listed.
    anonymous
        .send_json(json!({"type": "take", "id": rated["id"]}))
        .await;
    let refused = anonymous.next_of("error").await;
    assert!(
        refused["error"].as_str().unwrap().contains("account"),
        "{refused}"
    );
    let listed = client.get("/api/seeks").await.body;
    assert!(listed
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["id"] == rated["id"]));
    // Nor can the same account from another lobby connection.
    let mut again = lobby(server.addr, Some(&ada)).await;
    again
        .send_json(json!({"type": "take", "id": rated["id"]}))
        .await;
    assert_eq!(
        again.next_of("error").await["error"],
        "that is your own seek"
    );
    server.stop();
}

/// However many people watch the lobby, its list is read from the database a few times a
/// second (one reading shared by every connection of the instance), and a seek listed
/// through one connection reaches all of them at once.
#[tokio::test]
async fn many_lobby_connections_share_one_reading_of_the_list() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::serve_with(&dir.path().join("t.db"), Limits::default()).await;
    let reads = || {
        server
            .hub
            .stats()
            .seek_list_reads
            .load(std::sync::atomic::Ordering::Relaxed)
    };
    let mut watchers = Vec::new();
    for _ in 0..30 {
        let mut watcher = lobby(server.addr, None).await;
        assert!(seeks(&mut watcher).await.is_empty());
        watchers.push(watcher);
    }
    let before = reads();
    // Each connection looks again every 2 s: 30 of them over 5 s would read 60 to 90 times
    // on their own.
    tokio::time::sleep(std::time::Duration::from_secs(5)).await;
    let read = reads() - before;
    assert!(read <= 10, "{read} readings for 30 connections in 5 s");

    let mut owner = lobby(server.addr, None).await;
    seeks(&mut owner).await;
    owner
        .send_json(json!({"type": "seek", "seek": {"game": "kauri"}, "name": "Ann"}))
        .await;
    for watcher in &mut watchers {
        assert_eq!(seeks_until(watcher, 1).await[0]["name"], "Ann");
    }
    server.stop();
}

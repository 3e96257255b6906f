//! A game lives in one place (issue #51): several `tafel serve` processes on one PostgreSQL
//! database, each game in play owned by the instance that wrote it last, and a request for it
//! (HTTP or WebSocket) that reaches another instance forwarded to the owner
//! (`src/http/forward.rs`).
//!
//! Needs PostgreSQL as `tests/server/instances.rs` does (`TAFEL_TEST_POSTGRES`; without it the tests
//! say so and pass). Each instance serves `/metrics`, whose
//! `tafel_instance_requests_total{what=...}` counts what each did: forwarded, served for
//! another, handed over, and moves worked out twice (on a stale copy, then on the stored game).

use crate::process;

use std::time::Duration;

use serde_json::{json, Value};
use tafel_testkit::client::{reqwest, Client};
use tafel_testkit::postgres::test_database;
use tafel_testkit::viewer::Viewer;

use process::Instance;

/// An instance that serves its metrics.
fn instance(database: &str, args: &[&str]) -> Instance {
    let mut all = vec!["--metrics-listen", "127.0.0.1:0"];
    all.extend_from_slice(args);
    Instance::start_with(database, &all)
}

/// `tafel_instance_requests_total{what="<what>"}` of `instance` now.
async fn counted(instance: &Instance, what: &str) -> u64 {
    let url = format!("http://{}/metrics", instance.metrics.unwrap());
    let text = reqwest::get(url).await.unwrap().text().await.unwrap();
    let series = format!("tafel_instance_requests_total{{what=\"{what}\"}} ");
    text.lines()
        .find_map(|line| line.strip_prefix(&series))
        .map_or(0, |n| n.trim().parse().unwrap())
}

/// Plays the first legal move of game `id` (a game at one screen, `tokens` its seats)
/// through `client`; the view after it.
async fn play_first(client: &Client, id: &str, tokens: &[String], view: &Value) -> Value {
    let seat = view["status"]["seat"].as_u64().unwrap() as usize;
    let mv = view["legal"][0].as_str().unwrap();
    let ply = view["moves"].as_array().unwrap().len();
    let (status, answer) = client.play_at(id, &tokens[seat], mv, ply).await.parts();
    assert_eq!(status, 200, "{answer}");
    answer
}

fn quarx_at_one_screen() -> Value {
    json!({"game": "quarx", "seats": [{"kind": "local"}, {"kind": "local"}]})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_through_another_instance_are_served_by_the_owner_and_worked_out_once() {
    let Some(database) = test_database("owners_forward").await else {
        return;
    };
    let (a, b) = (instance(&database, &[]), instance(&database, &[]));
    let (id, tokens) = a.create_at_one_screen(quarx_at_one_screen()).await;
    // A socket opened through B is piped to A; one opened at A is A's own.
    let mut through_b = Viewer::open(b.addr(), &id, None, None).await.unwrap();
    let mut at_a = Viewer::open(a.addr(), &id, None, None).await.unwrap();
    let mut view = a.view(&id).await;
    for ply in 0..12 {
        // Moves through the two instances in turn, as a load balancer without stickiness.
        let through: &Client = if ply % 2 == 0 { &b } else { &a };
        view = play_first(through, &id, &tokens, &view).await;
        assert_eq!(view["moves"].as_array().unwrap().len(), ply + 1);
        for viewer in [&mut through_b, &mut at_a] {
            viewer.view_with(ply + 1, Duration::from_secs(5)).await;
        }
    }
    // A move sent over the piped socket reaches the owner, and both sockets see it.
    let seat = view["status"]["seat"].as_u64().unwrap() as usize;
    let mv = view["legal"][0].as_str().unwrap();
    through_b
        .send_json(json!({"type": "move", "token": tokens[seat], "move": mv, "ply": 12}))
        .await;
    for viewer in [&mut through_b, &mut at_a] {
        assert_eq!(
            viewer.view_with(13, Duration::from_secs(5)).await["moves"][12],
            mv
        );
    }
    assert_eq!(b.view(&id).await["moves"], a.view(&id).await["moves"]);
    // B's six moves, its view and its socket went to A; nothing was worked out twice.
    assert!(counted(&b, "forwarded").await >= 8);
    assert!(counted(&a, "served_forwarded").await >= 8);
    assert_eq!(counted(&a, "forwarded").await, 0, "A owns the game");
    for instance in [&a, &b] {
        assert_eq!(counted(instance, "reworked").await, 0);
        assert_eq!(
            counted(instance, "handed_over").await,
            0,
            "requests alternate"
        );
    }
    through_b.close().await;
    at_a.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_requests_keep_coming_through_one_instance_moves_there() {
    let Some(database) = test_database("owners_hand_over").await else {
        return;
    };
    let (a, b) = (instance(&database, &[]), instance(&database, &[]));
    // Created at A (it owns it), then played only through B, as a proxy routing by game id
    // would send it.
    let (id, tokens) = a.create_at_one_screen(quarx_at_one_screen()).await;
    let mut view = b.view(&id).await;
    for _ in 0..10 {
        view = play_first(&b, &id, &tokens, &view).await;
    }
    assert_eq!(counted(&a, "handed_over").await, 1);
    // The view and the first moves were forwarded, until A handed the game over; B served
    // the rest itself.
    let forwarded = counted(&b, "forwarded").await;
    assert_eq!(forwarded, 4, "forwarded until the hand-over");
    for _ in 0..5 {
        view = play_first(&b, &id, &tokens, &view).await;
    }
    assert_eq!(counted(&b, "forwarded").await, forwarded);
    // A now forwards to B, and both say the same game.
    assert_eq!(a.view(&id).await["moves"], b.view(&id).await["moves"]);
    assert!(counted(&a, "forwarded").await >= 1);
    assert_eq!(a.view(&id).await["moves"].as_array().unwrap().len(), 15);
    for instance in [&a, &b] {
        assert_eq!(counted(instance, "reworked").await, 0);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_owner_that_stops_answering_mid_request_loses_no_move() {
    let Some(database) = test_database("owners_lost").await else {
        return;
    };
    let mut a = instance(&database, &[]);
    let b = instance(&database, &["--request-timeout", "2"]);
    // A freezes: B's forwarded move reaches A's socket and gets no answer. Should A's lease
    // lapse before B sends the move on (a loaded machine can hold A's renewal back for a
    // second or two), B rightly serves the move itself; then A goes on and a new game tries
    // again.
    let (id, tokens, seat, mv) = 'frozen: {
        for _ in 0..5 {
            let (id, tokens) = a.create_at_one_screen(quarx_at_one_screen()).await;
            let mut view = a.view(&id).await;
            for _ in 0..4 {
                view = play_first(&a, &id, &tokens, &view).await;
            }
            a.pause();
            let seat = view["status"]["seat"].as_u64().unwrap() as usize;
            let mv = view["legal"][0].as_str().unwrap().to_string();
            let answer = b.play_at(&id, &tokens[seat], &mv, 4).await;
            if answer.status == 503 {
                assert_eq!(answer.body["code"], "owner-lost");
                assert_eq!(answer.header("retry-after"), "1");
                break 'frozen (id, tokens, seat, mv);
            }
            assert_eq!(answer.status, 200, "{}", answer.body);
            a.resume();
        }
        panic!("B never sent a move on to A, frozen while it owned the game");
    };
    // A dies. B serves the game at once (nothing listens at A's address), and the move, sent
    // again with its ply, is made once.
    a.kill();
    let again = b.play_at(&id, &tokens[seat], &mv, 4).await;
    assert_eq!(again.status, 200, "{}", again.body);
    let mut view = again.body;
    assert_eq!(view["moves"].as_array().unwrap().len(), 5);
    assert_eq!(view["moves"][4], mv.as_str());
    for _ in 0..3 {
        view = play_first(&b, &id, &tokens, &view).await;
    }
    assert_eq!(b.view(&id).await["moves"].as_array().unwrap().len(), 8);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_moving_while_the_owner_stops_loses_no_move() {
    let Some(database) = test_database("owners_change").await else {
        return;
    };
    let mut a = instance(&database, &[]);
    let b = instance(&database, &[]);
    let (id, tokens) = a.create_at_one_screen(quarx_at_one_screen()).await;
    let mut viewer = Viewer::open(b.addr(), &id, None, None).await.unwrap();
    let mut view = a.view(&id).await;
    let mut acknowledged = Vec::new();
    // Moves through B while A, the owner, is stopped (it drains and leaves its games).
    for ply in 0..24 {
        if ply == 6 {
            a.terminate();
        }
        let seat = view["status"]["seat"].as_u64().unwrap() as usize;
        let mv = view["legal"][0].as_str().unwrap().to_string();
        let answer = loop {
            let answer = b.play_at(&id, &tokens[seat], &mv, ply).await;
            if answer.status != 503 {
                break answer;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        assert_eq!(answer.status, 200, "ply {ply}: {}", answer.body);
        acknowledged.push(mv);
        view = answer.body;
    }
    assert!(a.wait_for_exit(Duration::from_secs(30)).success());
    assert_eq!(b.view(&id).await["moves"], json!(acknowledged));
    // The socket piped to A was told to reconnect when A stopped; opened again, it is B's.
    viewer.next_of("reconnect").await;
    let mut again = Viewer::open(b.addr(), &id, None, None).await.unwrap();
    assert_eq!(
        again.view_with(24, Duration::from_secs(5)).await["moves"],
        json!(acknowledged)
    );
    again.close().await;
}

/// The lines of a bot's stream (NDJSON) read over HTTP, blank keep-alive lines skipped.
struct Lines {
    response: reqwest::Response,
    buffer: Vec<u8>,
}

impl Lines {
    /// Opens `path` at `instance` with the bot's `token`; fails unless it answers 200.
    async fn open(instance: &Client, path: &str, token: &str) -> Lines {
        let response = instance
            .http
            .get(instance.url(path))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "GET {path}");
        Lines {
            response,
            buffer: Vec::new(),
        }
    }

    /// The next line within 10 s; None when the stream ended.
    async fn next(&mut self) -> Option<Value> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                if line.trim_ascii().is_empty() {
                    continue;
                }
                return Some(serde_json::from_slice(&line).unwrap());
            }
            let chunk = tokio::time::timeout(Duration::from_secs(10), self.response.chunk())
                .await
                .expect("a line within 10 s")
                .ok()??;
            self.buffer.extend_from_slice(&chunk);
        }
    }

    /// The next line that is not a `game_state` (the game's states may still come before the
    /// line awaited); None when the stream ended.
    async fn past_states(&mut self) -> Option<Value> {
        loop {
            let line = self.next().await?;
            if line["type"] != "game_state" {
                return Some(line);
            }
        }
    }

    /// The next line that is not a `game_state` with fewer than `ply` moves.
    async fn at(&mut self, ply: usize) -> Value {
        loop {
            let line = self.next().await.expect("the stream goes on");
            let moves = line["game"]["moves"].as_array().map_or(0, Vec::len);
            if line["type"] != "game_state" || moves >= ply {
                return line;
            }
        }
    }
}

/// `POST path` at `instance` with the session `cookie` and the JSON `body`.
async fn post_as(instance: &Client, cookie: &str, path: &str, body: Value) -> Value {
    let request = instance
        .http
        .post(instance.url(path))
        .header("cookie", cookie)
        .json(&body);
    let answer = instance.send(request).await;
    assert_eq!(answer.status, 200, "POST {path}: {}", answer.body);
    answer.body
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bots_stream_and_moves_through_another_instance_are_served_by_the_owner() {
    let Some(database) = test_database("owners_bots").await else {
        return;
    };
    let (mut a, b) = (instance(&database, &[]), instance(&database, &[]));
    // Ann challenges the bot Robo at A, which accepts there: A writes the game, so owns it.
    let ann = a.sign_up("ann").await;
    let robo = a.sign_up("robo").await;
    post_as(&a, &robo, "/api/account/bot", json!({})).await;
    let token = post_as(&a, &robo, "/api/bot/token", json!({})).await["token"]
        .as_str()
        .unwrap()
        .to_string();
    let body = json!({"game": "kauri", "side": "first", "rated": false,
                      "time_control": {"kind": "fischer", "initial_seconds": 300, "increment_seconds": 0}});
    let challenge = post_as(&a, &ann, "/api/bots/robo/challenge", body).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let accept = format!("/api/bot/challenges/{challenge}/accept");
    let accepted = a
        .send(
            a.http
                .post(a.url(&accept))
                .bearer_auth(&token)
                .json(&json!({})),
        )
        .await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let id = accepted.body["game"].as_str().unwrap().to_string();
    let read = a
        .send(
            a.http
                .get(a.url(&format!("/api/bot-challenges/{challenge}")))
                .header("cookie", &ann),
        )
        .await;
    let ann_token = read.body["token"].as_str().unwrap().to_string();

    // The bot's game stream opened through B is A's, passed on line by line as it comes.
    let stream = format!("/api/bot/games/{id}/stream");
    let mut through_b = Lines::open(&b, &stream, &token).await;
    let full = through_b.next().await.unwrap();
    assert_eq!(full["type"], "game_full", "{full}");
    assert_eq!(full["seat"], 1);
    let view = a.view(&id).await;
    let answer = a
        .play_at(&id, &ann_token, view["legal"][0].as_str().unwrap(), 0)
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let state = through_b.at(1).await;
    assert_eq!(state["type"], "game_state", "{state}");
    // The bot's move through B is made by A, once.
    let mv = state["game"]["legal"][0].as_str().unwrap().to_string();
    let moves = format!("/api/bot/games/{id}/moves");
    let moved = b
        .send(
            b.http
                .post(b.url(&moves))
                .bearer_auth(&token)
                .json(&json!({"move": mv, "ply": 1})),
        )
        .await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    assert_eq!(through_b.at(2).await["game"]["moves"][1], mv.as_str());
    assert_eq!(counted(&b, "forwarded").await, 2, "the stream and the move");
    assert_eq!(counted(&a, "served_forwarded").await, 2);
    for instance in [&a, &b] {
        assert_eq!(counted(instance, "reworked").await, 0);
    }

    // A stream passed on by an instance that begins to stop ends with `reconnect`.
    b.terminate();
    assert_eq!(through_b.past_states().await.unwrap()["type"], "reconnect");
    assert_eq!(through_b.next().await, None);
    // One whose owner dies ends the same way, and opened again it is served where it arrives.
    let c = instance(&database, &[]);
    let mut through_c = Lines::open(&c, &stream, &token).await;
    assert_eq!(through_c.next().await.unwrap()["type"], "game_full");
    a.kill();
    assert_eq!(through_c.past_states().await.unwrap()["type"], "reconnect");
    let mut at_c = Lines::open(&c, &stream, &token).await;
    let full = at_c.next().await.unwrap();
    assert_eq!(full["game"]["moves"].as_array().unwrap().len(), 2, "{full}");
}

//! Online play between people (issue #18) against a real server on loopback with a real
//! SQLite file: seats claimed once with invitations, resignation, draws and takebacks by
//! consent (team games too), dice that cannot be fished, rematch, clocks (on time, across a
//! restart, the computer on the clock), open challenges, spectators, and the OpenAPI document.

use crate::support;

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use support::{serve_on, serve_with};
use tafel_server::domain::clock::Timeline;
use tafel_server::{Limits, Server};
use tafel_testkit::client::{Answer, Client};
use tafel_testkit::viewer::Viewer;

async fn serve(dir: &tempfile::TempDir) -> Server {
    serve_with(&dir.path().join("tafel.db"), Limits::default()).await
}

/// A game between the creator (a seat at this screen) and an invited person, who has joined
/// as "Ada": its id, the host's and the guest's tokens.
async fn host_and_guest(client: &Client, body: Value) -> (String, String, String) {
    client.host_and_guest(body, client).await
}

async fn join(client: &Client, id: &str, invite: &str, name: &str) -> Answer {
    client
        .post(
            &format!("/api/games/{id}/join"),
            json!({"invite": invite, "name": name}),
        )
        .await
}

/// Posts `{"token", "action"}` (or just the token) to `/api/games/{id}/{what}`.
async fn act(client: &Client, id: &str, what: &str, token: &str, action: Option<&str>) -> Answer {
    let body = match action {
        Some(action) => json!({"token": token, "action": action}),
        None => json!({"token": token}),
    };
    client.post(&format!("/api/games/{id}/{what}"), body).await
}

/// A WebSocket on game `id` that has had its first view and said it holds `token`'s seat.
async fn watch_as(client: &Client, id: &str, token: &str) -> Viewer {
    let mut viewer = client.watch(id).await;
    viewer.next_of("view").await;
    viewer
        .send_json(json!({"type": "hello", "tokens": [token]}))
        .await;
    viewer
}

fn moves(view: &Value) -> Vec<String> {
    serde_json::from_value(view["moves"].clone()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_belong_to_the_people_who_claim_them() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir).await;
    let client = Client::new(server.addr);
    let body = json!({"game": "black-path", "settings": {"size": "4x4"},
                      "seats": [{"kind": "local", "name": "Hal"}, {"kind": "invite"}]});
    let created = client.post("/api/games", body).await;
    assert_eq!(created.status, 200);
    let id = created.body["id"].as_str().unwrap().to_string();
    let host = created.body["seats"][0]["token"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(created.body["seats"][1].get("token").is_none());
    let invite = created.body["seats"][1]["invite"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(created.body["view"]["started"], false);
    assert_eq!(created.body["view"]["seats"][1]["joined"], false);
    assert!(
        !created.body["view"].to_string().contains(&invite),
        "no invitation in the view"
    );

    // The host watches and says which seat is theirs.
    let mut socket = client.watch(&id).await;
    socket.next_of("view").await;
    socket
        .send_json(json!({"type": "hello", "tokens": [host]}))
        .await;

    // Nobody moves for the free seat; the guest claims it once.
    let wrong = join(&client, &id, "not-the-code", "Eve").await;
    assert_eq!(wrong.status, 404, "{}", wrong.body);
    let joined = join(&client, &id, &invite, "Ada").await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    assert_eq!(joined.body["seat"], 1);
    let guest = joined.body["token"].as_str().unwrap().to_string();
    assert_ne!(guest, host);
    let again = join(&client, &id, &invite, "Eve").await;
    assert_eq!(again.status, 409, "a second claim: {}", again.body);
    assert!(again.error().contains("taken"), "{}", again.body);

    // The host hears of it; everyone sees the names.
    let event = socket.next_of("joined").await;
    assert_eq!(event, json!({"type": "joined", "seat": 1, "name": "Ada"}));
    let view = client.get(&format!("/api/games/{id}")).await.body;
    assert_eq!(view["started"], true);
    assert_eq!(view["seats"][0]["player"], "Hal");
    assert_eq!(view["seats"][1]["player"], "Ada");
    assert_eq!(view["seats"][1]["joined"], true);
    for secret in [&host, &guest, &invite] {
        assert!(!view.to_string().contains(secret.as_str()));
    }

    // Each token acts for its own seat only.
    let mv = view["legal"][0].as_str().unwrap().to_string();
    let moved = client.play(&id, &guest, &mv).await;
    assert_eq!(moved.status, 409, "the guest may not move for the host");
    assert_eq!(client.play(&id, &host, &mv).await.status, 200);
    let stranger = client
        .play(&id, "0123456789abcdef0123456789abcdef", "1")
        .await;
    assert_eq!(stranger.status, 403);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resignation_ends_the_game_for_the_resigning_seat_only_and_goes_into_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir).await;
    let client = Client::new(server.addr);
    let (id, host, guest) = host_and_guest(
        &client,
        json!({"game": "black-path", "settings": {"size": "4x4"}}),
    )
    .await;
    let stranger = act(
        &client,
        &id,
        "resign",
        "ffffffffffffffffffffffffffffffff",
        None,
    )
    .await;
    assert_eq!(stranger.status, 403, "{}", stranger.body);

    // The guest's token resigns the guest's side, never the host's.
    let resigned = act(&client, &id, "resign", &guest, None).await;
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    let status = &resigned.body["status"];
    assert_eq!(status["state"], "over");
    assert_eq!(status["winners"], json!([0]));
    assert_eq!(status["termination"], "resignation");
    assert_eq!(resigned.body["legal"], json!([]));
    assert_eq!(act(&client, &id, "resign", &host, None).await.status, 409);
    assert_eq!(client.play(&id, &host, "2").await.status, 409);

    // The record says how it ended, and replays to the same end.
    let record = client.get(&format!("/api/games/{id}/record")).await.body;
    let text = record.as_str().unwrap();
    assert!(text.contains("[Termination \"resignation\"]"), "{text}");
    let json_record = client
        .get(&format!("/api/games/{id}/record?format=json"))
        .await
        .body;
    assert_eq!(json_record["termination"], "resignation", "{json_record}");
    let imported = client
        .post(
            "/api/import",
            json!({"record": text, "seats": [{"kind": "local"}, {"kind": "local"}]}),
        )
        .await;
    assert_eq!(imported.status, 200, "{}", imported.body);
    assert_eq!(imported.body["view"]["status"], *status);

    // The list shows the result from the store.
    let list = client.get("/api/games?limit=5").await.body;
    let listed = list
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id.as_str())
        .unwrap();
    assert_eq!(listed["result"], status["result"]);
    assert_eq!(listed["players"][1]["player"], "Ada");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draws_are_agreed_by_both_sides_and_never_by_one_token_for_another() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir).await;
    let client = Client::new(server.addr);
    let (id, host, guest) = host_and_guest(
        &client,
        json!({"game": "black-path", "settings": {"size": "4x4"}}),
    )
    .await;
    let none = act(&client, &id, "draw", &guest, Some("accept")).await;
    assert_eq!(none.status, 409, "no offer to accept: {}", none.body);

    let offered = act(&client, &id, "draw", &host, Some("offer")).await;
    assert_eq!(offered.status, 200, "{}", offered.body);
    assert_eq!(offered.body["proposals"]["draw"], json!([0]));
    // The offering token cannot accept for the other side.
    let own = act(&client, &id, "draw", &host, Some("accept")).await;
    assert_eq!(own.status, 409, "{}", own.body);
    let stranger = act(
        &client,
        &id,
        "draw",
        "ffffffffffffffffffffffffffffffff",
        Some("accept"),
    )
    .await;
    assert_eq!(stranger.status, 403);
    // Declined, then offered again and accepted.
    let declined = act(&client, &id, "draw", &guest, Some("decline")).await;
    assert_eq!(declined.status, 200);
    assert!(declined.body["proposals"].get("draw").is_none());
    act(&client, &id, "draw", &guest, Some("offer")).await;
    let agreed = act(&client, &id, "draw", &host, Some("accept")).await;
    assert_eq!(agreed.status, 200, "{}", agreed.body);
    assert_eq!(agreed.body["status"]["state"], "over");
    assert_eq!(agreed.body["status"]["winners"], json!([]));
    assert_eq!(agreed.body["status"]["termination"], "agreement");
    let record = client.get(&format!("/api/games/{id}/record")).await.body;
    assert!(record
        .as_str()
        .unwrap()
        .contains("[Termination \"agreement\"]"));

    // The computer does not agree to draws.
    let (against, tokens) = client
        .create(json!({"game": "black-path", "settings": {"size": "4x4"},
                       "seats": [{"kind": "local"}, {"kind": "computer", "level": 1}]}))
        .await;
    let refused = act(
        &client,
        &against,
        "draw",
        tokens[0].as_ref().unwrap(),
        Some("offer"),
    )
    .await;
    assert_eq!(refused.status, 409, "{}", refused.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takebacks_need_the_other_persons_consent() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir).await;
    let client = Client::new(server.addr);
    let (id, host, guest) = host_and_guest(
        &client,
        json!({"game": "black-path", "settings": {"size": "4x4"}}),
    )
    .await;
    let view = client.get(&format!("/api/games/{id}")).await.body;
    let first = "2".to_string();
    let after = client.play(&id, &host, &first).await.body;
    let played = moves(&after);

    // No plain undo, and nothing happens without consent.
    let undo = act(&client, &id, "undo", &host, None).await;
    assert_eq!(undo.status, 409, "{}", undo.body);
    assert!(undo.error().contains("takeback"), "{}", undo.body);
    let asked = act(&client, &id, "takeback", &host, Some("request")).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    assert_eq!(moves(&asked.body), played, "asking removes nothing");
    assert_eq!(asked.body["proposals"]["takeback"]["by"], 0);
    let own = act(&client, &id, "takeback", &host, Some("accept")).await;
    assert_eq!(
        own.status, 409,
        "the asker cannot accept for the other: {}",
        own.body
    );
    let declined = act(&client, &id, "takeback", &guest, Some("decline")).await;
    assert_eq!(declined.status, 200);
    assert_eq!(moves(&declined.body), played);

    // Asked again and accepted: the move goes.
    act(&client, &id, "takeback", &host, Some("request")).await;
    let accepted = act(&client, &id, "takeback", &guest, Some("accept")).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    assert_eq!(moves(&accepted.body), moves(&view));
    // The guest has no move of their own to take back.
    let nothing = act(&client, &id, "takeback", &guest, Some("request")).await;
    assert_eq!(nothing.status, 409, "{}", nothing.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_four_player_karls_race_a_takeback_waits_for_the_other_person() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir).await;
    let client = Client::new(server.addr);
    // The issue's case: invite, invite, computer, computer.
    let created = client
        .post(
            "/api/games",
            json!({"game": "karls-race", "settings": {"players": "4"},
                   "seats": [{"kind": "invite"}, {"kind": "invite"},
                             {"kind": "computer", "level": 1}, {"kind": "computer", "level": 1}]}),
        )
        .await;
    assert_eq!(created.status, 200, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_string();
    let mut tokens = Vec::new();
    for (seat, name) in [(0, "Ann"), (1, "Bob")] {
        let invite = created.body["seats"][seat]["invite"].as_str().unwrap();
        let joined = join(&client, &id, invite, name).await;
        assert_eq!(joined.status, 200, "{}", joined.body);
        tokens.push(joined.body["token"].as_str().unwrap().to_string());
    }
    // Seat 0 moves; then seat 1 (after the computer's seat in between, if any) moves.
    let to_move = |seat: usize| {
        move |v: &Value| v["status"]["state"] == "to_move" && v["status"]["seat"] == seat
    };
    let view = client
        .wait_for(&id, Duration::from_secs(10), to_move(0))
        .await;
    let mv = view["legal"][0].as_str().unwrap().to_string();
    assert_eq!(client.play(&id, &tokens[0], &mv).await.status, 200);
    let view = client
        .wait_for(&id, Duration::from_secs(10), to_move(1))
        .await;
    let mv = view["legal"][0].as_str().unwrap().to_string();
    let after = client.play(&id, &tokens[1], &mv).await;
    assert_eq!(after.status, 200);
    let view = client
        .wait_for(&id, Duration::from_secs(10), |v| {
            v["status"]["state"] != "to_move" || v["status"]["seat"] == 0
        })
        .await;
    let before = moves(&view);

    // Seat 0's undo would remove seat 1's move: refused; a takeback waits for seat 1.
    assert_eq!(
        act(&client, &id, "undo", &tokens[0], None).await.status,
        409
    );
    let asked = act(&client, &id, "takeback", &tokens[0], Some("request")).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    assert_eq!(
        moves(&asked.body),
        before,
        "seat 1's move stays until seat 1 agrees"
    );
    let accepted = act(&client, &id, "takeback", &tokens[1], Some("accept")).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    assert!(moves(&accepted.body).len() < before.len());
    assert_eq!(accepted.body["status"]["seat"], 0, "back to seat 0's move");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_takeback_and_the_same_move_the_die_shows_the_same_value() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir).await;
    let client = Client::new(server.addr);
    // At one screen (plain undo) and between two people (takeback by consent).
    let (screen, tokens) = client
        .create(json!({"game": "karls-race", "seats": [{"kind": "local"}, {"kind": "local"}]}))
        .await;
    let token = tokens[0].clone().unwrap();
    let view = client.get(&format!("/api/games/{screen}")).await.body;
    let mover = view["status"]["seat"].as_u64().unwrap() as usize;
    let token = tokens[mover].clone().unwrap_or(token);
    let mv = view["legal"][0].as_str().unwrap().to_string();
    let mut rolls = Vec::new();
    for _ in 0..12 {
        let after = client.play(&screen, &token, &mv).await;
        assert_eq!(after.status, 200, "{}", after.body);
        rolls.push(moves(&after.body).last().unwrap().clone());
        let undone = act(&client, &screen, "undo", &token, None).await;
        assert_eq!(undone.status, 200, "{}", undone.body);
        assert_eq!(moves(&undone.body), moves(&view));
    }
    assert!(rolls.iter().all(|r| *r == rolls[0]), "rolls {rolls:?}");

    let (id, host, guest) = host_and_guest(&client, json!({"game": "karls-race"})).await;
    let view = client.get(&format!("/api/games/{id}")).await.body;
    let (mover, other) = if view["status"]["seat"] == 0 {
        (&host, &guest)
    } else {
        (&guest, &host)
    };
    let mv = view["legal"][0].as_str().unwrap().to_string();
    let first = moves(&client.play(&id, mover, &mv).await.body);
    act(&client, &id, "takeback", mover, Some("request")).await;
    let back = act(&client, &id, "takeback", other, Some("accept")).await;
    assert_eq!(moves(&back.body), moves(&view));
    let again = moves(&client.play(&id, mover, &mv).await.body);
    assert_eq!(first, again, "the same roll after the takeback");
    // The seed is the server's: no view, record or list carries it.
    let record = client
        .get(&format!("/api/games/{id}/record?format=json"))
        .await
        .body;
    assert!(record.get("seed").is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_accepted_swaps_the_sides_keeps_the_people_and_tells_everyone() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir).await;
    let client = Client::new(server.addr);
    let clock = json!({"kind": "fischer", "initial_seconds": 300, "increment_seconds": 3});
    let (id, host, guest) = host_and_guest(
        &client,
        json!({"game": "black-path", "settings": {"size": "4x4"}, "time_control": clock}),
    )
    .await;
    let early = act(&client, &id, "rematch", &host, None).await;
    assert_eq!(early.status, 409, "not before the end: {}", early.body);
    let mut socket = client.watch(&id).await;
    socket.next_of("view").await;
    act(&client, &id, "resign", &host, None).await;

    // The guest offers (tests/rematch.rs has the offer's ways); the host accepts.
    let offered = act(&client, &id, "rematch", &guest, None).await;
    assert_eq!(offered.body["state"], "offered", "{}", offered.body);
    let host_side = act(&client, &id, "rematch", &host, Some("accept")).await;
    assert_eq!(host_side.status, 200, "{}", host_side.body);
    let rematch = host_side.body["id"].as_str().unwrap().to_string();
    assert_ne!(rematch, id);
    assert_eq!(host_side.body["seats"][0]["seat"], 1);
    let event = socket.next_of("rematch").await;
    assert_eq!(event["id"], rematch.as_str());
    assert_eq!(event["seat"], 0, "the host accepted");
    // The guest asks again and gets the other seat of the same rematch.
    let asked = act(&client, &id, "rematch", &guest, None).await;
    assert_eq!(asked.body["id"], rematch.as_str());
    assert_eq!(
        asked.body["seats"],
        json!([{"seat": 0, "token": asked.body["seats"][0]["token"]}])
    );
    let host_token = host_side.body["seats"][0]["token"]
        .as_str()
        .unwrap()
        .to_string();
    let guest_token = asked.body["seats"][0]["token"]
        .as_str()
        .unwrap()
        .to_string();

    let view = client.get(&format!("/api/games/{rematch}")).await.body;
    assert_eq!(view["seats"][0]["player"], "Ada");
    assert_eq!(view["seats"][0]["kind"], "invite");
    assert_eq!(view["seats"][1]["player"], "Hal");
    assert_eq!(view["seats"][1]["kind"], "local");
    assert_eq!(view["clock"]["control"], clock);
    assert_eq!(view["rematch_of"], id.as_str());
    assert_eq!(view["started"], true);
    let old = client.get(&format!("/api/games/{id}")).await.body;
    assert_eq!(old["rematch"], rematch.as_str());
    // The new tokens play the swapped sides; the old ones hold nothing there.
    let mv = view["legal"][0].as_str().unwrap().to_string();
    assert_eq!(client.play(&rematch, &host, &mv).await.status, 403);
    assert_eq!(client.play(&rematch, &host_token, &mv).await.status, 409);
    assert_eq!(client.play(&rematch, &guest_token, &mv).await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_are_bounded_and_a_clock_with_no_move_ends_the_game_on_time() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir).await;
    let client = Client::new(server.addr);
    // 3+0 and correspondence are accepted; nonsense is refused.
    for (control, status) in [
        (
            json!({"kind": "fischer", "initial_seconds": 180, "increment_seconds": 0}),
            200,
        ),
        (json!({"kind": "correspondence", "days_per_move": 3}), 200),
        (
            json!({"kind": "fischer", "initial_seconds": 0, "increment_seconds": 0}),
            400,
        ),
        (json!({"kind": "correspondence", "days_per_move": 0}), 400),
        (json!({"kind": "sandglass"}), 422),
    ] {
        let answer = client
            .post(
                "/api/games",
                json!({"game": "black-path", "time_control": control,
                       "seats": [{"kind": "local"}, {"kind": "local"}]}),
            )
            .await;
        assert_eq!(answer.status, status, "{control} -> {}", answer.body);
    }
    let three = client
        .post(
            "/api/games",
            json!({"game": "black-path", "seats": [{"kind": "local"}, {"kind": "local"}],
                   "time_control": {"kind": "fischer", "initial_seconds": 180, "increment_seconds": 0}}),
        )
        .await;
    let clock = &three.body["view"]["clock"];
    assert_eq!(clock["running"], 0);
    assert!(clock["remaining_ms"][0].as_i64().unwrap() > 179_000);
    assert_eq!(clock["remaining_ms"][1], 180_000);

    // A 2+0 clock between two people, nobody moves: the game ends on time, by a timer.
    let (id, _, _) = host_and_guest(
        &client,
        json!({"game": "black-path", "settings": {"size": "4x4"},
               "time_control": {"kind": "fischer", "initial_seconds": 2, "increment_seconds": 0}}),
    )
    .await;
    let started = Instant::now();
    let flag = Duration::from_secs(2);
    let mut socket = client.watch(&id).await;
    let ended = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            let view = socket.next_of("view").await;
            if view["view"]["status"]["state"] == "over" {
                return view["view"].clone();
            }
        }
    })
    .await
    .expect("the game did not end on time");
    let late = started.elapsed().saturating_sub(flag);
    assert!(
        late < Duration::from_secs(1),
        "ended {late:?} after the flag"
    );
    assert!(started.elapsed() >= flag - Duration::from_millis(100));
    assert_eq!(ended["status"]["termination"], "time forfeit");
    assert_eq!(ended["status"]["winners"], json!([1]));
    assert_eq!(ended["clock"]["remaining_ms"][0], 0);
    assert_eq!(ended["clock"]["running"], Value::Null);
    let record = client.get(&format!("/api/games/{id}/record")).await.body;
    assert!(record
        .as_str()
        .unwrap()
        .contains("[Termination \"time forfeit\"]"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_survive_a_restart_and_a_move_gains_the_increment() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafel.db");
    let timeline = Timeline::default();
    let server = serve_on(&db, Limits::default(), timeline.clone()).await;
    let client = Client::new(server.addr);
    let (id, tokens) = client
        .create(json!({"game": "black-path", "settings": {"size": "4x4"},
                       "seats": [{"kind": "local"}, {"kind": "local"}],
                       "time_control": {"kind": "fischer", "initial_seconds": 60, "increment_seconds": 5}}))
        .await;
    // White thinks 30 s (the server's time line moved on by hand; the real time the requests
    // take is the tolerance below).
    timeline.advance(Duration::from_secs(30));
    let mv = "2";
    let after = client.play(&id, tokens[0].as_ref().unwrap(), mv).await.body;
    let white = after["clock"]["remaining_ms"][0].as_i64().unwrap();
    assert!(
        (34_000..=35_000).contains(&white),
        "60 s less the thinking plus 5: {white}"
    );
    assert_eq!(after["clock"]["running"], 1);
    // Black's clock runs 20 s before the server goes away. The time line moved on faster than
    // the heartbeat writes, so the heartbeat it would have written is written here: the
    // server was alive all along, and the next one credits no downtime.
    timeline.advance(Duration::from_secs(20));
    server.hub.store().alive(timeline.now_ms()).await.unwrap();
    server.stop();
    drop(client);

    // A new server on the same file: the clocks go on where they were, Black's still runs.
    let server = serve_on(&db, Limits::default(), timeline).await;
    let client = Client::new(server.addr);
    let view = client.get(&format!("/api/games/{id}")).await.body;
    assert_eq!(view["clock"]["remaining_ms"][0], white);
    assert_eq!(view["clock"]["running"], 1);
    let black = view["clock"]["remaining_ms"][1].as_i64().unwrap();
    assert!(
        (39_000..=40_000).contains(&black),
        "Black's clock ran on: {black}"
    );
    assert_eq!(view["moves"], after["moves"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_plays_on_the_clock() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir).await;
    let client = Client::new(server.addr);
    let (id, tokens) = client
        .create(json!({"game": "black-path", "settings": {"size": "4x4"},
                       "seats": [{"kind": "local"}, {"kind": "computer", "level": 3}],
                       "time_control": {"kind": "fischer", "initial_seconds": 2, "increment_seconds": 0}}))
        .await;
    let mv = "2";
    let moved = client.play(&id, tokens[0].as_ref().unwrap(), mv).await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    // The computer's reply (it may be there already when the move's answer is made).
    let replied = client
        .wait_for(&id, Duration::from_secs(5), |v| {
            v["status"]["state"] != "to_move" || moves(v).len() >= 2
        })
        .await;
    assert_eq!(moves(&replied).len(), 2, "{replied}");
    assert_eq!(replied["status"]["state"], "to_move", "{replied}");
    assert_eq!(replied["clock"]["running"], 0);
    let left = replied["clock"]["remaining_ms"][1].as_i64().unwrap();
    assert!(left > 1_000, "the computer kept most of its 2 s: {left}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_challenges_are_listed_joined_in_one_step_and_then_gone() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir).await;
    let client = Client::new(server.addr);
    let private = client
        .post(
            "/api/games",
            json!({"game": "kauri", "public": true,
                                    "seats": [{"kind": "local"}, {"kind": "local"}]}),
        )
        .await;
    assert_eq!(
        private.status, 400,
        "public needs a free seat: {}",
        private.body
    );
    let created = client
        .post(
            "/api/games",
            json!({"game": "kauri", "public": true,
                   "seats": [{"kind": "local", "name": "Hal"}, {"kind": "invite"}]}),
        )
        .await;
    assert_eq!(created.status, 200, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_string();
    let (hidden, _) = client
        .create(json!({"game": "kauri", "seats": [{"kind": "local"}, {"kind": "invite"}]}))
        .await;

    let open = client.get("/api/challenges").await.body;
    let open = open.as_array().unwrap();
    assert_eq!(open.len(), 1, "{open:?}");
    assert_eq!(open[0]["id"], id.as_str());
    assert_eq!(open[0]["players"][0]["player"], "Hal");
    assert_eq!(open[0]["players"][1]["joined"], false);
    assert!(
        !open[0].to_string().contains("invite\":\""),
        "no invitation listed"
    );

    // Taking the seat by number works only in a public game, and once.
    let by_seat = client
        .post(
            &format!("/api/games/{hidden}/join"),
            json!({"seat": 1, "name": "Eve"}),
        )
        .await;
    assert_eq!(by_seat.status, 403, "{}", by_seat.body);
    let joined = client
        .post(
            &format!("/api/games/{id}/join"),
            json!({"seat": 1, "name": "Ada"}),
        )
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let again = client
        .post(
            &format!("/api/games/{id}/join"),
            json!({"seat": 1, "name": "Eve"}),
        )
        .await;
    assert_eq!(again.status, 409);
    assert_eq!(client.get("/api/challenges").await.body, json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_are_counted_and_can_do_nothing_but_watch() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir).await;
    let client = Client::new(server.addr);
    let (id, host, _) = host_and_guest(
        &client,
        json!({"game": "black-path", "settings": {"size": "4x4"}}),
    )
    .await;
    let _player = watch_as(&client, &id, &host).await; // open while the spectator counts
    let mut spectator = client.watch(&id).await;
    let presence = loop {
        let presence = spectator.next_of("presence").await;
        if presence["seats"] == json!([0]) && presence["spectators"] == 1 {
            break presence;
        }
    };
    assert_eq!(presence["type"], "presence");
    // A spectator has no token: every action is refused.
    spectator
        .send_json(json!({"type": "move", "token": "", "move": "1"}))
        .await;
    let refused = spectator.next_of("error").await;
    assert!(!refused["error"].as_str().unwrap().is_empty());
    // With the status the same request over HTTP gets (a token that holds no seat: 403).
    assert_eq!(refused["status"], 403, "{refused}");
    for what in ["resign", "undo", "rematch"] {
        assert_eq!(
            act(&client, &id, what, "", None).await.status,
            403,
            "{what}"
        );
    }
    for what in ["draw", "takeback"] {
        assert_eq!(
            act(&client, &id, what, "", Some("offer")).await.status,
            403,
            "{what}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_to_offers_and_pages_hidden_are_told_to_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir).await;
    let client = Client::new(server.addr);
    let (id, host, guest) = host_and_guest(
        &client,
        json!({"game": "black-path", "settings": {"size": "4x4"}}),
    )
    .await;
    // The player's page says hello at once: the first presence counts it as its seat, never
    // as a spectator.
    let mut player = watch_as(&client, &id, &host).await;
    let first = player.next_of("presence").await;
    assert_eq!(first["seats"], json!([0]), "{first}");
    assert_eq!(first["spectators"], 0, "{first}");

    // Declined by the other side, withdrawn by the offerer, lapsed by a move.
    act(&client, &id, "draw", &host, Some("offer")).await;
    act(&client, &id, "draw", &guest, Some("decline")).await;
    let declined = player.next_of("answered").await;
    assert_eq!(
        declined,
        json!({"type": "answered", "proposal": "draw", "seat": 1, "answer": "declined"})
    );
    act(&client, &id, "draw", &host, Some("offer")).await;
    act(&client, &id, "draw", &host, Some("decline")).await;
    let withdrawn = player.next_of("answered").await;
    assert_eq!(
        (withdrawn["seat"].clone(), withdrawn["answer"].clone()),
        (json!(0), json!("withdrawn"))
    );
    act(&client, &id, "draw", &guest, Some("offer")).await;
    let played = client
        .post(
            &format!("/api/games/{id}/moves"),
            json!({"token": host, "move": "E"}),
        )
        .await;
    assert_eq!(played.status, 200, "{}", played.body);
    let lapsed = player.next_of("answered").await;
    assert_eq!(
        lapsed,
        json!({"type": "answered", "proposal": "draw", "seat": 0, "answer": "expired"})
    );

    // The guest's page, hidden: away; shown again: not.
    let mut other = watch_as(&client, &id, &guest).await;
    other.send_json(json!({"type": "away", "away": true})).await;
    loop {
        let presence = player.next_of("presence").await;
        if presence["seats"] == json!([0, 1]) && presence["away"] == json!([1]) {
            break;
        }
    }
    other
        .send_json(json!({"type": "away", "away": false}))
        .await;
    loop {
        let presence = player.next_of("presence").await;
        if presence["seats"] == json!([0, 1]) && presence["away"] == json!([]) {
            break;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_openapi_document_covers_the_whole_api() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir).await;
    let client = Client::new(server.addr);
    let document = client.get("/api/openapi.json").await;
    assert_eq!(document.status, 200);
    let paths = document.body["paths"].as_object().unwrap();
    for path in [
        "/api/catalog",
        "/api/games",
        "/api/challenges",
        "/api/import",
        "/api/games/{id}",
        "/api/games/{id}/join",
        "/api/games/{id}/moves",
        "/api/games/{id}/undo",
        "/api/games/{id}/resign",
        "/api/games/{id}/draw",
        "/api/games/{id}/takeback",
        "/api/games/{id}/rematch",
        "/api/games/{id}/record",
        "/api/games/{id}/analysis",
        "/api/games/{id}/hint",
        "/api/games/{id}/ws",
    ] {
        assert!(paths.contains_key(path), "{path} is missing");
    }
    let schemas = document.body["components"]["schemas"].as_object().unwrap();
    for schema in [
        "TimeControl",
        "GameView",
        "JoinRequest",
        "ProposalRequest",
        "EntryRequest",
    ] {
        assert!(schemas.contains_key(schema), "{schema} is missing");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_stored_before_online_play_keep_working_after_the_migration() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("old.db");
    let url = format!("sqlite://{}?mode=rwc", db.display());
    // The schema as the first two migrations made it, applied the way sqlx applies them.
    let before = dir.path().join("migrations");
    std::fs::create_dir(&before).unwrap();
    for (name, sql) in [
        (
            "0001_games.sql",
            include_str!("../../migrations/sqlite/0001_games.sql"),
        ),
        (
            "0002_computer_to_move.sql",
            include_str!("../../migrations/sqlite/0002_computer_to_move.sql"),
        ),
    ] {
        std::fs::write(before.join(name), sql).unwrap();
    }
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::migrate::Migrator::new(before.as_path())
        .await
        .unwrap()
        .run(&pool)
        .await
        .unwrap();
    // An online game of then: the invited seat's link carried its token.
    let seats = r#"[{"kind":"local","level":null,"token":"hosttoken"},{"kind":"invite","level":null,"token":"guesttoken"}]"#;
    sqlx::query(
        r#"INSERT INTO games (id, game, settings, seats)
           VALUES ('oldonline001', 'black-path', '[["size","4x4"]]', ?)"#,
    )
    .bind(seats)
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;

    let server = serve_with(&db, Limits::default()).await;
    let client = Client::new(server.addr);
    // The list works it out once and shows the seats as taken.
    let list = client.get("/api/games").await.body;
    assert_eq!(list[0]["id"], "oldonline001");
    assert_eq!(list[0]["players"][1]["joined"], true);
    assert_eq!(client.get("/api/challenges").await.body, json!([]));
    let view = client.get("/api/games/oldonline001").await.body;
    assert_eq!(view["started"], true);
    assert_eq!(view["clock"], Value::Null);
    // Both old tokens still play their seats.
    let played = client.play("oldonline001", "hosttoken", "2").await;
    assert_eq!(played.status, 200, "{}", played.body);
    let resigned = act(&client, "oldonline001", "resign", "guesttoken", None).await;
    assert_eq!(resigned.body["status"]["termination"], "resignation");
}

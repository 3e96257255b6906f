//! Chat in a game (issue #31) against a real server on loopback with a real SQLite file: the
//! players' room written by the seats' holders and read by them alone, the spectators' room
//! apart (signed-in accounts write it, players read it once the game is over), pushed over
//! the WebSocket, kept across a restart; bad messages, strangers, other seats, the rate per
//! writer and the cap per room refused with the status and reason they deserve.

use crate::support;

use serde_json::{json, Value};
use support::serve_with;
use tafel_server::Limits;
use tafel_testkit::client::{Answer, Client};
use tafel_testkit::viewer::Viewer;

/// A game of Quarx between "Hal" at this screen and "Ada", invited, who has joined: its id,
/// the host's and the guest's tokens.
async fn host_and_guest(client: &Client) -> (String, String, String) {
    client
        .host_and_guest(json!({"game": "quarx"}), client)
        .await
}

/// Posts `body` to game `id`'s chat with the session `cookie`, if given.
async fn say(client: &Client, id: &str, cookie: Option<&str>, body: Value) -> Answer {
    let mut request = client
        .http
        .post(client.url(&format!("/api/games/{id}/chat")))
        .json(&body);
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    client.send(request).await
}

/// A message in the players' room for the seat of `token`.
async fn say_as(client: &Client, id: &str, token: &str, text: &str) -> Answer {
    let body = json!({"room": "players", "token": token, "text": text});
    say(client, id, None, body).await
}

/// The chat of game `id` as the holder of `token` (if any) signed in with `cookie` (if any)
/// reads it.
async fn read(client: &Client, id: &str, token: Option<&str>, cookie: Option<&str>) -> Value {
    let mut request = client
        .http
        .get(client.url(&format!("/api/games/{id}/chat")));
    if let Some(token) = token {
        request = request.header("x-tafel-token", token);
    }
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    let answer = client.send(request).await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    answer.body
}

/// The texts of a room's messages as read.
fn texts(room: &Value) -> Vec<&str> {
    room.as_array()
        .unwrap_or_else(|| panic!("a room read: {room}"))
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect()
}

/// A WebSocket on game `id` that has had its first view and, with `(token, seat)`, said it
/// holds that seat (and the server counted it so).
async fn watch_as(client: &Client, id: &str, holder: Option<(&str, usize)>) -> Viewer {
    let mut viewer = client.watch(id).await;
    viewer.next_of("view").await;
    if let Some((token, seat)) = holder {
        viewer
            .send_json(json!({"type": "hello", "tokens": [token]}))
            .await;
        while !viewer.next_of("presence").await["seats"]
            .as_array()
            .is_some_and(|seats| seats.contains(&json!(seat)))
        {}
    }
    viewer
}

#[tokio::test]
async fn players_talk_among_themselves_and_spectators_apart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let server = serve_with(&db, Limits::default()).await;
    let client = Client::new(server.addr);
    let (id, host, guest) = host_and_guest(&client).await;
    let mut hal = watch_as(&client, &id, Some((&host, 0))).await;
    let mut ada = watch_as(&client, &id, Some((&guest, 1))).await;
    let mut watcher = watch_as(&client, &id, None).await;

    let written = say_as(&client, &id, &host, "  good luck,\nhave fun ").await;
    assert_eq!(written.status, 201, "{}", written.text);
    assert_eq!(written.body["text"], "good luck, have fun");
    assert_eq!(written.body["name"], "Hal");
    assert_eq!(written.body["seat"], 0);
    assert_eq!(written.body["seq"], 1);
    for viewer in [&mut hal, &mut ada] {
        let pushed = viewer.next_of("chat").await;
        assert_eq!(pushed["message"], written.body);
    }
    assert_eq!(say_as(&client, &id, &guest, "you too").await.status, 201);
    for viewer in [&mut hal, &mut ada] {
        assert_eq!(viewer.next_of("chat").await["message"]["name"], "Ada");
    }

    // A spectator's remark reaches the spectators only.
    let cookie = client.sign_up("Watcher").await;
    let remark = json!({"room": "spectators", "text": "Hal is winning"});
    let written = say(&client, &id, Some(&cookie), remark).await;
    assert_eq!(written.status, 201, "{}", written.text);
    assert_eq!(written.body["name"], "Watcher");
    assert_eq!(written.body["account"], true);
    let pushed = watcher.next_of("chat").await;
    assert_eq!(
        pushed["message"]["text"], "Hal is winning",
        "the players' messages never reach the spectator: {pushed}"
    );
    // The players' next push is their own room's, not the remark.
    assert_eq!(say_as(&client, &id, &guest, "your move").await.status, 201);
    for viewer in [&mut hal, &mut ada] {
        assert_eq!(viewer.next_of("chat").await["message"]["text"], "your move");
    }

    // What each reads, also on reading it again.
    let players = read(&client, &id, Some(&host), None).await;
    assert_eq!(
        texts(&players["players"]),
        ["good luck, have fun", "you too", "your move"]
    );
    assert_eq!(players["spectators"], Value::Null, "{players}");
    assert_eq!(players["write"], "players");
    let spectators = read(&client, &id, None, Some(&cookie)).await;
    assert_eq!(spectators["players"], Value::Null, "{spectators}");
    assert_eq!(texts(&spectators["spectators"]), ["Hal is winning"]);
    assert_eq!(spectators["write"], "spectators");
    assert_eq!(read(&client, &id, None, None).await["write"], Value::Null);

    // Once the game is over the players read the spectators' room too.
    let resigned = client
        .post(&format!("/api/games/{id}/resign"), json!({"token": guest}))
        .await;
    assert_eq!(resigned.status, 200, "{}", resigned.text);
    let after = read(&client, &id, Some(&guest), None).await;
    assert_eq!(texts(&after["spectators"]), ["Hal is winning"]);
    assert_eq!(texts(&after["players"]).len(), 3);
    for viewer in [hal, ada, watcher] {
        viewer.close().await;
    }

    // Kept with the game: a restarted server shows every message.
    server.stop();
    let server = serve_with(&db, Limits::default()).await;
    let client = Client::new(server.addr);
    let again = read(&client, &id, Some(&host), None).await;
    assert_eq!(texts(&again["players"]), texts(&players["players"]));
    assert_eq!(texts(&again["spectators"]), ["Hal is winning"]);
}

#[tokio::test]
async fn bad_messages_strangers_and_other_seats_are_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve_with(&dir.path().join("t.db"), Limits::default()).await;
    let client = Client::new(server.addr);
    let (id, host, _guest) = host_and_guest(&client).await;
    let refused = |answer: Answer, status: u16, words: &str| {
        assert_eq!(answer.status, status, "{}", answer.text);
        assert!(answer.error().contains(words), "{}", answer.text);
    };
    refused(
        say_as(&client, &id, &host, &"x".repeat(141)).await,
        400,
        "at most 140 characters",
    );
    assert_eq!(
        say_as(&client, &id, &host, &"é".repeat(140)).await.status,
        201,
        "140 characters are counted as characters, not bytes"
    );
    refused(
        say_as(&client, &id, &host, " \n ").await,
        400,
        "at least one character",
    );
    refused(
        say_as(&client, &id, &host, "g\u{200B}g").await,
        400,
        "U+200B",
    );
    refused(
        say_as(&client, &id, &host, "\u{202E}pg").await,
        400,
        "U+202E",
    );
    // Nobody's seat: no token, a made-up one, the seat of another game.
    let nobody = json!({"room": "players", "text": "hello"});
    refused(say(&client, &id, None, nobody).await, 403, "players");
    refused(
        say_as(&client, &id, "0123456789abcdef0123456789abcdef", "hi").await,
        403,
        "",
    );
    let (other, other_host, _) = host_and_guest(&client).await;
    refused(say_as(&client, &id, &other_host, "hi").await, 403, "");
    assert_eq!(say_as(&client, &other, &other_host, "hi").await.status, 201);
    // The spectators' room: accounts only, never a player, never with a token.
    let remark = json!({"room": "spectators", "text": "nice"});
    refused(
        say(&client, &id, None, remark.clone()).await,
        401,
        "sign in",
    );
    let with_token = json!({"room": "spectators", "token": host, "text": "nice"});
    let cookie = client.sign_up("Bystander").await;
    refused(
        say(&client, &id, Some(&cookie), with_token).await,
        400,
        "send no seat's token",
    );
    let (status, _) = say(&client, &id, Some(&cookie), remark.clone())
        .await
        .parts();
    assert_eq!(status, 201);
    // An account that plays a seat (taken while signed in) writes as that seat, not as a
    // spectator.
    let created = client
        .post(
            "/api/games",
            json!({"game": "quarx", "seats": [{"kind": "local", "name": "Hal"}, {"kind": "invite"}]}),
        )
        .await;
    let game = created.body["id"].as_str().unwrap();
    let invite = created.body["seats"][1]["invite"].as_str().unwrap();
    let join = client
        .http
        .post(client.url(&format!("/api/games/{game}/join")))
        .header("cookie", &cookie)
        .json(&json!({"invite": invite}));
    assert_eq!(client.send(join).await.status, 200);
    refused(
        say(&client, game, Some(&cookie), remark).await,
        403,
        "players write in the players' chat",
    );
    let as_seat = json!({"room": "players", "text": "hi Hal"});
    let written = say(&client, game, Some(&cookie), as_seat).await;
    assert_eq!(written.status, 201, "{}", written.text);
    assert_eq!(written.body["seat"], 1);
    assert_eq!(written.body["name"], "Bystander");
    // Malformed requests.
    let unknown_room = json!({"room": "everyone", "token": host, "text": "hi"});
    assert_eq!(say(&client, &id, None, unknown_room).await.status, 422);
    refused(say_as(&client, "no-such-game", &host, "hi").await, 404, "");
}

#[tokio::test]
async fn nobody_to_talk_to_against_the_computer() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve_with(&dir.path().join("t.db"), Limits::default()).await;
    let client = Client::new(server.addr);
    let (id, tokens) = client
        .create(json!({"game": "quarx", "seats": [{"kind": "local"}, {"kind": "computer", "level": 1}]}))
        .await;
    let token = tokens[0].clone().unwrap();
    let answer = say_as(&client, &id, &token, "hello?").await;
    assert_eq!(answer.status, 409, "{}", answer.text);
    assert!(
        answer.error().contains("nobody else plays"),
        "{}",
        answer.text
    );
    let chat = read(&client, &id, Some(&token), None).await;
    assert_eq!(chat["players"], Value::Null);
    assert_eq!(chat["write"], Value::Null);
}

#[tokio::test]
async fn each_writer_has_a_rate_and_each_room_a_cap() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        chat_burst: 3,
        chat_per_minute: 1,
        chat_messages_per_room: 5,
        ..Limits::default()
    };
    let server = serve_with(&dir.path().join("t.db"), limits).await;
    let client = Client::new(server.addr);
    let (id, host, guest) = host_and_guest(&client).await;
    for n in 1..=3 {
        let answer = say_as(&client, &id, &host, &format!("message {n}")).await;
        assert_eq!(answer.status, 201, "{}", answer.text);
    }
    let limited = say_as(&client, &id, &host, "one too many").await;
    assert_eq!(limited.status, 429, "{}", limited.text);
    assert!(limited.error().contains("faster than the chat allows"));
    let wait: u64 = limited.header("retry-after").parse().unwrap();
    assert!((1..=60).contains(&wait), "Retry-After: {wait}");
    // The other player has an allowance of their own, until the room is full.
    for n in 4..=5 {
        let answer = say_as(&client, &id, &guest, &format!("message {n}")).await;
        assert_eq!(answer.status, 201, "{}", answer.text);
    }
    let full = say_as(&client, &id, &guest, "message 6").await;
    assert_eq!(full.status, 409, "{}", full.text);
    assert!(full.error().contains("holds 5 messages"), "{}", full.text);
    let chat = read(&client, &id, Some(&guest), None).await;
    assert_eq!(texts(&chat["players"]).len(), 5);
    // The spectators' room has its own cap.
    let cookie = client.sign_up("Watcher").await;
    let remark = json!({"room": "spectators", "text": "still room here"});
    assert_eq!(say(&client, &id, Some(&cookie), remark).await.status, 201);
}

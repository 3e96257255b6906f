//! Bots through the API, in-process on SQLite: an account made a bot before its first game
//! gets a token (people do not); a person challenges it; the bot hears of the challenge on its
//! event stream, accepts, follows the game on its game stream, plays, has an illegal move
//! refused while the game goes on, and resigns; the rated game is rated. A bot's token never
//! acts in another's game; a decline reaches the challenger; no challenge crosses a block; the
//! limits hold.

use std::time::Duration;

use axum::body::{Body, BodyDataStream};
use axum::http::{header, Request, StatusCode};
use axum::Router;
use futures_util::StreamExt;
use serde_json::{json, Value};
use tafel_server::{Config, Limits};
use tower::ServiceExt;

use crate::in_process;
use crate::person;

use in_process::send;
use person::Person;

/// The databases to test on: SQLite, and PostgreSQL when `TAFEL_TEST_POSTGRES` names a server.
async fn databases(test: &str) -> Vec<String> {
    let mut databases = vec!["sqlite::memory:".to_string()];
    databases.extend(tafel_testkit::postgres::test_database(test).await);
    databases
}

async fn server(limits: Limits, database: &str) -> Router {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), database);
    config.limits = limits;
    tafel_server::app(&config).await.unwrap().0
}

/// A bot's side of the API: its token.
struct BotClient {
    router: Router,
    token: String,
}

impl BotClient {
    /// Signs up `name`, makes it a bot and takes its token.
    async fn new(router: &Router, name: &str) -> (Person, BotClient) {
        let owner = Person::signed_up(router, name).await;
        let (status, made) = owner.post("/api/account/bot", json!({})).await;
        assert_eq!(status, StatusCode::OK, "{made}");
        let (status, issued) = owner.post("/api/bot/token", json!({})).await;
        assert_eq!(status, StatusCode::OK, "{issued}");
        let token = issued["token"].as_str().unwrap().to_string();
        let bot = BotClient {
            router: router.clone(),
            token,
        };
        (owner, bot)
    }

    fn request(&self, method: &str, path: &str, body: Option<Value>) -> Request<Body> {
        let request = Request::builder()
            .method(method)
            .uri(path)
            .header(header::AUTHORIZATION, format!("Bearer {}", self.token));
        match body {
            Some(body) => request
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(body.to_string())),
            None => request.body(Body::empty()),
        }
        .unwrap()
    }

    async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        let response = self
            .router
            .clone()
            .oneshot(self.request("POST", path, Some(body)))
            .await
            .unwrap();
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 22)
            .await
            .unwrap();
        (
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        )
    }

    /// Opens a stream: its status, and its lines when it opened.
    async fn open(&self, path: &str) -> (StatusCode, Option<Lines>) {
        let response = self
            .router
            .clone()
            .oneshot(self.request("GET", path, None))
            .await
            .unwrap();
        let status = response.status();
        if status != StatusCode::OK {
            return (status, None);
        }
        assert_eq!(
            response.headers()[header::CONTENT_TYPE],
            "application/x-ndjson"
        );
        let lines = Lines {
            data: response.into_body().into_data_stream(),
            buffer: String::new(),
        };
        (status, Some(lines))
    }
}

/// The lines of an NDJSON stream.
struct Lines {
    data: BodyDataStream,
    buffer: String,
}

impl Lines {
    /// The next JSON line (blank keep-alive lines skipped); `None` when the stream ended.
    async fn next(&mut self) -> Option<Value> {
        loop {
            if let Some(end) = self.buffer.find('\n') {
                let line: String = self.buffer.drain(..=end).collect();
                if line.trim().is_empty() {
                    continue;
                }
                return Some(serde_json::from_str(&line).unwrap());
            }
            let chunk = tokio::time::timeout(Duration::from_secs(20), self.data.next())
                .await
                .expect("a stream line within 20 s")?
                .unwrap();
            self.buffer.push_str(std::str::from_utf8(&chunk).unwrap());
        }
    }
}

const CLOCK: &str = r#"{"kind": "fischer", "initial_seconds": 300, "increment_seconds": 0}"#;

fn challenge_body(side: &str, rated: bool) -> Value {
    let clock: Value = serde_json::from_str(CLOCK).unwrap();
    json!({"game": "kauri", "time_control": clock, "side": side, "rated": rated})
}

#[tokio::test]
async fn a_person_plays_a_bot_through_its_streams_and_the_game_is_rated() {
    for database in databases("bot_game").await {
        a_person_plays_a_bot(&database).await;
    }
}

async fn a_person_plays_a_bot(database: &str) {
    let router = server(Limits::default(), database).await;
    let ann = Person::signed_up(&router, "ann").await;
    let (_, bot) = BotClient::new(&router, "robo").await;

    let (status, challenge) = ann
        .post("/api/bots/robo/challenge", challenge_body("first", true))
        .await;
    assert_eq!(status, StatusCode::OK, "{challenge}");
    assert_eq!(challenge["status"], "pending");
    let challenge_id = challenge["id"].as_str().unwrap().to_string();

    let (status, events) = bot.open("/api/bot/stream").await;
    assert_eq!(status, StatusCode::OK);
    let mut events = events.unwrap();
    let told = events.next().await.unwrap();
    assert_eq!(told["type"], "challenge", "{told}");
    assert_eq!(told["challenge"]["id"], challenge_id.as_str());
    assert_eq!(told["challenge"]["challenger"], "ann");
    assert_eq!(told["challenge"]["rated"], true);

    let (status, accepted) = bot
        .post(
            &format!("/api/bot/challenges/{challenge_id}/accept"),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{accepted}");
    let game = accepted["game"].as_str().unwrap().to_string();
    assert_eq!(
        accepted["seat"], 1,
        "the challenger asked for the first seat"
    );
    let started = events.next().await.unwrap();
    assert_eq!(
        started,
        json!({"type": "game_started", "game": game, "seat": 1})
    );
    // Accepting twice is refused.
    let (status, _) = bot
        .post(
            &format!("/api/bot/challenges/{challenge_id}/accept"),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);

    let (status, read) = ann
        .get(&format!("/api/bot-challenges/{challenge_id}"))
        .await;
    assert_eq!(status, StatusCode::OK, "{read}");
    assert_eq!(read["challenge"]["status"], "accepted");
    assert_eq!(read["challenge"]["game_id"], game.as_str());
    assert_eq!(read["seat"], 0);
    let ann_token = read["token"].as_str().unwrap().to_string();

    let (status, stream) = bot.open(&format!("/api/bot/games/{game}/stream")).await;
    assert_eq!(status, StatusCode::OK);
    let mut stream = stream.unwrap();
    let full = stream.next().await.unwrap();
    assert_eq!(full["type"], "game_full", "{full}");
    assert_eq!(full["seat"], 1);
    assert_eq!(full["game"]["rated"], true);
    assert!(
        full["game"]["clock"].is_object(),
        "the clocks come with the state"
    );
    assert_eq!(full["game"]["seats"][1]["player"], "robo");
    assert_eq!(
        full["game"]["seats"][1]["bot"], true,
        "the bot's seat says so"
    );
    assert_eq!(full["game"]["seats"][0]["bot"], false, "{full}");

    // Ann and the bot play two moves each, the bot answering what its stream shows.
    for round in 0..2 {
        let (_, view) = ann.get(&format!("/api/games/{game}")).await;
        let mv = view["legal"][0].as_str().unwrap();
        let (status, answer) = ann
            .post(
                &format!("/api/games/{game}/moves"),
                json!({"token": ann_token, "move": mv}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        // The state after Ann's move (a state may come twice: the stream is told of a change
        // and also looks for one, so an earlier state may still be waiting in it).
        let state = loop {
            let line = stream.next().await.unwrap();
            assert_eq!(line["type"], "game_state");
            let plies = line["game"]["moves"].as_array().map_or(0, Vec::len);
            if line["game"]["status"]["seat"] == 1 && plies == 2 * round + 1 {
                break line;
            }
        };
        let reply = state["game"]["legal"][0].as_str().unwrap();
        let (status, after) = bot
            .post(
                &format!("/api/bot/games/{game}/moves"),
                json!({"move": reply}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{after}");
    }
    let (_, before) = ann.get(&format!("/api/games/{game}")).await;
    assert_eq!(before["moves"].as_array().unwrap().len(), 4);

    // Out of turn, then an illegal move: refused clearly, and the game goes on.
    let (status, refused) = bot
        .post(
            &format!("/api/bot/games/{game}/moves"),
            json!({"move": "z9"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    let (_, view) = ann.get(&format!("/api/games/{game}")).await;
    let mv = view["legal"][0].as_str().unwrap();
    ann.post(
        &format!("/api/games/{game}/moves"),
        json!({"token": ann_token, "move": mv}),
    )
    .await;
    let (status, refused) = bot
        .post(
            &format!("/api/bot/games/{game}/moves"),
            json!({"move": "z9"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(
        refused["error"].as_str().unwrap().contains("z9"),
        "{refused}"
    );
    let (_, view) = ann.get(&format!("/api/games/{game}")).await;
    assert_eq!(view["moves"].as_array().unwrap().len(), 5);
    assert_eq!(
        view["status"]["seat"], 1,
        "still the bot's turn, on its clock"
    );

    // A draw offer, then the bot resigns: the game's stream ends with the result, the event
    // stream tells of the end, and the rated game is rated.
    let (status, offered) = bot
        .post(
            &format!("/api/bot/games/{game}/draw"),
            json!({"action": "offer"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{offered}");
    let (status, resigned) = bot
        .post(&format!("/api/bot/games/{game}/resign"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{resigned}");
    let last = loop {
        match stream.next().await {
            Some(line) => {
                if line["game"]["status"]["state"] == "over" {
                    break line;
                }
            }
            None => panic!("the game's stream ended before the result"),
        }
    };
    assert_eq!(last["game"]["status"]["winners"], json!([0]), "{last}");
    assert!(
        stream.next().await.is_none(),
        "the game's stream ends with the game"
    );
    let finished = events.next().await.unwrap();
    assert_eq!(finished, json!({"type": "game_finished", "game": game}));
    let (_, rated) = ann.get(&format!("/api/games/{game}")).await;
    let ratings = rated["ratings"]
        .as_array()
        .expect("a rated game shows its ratings");
    assert!(
        ratings[0]["after"].as_i64() > ratings[0]["before"].as_i64(),
        "{rated}"
    );
    let (_, robo) = ann.get("/api/players/robo").await;
    assert_eq!(robo["bot"], true, "{robo}");
    assert!(robo.to_string().contains("kauri"), "{robo}");
    let (_, person) = ann.get("/api/players/ann").await;
    assert_eq!(person["bot"], false, "{person}");
    let (status, listed) = ann.get("/api/bots").await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    assert_eq!(
        listed,
        json!({"bots": ["robo"]}),
        "bots are listed, people not"
    );
}

#[tokio::test]
async fn no_challenge_crosses_a_block_either_way() {
    let router = server(Limits::default(), "sqlite::memory:").await;
    let ann = Person::signed_up(&router, "ann").await;
    let (robo_account, _) = BotClient::new(&router, "robo").await;
    let challenge = || ann.post("/api/bots/robo/challenge", challenge_body("random", false));
    for (blocker, blocked) in [(&robo_account, "ann"), (&ann, "robo")] {
        let path = format!("/api/account/blocks/{blocked}");
        let (status, _, _) = blocker.request("PUT", &path, None).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (status, refused) = challenge().await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
        assert_eq!(refused["code"], "you-cannot-play-this-player");
        let (status, _, _) = blocker.request("DELETE", &path, None).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
    }
    let (status, made) = challenge().await;
    assert_eq!(status, StatusCode::OK, "{made}");
}

#[tokio::test]
async fn one_account_never_acts_for_another_and_the_limits_hold() {
    for database in databases("bot_bounds").await {
        bounds(&database).await;
    }
}

async fn bounds(database: &str) {
    let limits = Limits {
        challenges_per_person: 1,
        bot_streams: 1,
        ..Limits::default()
    };
    let router = server(limits, database).await;
    let ann = Person::signed_up(&router, "ann").await;
    let bea = Person::signed_up(&router, "bea").await;
    let (robo_owner, robo) = BotClient::new(&router, "robo").await;
    let (_, other) = BotClient::new(&router, "other").await;

    // A person gets no token; a bot's token is its own; none, or a wrong one, opens nothing.
    let (status, refused) = ann.post("/api/bot/token", json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    assert!(refused["error"].as_str().unwrap().contains("only bots"));
    let no_token = send(&router, "GET", "/api/bot/stream", None, None).await;
    assert_eq!(no_token.status, StatusCode::UNAUTHORIZED);
    let stranger = BotClient {
        router: router.clone(),
        token: "0123456789abcdef0123456789abcdef".into(),
    };
    assert_eq!(
        stranger.open("/api/bot/stream").await.0,
        StatusCode::UNAUTHORIZED
    );

    // Ann challenges robo; only one challenge waits at a time.
    let (status, challenge) = ann
        .post("/api/bots/robo/challenge", challenge_body("random", false))
        .await;
    assert_eq!(status, StatusCode::OK, "{challenge}");
    let id = challenge["id"].as_str().unwrap().to_string();
    let (status, refused) = ann
        .post("/api/bots/other/challenge", challenge_body("random", false))
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{refused}");
    let (status, _) = ann
        .post("/api/bots/ann/challenge", challenge_body("random", false))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "ann is no bot");
    // Another bot cannot answer robo's challenge, nor read it.
    let (status, _) = other
        .post(&format!("/api/bot/challenges/{id}/accept"), json!({}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = bea.get(&format!("/api/bot-challenges/{id}")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let (status, accepted) = robo
        .post(&format!("/api/bot/challenges/{id}/accept"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{accepted}");
    let game = accepted["game"].as_str().unwrap().to_string();

    // The other bot cannot move, resign, offer a draw or follow the stream in robo's game.
    let (_, view) = ann.get(&format!("/api/games/{game}")).await;
    let mv = view["legal"][0].as_str().unwrap();
    for (path, body) in [
        ("moves", json!({"move": mv})),
        ("resign", json!({})),
        ("draw", json!({"action": "offer"})),
    ] {
        let (status, refused) = other
            .post(&format!("/api/bot/games/{game}/{path}"), body)
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}: {refused}");
    }
    assert_eq!(
        other.open(&format!("/api/bot/games/{game}/stream")).await.0,
        StatusCode::FORBIDDEN
    );
    let (_, after) = ann.get(&format!("/api/games/{game}")).await;
    assert_eq!(after["moves"], json!([]));
    assert!(after["status"]["result"].is_null());

    // One stream per bot here: a second is refused while the first is open.
    let (status, first) = robo.open("/api/bot/stream").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        robo.open("/api/bot/stream").await.0,
        StatusCode::TOO_MANY_REQUESTS
    );
    drop(first);

    // An account that has played cannot become a bot.
    let (status, refused) = ann.post("/api/account/bot", json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(refused["error"].as_str().unwrap().contains("without games"));

    // A decline reaches the challenger with its reason.
    let (status, challenge) = bea
        .post("/api/bots/other/challenge", challenge_body("second", false))
        .await;
    assert_eq!(status, StatusCode::OK, "{challenge}");
    let id = challenge["id"].as_str().unwrap();
    let (status, declined) = other
        .post(
            &format!("/api/bot/challenges/{id}/decline"),
            json!({"reason": "I only play EinStein"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{declined}");
    let (_, read) = bea.get(&format!("/api/bot-challenges/{id}")).await;
    assert_eq!(read["challenge"]["status"], "declined");
    assert_eq!(read["challenge"]["reason"], "I only play EinStein");
    assert!(read.get("token").is_none());

    // A revoked token opens nothing.
    let (status, _, _) = robo_owner.request("DELETE", "/api/bot/token", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        robo.open("/api/bot/stream").await.0,
        StatusCode::UNAUTHORIZED
    );
}

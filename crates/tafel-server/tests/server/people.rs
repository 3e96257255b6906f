//! People (docs/accounts.md, "People"), in-process on SQLite and (with `TAFEL_TEST_POSTGRES`)
//! PostgreSQL: a person challenges another by name, who reads it, accepts (the game is made
//! with both seats) or declines (with a reason the challenger reads); the challenger cancels;
//! nobody else reads or answers it; the limits. Following: follow and unfollow, the cap, who
//! is online (a session seen in the last two minutes) and a game each followed player plays.

use std::time::Duration;

use axum::http::StatusCode;
use axum::Router;
use serde_json::{json, Value};
use tafel_server::domain::clock::Timeline;
use tafel_server::{Config, Limits};

use crate::person::Person;

async fn databases(test: &str) -> Vec<String> {
    let mut databases = vec!["sqlite::memory:".to_string()];
    databases.extend(tafel_testkit::postgres::test_database(test).await);
    databases
}

async fn server(database: &str, limits: Limits, timeline: Timeline) -> Router {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), database);
    config.limits = limits;
    config.timeline = timeline;
    tafel_server::app(&config).await.unwrap().0
}

/// A rated Kauri challenge with a five-minute clock, the challenger on `side`.
fn kauri(side: &str) -> Value {
    let clock = json!({"kind": "fischer", "initial_seconds": 300, "increment_seconds": 0});
    json!({"game": "kauri", "time_control": clock, "side": side, "rated": true})
}

async fn send(person: &Person, method: &str, path: &str, body: Option<Value>) -> StatusCode {
    person.request(method, path, body).await.0
}

#[tokio::test]
async fn a_person_challenges_another_who_accepts_or_declines() {
    for database in databases("people_challenges").await {
        challenges(&database).await;
    }
}

async fn challenges(database: &str) {
    let limits = Limits {
        challenges_per_person: 2,
        ..Limits::default()
    };
    let router = server(database, limits, Timeline::default()).await;
    let [ann, bob, cid] = [
        Person::signed_up(&router, "ann").await,
        Person::signed_up(&router, "Bob").await,
        Person::signed_up(&router, "cid").await,
    ];

    // Refused: oneself, nobody, a game of more than two, a rated game without a clock.
    let refused = |path: &'static str, body: Value| {
        let ann = &ann;
        async move { ann.post(path, body).await }
    };
    let (status, answer) = refused("/api/players/ann/challenge", kauri("first")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(answer["code"], "you-cannot-challenge-yourself");
    let (status, _) = refused("/api/players/nobody/challenge", kauri("first")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let four = json!({"game": "karls-race", "settings": {"players": "4"}});
    let (status, answer) = refused("/api/players/bob/challenge", four).await;
    assert_eq!(answer["code"], "challenges-are-to-two-player-games");
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let unclocked = json!({"game": "kauri", "rated": true});
    let (status, _) = refused("/api/players/bob/challenge", unclocked).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Ann challenges Bob (by his name in any case): both read it, Cid cannot.
    let (status, challenge) = ann.post("/api/players/bob/challenge", kauri("first")).await;
    assert_eq!(status, StatusCode::OK, "{challenge}");
    assert_eq!(
        (&challenge["challenger"], &challenge["challenged"]),
        (&json!("ann"), &json!("Bob"))
    );
    let id = challenge["id"].as_str().unwrap().to_string();
    let (_, waiting) = bob.get("/api/account/challenges").await;
    assert_eq!(waiting["received"][0]["id"], id.as_str(), "{waiting}");
    assert_eq!(waiting["sent"], json!([]));
    let (_, waiting) = ann.get("/api/account/challenges").await;
    assert_eq!(waiting["sent"][0]["id"], id.as_str(), "{waiting}");
    assert_eq!(waiting["received"], json!([]));
    let (_, waiting) = cid.get("/api/account/challenges").await;
    assert_eq!(waiting, json!({"received": [], "sent": []}));
    let path = format!("/api/account/challenges/{id}");
    assert_eq!(cid.get(&path).await.0, StatusCode::FORBIDDEN);
    let accept = format!("{path}/accept");
    assert_eq!(
        send(&cid, "POST", &accept, None).await,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        send(&ann, "POST", &accept, None).await,
        StatusCode::FORBIDDEN,
        "the challenger does not accept for the challenged"
    );
    let anonymous = Person::anonymous(&router);
    assert_eq!(anonymous.get(&path).await.0, StatusCode::UNAUTHORIZED);

    // Bob accepts: the game is made, Ann first as she asked, rated, with its clocks.
    let (status, accepted) = bob.post(&accept, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{accepted}");
    assert_eq!(accepted["seat"], 1);
    let game = accepted["game"].as_str().unwrap().to_string();
    assert_eq!(bob.post(&accept, json!({})).await.0, StatusCode::CONFLICT);
    let (_, read) = ann.get(&path).await;
    assert_eq!(read["challenge"]["status"], "accepted", "{read}");
    assert_eq!(read["challenge"]["game_id"], game.as_str());
    assert_eq!(read["seat"], 0);
    let (_, view) = ann.get(&format!("/api/games/{game}")).await;
    assert_eq!(view["seats"][0]["player"], "ann", "{view}");
    assert_eq!(view["seats"][1]["player"], "Bob");
    assert_eq!(view["rated"], true);
    // Each plays with the seat's token the challenge gave them.
    let token = read["token"].as_str().unwrap();
    let mv = view["legal"][0].as_str().unwrap();
    let moves = format!("/api/games/{game}/moves");
    let (status, answer) = ann.post(&moves, json!({"token": token, "move": mv})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (_, view) = bob.get(&format!("/api/games/{game}")).await;
    let mv = view["legal"][0].as_str().unwrap();
    let token = accepted["token"].as_str().unwrap();
    let (status, answer) = bob.post(&moves, json!({"token": token, "move": mv})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    // Declined with a reason; cancelled; the limit of challenges sent and waiting.
    let (_, second) = ann
        .post("/api/players/bob/challenge", kauri("random"))
        .await;
    let second = format!("/api/account/challenges/{}", second["id"].as_str().unwrap());
    let reason = json!({"reason": "after dinner"});
    let (status, declined) = bob.post(&format!("{second}/decline"), reason).await;
    assert_eq!(status, StatusCode::OK, "{declined}");
    let (_, read) = ann.get(&second).await;
    assert_eq!(read["challenge"]["status"], "declined");
    assert_eq!(read["challenge"]["reason"], "after dinner");
    assert!(read.get("token").is_none());
    for _ in 0..2 {
        let (status, _) = ann
            .post("/api/players/cid/challenge", kauri("second"))
            .await;
        assert_eq!(status, StatusCode::OK);
    }
    let (status, answer) = ann
        .post("/api/players/cid/challenge", kauri("second"))
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{answer}");
    let (_, waiting) = ann.get("/api/account/challenges").await;
    let third = waiting["sent"][0]["id"].as_str().unwrap().to_string();
    let third = format!("/api/account/challenges/{third}");
    assert_eq!(
        send(&cid, "DELETE", &third, None).await,
        StatusCode::FORBIDDEN,
        "only the challenger cancels"
    );
    assert_eq!(send(&ann, "DELETE", &third, None).await, StatusCode::OK);
    assert_eq!(
        cid.post(&format!("{third}/accept"), json!({})).await.0,
        StatusCode::CONFLICT,
        "a cancelled challenge is not accepted"
    );
    let (_, waiting) = cid.get("/api/account/challenges").await;
    assert_eq!(waiting["received"].as_array().unwrap().len(), 1);

    // A block keeps two players' challenges apart.
    assert_eq!(
        send(&cid, "PUT", "/api/account/blocks/bob", None).await,
        StatusCode::NO_CONTENT
    );
    let (status, _) = bob.post("/api/players/cid/challenge", kauri("first")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_player_follows_others_and_sees_who_is_online_and_playing() {
    for database in databases("people_follows").await {
        follows(&database).await;
    }
}

async fn follows(database: &str) {
    let timeline = Timeline::default();
    let limits = Limits {
        follows_per_account: 2,
        ..Limits::default()
    };
    let router = server(database, limits, timeline.clone()).await;
    let [ann, bob, cid, dan] = [
        Person::signed_up(&router, "ann").await,
        Person::signed_up(&router, "bob").await,
        Person::signed_up(&router, "cid").await,
        Person::signed_up(&router, "dan").await,
    ];
    let follow = |name: &str| format!("/api/account/following/{name}");
    assert_eq!(
        send(&ann, "PUT", &follow("ann"), None).await,
        StatusCode::CONFLICT
    );
    assert_eq!(
        send(&ann, "PUT", &follow("nobody"), None).await,
        StatusCode::NOT_FOUND
    );
    for name in ["bob", "Bob", "cid"] {
        assert_eq!(
            send(&ann, "PUT", &follow(name), None).await,
            StatusCode::NO_CONTENT,
            "{name}: following twice is following once"
        );
    }
    let (status, full, _) = ann.request("PUT", &follow("dan"), None).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{full}");

    // Both signed up just now: online. Three minutes later nobody has been seen; Bob comes
    // back and plays Dan.
    let listed = |players: &Value| -> Vec<(String, bool, bool)> {
        (players["players"].as_array().unwrap().iter())
            .map(|p| {
                let name = p["username"].as_str().unwrap().to_string();
                (name, p["online"] == true, p.get("playing").is_some())
            })
            .collect()
    };
    let (_, following) = ann.get("/api/account/following").await;
    assert_eq!(following["cap"], 2);
    let both = |online, playing| {
        vec![
            ("bob".to_string(), online, playing),
            ("cid".to_string(), online, false),
        ]
    };
    assert_eq!(listed(&following), both(true, false), "{following}");
    timeline.advance(Duration::from_secs(180));
    let (_, following) = ann.get("/api/account/following").await;
    assert_eq!(listed(&following), both(false, false), "{following}");
    let (_, challenge) = dan.post("/api/players/bob/challenge", kauri("first")).await;
    let id = challenge["id"].as_str().unwrap();
    let accept = format!("/api/account/challenges/{id}/accept");
    let (status, accepted) = bob.post(&accept, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{accepted}");
    let (_, following) = ann.get("/api/account/following").await;
    let players = following["players"].as_array().unwrap();
    assert_eq!(players[0]["online"], true, "{following}");
    assert_eq!(players[0]["playing"], accepted["game"]);
    assert_eq!(players[1]["online"], false);

    // Nobody else reads Ann's list; unfollowing.
    let (_, others) = cid.get("/api/account/following").await;
    assert_eq!(others["players"], json!([]));
    assert_eq!(
        send(&ann, "DELETE", &follow("bob"), None).await,
        StatusCode::NO_CONTENT
    );
    let (_, following) = ann.get("/api/account/following").await;
    assert_eq!(
        listed(&following),
        vec![("cid".to_string(), true, false)],
        "Cid asked for his own list just now: he is online"
    );
    let anonymous = Person::anonymous(&router);
    assert_eq!(
        anonymous.get("/api/account/following").await.0,
        StatusCode::UNAUTHORIZED
    );
}

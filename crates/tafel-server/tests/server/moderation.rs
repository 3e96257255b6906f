//! Moderation through the API, in-process on SQLite (docs/moderation.md): reports of a player,
//! a game and a chat line, with their limits, in the moderators' queue with the chat around
//! them; blocks that keep two players' chat and games apart; moderators only (the role given
//! as `tafel account role` gives it) warn, mute, rename, close and remove a tournament, each
//! action logged with who and why; a closed cheater's games in play resigned and rated wins of
//! the last 30 days refunded to the losers. (Seeks across a block: `seeks.rs`.)

use std::time::Duration;

use axum::http::StatusCode;
use axum::Router;
use serde_json::{json, Value};
use tafel_server::domain::clock::Timeline;
use tafel_server::domain::moderation::Role;
use tafel_server::play::moderation::set_role_of;
use tafel_server::store::Store;
use tafel_server::{Config, Limits};

use crate::person;

use person::{kauri_game, play_first_moves, Person};
use tafel_testkit::wait;

/// A server on a database file in `dir`, with `limits`, on `timeline`; and the database's URL.
async fn server(dir: &tempfile::TempDir, limits: Limits, timeline: Timeline) -> (Router, String) {
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), &url);
    config.limits = limits;
    config.timeline = timeline;
    (tafel_server::app(&config).await.unwrap().0, url)
}

/// Makes the account `name` a moderator, as `tafel account role NAME moderator` does.
async fn make_moderator(url: &str, name: &str) {
    let store = Store::open(url).await.unwrap();
    set_role_of(&store, name, Role::Moderator).await.unwrap();
}

/// `person` writes `text` in the players' room of game `id` (as the account that plays it).
async fn say(person: &Person, id: &str, text: &str) -> (StatusCode, Value) {
    let body = json!({"room": "players", "text": text});
    person.post(&format!("/api/games/{id}/chat"), body).await
}

/// The rating of the player `name` in their first game, as their page shows it.
async fn rating(router: &Router, name: &str) -> i64 {
    let (_, page) = Person::anonymous(router)
        .get(&format!("/api/players/{name}"))
        .await;
    page["ratings"][0]["rating"].as_i64().unwrap_or(0)
}

/// `moderator` does `action` to the player `name`.
async fn act(moderator: &Person, name: &str, action: Value) -> (StatusCode, Value) {
    (moderator.post(&format!("/api/moderation/players/{name}"), action)).await
}

#[tokio::test]
async fn reports_reach_the_moderators_queue_with_the_chat_around_them() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        open_reports_per_account: 2,
        ..Limits::default()
    };
    let (router, url) = server(&dir, limits, Timeline::default()).await;
    let ann = Person::signed_up(&router, "ann").await;
    let bob = Person::signed_up(&router, "bob").await;
    let judge = Person::signed_up(&router, "judge").await;
    let (id, _) = kauri_game(&ann, &bob, false).await;
    assert_eq!(say(&ann, &id, "good luck").await.0, StatusCode::CREATED);
    assert_eq!(
        say(&bob, &id, "you play like a fish").await.0,
        StatusCode::CREATED
    );

    // A chat line: it must be the player's; its room and number come together.
    let line = |seq: i64| json!({"player": "bob", "reason": "abuse", "game": id, "room": "players", "seq": seq});
    let (status, refused) = ann.post("/api/reports", line(1)).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (
            StatusCode::NOT_FOUND,
            Some("player-wrote-no-such-line-in-this-game")
        )
    );
    let half = json!({"player": "bob", "reason": "abuse", "game": id, "room": "players"});
    assert_eq!(
        ann.post("/api/reports", half).await.0,
        StatusCode::BAD_REQUEST
    );
    let (status, made) = ann.post("/api/reports", line(2)).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let (status, again) = ann.post("/api/reports", line(2)).await;
    assert_eq!(
        (status, again["code"].as_str()),
        (
            StatusCode::CONFLICT,
            Some("you-reported-this-player-already")
        )
    );
    let yourself = json!({"player": "ann", "reason": "other"});
    assert_eq!(
        ann.post("/api/reports", yourself).await.0,
        StatusCode::CONFLICT
    );
    let nobody = json!({"player": "nobody", "reason": "other"});
    assert_eq!(
        ann.post("/api/reports", nobody).await.0,
        StatusCode::NOT_FOUND
    );
    let spam = json!({"player": "bob", "reason": "spam"});
    assert_eq!(
        ann.post("/api/reports", spam).await.0,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let anonymous = Person::anonymous(&router);
    let unsigned = json!({"player": "bob", "reason": "abuse"});
    assert_eq!(
        anonymous.post("/api/reports", unsigned).await.0,
        StatusCode::UNAUTHORIZED
    );
    // A report of a player, then the limit of open reports.
    let name = json!({"player": "judge", "reason": "name", "details": "rude name"});
    assert_eq!(ann.post("/api/reports", name).await.0, StatusCode::CREATED);
    let game_report = json!({"player": "bob", "reason": "cheating", "game": id});
    let (status, full) = bob
        .post("/api/reports", json!({"player": "ann", "reason": "other"}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{full}");
    let carl = Person::signed_up(&router, "carl").await;
    let (status, _) = carl.post("/api/reports", game_report).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, full) = ann
        .post("/api/reports", json!({"player": "carl", "reason": "other"}))
        .await;
    assert_eq!(
        (status, full["code"].as_str()),
        (
            StatusCode::TOO_MANY_REQUESTS,
            Some("you-have-cap-reports-waiting")
        )
    );

    // Only moderators read the queue.
    let (status, refused) = judge.get("/api/moderation/reports").await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("only-moderators-may-do-this"))
    );
    assert_eq!(
        anonymous.get("/api/moderation/reports").await.0,
        StatusCode::UNAUTHORIZED
    );
    make_moderator(&url, "judge").await;
    let (_, me) = judge.get("/api/account").await;
    assert_eq!(me["moderator"], true);
    let (status, queue) = judge.get("/api/moderation/reports").await;
    assert_eq!(status, StatusCode::OK, "{queue}");
    let reports = queue["reports"].as_array().unwrap();
    let mut who: Vec<_> = (reports.iter())
        .map(|r| {
            (
                r["reporter"].as_str().unwrap(),
                r["player"].as_str().unwrap(),
            )
        })
        .collect();
    who.sort();
    let expected = [
        ("ann", "bob"),
        ("ann", "judge"),
        ("bob", "ann"),
        ("carl", "bob"),
    ];
    assert_eq!(who, expected);
    // Reports made in the same millisecond come in any order: each is found by who made it.
    let by = |reporter: &str, player: &str| {
        (reports.iter())
            .find(|r| r["reporter"] == reporter && r["player"] == player)
            .unwrap()
    };
    // The chat line: its room, the line marked, the player's lines marked.
    let context = &by("ann", "bob")["context"];
    let lines: Vec<_> = context
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["text"].as_str().unwrap(),
                l["by_player"] == true,
                l["reported"] == true,
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            ("good luck", false, false),
            ("you play like a fish", true, true)
        ]
    );
    assert_eq!(context[1]["name"], "bob");
    // The game: both rooms; the player: their latest lines.
    assert_eq!(by("carl", "bob")["context"].as_array().unwrap().len(), 2);
    assert_eq!(by("ann", "bob")["details"], "");
    assert_eq!(by("ann", "judge")["details"], "rude name");
    let ann_lines = by("bob", "ann")["context"].as_array().unwrap();
    assert_eq!(ann_lines.len(), 1);
    assert_eq!(ann_lines[0]["text"], "good luck");

    // A report dismissed leaves the queue, and its reporter may report again.
    let report = by("bob", "ann")["id"].as_str().unwrap();
    let path = format!("/api/moderation/reports/{report}/dismiss");
    let (status, entry) = judge.post(&path, json!({"reason": "nothing wrong"})).await;
    assert_eq!(status, StatusCode::OK, "{entry}");
    assert_eq!(
        (
            entry["action"].as_str(),
            entry["moderator"].as_str(),
            entry["player"].as_str()
        ),
        (Some("dismiss"), Some("judge"), Some("ann"))
    );
    assert_eq!(
        judge.post(&path, json!({"reason": "again"})).await.0,
        StatusCode::NOT_FOUND
    );
    let (_, queue) = judge.get("/api/moderation/reports").await;
    assert_eq!(queue["reports"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn a_block_keeps_two_players_chat_and_games_apart() {
    let dir = tempfile::tempdir().unwrap();
    let (router, _) = server(&dir, Limits::default(), Timeline::default()).await;
    let ann = Person::signed_up(&router, "ann").await;
    let bob = Person::signed_up(&router, "bob").await;
    let (id, _) = kauri_game(&ann, &bob, false).await;
    assert_eq!(say(&bob, &id, "hello").await.0, StatusCode::CREATED);

    let (status, _, _) = ann.request("PUT", "/api/account/blocks/bob", None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _, _) = ann.request("PUT", "/api/account/blocks/bob", None).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "twice is once");
    let (status, _, _) = ann.request("PUT", "/api/account/blocks/ann", None).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _, _) = ann.request("PUT", "/api/account/blocks/nobody", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, blocked) = ann.get("/api/account/blocks").await;
    assert_eq!(blocked, json!({"blocked": ["bob"]}));
    // Bob's words reach Ann no more: his old line is left out of her chat, a new one refused.
    let (_, chat) = ann.get(&format!("/api/games/{id}/chat")).await;
    assert_eq!(chat["players"], json!([]), "{chat}");
    let (_, chat) = bob.get(&format!("/api/games/{id}/chat")).await;
    assert_eq!(chat["players"].as_array().unwrap().len(), 1, "{chat}");
    let (status, refused) = say(&bob, &id, "hello?").await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (
            StatusCode::FORBIDDEN,
            Some("this-player-takes-no-messages-from")
        )
    );
    // No game between them: neither joins the other's.
    for (host, guest) in [(&ann, &bob), (&bob, &ann)] {
        let (status, created) = host
            .post(
                "/api/games",
                json!({"game": "kauri", "seats": [{"kind": "local"}, {"kind": "invite"}]}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{created}");
        let (game, invite) = (
            created["id"].as_str().unwrap(),
            created["seats"][1]["invite"].as_str().unwrap(),
        );
        let (status, refused) = guest
            .post(
                &format!("/api/games/{game}/join"),
                json!({"invite": invite}),
            )
            .await;
        assert_eq!(
            (status, refused["code"].as_str()),
            (StatusCode::FORBIDDEN, Some("you-cannot-play-this-player"))
        );
    }
    // Unblocked, they play again.
    let (status, _, _) = ann.request("DELETE", "/api/account/blocks/bob", None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    kauri_game(&bob, &ann, false).await;
    assert_eq!(say(&bob, &id, "sorry").await.0, StatusCode::CREATED);
}

#[tokio::test]
async fn a_moderator_warns_mutes_and_renames_and_the_player_reads_it() {
    let dir = tempfile::tempdir().unwrap();
    let timeline = Timeline::default();
    let (router, url) = server(&dir, Limits::default(), timeline.clone()).await;
    let ann = Person::signed_up(&router, "ann").await;
    let bob = Person::signed_up(&router, "bob").await;
    let judge = Person::signed_up(&router, "judge").await;
    let (id, _) = kauri_game(&ann, &bob, false).await;
    let warn = json!({"action": "warn", "reason": "mind your words"});
    let (status, refused) = act(&ann, "bob", warn.clone()).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("only-moderators-may-do-this"))
    );
    make_moderator(&url, "judge").await;
    assert_eq!(
        act(&judge, "judge", warn.clone()).await.0,
        StatusCode::CONFLICT,
        "not on oneself"
    );
    assert_eq!(
        act(&judge, "bob", json!({"action": "warn", "reason": " "}))
            .await
            .0,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(act(&judge, "bob", warn).await.0, StatusCode::OK);

    let mute = |minutes: u32| json!({"action": "mute", "minutes": minutes, "reason": "insults"});
    assert_eq!(act(&judge, "bob", mute(0)).await.0, StatusCode::BAD_REQUEST);
    assert_eq!(
        act(&judge, "bob", mute(43_201)).await.0,
        StatusCode::BAD_REQUEST
    );
    let (status, entry) = act(&judge, "bob", mute(10)).await;
    assert_eq!(
        (status, entry["detail"].as_str()),
        (StatusCode::OK, Some("10 min"))
    );
    let (status, refused) = say(&bob, &id, "still here").await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("you-are-muted-until"))
    );
    // Nor in a tournament's chat, which he has entered.
    let clock = json!({"kind": "fischer", "initial_seconds": 60, "increment_seconds": 0});
    let (status, created) = ann
        .post(
            "/api/tournaments",
            json!({"name": "Cup", "game": "kauri", "time_control": clock, "kind": "round_robin",
                   "starts_ms": timeline.now_ms() + 600_000}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let cup = created["id"].as_str().unwrap();
    let (status, _) = bob
        .post(&format!("/api/tournaments/{cup}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, refused) = bob
        .post(
            &format!("/api/tournaments/{cup}/chat"),
            json!({"text": "still here"}),
        )
        .await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("you-are-muted-until"))
    );
    let (_, notices) = bob.get("/api/account/notices").await;
    let actions: Vec<_> = notices["notices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            (
                n["action"].as_str().unwrap(),
                n["reason"].as_str().unwrap(),
                n["moderator"].is_null(),
            )
        })
        .collect();
    assert_eq!(
        actions,
        [("mute", "insults", true), ("warn", "mind your words", true)]
    );
    assert!(notices["muted_until"].is_string(), "{notices}");
    timeline.advance(Duration::from_secs(601));
    assert_eq!(
        say(&bob, &id, "back").await.0,
        StatusCode::CREATED,
        "the mute is over"
    );
    let (_, notices) = bob.get("/api/account/notices").await;
    assert!(notices["muted_until"].is_null());

    // A rename: checked as at sign-up; the old name is never anyone's again.
    let rename = |name: &str| json!({"action": "rename", "username": name, "reason": "offensive"});
    assert_eq!(
        act(&judge, "bob", rename("ann")).await.0,
        StatusCode::CONFLICT
    );
    assert_eq!(
        act(&judge, "bob", rename("tafel_admin")).await.0,
        StatusCode::BAD_REQUEST
    );
    let (status, entry) = act(&judge, "bob", rename("Robert")).await;
    assert_eq!(
        (status, entry["detail"].as_str()),
        (StatusCode::OK, Some("bob → Robert"))
    );
    let (_, me) = bob.get("/api/account").await;
    assert_eq!(
        me["username"], "Robert",
        "still signed in, under the new name"
    );
    assert_eq!(ann.get("/api/players/bob").await.0, StatusCode::NOT_FOUND);
    for name in ["bob", "B0b"] {
        let body = json!({"username": name, "password": "correct horse battery"});
        let (status, _, _) = Person::anonymous(&router)
            .request("POST", "/api/account", Some(body))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{name}");
    }
    let view = wait::until(Duration::from_secs(5), "the seat renamed", || async {
        let (_, view) = ann.get(&format!("/api/games/{id}")).await;
        if view["seats"][1]["player"] == "Robert" {
            Ok(view)
        } else {
            Err(view)
        }
    })
    .await;
    assert_eq!(view["seats"][0]["player"], "ann");

    let (_, log) = judge.get("/api/moderation/log").await;
    let entries: Vec<_> = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["action"].as_str().unwrap(),
                e["moderator"].as_str().unwrap(),
                e["reason"].as_str().unwrap(),
            )
        })
        .collect();
    let mut expected = vec![
        ("warn", "judge", "mind your words"),
        ("mute", "judge", "insults"),
        ("rename", "judge", "offensive"),
    ];
    expected.sort();
    let mut logged = entries.clone();
    logged.sort();
    assert_eq!(logged, expected);
    assert_eq!(
        ann.get("/api/moderation/log").await.0,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn a_closed_cheater_signs_in_no_more_and_the_rated_wins_go_back() {
    let dir = tempfile::tempdir().unwrap();
    let (router, url) = server(&dir, Limits::default(), Timeline::default()).await;
    let ann = Person::signed_up(&router, "ann").await;
    let bob = Person::signed_up(&router, "bob").await;
    let cid = Person::signed_up(&router, "cid").await;
    let judge = Person::signed_up(&router, "judge").await;
    make_moderator(&url, "judge").await;
    // Bob beats Ann in a rated game, and is in the middle of one with Cid.
    let (won, tokens) = kauri_game(&bob, &ann, true).await;
    play_first_moves(&bob, &won, &tokens, 2).await;
    let (status, answer) = ann
        .post(
            &format!("/api/games/{won}/resign"),
            json!({"token": tokens[1]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let lost = rating(&router, "ann").await;
    assert!(lost < 1500, "{lost}");
    let (playing, tokens) = kauri_game(&cid, &bob, true).await;
    play_first_moves(&cid, &playing, &tokens, 2).await;

    let close = json!({"action": "close", "refund": true, "reason": "engine help"});
    let (status, entry) = act(&judge, "bob", close.clone()).await;
    assert_eq!(status, StatusCode::OK, "{entry}");
    assert_eq!(entry["detail"], "1 resigned, 1 refunded");
    assert_eq!(
        act(&judge, "bob", close).await.0,
        StatusCode::CONFLICT,
        "closed already"
    );
    // Bob's game in play is Cid's win; Ann has her points back.
    let (_, view) = cid.get(&format!("/api/games/{playing}")).await;
    assert_eq!(view["status"]["state"], "over", "{view}");
    assert_eq!(view["status"]["termination"], "resignation", "{view}");
    let back = rating(&router, "ann").await;
    assert_eq!(back, 1500, "the points lost to a cheater come back");
    // Bob is signed out and signs in no more; his page says so.
    assert_eq!(bob.get("/api/account").await.0, StatusCode::UNAUTHORIZED);
    let anonymous = Person::anonymous(&router);
    let right = json!({"username": "bob", "password": "correct horse battery"});
    let (status, refused, _) = anonymous.request("POST", "/api/session", Some(right)).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("this-account-is-closed"))
    );
    let wrong = json!({"username": "bob", "password": "not the password at all"});
    let (status, _, _) = anonymous.request("POST", "/api/session", Some(wrong)).await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "the closing is told only to who knows the password"
    );
    let (_, page) = anonymous.get("/api/players/bob").await;
    assert_eq!(page["closed"], true);
}

#[tokio::test]
async fn a_moderator_removes_a_tournament_once() {
    let dir = tempfile::tempdir().unwrap();
    let timeline = Timeline::default();
    let (router, url) = server(&dir, Limits::default(), timeline.clone()).await;
    let ann = Person::signed_up(&router, "ann").await;
    let judge = Person::signed_up(&router, "judge").await;
    make_moderator(&url, "judge").await;
    let starts = timeline.now_ms() + 3_600_000;
    let (status, created) = ann
        .post(
            "/api/tournaments",
            json!({"name": "Rude night", "game": "kauri", "starts_ms": starts, "kind": "round_robin",
            "time_control": {"kind": "fischer", "initial_seconds": 300, "increment_seconds": 0}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap();
    let path = format!("/api/moderation/tournaments/{id}/remove");
    assert_eq!(
        ann.post(&path, json!({"reason": "x"})).await.0,
        StatusCode::FORBIDDEN
    );
    let (status, entry) = judge.post(&path, json!({"reason": "offensive name"})).await;
    assert_eq!(
        (status, entry["tournament"].as_str()),
        (StatusCode::OK, Some(id))
    );
    assert_eq!(
        judge.post(&path, json!({"reason": "again"})).await.0,
        StatusCode::NOT_FOUND
    );
    let (_, shown) = ann.get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(shown["state"], "removed", "{shown}");
    let (_, lists) = ann.get("/api/tournaments").await;
    assert!(!lists.to_string().contains(id), "{lists}");
}

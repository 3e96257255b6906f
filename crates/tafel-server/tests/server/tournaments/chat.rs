//! A tournament's chat through the API: its entrants and its organiser write, a stranger and
//! someone signed out do not; everyone reads it, all of it or after the last message read;
//! bad messages and the cap refused with their reasons (on PostgreSQL too when
//! `TAFEL_TEST_POSTGRES` is set); a line reported, and read by the moderators beside its chat.
//! A muted account: `moderation`.

use super::*;

/// `person` writes `text` in tournament `id`'s chat; the answer.
async fn say(person: &Person, id: &str, text: &str) -> (StatusCode, Value) {
    person
        .post(
            &format!("/api/tournaments/{id}/chat"),
            json!({"text": text}),
        )
        .await
}

/// The texts of a chat's answer, with their authors.
fn lines(chat: &Value) -> Vec<(String, String)> {
    chat["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["username"].as_str().unwrap().to_string(),
                m["text"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_tournament_s_chat_is_written_by_its_players_and_organiser_and_read_by_all() {
    let limits = Limits {
        chat_messages_per_room: 3,
        ..Limits::default()
    };
    let (router, hub) = server(&super::byes::database("tournament_chat").await, limits).await;
    let organiser = Person::signed_up(&router, "tcorg").await;
    let players = players(&router, "tc", 2).await;
    let stranger = Person::signed_up(&router, "tcstranger").await;
    let id = organise(&hub, &organiser, json!({})).await;
    enter(&hub, &players, &id).await;

    let (status, written) = say(&players[0], &id, "good luck all").await;
    assert_eq!(status, StatusCode::CREATED, "{written}");
    assert_eq!(lines(&written), [("tc0".into(), "good luck all".into())]);
    assert_eq!(written["messages"][0]["seq"], 1);
    assert_eq!(
        say(&organiser, &id, "round 1 at eight").await.0,
        StatusCode::CREATED
    );
    let (status, refused) = say(&stranger, &id, "hello").await;
    assert_eq!(
        (status, refused["error"].as_str()),
        (
            StatusCode::FORBIDDEN,
            Some("a tournament's chat is written by its players and its organiser: enter to write")
        )
    );
    let anonymous = Person::anonymous(&router);
    assert_eq!(say(&anonymous, &id, "hi").await.0, StatusCode::UNAUTHORIZED);
    let (status, empty) = say(&players[1], &id, "  ").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{empty}");
    let long = "x".repeat(141);
    assert_eq!(
        say(&players[1], &id, &long).await.0,
        StatusCode::BAD_REQUEST
    );

    // Read by anyone, signed in or not; after a number, only what came since.
    let all = read(&anonymous, &format!("/api/tournaments/{id}/chat")).await;
    assert_eq!(
        lines(&all),
        [
            ("tc0".into(), "good luck all".into()),
            ("tcorg".into(), "round 1 at eight".into())
        ]
    );
    let since = read(&stranger, &format!("/api/tournaments/{id}/chat?after=1")).await;
    assert_eq!(lines(&since), [("tcorg".into(), "round 1 at eight".into())]);

    // The cap (3 here): the fourth message is refused.
    assert_eq!(say(&players[1], &id, "thanks").await.0, StatusCode::CREATED);
    let (status, full) = say(&players[1], &id, "one more").await;
    assert_eq!(
        (status, full["error"].as_str()),
        (
            StatusCode::CONFLICT,
            Some("this tournament's chat holds 3 messages, as many as it may")
        )
    );
    let (status, none) = anonymous.get("/api/tournaments/nosuchthing1/chat").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{none}");
}

#[tokio::test]
async fn a_line_of_a_tournament_s_chat_is_reported_and_read_by_the_moderators_in_place() {
    let (router, hub) = server("sqlite::memory:", Limits::default()).await;
    let organiser = Person::signed_up(&router, "trorg").await;
    let players = players(&router, "tr", 2).await;
    let judge = Person::signed_up(&router, "trjudge").await;
    tafel_server::play::moderation::set_role_of(
        hub.store(),
        "trjudge",
        tafel_server::domain::moderation::Role::Moderator,
    )
    .await
    .unwrap();
    let id = organise(&hub, &organiser, json!({})).await;
    enter(&hub, &players, &id).await;
    assert_eq!(say(&players[0], &id, "hello").await.0, StatusCode::CREATED);
    assert_eq!(
        say(&players[1], &id, "you stink").await.0,
        StatusCode::CREATED
    );
    assert_eq!(say(&organiser, &id, "be kind").await.0, StatusCode::CREATED);
    let report = |player: &str, body: Value| {
        let mut report = json!({"player": player, "reason": "abuse", "details": "rude"});
        for (key, value) in body.as_object().unwrap() {
            report[key] = value.clone();
        }
        players[0].post("/api/reports", report)
    };
    // Line 2 is tr1's; line 3 is the organiser's; line 9 is nobody's.
    for (player, seq) in [("tr1", 3), ("tr1", 9)] {
        let (status, refused) = report(player, json!({"tournament": id, "seq": seq})).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{refused}");
        assert_eq!(
            refused["code"],
            "player-wrote-no-such-line-in-this-tournament"
        );
    }
    for bad in [
        json!({"tournament": id}),
        json!({"tournament": id, "seq": 2, "room": "players"}),
        json!({"tournament": id, "seq": 2, "game": "abcdefabcdef"}),
    ] {
        let (status, refused) = report("tr1", bad).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
        assert_eq!(refused["code"], "a-tournament-chat-line-is-reported-with");
    }
    let (status, made) = report("tr1", json!({"tournament": id, "seq": 2})).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");

    // The moderators read the tournament's chat beside it, the reported line marked and the
    // reported player's lines highlighted.
    let (status, queue) = judge.get("/api/moderation/reports").await;
    assert_eq!(status, StatusCode::OK, "{queue}");
    let queued = &queue["reports"][0];
    assert_eq!(
        (
            &queued["player"],
            &queued["tournament"],
            &queued["room"],
            &queued["seq"]
        ),
        (&json!("tr1"), &json!(id), &json!("tournament"), &json!(2))
    );
    let context: Vec<(String, bool, bool)> = queued["context"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            assert_eq!(
                (&l["tournament"], &l["room"]),
                (&json!(id), &json!("tournament"))
            );
            (
                l["text"].as_str().unwrap().to_string(),
                l["by_player"].as_bool().unwrap(),
                l["reported"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        context,
        [
            ("hello".to_string(), false, false),
            ("you stink".to_string(), true, true),
            ("be kind".to_string(), false, false),
        ]
    );
}

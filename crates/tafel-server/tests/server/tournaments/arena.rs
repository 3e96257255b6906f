//! Arenas through the API: players paired again as soon as they are free, streaks doubled,
//! berserk (its refusals, the clock halved, the point on a long win), a quick draw scoring
//! nothing, the end of the time (the game under way played out and counted, nothing paired
//! after), a restart in the middle, and two instances pairing each wave once.
//!
//! The end of an Arena's time (5 minutes at least) is brought forward by moving its start back
//! in the database, as the passing of the time would.

use super::*;

/// An Arena of `game` with `settings` and the fields of `extra` on `hub`, 5 minutes long,
/// starting when [`begin`] says; its id.
async fn organise_arena(hub: &Hub, organiser: &Person, extra: Value) -> String {
    let mut fields = json!({"kind": "arena", "minutes": 5});
    for (key, value) in extra.as_object().unwrap() {
        fields[key] = value.clone();
    }
    organise(hub, organiser, fields).await
}

/// Moves the start (and so the end) of tournament `id` on database `db` back by five minutes:
/// its time is up.
async fn end_the_time(db: &str, id: &str) {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(db).await.unwrap();
    sqlx::query(&format!(
        "UPDATE tournaments SET starts_ms = starts_ms - 300000 WHERE id = '{id}'"
    ))
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
}

/// The boards of `view` under way, as (first, second, game).
fn under_way(view: &Value) -> Vec<(String, String, String)> {
    view["in_play"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            let text = |key: &str| b[key].as_str().unwrap().to_string();
            (text("first"), text("second"), text("game_id"))
        })
        .collect()
}

/// The standing of `username` in `view`.
fn standing<'a>(view: &'a Value, username: &str) -> &'a Value {
    view["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["username"] == username)
        .unwrap()
}

/// The points of each game on `username`'s score sheet in `view`, a doubled game marked `x2`
/// and a berserk point `+b`.
fn sheet(view: &Value, username: &str) -> Vec<String> {
    standing(view, username)["sheet"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let mut mark = m["points"].to_string();
            if m["doubled"] == true {
                mark.push_str("x2");
            }
            if m["berserk"] == true {
                mark.push_str("+b");
            }
            mark
        })
        .collect()
}

/// Every player of `view` is in one game under way at most, and every game of its pairings
/// is a different game.
fn check_each_player_once(view: &Value) {
    let mut playing = std::collections::BTreeSet::new();
    for (first, second, _) in under_way(view) {
        assert!(playing.insert(first), "{:#}", view["in_play"]);
        assert!(playing.insert(second), "{:#}", view["in_play"]);
    }
    let mut games = std::collections::BTreeSet::new();
    for round in view["pairings"].as_array().unwrap() {
        for b in round["boards"].as_array().unwrap() {
            assert!(games.insert(b["game_id"].as_str().unwrap().to_string()));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_pairs_free_players_at_once_doubles_streaks_and_ends_on_time() {
    let (_dir, db, router, hub) = on_disk().await;
    let organiser = Person::signed_up(&router, "arorg").await;
    let players = players(&router, "ar", 4).await;
    let id = organise_arena(&hub, &organiser, json!({})).await;
    enter(&hub, &players, &id).await;
    begin(&hub);
    let listed = view_of(&players[0], &id).await;
    assert_eq!(listed["kind"], "arena");
    assert_eq!(listed["minutes"], 5);
    assert_eq!(
        listed["ends_ms"].as_i64().unwrap() - listed["starts_ms"].as_i64().unwrap(),
        300_000
    );
    let first_wave = until(&players[0], &id, |v| {
        v["in_play"].as_array().unwrap().len() == 2
    })
    .await;
    assert_eq!(first_wave["state"], "running");
    // ar0 plays its board three times running, winning each (with ar1, the other player
    // free when it ends): paired again while the other board goes on.
    let (_, _, other_game) = under_way(&first_wave)
        .into_iter()
        .find(|(first, second, _)| first != "ar0" && second != "ar0")
        .unwrap();
    for won in 1..=3 {
        let now = until(&players[0], &id, |v| {
            v["your_game"].is_string()
                && standing(v, "ar0")["sheet"].as_array().unwrap().len() == won - 1
        })
        .await;
        let (first, second, game) = under_way(&now)
            .into_iter()
            .find(|(first, second, _)| first == "ar0" || second == "ar0")
            .unwrap();
        assert_eq!(now["your_game"], game.as_str());
        assert!(under_way(&now).iter().any(|(_, _, g)| *g == other_game));
        let (a, p) = named(&players, "ar", &first);
        let (b, q) = named(&players, "ar", &second);
        decide(p, q, &game, a < b).await;
        check_each_player_once(&now);
    }
    let table = until(&players[0], &id, |v| {
        standing(v, "ar0")["sheet"].as_array().unwrap().len() == 3
    })
    .await;
    // Two wins, then a third on fire: doubled.
    assert_eq!(sheet(&table, "ar0"), vec!["2", "2", "4x2"]);
    assert_eq!(standing(&table, "ar0")["points"], 8.0);
    assert_eq!(standing(&table, "ar0")["on_fire"], true);
    assert_eq!(table["standings"][0]["username"], "ar0");
    assert_eq!(sheet(&table, "ar1"), vec!["0", "0", "0"]);

    // A restart in the middle: the pairings, the standings and the games under way stay.
    let before = until(&players[0], &id, |v| {
        v["in_play"].as_array().unwrap().len() == 2
    })
    .await;
    let (router, hub, players) = restart(&db, hub, router, players, Duration::from_secs(1)).await;
    let after = view_of(&players[0], &id).await;
    for key in ["pairings", "standings", "in_play", "round", "state"] {
        assert_eq!(after[key], before[key], "{key}");
    }

    // The time is up while both games are under way: they are played out and count, and
    // nobody is paired again. The director reads the Arena afresh at each look (its tick, a
    // game's end), so the ends of these games are looked at with the time up.
    end_the_time(&db, &id).await;
    let round = view_of(&players[0], &id).await["round"].clone();
    assert_eq!(round, before["round"]);
    for (first, second, game) in under_way(&before) {
        let (a, p) = named(&players, "ar", &first);
        let (b, q) = named(&players, "ar", &second);
        decide(p, q, &game, a < b).await;
    }
    let end = until(&players[0], &id, |v| v["state"] == "finished").await;
    assert_eq!(end["round"], round);
    assert!(end["in_play"].as_array().unwrap().is_empty());
    let games: usize = end["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["games"].as_u64().unwrap() as usize)
        .sum();
    let boards: usize = end["pairings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["boards"].as_array().unwrap().len())
        .sum();
    assert_eq!(
        games,
        2 * boards,
        "every game paired was played and counted"
    );
    drop((router, hub));
}

/// Whether `view` has a game under way between `a` and `b`.
fn playing(view: &Value, a: &str, b: &str) -> bool {
    under_way(view)
        .iter()
        .any(|(first, second, _)| [first, second] == [a, b] || [first, second] == [b, a])
}

/// `person` asks to enter tournament `id`.
async fn join(person: &Person, id: &str) -> (StatusCode, Value) {
    person
        .post(&format!("/api/tournaments/{id}/join"), json!({}))
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_takes_late_entrants_and_players_back_until_its_end() {
    let (_dir, db, router, hub) = on_disk().await;
    let organiser = Person::signed_up(&router, "ltorg").await;
    let players = players(&router, "lt", 4).await;
    let id = organise_arena(&hub, &organiser, json!({})).await;
    enter(&hub, &players[..2], &id).await;
    begin(&hub);
    until(&players[0], &id, |v| playing(v, "lt0", "lt1")).await;

    // Two players enter while the Arena runs: numbered after the first two, and paired
    // together as soon as both are free.
    for late in &players[2..] {
        let (status, view) = join(late, &id).await;
        assert_eq!(status, StatusCode::OK, "{view}");
        assert_eq!(view["entered"], true);
    }
    let both = until(&players[0], &id, |v| playing(v, "lt2", "lt3")).await;
    assert!(playing(&both, "lt0", "lt1"), "{:#}", both["in_play"]);
    let names: Vec<&str> = both["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["lt0", "lt1", "lt2", "lt3"]);
    assert_eq!(both["entrants"], 4);
    let (status, answer) = join(&players[2], &id).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert!(answer["error"]
        .as_str()
        .unwrap()
        .contains("entered this tournament already"));

    // lt2 withdraws, which in an Arena is a pause: its game in play goes on, played out (lt3
    // resigns it), and lt2 is not paired again until it comes back, then with the one
    // player free.
    let (status, answer) = players[2]
        .post(&format!("/api/tournaments/{id}/withdraw"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (_, paused) = players[0].get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(standing(&paused, "lt2")["withdrawn"], true);
    let game = under_way(&paused)
        .into_iter()
        .find(|(first, second, _)| [first, second].contains(&&"lt2".to_string()))
        .expect("the paused player's game goes on")
        .2;
    let (_, view) = players[3].get(&format!("/api/games/{game}")).await;
    assert_eq!(view["status"]["state"], "to_move", "{view:#}");
    let (status, answer) = players[3]
        .post(
            &format!("/api/games/{game}/resign"),
            json!({"token": token(&players[3], &game).await}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let away = until(&players[0], &id, |v| standing(v, "lt2")["games"] == 1).await;
    assert_eq!(
        standing(&away, "lt2")["points"],
        2.0,
        "the win of a paused player counts"
    );
    assert!(!playing(&away, "lt2", "lt3"), "{:#}", away["in_play"]);
    let (status, back) = join(&players[2], &id).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(back["entered"], true);
    let again = until(&players[0], &id, |v| playing(v, "lt2", "lt3")).await;
    assert_eq!(standing(&again, "lt2")["withdrawn"], false);
    assert_eq!(again["entrants"], 4);
    check_each_player_once(&again);

    // Once the time is up, nobody enters and nobody comes back.
    let (status, answer) = players[2]
        .post(&format!("/api/tournaments/{id}/withdraw"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    end_the_time(&db, &id).await;
    let latest = Person::signed_up(&router, "ltlate").await;
    for person in [&latest, &players[2]] {
        let (status, answer) = join(person, &id).await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
        assert!(
            answer["error"].as_str().unwrap().contains("have closed"),
            "{answer}"
        );
    }
}

/// Plays the first legal move in game `game` for whichever of `seated` (seat 0, seat 1) is to
/// move; the seat that moved. The game may be listed a moment before it is made: `token`
/// waits for it.
async fn play_any(seated: [&Person; 2], game: &str) -> usize {
    token(seated[0], game).await;
    let (_, view) = seated[0].get(&format!("/api/games/{game}")).await;
    assert_eq!(view["status"]["state"], "to_move", "{view:#}");
    let seat = view["status"]["seat"].as_u64().unwrap() as usize;
    let mv = view["legal"][0].as_str().unwrap().to_string();
    play(seated[seat], game, &mv).await;
    seat
}

/// The players of `game` of `view` as (seat 0, seat 1) of `players`.
fn seats<'a>(players: &'a [Person], view: &Value) -> (&'a Person, &'a Person, String) {
    let (first, second, game) = under_way(view).remove(0);
    let (_, p) = named(players, "bz", &first);
    let (_, q) = named(players, "bz", &second);
    (p, q, game)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn berserk_halves_the_clock_scores_a_point_on_a_long_win_and_is_refused_otherwise() {
    let (_dir, _db, router, hub) = on_disk().await;
    let organiser = Person::signed_up(&router, "bzorg").await;
    let players = players(&router, "bz", 2).await;
    let id = organise_arena(
        &hub,
        &organiser,
        json!({"game": "kauri", "settings": {},
               "time_control": {"kind": "fischer", "initial_seconds": 60, "increment_seconds": 5}}),
    )
    .await;
    enter(&hub, &players, &id).await;
    begin(&hub);
    let paired = until(&players[0], &id, |v| {
        v["in_play"].as_array().unwrap().len() == 1
    })
    .await;
    let (first, second, game) = seats(&players, &paired);
    let refused = |status: StatusCode, answer: &Value, expected: StatusCode, reason: &str| {
        assert_eq!(status, expected, "{answer}");
        assert!(
            answer["error"].as_str().unwrap().contains(reason),
            "{answer}"
        );
    };
    // Nobody but a seat's holder (once the game is made: the seat's token is there).
    let second_token = token(second, &game).await;
    let stranger = Person::anonymous(&router);
    let (status, answer) = berserk(&stranger, &game, "A".repeat(32)).await;
    assert!(status == StatusCode::FORBIDDEN, "{status} {answer}");
    // The second player goes berserk before its first move: half of 60 s, seen by everyone.
    let (status, answer) = berserk(second, &game, second_token).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["clock"]["remaining_ms"][1], 30_000);
    let (_, watched) = stranger.get(&format!("/api/games/{game}")).await;
    assert_eq!(watched["clock"]["berserk"], json!([false, true]));
    let (status, answer) = berserk(second, &game, token(second, &game).await).await;
    refused(status, &answer, StatusCode::CONFLICT, "berserk already");
    // The first player moves, and may no longer.
    assert_eq!(play_any([first, second], &game).await, 0);
    let (status, answer) = berserk(first, &game, token(first, &game).await).await;
    refused(
        status,
        &answer,
        StatusCode::CONFLICT,
        "before your first move",
    );
    // 14 moves, then the first player resigns: a berserk win of 14 moves, 2 + 1.
    for _ in 1..14 {
        if play_any([first, second], &game).await == 1 {
            // The berserk player's moves gain no increment.
            let (_, watched) = stranger.get(&format!("/api/games/{game}")).await;
            assert!(watched["clock"]["remaining_ms"][1].as_i64().unwrap() <= 30_000);
        }
    }
    let (_, watched) = stranger.get(&format!("/api/games/{game}")).await;
    assert_eq!(watched["status"]["state"], "to_move", "{watched:#}");
    let (status, answer) = first
        .post(
            &format!("/api/games/{game}/resign"),
            json!({"token": token(first, &game).await}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let winner = second_name(&paired);
    let again = until(&players[0], &id, |v| {
        v["in_play"].as_array().unwrap().len() == 1 && standing(v, &winner)["games"] == 1
    })
    .await;
    assert_eq!(sheet(&again, &winner), vec!["3+b"]);

    // The two meet again (nobody else is free); a draw agreed at once scores nothing.
    let (first, second, game) = seats(&players, &again);
    play_any([first, second], &game).await;
    for (person, action) in [(first, "offer"), (second, "accept")] {
        let (status, answer) = person
            .post(
                &format!("/api/games/{game}/draw"),
                json!({"token": token(person, &game).await, "action": action}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
    let drawn = until(&players[0], &id, |v| standing(v, &winner)["games"] == 2).await;
    assert_eq!(sheet(&drawn, "bz0")[1], "0");
    assert_eq!(sheet(&drawn, "bz1")[1], "0");

    // Not in a game of no Arena.
    let (status, created) = players[0]
        .post(
            "/api/games",
            json!({"game": "black-path", "seats": [{"kind": "local", "name": "bz0"}, {"kind": "local", "name": "x"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let casual = created["id"].as_str().unwrap();
    let (status, answer) = players[0]
        .post(
            &format!("/api/games/{casual}/berserk"),
            json!({"token": created["seats"][0]["token"]}),
        )
        .await;
    refused(
        status,
        &answer,
        StatusCode::BAD_REQUEST,
        "only for the games of an Arena",
    );
}

/// `person` asks to go berserk in `game` with `token`.
async fn berserk(person: &Person, game: &str, token: String) -> (StatusCode, Value) {
    person
        .post(
            &format!("/api/games/{game}/berserk"),
            json!({"token": token}),
        )
        .await
}

/// The username of the second player of the first game under way in `view`.
fn second_name(view: &Value) -> String {
    under_way(view).remove(0).1
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_pair_each_arena_wave_exactly_once() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = format!("sqlite://{}", dir.path().join("t.db").display());
    let postgres = tafel_testkit::postgres::test_database("arena").await;
    let db = postgres.unwrap_or(sqlite);
    eprintln!("two instances on {}", db.split(':').next().unwrap());
    let shared = db.starts_with("postgres");
    let timeline = Timeline::default();
    let (one, hub) = server_on(&db, Limits::default(), timeline.clone()).await;
    let (two, _hub_two) = server_on(&db, Limits::default(), timeline).await;
    let organiser = Person::signed_up(&one, "aiorg").await;
    let players = players(&one, "ai", 6).await;
    let id = organise_arena(&hub, &organiser, json!({})).await;
    enter(&hub, &players, &id).await;
    begin(&hub);
    let players: Vec<Person> = players
        .into_iter()
        .enumerate()
        .map(|(i, p)| if shared && i >= 3 { on(p, &two) } else { p })
        .collect();
    // Six waves' worth of games, each as soon as it is paired.
    let mut played = std::collections::BTreeSet::new();
    while played.len() < 9 {
        let view = until(&players[0], &id, |v| {
            under_way(v).iter().any(|(_, _, g)| !played.contains(g))
        })
        .await;
        check_each_player_once(&view);
        for (first, second, game) in under_way(&view) {
            if played.insert(game.clone()) {
                let (a, p) = named(&players, "ai", &first);
                let (b, q) = named(&players, "ai", &second);
                decide(p, q, &game, a < b).await;
            }
        }
    }
    end_the_time(&db, &id).await;
    // The games paired before the end are played out (a look of the director may pair one
    // just as the time runs out).
    let end = loop {
        let pending = until(&players[0], &id, |v| {
            v["state"] == "finished" || under_way(v).iter().any(|(_, _, g)| !played.contains(g))
        })
        .await;
        if pending["state"] == "finished" {
            break pending;
        }
        for (first, second, game) in under_way(&pending) {
            if played.insert(game.clone()) {
                let (a, p) = named(&players, "ai", &first);
                let (b, q) = named(&players, "ai", &second);
                decide(p, q, &game, a < b).await;
            }
        }
    };
    check_each_player_once(&end);
    let rounds = end["pairings"].as_array().unwrap();
    for (i, round) in rounds.iter().enumerate() {
        assert_eq!(round["round"], i + 1);
    }
    let boards: usize = rounds
        .iter()
        .map(|r| r["boards"].as_array().unwrap().len())
        .sum();
    assert_eq!(boards, played.len(), "every game paired once, and played");
}

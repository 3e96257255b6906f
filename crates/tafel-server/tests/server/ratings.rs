//! Rated games and players' pages through the API, in-process on SQLite: a rated game between
//! two accounts changes both ratings once and its view shows them; the kinds of game that
//! cannot be rated are refused; a rated game whose first move does not come is aborted and not
//! rated, one resigned or aborted by a player before both players moved counts for nobody, one whose opponent deletes
//! the account is won and rated; the players' endpoints (pagination, filters, bad input); the leaderboard leaves
//! provisional players out.

use std::time::Duration;

use axum::http::StatusCode;
use axum::Router;
use serde_json::{json, Value};
use tafel_server::{Config, Limits};

use crate::in_process;
use crate::person;

use in_process::send;
use person::{kauri_game, play_first_moves, Person};
use tafel_testkit::wait;

async fn server(limits: Limits, database: &str) -> Router {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), database);
    config.limits = limits;
    tafel_server::app(&config).await.unwrap().0
}

async fn memory_server() -> Router {
    server(Limits::default(), "sqlite::memory:").await
}

async fn resign(person: &Person, id: &str, token: &str) {
    let (status, answer) = person
        .post(&format!("/api/games/{id}/resign"), json!({"token": token}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

#[tokio::test]
async fn a_rated_game_changes_both_ratings_once_and_shows_them() {
    let router = memory_server().await;
    let (ada, bob) = (
        Person::signed_up(&router, "Ada").await,
        Person::signed_up(&router, "bob").await,
    );
    let (id, tokens) = kauri_game(&ada, &bob, true).await;
    play_first_moves(&ada, &id, &tokens, 2).await;
    resign(&bob, &id, &tokens[1]).await;

    let (_, view) = ada.get(&format!("/api/games/{id}")).await;
    assert_eq!(view["status"]["state"], "over");
    let ratings = view["ratings"].as_array().expect("the ratings");
    assert_eq!(ratings.len(), 2, "{view}");
    assert_eq!(
        (ratings[0]["seat"].as_u64(), ratings[0]["before"].as_i64()),
        (Some(0), Some(1500))
    );
    assert_eq!(ratings[0]["deviation_before"], 500);
    // Two new players: the winner gains what the loser loses (lichess: 1741 and 1259).
    let (won, lost) = (
        ratings[0]["after"].as_i64().unwrap(),
        ratings[1]["after"].as_i64().unwrap(),
    );
    assert!(
        (1740..=1742).contains(&won) && (1257..=1259).contains(&lost),
        "{view}"
    );

    let (status, page) = ada.get("/api/players/ada").await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["username"], "Ada");
    let rating = &page["ratings"][0];
    assert_eq!(rating["game"], "kauri");
    assert_eq!(rating["rating"].as_i64(), Some(won));
    assert_eq!(rating["games"], 1);
    assert_eq!(rating["provisional"], true);
    assert_eq!(page["total"], json!({"win": 1, "draw": 0, "loss": 0}));
    let (_, page) = ada.get("/api/players/BOB").await;
    assert_eq!(page["ratings"][0]["rating"].as_i64(), Some(lost));
    assert_eq!(page["total"], json!({"win": 0, "draw": 0, "loss": 1}));

    let (_, games) = ada.get("/api/players/bob/games").await;
    assert_eq!(games["total"], 1);
    let game = &games["games"][0];
    assert_eq!(
        (game["id"].as_str(), game["outcome"].as_str()),
        (Some(id.as_str()), Some("loss"))
    );
    assert_eq!(
        (
            game["rating_before"].as_i64(),
            game["rating_after"].as_i64()
        ),
        (Some(1500), Some(lost))
    );
    assert_eq!(game["players"][0]["player"], "Ada");
    let (_, history) = ada.get("/api/players/ada/ratings").await;
    assert_eq!(history.as_array().unwrap().len(), 1);
    assert_eq!(history[0]["rating"].as_i64(), Some(won));

    // Every finished game at once, as records that name the game and its players.
    let (status, records) = ada.get("/api/players/ada/records").await;
    assert_eq!(status, StatusCode::OK);
    let records = records.as_str().unwrap();
    assert!(records.contains(&format!("[Id \"{id}\"]")), "{records}");
    assert!(
        records.contains("[Termination \"resignation\"]"),
        "{records}"
    );
    assert!(
        records.contains("\"Ada\"") && records.contains("\"bob\""),
        "{records}"
    );

    // The rematch is rated too; a casual game between them changes no rating.
    let (status, casual) = ada
        .post(
            "/api/games",
            json!({"game": "black-path", "seats": [{"kind": "local"}, {"kind": "invite"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(casual["view"]["rated"], false);
    let (_, page) = ada.get("/api/players/ada").await;
    assert_eq!(page["ratings"][0]["games"], 1);
}

#[tokio::test]
async fn games_that_cannot_be_rated_are_refused_with_the_reason() {
    let router = memory_server().await;
    let (ada, nobody) = (
        Person::signed_up(&router, "ada").await,
        Person::anonymous(&router),
    );
    let clock = json!({"kind": "fischer", "initial_seconds": 300, "increment_seconds": 0});
    let online = json!([{"kind": "local"}, {"kind": "invite"}]);
    let cases = [
        (
            &nobody,
            json!({"game": "black-path", "seats": online, "time_control": clock}),
            StatusCode::UNAUTHORIZED,
            "sign in",
        ),
        (
            &ada,
            json!({"game": "black-path", "seats": [{"kind": "local"}, {"kind": "computer", "level": 1}], "time_control": clock}),
            StatusCode::BAD_REQUEST,
            "computer",
        ),
        (
            &ada,
            json!({"game": "black-path", "seats": [{"kind": "local"}, {"kind": "local"}], "time_control": clock}),
            StatusCode::BAD_REQUEST,
            "one screen",
        ),
        (
            &ada,
            json!({"game": "black-path", "seats": online}),
            StatusCode::BAD_REQUEST,
            "clock",
        ),
        (
            &ada,
            json!({"game": "karls-race", "settings": {"players": "4"},
                      "seats": [{"kind": "local"}, {"kind": "invite"}, {"kind": "invite"}, {"kind": "invite"}],
                      "time_control": clock}),
            StatusCode::BAD_REQUEST,
            "four-player",
        ),
    ];
    for (person, mut body, status, reason) in cases {
        body["rated"] = json!(true);
        let (answer, error) = person.post("/api/games", body.clone()).await;
        assert_eq!(answer, status, "{body}: {error}");
        assert!(error["error"].as_str().unwrap().contains(reason), "{error}");
    }
    // A rated game's invited seat is for an account only.
    let (status, created) = ada
        .post(
            "/api/games",
            json!({"game": "black-path", "seats": online, "time_control": clock, "rated": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let id = created["id"].as_str().unwrap();
    let invite = created["seats"][1]["invite"].as_str().unwrap();
    let (status, error) = nobody
        .post(
            &format!("/api/games/{id}/join"),
            json!({"invite": invite, "name": "Eve"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{error}");
    assert!(
        error["error"].as_str().unwrap().contains("sign in"),
        "{error}"
    );
}

#[tokio::test]
async fn a_rated_game_whose_first_moves_do_not_come_is_aborted_and_not_rated() {
    let limits = Limits {
        abort_after: Duration::from_millis(400),
        ..Limits::default()
    };
    let router = server(limits, "sqlite::memory:").await;
    let (ada, bob) = (
        Person::signed_up(&router, "ada").await,
        Person::signed_up(&router, "bob").await,
    );
    // Both move; then nobody moves; then the first player moves and the second does not. The
    // game both moved in is made first: had it a deadline, it would fall before the others'
    // (the server ends games at their deadlines in turn), so once they are aborted it would be.
    let mut games = Vec::new();
    for plies in [2, 0, 1] {
        let (id, tokens) = kauri_game(&ada, &bob, true).await;
        play_first_moves(&ada, &id, &tokens, plies).await;
        games.push((id, tokens));
    }
    games.rotate_left(1);
    for (id, _) in &games[..2] {
        wait::until(Duration::from_secs(10), "the game aborted", || async {
            let (_, view) = ada.get(&format!("/api/games/{id}")).await;
            if view["status"]["termination"] == "aborted" {
                Ok(())
            } else {
                Err(view)
            }
        })
        .await;
    }
    for (plies, (id, _)) in games.iter().enumerate() {
        let (_, view) = ada.get(&format!("/api/games/{id}")).await;
        let aborted = view["status"]["termination"] == "aborted";
        assert_eq!(aborted, plies < 2, "{plies} moves: {view}");
        if aborted {
            let mover = view["seats"][plies]["name"]
                .as_str()
                .unwrap()
                .to_lowercase();
            let result = view["status"]["result"].as_str().unwrap().to_lowercase();
            let said = format!("{mover} did not move in time");
            assert!(result.contains(&said), "{result} / {said}");
            assert!(view.get("ratings").is_none(), "{view}");
        }
    }
    let (_, list) = ada.get("/api/players/ada/games").await;
    assert_eq!(list["total"], 3);
    assert!(list["games"]
        .as_array()
        .unwrap()
        .iter()
        .all(|g| g["outcome"].is_null()));
    let (_, page) = ada.get("/api/players/ada").await;
    assert_eq!(page["ratings"], json!([]));
    // The game both players moved in goes on, and counts once it ends.
    let (id, tokens) = &games[2];
    resign(&bob, id, &tokens[1]).await;
    let (_, page) = ada.get("/api/players/ada").await;
    assert_eq!(page["ratings"][0]["games"], 1, "{page}");
}

#[tokio::test]
async fn a_rated_game_resigned_before_both_players_moved_counts_in_nobodys_results() {
    let router = memory_server().await;
    let (ada, bob) = (
        Person::signed_up(&router, "ada").await,
        Person::signed_up(&router, "bob").await,
    );
    let (id, tokens) = kauri_game(&ada, &bob, true).await;
    play_first_moves(&ada, &id, &tokens, 1).await;
    resign(&bob, &id, &tokens[1]).await;
    let (_, view) = ada.get(&format!("/api/games/{id}")).await;
    assert_eq!(view["status"]["state"], "over", "{view}");
    assert!(view.get("ratings").is_none(), "{view}");
    for name in ["ada", "bob"] {
        let (_, page) = ada.get(&format!("/api/players/{name}")).await;
        assert_eq!(page["ratings"], json!([]), "{page}");
        assert_eq!(
            page["total"],
            json!({"win": 0, "draw": 0, "loss": 0}),
            "{page}"
        );
        let (_, list) = ada.get(&format!("/api/players/{name}/games")).await;
        assert_eq!(list["total"], 1, "{list}");
        assert!(list["games"][0]["outcome"].is_null(), "{list}");
    }
}

/// Aborts game `id` for `token`: the answer's status and body.
async fn abort(person: &Person, id: &str, token: &str) -> (StatusCode, Value) {
    let path = format!("/api/games/{id}/abort");
    person.post(&path, json!({"token": token})).await
}

#[tokio::test]
async fn a_game_aborted_before_both_players_moved_is_shown_as_one_unrated_and_counted_nowhere() {
    let router = memory_server().await;
    let (ada, bob) = (
        Person::signed_up(&router, "ada").await,
        Person::signed_up(&router, "bob").await,
    );
    // Rated and casual alike: Bob aborts after Ada's first move.
    for rated in [true, false] {
        let (id, tokens) = kauri_game(&ada, &bob, rated).await;
        play_first_moves(&ada, &id, &tokens, 1).await;
        let (status, view) = abort(&bob, &id, &tokens[1]).await;
        assert_eq!(status, StatusCode::OK, "{view}");
        let over = &view["status"];
        assert_eq!(over["termination"], "aborted", "{view}");
        assert_eq!(over["winners"], json!([]));
        assert_eq!(
            over["result"], "aborted (second player called the game off)",
            "{view}"
        );
        assert!(view.get("ratings").is_none(), "{view}");
        let (status, _) = abort(&bob, &id, &tokens[1]).await;
        assert_eq!(status, StatusCode::CONFLICT, "over already");
    }
    for name in ["ada", "bob"] {
        let (_, page) = ada.get(&format!("/api/players/{name}")).await;
        assert_eq!(page["ratings"], json!([]), "{page}");
        let nothing = json!({"win": 0, "draw": 0, "loss": 0});
        assert_eq!(page["total"], nothing, "{page}");
        let (_, list) = ada.get(&format!("/api/players/{name}/games")).await;
        assert!(list["games"][0]["outcome"].is_null(), "{list}");
    }
    let (_, board) = ada.get("/api/leaderboard/kauri").await;
    assert_eq!(board["players"], json!([]));
    // Once both have moved, the game can only be resigned.
    let (id, tokens) = kauri_game(&ada, &bob, true).await;
    play_first_moves(&ada, &id, &tokens, 2).await;
    let (status, refused) = abort(&bob, &id, &tokens[1]).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(refused["code"], "game-cannot-be-aborted-any-more");
    // Against the computer there is nobody to call it off with.
    let (status, created) = ada
        .post(
            "/api/games",
            json!({"game": "kauri", "seats": [{"kind": "local"}, {"kind": "computer", "level": 1}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let (id, token) = (
        created["id"].as_str().unwrap(),
        created["seats"][0]["token"].as_str().unwrap(),
    );
    let (status, refused) = abort(&ada, id, token).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
}

#[tokio::test]
async fn a_rated_game_whose_opponent_deletes_the_account_is_won_and_rated() {
    let router = memory_server().await;
    let (ada, bob) = (
        Person::signed_up(&router, "ada").await,
        Person::signed_up(&router, "bob").await,
    );
    let (id, tokens) = kauri_game(&ada, &bob, true).await;
    play_first_moves(&ada, &id, &tokens, 2).await;
    let body = json!({"password": "correct horse battery"});
    let (status, answer, _) = bob.request("DELETE", "/api/account", Some(body)).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{answer}");
    // The game in play is resigned for the deleted account, then its seat rewritten.
    let view = wait::until(Duration::from_secs(5), "the seat rewritten", || async {
        let (_, view) = ada.get(&format!("/api/games/{id}")).await;
        if view["seats"][1]["deleted"] == true {
            Ok(view)
        } else {
            Err(view)
        }
    })
    .await;
    assert_eq!(view["status"]["state"], "over", "{view}");
    assert_eq!(view["status"]["termination"], "resignation", "{view}");
    assert_eq!(view["ratings"].as_array().map(Vec::len), Some(2), "{view}");
    let (_, page) = ada.get("/api/players/ada").await;
    assert_eq!(page["ratings"][0]["games"], 1, "{page}");
    assert_eq!(page["total"], json!({"win": 1, "draw": 0, "loss": 0}));
}

#[tokio::test]
async fn a_players_games_come_a_page_at_a_time_filtered_by_game_and_result() {
    let router = memory_server().await;
    let (ada, bob) = (
        Person::signed_up(&router, "ada").await,
        Person::signed_up(&router, "bob").await,
    );
    // Five casual games: Ada wins three, loses one, one goes on.
    for loser in [1, 1, 1, 0, 2] {
        let (status, created) = ada
            .post(
                "/api/games",
                json!({"game": "black-path", "seats": [{"kind": "local"}, {"kind": "invite"}]}),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let id = created["id"].as_str().unwrap().to_string();
        let invite = created["seats"][1]["invite"].as_str().unwrap();
        let (_, joined) = bob
            .post(&format!("/api/games/{id}/join"), json!({"invite": invite}))
            .await;
        let tokens = [
            created["seats"][0]["token"].as_str().unwrap().to_string(),
            joined["token"].as_str().unwrap().to_string(),
        ];
        if loser < 2 {
            resign(if loser == 0 { &ada } else { &bob }, &id, &tokens[loser]).await;
        }
    }
    let (_, all) = ada.get("/api/players/ada/games?per_page=2").await;
    assert_eq!(
        (
            all["total"].as_i64(),
            all["games"].as_array().unwrap().len()
        ),
        (Some(5), 2)
    );
    let mut seen = Vec::new();
    for page in 1..=3 {
        let (status, games) = ada
            .get(&format!("/api/players/ada/games?per_page=2&page={page}"))
            .await;
        assert_eq!(status, StatusCode::OK);
        seen.extend(
            games["games"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["id"].clone()),
        );
    }
    seen.sort_by_key(|v| v.to_string());
    seen.dedup();
    assert_eq!(seen.len(), 5, "every game on one page only");
    let (_, beyond) = ada.get("/api/players/ada/games?per_page=2&page=4").await;
    assert_eq!(beyond["games"], json!([]));
    for (result, count) in [("win", 3), ("loss", 1), ("draw", 0)] {
        let (_, games) = ada
            .get(&format!(
                "/api/players/ada/games?result={result}&game=black-path"
            ))
            .await;
        assert_eq!(games["total"], count, "{result}");
        assert!(games["games"]
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["outcome"] == result));
    }
    let (_, kauri) = ada.get("/api/players/ada/games?game=kauri").await;
    assert_eq!(kauri["total"], 0);
    let (_, page) = bob.get("/api/players/bob").await;
    assert_eq!(page["total"], json!({"win": 1, "draw": 0, "loss": 3}));
    assert_eq!(page["counts"][0]["game"], "black-path");

    for (query, reason) in [
        ("page=0", "page must be"),
        ("per_page=101", "per_page must be"),
        ("per_page=0", "per_page must be"),
        ("result=won", "unknown result"),
        ("game=chess", "unknown game"),
        ("page=first", ""),
        ("colour=white", ""),
    ] {
        let (status, error) = ada.get(&format!("/api/players/ada/games?{query}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {error}");
        assert!(
            error["error"].as_str().unwrap().contains(reason),
            "{query}: {error}"
        );
    }
    for path in [
        "/api/players/nobody",
        "/api/players/nobody/games",
        "/api/players/nobody/ratings",
        "/api/players/nobody/records",
        "/api/players/a%20b",
        "/api/leaderboard/chess",
    ] {
        let (status, error) = ada.get(path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {error}");
        assert!(error["error"].is_string(), "{path}");
    }
    let (status, _) = ada.get("/@/nobody").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = ada.get("/@/Ada").await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn the_leaderboard_lists_the_fifty_best_people_settled_and_active_as_lichess_does() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("tafel.db").display());
    let router = server(Limits::default(), &database).await;
    let viewer = Person::anonymous(&router);
    let (status, empty) = viewer.get("/api/leaderboard/kauri").await;
    assert_eq!((status, &empty["players"]), (StatusCode::OK, &json!([])));

    // Sixty settled players, and five others: provisional, settled long ago (idle time has
    // grown the deviation past 110), deleted, not provisional but known only within ±90, and
    // settled but without a rated game for eight days.
    let now = tafel_server::domain::clock::Timeline::default().now_ms();
    let two_years_ago = now - 2 * 365 * 86_400_000;
    let mut rows: Vec<(String, f64, f64, i64, bool)> = (0..60)
        .map(|i| {
            (
                format!("player{i:02}"),
                1500.0 + f64::from(i) * 10.0,
                60.0,
                now,
                false,
            )
        })
        .collect();
    rows.push(("unsure".into(), 2500.0, 150.0, now, false));
    rows.push(("away".into(), 2400.0, 60.0, two_years_ago, false));
    rows.push(("gone".into(), 2300.0, 60.0, now, true));
    rows.push(("wide".into(), 2200.0, 90.0, now, false));
    rows.push(("idle".into(), 2100.0, 60.0, now - 8 * 86_400_000, false));
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&database).await.unwrap();
    for (name, rating, deviation, rated_ms, deleted) in &rows {
        sqlx::query(
            "INSERT INTO accounts (id, username, username_key, lookalike_key, created_ms, deleted_ms)
             VALUES (?, ?, ?, ?, 0, ?)",
        )
        .bind(name)
        .bind(if *deleted { None } else { Some(name.clone()) })
        .bind(name)
        .bind(name)
        .bind(if *deleted { Some(now) } else { None })
        .execute(&pool)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO ratings (account_id, game, rating, deviation, volatility, games, rated_ms)
             VALUES (?, 'kauri', ?, ?, 0.06, 30, ?)",
        )
        .bind(name)
        .bind(rating)
        .bind(deviation)
        .bind(rated_ms)
        .execute(&pool)
        .await
        .unwrap();
    }
    // The second best is a bot and the fourth a closed account: neither is listed.
    sqlx::query("UPDATE accounts SET bot = 1 WHERE id = 'player58'")
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query("UPDATE accounts SET closed_ms = 1 WHERE id = 'player56'")
        .execute(&pool)
        .await
        .unwrap();
    let (status, board) = viewer.get("/api/leaderboard/kauri").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(board["title"], "Kauri");
    let players = board["players"].as_array().unwrap();
    assert_eq!(players.len(), 50);
    assert_eq!(
        players[0],
        json!({"rank": 1, "username": "player59", "rating": 2090, "deviation": 60, "games": 30})
    );
    assert_eq!(players[1]["username"], "player57");
    assert_eq!(players[2]["username"], "player55");
    assert_eq!(players[49]["username"], "player08");
    assert!(players
        .iter()
        .all(|p| p["deviation"].as_i64().unwrap() <= 75));
    // The page of a deleted account is not found either.
    let (status, _) = viewer.get("/api/players/gone").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, page) = viewer.get("/api/players/away").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(page["ratings"][0]["provisional"], true, "{page}");
    let (_, other) = viewer.get("/api/leaderboard/quarx").await;
    assert_eq!(other["players"], json!([]));
}

/// What the people's endpoints of `router` answer about Ada, Bob and their game `id`, sessions
/// aside.
async fn people_pages(router: &Router, id: &str) -> Vec<Value> {
    let reader = Person::anonymous(router);
    let mut pages = Vec::new();
    for path in [
        "/api/players/ada".to_string(),
        "/api/players/bob".to_string(),
        "/api/players/ada/games".to_string(),
        "/api/players/bob/ratings".to_string(),
        format!("/api/games/{id}"),
    ] {
        let (status, page) = reader.get(&path).await;
        assert_eq!(status, StatusCode::OK, "{path}: {page}");
        pages.push(page);
    }
    pages
}

/// `tafel db copy` carries the people with the games: on the copy, the accounts sign in with
/// their passwords, a session of the original still works, and the players' pages, ratings,
/// the rated game's rating changes and its chat are as they were; from SQLite to SQLite, and on to
/// PostgreSQL when one is at hand. Copying again with `--merge` changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn db_copy_carries_accounts_sessions_and_ratings() {
    use tafel_server::store::copy::{copy, CopyOptions};

    let folder = tempfile::tempdir().unwrap();
    let first = format!("sqlite://{}/first.db", folder.path().display());
    let second = format!("sqlite://{}/second.db", folder.path().display());
    let original = server(Limits::default(), &first).await;
    let (ada, bob) = (
        Person::signed_up(&original, "Ada").await,
        Person::signed_up(&original, "bob").await,
    );
    let (id, tokens) = kauri_game(&ada, &bob, true).await;
    play_first_moves(&ada, &id, &tokens, 2).await;
    let (status, said) = ada
        .post(
            &format!("/api/games/{id}/chat"),
            json!({"room": "players", "token": tokens[0], "text": "good luck"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{said}");
    resign(&bob, &id, &tokens[1]).await;
    let tournament = running_tournament(&ada, &bob).await;
    let table = tournament_table(&ada, &tournament).await;
    let pages = people_pages(&original, &id).await;
    assert_eq!(pages[4]["ratings"].as_array().map(Vec::len), Some(2));

    let mut targets = vec![second.clone()];
    if let Some(postgres) = tafel_testkit::postgres::test_database("copy_people").await {
        targets.push(postgres);
    }
    let mut from = first.clone();
    for to in targets {
        let copied = copy(&from, &to, CopyOptions::default(), |_, _| {})
            .await
            .unwrap();
        // The rated game and the tournament's first game.
        assert_eq!((copied.games, copied.accounts, copied.ratings), (2, 2, 2));
        let again = copy(&from, &to, CopyOptions { merge: true }, |_, _| {})
            .await
            .unwrap();
        assert_eq!((again.games, again.unchanged), (0, 2));

        let copy = server(Limits::default(), &to).await;
        assert_eq!(people_pages(&copy, &id).await, pages, "on {to}");
        let chat = send(
            &copy,
            "GET",
            &format!("/api/games/{id}/chat"),
            ada.cookie.as_deref(),
            None,
        )
        .await;
        assert_eq!(
            chat.body["players"][0]["text"], "good luck",
            "{}",
            chat.text
        );
        let on_copy = Person {
            router: copy.clone(),
            cookie: ada.cookie.clone(),
        };
        assert_eq!(
            tournament_table(&on_copy, &tournament).await,
            table,
            "on {to}"
        );
        let me = send(&copy, "GET", "/api/account", ada.cookie.as_deref(), None).await;
        assert_eq!(
            me.status,
            StatusCode::OK,
            "the session still works: {}",
            me.text
        );
        assert_eq!(me.body["username"], "Ada");
        let signed_in = send(
            &copy,
            "POST",
            "/api/session",
            None,
            Some(json!({"username": "bob", "password": "correct horse battery"})),
        )
        .await;
        assert_eq!(signed_in.status, StatusCode::OK, "{}", signed_in.text);
        from = to;
    }
}

/// A round robin of `ada` and `bob`, started and its one game made; its id.
async fn running_tournament(ada: &Person, bob: &Person) -> String {
    let starts_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
        + 300;
    let (status, created) = ada
        .post(
            "/api/tournaments",
            json!({
                "name": "Copied", "game": "black-path", "settings": {"size": "1x2"},
                "time_control": {"kind": "fischer", "initial_seconds": 60, "increment_seconds": 0},
                "kind": "round_robin", "starts_ms": starts_ms,
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    for person in [ada, bob] {
        let (status, entered) = person
            .post(&format!("/api/tournaments/{id}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{entered}");
    }
    // Paired, and its game made (a moment after the pairing lists it), so that the pages read
    // before the copy already list the game.
    wait::until(Duration::from_secs(20), "its game made", || async {
        let table = tournament_table(ada, &id).await;
        if let Some(game) = table["in_play"][0]["game_id"].as_str() {
            if ada.get(&format!("/api/games/{game}")).await.0 == StatusCode::OK {
                return Ok(());
            }
        }
        Err(table)
    })
    .await;
    id
}

/// Tournament `id` as `person` sees it, without the moment it was read.
async fn tournament_table(person: &Person, id: &str) -> Value {
    let (status, mut view) = person.get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    view.as_object_mut().unwrap().remove("now_ms");
    view
}

/// A server stopped between storing a rated game's end and doing its work (the outbox holds
/// the end, with nothing done) leaves the game over and its players unrated; at the next start
/// the finisher does the end: the same results and ratings as if nothing had happened, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_end_lost_to_a_crash_is_done_at_the_next_start() {
    let folder = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}/tafel.db", folder.path().display());
    let first = server(Limits::default(), &database).await;
    let (ada, bob) = (
        Person::signed_up(&first, "Ada").await,
        Person::signed_up(&first, "bob").await,
    );
    let (id, tokens) = kauri_game(&ada, &bob, true).await;
    play_first_moves(&ada, &id, &tokens, 2).await;
    resign(&bob, &id, &tokens[1]).await;
    // The players' pages and the game's ratings, without the moments of recording, which
    // differ (so the games list and the rating history are left out).
    let lasting = |pages: Vec<Value>| {
        let mut kept = [pages[0].clone(), pages[1].clone(), pages[4].clone()];
        for page in &mut kept[..2] {
            for rating in page["ratings"].as_array_mut().into_iter().flatten() {
                rating.as_object_mut().unwrap().remove("last_rated_ms");
            }
        }
        kept
    };
    let recorded = lasting(people_pages(&first, &id).await);

    // What a crash right after the game's last change leaves behind.
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&database).await.unwrap();
    for statement in [
        "DELETE FROM rating_changes",
        "DELETE FROM account_results",
        "DELETE FROM ratings",
        "UPDATE game_ends SET done_ms = NULL",
    ] {
        sqlx::query(statement).execute(&pool).await.unwrap();
    }
    assert_ne!(lasting(people_pages(&first, &id).await), recorded);

    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), &database);
    config.limits = Limits::default();
    let (again, hub) = tafel_server::app(&config).await.unwrap();
    // The finisher's first look, at its start, finds the end waiting and does it (it may be
    // done before anyone here could subscribe to its event, so the pages are watched).
    wait::until(
        Duration::from_secs(20),
        "the end done at the start",
        || async {
            let pages = lasting(people_pages(&again, &id).await);
            if pages == recorded {
                Ok(())
            } else {
                Err(format!("{pages:#?}"))
            }
        },
    )
    .await;
    // Done once: nothing waits any more, and another look changes nothing.
    assert_eq!(hub.finisher().finish_waiting().await.unwrap(), 0);
    assert_eq!(lasting(people_pages(&again, &id).await), recorded);
}

/// The rating changes of game `id` stored in `pool`: each seat's account, and its rating
/// before and after, by seat.
async fn rating_changes(pool: &sqlx::AnyPool, id: &str) -> Vec<(String, f64, f64)> {
    use sqlx::Row;
    // A game id is letters and digits: written into the statement, it fits both databases.
    assert!(id.bytes().all(|b| b.is_ascii_alphanumeric()), "{id}");
    sqlx::query(&format!(
        "SELECT a.username AS name, c.rating_before AS before, c.rating_after AS after
         FROM rating_changes c JOIN accounts a ON a.id = c.account_id
         WHERE c.game_id = '{id}' ORDER BY c.seat"
    ))
    .fetch_all(pool)
    .await
    .unwrap()
    .iter()
    .map(|r| (r.get("name"), r.get("before"), r.get("after")))
    .collect()
}

/// The outbox: while the results cannot be written, two rated games between Ada and Bob end
/// (each answer is a success: the games are stored, their ends filed); once the database
/// takes writes again, the running server does both ends within seconds, by itself, in the
/// order the games ended (the second game's ratings start where the first's ended). On SQLite
/// and, when one is at hand, PostgreSQL.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ends_whose_results_failed_to_write_are_done_by_the_running_server_in_order() {
    let folder = tempfile::tempdir().unwrap();
    let mut databases = vec![format!("sqlite://{}/tafel.db", folder.path().display())];
    databases.extend(tafel_testkit::postgres::test_database("outbox_in_order").await);
    for database in databases {
        let postgres = database.starts_with("postgres");
        let router = server(Limits::default(), &database).await;
        let (ada, bob) = (
            Person::signed_up(&router, "Ada").await,
            Person::signed_up(&router, "bob").await,
        );
        let games = [
            kauri_game(&ada, &bob, true).await,
            kauri_game(&ada, &bob, true).await,
        ];
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(&database).await.unwrap();
        tafel_testkit::faults::refuse_inserts(&pool, postgres, "account_results")
            .await
            .unwrap();
        for (id, tokens) in &games {
            play_first_moves(&ada, id, tokens, 2).await;
            resign(&bob, id, &tokens[1]).await;
        }
        let (_, page) = Person::anonymous(&router).get("/api/players/ada").await;
        assert_eq!(
            page["ratings"],
            json!([]),
            "not rated while the writes fail"
        );
        tafel_testkit::faults::allow_inserts(&pool, postgres, "account_results")
            .await
            .unwrap();

        let what = format!("{database}: the ends done");
        wait::until(Duration::from_secs(10), &what, || async {
            let changes = rating_changes(&pool, &games[1].0).await;
            if changes.is_empty() {
                Err("no rating change of the second game")
            } else {
                Ok(())
            }
        })
        .await;
        let first = rating_changes(&pool, &games[0].0).await;
        let second = rating_changes(&pool, &games[1].0).await;
        assert_eq!(first.len(), 2, "{database}: {first:?}");
        for (a, b) in first.iter().zip(&second) {
            assert_eq!(a.0, b.0, "the same seats");
            assert_eq!(
                a.2, b.1,
                "{database}: the second game's rating starts at the first's end"
            );
        }
        let (_, page) = Person::anonymous(&router).get("/api/players/ada").await;
        assert_eq!(page["ratings"][0]["games"], 2, "{database}: {page}");
        assert_eq!(
            page["ratings"][0]["rating"].as_f64(),
            Some(second[0].2.round()),
            "{page}"
        );
    }
}

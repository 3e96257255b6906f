//! `GET /api/games/{id}/analysis` (issue #21) against a real server on loopback with a real
//! SQLite file: a finished game of each of the five games is analysed on the search pool
//! (with a small budget), stored once and served from the store afterwards, across a restart
//! too; players of a game in play are refused, spectators are not.

use crate::support;

use std::sync::atomic::Ordering;
use std::time::Duration;

use serde_json::{json, Value};
use support::serve_with;
use tafel_server::compute::pool::{Class, Owner, Ticket};
use tafel_server::{Limits, Server};
use tafel_testkit::client::Client;
use tafel_testkit::wait;

/// A small search per position, so that each game's analysis takes a second or two.
fn limits() -> Limits {
    Limits {
        analysis_work: 300,
        analysis_time: Duration::from_millis(50),
        ..Limits::default()
    }
}

async fn serve(db: &std::path::Path) -> Server {
    serve_with(db, limits()).await
}

/// A game of Black Path on 3 x 4 that the first player wins on the twelfth tile (each move
/// the side the path leaves by).
const BLACK_PATH: [&str; 12] = ["E", "E", "S", "W", "W", "S", "E", "E", "E", "N", "N", "W"];

/// A game of `game` (with `settings`) between people at one screen: its id and the seats'
/// tokens.
async fn at_one_screen(client: &Client, game: &str, settings: Value) -> (String, Vec<String>) {
    let seats = client.get(&format!("/api/catalog/{game}/seats")).await;
    assert_eq!(seats.status, 200, "{}", seats.body);
    let seats: Vec<Value> = seats
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|_| json!({"kind": "local"}))
        .collect();
    client
        .create_at_one_screen(json!({"game": game, "settings": settings, "seats": seats}))
        .await
}

/// Plays `moves` (or, for `None`, the first legal move in the server's order) for whoever is
/// to move, unless the game ends first; returns the view.
async fn play_moves(client: &Client, id: &str, tokens: &[String], moves: &[Option<&str>]) -> Value {
    let mut view = client.get(&format!("/api/games/{id}")).await.body;
    for scripted in moves {
        if view["status"]["state"] != "to_move" {
            break;
        }
        let seat = view["status"]["seat"].as_u64().unwrap() as usize;
        let mv = scripted.map_or_else(
            || view["legal"][0].as_str().unwrap().to_string(),
            str::to_string,
        );
        let answer = client.play(id, &tokens[seat], &mv).await;
        assert_eq!(answer.status, 200, "{mv}: {}", answer.body);
        view = answer.body;
    }
    view
}

/// Ends the game by resignation (of each seat in turn, for teams) unless it is over.
async fn finish(client: &Client, id: &str, tokens: &[String]) -> Value {
    for token in tokens {
        let view = client.get(&format!("/api/games/{id}")).await.body;
        if view["status"]["state"] == "over" {
            return view;
        }
        client
            .post(&format!("/api/games/{id}/resign"), json!({"token": token}))
            .await;
    }
    let view = client.get(&format!("/api/games/{id}")).await.body;
    assert_eq!(view["status"]["state"], "over", "{view}");
    view
}

/// Asks for the analysis until it is there (at most `limit`); every answer before is `202`
/// with the progress.
async fn analysis(client: &Client, id: &str, limit: Duration) -> Value {
    wait::until(limit, &format!("the analysis of {id}"), || async {
        let answer = client.get(&format!("/api/games/{id}/analysis")).await;
        match answer.status {
            200 => Ok(answer.body),
            202 => {
                assert_eq!(answer.body["status"], "computing", "{}", answer.body);
                assert_eq!(answer.header("retry-after"), "1");
                Err(answer.body)
            }
            other => panic!("analysis of {id}: {other} {}", answer.body),
        }
    })
    .await
}

fn chance_in_range(chance: &Value) -> bool {
    let win = chance["win"].as_f64().unwrap();
    let draw = chance["draw"].as_f64().unwrap();
    (0.0..=1.0).contains(&win) && (0.0..=1.0).contains(&draw) && win + draw <= 1.0 + 1e-9
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_of_each_game_is_analysed_once_and_served_from_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tafel.db");
    let server = serve(&db).await;
    let client = Client::new(server.addr);
    let mut finished = Vec::new();
    let first_moves = [None; 8];
    let black_path: Vec<Option<&str>> = BLACK_PATH.iter().copied().map(Some).collect();
    for (game, settings, moves) in [
        ("karls-race", json!({}), &first_moves[..]),
        ("carreaux", json!({}), &first_moves[..]),
        ("black-path", json!({"size": "3x4"}), &black_path[..]),
        ("kauri", json!({}), &first_moves[..]),
        ("quarx", json!({}), &first_moves[..]),
    ] {
        let (id, tokens) = at_one_screen(&client, game, settings).await;
        play_moves(&client, &id, &tokens, moves).await;
        let view = finish(&client, &id, &tokens).await;
        let computed = server.hub.analyses().computed();
        let review = analysis(&client, &id, Duration::from_secs(120)).await;
        assert_eq!(server.hub.analyses().computed(), computed + 1, "{game}");

        assert_eq!(review["game"], game);
        let moves = review["moves"].as_array().unwrap();
        // Every move a player made is reviewed (a chance outcome is not a move).
        let played: Vec<(usize, &Value)> = view["plies"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .filter(|(_, ply)| !ply["seat"].is_null())
            .map(|(i, _)| (i, &view["moves"][i]))
            .collect();
        assert!(!played.is_empty(), "{game}: no moves were played");
        assert_eq!(moves.len(), played.len(), "{game}: {review}");
        for (reviewed, (index, notation)) in moves.iter().zip(&played) {
            assert_eq!(reviewed["index"], *index as u64, "{game}");
            assert_eq!(&reviewed["played"], *notation, "{game}");
            for chance in ["before", "first", "after"] {
                assert!(
                    chance_in_range(&reviewed[chance]),
                    "{game} {chance}: {reviewed}"
                );
            }
            let loss = reviewed["loss"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&loss), "{game}: {reviewed}");
            assert!(reviewed["best"].as_str().is_some_and(|b| !b.is_empty()));
        }

        // Asked again, it comes from the store: nothing is computed.
        let again = client.get(&format!("/api/games/{id}/analysis")).await;
        assert_eq!(again.status, 200, "{}", again.body);
        assert_eq!(again.body, review);
        assert_eq!(server.hub.analyses().computed(), computed + 1, "{game}");
        finished.push((id, review));
    }
    assert_eq!(server.hub.analyses().failed(), 0);
    server.stop();

    // A restarted server serves them from the store at once.
    let server = serve(&db).await;
    let client = Client::new(server.addr);
    for (id, review) in finished {
        let answer = client.get(&format!("/api/games/{id}/analysis")).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert_eq!(answer.body, review);
    }
    assert_eq!(server.hub.analyses().computed(), 0);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn during_a_game_players_are_refused_and_spectators_see_the_moves_played() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("tafel.db")).await;
    let client = Client::new(server.addr);
    let (id, tokens) = at_one_screen(&client, "black-path", json!({"size": "3x4"})).await;
    let view = play_moves(&client, &id, &tokens, &[Some("E"), Some("E"), Some("S")]).await;
    assert_eq!(view["status"]["state"], "to_move", "{view}");

    let path = format!("/api/games/{id}/analysis");
    for token in [tokens[0].clone(), format!("not-a-seat, {}", tokens[1])] {
        let refused = client
            .send(
                client
                    .http
                    .get(format!("{}{path}", client.base))
                    .header("X-Tafel-Token", token),
            )
            .await;
        assert_eq!(refused.status, 403, "{}", refused.body);
        assert!(
            refused.error().contains("once the game is over"),
            "{}",
            refused.error()
        );
    }
    assert_eq!(server.hub.analyses().computed(), 0);

    // A spectator (or a token that holds no seat) gets the moves played so far; the position
    // on the board, whose best move would help a player, is not in it.
    let spectator = client
        .send(
            client
                .http
                .get(format!("{}{path}", client.base))
                .header("X-Tafel-Token", "nobody"),
        )
        .await;
    assert_eq!(spectator.status, 202, "{}", spectator.body);
    let review = analysis(&client, &id, Duration::from_secs(60)).await;
    assert_eq!(review["moves"].as_array().unwrap().len(), 3);

    // After another move the stored analysis no longer fits: a new one covers four moves.
    play_moves(&client, &id, &tokens, &[Some("W")]).await;
    let review = analysis(&client, &id, Duration::from_secs(60)).await;
    assert_eq!(review["moves"].as_array().unwrap().len(), 4);
    assert_eq!(server.hub.analyses().computed(), 2);

    // Unknown games are 404, as everywhere.
    let missing = client.get("/api/games/no-such-game/analysis").await;
    assert_eq!(missing.status, 404, "{}", missing.body);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_made_before_a_takeback_is_not_served_for_the_moves_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("tafel.db")).await;
    let client = Client::new(server.addr);
    let (id, tokens) = at_one_screen(&client, "black-path", json!({"size": "3x4"})).await;
    let view = play_moves(&client, &id, &tokens, &[Some("E"), Some("E")]).await;
    let first = analysis(&client, &id, Duration::from_secs(60)).await;
    // Take the last move back and play another one in its place: still two moves.
    let mover = view["status"]["seat"].as_u64().unwrap() as usize;
    let last = 1 - mover;
    let undone = client
        .post(
            &format!("/api/games/{id}/undo"),
            json!({"token": tokens[last]}),
        )
        .await;
    assert_eq!(undone.status, 200, "{}", undone.body);
    let legal = undone.body["legal"].as_array().unwrap();
    let other = legal
        .iter()
        .map(|m| m.as_str().unwrap())
        .find(|m| *m != first["moves"][1]["played"])
        .expect("another move");
    assert_eq!(client.play(&id, &tokens[last], other).await.status, 200);
    let second = analysis(&client, &id, Duration::from_secs(60)).await;
    assert_eq!(second["moves"][1]["played"], other);
    assert_eq!(server.hub.analyses().computed(), 2);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_only_where_the_player_turned_them_on_before_a_game_against_the_computer() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("tafel.db")).await;
    let client = Client::new(server.addr);
    let settings = json!({"size": "3x4"});

    // Between people there are no hints to turn on.
    let refused = client
        .post(
            "/api/games",
            json!({"game": "black-path", "settings": settings,
                   "seats": [{"kind": "local", "hints": true}, {"kind": "local"}]}),
        )
        .await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused.error().contains("against the computer"),
        "{}",
        refused.error()
    );

    // Against the computer, hints are off unless asked for.
    let (id, tokens) = client
        .create(json!({"game": "black-path", "settings": settings,
                       "seats": [{"kind": "local"}, {"kind": "computer", "level": 1}]}))
        .await;
    let token = tokens[0].clone().unwrap();
    let off = client
        .post(&format!("/api/games/{id}/hint"), json!({"token": token}))
        .await;
    assert_eq!(off.status, 403, "{}", off.body);
    assert!(off.error().contains("hints are off"), "{}", off.error());

    // Turned on before the game: the best move of the player's position.
    let (id, tokens) = client
        .create(json!({"game": "black-path", "settings": settings,
                       "seats": [{"kind": "local", "hints": true}, {"kind": "computer", "level": 1}]}))
        .await;
    let token = tokens[0].clone().unwrap();
    let view = client.get(&format!("/api/games/{id}")).await.body;
    assert_eq!(view["seats"][0]["hints"], true);
    assert_eq!(view["seats"][1]["hints"], false);
    let hint = client
        .post(&format!("/api/games/{id}/hint"), json!({"token": token}))
        .await;
    assert_eq!(hint.status, 200, "{}", hint.body);
    assert_eq!(hint.body["ply"], 0);
    let legal: Vec<&str> = view["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(
        legal.contains(&hint.body["best"].as_str().unwrap()),
        "{}",
        hint.body
    );
    assert!(chance_in_range(&hint.body["chance"]), "{}", hint.body);
    // 3 x 4 is solved: the value is exact, and said in words on the one scale.
    assert!(
        hint.body["words"].as_str().unwrap().ends_with("(exact)"),
        "{}",
        hint.body
    );

    // Someone else's token holds no seat.
    let stranger = client
        .post(&format!("/api/games/{id}/hint"), json!({"token": "nobody"}))
        .await;
    assert_eq!(stranger.status, 403, "{}", stranger.body);
    server.stop();
}

/// Holds the pool's thread of `class`'s lane (the server has one per lane) until the sender is
/// used or dropped; waits until it is held. The job's future must be kept meanwhile (a job
/// whose future is dropped before it starts is skipped).
async fn hold_lane(
    server: &Server,
    class: Class,
) -> (std::sync::mpsc::Sender<()>, impl std::future::Future) {
    let (release, held) = std::sync::mpsc::channel::<()>();
    let pool = server.hub.pool();
    let running = pool.running();
    let job = pool
        .submit(
            Ticket::new(class, Owner::Game("holder".to_string())),
            || false,
            move || held.recv(),
        )
        .unwrap();
    wait::until_holds(Duration::from_secs(10), "the holder running", || {
        pool.running() != running
    })
    .await;
    (release, job)
}

/// A finished game of Black Path on 3 x 4 (twelve moves, each a choice) by `client`.
async fn finished_black_path(client: &Client) -> String {
    let (id, tokens) = at_one_screen(client, "black-path", json!({"size": "3x4"})).await;
    let moves: Vec<Option<&str>> = BLACK_PATH.iter().map(|m| Some(*m)).collect();
    let view = play_moves(client, &id, &tokens, &moves).await;
    assert_eq!(view["status"]["state"], "over", "{view}");
    id
}

fn one_thread_a_lane() -> Limits {
    Limits {
        searches: 1,
        ..limits()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_is_searched_one_position_a_job_after_one_to_prepare_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve_with(&dir.path().join("tafel.db"), one_thread_a_lane()).await;
    let client = Client::new(server.addr);
    let id = finished_black_path(&client).await;
    let finished = || server.hub.pool().stats().finished.load(Ordering::SeqCst);
    let before = finished();
    let review = analysis(&client, &id, Duration::from_secs(60)).await;
    assert_eq!(review["moves"].as_array().unwrap().len(), BLACK_PATH.len());
    // Nothing else searched meanwhile: one job prepared the review and each position was a
    // job of its own, so that any other search could run between two of them.
    assert_eq!(finished() - before, 1 + BLACK_PATH.len() as u64);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_has_at_most_two_analyses_under_way() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve_with(&dir.path().join("tafel.db"), one_thread_a_lane()).await;
    let (first, second) = (
        Client::from_address(server.addr, [127, 0, 0, 2].into()),
        Client::from_address(server.addr, [127, 0, 0, 3].into()),
    );
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push(finished_black_path(&first).await);
    }
    // While the background lane is held, no analysis gets anywhere.
    let (release, _held) = hold_lane(&server, Class::Unattended).await;
    let ask = |client: &Client, id: &str| {
        let (client, path) = (client.clone(), format!("/api/games/{id}/analysis"));
        async move { client.get(&path).await }
    };
    assert_eq!(ask(&first, &games[0]).await.status, 202);
    assert_eq!(ask(&first, &games[1]).await.status, 202);
    let third = ask(&first, &games[2]).await;
    assert_eq!(third.status, 429, "{}", third.body);
    assert!(
        third.error().contains("2 analyses under way"),
        "{}",
        third.error()
    );
    assert_eq!(third.header("retry-after"), "5");
    // Asking again for one under way is no new analysis; another address has its own two.
    assert_eq!(ask(&first, &games[0]).await.status, 202);
    assert_eq!(ask(&second, &games[2]).await.status, 202);
    release.send(()).unwrap();
    for id in &games {
        analysis(&first, id, Duration::from_secs(60)).await;
    }
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_hints_on_one_position_costs_one_search() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve_with(&dir.path().join("tafel.db"), one_thread_a_lane()).await;
    let client = Client::new(server.addr);
    let (id, tokens) = client
        .create(json!({"game": "black-path", "settings": {"size": "4x4"},
                       "seats": [{"kind": "local", "hints": true}, {"kind": "computer", "level": 1}]}))
        .await;
    let token = tokens[0].clone().unwrap();
    let finished = || server.hub.pool().stats().finished.load(Ordering::SeqCst);
    let (release, _held) = hold_lane(&server, Class::Reply).await;
    let before = finished();
    let asks: Vec<_> = (0..40)
        .map(|_| {
            let (client, path, token) = (
                client.clone(),
                format!("/api/games/{id}/hint"),
                token.clone(),
            );
            tokio::spawn(async move { client.post(&path, json!({"token": token})).await })
        })
        .collect();
    wait::until_holds(Duration::from_secs(10), "a hint queued", || {
        server.hub.pool().queued() > 0
    })
    .await;
    // Let every request arrive while the one search waits (the server counts no arrivals:
    // one that came after the search would start a second one, and the count below fails).
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        server.hub.pool().queued(),
        1,
        "one search for every request"
    );
    release.send(()).unwrap();
    let mut best = Vec::new();
    for ask in asks {
        let hint = ask.await.unwrap();
        assert_eq!(hint.status, 200, "{}", hint.body);
        best.push(hint.body["best"].clone());
    }
    best.dedup();
    assert_eq!(best.len(), 1, "every request got the one answer: {best:?}");
    // The holder and one hint.
    assert_eq!(finished() - before, 2);
    server.stop();
}

/// The moves of `line` replayed from `code` of `game`: each must be legal where it is played,
/// and each ply's `before` the code of that position.
fn replays(game: &str, settings: &[(String, String)], code: &str, line: &[Value]) -> bool {
    let rules = tafel_games::registry()
        .get(game)
        .unwrap()
        .build(settings)
        .unwrap();
    let mut position = rules.parse_position(code).unwrap();
    line.iter().all(|m| {
        m["before"] == position.code() && position.play(m["move"].as_str().unwrap()).is_ok()
    })
}

/// `POST /api/positions/analysis` (the position editor's analysis): a position of no game gets
/// the side to move's chances and the best line, searched on the pool; positions where nobody
/// is to move, lines too long and unknown games are refused; the per-address cap applies.
#[tokio::test]
async fn a_position_is_analysed_with_its_best_line() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let client = Client::new(server.addr);
    let analyse = |body: Value| {
        let client = &client;
        async move { client.post("/api/positions/analysis", body).await.parts() }
    };

    // Black Path on 3 x 3 is solved: the first player's chances are exact, and the line (four
    // plies unless asked) replays from the position.
    let (status, black_path) =
        analyse(json!({"game": "black-path", "settings": {"size": "3x3"}})).await;
    assert_eq!(status, 200, "{black_path}");
    assert_eq!(black_path["status"]["state"], "to_move");
    assert_eq!(black_path["chance"]["basis"], "exact", "{black_path}");
    let line = black_path["line"].as_array().unwrap();
    assert!(!line.is_empty() && line.len() <= 4, "{black_path}");
    let size = [("size".to_string(), "3x3".to_string())];
    assert!(
        replays("black-path", &size, ".../.../...", line),
        "{black_path}"
    );
    let win = black_path["chance"]["win"].as_f64().unwrap();
    assert!(
        win == 0.0 || win == 1.0,
        "a solved position is won or lost: {black_path}"
    );
    assert_eq!(line[0]["side"], "first player");

    // Kauri from its start: a search's chances, a line of the length asked for.
    let (status, kauri) = analyse(json!({"game": "kauri", "plies": 2})).await;
    assert_eq!(status, 200, "{kauri}");
    assert_eq!(kauri["line"].as_array().unwrap().len(), 2, "{kauri}");
    let start = tafel_games::registry()
        .get("kauri")
        .unwrap()
        .build(&[])
        .unwrap()
        .start()
        .code();
    assert_eq!(kauri["code"], start);
    assert!(replays(
        "kauri",
        &[],
        &start,
        kauri["line"].as_array().unwrap()
    ));
    assert!(kauri["words"].as_str().unwrap().contains('%'), "{kauri}");

    // Karl's Race after the roll: the line ends where the die is to be rolled again, after
    // the one move.
    let (status, karl) = analyse(json!({"game": "karls-race", "code": "b4:ABCGHJ:MNPQTU"})).await;
    assert_eq!(status, 200, "{karl}");
    assert_eq!(karl["line"].as_array().unwrap().len(), 1, "{karl}");

    // Refused: nobody to move (a die to roll, a finished game), a line of 0 or 9 plies, an
    // unknown game, an illegal code.
    for (body, wanted) in [
        (
            json!({"game": "karls-race", "code": "w:ABCGHJ:MNPQTU"}),
            409,
        ),
        (
            json!({"game": "einstein", "code": "b:...../...../...../...../....b1"}),
            409,
        ),
        (json!({"game": "kauri", "plies": 0}), 400),
        (json!({"game": "kauri", "plies": 9}), 400),
        (json!({"game": "chess"}), 404),
        (json!({"game": "black-path", "code": "nonsense"}), 422),
    ] {
        let (status, answer) = analyse(body.clone()).await;
        assert_eq!(status, wanted, "{body}: {answer}");
        assert!(answer["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
    server.stop();

    // An address with no analyses left (the cap at 0) is refused with 429.
    let capped = serve_with(
        &dir.path().join("capped.db"),
        Limits {
            analyses_per_address: 0,
            ..limits()
        },
    )
    .await;
    let answer = Client::new(capped.addr)
        .post("/api/positions/analysis", json!({"game": "kauri"}))
        .await;
    assert_eq!(answer.status, 429, "{}", answer.body);
    capped.stop();
}

//! Games in play: the computer moves on the position as it is (never on one taken back), its
//! failures show instead of hanging the game, changes are stored before they are applied,
//! games leave memory and come back, and a restart resumes only the games whose computer is to
//! move (also in a database made before that was recorded).

use crate::support;

use std::sync::atomic::Ordering;
use std::time::Duration;

use futures_util::StreamExt;
use serde_json::{json, Value};
use support::serve_with;
use tafel_server::compute::pool::{Class, JobOutcome, Owner, Ticket};
use tafel_server::play::Hub;
use tafel_server::Limits;
use tafel_testkit::client::{black_path_at_one_screen, Client};
use tafel_testkit::wait;

/// Seconds the computer may take for a move: one level's time cap (tafel-ai's
/// `MOVE_TIME_CAP`, 10 s) plus room for a loaded machine.
const BUDGET: Duration = Duration::from_secs(30);

fn carreaux_against_level_5() -> Value {
    json!({"game": "carreaux", "seats": [{"kind": "local"}, {"kind": "computer", "level": 5}]})
}

/// Holds the only thread for replies to people (of a server with `searches: 1`), so that
/// every computer's search waits until the sender says so; the held job, to await after.
fn hold_replies(
    hub: &Hub,
) -> (
    std::sync::mpsc::Sender<()>,
    impl std::future::Future<Output = JobOutcome<Result<(), std::sync::mpsc::RecvError>>>,
) {
    let (release, held) = std::sync::mpsc::channel::<()>();
    let people = Ticket::new(Class::Reply, Owner::Game("blocker".to_string()));
    let blocker = hub
        .pool()
        .submit(people, || false, move || held.recv())
        .unwrap();
    (release, blocker)
}

fn moves(view: &Value) -> Vec<String> {
    view["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

fn legal(view: &Value) -> Vec<String> {
    view["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// A direct connection to the server's database, to make it refuse writes.
async fn database(db: &std::path::Path) -> sqlx::SqlitePool {
    sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap()
}

async fn execute(pool: &sqlx::SqlitePool, sql: &str) {
    sqlx::query(sql).execute(pool).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_an_undo_the_computer_moves_on_the_new_position_and_drops_the_old_search() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        searches: 1,
        ..Limits::default()
    };
    let server = serve_with(&dir.path().join("t.db"), limits).await;
    let client = Client::new(server.addr);
    let (id, tokens) = client.create(carreaux_against_level_5()).await;
    let token = tokens[0].clone().unwrap();
    let start = client.get(&format!("/api/games/{id}")).await.body;
    let (first, second) = (legal(&start)[0].clone(), legal(&start)[1].clone());

    // The computer's search for the first move waits.
    let (release, blocker) = hold_replies(&server.hub);
    assert_eq!(client.play(&id, &token, &first).await.status, 200);
    let thinking = client
        .wait_for(&id, BUDGET, |v| v["thinking"] == true)
        .await;
    assert_eq!(moves(&thinking), vec![first.clone()]);

    // Take it back and play another move while that search waits; then let the thread go.
    let undone = client
        .post(&format!("/api/games/{id}/undo"), json!({"token": token}))
        .await;
    assert_eq!(undone.status, 200, "{}", undone.body);
    assert_eq!(moves(&undone.body), Vec::<String>::new());
    assert_eq!(client.play(&id, &token, &second).await.status, 200);
    release.send(()).unwrap();
    assert!(matches!(blocker.await, JobOutcome::Done(Ok(()))));

    let view = client
        .wait_for(&id, BUDGET, |v| {
            moves(v).len() == 2 && v["thinking"] == false
        })
        .await;
    assert_eq!(moves(&view)[0], second, "the person's second choice stands");
    assert_eq!(view["status"]["seat"], 0, "the person is to move again");
    assert!(view.get("computer_error").is_none(), "{view}");
    let stats = server.hub.stats();
    assert!(stats.stale_searches.load(Ordering::Relaxed) >= 1);
    assert_eq!(stats.computer_moves.load(Ordering::Relaxed), 1);
    assert_eq!(stats.computer_failures.load(Ordering::Relaxed), 0);
    assert!(
        server.hub.pool().stats().cancelled.load(Ordering::Relaxed) >= 1,
        "the search for the taken-back position never ran"
    );

    // What is stored is what was shown: a restart on the same file gives the same game.
    server.task.abort();
    let again = serve_with(&dir.path().join("t.db"), Limits::default()).await;
    let stored = Client::new(again.addr)
        .get(&format!("/api/games/{id}"))
        .await
        .body;
    assert_eq!(moves(&stored), moves(&view));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_and_a_new_move_while_the_computer_thinks_never_hang_a_game() {
    // The issue's probe: 9 of 10 such Carreaux games at level 5 hung. The searches wait until
    // every game has been played, taken back and played again, so that each undo comes while
    // the computer thinks (a fast search could otherwise answer first, and the undo would
    // take its move back too).
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        searches: 1,
        ..Limits::default()
    };
    let server = serve_with(&dir.path().join("t.db"), limits).await;
    let client = Client::new(server.addr);
    let (release, blocker) = hold_replies(&server.hub);
    let mut games = Vec::new();
    for _ in 0..8 {
        let (id, tokens) = client.create(carreaux_against_level_5()).await;
        let token = tokens[0].clone().unwrap();
        let start = client.get(&format!("/api/games/{id}")).await.body;
        let choices = legal(&start);
        assert_eq!(client.play(&id, &token, &choices[0]).await.status, 200);
        let undone = client
            .post(&format!("/api/games/{id}/undo"), json!({"token": token}))
            .await;
        assert_eq!(undone.status, 200, "{}", undone.body);
        let again = client.play(&id, &token, &choices[1]).await;
        assert_eq!(again.status, 200, "{}", again.body);
        games.push((id, choices[1].clone()));
    }
    release.send(()).unwrap();
    assert!(matches!(blocker.await, JobOutcome::Done(Ok(()))));
    for (id, second) in &games {
        let view = client
            .wait_for(id, BUDGET, |v| {
                moves(v).len() == 2 && v["thinking"] == false
            })
            .await;
        assert_eq!(&moves(&view)[0], second);
    }
    let stats = server.hub.stats();
    assert_eq!(stats.computer_failures.load(Ordering::Relaxed), 0);
    assert_eq!(stats.computer_moves.load(Ordering::Relaxed), 8);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_that_cannot_store_its_move_retries_then_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let server = serve_with(&db, Limits::default()).await;
    let client = Client::new(server.addr);
    let (id, tokens) = client
        .create(json!({
            "game": "black-path", "settings": {"size": "4x4"},
            "seats": [{"kind": "local"}, {"kind": "computer", "level": 1}],
        }))
        .await;
    let token = tokens[0].clone().unwrap();
    let pool = database(&db).await;
    execute(
        &pool,
        "CREATE TRIGGER refuse_reply BEFORE INSERT ON moves WHEN NEW.ply = 1 \
         BEGIN SELECT RAISE(ABORT, 'the disk is full (test)'); END",
    )
    .await;
    assert_eq!(client.play(&id, &token, "2").await.status, 200);
    // Three attempts, one and two seconds apart; then the game shows why.
    let view = client
        .wait_for(&id, BUDGET, |v| v.get("computer_error").is_some())
        .await;
    assert_eq!(view["thinking"], false);
    assert!(
        view["computer_error"]
            .as_str()
            .unwrap()
            .contains("the disk is full"),
        "{view}"
    );
    assert_eq!(moves(&view), ["2"]);
    assert_eq!(
        server.hub.stats().computer_failures.load(Ordering::Relaxed),
        3
    );

    // Once the store works again, the next change brings the computer back.
    execute(&pool, "DROP TRIGGER refuse_reply").await;
    let undone = client
        .post(&format!("/api/games/{id}/undo"), json!({"token": token}))
        .await;
    assert_eq!(undone.status, 200, "{}", undone.body);
    assert_eq!(client.play(&id, &token, "3").await.status, 200);
    let view = client
        .wait_for(&id, BUDGET, |v| {
            moves(v).len() == 2 && v["thinking"] == false
        })
        .await;
    assert!(view.get("computer_error").is_none(), "{view}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_the_store_refuses_is_not_shown_to_anyone() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let server = serve_with(&db, Limits::default()).await;
    let client = Client::new(server.addr);
    let (id, tokens) = client.create(black_path_at_one_screen()).await;
    let token = tokens[0].clone().unwrap();
    assert_eq!(client.play(&id, &token, "2").await.status, 200);

    let mut socket = client.watch(&id).await;
    let first = socket.next().await.unwrap().unwrap();
    assert!(first.to_text().unwrap().contains("\"moves\":[\"2\"]"));

    let pool = database(&db).await;
    execute(
        &pool,
        "CREATE TRIGGER refuse_undo BEFORE DELETE ON moves \
         BEGIN SELECT RAISE(ABORT, 'refused (test)'); END",
    )
    .await;
    execute(
        &pool,
        "CREATE TRIGGER refuse_moves BEFORE INSERT ON moves \
         BEGIN SELECT RAISE(ABORT, 'refused (test)'); END",
    )
    .await;
    let undone = client
        .post(&format!("/api/games/{id}/undo"), json!({"token": token}))
        .await;
    assert_eq!(undone.status, 500);
    assert!(undone.error().contains("storage failed"), "{}", undone.body);
    let moved = client.play(&id, tokens[1].as_ref().unwrap(), "1").await;
    assert_eq!(moved.status, 500, "{}", moved.body);
    assert_eq!(
        moves(&client.get(&format!("/api/games/{id}")).await.body),
        ["2"]
    );
    // The viewer heard of no change (who is watching may be told; no view is).
    let pushed = tokio::time::timeout(Duration::from_millis(300), async {
        loop {
            let message = socket.next().await.unwrap().unwrap();
            if !message.to_text().unwrap().contains("\"type\":\"presence\"") {
                return message;
            }
        }
    })
    .await;
    assert!(pushed.is_err(), "a refused change was pushed: {pushed:?}");

    execute(&pool, "DROP TRIGGER refuse_undo").await;
    let undone = client
        .post(&format!("/api/games/{id}/undo"), json!({"token": token}))
        .await;
    assert_eq!(undone.status, 200);
    assert_eq!(moves(&undone.body), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_leave_memory_beyond_the_limit_and_come_back() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        games_in_memory: 3,
        ..Limits::default()
    };
    let server = serve_with(&dir.path().join("t.db"), limits).await;
    let client = Client::new(server.addr);
    let mut games = Vec::new();
    for _ in 0..8 {
        games.push(client.create(black_path_at_one_screen()).await);
        assert!(server.hub.games_in_memory() <= 3);
    }
    assert!(server.hub.stats().evicted.load(Ordering::Relaxed) >= 5);

    // A viewer of the first game (long gone from memory) hears of a move made in it.
    let (id, tokens) = &games[0];
    let mut socket = client.watch(id).await;
    socket.next().await.unwrap().unwrap();
    for (other, _) in &games[1..] {
        client.get(&format!("/api/games/{other}")).await;
    }
    assert!(server.hub.games_in_memory() <= 3);
    let moved = client.play(id, tokens[0].as_ref().unwrap(), "2").await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    let pushed = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            let message = socket.next().await.unwrap().unwrap();
            if message.to_text().unwrap().contains("\"type\":\"view\"") {
                return message;
            }
        }
    })
    .await
    .unwrap();
    assert!(pushed.to_text().unwrap().contains("\"moves\":[\"2\"]"));
    // Every game still reads as it was stored.
    for (other, _) in &games[1..] {
        let answer = client.get(&format!("/api/games/{other}")).await;
        assert_eq!(answer.status, 200);
        assert_eq!(moves(&answer.body), Vec::<String>::new());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_games_leave_memory_and_channels_do_not_pile_up() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        game_idle: Duration::from_millis(300),
        ..Limits::default()
    };
    let server = serve_with(&dir.path().join("t.db"), limits).await;
    let client = Client::new(server.addr);
    let (watched, _) = client.create(black_path_at_one_screen()).await;
    for _ in 0..4 {
        client.create(black_path_at_one_screen()).await;
    }
    let socket = client.watch(&watched).await;
    assert_eq!(server.hub.games_in_memory(), 5);
    let left = || server.hub.games_in_memory() == 0;
    wait::until_holds(BUDGET, "the idle games leaving memory", left).await;
    assert_eq!(
        server.hub.channels(),
        1,
        "the watched game keeps its channel"
    );
    drop(socket);
    let closed = || server.hub.channels() == 0;
    wait::until_holds(BUDGET, "the last viewer's channel closing", closed).await;
}

/// Stores a game directly (as a server that stopped would have left it).
async fn store_game(url: &str, id: &str, moves: &[&str], computer_to_move: bool) {
    use tafel_server::domain::game::{StoredGame, Summary};
    use tafel_server::domain::seat::{SeatKind, StoredSeat};
    use tafel_server::store::Store;
    let store = Store::open(url).await.unwrap();
    let game = StoredGame::new(
        id,
        "black-path",
        vec![("size".into(), "3x3".into())],
        None,
        vec![
            StoredSeat::person(SeatKind::Local, None),
            StoredSeat::computer(1),
        ],
        moves.iter().map(|m| m.to_string()).collect(),
    );
    let summary = Summary {
        computer_to_move,
        ..Summary::default()
    };
    store.create(&game, &summary).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_resumes_only_the_games_whose_computer_is_to_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let url = format!("sqlite://{}", db.display());
    store_game(&url, "waitingforai", &["3"], true).await;
    for i in 0..5 {
        store_game(&url, &format!("personsturn{i}"), &[], false).await;
    }
    let server = serve_with(&db, Limits::default()).await;
    let client = Client::new(server.addr);
    // Nobody asks for the game: the server resumes it by itself.
    let moved = || server.hub.stats().computer_moves.load(Ordering::Relaxed) >= 1;
    wait::until_holds(BUDGET, "the computer moving after the restart", moved).await;
    assert_eq!(
        server.hub.stats().loaded.load(Ordering::Relaxed),
        1,
        "only the game whose computer was to move was loaded"
    );
    let view = client.get("/api/games/waitingforai").await.body;
    assert_eq!(moves(&view).len(), 2);
    assert_eq!(view["status"]["seat"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_from_before_the_computer_flag_keeps_working() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("old.db");
    let url = format!("sqlite://{}?mode=rwc", db.display());
    // The schema as the first migration made it, applied the way sqlx applies it.
    let first = dir.path().join("migrations");
    std::fs::create_dir(&first).unwrap();
    std::fs::write(
        first.join("0001_games.sql"),
        include_str!("../../migrations/sqlite/0001_games.sql"),
    )
    .unwrap();
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::migrate::Migrator::new(first.as_path())
        .await
        .unwrap()
        .run(&pool)
        .await
        .unwrap();
    let seats = |second: &str| {
        format!(
            r#"[{{"kind":"local","level":null,"token":"secret"}},{}]"#,
            second
        )
    };
    let computer = r#"{"kind":"computer","level":1,"token":"x"}"#;
    let person = r#"{"kind":"local","level":null,"token":"y"}"#;
    for (id, second, moves, result) in [
        ("oldcomputer1", computer, vec!["3"], None),
        ("oldpeople001", person, vec!["3"], None),
        ("oldfinished1", computer, vec![], Some("White wins")),
    ] {
        sqlx::query(
            "INSERT INTO games (id, game, settings, seats, result) VALUES (?, 'black-path', ?, ?, ?)",
        )
        .bind(id)
        .bind(r#"[["size","3x3"]]"#)
        .bind(seats(second))
        .bind(result)
        .execute(&pool)
        .await
        .unwrap();
        for (ply, mv) in moves.iter().enumerate() {
            sqlx::query("INSERT INTO moves (game_id, ply, notation) VALUES (?, ?, ?)")
                .bind(id)
                .bind(ply as i64)
                .bind(mv)
                .execute(&pool)
                .await
                .unwrap();
        }
    }
    pool.close().await;

    let server = serve_with(&db, Limits::default()).await;
    let client = Client::new(server.addr);
    let view = client
        .wait_for("oldcomputer1", BUDGET, |v| moves(v).len() == 2)
        .await;
    assert_eq!(view["status"]["seat"], 0);
    let people = client.get("/api/games/oldpeople001").await;
    assert_eq!(people.status, 200);
    assert_eq!(moves(&people.body), ["3"]);
    assert_eq!(people.body["seats"][1]["kind"], "local");
    assert_eq!(
        server.hub.stats().loaded.load(Ordering::Relaxed),
        2,
        "the old unfinished computer game was looked at, the others only when asked for"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_runs_at_most_two_games_of_the_computer_against_itself() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        searches: 1,
        ..Limits::default()
    };
    let server = serve_with(&dir.path().join("t.db"), limits).await;
    // The background lane's only thread is held, so the computer's games keep running.
    let (release, held) = std::sync::mpsc::channel::<()>();
    let holder = Ticket::new(Class::Unattended, Owner::Game("holder".to_string()));
    let blocker = server
        .hub
        .pool()
        .submit(holder, || false, move || held.recv())
        .unwrap();
    let (first, second) = (
        Client::from_address(server.addr, [127, 0, 0, 2].into()),
        Client::from_address(server.addr, [127, 0, 0, 3].into()),
    );
    let computers = json!({"game": "carreaux", "seats": [
        {"kind": "computer", "level": 1}, {"kind": "computer", "level": 1}]});
    for _ in 0..2 {
        assert_eq!(
            first.post("/api/games", computers.clone()).await.status,
            200
        );
    }
    let third = first.post("/api/games", computers.clone()).await;
    assert_eq!(third.status, 429, "{}", third.body);
    assert!(
        third.error().contains("computer against itself"),
        "{}",
        third.error()
    );
    // Another address may; a game with a person is no game of the computer against itself.
    assert_eq!(
        second.post("/api/games", computers.clone()).await.status,
        200
    );
    assert_eq!(
        first
            .post("/api/games", carreaux_against_level_5())
            .await
            .status,
        200
    );

    // Once a game ends, the address may start another.
    release.send(()).unwrap();
    assert!(matches!(blocker.await, JobOutcome::Done(Ok(()))));
    wait::until(BUDGET, "a game of the computer ending", || async {
        let answer = first.post("/api/games", computers.clone()).await;
        if answer.status == 200 {
            return Ok(());
        }
        assert_eq!(answer.status, 429, "{}", answer.body);
        Err(answer.body)
    })
    .await;
    server.stop();
}

//! Several `tafel serve` processes on one PostgreSQL database (issue #20), chat messages
//! between them (issue #31), and `tafel db copy` between SQLite and PostgreSQL.
//!
//! The tests that need PostgreSQL run when `TAFEL_TEST_POSTGRES` is the URL of a database
//! whose user may create databases (`scripts/test` starts a throwaway server and sets it;
//! `scripts/with-postgres cargo test --workspace --test server instances::` does the same by hand);
//! each test gets a database of its own. Without it they say so and pass; the SQLite copy
//! test always runs.
//!
//! The servers are real `tafel serve` processes (a crash is a SIGKILL; `process/mod.rs`).

use crate::process;

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tafel_server::Config;
use tafel_testkit::client::{black_path_at_one_screen, Client};
use tafel_testkit::postgres::test_database;

use process::{tafel, Instance};

fn moves_of(view: &Value) -> usize {
    view["moves"].as_array().map_or(0, Vec::len)
}

fn is_over(view: &Value) -> bool {
    view["status"]["state"] == "over"
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn viewers_on_one_instance_see_the_moves_made_through_the_other() {
    let Some(database) = test_database("viewers").await else {
        return;
    };
    let instances = [Instance::start(&database), Instance::start(&database)];
    let mut latencies = Vec::new();
    for _ in 0..2 {
        let (id, tokens) = instances[0]
            .create_at_one_screen(json!({
                "game": "quarx",
                "seats": [{"kind": "local"}, {"kind": "local"}],
            }))
            .await;
        let mut viewers = [instances[0].watch(&id).await, instances[1].watch(&id).await];
        let mut ply = 0;
        loop {
            // Moves go through the two instances in turn; each viewer must see every one.
            let (through, other) = (ply % 2, 1 - ply % 2);
            let view = instances[through].view(&id).await;
            assert_eq!(moves_of(&view), ply, "{view}");
            if is_over(&view) || ply == 30 {
                break;
            }
            let seat = view["status"]["seat"].as_u64().unwrap() as usize;
            let legal = view["legal"].as_array().unwrap();
            let mv = legal[ply % legal.len()].as_str().unwrap().to_string();
            let sent = Instant::now();
            let (status, answer) = instances[through]
                .play_at(&id, &tokens[seat], &mv, ply)
                .await
                .parts();
            assert_eq!(status, 200, "{answer}");
            let seen = viewers[other]
                .view_with(ply + 1, Duration::from_secs(5))
                .await;
            latencies.push(sent.elapsed());
            assert_eq!(moves_of(&seen), ply + 1);
            assert_eq!(seen["moves"][ply], mv);
            viewers[through]
                .view_with(ply + 1, Duration::from_secs(5))
                .await;
            ply += 1;
        }
        let [a, b] = &instances;
        assert_eq!(a.view(&id).await["moves"], b.view(&id).await["moves"]);
        for viewer in viewers {
            viewer.close().await;
        }
    }
    latencies.sort();
    let median = latencies[latencies.len() / 2];
    let slowest = *latencies.last().unwrap();
    eprintln!(
        "{} moves seen on the other instance: median {median:?}, slowest {slowest:?} after \
         the move was sent",
        latencies.len()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_ply_sent_to_both_instances_at_once_is_accepted_once() {
    let Some(database) = test_database("race").await else {
        return;
    };
    let [a, b] = [Instance::start(&database), Instance::start(&database)];
    const TRIALS: usize = 500;
    let (mut trials, mut decided_by_the_store) = (0, 0);
    while trials < TRIALS {
        let (id, tokens) = a.create_at_one_screen(black_path_at_one_screen()).await;
        loop {
            // Both instances have the game in memory at this ply.
            let (view, also) = tokio::join!(a.view(&id), b.view(&id));
            assert_eq!(view["moves"], also["moves"]);
            if is_over(&view) || trials == TRIALS {
                break;
            }
            let ply = moves_of(&view);
            let seat = view["status"]["seat"].as_u64().unwrap() as usize;
            let legal = view["legal"].as_array().unwrap();
            let (x, y) = (
                legal[0].as_str().unwrap(),
                legal[legal.len() - 1].as_str().unwrap(),
            );
            let token = &tokens[seat];
            let (first, second) =
                tokio::join!(a.play_at(&id, token, x, ply), b.play_at(&id, token, y, ply));
            let ((first, first_answer), (second, second_answer)) = (first.parts(), second.parts());
            let mut statuses = [first, second];
            statuses.sort();
            assert_eq!(
                statuses,
                [200, 409],
                "trial {trials}: {first_answer} / {second_answer}"
            );
            let refusal = if first == 409 {
                first_answer
            } else {
                second_answer
            };
            if refusal["error"]
                .as_str()
                .is_some_and(|e| e.contains("changed meanwhile"))
            {
                decided_by_the_store += 1;
            }
            let (after, also) = tokio::join!(a.view(&id), b.view(&id));
            assert_eq!(moves_of(&after), ply + 1, "trial {trials}");
            assert_eq!(after["moves"], also["moves"], "trial {trials}");
            let played = after["moves"][ply].as_str().unwrap();
            let accepted = if first == 200 { x } else { y };
            assert_eq!(played, accepted, "trial {trials}");
            trials += 1;
        }
    }
    eprintln!(
        "{TRIALS} races, each accepted once; {decided_by_the_store} were decided by the \
         database's conditional write (the others by the version check before the move)"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_game_goes_on_when_the_instance_playing_it_dies() {
    takeover("takeover", "killed", Instance::kill).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_game_goes_on_when_the_instance_playing_it_drains() {
    takeover("drained", "stopped with SIGTERM", |a: &mut Instance| {
        a.terminate();
        let status = a.wait_for_exit(Duration::from_secs(30));
        assert!(status.success(), "{status}");
    })
    .await;
}

/// A game of the computer against itself, played by instance A, goes on through instance B
/// after A is stopped by `stop` (`how` says how, in the test's output).
async fn takeover(name: &str, how: &str, stop: impl FnOnce(&mut Instance)) {
    let Some(database) = test_database(name).await else {
        return;
    };
    let mut a = Instance::start(&database);
    let b = Instance::start(&database);
    // Two computers: the instance that created the game plays both (it holds the lease). A
    // game between them on this board lasts seconds, some hundred moves.
    let (id, _) = a
        .create(json!({
            "game": "black-path",
            "settings": {"size": "20x20"},
            "seats": [{"kind": "computer", "level": 5}, {"kind": "computer", "level": 5}],
        }))
        .await;
    let mut viewer = b.watch(&id).await;
    viewer.view_with(2, Duration::from_secs(60)).await;
    stop(&mut a);
    let stopped = Instant::now();
    // The socket opened through B was piped to A, the game's owner (issue #51): it was told
    // to reconnect, and opened again it is B's own.
    viewer.close().await;
    let mut viewer = b.watch(&id).await;
    let before = moves_of(&b.view(&id).await);
    assert!(
        !is_over(&b.view(&id).await),
        "the game ended before A stopped"
    );
    // B takes the game over within a few seconds, and plays it to its end.
    viewer.view_with(before + 1, Duration::from_secs(20)).await;
    let took_over = stopped.elapsed();
    let view = b.wait_for(&id, Duration::from_secs(180), is_over).await;
    eprintln!(
        "{how} at move {before}; the other instance moved {took_over:?} later and finished \
         the game at move {}",
        moves_of(&view)
    );
    assert!(moves_of(&view) > before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takebacks_and_clocks_work_across_instances() {
    let Some(database) = test_database("consent").await else {
        return;
    };
    let [a, b] = [Instance::start(&database), Instance::start(&database)];
    // The guest joins through the other instance.
    let clock = json!({"kind": "fischer", "initial_seconds": 4, "increment_seconds": 0});
    let (id, host, guest) = a
        .host_and_guest(json!({"game": "quarx", "time_control": clock}), &b)
        .await;
    let tokens = [host.clone(), guest.clone()];
    for (ply, instance) in [&a, &b].into_iter().enumerate() {
        let view = instance.view(&id).await;
        let seat = view["status"]["seat"].as_u64().unwrap() as usize;
        let mv = view["legal"][0].as_str().unwrap().to_string();
        let (status, answer) = instance.play_at(&id, &tokens[seat], &mv, ply).await.parts();
        assert_eq!(status, 200, "{answer}");
    }
    // The host asks through B for a takeback, the guest accepts through A.
    let takeback = |token: &str, action: &str| json!({"token": token, "action": action});
    let path = format!("/api/games/{id}/takeback");
    let (status, asked) = b.post(&path, takeback(&host, "offer")).await.parts();
    assert_eq!(status, 200, "{asked}");
    let (status, accepted) = a.post(&path, takeback(&guest, "accept")).await.parts();
    assert_eq!(status, 200, "{accepted}");
    let (on_a, on_b) = (a.view(&id).await, b.view(&id).await);
    assert_eq!(on_a["moves"], on_b["moves"]);
    assert!(moves_of(&on_a) < 2, "{on_a}");
    // Nobody moves: the clock falls once, and both instances show the same ending.
    let ended = b.wait_for(&id, Duration::from_secs(20), is_over).await;
    assert_eq!(ended["status"]["termination"], "time forfeit", "{ended}");
    let on_a = a.view(&id).await;
    assert_eq!(on_a["status"], ended["status"]);
    assert_eq!(on_a["moves"], ended["moves"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_written_through_one_instance_reaches_the_players_on_the_other() {
    let Some(database) = test_database("chat").await else {
        return;
    };
    let [a, b] = [Instance::start(&database), Instance::start(&database)];
    let (id, host, guest) = a.host_and_guest(json!({"game": "quarx"}), &b).await;
    // The guest watches through B; the spectator too.
    let mut guest_viewer = b.watch(&id).await;
    guest_viewer.next_of("view").await;
    guest_viewer
        .send_json(json!({"type": "hello", "tokens": [guest]}))
        .await;
    while !guest_viewer.next_of("presence").await["seats"]
        .as_array()
        .is_some_and(|seats| seats.contains(&json!(1)))
    {}
    let mut spectator = b.watch(&id).await;
    spectator.next_of("view").await;
    // The host writes through A, twice (two instances numbering one room in turn).
    let chat = format!("/api/games/{id}/chat");
    for (n, text) in ["hello from A", "still here"].into_iter().enumerate() {
        let body = json!({"room": "players", "token": host, "text": text});
        let (status, written) = a.post(&chat, body).await.parts();
        assert_eq!(status, 201, "{written}");
        assert_eq!(written["seq"], n + 1);
        let pushed = guest_viewer.next_of("chat").await;
        assert_eq!(pushed["message"], written, "pushed on B as written on A");
    }
    // The guest answers through B; A reads all three, in order.
    let body = json!({"room": "players", "token": guest, "text": "hello from B"});
    let (status, written) = b.post(&chat, body).await.parts();
    assert_eq!(status, 201, "{written}");
    assert_eq!(written["seq"], 3);
    let read = a
        .send(a.http.get(a.url(&chat)).header("x-tafel-token", &host))
        .await;
    let texts: Vec<&str> = read.body["players"]
        .as_array()
        .unwrap_or_else(|| panic!("{}", read.body))
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["hello from A", "still here", "hello from B"]);
    // The spectator on B was told nothing of the players' room: its next chat message is a
    // spectator's, written through A.
    let cookie = a.sign_up("Onlooker").await;
    let remark = a
        .http
        .post(a.url(&chat))
        .header("cookie", &cookie)
        .json(&json!({"room": "spectators", "text": "from the stands"}));
    let (status, written) = a.send(remark).await.parts();
    assert_eq!(status, 201, "{written}");
    let pushed = spectator.next_of("chat").await;
    assert_eq!(pushed["message"]["text"], "from the stands");
    assert_eq!(pushed["message"]["room"], "spectators");
}

/// A move or an undo sent to an instance whose copy of the game is stale (it has not heard
/// of the other instance's last change) is worked out on the stored game: accepted when the
/// stored game allows it, refused as it would be there otherwise; never stored over the stale
/// copy. Servers in this process, so that one of them can be kept from hearing the other's
/// changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_sent_to_an_instance_with_a_stale_copy_is_decided_on_the_stored_game() {
    let Some(database) = test_database("stale_copy").await else {
        return;
    };
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), database.as_str());
    // Each instance names an address where nothing listens, so that neither forwards the
    // game's requests to its owner (issue #51): connecting fails at once and the request is
    // served where it arrived, on that instance's copy, which is what this test is about.
    config.instance_url = Some("http://127.0.0.1:1".to_string());
    let a = tafel_server::start(&config).await.unwrap();
    let b = tafel_server::start(&config).await.unwrap();
    // B's background tasks stop, among them the one that hears A's changes: its copies of
    // the game stay as it loaded them until a request finds them stale.
    b.hub.stop();
    let (a, b) = (Client::new(a.addr), Client::new(b.addr));
    let (id, tokens) = a
        .create_at_one_screen(
            json!({"game": "quarx", "seats": [{"kind": "local"}, {"kind": "local"}]}),
        )
        .await;
    // A move through `instance` for the seat to move in `seen`, at `seen`'s ply or none.
    let play = |instance: &Client, seen: &Value, at_ply: bool| {
        let seat = seen["status"]["seat"].as_u64().unwrap() as usize;
        let (mv, ply) = (seen["legal"][0].as_str().unwrap(), moves_of(seen));
        let mut body = json!({"token": tokens[seat], "move": mv});
        if at_ply {
            body["ply"] = json!(ply);
        }
        let (instance, path) = (instance.clone(), format!("/api/games/{id}/moves"));
        async move { instance.post(&path, body).await.parts() }
    };

    // B loads the game after one move, then A plays the second: B's copy is stale.
    assert_eq!(play(&a, &a.view(&id).await, true).await.0, 200);
    let stale = b.view(&id).await;
    assert_eq!(moves_of(&stale), 1);
    assert_eq!(play(&a, &stale, true).await.0, 200);

    // The third move, sent to B by the seat to move: B's copy says it is the other seat's
    // turn, the stored game says it is this one's, and the stored game decides.
    let (status, third) = play(&b, &a.view(&id).await, true).await;
    assert_eq!(status, 200, "{third}");
    assert_eq!(moves_of(&third), 3);
    assert_eq!(a.view(&id).await["moves"], third["moves"]);

    // A plays the fourth move; B's copy (three moves) is stale again. A move that is legal
    // in B's copy, for the seat to move there, at B's ply: refused, as the stored game
    // (four moves) refuses it, and nothing is stored.
    let (status, fourth) = play(&a, &third, true).await;
    assert_eq!(status, 200, "{fourth}");
    let (status, refused) = play(&b, &third, true).await;
    assert_eq!(status, 409, "{refused}");
    assert!(refused.to_string().contains("not 3"), "{refused}");
    assert_eq!(a.view(&id).await["moves"], fourth["moves"]);

    // The same without a ply: B's copy (four moves now) is made stale by a fifth move, and a
    // move for the seat that made it is refused as not its turn.
    let (status, fifth) = play(&a, &fourth, true).await;
    assert_eq!(status, 200, "{fifth}");
    let (status, refused) = play(&b, &fourth, false).await;
    assert_eq!(status, 409, "{refused}");
    assert!(refused.to_string().contains("turn"), "{refused}");
    assert_eq!(a.view(&id).await["moves"], fifth["moves"]);

    // An undo through B after A's sixth move takes back the sixth, not B's copy's last.
    let (status, sixth) = play(&a, &fifth, true).await;
    assert_eq!(status, 200, "{sixth}");
    let mover = fifth["status"]["seat"].as_u64().unwrap() as usize;
    let undo = json!({"token": tokens[mover]});
    let (status, undone) = b.post(&format!("/api/games/{id}/undo"), undo).await.parts();
    assert_eq!(status, 200, "{undone}");
    assert_eq!(a.view(&id).await["moves"], fifth["moves"]);
    assert_eq!(b.view(&id).await["moves"], fifth["moves"]);
}

/// Creates games of several kinds on `instance` (moves, an invited seat, a clock, a finished
/// one); returns their ids.
async fn games_to_copy(instance: &Instance) -> Vec<String> {
    let mut ids = Vec::new();
    let (id, tokens) = instance
        .create_at_one_screen(black_path_at_one_screen())
        .await;
    let mut ply = 0;
    loop {
        let view = instance.view(&id).await;
        if is_over(&view) {
            break;
        }
        let seat = view["status"]["seat"].as_u64().unwrap() as usize;
        let mv = view["legal"][0].as_str().unwrap().to_string();
        assert_eq!(
            instance.play_at(&id, &tokens[seat], &mv, ply).await.status,
            200
        );
        ply += 1;
    }
    ids.push(id);
    let (id, _) = instance
        .create(json!({
            "game": "karls-race",
            "seats": [{"kind": "local", "name": "Ann"}, {"kind": "invite"}],
            "public": true,
            "time_control": {"kind": "fischer", "initial_seconds": 300, "increment_seconds": 5},
        }))
        .await;
    ids.push(id);
    let (id, tokens) = instance
        .create_at_one_screen(black_path_at_one_screen())
        .await;
    let mv = instance.view(&id).await["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(instance.play_at(&id, &tokens[0], &mv, 0).await.status, 200);
    ids.push(id);
    ids
}

/// What must survive a copy: everything the view shows but the clocks' running time.
fn lasting(mut view: Value) -> Value {
    if let Some(clock) = view.get_mut("clock") {
        *clock = json!(clock.get("control"));
    }
    view
}

/// Copies with `tafel db copy`; returns its output.
fn copy(from: &str, to: &str, merge: bool) -> std::process::Output {
    let tafel = tafel();
    let mut command = Command::new(&tafel);
    command.args(["db", "copy", "--from", from, "--to", to]);
    if merge {
        command.arg("--merge");
    }
    command
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", tafel.display()))
}

/// Copies the games of a server on `first` to `second` and on to `third`, and compares what
/// servers on the first and the last show.
async fn round_trip(first: &str, second: &str, third: &str) {
    let original = Instance::start(first);
    let ids = games_to_copy(&original).await;
    let mut views = Vec::new();
    for id in &ids {
        views.push(lasting(original.view(id).await));
    }
    drop(original);
    for (from, to) in [(first, second), (second, third)] {
        let done = copy(from, to, false);
        let said = String::from_utf8_lossy(&done.stdout);
        assert!(
            done.status.success(),
            "{}",
            String::from_utf8_lossy(&done.stderr)
        );
        assert!(
            said.contains(&format!("copied {} games", ids.len())),
            "{said}"
        );
        // Again: refused without --merge, and with it nothing changes.
        let refused = copy(from, to, false);
        assert!(!refused.status.success());
        assert!(String::from_utf8_lossy(&refused.stderr).contains("--merge"));
        let again = copy(from, to, true);
        let said = String::from_utf8_lossy(&again.stdout);
        assert!(said.contains("copied 0 games"), "{said}");
        assert!(
            said.contains(&format!("{} already there", ids.len())),
            "{said}"
        );
    }
    let copied = Instance::start(third);
    for (id, view) in ids.iter().zip(views) {
        assert_eq!(lasting(copied.view(id).await), view, "game {id}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn db_copy_carries_every_game_from_sqlite_to_sqlite() {
    let folder = tempfile::tempdir().unwrap();
    let url = |name: &str| format!("sqlite://{}/{name}.db", folder.path().display());
    round_trip(&url("first"), &url("second"), &url("third")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn db_copy_carries_every_game_from_sqlite_to_postgres_and_back() {
    let Some(database) = test_database("copy").await else {
        return;
    };
    let folder = tempfile::tempdir().unwrap();
    let url = |name: &str| format!("sqlite://{}/{name}.db", folder.path().display());
    round_trip(&url("first"), &database, &url("back")).await;
}

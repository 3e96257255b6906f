//! Several `tafel serve` processes on one PostgreSQL database (issue #20), and `tafel db
//! copy` between SQLite and PostgreSQL.
//!
//! The tests that need PostgreSQL run when `TAFEL_TEST_POSTGRES` is the URL of a database
//! whose user may create databases (`scripts/test` starts a throwaway server and sets it;
//! `scripts/with-postgres cargo test -p tafel-cli --test instances` does the same by hand);
//! each test gets a database of its own. Without it they say so and pass; the SQLite copy
//! test always runs.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{json, Value};
use tafel_server::store::Store;
use tokio_tungstenite::tungstenite::Message;

/// A `tafel serve` process; killed when dropped.
struct Instance {
    child: Child,
    base: String,
    http: reqwest::Client,
}

impl Instance {
    /// Starts `tafel serve` on a free port with `database`.
    fn start(database: &str) -> Instance {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tafel"))
            .args(["serve", "--port", "0", "--database", database])
            .args(["--games-per-minute", "100000", "--games-burst", "100000"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let Some(line) = lines
            .by_ref()
            .map_while(Result::ok)
            .find(|line| line.contains("serving on http://"))
        else {
            let _ = child.kill();
            let _ = child.wait();
            panic!("tafel serve did not start");
        };
        let start = line.find("http://").unwrap();
        let base = line[start..]
            .split_whitespace()
            .next()
            .unwrap()
            .trim_end_matches('/')
            .to_string();
        // Keep reading its output, so that it never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        Instance {
            child,
            base,
            http: reqwest::Client::new(),
        }
    }

    async fn get(&self, path: &str) -> Value {
        let response = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "GET {path}");
        response.json().await.unwrap()
    }

    /// Posts `body`; returns the status and the answer.
    async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let response = self
            .http
            .post(format!("{}{path}", self.base))
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// Creates a game; returns its id and the seats' tokens.
    async fn create(&self, body: Value) -> (String, Vec<String>) {
        let (status, answer) = self.post("/api/games", body).await;
        assert_eq!(status, 200, "{answer}");
        let tokens = answer["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["token"].as_str().unwrap_or_default().to_string())
            .collect();
        (answer["id"].as_str().unwrap().to_string(), tokens)
    }

    async fn view(&self, id: &str) -> Value {
        self.get(&format!("/api/games/{id}")).await
    }

    /// Plays `mv` at `ply` for the seat holding `token`.
    async fn play(&self, id: &str, token: &str, mv: &str, ply: usize) -> (u16, Value) {
        self.post(
            &format!("/api/games/{id}/moves"),
            json!({"token": token, "move": mv, "ply": ply}),
        )
        .await
    }

    /// A WebSocket on game `id`.
    async fn watch(&self, id: &str) -> Viewer {
        let url = format!(
            "{}/api/games/{id}/ws",
            self.base.replace("http://", "ws://")
        );
        let (socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        Viewer(socket)
    }

    /// Ends the process at once, as a crash would.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        self.kill();
    }
}

struct Viewer(
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
);

impl Viewer {
    /// Waits (at most `limit`) for a view with `moves` moves or more.
    async fn view_with(&mut self, moves: usize, limit: Duration) -> Value {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let message = tokio::time::timeout(left, self.0.next())
                .await
                .unwrap_or_else(|_| panic!("no view with {moves} moves within {limit:?}"))
                .unwrap()
                .unwrap();
            if let Message::Text(text) = message {
                let message: Value = serde_json::from_str(&text).unwrap();
                if message["type"] == "view" && moves_of(&message["view"]) >= moves {
                    return message["view"].clone();
                }
            }
        }
    }

    async fn close(mut self) {
        let _ = self.0.close(None).await;
    }
}

fn moves_of(view: &Value) -> usize {
    view["moves"].as_array().map_or(0, Vec::len)
}

fn is_over(view: &Value) -> bool {
    view["status"]["state"] == "over"
}

/// A new empty PostgreSQL database, or `None` (said) when `TAFEL_TEST_POSTGRES` is not set.
async fn postgres(test: &str) -> Option<String> {
    let Ok(server) = std::env::var("TAFEL_TEST_POSTGRES") else {
        eprintln!("{test}: TAFEL_TEST_POSTGRES is not set, so this test does not run");
        return None;
    };
    let name = format!("tafel_{test}_{:08x}", rand_id());
    Some(
        Store::create_postgres_database(&server, &name)
            .await
            .unwrap(),
    )
}

fn rand_id() -> u32 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    now.subsec_nanos() ^ std::process::id()
}

/// Black Path on 4x4 between two people at one screen: short games, no dice.
fn black_path() -> Value {
    json!({
        "game": "black-path",
        "settings": {"size": "4x4"},
        "seats": [{"kind": "local"}, {"kind": "local"}],
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn viewers_on_one_instance_see_the_moves_made_through_the_other() {
    let Some(database) = postgres("viewers").await else {
        return;
    };
    let instances = [Instance::start(&database), Instance::start(&database)];
    let mut latencies = Vec::new();
    for _ in 0..2 {
        let (id, tokens) = instances[0]
            .create(json!({
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
            let (status, answer) = instances[through].play(&id, &tokens[seat], &mv, ply).await;
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
    let Some(database) = postgres("race").await else {
        return;
    };
    let [a, b] = [Instance::start(&database), Instance::start(&database)];
    const TRIALS: usize = 500;
    let (mut trials, mut decided_by_the_store) = (0, 0);
    while trials < TRIALS {
        let (id, tokens) = a.create(black_path()).await;
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
            let ((first, first_answer), (second, second_answer)) =
                tokio::join!(a.play(&id, token, x, ply), b.play(&id, token, y, ply));
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
    let Some(database) = postgres("takeover").await else {
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
    a.kill();
    let killed = Instant::now();
    let before = moves_of(&b.view(&id).await);
    assert!(
        !is_over(&b.view(&id).await),
        "the game ended before the kill"
    );
    // B takes the game over within a few seconds, and plays it to its end.
    viewer.view_with(before + 1, Duration::from_secs(20)).await;
    let took_over = killed.elapsed();
    let deadline = Instant::now() + Duration::from_secs(180);
    let view = loop {
        let view = b.view(&id).await;
        if is_over(&view) {
            break view;
        }
        assert!(Instant::now() < deadline, "the game did not end: {view}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    eprintln!(
        "killed at move {before}; the other instance moved {took_over:?} later and finished \
         the game at move {}",
        moves_of(&view)
    );
    assert!(moves_of(&view) > before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takebacks_and_clocks_work_across_instances() {
    let Some(database) = postgres("consent").await else {
        return;
    };
    let [a, b] = [Instance::start(&database), Instance::start(&database)];
    let (status, created) = a
        .post(
            "/api/games",
            json!({
                "game": "quarx",
                "seats": [{"kind": "local", "name": "Host"}, {"kind": "invite"}],
                "time_control": {"kind": "fischer", "initial_seconds": 4, "increment_seconds": 0},
            }),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let host = created["seats"][0]["token"].as_str().unwrap().to_string();
    let invite = created["seats"][1]["invite"].as_str().unwrap();
    // The guest joins through the other instance.
    let (status, joined) = b
        .post(
            &format!("/api/games/{id}/join"),
            json!({"invite": invite, "name": "Guest"}),
        )
        .await;
    assert_eq!(status, 200, "{joined}");
    let guest = joined["token"].as_str().unwrap().to_string();
    let tokens = [host.clone(), guest.clone()];
    for (ply, instance) in [&a, &b].into_iter().enumerate() {
        let view = instance.view(&id).await;
        let seat = view["status"]["seat"].as_u64().unwrap() as usize;
        let mv = view["legal"][0].as_str().unwrap().to_string();
        let (status, answer) = instance.play(&id, &tokens[seat], &mv, ply).await;
        assert_eq!(status, 200, "{answer}");
    }
    // The host asks through B for a takeback, the guest accepts through A.
    let takeback = |token: &str, action: &str| json!({"token": token, "action": action});
    let path = format!("/api/games/{id}/takeback");
    let (status, asked) = b.post(&path, takeback(&host, "offer")).await;
    assert_eq!(status, 200, "{asked}");
    let (status, accepted) = a.post(&path, takeback(&guest, "accept")).await;
    assert_eq!(status, 200, "{accepted}");
    let (on_a, on_b) = (a.view(&id).await, b.view(&id).await);
    assert_eq!(on_a["moves"], on_b["moves"]);
    assert!(moves_of(&on_a) < 2, "{on_a}");
    // Nobody moves: the clock falls once, and both instances show the same ending.
    let deadline = Instant::now() + Duration::from_secs(20);
    let ended = loop {
        let view = b.view(&id).await;
        if is_over(&view) {
            break view;
        }
        assert!(Instant::now() < deadline, "the clock did not fall: {view}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(ended["status"]["termination"], "time forfeit", "{ended}");
    let on_a = a.view(&id).await;
    assert_eq!(on_a["status"], ended["status"]);
    assert_eq!(on_a["moves"], ended["moves"]);
}

/// Creates games of several kinds on `instance` (moves, an invited seat, a clock, a finished
/// one); returns their ids.
async fn games_to_copy(instance: &Instance) -> Vec<String> {
    let mut ids = Vec::new();
    let (id, tokens) = instance.create(black_path()).await;
    let mut ply = 0;
    loop {
        let view = instance.view(&id).await;
        if is_over(&view) {
            break;
        }
        let seat = view["status"]["seat"].as_u64().unwrap() as usize;
        let mv = view["legal"][0].as_str().unwrap().to_string();
        assert_eq!(instance.play(&id, &tokens[seat], &mv, ply).await.0, 200);
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
    let (id, tokens) = instance.create(black_path()).await;
    let mv = instance.view(&id).await["legal"][0]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(instance.play(&id, &tokens[0], &mv, 0).await.0, 200);
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
    let mut command = Command::new(env!("CARGO_BIN_EXE_tafel"));
    command.args(["db", "copy", "--from", from, "--to", to]);
    if merge {
        command.arg("--merge");
    }
    command.output().unwrap()
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
    let Some(database) = postgres("copy").await else {
        return;
    };
    let folder = tempfile::tempdir().unwrap();
    let url = |name: &str| format!("sqlite://{}/{name}.db", folder.path().display());
    round_trip(&url("first"), &database, &url("back")).await;
}

//! `tafel bot` against a real server in this process: a scripted engine (the first legal
//! move) plays a whole game against a person driven through the API; an engine that crashes
//! is started again and moves; one that keeps crashing, or keeps answering illegal moves,
//! makes the bot resign instead of waiting forever; a bot stopped mid-game and started again
//! continues its game to the end; a server that drains (SIGTERM) ends the bot's streams with
//! `reconnect`, and the bot opens them again at the same address and goes on.

#![cfg(unix)]

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// A server on a free port, with its address.
async fn server() -> (tafel_server::Server, String) {
    server_at("127.0.0.1:0".parse().unwrap(), "sqlite::memory:").await
}

/// A server on `addr` with `database`, with its address.
async fn server_at(addr: std::net::SocketAddr, database: &str) -> (tafel_server::Server, String) {
    let mut config = tafel_server::Config::new(addr, database);
    config.limits.abort_after = Duration::ZERO;
    let server = tafel_server::start(&config).await.unwrap();
    let url = format!("http://{}", server.addr);
    (server, url)
}

/// A person in a browser: the session cookie.
struct Person {
    http: reqwest::Client,
    url: String,
    cookie: String,
}

impl Person {
    async fn sign_up(url: &str, name: &str) -> Person {
        let http = reqwest::Client::new();
        let answer = http
            .post(format!("{url}/api/account"))
            .json(&json!({"username": name, "password": "correct horse battery"}))
            .send()
            .await
            .unwrap();
        assert!(answer.status().is_success());
        let cookie = answer.headers()["set-cookie"].to_str().unwrap();
        let cookie = cookie.split(';').next().unwrap().to_string();
        Person {
            http,
            url: url.to_string(),
            cookie,
        }
    }

    async fn send(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut request = self
            .http
            .request(method, format!("{}{path}", self.url))
            .header("cookie", &self.cookie);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let answer = request.send().await.unwrap();
        let status = answer.status().as_u16();
        (status, answer.json().await.unwrap_or(Value::Null))
    }

    async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        self.send(reqwest::Method::POST, path, Some(body)).await
    }

    async fn get(&self, path: &str) -> Value {
        self.send(reqwest::Method::GET, path, None).await.1
    }

    /// Makes a bot account of `name` and returns its token.
    async fn bot(url: &str, name: &str) -> String {
        let owner = Person::sign_up(url, name).await;
        assert_eq!(owner.post("/api/account/bot", json!({})).await.0, 200);
        let (status, issued) = owner.post("/api/bot/token", json!({})).await;
        assert_eq!(status, 200, "{issued}");
        issued["token"].as_str().unwrap().to_string()
    }

    /// Challenges bot `bot` and waits for the game: its id, the person's seat and token.
    async fn challenge(&self, bot: &str, body: Value) -> (String, usize, String) {
        let (status, challenge) = self.post(&format!("/api/bots/{bot}/challenge"), body).await;
        assert_eq!(status, 200, "{challenge}");
        let id = challenge["id"].as_str().unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let read = self.get(&format!("/api/bot-challenges/{id}")).await;
            if read["challenge"]["status"] == "accepted" {
                return (
                    read["challenge"]["game_id"].as_str().unwrap().to_string(),
                    read["seat"].as_u64().unwrap() as usize,
                    read["token"].as_str().unwrap().to_string(),
                );
            }
            assert_eq!(read["challenge"]["status"], "pending", "{read}");
            assert!(Instant::now() < deadline, "the bot did not accept: {read}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Plays the first legal move whenever it is `seat`'s turn, until the game is over or
    /// `done` says so of its view; returns the last view.
    async fn play(
        &self,
        game: &str,
        seat: usize,
        token: &str,
        done: impl Fn(&Value) -> bool,
    ) -> Value {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let view = self.get(&format!("/api/games/{game}")).await;
            if view["status"]["state"] == "over" || done(&view) {
                return view;
            }
            if view["status"]["state"] == "to_move" && view["status"]["seat"] == seat {
                let mv = view["legal"][0].as_str().unwrap();
                let (status, answer) = self
                    .post(
                        &format!("/api/games/{game}/moves"),
                        json!({"token": token, "move": mv}),
                    )
                    .await;
                assert_eq!(status, 200, "{answer}");
            }
            assert!(Instant::now() < deadline, "the game did not end: {view}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// The folder of the scripted test engines.
const ENGINES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engines");

/// `tafel bot` for `token` on `url` with the engine script `engine`.
fn bot(url: &str, token: &str, engine: &str) -> Child {
    bot_command(url, token, &format!("bash {ENGINES}/{engine}.sh"))
}

/// `tafel bot` for `token` on `url` with the shell command `engine`.
fn bot_command(url: &str, token: &str, engine: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tafel"))
        .args(["bot", "--server", url, "--token", token, "--engine", engine])
        .env("TAFEL_BIN", env!("CARGO_BIN_EXE_tafel"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Stops `child` and returns what it wrote on standard error.
fn stop(mut child: Child) -> String {
    child.kill().unwrap();
    let output = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&output.stderr).to_string()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_scripted_engine_plays_a_whole_game_against_a_person() {
    let (_server, url) = server().await;
    let token = Person::bot(&url, "firstbot").await;
    let ann = Person::sign_up(&url, "ann").await;
    let child = bot(&url, &token, "first");
    let (game, seat, ann_token) = ann
        .challenge("firstbot", json!({"game": "einstein", "side": "first"}))
        .await;
    assert_eq!(seat, 0);
    let view = ann.play(&game, seat, &ann_token, |_| false).await;
    let stderr = stop(child);
    assert_eq!(view["status"]["state"], "over", "{view}\n{stderr}");
    let moves = view["moves"].as_array().unwrap();
    assert!(moves.len() >= 4, "{view}");
    let seats: Vec<u64> = view["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["seat"].as_u64().unwrap_or(9))
        .collect();
    assert!(seats.contains(&1), "the bot moved: {view}");
    assert!(!stderr.contains("refused"), "{stderr}");
}

/// Waits up to 60 s for game `game` to end; its last view.
async fn ended(person: &Person, game: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let view = person.get(&format!("/api/games/{game}")).await;
        if view["status"]["state"] == "over" {
            return view;
        }
        assert!(Instant::now() < deadline, "the game did not end: {view}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_engine_that_crashes_in_an_untimed_game_is_started_again_and_moves() {
    let (_server, url) = server().await;
    let token = Person::bot(&url, "phoenix").await;
    let ann = Person::sign_up(&url, "ann").await;
    // The engine crashes at its first `go` (leaving the folder `mark`), then plays.
    let dir = tempfile::tempdir().unwrap();
    let mark = dir.path().join("crashed");
    let engine = format!("CRASH_MARK={} bash {ENGINES}/crash_once.sh", mark.display());
    let child = bot_command(&url, &token, &engine);
    let (game, seat, ann_token) = ann
        .challenge("phoenix", json!({"game": "einstein", "side": "first"}))
        .await;
    let view = ann.play(&game, seat, &ann_token, |_| false).await;
    let stderr = stop(child);
    assert!(mark.is_dir(), "the engine did not crash: {stderr}");
    assert_eq!(view["status"]["state"], "over", "{view}\n{stderr}");
    let bot_moves = view["plies"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["seat"] == 1)
        .count();
    assert!(bot_moves >= 2, "the bot moved again: {view}");
    assert!(
        stderr.contains("the engine failed (crashed:") && stderr.contains("exit status: 3"),
        "{stderr}"
    );
    assert!(
        stderr.contains("starting it again, 2 tries left"),
        "{stderr}"
    );
    assert!(!stderr.contains("resigning"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_engine_that_keeps_crashing_makes_the_bot_resign_with_a_note() {
    let (_server, url) = server().await;
    let token = Person::bot(&url, "fragile").await;
    let ann = Person::sign_up(&url, "ann").await;
    let child = bot_command(&url, &token, &format!("sh {ENGINES}/crash.sh"));
    // An untimed game: without the resignation it would wait for the bot forever.
    let (game, seat, ann_token) = ann
        .challenge("fragile", json!({"game": "einstein", "side": "first"}))
        .await;
    let view = ann.play(&game, seat, &ann_token, |_| false).await;
    let stderr = stop(child);
    assert_eq!(view["status"]["state"], "over", "{view}\n{stderr}");
    assert_eq!(view["status"]["winners"], json!([0]), "{view}");
    assert!(
        view["status"]["result"]
            .as_str()
            .unwrap()
            .contains("resigned"),
        "{view}"
    );
    assert_eq!(
        stderr.matches("crash engine: giving up at go").count(),
        3,
        "{stderr}"
    );
    assert!(
        stderr.contains("resigning: the engine failed 3 times on this move, last: crashed:"),
        "{stderr}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_engine_answering_illegal_moves_is_asked_again_then_the_bot_resigns() {
    let (_server, url) = server().await;
    let token = Person::bot(&url, "wrongbot").await;
    let ann = Person::sign_up(&url, "ann").await;
    let child = bot(&url, &token, "illegal");
    let clock = json!({"kind": "fischer", "initial_seconds": 30, "increment_seconds": 0});
    let (game, seat, _) = ann
        .challenge(
            "wrongbot",
            json!({"game": "black-path", "side": "second", "time_control": clock}),
        )
        .await;
    assert_eq!(seat, 1);
    let view = ended(&ann, &game).await;
    let stderr = stop(child);
    assert_eq!(view["moves"], json!([]), "the illegal move was never sent");
    assert_eq!(view["status"]["winners"], json!([1]), "{view}");
    assert!(
        view["status"]["result"]
            .as_str()
            .unwrap()
            .contains("resigned"),
        "{view}"
    );
    assert_eq!(
        stderr.matches("illegal move `z9-z9`").count(),
        3,
        "{stderr}"
    );
    assert!(!stderr.contains("refused the engine's move"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bot_stopped_mid_game_starts_again_and_finishes_it() {
    let (_server, url) = server().await;
    let token = Person::bot(&url, "againbot").await;
    let ann = Person::sign_up(&url, "ann").await;
    let first = bot(&url, &token, "first");
    let (game, seat, ann_token) = ann
        .challenge("againbot", json!({"game": "einstein", "side": "first"}))
        .await;
    let view = ann.play(&game, seat, &ann_token, |v| plies(v) >= 4).await;
    assert!(plies(&view) >= 4, "{view}");
    stop(first);
    // Ann moves while the bot is away, and the game waits for the bot.
    let bots_turn = |v: &Value| v["status"]["seat"] == 1;
    let view = ann.play(&game, seat, &ann_token, bots_turn).await;
    assert_eq!(view["status"]["seat"], 1, "{view}");
    let waiting = plies(&view);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        plies(&ann.get(&format!("/api/games/{game}")).await),
        waiting
    );
    // Started again, the bot finds its game and plays it to the end.
    let again = bot(&url, &token, "first");
    let view = ann.play(&game, seat, &ann_token, |_| false).await;
    let stderr = stop(again);
    assert_eq!(view["status"]["state"], "over", "{view}\n{stderr}");
    assert!(plies(&view) > waiting, "{view}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bot_whose_streams_a_draining_server_ends_reconnects_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("t.db").display());
    let (first, url) = server_at("127.0.0.1:0".parse().unwrap(), &database).await;
    let token = Person::bot(&url, "steadybot").await;
    let ann = Person::sign_up(&url, "ann").await;
    let child = bot(&url, &token, "first");
    let (game, seat, ann_token) = ann
        .challenge("steadybot", json!({"game": "einstein", "side": "first"}))
        .await;
    let view = ann.play(&game, seat, &ann_token, |v| plies(v) >= 4).await;
    let before = plies(&view);
    // What SIGTERM does: the bot's streams end with `reconnect`; the server stops, and
    // another (here the same, started again on its address and database) takes over.
    let addr = first.addr;
    first.drain().await;
    let (_second, _) = server_at(addr, &database).await;
    let view = ann.play(&game, seat, &ann_token, |_| false).await;
    let stderr = stop(child);
    assert_eq!(view["status"]["state"], "over", "{view}\n{stderr}");
    let bot_moves_after = view["plies"].as_array().unwrap()[before..]
        .iter()
        .filter(|p| p["seat"] == 1)
        .count();
    assert!(bot_moves_after >= 1, "the bot went on: {view}\n{stderr}");
    assert!(
        stderr.contains("bot: the server is stopping; opening the event stream again"),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "game {game}: the server is stopping; opening its stream again"
        )),
        "{stderr}"
    );
}

/// The number of moves (dice included) of a game's view.
fn plies(view: &Value) -> usize {
    view["moves"].as_array().unwrap().len()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_servers_own_levels_play_as_bots_through_the_api() {
    use std::io::{BufRead, BufReader};
    let mut serve = Command::new(env!("CARGO_BIN_EXE_tafel"))
        .args([
            "serve",
            "--port",
            "0",
            "--database",
            "sqlite::memory:",
            "--bots",
        ])
        .args(["--bot-games", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(serve.stdout.take().unwrap()).lines();
    // The log may say something first (the shipped puzzles loaded, on a new database).
    let serving = (lines.by_ref().map(Result::unwrap))
        .find(|line| line.contains("is serving on"))
        .unwrap();
    let url = serving
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap()
        .trim_end_matches('/')
        .to_string();
    let bots = lines
        .by_ref()
        .map(Result::unwrap)
        .find(|line| line.starts_with("bots playing"))
        .unwrap();
    assert!(bots.starts_with("bots playing: tafel-level-1"), "{bots}");
    let ann = Person::sign_up(&url, "ann").await;
    let player = ann.get("/api/players/tafel-level-1").await;
    assert_eq!(player["username"], "tafel-level-1", "{player}");
    let (game, seat, token) = ann
        .challenge(
            "tafel-level-1",
            json!({"game": "einstein", "side": "second"}),
        )
        .await;
    let view = ann.play(&game, seat, &token, |_| false).await;
    serve.kill().unwrap();
    serve.wait().unwrap();
    assert_eq!(view["status"]["state"], "over", "{view}");
    assert_eq!(view["seats"][0]["player"], "tafel-level-1");
    let bot_moves = view["plies"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["seat"] == 0)
        .count();
    assert!(bot_moves >= 1, "{view}");
}

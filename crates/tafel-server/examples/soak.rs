//! The reliability suite's driver (`scripts/soak` runs it): a bounded load on a `tafel serve`
//! it starts itself on loopback, with SIGKILLs at random moments and restarts, checking that
//! every acknowledged move is stored, in order.
//!
//! ```text
//! cargo run --release -p tafel-server --example soak -- --tafel target/release/tafel \
//!     [--clients 50] [--seconds 120] [--kills 5] [--held 1000] [--sockets 1000] [--seed 1]
//! cargo run --release -p tafel-server --example soak -- --tafel target/release/tafel \
//!     --computer-games 100 --level 5 --game quarx --seconds 120
//! ```
//!
//! **Moves** (the default): `--clients` players each play a game at one screen (both seats),
//! random legal moves as fast as the server answers, through the games in turn; meanwhile
//! `--held` connections send half a request and `--sockets` WebSockets watch random games
//! (both reopened as the server closes them), and the server is killed `--kills` times
//! (SIGKILL) and restarted on the same database. Every acknowledged move is remembered; after
//! each restart and at the end, every game's stored moves must begin with them. Prints moves
//! per second, the latency of moves (p50, p99, max), the connections held, the kills, the
//! moves lost, and the server's largest resident memory; exits with failure if a move was lost.
//!
//! Each simulated client connects from its own loopback address (127.0.0.2 and on), so that the
//! server's limits per address see many clients, as they would on a network.
//!
//! **Idle WebSockets** (`--idle-sockets N`): the server's memory before, with N WebSockets open
//! on a game, and after they closed.
//!
//! **Computer games** (`--computer-games N`): N games of a person against the computer at
//! `--level`, each person answering at once with a random legal move when the computer has
//! moved (a new game when one ends), for `--seconds`. Prints the latency of the person's moves
//! (p50, p99, max), the computer's moves, and the server's resident memory during the run and
//! after the games stopped.
//!
//! **Fairness** (`--fair`): a newcomer's replies from level 1 while games of the computer
//! against itself, analyses and a hint flood load the server (see `soak/fair.rs`).
//!
//! **Rolling restart** (`--rolling`): two instances on one database behind a real nginx
//! (`--nginx`, configured as `docs/deploy.md` says), each stopped with SIGTERM and started
//! again in turn under moving clients and watching WebSockets going through nginx; no
//! acknowledged move may be lost (see `soak/rolling.rs`).
//!
//! **Instances** (`--instances N`): N `tafel serve` processes on one database (`--database`,
//! a PostgreSQL URL; by default an SQLite file, for one instance), and `--clients` players at
//! one screen playing random legal moves as fast as they are answered, each move through the
//! next instance in turn (as a load balancer without sticky sessions would send them), for
//! `--seconds`. Prints moves per second and the latency of moves (p50, p99, max); refused
//! moves count as errors. With `--computer-games G`, G people play against the computer
//! meanwhile (spread over the instances), and on PostgreSQL the run fails if the database
//! detected a deadlock (`soak/postgres.rs`).

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[path = "soak/fair.rs"]
mod fair;

use clap::Parser;
use futures_util::StreamExt;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use tafel_testkit::client::{connect_from, Client};
use tafel_testkit::viewer::Viewer;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[path = "soak/instances.rs"]
mod instances;

#[path = "soak/postgres.rs"]
mod postgres;

#[path = "soak/rolling.rs"]
mod rolling;

/// The reliability suite's driver.
#[derive(Parser, Debug, Clone)]
struct Args {
    /// The `tafel` binary to run.
    #[arg(long)]
    tafel: PathBuf,
    /// How long the load lasts.
    #[arg(long, default_value_t = 120)]
    seconds: u64,
    /// Players moving at once (moves mode).
    #[arg(long, default_value_t = 50)]
    clients: usize,
    /// SIGKILLs of the server during the run (moves mode).
    #[arg(long, default_value_t = 5)]
    kills: usize,
    /// Connections that send half a request and hold it (moves mode).
    #[arg(long, default_value_t = 1000)]
    held: usize,
    /// Idle WebSockets watching games (moves mode).
    #[arg(long, default_value_t = 1000)]
    sockets: usize,
    /// Games against the computer at once (computer mode when given; with `--instances`,
    /// played alongside the moving clients).
    #[arg(long)]
    computer_games: Option<usize>,
    /// WebSockets to open and hold idle, measuring memory (idle sockets mode when given).
    #[arg(long)]
    idle_sockets: Option<usize>,
    /// The computer's level (computer mode).
    #[arg(long, default_value_t = 5)]
    level: u8,
    /// The game played against the computer (computer mode).
    #[arg(long, default_value = "quarx")]
    game: String,
    /// Seed of the random moves and kill times.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Seconds to wait after the computer games stop before the last memory reading (the
    /// server hands freed memory back every 30 s).
    #[arg(long, default_value_t = 35)]
    settle: u64,
    /// Keep the temporary directory (database and server log) and print where it is.
    #[arg(long)]
    keep: bool,
    /// Server instances on one database, sharing the moves (instances mode when given).
    #[arg(long)]
    instances: Option<usize>,
    /// How the instances mode sends a game's moves: `turn` (to the next instance in turn, as
    /// a load balancer without stickiness) or `game` (to the instance a hash of the game's id
    /// names, as `docs/deploy.md`'s proxy configurations do).
    #[arg(long, value_enum, default_value_t = instances::Route::Turn)]
    route: instances::Route,
    /// The database of the instances mode (default: an SQLite file in the temporary
    /// directory).
    #[arg(long)]
    database: Option<String>,
    /// The fairness run (see `soak/fair.rs`): a newcomer against level 1 under load.
    #[arg(long)]
    fair: bool,
    /// The rolling restart (see `soak/rolling.rs`): two instances on `--database` behind
    /// `--nginx`, each stopped with SIGTERM and started again under moving clients and
    /// `--sockets` watchers.
    #[arg(long)]
    rolling: bool,
    /// The nginx put in front of the instances (rolling restart).
    #[arg(long, default_value = "/usr/sbin/nginx")]
    nginx: PathBuf,
    /// Games of the computer against itself at `--level` (fairness run).
    #[arg(long, default_value_t = 100)]
    unattended: usize,
    /// Analyses under way (fairness run).
    #[arg(long, default_value_t = 30)]
    analyses: usize,
    /// Hint requests at once on one game (fairness run).
    #[arg(long, default_value_t = 300)]
    hint_flood: usize,
    /// More arguments for `tafel serve` (repeatable), e.g. `--serve-arg=--searches=2`.
    #[arg(long = "serve-arg", allow_hyphen_values = true)]
    serve_args: Vec<String>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    raise_open_file_limit();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let ok = runtime.block_on(async {
        if args.fair {
            return fair::fair(&args).await;
        }
        if args.rolling {
            return rolling::rolling(&args).await;
        }
        match (args.computer_games, args.idle_sockets, args.instances) {
            (_, _, Some(count)) => instances::throughput(&args, count).await,
            (Some(games), _, None) => computer_games(&args, games).await,
            (None, Some(sockets), None) => idle_sockets(&args, sockets).await,
            (None, None, None) => moves(&args).await,
        }
    });
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

// ------------------------------------------------------------------ the server process

/// A `tafel serve` child process on a fixed port and database.
struct Server {
    tafel: PathBuf,
    dir: PathBuf,
    port: u16,
    extra: Vec<String>,
    child: Option<Child>,
    /// How many times it has started.
    started: usize,
    /// The largest resident memory seen, in KiB.
    peak_rss: Arc<AtomicU64>,
    /// The database URL (`None`: `soak.db` in `dir`).
    database: Option<String>,
}

impl Server {
    fn new(args: &Args, dir: &Path, extra: Vec<String>) -> Server {
        // A free port, reused by every restart.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        Server {
            tafel: args.tafel.clone(),
            dir: dir.to_path_buf(),
            port,
            extra,
            child: None,
            started: 0,
            peak_rss: Arc::new(AtomicU64::new(0)),
            database: None,
        }
    }

    /// A server that lets each address create as many games as it likes (the load generator
    /// creates many from few addresses), with `--serve-arg`s.
    fn without_creation_limit(args: &Args, dir: &Path) -> Server {
        let unlimited = vec!["--games-per-minute".to_string(), "0".to_string()];
        Server::new(args, dir, [unlimited, args.serve_args.clone()].concat())
    }

    fn addr(&self) -> SocketAddr {
        SocketAddr::from(([127, 0, 0, 1], self.port))
    }

    fn base(&self) -> String {
        format!("http://{}", self.addr())
    }

    fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// Starts the server and waits until it says it serves; returns how long that took.
    fn start(&mut self) -> Duration {
        let started = Instant::now();
        let log = self.dir.join(format!("server-{}.log", self.port));
        let out = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
            .unwrap();
        let db = self
            .database
            .clone()
            .unwrap_or_else(|| format!("sqlite://{}", self.dir.join("soak.db").display()));
        let child = Command::new(&self.tafel)
            .args(["serve", "--port", &self.port.to_string(), "--database", &db])
            .args(&self.extra)
            .stdout(out.try_clone().unwrap())
            .stderr(out)
            .stdin(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", self.tafel.display()));
        self.child = Some(child);
        let marker = format!("serving on http://127.0.0.1:{}/", self.port);
        loop {
            let text = std::fs::read_to_string(&log).unwrap_or_default();
            if text.matches(&marker).count() > self.started {
                break;
            }
            if let Some(status) = self.child.as_mut().unwrap().try_wait().unwrap() {
                panic!("tafel serve ended ({status}):\n{text}");
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "tafel serve did not start"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        self.started += 1;
        started.elapsed()
    }

    /// SIGTERM, as a service manager stops it: the server drains and ends by itself. Returns
    /// how long that took.
    fn terminate(&mut self) -> Duration {
        let asked = Instant::now();
        if let Some(mut child) = self.child.take() {
            self.sample_rss_of(child.id());
            let pid = libc::pid_t::try_from(child.id()).unwrap();
            // SAFETY: kill only sends a signal to the process this driver started.
            unsafe { libc::kill(pid, libc::SIGTERM) };
            let _ = tokio::task::block_in_place(|| child.wait());
        }
        asked.elapsed()
    }

    /// SIGKILL, as a power cut would.
    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            self.sample_rss_of(child.id());
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    fn sample_rss(&self) -> u64 {
        self.pid().map_or(0, |pid| self.sample_rss_of(pid))
    }

    fn sample_rss_of(&self, pid: u32) -> u64 {
        let rss = rss_kib(pid);
        self.peak_rss.fetch_max(rss, Ordering::Relaxed);
        rss
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The resident memory of process `pid`, in KiB (0 if unknown).
fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

// ------------------------------------------------------------------ measurements

/// Latencies in microseconds.
#[derive(Default)]
struct Latencies(Mutex<Vec<u64>>);

impl Latencies {
    fn add(&self, took: Duration) {
        self.0.lock().unwrap().push(took.as_micros() as u64);
    }

    /// `count, p50, p99, max` in milliseconds.
    fn summary(&self) -> (usize, f64, f64, f64) {
        let mut all = self.0.lock().unwrap().clone();
        all.sort_unstable();
        if all.is_empty() {
            return (0, 0.0, 0.0, 0.0);
        }
        let at = |q: f64| all[((all.len() - 1) as f64 * q).round() as usize] as f64 / 1000.0;
        (all.len(), at(0.5), at(0.99), at(1.0))
    }
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

// ------------------------------------------------------------------ moves mode

/// One game being played by a client: what the server acknowledged so far.
struct Played {
    id: String,
    tokens: Vec<String>,
    acked: Vec<String>,
}

/// What every client shares.
struct Shared {
    /// A client of the server (reading games, the catalog).
    client: Client,
    stop: AtomicBool,
    latencies: Latencies,
    acked_moves: AtomicU64,
    lost: AtomicU64,
    errors: AtomicU64,
    /// Every game ever played, with its acknowledged moves (checked at the end).
    games: Mutex<HashMap<String, Vec<String>>>,
    /// Game ids for the watching WebSockets.
    ids: Mutex<Vec<String>>,
}

const GAMES: &[(&str, &[(&str, &str)])] = &[
    ("black-path", &[]),
    ("carreaux", &[]),
    ("kauri", &[]),
    ("quarx", &[]),
    ("karls-race", &[]),
];

async fn moves(args: &Args) -> bool {
    let dir = tempdir();
    let mut server = Server::without_creation_limit(args, &dir);
    let first_start = server.start();
    let shared = Arc::new(Shared {
        client: Client::new(server.addr()),
        stop: AtomicBool::new(false),
        latencies: Latencies::default(),
        acked_moves: AtomicU64::new(0),
        lost: AtomicU64::new(0),
        errors: AtomicU64::new(0),
        games: Mutex::new(HashMap::new()),
        ids: Mutex::new(Vec::new()),
    });
    println!(
        "soak: {} clients for {} s, {} kills, {} half-sent connections and {} WebSockets held; \
         server on {} (ready in {:.0} ms)",
        args.clients,
        args.seconds,
        args.kills,
        args.held,
        args.sockets,
        server.base(),
        first_start.as_secs_f64() * 1000.0
    );
    let held_now = Arc::new(AtomicUsize::new(0));
    let sockets_now = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for client in 0..args.clients {
        tasks.push(tokio::spawn(play(
            shared.clone(),
            client,
            args.seed.wrapping_add(client as u64),
        )));
    }
    for i in 0..args.held {
        tasks.push(tokio::spawn(hold_half_sent(
            server.addr(),
            args.clients + i,
            shared.clone(),
            held_now.clone(),
        )));
    }
    for i in 0..args.sockets {
        tasks.push(tokio::spawn(watch(
            server.addr(),
            args.clients + args.held + i,
            shared.clone(),
            sockets_now.clone(),
            args.seed.wrapping_add(i as u64),
        )));
    }

    // Kill at a random moment in each of `kills` equal parts of the run (not in its last
    // second, so that the last restart is checked too).
    let started = Instant::now();
    let run = Duration::from_secs(args.seconds);
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let part = run.saturating_sub(Duration::from_secs(1)) / (args.kills.max(1) as u32);
    let mut kills = Vec::new();
    let mut most_held = (0, 0);
    let mut catalog = Latencies::default();
    for k in 0..args.kills {
        let at = part * k as u32 + part.mul_f64(rng.random_range(0.3..0.9));
        while started.elapsed() < at {
            sample(
                &server,
                &shared,
                &held_now,
                &sockets_now,
                &mut most_held,
                &mut catalog,
            )
            .await;
        }
        server.kill();
        let restart = server.start();
        kills.push(restart);
    }
    while started.elapsed() < run {
        sample(
            &server,
            &shared,
            &held_now,
            &sockets_now,
            &mut most_held,
            &mut catalog,
        )
        .await;
    }
    shared.stop.store(true, Ordering::Relaxed);
    for task in tasks {
        task.abort();
    }
    let elapsed = started.elapsed();

    // Every game ever played: the stored moves begin with the acknowledged ones.
    let games = shared.games.lock().unwrap().clone();
    let mut lost_at_end = 0;
    for (id, acked) in &games {
        let stored = read_moves(&shared, id).await;
        lost_at_end += lost(acked, &stored);
    }
    let lost_total = shared.lost.load(Ordering::Relaxed) + lost_at_end as u64;
    let (count, p50, p99, max) = shared.latencies.summary();
    let (catalogs, _, catalog_p99, catalog_max) = catalog.summary();
    let acked = shared.acked_moves.load(Ordering::Relaxed);
    println!(
        "moves acknowledged: {acked} in {:.1} s ({:.0} moves/s) over {} games",
        elapsed.as_secs_f64(),
        acked as f64 / elapsed.as_secs_f64(),
        games.len()
    );
    println!("move latency (ms): p50 {p50:.1}, p99 {p99:.1}, max {max:.1} ({count} answered)");
    println!(
        "held at once: {} half-sent connections, {} WebSockets; /api/catalog meanwhile: \
         p99 {catalog_p99:.1} ms, max {catalog_max:.1} ms ({catalogs} asked)",
        most_held.0, most_held.1
    );
    let restarts: Vec<String> = kills
        .iter()
        .map(|d| format!("{:.0}", d.as_secs_f64() * 1000.0))
        .collect();
    println!(
        "kill -9: {} (restarted and serving again in {} ms)",
        kills.len(),
        restarts.join(", ")
    );
    println!(
        "requests failed while the server was down or restarting: {}",
        shared.errors.load(Ordering::Relaxed)
    );
    println!(
        "server memory: largest resident {:.0} MiB",
        mib(server.peak_rss.load(Ordering::Relaxed))
    );
    println!("moves lost: {lost_total}");
    drop(server);
    finish(args, &dir);
    lost_total == 0
}

/// Samples the server's memory and the catalog's answer time, for a tenth of a second.
async fn sample(
    server: &Server,
    shared: &Shared,
    held: &AtomicUsize,
    sockets: &AtomicUsize,
    most: &mut (usize, usize),
    catalog: &mut Latencies,
) {
    server.sample_rss();
    most.0 = most.0.max(held.load(Ordering::Relaxed));
    most.1 = most.1.max(sockets.load(Ordering::Relaxed));
    let asked = Instant::now();
    let answer = shared.client.try_get("/api/catalog").await;
    if answer.is_ok_and(|a| a.is_success()) {
        catalog.add(asked.elapsed());
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
}

/// How many of the acknowledged moves `acked` the stored moves do not begin with.
fn lost(acked: &[String], stored: &[String]) -> usize {
    let same = acked.iter().zip(stored).take_while(|(a, b)| a == b).count();
    if same < acked.len() {
        eprintln!("LOST: acknowledged {acked:?}\n      stored       {stored:?}");
    }
    acked.len() - same
}

fn moves_of(view: &Value) -> Vec<String> {
    view["moves"]
        .as_array()
        .map(|m| {
            m.iter()
                .filter_map(|m| m.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// The stored moves of game `id`, waiting for the server as long as it is down.
async fn read_moves(shared: &Shared, id: &str) -> Vec<String> {
    loop {
        if let Some(view) = read_once(shared, id).await {
            return moves_of(&view);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The view of game `id`, if the server answers with one.
async fn read_once(shared: &Shared, id: &str) -> Option<Value> {
    let answer = shared.client.try_get(&format!("/api/games/{id}")).await;
    answer
        .ok()
        .filter(|a| a.is_success() && a.body.is_object())
        .map(|a| a.body)
}

/// One player: plays games at one screen, both seats, random legal moves, one after another.
async fn play(shared: Arc<Shared>, client: usize, seed: u64) {
    let player = Client::from_address(shared.client.addr(), client_address(client));
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut round = seed as usize;
    while !shared.stop.load(Ordering::Relaxed) {
        let (name, settings) = GAMES[round % GAMES.len()];
        round += 1;
        let Some((mut game, mut view)) = create(&shared, &player, name, settings).await else {
            continue;
        };
        loop {
            if shared.stop.load(Ordering::Relaxed) {
                return;
            }
            let legal: Vec<String> = view["legal"]
                .as_array()
                .map(|l| {
                    l.iter()
                        .filter_map(|m| m.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            let Some(seat) = view["status"]["seat"].as_u64() else {
                break; // over
            };
            if legal.is_empty() {
                break;
            }
            let mv = &legal[rng.random_range(0..legal.len())];
            let ply = moves_of(&view).len();
            let asked = Instant::now();
            let answer = player
                .try_play(&game.id, &game.tokens[seat as usize], mv, Some(ply))
                .await;
            let answered = answer
                .ok()
                .filter(|a| a.is_success() && a.body.is_object())
                .map(|a| a.body);
            match answered {
                Some(next) => {
                    shared.latencies.add(asked.elapsed());
                    shared.acked_moves.fetch_add(1, Ordering::Relaxed);
                    game.acked = moves_of(&next);
                    shared
                        .games
                        .lock()
                        .unwrap()
                        .insert(game.id.clone(), game.acked.clone());
                    view = next;
                }
                None => {
                    // The server went down (or answered something else): read what it stored
                    // once it is back, check it, and go on from there.
                    shared.errors.fetch_add(1, Ordering::Relaxed);
                    let stored = read_moves(&shared, &game.id).await;
                    let missing = lost(&game.acked, &stored);
                    shared.lost.fetch_add(missing as u64, Ordering::Relaxed);
                    game.acked = stored;
                    shared
                        .games
                        .lock()
                        .unwrap()
                        .insert(game.id.clone(), game.acked.clone());
                    match read_view(&shared, &game.id).await {
                        Some(fresh) => view = fresh,
                        None => break,
                    }
                }
            }
        }
    }
}

async fn read_view(shared: &Shared, id: &str) -> Option<Value> {
    for _ in 0..500 {
        if let Some(view) = read_once(shared, id).await {
            return Some(view);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    None
}

/// Creates a game at one screen, retrying while the server is down.
async fn create(
    shared: &Shared,
    player: &Client,
    name: &str,
    settings: &[(&str, &str)],
) -> Option<(Played, Value)> {
    let settings: serde_json::Map<String, Value> = settings
        .iter()
        .map(|(k, v)| (k.to_string(), Value::from(*v)))
        .collect();
    while !shared.stop.load(Ordering::Relaxed) {
        let seats: Vec<Value> = vec![json!({"kind": "local"}); 2];
        let answer = player
            .try_post(
                "/api/games",
                json!({"game": name, "settings": settings, "seats": seats}),
            )
            .await;
        let Ok(created) = answer else {
            shared.errors.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        if !created.body.is_object() {
            shared.errors.fetch_add(1, Ordering::Relaxed);
            continue;
        }
        let (id, tokens) = created.created()?;
        let tokens = tokens.into_iter().map(Option::unwrap_or_default).collect();
        let view = created.body["view"].clone();
        let acked = moves_of(&view);
        shared
            .games
            .lock()
            .unwrap()
            .insert(id.clone(), acked.clone());
        shared.ids.lock().unwrap().push(id.clone());
        return Some((Played { id, tokens, acked }, view));
    }
    None
}

/// Keeps one connection that sent half a request open, opening another when the server
/// closes it (its header timeout) or goes down.
async fn hold_half_sent(
    addr: SocketAddr,
    client: usize,
    shared: Arc<Shared>,
    held: Arc<AtomicUsize>,
) {
    while !shared.stop.load(Ordering::Relaxed) {
        let Ok(mut stream) = connect_from(addr, client_address(client)).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        if stream.write_all(b"GET / HTTP/1.1\r\n").await.is_err() {
            continue;
        }
        held.fetch_add(1, Ordering::Relaxed);
        let mut buf = [0u8; 512];
        while let Ok(n) = stream.read(&mut buf).await {
            if n == 0 {
                break;
            }
        }
        held.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Keeps one WebSocket open on a random game, reading (and so answering pings), reopening it
/// when it closes.
async fn watch(
    addr: SocketAddr,
    client: usize,
    shared: Arc<Shared>,
    open: Arc<AtomicUsize>,
    seed: u64,
) {
    let mut rng = SmallRng::seed_from_u64(seed);
    while !shared.stop.load(Ordering::Relaxed) {
        let id = {
            let ids = shared.ids.lock().unwrap();
            if ids.is_empty() {
                None
            } else {
                Some(ids[rng.random_range(0..ids.len())].clone())
            }
        };
        let Some(id) = id else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let Ok(mut socket) = Viewer::open(addr, &id, Some(client_address(client)), None).await
        else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        open.fetch_add(1, Ordering::Relaxed);
        while let Some(Ok(_)) = socket.next().await {}
        open.fetch_sub(1, Ordering::Relaxed);
    }
}

// ------------------------------------------------------------------ idle sockets mode

async fn idle_sockets(args: &Args, count: usize) -> bool {
    let dir = tempdir();
    let mut server = Server::new(args, &dir, args.serve_args.clone());
    server.start();
    let (id, _) = Client::new(server.addr())
        .create(json!({"game": "quarx", "seats": [{"kind": "local"}, {"kind": "invite"}]}))
        .await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let before = server.sample_rss();
    println!(
        "idle WebSockets on one game: server resident memory {:.1} MiB before",
        mib(before)
    );
    let mut opened = 0;
    // Twice: the second round shows whether the memory of the first is reused.
    for round in 1..=2 {
        let mut sockets = Vec::new();
        for i in 0..count {
            if let Ok(mut socket) =
                Viewer::open(server.addr(), &id, Some(client_address(i)), None).await
            {
                // The first view arrives at once.
                if socket.next().await.is_some() {
                    sockets.push(socket);
                }
            }
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
        let open = server.sample_rss();
        opened = sockets.len();
        drop(sockets);
        tokio::time::sleep(Duration::from_secs(3)).await;
        let after = server.sample_rss();
        // The server hands freed memory back within its housekeeping period (30 s).
        tokio::time::sleep(Duration::from_secs(32)).await;
        let later = server.sample_rss();
        println!(
            "round {round}: {opened} of {count} open: {:.1} MiB ({:.1} KiB each); {:.1} MiB \
             3 s after they closed, {:.1} MiB 35 s after",
            mib(open),
            (open.saturating_sub(before)) as f64 / opened.max(1) as f64,
            mib(after),
            mib(later)
        );
    }
    drop(server);
    finish(args, &dir);
    opened > 0
}

// ------------------------------------------------------------------ computer mode

async fn computer_games(args: &Args, games: usize) -> bool {
    let dir = tempdir();
    let mut server = Server::without_creation_limit(args, &dir);
    server.start();
    let before = server.sample_rss();
    println!(
        "computer games: {games} games of {} against level {} for {} s; server on {} \
         ({:.0} MiB resident at start)",
        args.game,
        args.level,
        args.seconds,
        server.base(),
        mib(before)
    );
    let load = Arc::new(Load::default());
    let mut tasks = Vec::new();
    for i in 0..games {
        let seat = json!([{"kind": "local"}, {"kind": "computer", "level": args.level}]);
        tasks.push(tokio::spawn(person(
            Client::from_address(server.addr(), client_address(i)),
            json!({"game": args.game, "seats": seat}),
            args.seed.wrapping_add(i as u64),
            load.clone(),
        )));
    }
    let started = Instant::now();
    let mut samples = Vec::new();
    while started.elapsed() < Duration::from_secs(args.seconds) {
        samples.push(server.sample_rss());
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    load.stop.store(true, Ordering::Relaxed);
    for task in tasks {
        task.abort();
    }
    let (count, p50, p99, max) = load.moves.summary();
    println!("the person's move (ms): p50 {p50:.1}, p99 {p99:.1}, max {max:.1} ({count} moves)");
    let replies = load.replies.summary().0;
    println!(
        "computer moves: {replies} ({:.1}/s); games finished: {}",
        replies as f64 / started.elapsed().as_secs_f64(),
        load.finished.load(Ordering::Relaxed)
    );
    samples.sort_unstable();
    let median = samples.get(samples.len() / 2).copied().unwrap_or(0);
    println!(
        "server memory during the games: median {:.0} MiB, largest {:.0} MiB",
        mib(median),
        mib(server.peak_rss.load(Ordering::Relaxed))
    );
    // The searches still queued finish; then the memory the games took should be back.
    tokio::time::sleep(Duration::from_secs(args.settle)).await;
    println!(
        "server memory {} s after the games stopped: {:.0} MiB",
        args.settle,
        mib(server.sample_rss())
    );
    drop(server);
    finish(args, &dir);
    count > 0
}

/// What the people playing the computer share: when to stop, and what they measured.
#[derive(Default)]
struct Load {
    stop: AtomicBool,
    /// How long the person's moves took to be acknowledged.
    moves: Latencies,
    /// How long the computer took to reply: from the person's move being sent until the
    /// person is to move again.
    replies: Latencies,
    /// Games that ended.
    finished: AtomicU64,
}

/// A person against the computer: creates the game `create` (the person in seat 0), waits (on
/// the WebSocket) for their turn, then answers at once with a random legal move; starts a new
/// game when one ends.
async fn person(client: Client, create: Value, seed: u64, load: Arc<Load>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    while !load.stop.load(Ordering::Relaxed) {
        let Ok(created) = client.try_post("/api/games", create.clone()).await else {
            return;
        };
        let Some((id, tokens)) = created.created() else {
            eprintln!("cannot create a game: {}", created.body);
            return;
        };
        let token = tokens[0].clone().unwrap_or_default();
        let Ok(mut socket) = client.try_watch(&id, None).await else {
            return;
        };
        let mut last_ply = 0;
        let mut sent: Option<Instant> = None;
        while let Some(Ok(message)) = socket.next().await {
            let Ok(text) = message.to_text() else {
                continue;
            };
            let Ok(value) = serde_json::from_str::<Value>(text) else {
                continue;
            };
            let view = &value["view"];
            if view["status"]["state"] == "over" {
                load.finished.fetch_add(1, Ordering::Relaxed);
                break;
            }
            let ply = moves_of(view).len();
            if view["status"]["seat"] != 0 || view["thinking"] == true || ply < last_ply {
                continue;
            }
            if let Some(sent) = sent.take() {
                load.replies.add(sent.elapsed());
            }
            let legal = view["legal"].as_array().cloned().unwrap_or_default();
            if legal.is_empty() {
                continue;
            }
            let mv = legal[rng.random_range(0..legal.len())]
                .as_str()
                .unwrap_or_default()
                .to_string();
            let asked = Instant::now();
            let answer = client.try_play(&id, &token, &mv, Some(ply)).await;
            if answer.is_ok_and(|a| a.is_success()) {
                load.moves.add(asked.elapsed());
                last_ply = ply + 1;
                sent = Some(asked);
            }
            if load.stop.load(Ordering::Relaxed) {
                return;
            }
        }
    }
}

// ------------------------------------------------------------------ helpers

/// The loopback address simulated client `i` connects from: 127.0.0.2, 127.0.0.3, ...
fn client_address(i: usize) -> IpAddr {
    let n = i + 2;
    IpAddr::V4(Ipv4Addr::new(
        127,
        (n / 65_536 % 256) as u8,
        (n / 256 % 256) as u8,
        (n % 256) as u8,
    ))
}

/// Removes the temporary directory, or says where it is with `--keep`.
fn finish(args: &Args, dir: &Path) {
    if args.keep {
        println!("database and server log kept in {}", dir.display());
    } else {
        let _ = std::fs::remove_dir_all(dir);
    }
}

fn tempdir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tafel-soak-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// This driver holds many sockets at once: lets it open as many files as allowed.
fn raise_open_file_limit() {
    #[cfg(target_os = "linux")]
    // SAFETY: getrlimit and setrlimit only read and write the struct passed.
    unsafe {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 {
            limit.rlim_cur = limit.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        }
    }
}

//! The rolling restart (`--rolling`, issue #44): two instances on one database (`--database`,
//! PostgreSQL) behind a real nginx (`--nginx`) configured as `docs/deploy.md` documents it
//! for several instances; `--clients` players at one screen playing random legal moves and
//! `--sockets` WebSockets watching games, all through nginx only; and each instance in turn
//! stopped with SIGTERM (it drains), started again, and given time to settle.
//!
//! Every acknowledged move (a 200 answer) is remembered with its ply; at the end each one must
//! be stored at its ply. Any other answer a player gets (or none) is counted by kind: what
//! players would have seen beyond a reconnect; the player then reads the game again and goes
//! on. A watcher told `reconnect` opens its socket again through nginx, and the time until
//! its first view there is the reconnect time. Prints the moves acknowledged and stored, the
//! moves lost (the run fails unless 0), the answers other than success, the requests nginx
//! passed on to the other instance (from its access log), the drains' durations, and the
//! reconnect times; a socket that closed without being told counts as dropped (the run fails
//! unless 0).

use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use tafel_testkit::client::{reqwest, Answer, Client};
use tafel_testkit::proxy::{documented_nginx, free_address, nginx_command, Proxy};
use tafel_testkit::viewer::Viewer;

use crate::{client_address, finish, moves_of, tempdir, Args, Latencies, Server, GAMES};

/// What the players and watchers share.
#[derive(Default)]
struct Rolling {
    stop: AtomicBool,
    /// Every game's acknowledged moves, by ply.
    acked: Mutex<HashMap<String, Vec<(usize, String)>>>,
    acked_moves: AtomicU64,
    /// The answers other than success players and watchers got, by kind (a status, or
    /// `no answer`).
    failures: Mutex<BTreeMap<String, u64>>,
    reconnects: Latencies,
    /// Sockets that closed without a `reconnect` first.
    dropped: AtomicU64,
}

impl Rolling {
    /// Counts a failure of `kind`.
    fn count(&self, kind: String) {
        *self.failures.lock().unwrap().entry(kind).or_default() += 1;
    }

    /// Counts `answer`, which was not a success, by its status and error code.
    fn failed(&self, answer: &reqwest::Result<Answer>) {
        self.count(match answer {
            Ok(answer) => {
                let code = answer.body["code"].as_str().unwrap_or_default();
                format!("{} {code}", answer.status).trim_end().to_string()
            }
            Err(_) => "no answer".to_string(),
        });
    }
}

/// Runs the rolling restart; returns whether no acknowledged move was lost and no socket was
/// dropped untold.
pub async fn rolling(args: &Args) -> bool {
    let dir = tempdir();
    let extra = [
        ["--games-per-minute", "0", "--drain-delay", "0.5"]
            .map(str::to_string)
            .to_vec(),
        // nginx connects from loopback and names each client in `X-Forwarded-For`.
        ["--trusted-proxies", "127.0.0.1"]
            .map(str::to_string)
            .to_vec(),
        args.serve_args.clone(),
    ]
    .concat();
    let mut servers: Vec<Server> = (0..2)
        .map(|_| {
            let mut server = Server::new(args, &dir, extra.clone());
            server.database = args.database.clone();
            server
        })
        .collect();
    for server in &mut servers {
        server.start();
    }
    let instances: Vec<SocketAddr> = servers.iter().map(Server::addr).collect();
    let proxy = nginx(&args.nginx, &instances, &dir).await;
    let shared = Arc::new(Rolling::default());
    println!(
        "rolling restart: {} clients and {} WebSockets for {} s through nginx at {} in front \
         of two instances on {}",
        args.clients,
        args.sockets,
        args.seconds,
        proxy.addr,
        args.database.as_deref().unwrap_or("an SQLite file")
    );
    let mut tasks = Vec::new();
    for client in 0..args.clients {
        let shared = shared.clone();
        let seed = args.seed + client as u64;
        tasks.push(tokio::spawn(player(proxy.addr, shared, client, seed)));
    }
    for watcher in 0..args.sockets {
        let shared = shared.clone();
        tasks.push(tokio::spawn(watch(
            proxy.addr,
            shared,
            args.clients + watcher,
        )));
    }
    // Each instance in turn: a third of the time to settle, then SIGTERM and a restart.
    let settle = Duration::from_secs(args.seconds) / 3;
    for server in &mut servers {
        tokio::time::sleep(settle).await;
        let drained = server.terminate();
        let restarted = server.start();
        println!(
            "  instance {} drained in {:.2} s, serving again {:.2} s after starting",
            server.addr(),
            drained.as_secs_f64(),
            restarted.as_secs_f64()
        );
    }
    tokio::time::sleep(settle).await;
    shared.stop.store(true, Ordering::Relaxed);
    for task in tasks {
        task.abort();
    }
    let acked = std::mem::take(&mut *shared.acked.lock().unwrap());
    let (stored_moves, lost) = check_stored(&Client::new(proxy.addr), &acked).await;
    let (count, p50, p99, max) = shared.reconnects.summary();
    let dropped = shared.dropped.load(Ordering::Relaxed);
    let acked_moves = shared.acked_moves.load(Ordering::Relaxed);
    println!(
        "rolling restart: {acked_moves} moves acknowledged, {stored_moves} stored in their {} \
         games, {lost} lost",
        acked.len(),
    );
    let failures = shared.failures.lock().unwrap().clone();
    println!("rolling restart: answers other than success seen by clients: {failures:?}");
    drop(proxy);
    println!(
        "rolling restart: {}",
        passed_on(&std::fs::read_to_string(dir.join("access.log")).unwrap_or_default())
    );
    println!(
        "rolling restart: {count} WebSockets told to reconnect, back with a view after p50 \
         {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms; {dropped} closed without being told"
    );
    drop(servers);
    finish(args, &dir);
    lost == 0 && dropped == 0 && count > 0 && acked_moves > 0
}

/// nginx (the program `path`) with `docs/deploy.md`'s configuration, in front of `instances`,
/// its files in `dir`.
async fn nginx(path: &Path, instances: &[SocketAddr], dir: &Path) -> Proxy {
    let listen = free_address();
    let conf = dir.join("nginx.conf");
    std::fs::write(&conf, documented_nginx(instances, listen, dir)).unwrap();
    Proxy::start(nginx_command(path, dir, &conf), listen, dir).await
}

/// The stored moves of the games in `acked` (read through `reader`) against the acknowledged
/// ones: how many are stored, and how many acknowledged moves are not stored at their ply.
async fn check_stored(
    reader: &Client,
    acked: &HashMap<String, Vec<(usize, String)>>,
) -> (usize, usize) {
    let (mut stored_moves, mut lost) = (0, 0);
    for (id, moves) in acked {
        let view = loop {
            match reader.try_get(&format!("/api/games/{id}")).await {
                Ok(answer) if answer.is_success() => break answer.body,
                _ => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        };
        let stored = moves_of(&view);
        stored_moves += stored.len();
        for (ply, mv) in moves {
            if stored.get(*ply) != Some(mv) {
                eprintln!("LOST: game {id} ply {ply}: acknowledged {mv}, stored {stored:?}");
                lost += 1;
            }
        }
    }
    (stored_moves, lost)
}

/// What nginx's access log (`documented_nginx`'s format: status, method, path, upstreams
/// tried, their statuses) says of the requests it passed on to the other instance.
fn passed_on(log: &str) -> String {
    let lines: Vec<&str> = log.lines().collect();
    let again: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|line| line.contains(", "))
        .collect();
    let mut by_first: BTreeMap<String, usize> = BTreeMap::new();
    for line in &again {
        // `... 127.0.0.1:A, 127.0.0.1:B 502, 200`: the first upstream's status.
        let first = line
            .rsplit_once(' ')
            .and_then(|(head, _)| head.rsplit(' ').next())
            .unwrap_or("?")
            .trim_end_matches(',');
        let method = line.split(' ').nth(1).unwrap_or("?");
        *by_first
            .entry(format!("{method} after {first}"))
            .or_default() += 1;
    }
    format!(
        "nginx passed {} of {} requests on to the other instance ({by_first:?})",
        again.len(),
        lines.len()
    )
}

/// One player at one screen, through nginx at `proxy`: games one after another; after an
/// answer other than success (counted), the game is read again and played on.
async fn player(proxy: SocketAddr, shared: Arc<Rolling>, client: usize, seed: u64) {
    let player = Client::from_address(proxy, client_address(client));
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut turn = client;
    while !shared.stop.load(Ordering::Relaxed) {
        let (name, _) = GAMES[turn % GAMES.len()];
        turn += 1;
        let body = json!({"game": name, "seats": [{"kind": "local"}, {"kind": "local"}]});
        let created = player.try_post("/api/games", body).await;
        let Some((id, tokens)) = created.as_ref().ok().and_then(Answer::created) else {
            shared.failed(&created);
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let tokens: Vec<String> = tokens.into_iter().map(Option::unwrap_or_default).collect();
        let mut view = created.unwrap().body["view"].clone();
        // Until the game is over (no seat to move).
        while let (Some(seat), Some(legal)) =
            (view["status"]["seat"].as_u64(), view["legal"].as_array())
        {
            if legal.is_empty() || shared.stop.load(Ordering::Relaxed) {
                break;
            }
            let mv = legal[rng.random_range(0..legal.len())]
                .as_str()
                .unwrap_or_default()
                .to_string();
            let ply = moves_of(&view).len();
            let token = &tokens[seat as usize];
            let answer = player.try_play(&id, token, &mv, Some(ply)).await;
            match answer {
                Ok(answer) if answer.is_success() => {
                    shared.acked_moves.fetch_add(1, Ordering::Relaxed);
                    let mut acked = shared.acked.lock().unwrap();
                    acked.entry(id.clone()).or_default().push((ply, mv));
                    view = answer.body;
                }
                _ => {
                    shared.failed(&answer);
                    view = read_again(&player, &shared, &id).await;
                }
            }
        }
    }
}

/// Game `id`'s view, read through `player` until it answers (or the run stops: `null`).
async fn read_again(player: &Client, shared: &Rolling, id: &str) -> Value {
    while !shared.stop.load(Ordering::Relaxed) {
        match player.try_get(&format!("/api/games/{id}")).await {
            Ok(answer) if answer.is_success() => return answer.body,
            answer => shared.failed(&answer),
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Value::Null
}

/// A watcher: a game of its own, followed through a WebSocket through nginx at `proxy`; told
/// to reconnect, it opens a socket again at once and times the first view.
async fn watch(proxy: SocketAddr, shared: Arc<Rolling>, client: usize) {
    let from = client_address(client);
    let creator = Client::from_address(proxy, from);
    let body = json!({"game": "quarx", "seats": [{"kind": "local"}, {"kind": "local"}]});
    let (id, _) = creator.create(body).await;
    let mut told: Option<Instant> = None;
    while !shared.stop.load(Ordering::Relaxed) {
        let mut viewer = match Viewer::open(proxy, &id, Some(from), None).await {
            Ok(viewer) => viewer,
            Err(error) => {
                shared.count(format!("WebSocket not opened: {error}"));
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        while let Some(Ok(message)) = viewer.next().await {
            let Ok(text) = message.to_text() else {
                continue;
            };
            let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
            match value["type"].as_str() {
                Some("view") => {
                    if let Some(at) = told.take() {
                        shared.reconnects.add(at.elapsed());
                    }
                }
                Some("reconnect") => {
                    told = Some(Instant::now());
                    break;
                }
                _ => {}
            }
        }
        if told.is_none() && !shared.stop.load(Ordering::Relaxed) {
            shared.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }
}

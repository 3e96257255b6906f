//! The rolling restart (`--rolling`, issue #44): two instances on one database (`--database`,
//! PostgreSQL), `--clients` players at one screen playing random legal moves, each move
//! through the next instance in turn and, when an instance does not answer, through the
//! other (as a load balancer retries); `--sockets` WebSockets watching games; and each
//! instance in turn stopped with SIGTERM (it drains), started again, and given time to settle.
//!
//! Every acknowledged move (a 200 answer) is remembered with its ply; at the end each one must
//! be stored at its ply. A watcher told `reconnect` opens its socket again, on the other
//! instance first, and the time until its first view there is the reconnect time. Prints the
//! moves acknowledged and stored, the moves lost (the run fails unless 0), the drains'
//! durations, and the reconnect times; a socket that closed without being told counts as
//! dropped (the run fails unless 0).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use tafel_testkit::client::Client;
use tafel_testkit::viewer::Viewer;

use crate::{client_address, finish, moves_of, tempdir, Args, Latencies, Server, GAMES};

/// What the players and watchers share.
#[derive(Default)]
struct Rolling {
    stop: AtomicBool,
    /// Every game's acknowledged moves, by ply.
    acked: Mutex<HashMap<String, Vec<(usize, String)>>>,
    acked_moves: AtomicU64,
    /// Moves sent again through the other instance after one did not answer.
    retried: AtomicU64,
    reconnects: Latencies,
    /// Sockets that closed without a `reconnect` first.
    dropped: AtomicU64,
}

/// Runs the rolling restart; returns whether no acknowledged move was lost and no socket was
/// dropped untold.
pub async fn rolling(args: &Args) -> bool {
    let dir = tempdir();
    let extra = [
        vec![
            "--games-per-minute".to_string(),
            "0".to_string(),
            "--drain-delay".to_string(),
            "0.5".to_string(),
        ],
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
    let addrs: Arc<Vec<SocketAddr>> = Arc::new(servers.iter().map(Server::addr).collect());
    let shared = Arc::new(Rolling::default());
    println!(
        "rolling restart: {} clients and {} WebSockets for {} s on two instances on {}",
        args.clients,
        args.sockets,
        args.seconds,
        args.database.as_deref().unwrap_or("an SQLite file")
    );
    let mut tasks = Vec::new();
    for client in 0..args.clients {
        let (addrs, shared) = (addrs.clone(), shared.clone());
        tasks.push(tokio::spawn(player(
            addrs,
            shared,
            client,
            args.seed + client as u64,
        )));
    }
    for watcher in 0..args.sockets {
        let (addrs, shared) = (addrs.clone(), shared.clone());
        tasks.push(tokio::spawn(watch(addrs, shared, args.clients + watcher)));
    }
    // Each instance in turn: a third of the time to settle, then SIGTERM and a restart.
    let settle = Duration::from_secs(args.seconds) / 3;
    let mut drains = Vec::new();
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
        drains.push(drained);
    }
    tokio::time::sleep(settle).await;
    shared.stop.store(true, Ordering::Relaxed);
    for task in tasks {
        task.abort();
    }
    let reader = Client::new(addrs[0]);
    let acked = std::mem::take(&mut *shared.acked.lock().unwrap());
    let (mut stored_moves, mut lost) = (0usize, 0usize);
    for (id, moves) in &acked {
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
    let (count, p50, p99, max) = shared.reconnects.summary();
    let dropped = shared.dropped.load(Ordering::Relaxed);
    println!(
        "rolling restart: {} moves acknowledged, {stored_moves} stored in their {} games, \
         {lost} lost; {} moves sent again through the other instance",
        shared.acked_moves.load(Ordering::Relaxed),
        acked.len(),
        shared.retried.load(Ordering::Relaxed),
    );
    println!(
        "rolling restart: {count} WebSockets told to reconnect, back with a view after p50 \
         {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms; {dropped} closed without being told"
    );
    drop(servers);
    finish(args, &dir);
    lost == 0 && dropped == 0 && count > 0 && shared.acked_moves.load(Ordering::Relaxed) > 0
}

/// One player at one screen: games one after another, each move through the next instance,
/// and through the other one when that one does not answer.
async fn player(addrs: Arc<Vec<SocketAddr>>, shared: Arc<Rolling>, client: usize, seed: u64) {
    let first = Client::from_address(addrs[0], client_address(client));
    let instances: Vec<Client> = addrs.iter().map(|addr| first.on(*addr)).collect();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut turn = client;
    while !shared.stop.load(Ordering::Relaxed) {
        let (name, _) = GAMES[turn % GAMES.len()];
        let body = json!({"game": name, "seats": [{"kind": "local"}, {"kind": "local"}]});
        turn += 1;
        let Ok(created) = instances[turn % 2].try_post("/api/games", body).await else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let Some((id, tokens)) = created.created() else {
            continue;
        };
        let tokens: Vec<String> = tokens.into_iter().map(Option::unwrap_or_default).collect();
        let mut view = created.body["view"].clone();
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
            turn += 1;
            let token = &tokens[seat as usize];
            let sent = Move {
                id: &id,
                token,
                mv: &mv,
                ply,
            };
            let Some(next) = send_move(&instances, turn, &shared, sent).await else {
                break;
            };
            view = next;
        }
    }
}

/// A move to send: in game `id`, by the seat holding `token`, at `ply`.
struct Move<'a> {
    id: &'a str,
    token: &'a str,
    mv: &'a str,
    ply: usize,
}

/// Sends `sent` through instance `turn` modulo two, then the other, until one answers (a few
/// seconds at most); remembers it if acknowledged. The view after it, or `None` if it was
/// refused or nobody answered.
async fn send_move(
    instances: &[Client],
    turn: usize,
    shared: &Rolling,
    sent: Move<'_>,
) -> Option<Value> {
    let Move { id, token, mv, ply } = sent;
    for attempt in 0..100 {
        if attempt > 0 {
            shared.retried.fetch_add(1, Ordering::Relaxed);
            if attempt % 2 == 0 {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
        let instance = &instances[(turn + attempt) % 2];
        match instance.try_play(id, token, mv, Some(ply)).await {
            Ok(answer) if answer.is_success() => {
                shared.acked_moves.fetch_add(1, Ordering::Relaxed);
                shared
                    .acked
                    .lock()
                    .unwrap()
                    .entry(id.to_string())
                    .or_default()
                    .push((ply, mv.to_string()));
                return Some(answer.body);
            }
            // Not reached, or the instance is stopping: the other one.
            Err(_) => continue,
            Ok(answer) if answer.status == 503 => continue,
            // Refused (a move that was stored though its answer was lost is refused at the
            // same ply): this game ends here for this player.
            Ok(_) => return None,
        }
    }
    None
}

/// A watcher: a game of its own, followed through a WebSocket on one instance; told to
/// reconnect, it opens a socket on the other instance (then either) and times the first view.
async fn watch(addrs: Arc<Vec<SocketAddr>>, shared: Arc<Rolling>, client: usize) {
    let from = client_address(client);
    let creator = Client::from_address(addrs[client % 2], from);
    let body = json!({"game": "quarx", "seats": [{"kind": "local"}, {"kind": "local"}]});
    let (id, _) = creator.create(body).await;
    let mut on = client % 2;
    let mut told: Option<Instant> = None;
    while !shared.stop.load(Ordering::Relaxed) {
        let Ok(mut viewer) = Viewer::open(addrs[on], &id, Some(from), None).await else {
            on = 1 - on;
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
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
        on = 1 - on;
    }
}

//! The instances mode (`--instances N`, issue #51): N `tafel serve` processes on one database,
//! moving clients whose every move goes to one of them, as `--route` says: in turn (a load
//! balancer without stickiness) or by a hash of the game's id (the documented proxies). At
//! the end each instance's `tafel_instance_requests_total` tells what went between them:
//! requests forwarded to a game's owner, games handed over, moves worked out twice.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::json;
use tafel_testkit::client::Client;

use crate::{client_address, finish, moves_of, postgres, tempdir, Args, Latencies, Server, GAMES};

/// Where a game's moves go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Route {
    /// To the next instance in turn, move by move.
    Turn,
    /// To the instance a hash of the game's id names (creations still in turn).
    Game,
}

/// The instance of `count` that a proxy hashing game `id` sends its requests to (FNV-1a; any
/// fixed hash does, as the proxy's own does).
fn by_game(id: &str, count: usize) -> usize {
    let hash = id.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    (hash % count as u64) as usize
}

/// The sum over the instances at `metrics` of `tafel_instance_requests_total{what}`.
async fn counted(metrics: &[SocketAddr], what: &str) -> u64 {
    let series = format!("tafel_instance_requests_total{{what=\"{what}\"}} ");
    let mut sum = 0;
    for addr in metrics {
        let Ok(answer) = Client::new(*addr).try_get("/metrics").await else {
            continue;
        };
        sum += answer
            .text
            .lines()
            .find_map(|line| line.strip_prefix(&series))
            .and_then(|n| n.trim().parse::<u64>().ok())
            .unwrap_or(0);
    }
    sum
}

/// A free port on loopback.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or(0)
}

/// Moves per second and their latency with `count` instances on one database.
pub async fn throughput(args: &Args, count: usize) -> bool {
    let dir = tempdir();
    let extra = [
        vec!["--games-per-minute".to_string(), "0".to_string()],
        args.serve_args.clone(),
    ]
    .concat();
    let metrics: Vec<SocketAddr> = (0..count.max(1))
        .map(|_| SocketAddr::from(([127, 0, 0, 1], free_port())))
        .collect();
    let mut servers: Vec<Server> = metrics
        .iter()
        .map(|at| {
            let metrics = vec!["--metrics-listen".to_string(), at.to_string()];
            let mut server = Server::new(args, &dir, [extra.clone(), metrics].concat());
            server.database = args.database.clone();
            server
        })
        .collect();
    for server in &mut servers {
        server.start();
    }
    let addrs: Arc<Vec<SocketAddr>> = Arc::new(servers.iter().map(Server::addr).collect());
    let latencies = Arc::new(Latencies::default());
    let (moves, errors) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let stop = Arc::new(AtomicBool::new(false));
    let deadlocks_before = postgres::deadlocks(args.database.as_deref()).await;
    let computer = args
        .computer_games
        .map(|games| postgres::ComputerGames::start(args, &addrs, games));
    println!(
        "instances: {} clients for {} s through {} instance(s) on {}, moves sent {}",
        args.clients,
        args.seconds,
        addrs.len(),
        args.database.as_deref().unwrap_or("an SQLite file"),
        match args.route {
            Route::Turn => "to each instance in turn",
            Route::Game => "by a hash of the game's id",
        }
    );
    let started = Instant::now();
    let mut clients = Vec::new();
    for client in 0..args.clients {
        let (addrs, latencies, moves, errors, stop) = (
            addrs.clone(),
            latencies.clone(),
            moves.clone(),
            errors.clone(),
            stop.clone(),
        );
        let seed = args.seed + client as u64;
        let route = args.route;
        clients.push(tokio::spawn(async move {
            // One client of every instance, sharing its connections and local address.
            let first = Client::from_address(addrs[0], client_address(client));
            let instances: Vec<Client> = addrs.iter().map(|addr| first.on(*addr)).collect();
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut turn = client;
            'games: while !stop.load(Ordering::Relaxed) {
                let (name, _) = GAMES[turn % GAMES.len()];
                let body = json!({"game": name, "seats": [{"kind": "local"}, {"kind": "local"}]});
                let Ok(created) = instances[turn % instances.len()]
                    .try_post("/api/games", body)
                    .await
                else {
                    errors.fetch_add(1, Ordering::Relaxed);
                    continue;
                };
                let Some((id, tokens)) = created.created() else {
                    continue;
                };
                let tokens: Vec<String> =
                    tokens.into_iter().map(Option::unwrap_or_default).collect();
                let mut view = created.body["view"].clone();
                while !stop.load(Ordering::Relaxed) {
                    let (Some(seat), Some(legal)) =
                        (view["status"]["seat"].as_u64(), view["legal"].as_array())
                    else {
                        continue 'games; // over
                    };
                    if legal.is_empty() {
                        continue 'games;
                    }
                    let mv = legal[rng.random_range(0..legal.len())]
                        .as_str()
                        .unwrap_or_default()
                        .to_string();
                    turn += 1;
                    let instance = match route {
                        Route::Turn => &instances[turn % instances.len()],
                        Route::Game => &instances[by_game(&id, instances.len())],
                    };
                    let ply = moves_of(&view).len();
                    let asked = Instant::now();
                    match instance
                        .try_play(&id, &tokens[seat as usize], &mv, Some(ply))
                        .await
                    {
                        Ok(answer) if answer.is_success() => {
                            latencies.add(asked.elapsed());
                            moves.fetch_add(1, Ordering::Relaxed);
                            view = answer.body;
                        }
                        _ => {
                            errors.fetch_add(1, Ordering::Relaxed);
                            continue 'games;
                        }
                    }
                }
            }
        }));
    }
    tokio::time::sleep(Duration::from_secs(args.seconds)).await;
    stop.store(true, Ordering::Relaxed);
    for client in clients {
        let _ = client.await;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let (count, p50, p99, max) = latencies.summary();
    let errors = errors.load(Ordering::Relaxed);
    println!(
        "instances: {count} moves in {elapsed:.1} s = {:.0} moves/s through {} instance(s); \
         latency p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms; {errors} errors",
        count as f64 / elapsed,
        addrs.len()
    );
    let (forwarded, handed_over, looked_up, reworked) = (
        counted(&metrics, "forwarded").await,
        counted(&metrics, "handed_over").await,
        counted(&metrics, "owner_looked_up").await,
        counted(&metrics, "reworked").await,
    );
    println!(
        "instances: {forwarded} requests forwarded to a game's owner ({:.1} per 100 moves), \
         {handed_over} games handed over, {looked_up} owners looked up in the database, \
         {reworked} moves worked out twice",
        forwarded as f64 * 100.0 / count.max(1) as f64
    );
    let computer_moved = computer.is_none_or(postgres::ComputerGames::stop);
    drop(servers);
    let no_deadlocks = postgres::no_deadlocks_since(args, deadlocks_before).await;
    finish(args, &dir);
    errors == 0 && count > 0 && computer_moved && no_deadlocks
}

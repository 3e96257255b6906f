//! `tafel bench`: how fast each game's engine runs on this machine.
//!
//! Three throughputs per game, each on one thread and on several threads running side by
//! side: random playouts per second (`Game::random_playout`: the game's own loop where it has
//! one), perft nodes per second (leaf
//! counts of a perft deep enough to take a few milliseconds), and MCTS iterations per second
//! (the search of `tafel-ai` with one random playout per leaf, from the first position where a
//! player is to move). Criterion benchmarks (`cargo bench`) measure the hot functions more
//! precisely; this command gives the whole-engine figures in one table.
//!
//! With `--playouts N` it instead plays exactly N seeded random games per game on one thread
//! and reports the time they took: a fixed amount of work, for instruction counts under
//! callgrind and for `scripts/bench-peers`, which measures the process's CPU time.
//!
//! With `--signature` it prints the search signature ([`tafel_ai::signature`]): the nodes of
//! fixed searches on fixed positions, and their total, which changes exactly when search
//! behaviour does.

use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Result};
use rand::SeedableRng;
use serde::Serialize;
use tafel_ai::{AgentOptions, Algorithm};
use tafel_core::{DynGame, DynPosition, Status};

/// Arguments of `tafel bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Only this game (default: every game, with default settings).
    game: Option<String>,
    /// Threads for the parallel figures (default: one per core).
    #[arg(long, conflicts_with = "playouts")]
    threads: Option<usize>,
    /// Seconds per measurement.
    #[arg(long, default_value_t = 1.0, conflicts_with = "playouts")]
    seconds: f64,
    /// Play exactly this many seeded random games from the start on one thread instead, and
    /// report their time (for profilers and `scripts/bench-peers`).
    #[arg(long)]
    playouts: Option<u64>,
    /// Print the search signature instead: the nodes of fixed searches of fixed positions per
    /// game, and their total (it changes exactly when search behaviour does).
    #[arg(long, conflicts_with_all = ["playouts", "threads"])]
    signature: bool,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

/// The figures of one game at one thread count.
#[derive(Serialize)]
struct Row {
    game: &'static str,
    threads: usize,
    playouts_per_second: f64,
    perft_depth: u32,
    perft_nodes_per_second: f64,
    mcts_iterations_per_second: f64,
}

/// The figures of a fixed number of random games of one game (`--playouts`).
#[derive(Serialize)]
struct PlayoutRow {
    game: &'static str,
    playouts: u64,
    /// Moves of all games together (chance outcomes not counted).
    plies: u64,
    seconds: f64,
    playouts_per_second: f64,
}

/// The seed of the `--playouts` games, so that every run plays the same games.
const PLAYOUT_SEED: u64 = 1;

/// MCTS iterations per timed search.
const MCTS_ITERATIONS: u64 = 2_000;
/// Random games per timed batch.
const PLAYOUT_BATCH: u64 = 64;

/// Runs `unit` over and over on `threads` threads for about `seconds`; returns the units per
/// second, summed over the threads. `unit` gets a distinct seed per call and returns how many
/// units it did.
fn throughput(threads: usize, seconds: f64, unit: &(dyn Fn(u64) -> u64 + Sync)) -> f64 {
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let start = Instant::now();
                    let (mut done, mut call) = (0u64, 0u64);
                    while done == 0 || start.elapsed().as_secs_f64() < seconds {
                        done += unit((t as u64) << 32 | call);
                        call += 1;
                    }
                    done as f64 / start.elapsed().as_secs_f64()
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a benchmark thread panicked"))
            .sum()
    })
}

/// The deepest perft (up to 12) that still takes under 50 ms and counts some leaves.
fn perft_depth(position: &dyn DynPosition) -> u32 {
    let mut depth = 1;
    while depth < 12 {
        let start = Instant::now();
        let leaves = position.perft(depth + 1);
        if leaves == 0 || start.elapsed().as_secs_f64() > 0.05 {
            break;
        }
        depth += 1;
    }
    depth
}

/// The first position from `start` where a player is to move (chance outcomes sampled).
fn decision_position(start: &dyn DynPosition) -> Box<dyn DynPosition> {
    let mut position = start.clone_box();
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    while position.status() == Status::Chance {
        position.play_random(&mut rng);
    }
    position
}

fn measure(game: &Arc<dyn DynGame>, threads: usize, seconds: f64) -> Result<Row> {
    let start = game.start();
    let depth = perft_depth(start.as_ref());
    let search_from = decision_position(start.as_ref());
    if !matches!(search_from.status(), Status::ToMove(_)) {
        bail!("{}: the start position is over", game.info().name);
    }
    let mcts = Algorithm::Mcts {
        iterations: MCTS_ITERATIONS,
        leaf: tafel_ai::Leaf::Playouts(1),
    };
    let search = |seed: u64| -> u64 {
        let mut agent = tafel_ai::agent_with(game.as_ref(), mcts, &AgentOptions::seeded(seed))
            .expect("every game has MCTS");
        agent
            .choose(search_from.as_ref())
            .expect("a player is to move");
        MCTS_ITERATIONS
    };
    Ok(Row {
        game: game.info().name,
        threads,
        playouts_per_second: throughput(threads, seconds, &|seed| {
            start.random_playouts(PLAYOUT_BATCH, seed).games
        }),
        perft_depth: depth,
        perft_nodes_per_second: throughput(threads, seconds, &|_| start.perft(depth)),
        mcts_iterations_per_second: throughput(threads, seconds, &search),
    })
}

/// Human-readable rate: 7.49 M, 673 K.
fn rate(per_second: f64) -> String {
    match per_second {
        r if r >= 1e6 => format!("{:.2} M", r / 1e6),
        r if r >= 1e3 => format!("{:.1} K", r / 1e3),
        r => format!("{r:.0}"),
    }
}

/// Plays `games` seeded random games of `game` from its start on this thread.
fn fixed_playouts(game: &Arc<dyn DynGame>, games: u64) -> PlayoutRow {
    let start = game.start();
    let clock = Instant::now();
    let stats = start.random_playouts(games, PLAYOUT_SEED);
    let seconds = clock.elapsed().as_secs_f64();
    PlayoutRow {
        game: game.info().name,
        playouts: stats.games,
        plies: stats.plies,
        seconds,
        playouts_per_second: stats.games as f64 / seconds,
    }
}

/// `--playouts`: a fixed number of random games per game, one thread.
fn run_fixed(names: &[&str], games: u64, json: bool) -> Result<()> {
    if games == 0 {
        bail!("--playouts must be at least 1");
    }
    let registry = tafel_games::registry();
    let mut rows = Vec::new();
    for name in names {
        let row = fixed_playouts(&registry.get(name)?.build(&[])?, games);
        if !json {
            if rows.is_empty() {
                println!(
                    "{:<11} {:>10} {:>10} {:>9} {:>12}",
                    "game", "playouts", "plies/game", "seconds", "playouts/s"
                );
            }
            println!(
                "{:<11} {:>10} {:>10.1} {:>9.3} {:>12}",
                row.game,
                row.playouts,
                row.plies as f64 / row.playouts as f64,
                row.seconds,
                rate(row.playouts_per_second)
            );
        }
        rows.push(row);
    }
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(
                &serde_json::json!({ "seed": PLAYOUT_SEED, "rows": rows })
            )?
        );
    }
    Ok(())
}

/// `--signature`: the search signature's lines for the games in `names`, and their total.
fn run_signature(names: &[&str], json: bool) -> Result<()> {
    let lines: Vec<_> = tafel_ai::signature::signature()
        .into_iter()
        .filter(|line| names.contains(&line.game))
        .collect();
    let total = tafel_ai::signature::total(&lines);
    if json {
        let rows: Vec<_> = lines
            .iter()
            .map(|l| {
                serde_json::json!({
                    "game": l.game, "position": l.position, "search": l.search,
                    "nodes": l.nodes, "best": l.best,
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({ "lines": rows, "total": total }))?
        );
        return Ok(());
    }
    for line in &lines {
        println!(
            "{:<11} {:<26} {:>9} nodes  best {:<10} {}",
            line.game, line.search, line.nodes, line.best, line.position
        );
    }
    for name in names {
        let nodes: u64 = lines
            .iter()
            .filter(|l| l.game == *name)
            .map(|l| l.nodes)
            .sum();
        println!("{name:<11} {nodes:>9} nodes");
    }
    println!("signature {total}");
    Ok(())
}

/// Measures and prints.
pub fn run(args: Args) -> Result<()> {
    let registry = tafel_games::registry();
    let names: Vec<&str> = match &args.game {
        Some(name) => vec![registry.get(name)?.info.name],
        None => registry.entries().iter().map(|e| e.info.name).collect(),
    };
    if args.signature {
        return run_signature(&names, args.json);
    }
    if let Some(games) = args.playouts {
        return run_fixed(&names, games, args.json);
    }
    if !(args.seconds > 0.0 && args.seconds <= 600.0) {
        bail!("--seconds must be more than 0 and at most 600");
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = args.threads.unwrap_or(cores);
    if threads == 0 {
        bail!("--threads must be at least 1");
    }
    let mut rows = Vec::new();
    for name in names {
        let game = registry.get(name)?.build(&[])?;
        let counts: Vec<usize> = if threads == 1 {
            vec![1]
        } else {
            vec![1, threads]
        };
        for t in counts {
            let row = measure(&game, t, args.seconds)?;
            if !args.json {
                if rows.is_empty() {
                    println!(
                        "{:<11} {:>7} {:>12} {:>16} {:>16}",
                        "game", "threads", "playouts/s", "perft nodes/s", "MCTS iter./s"
                    );
                }
                let perft = format!(
                    "{} (d{})",
                    rate(row.perft_nodes_per_second),
                    row.perft_depth
                );
                println!(
                    "{:<11} {:>7} {:>12} {:>16} {:>16}",
                    row.game,
                    row.threads,
                    rate(row.playouts_per_second),
                    perft,
                    rate(row.mcts_iterations_per_second)
                );
            }
            rows.push(row);
        }
    }
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(
                &serde_json::json!({ "cores": cores, "seconds": args.seconds, "rows": rows })
            )?
        );
    }
    Ok(())
}

//! `tafel match`: two players play a series of games with alternating seats, in parallel;
//! prints wins, draws and losses and the Elo difference with its 95% interval.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use tafel_ai::{AgentOptions, DynAgent};
use tafel_core::{DynGame, DynPosition, Status};
use tafel_tournament::elo::{format_elo, EloInterval};

use super::play::Seat;
use crate::target::PositionArgs;

/// Arguments of `tafel match`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    target: PositionArgs,
    /// Player A: `ai:LEVEL`, `mcts:ITERATIONS` or `random`.
    #[arg(long)]
    a: String,
    /// Player B: `ai:LEVEL`, `mcts:ITERATIONS` or `random` (B takes every seat A does not).
    #[arg(long)]
    b: String,
    /// How many games. A takes seat 1 in game 1, seat 2 in game 2, and so on round the table.
    #[arg(long, default_value_t = 10)]
    games: u64,
    /// Start each game with this many random moves (never one that ends the game), the same
    /// for each round of games in which A takes every seat once, so a seat's advantage cancels.
    #[arg(long, default_value_t = 0, value_name = "PLIES")]
    opening: u32,
    /// Seed of the whole match: game `i` is played with seeds derived from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at the same time (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Write every game's record to this folder (created if needed), as game-0001.txt etc.
    #[arg(long, value_name = "DIR")]
    records: Option<PathBuf>,
}

/// One finished game: A's seat, A's payoff and the record's moves.
struct GameResult {
    a_seat: usize,
    a_payoff: f64,
    moves: Vec<String>,
}

/// The seed of game `index` in a match seeded by `seed` (a SplitMix64 step).
pub(crate) fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_add((index + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays up to `plies` random moves from `start` that do not end the game (chance outcomes by
/// their probability, not counted); returns the moves.
pub(crate) fn random_opening(
    position: &mut Box<dyn DynPosition>,
    plies: u32,
    seed: u64,
) -> Vec<String> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    let mut played = 0;
    while played < plies {
        let mv = match position.status() {
            Status::Over(_) => break,
            Status::Chance => position.play_random(&mut rng).expect("chance has outcomes"),
            Status::ToMove(_) => {
                let safe: Vec<String> = position
                    .legal_moves()
                    .into_iter()
                    .filter(|mv| {
                        let mut next = position.clone_box();
                        next.play(mv).is_ok() && !matches!(next.status(), Status::Over(_))
                    })
                    .collect();
                if safe.is_empty() {
                    break;
                }
                played += 1;
                position
                    .play(&safe[rng.random_range(0..safe.len())])
                    .expect("a legal move")
            }
        };
        moves.push(mv);
    }
    moves
}

/// Plays game `index`: A in seat `index mod seats`, B everywhere else.
fn play_game(
    game: &dyn DynGame,
    start: &dyn DynPosition,
    seats: (Seat, Seat),
    opening: u32,
    seed: u64,
    index: u64,
) -> Result<GameResult> {
    let n = game.num_players() as u64;
    let a_seat = (index % n) as usize;
    let mut position = start.clone_box();
    let mut moves = random_opening(&mut position, opening, game_seed(!seed, index / n));
    let seed = game_seed(seed, index);
    let mut agents: Vec<Box<dyn DynAgent>> = (0..n as usize)
        .map(|s| {
            let seat = if s == a_seat { seats.0 } else { seats.1 };
            let options = AgentOptions::seeded(seed.wrapping_add(s as u64 + 1));
            seat.agent(game, &options)?
                .context("a match is played by computer players only")
        })
        .collect::<Result<_>>()?;
    let mut dice = rand::rngs::StdRng::seed_from_u64(seed);
    loop {
        let mv = match position.status() {
            Status::Over(outcome) => {
                let a_payoff = outcome.payoff(tafel_core::Player(a_seat as u8));
                return Ok(GameResult {
                    a_seat,
                    a_payoff,
                    moves,
                });
            }
            Status::Chance => position
                .play_random(&mut dice)
                .expect("chance has outcomes"),
            Status::ToMove(p) => {
                let decision = agents[p.index()].choose(position.as_ref())?;
                position.play(&decision.mv)?
            }
        };
        moves.push(mv);
    }
}

/// Plays the match and prints the result.
pub fn run(args: Args) -> Result<()> {
    let (game, start) = args.target.build()?;
    let seats = (Seat::parse(&args.a)?, Seat::parse(&args.b)?);
    for (name, seat) in [("--a", seats.0), ("--b", seats.1)] {
        anyhow::ensure!(
            seat != Seat::Human,
            "{name}: a match needs computer players (ai:LEVEL, mcts:ITERATIONS or random)"
        );
        // Fails early on an unknown level or a game without computer players.
        let agent = seat.agent(game.as_ref(), &AgentOptions::seeded(0))?;
        if let Some(notice) = agent.as_ref().and_then(|agent| agent.notice()) {
            eprintln!("note: {name}: {notice}");
        }
    }
    anyhow::ensure!(args.games > 0, "--games must be at least 1");
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()?;
    let progress = ProgressBar::new(args.games).with_style(ProgressStyle::with_template(
        "{bar:40} {pos}/{len} games, {elapsed} elapsed, about {eta} left",
    )?);
    let game_ref: &Arc<dyn DynGame> = &game;
    let results: Vec<GameResult> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(|i| {
                let result = play_game(
                    game_ref.as_ref(),
                    start.as_ref(),
                    seats,
                    args.opening,
                    args.seed,
                    i,
                );
                progress.inc(1);
                result
            })
            .collect::<Result<_>>()
    })?;
    progress.finish_and_clear();

    if let Some(dir) = &args.records {
        for (i, result) in results.iter().enumerate() {
            let path = dir.join(format!("game-{:04}.txt", i + 1));
            let text = game.write_record(start.as_ref(), &result.moves, false)?;
            std::fs::write(&path, text)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
    }
    print_summary(game.as_ref(), &args, &results);
    Ok(())
}

fn print_summary(game: &dyn DynGame, args: &Args, results: &[GameResult]) {
    let count = |f: &dyn Fn(&GameResult) -> bool| results.iter().filter(|r| f(r)).count();
    let wins = count(&|r| r.a_payoff > 0.5);
    let draws = count(&|r| r.a_payoff == 0.5);
    let losses = count(&|r| r.a_payoff < 0.5);
    println!(
        "{}: a = {}, b = {}, {} games, {} random opening plies, seed {}",
        game.info().name,
        args.a,
        args.b,
        results.len(),
        args.opening,
        args.seed
    );
    println!("a: {wins} wins, {draws} draws, {losses} losses");
    for seat in 0..game.num_players() {
        let in_seat: Vec<&GameResult> = results.iter().filter(|r| r.a_seat == seat).collect();
        let won = in_seat.iter().filter(|r| r.a_payoff > 0.5).count();
        println!(
            "a as {}: {won} wins in {} games",
            game.player_name(tafel_core::Player(seat as u8)),
            in_seat.len()
        );
    }
    let payoffs: Vec<f64> = results.iter().map(|r| r.a_payoff).collect();
    let elo = EloInterval::from_games(&payoffs).expect("a match plays at least one game");
    println!("a's score: {:.1}%", elo.score * 100.0);
    println!(
        "Elo difference a - b: {} (95% interval {} to {})",
        format_elo(elo.elo),
        format_elo(elo.low),
        format_elo(elo.high)
    );
}

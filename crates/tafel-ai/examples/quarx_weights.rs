//! Compares two Quarx evaluations (or two search depths) in a match of alpha-beta players:
//! the tool behind the tuning table in docs/ai.md.
//!
//! ```text
//! cargo run --release -p tafel-ai --example quarx_weights -- A B GAMES [OPENING] [SEED]
//! ```
//!
//! A and B are `DEPTH:NODES[:WEIGHTS]`, WEIGHTS a comma-separated list of `name=value`
//! changes to the tuned weights (`king`, `advance`, `exposure`, `simplify`, `tempo`,
//! `slope`; see `tafel_ai::eval::quarx::Weights`), for example
//! `2:20000:king=3,exposure=0,simplify=0`. Games alternate colours, each pair starting from
//! the same `OPENING` random plies (default 4); they are played in parallel on all cores.
//! Prints A's wins, draws and losses and score.

use std::process::ExitCode;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use tafel_ai::alphabeta::{AlphaBeta, AlphaBetaConfig};
use tafel_ai::eval::quarx::{MaterialEvaluator, Weights};
use tafel_ai::Budget;
use tafel_core::{Game, Player, Status};
use tafel_games::quarx::Quarx;

/// One player: alpha-beta to a depth within a node budget, with some weights.
#[derive(Clone, Copy, Debug)]
struct Contestant {
    depth: u32,
    nodes: u64,
    weights: Weights,
}

/// Reads `DEPTH:NODES[:WEIGHTS]`.
fn parse_player(text: &str) -> Result<Contestant, String> {
    let mut parts = text.splitn(3, ':');
    let number = |part: Option<&str>, what: &str| -> Result<u64, String> {
        part.and_then(|p| p.parse().ok())
            .ok_or_else(|| format!("`{text}`: the {what} is missing or not a number"))
    };
    let depth = number(parts.next(), "depth")? as u32;
    let nodes = number(parts.next(), "node budget")?;
    let mut weights = Weights::default();
    for change in parts
        .next()
        .unwrap_or("")
        .split(',')
        .filter(|c| !c.is_empty())
    {
        let (name, value) = change
            .split_once('=')
            .ok_or_else(|| format!("`{change}` is not name=value"))?;
        let value: f64 = value
            .parse()
            .map_err(|_| format!("`{change}`: `{value}` is not a number"))?;
        let weight = match name {
            "king" => &mut weights.king,
            "advance" => &mut weights.advance,
            "exposure" => &mut weights.exposure,
            "simplify" => &mut weights.simplify,
            "tempo" => &mut weights.tempo,
            "slope" => &mut weights.slope,
            _ => return Err(format!("`{name}` is not a weight")),
        };
        *weight = value;
    }
    Ok(Contestant {
        depth,
        nodes,
        weights,
    })
}

/// A's payoff in one game: A plays White when `a_white`, after `opening` random plies.
fn play(game: &Quarx, a: Contestant, b: Contestant, a_white: bool, opening: u32, seed: u64) -> f64 {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut state = game.start();
    let mut moves = Vec::new();
    for _ in 0..opening {
        game.legal_moves(&state, &mut moves);
        let mv = moves[rng.random_range(0..moves.len())];
        game.apply(&mut state, mv);
        if !matches!(game.status(&state), Status::ToMove(_)) {
            break;
        }
    }
    let searcher = |p: Contestant| {
        AlphaBeta::new(
            AlphaBetaConfig {
                budget: Budget::work(p.nodes),
                max_depth: p.depth,
                table_bits: 18,
                seed,
            },
            MaterialEvaluator::with_weights(p.weights),
        )
    };
    let (mut white, mut black) = if a_white {
        (searcher(a), searcher(b))
    } else {
        (searcher(b), searcher(a))
    };
    let a_seat = Player(if a_white { 0 } else { 1 });
    loop {
        match game.status(&state) {
            Status::Over(outcome) => return outcome.payoff(a_seat),
            Status::ToMove(Player(0)) => {
                let result = white.analyse(game, &state).expect("White is to move");
                game.apply(&mut state, result.best);
            }
            Status::ToMove(_) => {
                let result = black.analyse(game, &state).expect("Black is to move");
                game.apply(&mut state, result.best);
            }
            Status::Chance => unreachable!("Quarx has no chance"),
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = (|| -> Result<_, String> {
        if !(3..=5).contains(&args.len()) {
            return Err("usage: quarx_weights A B GAMES [OPENING] [SEED]".into());
        }
        let number = |i: usize, default: u64| -> Result<u64, String> {
            args.get(i).map_or(Ok(default), |a| {
                a.parse().map_err(|_| format!("`{a}` is not a number"))
            })
        };
        let (a, b) = (parse_player(&args[0])?, parse_player(&args[1])?);
        Ok((a, b, number(2, 0)?, number(3, 4)? as u32, number(4, 1)?))
    })();
    let (a, b, games, opening, seed) = match parsed {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    let game = Quarx::new(Default::default()).expect("the default settings are valid");
    let payoffs: Vec<f64> = (0..games)
        .into_par_iter()
        .map(|i| play(&game, a, b, i % 2 == 0, opening, seed * 1_000_003 + i / 2))
        .collect();
    let wins = payoffs.iter().filter(|&&p| p > 0.5).count();
    let draws = payoffs.iter().filter(|&&p| p == 0.5).count();
    let score = payoffs.iter().sum::<f64>() / payoffs.len().max(1) as f64;
    println!(
        "A {} against B {}: {wins}-{draws}-{} ({:.1}%)",
        args[0],
        args[1],
        payoffs.len() - wins - draws,
        100.0 * score
    );
    ExitCode::SUCCESS
}

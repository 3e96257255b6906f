//! `tafel hint`: the best move in a position and what it is worth on the one scale (the
//! mover's chance to win, and to draw where draws exist), by the game's solvers where they
//! cover the position, else by a search.

use anyhow::Result;
use tafel_ai::scale::AssessOptions;
use tafel_ai::{Algorithm, Evaluation};
use tafel_core::Status;

use crate::target::PositionArgs;

/// Arguments of `tafel hint`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    target: PositionArgs,
    /// Search as this strength level instead of with the game's analysis search (see
    /// docs/ai.md); the solvers answer only for a perfect level.
    #[arg(long)]
    level: Option<u32>,
    /// Nodes (or iterations) of the search (default: the budget the game's curve was fitted
    /// at, see docs/analysis.md, else the search's own).
    #[arg(long)]
    nodes: Option<u64>,
    /// Seed of the search (the same seed gives the same answer).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Prints the best move, the mover's chances and what found them.
pub fn run(args: Args) -> Result<()> {
    let (game, position) = args.target.build()?;
    let ai = tafel_ai::game_ai(game.as_ref())?;
    let (algorithm, exact, search) = match args.level {
        Some(level) => {
            let algorithm = ai.level(level)?;
            if let Some(notice) = tafel_ai::level_availability(game.as_ref(), level)?.notice() {
                eprintln!("note: {notice}");
            }
            let perfect = matches!(algorithm, Algorithm::Perfect { .. });
            (algorithm, perfect, format!("level {level}"))
        }
        None => (ai.analysis(), true, "analysis".to_string()),
    };
    let options = AssessOptions {
        algorithm: Some(algorithm),
        work: args.nodes,
        seed: args.seed,
        exact,
        ..AssessOptions::default()
    };
    let answer = tafel_ai::scale::assess(game.as_ref(), position.as_ref(), &options)?;
    let Status::ToMove(mover) = position.status() else {
        unreachable!("an assessed position has a player to move");
    };
    let name = game.player_name(mover);
    let mut name_chars = name.chars();
    let capitalised: String = name_chars
        .next()
        .map(|c| c.to_uppercase().chain(name_chars).collect())
        .unwrap_or_default();
    let proof = match answer.evaluation {
        Evaluation::WinIn(n) => format!("; win in {n} plies"),
        Evaluation::LossIn(n) => format!("; loss in {n} plies against best defence"),
        _ => String::new(),
    };
    println!("best move: {}", answer.best);
    println!(
        "evaluation: {capitalised} to move: {}{proof}",
        answer.chance
    );
    println!("search: {search}, {}", answer.effort);
    Ok(())
}

//! `tafel hint`: the best move in a position and what it is worth, by a computer player.

use anyhow::Result;
use tafel_ai::AgentOptions;

use crate::target::PositionArgs;

/// Arguments of `tafel hint`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    target: PositionArgs,
    /// Search as this strength level instead of with the game's analysis search (deeper than
    /// any level; see docs/ai.md).
    #[arg(long)]
    level: Option<u32>,
    /// Seed of the search (the same seed gives the same answer).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads for MCTS levels.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// Prints the best move, its evaluation and how much the search did.
pub fn run(args: Args) -> Result<()> {
    let (game, position) = args.target.build()?;
    let options = AgentOptions {
        threads: args.threads.max(1),
        ..AgentOptions::seeded(args.seed)
    };
    let (mut agent, search) = match args.level {
        Some(level) => (
            tafel_ai::agent(game.as_ref(), level, &options)?,
            format!("level {level}"),
        ),
        None => {
            let analysis = tafel_ai::game_ai(game.as_ref())?.analysis();
            (
                tafel_ai::agent_with(game.as_ref(), analysis, &options)?,
                "analysis".to_string(),
            )
        }
    };
    if let Some(notice) = agent.notice() {
        eprintln!("note: {notice}");
    }
    let decision = agent.choose(position.as_ref())?;
    println!("best move: {}", decision.mv);
    println!("evaluation: {}", decision.evaluation);
    println!("search: {search}, {}", decision.effort);
    Ok(())
}

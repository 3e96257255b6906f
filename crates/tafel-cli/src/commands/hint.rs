//! `tafel hint`: the best move in a position and what it is worth on the one scale (the
//! mover's chance to win, and to draw where draws exist), by the game's solvers where they
//! cover the position, else by a search.

use anyhow::Result;
use tafel_ai::scale::{AssessOptions, DynAssessment};
use tafel_ai::{Algorithm, Evaluation};
use tafel_core::{DynGame, Player, Status};

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

/// What `tafel hint` (and the engine protocol's `go`) searches with: the options of the
/// assessment on the one scale, the search's name for people, and the notice of a level that
/// cannot play as its table says.
pub struct HintSearch {
    /// The assessment's options (the solvers are asked first for the analysis search and for
    /// perfect levels only).
    pub options: AssessOptions,
    /// "analysis" or "level N".
    pub label: String,
    /// Why the level plays other than its table says, if it does.
    pub notice: Option<tafel_core::Reason>,
}

/// The search of `game` at `level` (the analysis search when `None`) with `nodes` of work
/// (the search's own when `None`) and `seed`.
pub fn hint_search(
    game: &dyn DynGame,
    level: Option<u32>,
    nodes: Option<u64>,
    seed: u64,
) -> Result<HintSearch> {
    let ai = tafel_ai::game_ai(game)?;
    let (algorithm, exact, label, notice) = match level {
        Some(level) => {
            let algorithm = ai.level(level)?;
            let notice = tafel_ai::level_availability(game, level)?.notice();
            let perfect = matches!(algorithm, Algorithm::Perfect { .. });
            (algorithm, perfect, format!("level {level}"), notice)
        }
        None => (ai.analysis(), true, "analysis".to_string(), None),
    };
    let options = AssessOptions {
        algorithm: Some(algorithm),
        work: nodes,
        seed,
        exact,
        ..AssessOptions::default()
    };
    Ok(HintSearch {
        options,
        label,
        notice,
    })
}

/// The evaluation as `tafel hint` words it: "White to move: 55% win (estimate)", with the
/// length of a proven win or loss.
pub fn describe_evaluation(game: &dyn DynGame, mover: Player, answer: &DynAssessment) -> String {
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
    format!("{capitalised} to move: {}{proof}", answer.chance)
}

/// Prints the best move, the mover's chances and what found them.
pub fn run(args: Args) -> Result<()> {
    let (game, position) = args.target.build()?;
    let search = hint_search(game.as_ref(), args.level, args.nodes, args.seed)?;
    if let Some(notice) = &search.notice {
        eprintln!("note: {notice}");
    }
    let answer = tafel_ai::scale::assess(game.as_ref(), position.as_ref(), &search.options)?;
    let Status::ToMove(mover) = position.status() else {
        unreachable!("an assessed position has a player to move");
    };
    println!("best move: {}", answer.best);
    println!(
        "evaluation: {}",
        describe_evaluation(game.as_ref(), mover, &answer)
    );
    println!("search: {}, {}", search.label, answer.effort);
    Ok(())
}

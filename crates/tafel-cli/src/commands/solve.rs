//! `tafel solve GAME`: exact results with perfect play, one module per solvable game, each
//! listed once in [`SOLVERS`] by its game's type.

mod black_path;
mod carreaux;
mod karls_race;
mod kauri;

use std::path::PathBuf;

use anyhow::{bail, Result};
use tafel_core::registry::GameEntry;
use tafel_games::{black_path::BlackPath, carreaux::Carreaux, karls_race::KarlsRace, kauri::Kauri};

use crate::target::PositionArgs;

/// A game's `tafel solve`: whether a registry entry is its game, and what it does.
struct Solver {
    is_for: fn(&GameEntry) -> bool,
    run: fn(&Args) -> Result<()>,
}

/// Every game that `tafel solve` solves, by type, in registry order. A game without a solver
/// needs no line; `tafel solve` names the ones it has.
const SOLVERS: &[Solver] = &[
    Solver {
        is_for: GameEntry::is::<BlackPath>,
        run: black_path::run,
    },
    Solver {
        is_for: GameEntry::is::<KarlsRace>,
        run: karls_race::run,
    },
    Solver {
        is_for: GameEntry::is::<Carreaux>,
        run: carreaux::run,
    },
    Solver {
        is_for: GameEntry::is::<Kauri>,
        run: kauri::run,
    },
];

/// Arguments of `tafel solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub target: PositionArgs,
    /// Black Path: use the exact search even where the domino strategy applies (to check it).
    #[arg(long)]
    pub search: bool,
    /// Black Path: solve every board up to ROWSxCOLUMNS from every start edge and print a table
    /// (the `size`, `start` settings and `--position` are then ignored).
    #[arg(long, value_name = "ROWSxCOLUMNS")]
    pub up_to: Option<String>,
    /// Carreaux: solve every start layout on every board size (4 to 12) under the other
    /// settings given, one line each.
    #[arg(long)]
    pub all_layouts: bool,
    /// Karl's Race: where to write the table (default: the game's default table path; with
    /// `--position`, no file unless this is given).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Karl's Race: answer from this already solved table instead of solving; one table covers
    /// every start set and both first players.
    #[arg(long, value_name = "FILE", conflicts_with = "out")]
    pub table: Option<PathBuf>,
    /// Karl's Race: worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Karl's Race: instead of perfect play by both sides, the computer's exact winning
    /// probability against this opponent (`random`: uniformly random legal steps), for the
    /// best response to it and for the perfect player (level 6), with the computer on each
    /// side. Reads the perfect player's table from `--table` or the default path (solves it
    /// in memory when there is none, or with `--position`); writes no file.
    #[arg(long, value_name = "OPPONENT", conflicts_with = "out")]
    pub against: Option<Opponent>,
}

/// The opponents `tafel solve --against` knows.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// A player that picks uniformly among its legal moves (the `random` seat).
    Random,
}

/// Solves the requested game's position and prints the result.
pub fn run(args: Args) -> Result<()> {
    let registry = tafel_games::registry();
    let entry = registry.get(&args.target.game.game)?;
    match SOLVERS.iter().find(|solver| (solver.is_for)(entry)) {
        Some(solver) => (solver.run)(&args),
        None => {
            let solvable: Vec<&str> = registry
                .entries()
                .iter()
                .filter(|e| SOLVERS.iter().any(|solver| (solver.is_for)(e)))
                .map(|e| e.info.name)
                .collect();
            bail!(
                "`tafel solve` has no solver for {} (solvable: {})",
                entry.info.name,
                solvable.join(", ")
            )
        }
    }
}

/// A typed game built from the command's `--set` pairs.
fn build<G: tafel_core::Game>(args: &Args) -> Result<G> {
    use tafel_core::GameSettings;
    let pairs = args.target.game.pairs()?;
    Ok(G::new(G::Settings::from_pairs(G::INFO.name, &pairs)?)?)
}

/// The position the command names: the start, or the `--position` code.
fn position<G: tafel_core::Game>(game: &G, args: &Args) -> Result<G::State> {
    Ok(match &args.target.position {
        Some(code) => game.parse_position(code)?,
        None => game.start(),
    })
}

//! `tafel perft`: counting move sequences, the standard test of move generation; with
//! `--suite FILE`, checking every count of a perft suite (`tafel_core::perft_suite`).

use std::path::PathBuf;

use anyhow::{bail, Context, Result};

use crate::target::{GameArgs, PositionArgs};

/// Arguments of `tafel perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game's name (see `tafel games`).
    #[arg(required_unless_present = "suite")]
    game: Option<String>,
    /// A setting as key=value; repeat for several.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    settings: Vec<String>,
    /// Start from this position code instead of the start position.
    #[arg(long, value_name = "CODE")]
    position: Option<String>,
    /// The deepest depth to count; every depth from 1 is printed.
    #[arg(long, short, required_unless_present = "suite")]
    depth: Option<u32>,
    /// Instead, print perft(depth) split by first move (`<move> <count>` lines and a total).
    #[arg(long)]
    divide: bool,
    /// Check every count of this perft suite instead (a `.perft` file; the game and
    /// positions come from it).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["game", "settings", "position", "depth", "divide"])]
    suite: Option<PathBuf>,
}

/// Prints `perft <d> <count>` for d = 1..=depth, or the divide at `depth`, or checks a suite.
pub fn run(args: Args) -> Result<()> {
    if let Some(path) = &args.suite {
        return run_suite(path);
    }
    let (Some(game), Some(depth)) = (args.game, args.depth) else {
        bail!("give a game and --depth, or --suite FILE");
    };
    if depth == 0 {
        bail!("--depth must be at least 1");
    }
    let target = PositionArgs {
        game: GameArgs {
            game,
            settings: args.settings,
        },
        position: args.position,
    };
    let (_, position) = target.build()?;
    if args.divide {
        let split = position.perft_divide(depth);
        let total: u64 = split.iter().map(|(_, n)| n).sum();
        for (mv, count) in split {
            println!("{mv} {count}");
        }
        println!("total {total}");
    } else {
        for depth in 1..=depth {
            println!("perft {depth} {}", position.perft(depth));
        }
    }
    Ok(())
}

/// Checks every count of the suite at `path`: one line per position, then a summary; fails
/// when a count differs.
fn run_suite(path: &PathBuf) -> Result<()> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading the perft suite {}", path.display()))?;
    let suite = tafel_core::perft_suite::parse(&text)
        .with_context(|| format!("perft suite {}", path.display()))?;
    let checked = suite
        .run(&tafel_games::registry())
        .with_context(|| format!("perft suite {}", path.display()))?;
    for entry in &suite.entries {
        let counts: Vec<_> = checked.iter().filter(|c| c.name == entry.name).collect();
        let wrong: Vec<String> = counts
            .iter()
            .filter(|c| !c.agrees())
            .map(|c| {
                format!(
                    "perft {} is {}, the suite says {}",
                    c.depth, c.found, c.expected
                )
            })
            .collect();
        let deepest = counts.last().map_or(0, |c| c.depth);
        if wrong.is_empty() {
            println!("ok    {} (to depth {deepest})", entry.name);
        } else {
            println!("FAIL  {}: {}", entry.name, wrong.join("; "));
        }
    }
    let failed = checked.iter().filter(|c| !c.agrees()).count();
    if failed > 0 {
        bail!(
            "{} of {} counts in {} differ",
            failed,
            checked.len(),
            path.display()
        );
    }
    println!(
        "{}: {} positions, {} counts, all as the suite says",
        suite.game,
        suite.entries.len(),
        checked.len()
    );
    Ok(())
}

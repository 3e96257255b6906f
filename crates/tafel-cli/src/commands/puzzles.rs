//! `tafel puzzles`: puzzles made from games between the computer levels, exact where a
//! solver covers the position, else searched and re-checked by a second search
//! (`docs/learn.md`, "How puzzles are made and checked"); with `--database`, made from a
//! server's finished games and added to its puzzles.

use std::fs;
use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use tafel_ai::puzzles::{generate, Generated, PuzzleOptions, Report};
use tafel_server::play::puzzles::mining::{Mining, MAX_GAMES};
use tafel_server::play::puzzles::Puzzles;
use tafel_server::store::Store;

use crate::target::GameArgs;

/// The `puzzles` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Play games at mixed computer levels (or, with --database, read a server's finished
    /// games) and keep the positions where one move (in games without dice, a short forced
    /// line) is clearly best, as JSON lines.
    Generate(GenerateArgs),
}

/// Arguments of `tafel puzzles generate`.
#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Seed of the games and searches: the same seed gives the same puzzles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many puzzles to keep.
    #[arg(long, default_value_t = 300)]
    count: usize,
    /// Write the puzzles to this file (one JSON object a line) instead of standard output
    /// (with --database, they go to standard output only through this file).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Find the puzzles in this server's finished games of GAME with these settings (the URL
    /// `tafel serve --database` takes) and add them to its puzzles.
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// Karl's Race: judge with the solved table in FILE (`tafel solve karls-race --out FILE`),
    /// which makes every puzzle exact. Without it the table at the default path is used when
    /// there is one; else only the endgame of up to 3 stones a side is exact and the rest is
    /// searched. The summary says which.
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,
    /// With --database: read at most this many of the most recently finished games.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=MAX_GAMES as i64), requires = "database")]
    games: u32,
}

/// Runs a `puzzles` subcommand.
pub fn run(command: Command) -> Result<()> {
    match command {
        Command::Generate(args) => run_generate(&args),
    }
}

fn run_generate(args: &GenerateArgs) -> Result<()> {
    let game = args.game.build()?;
    let options = PuzzleOptions {
        seed: args.seed,
        count: args.count,
        table: args.table.clone(),
    };
    let generated = match &args.database {
        Some(url) => mine_server(url, game, args.games, options)?,
        None => generate(game.as_ref(), &options, &mut progress())?,
    };
    let text: String = generated
        .puzzles
        .iter()
        .map(|kept| kept.to_line() + "\n")
        .collect();
    match &args.out {
        Some(path) => {
            fs::write(path, text).with_context(|| format!("writing {}", path.display()))?
        }
        None if args.database.is_none() => std::io::stdout().write_all(text.as_bytes())?,
        None => {}
    }
    eprint!("{}", summary(&args.game.game, &generated));
    Ok(())
}

/// Every 25 puzzles kept, a line on standard error.
fn progress() -> impl FnMut(&Report) + Send + 'static {
    let mut shown = 0;
    move |report: &Report| {
        if report.kept() >= shown + 25 {
            shown = report.kept();
            eprintln!(
                "{} puzzles from {} games ({} positions judged)",
                shown, report.games, report.positions
            );
        }
    }
}

/// Mines the finished games of `game` on the server whose database is `url` (at most `games`
/// of them) and adds the puzzles there.
fn mine_server(
    url: &str,
    game: std::sync::Arc<dyn tafel_core::DynGame>,
    games: u32,
    options: PuzzleOptions,
) -> Result<Generated> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let store = Store::open(url).await?;
        let mining = Mining { games, options };
        let mined = Puzzles::new(store).mine(game, mining, progress()).await?;
        eprintln!(
            "{} finished games read; {} puzzles added to the database",
            mined.games, mined.added
        );
        Ok(mined.generated)
    })
}

/// What a generation did, for people: the puzzles kept, and for the searched ones the first
/// search's margins and the second search's agreement.
fn summary(game: &str, generated: &Generated) -> String {
    let report = &generated.report;
    let mut text = format!(
        "{game}: {} puzzles kept ({} exact, {} searched) from {} games, {} positions judged\n  exact values from: {}\n",
        report.kept(),
        report.exact,
        report.agreed,
        report.games,
        report.positions,
        report.solver
    );
    if let Some(agreement) = report.agreement() {
        text += &format!(
            "  second search agreed on {} of {} candidates ({:.0}%)\n  margins of the kept searched puzzles:",
            report.agreed,
            report.rechecked,
            agreement * 100.0
        );
        for (from, to, count) in report.margin_counts() {
            text += &format!(" {from:.2}-{to:.2}: {count};");
        }
        text.pop();
        text.push('\n');
    }
    let lines = generated
        .puzzles
        .iter()
        .filter(|kept| kept.puzzle.solution.len() > 1)
        .count();
    text += &format!("  answers with a forced line: {lines}\n");
    text
}

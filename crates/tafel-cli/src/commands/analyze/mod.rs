//! `tafel analyze`: a recorded game move by move on the one scale (`--record FILE`), what the
//! games are like between given players (`--games N --players A,B`), or the fit of the scale's
//! curve for the game's analysis search (`--fit`).

mod fit;
mod record;
mod selfplay;
mod stats;

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, ensure, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use tafel_ai::review::{ReviewControl, ReviewOptions};
use tafel_ai::scale::AssessOptions;
use tafel_core::record::parse_record;

use super::play::Seat;
use crate::target::GameArgs;

/// Arguments of `tafel analyze`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Review this record (text or JSON): every move's evaluation, loss and mark, written as
    /// an annotated record, and a summary per player.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fit", "players"])]
    record: Option<PathBuf>,
    /// Where the annotated record goes (default: FILE with `.annotated.txt` for its
    /// extension).
    #[arg(long, value_name = "FILE", requires = "record")]
    out: Option<PathBuf>,
    /// Fit the curve that maps the analysis search's scores to winning chances: play games
    /// between the computer levels, search a few positions of each, write `<game>.csv` (the
    /// data) and `<game>.json` (the curve) into `--data-dir`.
    #[arg(long)]
    fit: bool,
    /// The levels the fit's games are played at (both sides alike), in turn.
    #[arg(long, value_delimiter = ',', default_value = "2,3,4", requires = "fit")]
    levels: Vec<u32>,
    /// Positions searched per game for the fit.
    #[arg(long, default_value_t = 4, requires = "fit")]
    per_game: usize,
    /// Where the fit writes its files.
    #[arg(long, value_name = "DIR", default_value = ".", requires = "fit")]
    data_dir: PathBuf,
    /// Games to play (statistics and fit).
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Who plays, seat by seat, repeated round the table: `random`, `ai:LEVEL` or
    /// `mcts:ITERATIONS` (statistics).
    #[arg(long, value_delimiter = ',', default_value = "random")]
    players: Vec<String>,
    /// Random plies at the start of each game (statistics: 0; fit: 4).
    #[arg(long)]
    opening: Option<u32>,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Write SVG plots (length histogram, branching by ply) into this folder (statistics).
    #[arg(long, value_name = "DIR")]
    plots: Option<PathBuf>,
    /// Nodes (or iterations) per position searched (review and fit; default: the budget the
    /// game's curve was fitted at, else the analysis search's own).
    #[arg(long)]
    nodes: Option<u64>,
    /// The most seconds one position's search may take (review).
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    /// Seed of the games and the searches.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at the same time (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
}

/// Runs the mode the arguments ask for.
pub fn run(args: Args) -> Result<()> {
    match (&args.record, args.fit) {
        (Some(file), _) => review(&args, file),
        (None, true) => run_fit(&args),
        (None, false) => run_stats(&args),
    }
}

fn bar(len: u64, what: &str) -> Result<ProgressBar> {
    Ok(
        ProgressBar::new(len).with_style(ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {what}, {{elapsed}} elapsed, about {{eta}} left"
        ))?),
    )
}

fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool> {
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()?)
}

/// The review's progress bar.
struct Bar(ProgressBar);

impl ReviewControl for Bar {
    fn progress(&mut self, done: usize, total: usize) {
        self.0.set_length(total as u64);
        self.0.set_position(done as u64);
    }
}

/// Reviews the record `file` and writes the annotated record.
fn review(args: &Args, file: &Path) -> Result<()> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let raw = parse_record(&text)?;
    if let Some(name) = raw.game.as_deref().filter(|&n| n != args.game.game) {
        bail!(
            "{} is a record of `{name}`, not `{}`",
            file.display(),
            args.game.game
        );
    }
    let game = if raw.settings.is_empty() {
        args.game.build()?
    } else {
        ensure!(
            args.game.settings.is_empty(),
            "{} carries its own settings; do not give --set",
            file.display()
        );
        tafel_games::registry()
            .get(&args.game.game)?
            .build(&raw.settings)?
    };
    let replay = game
        .replay_record(&raw)
        .with_context(|| format!("{}", file.display()))?;
    let (start, moves) = (replay.start, replay.moves);
    ensure!(args.seconds > 0.0, "--seconds must be positive");
    let options = ReviewOptions {
        assess: AssessOptions {
            work: args.nodes,
            time_cap: Duration::from_secs_f64(args.seconds),
            seed: args.seed,
            ..AssessOptions::default()
        },
        ..ReviewOptions::default()
    };
    let mut control = Bar(bar(0, "moves")?);
    let review = tafel_ai::review::review_game(
        game.as_ref(),
        start.as_ref(),
        &moves,
        &options,
        &mut control,
    )?;
    control.0.finish_and_clear();
    let annotated = game.write_annotated_record(
        start.as_ref(),
        &moves,
        replay.ending.as_ref(),
        &record::notes(&review, moves.len()),
        &record::tags(&review),
    )?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| file.with_extension("annotated.txt"));
    std::fs::write(&out, annotated).with_context(|| format!("cannot write {}", out.display()))?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&review)?);
    } else {
        println!(
            "{}: {} moves reviewed; {}",
            game.info().name,
            review.moves.len(),
            review.search
        );
        print!("{}", record::summary(&review));
        println!("annotated record: {}", out.display());
    }
    Ok(())
}

fn run_fit(args: &Args) -> Result<()> {
    let game = args.game.build()?;
    let start = game.start();
    ensure!(args.games > 0, "--games must be at least 1");
    ensure!(!args.levels.is_empty(), "--levels needs at least one level");
    let ai = tafel_ai::game_ai(game.as_ref())?;
    for &level in &args.levels {
        ai.level(level)?;
    }
    let command = std::iter::once("tafel".to_string())
        .chain(std::env::args().skip(1))
        .collect::<Vec<_>>()
        .join(" ");
    let plan = fit::FitPlan {
        levels: &args.levels,
        games: args.games,
        opening: args.opening.unwrap_or(4),
        per_game: args.per_game.max(1),
        work: args.nodes,
        seed: args.seed,
        out: &args.data_dir,
        command,
    };
    let progress = bar(args.games, "games")?;
    let report = pool(args.threads)?
        .install(|| fit::run(game.as_ref(), start.as_ref(), &plan, &progress))?;
    print!("{report}");
    Ok(())
}

fn run_stats(args: &Args) -> Result<()> {
    let game = args.game.build()?;
    let start = game.start();
    ensure!(args.games > 0, "--games must be at least 1");
    let seats: Vec<Seat> = args
        .players
        .iter()
        .map(|p| Seat::parse(p))
        .collect::<Result<_>>()?;
    for (text, seat) in args.players.iter().zip(&seats) {
        ensure!(
            *seat != Seat::Human,
            "`{text}`: the games are played by computer or random players"
        );
        seat.agent(game.as_ref(), &tafel_ai::AgentOptions::seeded(0))?;
    }
    let opening = args.opening.unwrap_or(0);
    let progress = bar(args.games, "games")?;
    let played: Vec<selfplay::PlayedGame> = pool(args.threads)?.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(|i| {
                let g =
                    selfplay::play(game.as_ref(), start.as_ref(), &seats, opening, args.seed, i);
                progress.inc(1);
                g
            })
            .collect::<Result<_>>()
    })?;
    progress.finish_and_clear();
    let players = (0..game.num_players())
        .map(|s| args.players[s % args.players.len()].clone())
        .collect();
    let settings = tafel_core::settings::pairs_to_string(&game.settings());
    let stats = stats::GameStats::of(
        &played,
        (game.info().name.to_string(), settings, players),
        args.seed,
        opening,
    );
    if args.json {
        println!("{}", serde_json::to_string_pretty(&stats)?);
    } else {
        print!("{}", stats.text());
    }
    if let Some(dir) = &args.plots {
        for path in stats.plot(dir)? {
            eprintln!("plot: {}", path.display());
        }
    }
    Ok(())
}

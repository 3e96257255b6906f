//! `tafel solve karls-race`: the strong solution of two-player Karl's Race, written to a table
//! file that the perfect player maps into memory; with `--against random`, the computer's
//! exact chances against random play instead ([`against_random`]).

mod against_random;

use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use tafel_ai::solve::karls_race::{self, Table};
use tafel_ai::solve::Progress;
use tafel_core::game::GameExt;
use tafel_core::{Game, GameSettings, Player, Status};
use tafel_games::karls_race::{
    squares_in, Corner, KarlsRace, KarlsRaceSettings, Move, State, START_SETS,
};

use super::Args;

/// Solves Karl's Race from the start (or `--position`), writes the table and prints the
/// mover's exact winning probability and the best step for each die.
pub fn run(args: &Args) -> Result<()> {
    let settings = KarlsRaceSettings::from_pairs(KarlsRace::INFO.name, &args.target.game.pairs()?)?;
    if settings.players != 2 {
        bail!("only the two-player game is solved (players=2)");
    }
    let game = KarlsRace::new(settings)?;
    let state = match &args.target.position {
        Some(code) => game.parse_position(code)?,
        None => game.start(),
    };
    if let Status::Over(_) = game.status(&state) {
        bail!("the game is already over in that position");
    }
    let most = (0..2)
        .map(|seat| state.stones(Player(seat)).count_ones() as usize)
        .max()
        .unwrap_or(0);
    let origin = match &args.target.position {
        Some(_) => game.format_position(&state),
        None => START_SETS[settings.start].to_string(),
    };
    if args.against.is_some() {
        return against_random::run(args, &game, &state, most, &origin);
    }
    let out = match (&args.out, &args.target.position, &args.table) {
        (Some(path), _, _) => Some(path.clone()),
        (None, None, None) => Some(karls_race::default_path()),
        _ => None,
    };
    let started = Instant::now();
    let table = match &args.table {
        Some(path) => Table::open(path)?,
        None => solve_karls_race(most, &origin, args.threads)?,
    };
    let elapsed = started.elapsed();

    let mover = game.player_name(state.to_move());
    println!("Karl's Race, {origin}, {mover} to move");
    println!(
        "positions solved: {} (every position with 1 to {} stones a side, seen from the side to move)",
        table.index().len(),
        table.index().max_stones()
    );
    let p = table
        .probability(&state)
        .context("the position lies outside the table")?;
    match state.die() {
        None => println!("{mover} wins with probability {p:.6} (before the roll, perfect play)"),
        Some(die) => println!("{mover} wins with probability {p:.6} (after rolling {die})"),
    }
    println!(
        "  to nine places {p:.9}, exact to within {:.1e} (fixed-point rounding, at most half \
         a unit of 2^-32 per move still to come)",
        error_bound(&state)
    );
    println!("best move per die (and {mover}'s winning probability after it):");
    for (die, rolled) in rolled_states(&game, &state) {
        let (mv, p) = table
            .best_move(&rolled)
            .context("the position lies outside the table")?;
        println!("  {die}: {:<4} {p:.6}", game.format_move(&rolled, mv));
    }
    match &args.table {
        Some(path) => println!("read from {} in {}", path.display(), seconds(elapsed)),
        None => println!("time {}", seconds(elapsed)),
    }
    if let Some(peak) = peak_memory() {
        println!("peak memory {peak}");
    }
    if let Some(path) = out {
        table.write(&path)?;
        println!("table written to {}", path.display());
    }
    Ok(())
}

/// Solves every position with up to `most` stones a side on `threads` workers, with a
/// progress bar.
fn solve_karls_race(most: usize, origin: &str, threads: Option<usize>) -> Result<Table> {
    with_progress(threads, |progress| {
        Ok(karls_race::solve(most, origin, progress)?)
    })
}

/// A progress bar drawing a solver's reports ([`Progress`]).
struct Bar(ProgressBar);

impl Progress for Bar {
    fn start(&self, total: u64) {
        self.0.set_length(total);
    }
    fn advance(&self, units: u64) {
        self.0.inc(units);
    }
}

/// Runs `work` on `threads` workers (default: one per core) with a progress bar of
/// positions, cleared at the end.
fn with_progress<T: Send>(
    threads: Option<usize>,
    work: impl FnOnce(&dyn Progress) -> Result<T> + Send,
) -> Result<T> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .context("starting the worker threads")?;
    let progress = Bar(ProgressBar::new(0).with_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {percent}% {human_pos}/{human_len} positions, ETA {eta}",
        )
        .expect("a valid template")
        .progress_chars("=> "),
    ));
    let result = pool.install(|| work(&progress));
    progress.0.finish_and_clear();
    result
}

/// The state after each roll of the die, or the state itself when its die is rolled.
fn rolled_states(game: &KarlsRace, state: &State) -> Vec<(u8, State)> {
    match state.die() {
        Some(die) => vec![(die, *state)],
        None => (1..=6)
            .map(|die| (die, game.after(state, Move::Roll(die))))
            .collect(),
    }
}

/// The largest rounding error of the table's value of `state`: half a unit of the fixed-point
/// encoding for each move the game can still last (the stones' longest walks).
fn error_bound(state: &State) -> f64 {
    let moves: u64 = [(Player(0), Corner::SE), (Player(1), Corner::NW)]
        .iter()
        .map(|&(seat, corner)| {
            squares_in(state.stones(seat))
                .map(|sq| corner.longest_walk(sq))
                .sum::<u64>()
        })
        .sum();
    (moves as f64 + 1.0) * 0.5 / u32::MAX as f64
}

/// A duration as seconds with one decimal.
fn seconds(duration: Duration) -> String {
    format!("{:.1} s", duration.as_secs_f64())
}

/// The process's peak resident memory, where the system tells it (Linux).
fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(format!("{:.2} GB", kib * 1024.0 / 1e9))
}

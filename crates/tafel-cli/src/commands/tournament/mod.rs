//! `tafel tournament`: engines against each other on one machine, as cutechess-cli and
//! fastchess run chess engines. Tafel's levels play in this process (through the agent code
//! `tafel match` uses), other programs through the engine protocol
//! (docs/engine-protocol.md). Every pairing is played in game pairs (the same opening and the
//! same dice, sides swapped), every game is recorded, and the statistics (Elo with its 95%
//! interval, the pentanomial counts, SPRT) are `tafel_tournament`'s.
//!
//! - `spec`: the `--engine` descriptions;
//! - `clock`: the time control and the clocks;
//! - `process`: a program run as a child process, with deadlines;
//! - `fault`: why an engine lost a game other than over the board;
//! - `contender`: an engine as a worker runs it;
//! - `referee`: one game;
//! - `schedule`: who meets whom, pair by pair;
//! - `report`: the live table, the lines per game and the final report.

pub(crate) mod clock;
pub(crate) mod contender;
pub(crate) mod fault;
mod process;
mod referee;
mod report;
mod schedule;
pub(crate) mod spec;

use std::path::{Path, PathBuf};
use std::sync::{mpsc, Mutex};
use std::time::Duration;

use anyhow::{bail, ensure, Context, Result};
use tafel_ai::AgentOptions;
use tafel_core::DynGame;
use tafel_tournament::sprt::Sprt;

use super::match_::{game_seed, random_opening};
use super::play::Seat;
use crate::target::{GameArgs, PositionArgs};
use clock::TimeControl;
use contender::Contender;
use referee::{GameSetup, Played};
use report::Report;
use schedule::Schedule;
use spec::{EngineKind, EngineSpec};

/// The most engines in one tournament.
const MAX_ENGINES: usize = 32;
/// The most games played at once.
const MAX_CONCURRENCY: usize = 64;
/// The most games in one tournament.
const MAX_GAMES: usize = 1_000_000;
/// The longest random opening.
const MAX_OPENING_PLIES: u32 = 200;

/// Arguments of `tafel tournament`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game (see `tafel games`); two seats.
    #[arg(long)]
    game: String,
    /// A setting of the game as key=value; repeat for several.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    settings: Vec<String>,
    /// Start every game from this position code instead of the start.
    #[arg(long, value_name = "CODE")]
    position: Option<String>,
    /// An engine: `name=A,level=5` (a Tafel level) or `name=B,cmd="PROGRAM ARGS",go="level 3"`
    /// (a program speaking the engine protocol; `go` adds words to every `go`). Two or more.
    #[arg(long = "engine", value_name = "SPEC", required = true)]
    engines: Vec<String>,
    /// The first engine against each of the others, instead of a round robin.
    #[arg(long)]
    gauntlet: bool,
    /// How many times every pairing is played, as a game pair (two games, sides swapped).
    #[arg(long, default_value_t = 1)]
    rounds: usize,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Time control BASE+INC in seconds (`10+0.1`): each side's clock, kept by the referee.
    #[arg(long, default_value = "10+0.1", value_name = "BASE+INC")]
    tc: String,
    /// Grace past a side's flag, in milliseconds; a program silent for its clock plus this
    /// is killed (and started again for its next game).
    #[arg(long, default_value_t = 200, value_name = "MS")]
    margin_ms: u64,
    /// Random plies before each pair's games (never one that ends the game), the same for
    /// both games of the pair.
    #[arg(long, default_value_t = 0, value_name = "PLIES")]
    opening: u32,
    /// Stop when the test between the first two engines is decided: `elo0=0 elo1=5
    /// alpha=0.05 beta=0.05` (logistic Elo, pentanomial, as fastchess's model=logistic).
    #[arg(long, num_args = 4, value_name = "KEY=VALUE")]
    sprt: Option<Vec<String>>,
    /// Seed of the openings, the dice and the levels' searches.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The folder for the records (game-0001.txt, ...): created, or empty.
    #[arg(long, default_value = "tournament-records", value_name = "DIR")]
    records: PathBuf,
}

/// What every worker shares.
struct Shared<'a> {
    game: &'a dyn DynGame,
    start: &'a dyn tafel_core::DynPosition,
    start_command: String,
    schedule: &'a Schedule,
    tc: TimeControl,
    margin: Duration,
    opening: u32,
    seed: u64,
}

/// Plays the tournament and prints its report.
pub fn run(args: Args) -> Result<()> {
    let target = PositionArgs {
        game: GameArgs {
            game: args.game.clone(),
            settings: args.settings.clone(),
        },
        position: args.position.clone(),
    };
    let (game, start) = target.build()?;
    ensure!(
        game.num_players() == 2,
        "a tournament is for two-player games; {} with these settings has {} seats",
        game.info().name,
        game.num_players()
    );
    let engines = engines(game.as_ref(), &args.engines)?;
    let tc = TimeControl::parse(&args.tc)?;
    ensure!(
        (1..=MAX_CONCURRENCY).contains(&args.concurrency),
        "--concurrency must be 1 to {MAX_CONCURRENCY}"
    );
    ensure!(args.rounds >= 1, "--rounds must be at least 1");
    ensure!(
        args.opening <= MAX_OPENING_PLIES,
        "--opening must be at most {MAX_OPENING_PLIES} plies"
    );
    ensure!(
        args.margin_ms <= 60_000,
        "--margin-ms must be at most 60000"
    );
    let sprt = match &args.sprt {
        Some(words) => {
            ensure!(
                engines.len() == 2,
                "--sprt tests one engine against another: give exactly two engines"
            );
            Some(parse_sprt(words)?)
        }
        None => None,
    };
    let schedule = Schedule::new(engines.len(), args.rounds, args.gauntlet);
    ensure!(
        schedule.games() <= MAX_GAMES,
        "{} games is over the limit of {MAX_GAMES}: fewer --rounds or engines",
        schedule.games()
    );
    prepare_records(&args.records)?;
    let start_command = match &args.position {
        Some(code) => format!("position code {code}"),
        None => "position start".to_string(),
    };
    let shared = Shared {
        game: game.as_ref(),
        start: start.as_ref(),
        start_command,
        schedule: &schedule,
        tc,
        margin: Duration::from_millis(args.margin_ms),
        opening: args.opening,
        seed: args.seed,
    };
    let mut report = Report::new(game.as_ref(), &engines, &schedule, tc, sprt);
    report.print_header(args.seed, args.gauntlet, args.concurrency);
    // The games are handed out one at a time as workers become free, so that once the SPRT
    // is decided no further game starts (only those already running end).
    let (work, jobs) = mpsc::channel::<usize>();
    let jobs = Mutex::new(jobs);
    let (sender, results) = mpsc::channel::<(usize, Played)>();
    std::thread::scope(|scope| -> Result<()> {
        for _ in 0..args.concurrency.min(schedule.games()) {
            let sender = sender.clone();
            let (shared, engines, jobs) = (&shared, &engines, &jobs);
            scope.spawn(move || work_on(shared, engines, jobs, &sender));
        }
        drop(sender);
        let mut next = 0;
        while next < args.concurrency.min(schedule.games()) {
            work.send(next)?;
            next += 1;
        }
        let (mut running, mut stopped) = (next, false);
        while running > 0 {
            let (index, played) = results
                .recv()
                .context("the tournament's workers ended early (a bug: please report it)")?;
            running -= 1;
            write_record(&shared, &args.records, &engines, index, &played, tc)?;
            stopped |= report.record(index, &played);
            if !stopped && next < schedule.games() {
                work.send(next)?;
                next += 1;
                running += 1;
            }
        }
        drop(work);
        Ok(())
    })?;
    report.finish();
    Ok(())
}

/// Reads the engines and checks that the levels exist.
fn engines(game: &dyn DynGame, texts: &[String]) -> Result<Vec<EngineSpec>> {
    ensure!(
        (2..=MAX_ENGINES).contains(&texts.len()),
        "a tournament needs 2 to {MAX_ENGINES} engines (--engine), not {}",
        texts.len()
    );
    let engines: Vec<EngineSpec> = texts
        .iter()
        .map(|text| EngineSpec::parse(text))
        .collect::<Result<_>>()?;
    for (i, engine) in engines.iter().enumerate() {
        ensure!(
            !engines[..i].iter().any(|e| e.name == engine.name),
            "two engines are named `{}`: names must differ",
            engine.name
        );
        if let EngineKind::Level(level) = engine.kind {
            let agent = Seat::Ai(level)
                .agent(game, &AgentOptions::seeded(0))
                .with_context(|| format!("--engine {}", engine.name))?;
            if let Some(notice) = agent.as_ref().and_then(|agent| agent.notice()) {
                eprintln!("note: {}: {notice}", engine.name);
            }
        }
    }
    Ok(engines)
}

/// Reads `elo0=0 elo1=5 alpha=0.05 beta=0.05` (each once, in any order).
fn parse_sprt(words: &[String]) -> Result<Sprt> {
    let mut values = [None; 4];
    const KEYS: [&str; 4] = ["elo0", "elo1", "alpha", "beta"];
    for word in words {
        let Some((key, value)) = word.split_once('=') else {
            bail!("--sprt: `{word}` is not key=value (elo0, elo1, alpha, beta)");
        };
        let Some(slot) = KEYS.iter().position(|k| *k == key) else {
            bail!("--sprt: unknown key `{key}` (elo0, elo1, alpha, beta)");
        };
        ensure!(values[slot].is_none(), "--sprt: `{key}` is given twice");
        let value: f64 = value
            .parse()
            .with_context(|| format!("--sprt: {key}=`{value}` is not a number"))?;
        values[slot] = Some(value);
    }
    let [Some(elo0), Some(elo1), Some(alpha), Some(beta)] = values else {
        bail!("--sprt needs elo0, elo1, alpha and beta");
    };
    Sprt::new(elo0, elo1, alpha, beta).map_err(|e| anyhow::anyhow!("--sprt: {e}"))
}

/// Creates the records' folder, which must be new or empty (no record is overwritten).
fn prepare_records(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut entries =
        std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?;
    ensure!(
        entries.next().is_none(),
        "the records' folder {} is not empty: give another with --records",
        dir.display()
    );
    Ok(())
}

/// One worker: plays the games it is handed until there are no more.
fn work_on(
    shared: &Shared,
    engines: &[EngineSpec],
    jobs: &Mutex<mpsc::Receiver<usize>>,
    sender: &mpsc::Sender<(usize, Played)>,
) {
    let mut contenders: Vec<Contender> = engines.iter().map(Contender::new).collect();
    loop {
        let job = jobs.lock().map(|jobs| jobs.recv());
        let Ok(Ok(index)) = job else {
            break;
        };
        let played = play_game(shared, &mut contenders, index);
        if sender.send((index, played)).is_err() {
            break;
        }
    }
    for contender in contenders {
        contender.shut_down();
    }
}

/// Plays game `index` of the schedule with this worker's engines.
fn play_game(shared: &Shared, contenders: &mut [Contender], index: usize) -> Played {
    let pair = index / 2;
    let seats = shared.schedule.seats(index);
    let mut position = shared.start.clone_box();
    let opening = random_opening(
        &mut position,
        shared.opening,
        game_seed(shared.seed, pair as u64),
    );
    let setup = GameSetup {
        game: shared.game,
        start: shared.start,
        start_command: &shared.start_command,
        opening: &opening,
        dice_seed: game_seed(!shared.seed, pair as u64),
        search_seed: game_seed(shared.seed ^ 0x5EED, index as u64),
        tc: shared.tc,
        margin: shared.margin,
    };
    let (low, high) = (seats[0].min(seats[1]), seats[0].max(seats[1]));
    let (head, tail) = contenders.split_at_mut(high);
    let (low, high) = (&mut head[low], &mut tail[0]);
    let sides = if seats[0] < seats[1] {
        [low, high]
    } else {
        [high, low]
    };
    let played = referee::play(&setup, sides);
    if let Some((seat, fault)) = &played.fault {
        contenders[seats[*seat]].after_fault(fault);
    }
    played
}

/// Writes game `index`'s record, with the engines' names, the round, the clock and any
/// fault in tags.
fn write_record(
    shared: &Shared,
    dir: &Path,
    engines: &[EngineSpec],
    index: usize,
    played: &Played,
    tc: TimeControl,
) -> Result<()> {
    let seats = shared.schedule.seats(index);
    let mut tags = vec![
        ("Event".to_string(), "tafel tournament".to_string()),
        (
            "Round".to_string(),
            shared.schedule.cycle(index).to_string(),
        ),
        ("Pair".to_string(), (index / 2 + 1).to_string()),
        ("Seat1".to_string(), engines[seats[0]].name.clone()),
        ("Seat2".to_string(), engines[seats[1]].name.clone()),
        ("TimeControl".to_string(), tc.to_string()),
    ];
    if let Some((seat, fault)) = &played.fault {
        tags.push((
            "Forfeit".to_string(),
            format!(
                "{} (seat {}): {fault}",
                engines[seats[*seat]].name,
                seat + 1
            ),
        ));
    }
    let text = shared.game.write_annotated_record(
        shared.start,
        &played.moves,
        played.ending.as_ref(),
        &[],
        &tags,
    )?;
    let width = shared.schedule.games().to_string().len().max(4);
    let path = dir.join(format!("game-{:0width$}.txt", index + 1));
    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))
}

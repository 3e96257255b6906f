//! `tafel`: play, replay, count and inspect the Tafel games from the command line.
//!
//! Every subcommand finds its game through the registry in `tafel-games` and works on the
//! type-erased [`tafel_core::DynGame`] view, so all games share one code path. Errors are
//! printed as one line on standard error with a non-zero exit status.

mod commands;
mod target;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Tafel: six little-known abstract games, playable, analysable and solvable.
#[derive(Parser)]
#[command(name = "tafel", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the games and each one's settings with their defaults and allowed values.
    Games(commands::games::Args),
    /// Print a position's code, picture, status and legal moves.
    Show(commands::show::Args),
    /// Count the legal move sequences of each length up to a depth (`perft <d> <count>`).
    Perft(commands::perft::Args),
    /// Play in the terminal: people at this keyboard, random or computer players (`ai:LEVEL`).
    Play(commands::play::Args),
    /// Computer players against each other: wins, draws, losses and the Elo difference.
    Match(commands::match_::Args),
    /// Engines against each other (Tafel's levels or programs speaking the engine protocol):
    /// round robin or gauntlet, game pairs, clocks, Elo, pentanomial statistics and SPRT.
    Tournament(commands::tournament::Args),
    /// Play as a bot on a Tafel server: any program speaking the engine protocol takes
    /// challenges and plays its games (docs/bots.md).
    Bot(commands::bot::Args),
    /// The best move in a position and its evaluation, by a computer player.
    Hint(commands::hint::Args),
    /// A record's moves on the one scale, what the games are like, or the scale's fit.
    Analyze(commands::analyze::Args),
    /// Replay a record, checking every move; print the final position and result.
    Replay(commands::replay::Args),
    /// Serve the browser interface: play any game at one screen, online, or against the computer.
    Serve(Box<commands::serve::Args>),
    /// What a server's operator does for an account: a link that resets its password.
    #[command(subcommand)]
    Account(commands::account::Command),
    /// The server's database: copy every game between SQLite and PostgreSQL, back it up, restore it.
    #[command(subcommand)]
    Db(commands::db::Command),
    /// Puzzles from games between the computer levels, checked by the solvers or two searches.
    #[command(subcommand)]
    Puzzles(commands::puzzles::Command),
    /// Solve a game exactly: the result with perfect play (black-path, karls-race, carreaux, kauri).
    Solve(commands::solve::Args),
    /// Pair a Swiss tournament's next round from its TRF file (FIDE Dutch system, 2025 rules).
    Swiss(commands::swiss::Args),
    /// A tournament's standings with FIDE's tie-breaks, from its TRF file.
    Standings(commands::standings::Args),
    /// Speak the engine protocol on standard input and output (docs/engine-protocol.md).
    Engine(commands::engine::Args),
    /// Replay many games from standard input, writing every position (code, status, legal moves).
    Trace(commands::trace::Args),
    /// Learn a game's evaluation by self-play (an n-tuple network, TD learning) and write it.
    Train(commands::train::Args),
    /// Measure each game's engine: random playouts, perft nodes and MCTS iterations per second.
    Bench(commands::bench::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // A wrong TAFEL_QUARX_LOOP is refused once, here, rather than quietly not followed.
    if let Err(error) = tafel_games::quarx::PlayoutLoop::chosen() {
        eprintln!("error: {error}");
        return ExitCode::FAILURE;
    }
    // So is a weights file in TAFEL_EINSTEIN_WEIGHTS that cannot be used.
    if let Err(error) = tafel_ai::eval::einstein_ntuple::learned_weights() {
        eprintln!("error: {error}");
        return ExitCode::FAILURE;
    }
    // A tournament writes to engines that may have died: a closed pipe is their fault, not
    // a reason to end.
    if !matches!(
        cli.command,
        Command::Serve(_) | Command::Tournament(_) | Command::Bot(_)
    ) {
        end_quietly_on_closed_pipe();
    }
    let result = match cli.command {
        Command::Games(args) => commands::games::run(args),
        Command::Show(args) => commands::show::run(args),
        Command::Perft(args) => commands::perft::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Match(args) => commands::match_::run(args),
        Command::Tournament(args) => commands::tournament::run(args),
        Command::Bot(args) => commands::bot::run(args),
        Command::Hint(args) => commands::hint::run(args),
        Command::Analyze(args) => commands::analyze::run(args),
        Command::Replay(args) => commands::replay::run(args),
        Command::Serve(args) => commands::serve::run(*args),
        Command::Db(command) => commands::db::run(command),
        Command::Account(command) => commands::account::run(command),
        Command::Bench(args) => commands::bench::run(args),
        Command::Engine(args) => commands::engine::run(args),
        Command::Puzzles(command) => commands::puzzles::run(command),
        Command::Solve(args) => commands::solve::run(args),
        Command::Trace(args) => commands::trace::run(args),
        Command::Swiss(args) => commands::swiss::run(args),
        Command::Standings(args) => commands::standings::run(args),
        Command::Train(args) => commands::train::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Lets a closed standard output end the process quietly, as it ends other command-line tools
/// (`tafel show quarx | head -1`), instead of a panic in `println!`. Rust ignores SIGPIPE;
/// this restores the default action. The server keeps ignoring it: a client that goes away
/// must not end the server.
fn end_quietly_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to its default has no preconditions, and it is
    // done before any other thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

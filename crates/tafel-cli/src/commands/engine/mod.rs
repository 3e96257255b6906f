//! `tafel engine`: the engine protocol, a line protocol on standard input and output in the
//! spirit of UCI and GTP, through which programs (GUIs, tournament managers, scripts) drive
//! Tafel's games and computer players. Specified in `docs/engine-protocol.md`.
//!
//! - [`command`]: reading a line into a command;
//! - [`reader`]: lines with a length limit;
//! - [`session`]: the game, position and dice of a session and what each command does;
//! - [`search`]: the search thread, its progress lines and its `bestmove`;
//! - [`output`]: whole replies, flushed at once.

mod command;
mod output;
mod reader;
mod search;
mod session;
#[cfg(test)]
mod tests;

use std::io;
use std::time::Duration;

use anyhow::Result;

use output::Output;
use session::Limits;

/// Arguments of `tafel engine`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Seed of the dice that `roll` draws (default: a random seed).
    #[arg(long)]
    seed: Option<u64>,
    /// The longest input line, in bytes; a longer line is refused.
    #[arg(long, default_value_t = 65_536, value_parser = clap::value_parser!(u64).range(16..=16_777_216))]
    max_line_bytes: u64,
    /// The longest search, in seconds (`go infinite` runs this long unless stopped).
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    max_search_seconds: u64,
    /// Milliseconds between two progress lines (`info work ...`) of a running search.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(10..=3_600_000))]
    progress_ms: u64,
}

/// Runs the engine on standard input and output until `quit` or the end of the input.
pub fn run(args: Args) -> Result<()> {
    let limits = Limits {
        max_line_bytes: args.max_line_bytes as usize,
        max_search: Duration::from_secs(args.max_search_seconds),
        progress: Duration::from_millis(args.progress_ms),
    };
    let seed = args.seed.unwrap_or_else(rand::random);
    session::serve(io::stdin().lock(), Output::new(io::stdout()), limits, seed)?;
    Ok(())
}

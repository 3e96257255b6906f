//! `tafel trace`: many games replayed in one process, every position written out, for
//! comparing Tafel with another implementation of the same game move by move
//! (`scripts/compare-einstein` drives it with thousands of OpenSpiel's games).
//!
//! Standard input holds one game per line: its moves (chance outcomes included) in the game's
//! notation, separated by spaces, from the start or the `--position` given. For each game the
//! output has one line per position, the first one and then the one after each move:
//!
//! ```text
//! CODE<TAB>STATUS<TAB>LEGAL MOVES (space-separated, in the engine's order)
//! ```
//!
//! where STATUS is `chance`, `move N` (seat N to move) or `over W` (W the winning seats joined
//! by `,`, `-` for a draw), and then an empty line. A move that is not legal ends its game
//! with a line `error<TAB>WHAT` (the moves after it are not played), and the next game goes
//! on.

use std::io::{self, BufRead, BufWriter, Write};

use anyhow::Result;
use tafel_core::{DynPosition, Status};

use crate::target::PositionArgs;

/// Arguments of `tafel trace`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    target: PositionArgs,
}

/// Replays each game of standard input and writes its positions to standard output.
pub fn run(args: Args) -> Result<()> {
    let (_game, start) = args.target.build()?;
    let stdin = io::stdin().lock();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lines() {
        let line = line?;
        let mut position = start.clone_box();
        write_position(&mut out, position.as_ref())?;
        for mv in line.split_whitespace() {
            if let Err(error) = position.play(mv) {
                writeln!(out, "error\t{error}")?;
                break;
            }
            write_position(&mut out, position.as_ref())?;
        }
        writeln!(out)?;
    }
    out.flush()?;
    Ok(())
}

/// One position's line: code, status and legal moves.
fn write_position(out: &mut impl Write, position: &dyn DynPosition) -> io::Result<()> {
    write!(out, "{}\t", position.code())?;
    match position.status() {
        Status::Chance => write!(out, "chance")?,
        Status::ToMove(player) => write!(out, "move {}", player.0)?,
        Status::Over(outcome) if outcome.winners.is_empty() => write!(out, "over -")?,
        Status::Over(outcome) => {
            let winners: Vec<String> = outcome.winners.iter().map(|p| p.0.to_string()).collect();
            write!(out, "over {}", winners.join(","))?
        }
    }
    writeln!(out, "\t{}", position.legal_moves().join(" "))
}

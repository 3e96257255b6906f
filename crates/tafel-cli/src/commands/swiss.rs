//! `tafel swiss --trf FILE`: the next round of a Swiss tournament under FIDE's Dutch system
//! (C.04.3, the 2025 rules), read from its Tournament Report File.
//!
//! The pairing is printed as bbpPairings prints it with `-p`: the number of pairs (the bye
//! counted as one), then one `WHITE BLACK` line per board by pairing numbers, the bye last as
//! `PLAYER 0`. When no pairing keeps the absolute criteria, `no pairing` and exit status 1.
//! `--trf2026 OUT` also writes the tournament read as TRF-2026.

use std::path::PathBuf;

use anyhow::{Context, Result};
use tafel_tournament::{dutch, trf_read};

/// Arguments of `tafel swiss`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The tournament as a TRF file (TRF-16 or TRF-2026): the rounds played so far, with an
    /// entry in the next round's column for each player not to pair.
    #[arg(long, value_name = "FILE")]
    trf: PathBuf,
    /// Also write the tournament as TRF-2026 to this file (`142`, `152`, `192` lines; the
    /// player lines as they are), for other software to check or continue.
    #[arg(long, value_name = "FILE")]
    trf2026: Option<PathBuf>,
}

/// Pairs the next round and prints it.
pub fn run(args: Args) -> Result<()> {
    let text = std::fs::read_to_string(&args.trf)
        .with_context(|| format!("cannot read {}", args.trf.display()))?;
    let field = trf_read::next_round(&text).with_context(|| format!("{}", args.trf.display()))?;
    if let Some(out) = &args.trf2026 {
        let converted = trf_read::to_trf2026(&text)?;
        std::fs::write(out, converted)
            .with_context(|| format!("cannot write {}", out.display()))?;
    }
    match dutch::pair(&field) {
        Ok(pairing) => {
            println!(
                "{}",
                pairing.boards.len() + usize::from(pairing.bye.is_some())
            );
            for board in &pairing.boards {
                println!("{} {}", board.first, board.second);
            }
            if let Some(bye) = pairing.bye {
                println!("{bye} 0");
            }
            Ok(())
        }
        Err(dutch::NoPairing) => {
            println!("no pairing");
            std::process::exit(1);
        }
    }
}

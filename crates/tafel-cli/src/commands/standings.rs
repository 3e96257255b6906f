//! `tafel standings --trf FILE`: a tournament's standings with FIDE's tie-breaks (the 2023
//! regulations), read from its Tournament Report File, as an arbiter checks them.
//!
//! One line per player in pairing-number order, fields separated by a tab: the pairing number,
//! the place, the points, then each tie-break's value (`--tie-breaks`, FIDE's acronyms: `BH-C1
//! BH SB DE WIN WON ARO`...). `--round-robin` counts unplayed rounds as in a tournament whose
//! pairings were fixed in advance; otherwise as in a Swiss.

use std::path::PathBuf;

use anyhow::{Context, Result};
use tafel_tournament::standings::{self, StandingsRules};
use tafel_tournament::tie_breaks::{Pairings, TieBreak};
use tafel_tournament::trf_read;

/// Arguments of `tafel standings`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The tournament as a TRF file (TRF-16 or TRF-2026).
    #[arg(long, value_name = "FILE")]
    trf: PathBuf,
    /// The tie-breaks, in order, by FIDE's acronyms separated by spaces or commas (default: the
    /// file's `202` line, else a Swiss's `BH-C1 BH SB DE`, a round robin's `DE SB WIN`).
    #[arg(long, value_name = "LIST")]
    tie_breaks: Option<String>,
    /// The pairings were fixed in advance (a round robin): a forfeit counts as the game, a
    /// round without an opponent counts nothing.
    #[arg(long)]
    round_robin: bool,
}

/// Prints the standings.
pub fn run(args: Args) -> Result<()> {
    let text = std::fs::read_to_string(&args.trf)
        .with_context(|| format!("cannot read {}", args.trf.display()))?;
    let report = trf_read::report(&text).with_context(|| format!("{}", args.trf.display()))?;
    let pairings = if args.round_robin {
        Pairings::Fixed
    } else {
        Pairings::Swiss
    };
    let tie_breaks = match &args.tie_breaks {
        Some(list) => list
            .split([' ', ','])
            .filter(|name| !name.is_empty())
            .map(str::parse::<TieBreak>)
            .collect::<Result<Vec<_>, String>>()
            .map_err(anyhow::Error::msg)?,
        None if !report.tie_breaks.is_empty() => report.tie_breaks.clone(),
        None => standings::default_tie_breaks(pairings),
    };
    let rules = StandingsRules {
        bye_half_points: report.bye_half_points,
        tie_breaks,
        pairings,
    };
    let mut lines = standings::standings(
        report.numbers.len(),
        &report.rounds,
        &rules,
        &report.ratings,
    )?;
    lines.sort_by_key(|line| line.entrant);
    for line in lines {
        let mut fields = vec![
            report.numbers[line.entrant.0].to_string(),
            line.rank.to_string(),
            (f64::from(line.points) / 2.0).to_string(),
        ];
        fields.extend(line.tie_breaks.iter().map(ToString::to_string));
        println!("{}", fields.join("\t"));
    }
    Ok(())
}

//! `tafel train`: learn a game's evaluation by self-play and write its weights.
//!
//! Only EinStein würfelt nicht has a learned evaluation so far: an n-tuple network trained by
//! TD(0) ([`tafel_ai::eval::einstein_ntuple`]). The weights file names the game, the tuple
//! layout, the training command and the seed; the levels use it where
//! `TAFEL_EINSTEIN_WEIGHTS` names it.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use tafel_ai::eval::einstein_ntuple::{train, WeightsHeader, LAYOUT, WEIGHTS_VARIABLE};

/// Arguments of `tafel train`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game (only `einstein` has a learned evaluation).
    game: String,
    /// The seed of the self-play games (dice, arrangements).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Self-play games to train on.
    #[arg(long)]
    games: u64,
    /// The weights file to write.
    #[arg(long)]
    out: PathBuf,
}

/// Trains, printing a progress line to standard error ten times, and writes the weights.
pub fn run(args: Args) -> Result<()> {
    if args.game != "einstein" {
        bail!(
            "no learned evaluation for {:?}: tafel train knows only einstein",
            args.game
        );
    }
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let command = format!(
        "tafel train einstein --seed {} --games {}",
        args.seed, args.games
    );
    let started = Instant::now();
    let network = train(args.seed, args.games, args.games.div_ceil(10), |p| {
        eprintln!(
            "{:>10} games  {:>6.1} s  White won {:.1}%  mean TD error {:.4}",
            p.games,
            started.elapsed().as_secs_f64(),
            100.0 * p.white_wins,
            p.mean_error
        );
    });
    let header = WeightsHeader {
        game: args.game.clone(),
        layout: LAYOUT.into(),
        command,
        seed: args.seed,
        games: args.games,
        weights: 0,
    };
    std::fs::write(&args.out, network.to_bytes(&header))
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    eprintln!(
        "wrote {} ({:.1} s); play with it: {WEIGHTS_VARIABLE}={} tafel ...",
        args.out.display(),
        started.elapsed().as_secs_f64(),
        args.out.display()
    );
    Ok(())
}

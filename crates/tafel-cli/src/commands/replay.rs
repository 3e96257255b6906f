//! `tafel replay`: check a record move by move.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use tafel_core::record::parse_record;

use crate::target::GameArgs;

/// Arguments of `tafel replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// The record (text or JSON). A bare movetext uses the game and `--set` settings given here.
    file: PathBuf,
}

/// Replays the record and prints the final position and result.
pub fn run(args: Args) -> Result<()> {
    let text = std::fs::read_to_string(&args.file).with_context(|| format!("cannot read {}", args.file.display()))?;
    let raw = parse_record(&text)?;
    if let Some(name) = raw.game.as_deref().filter(|&n| n != args.game.game) {
        bail!("{} is a record of `{name}`, not `{}`", args.file.display(), args.game.game);
    }
    let game = if raw.settings.is_empty() {
        args.game.build()?
    } else {
        if !args.game.settings.is_empty() {
            bail!("{} carries its own settings; do not give --set", args.file.display());
        }
        let registry = tafel_games::registry();
        registry.get(&args.game.game)?.build(&raw.settings)?
    };
    let (start, moves) = game.replay(&raw).with_context(|| format!("{}", args.file.display()))?;
    let mut position = start;
    for mv in &moves {
        position.play(mv)?;
    }
    println!("moves: {}", moves.len());
    println!("code: {}", position.code());
    println!("{}", position.picture());
    println!("result: {}", position.describe_status());
    Ok(())
}

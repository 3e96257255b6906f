//! `tafel show`: a position's code and picture.

use anyhow::Result;

use crate::target::PositionArgs;

/// Arguments of `tafel show`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    target: PositionArgs,
}

/// Prints the code, the picture, whose turn it is (unless the picture says it) and the legal
/// moves.
pub fn run(args: Args) -> Result<()> {
    let (game, position) = args.target.build()?;
    println!("code: {}", position.code());
    let picture = position.picture();
    println!("{picture}");
    // Some pictures already state whose turn it is; say it only once.
    let turn = super::play::describe_turn(game.as_ref(), position.as_ref());
    if !picture.contains(&turn) {
        println!("{turn}");
    }
    let moves = position.legal_moves();
    if !moves.is_empty() {
        println!("legal: {}", moves.join(" "));
    }
    Ok(())
}

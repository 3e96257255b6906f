//! `tafel show`: a position's code and picture.

use anyhow::Result;

use crate::target::PositionArgs;

/// Arguments of `tafel show`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    target: PositionArgs,
}

/// Prints the code, the picture, whose turn it is and the legal moves.
pub fn run(args: Args) -> Result<()> {
    let (game, position) = args.target.build()?;
    println!("code: {}", position.code());
    println!("{}", position.picture());
    println!("{}", super::play::describe_turn(game.as_ref(), position.as_ref()));
    let moves = position.legal_moves();
    if !moves.is_empty() {
        println!("legal: {}", moves.join(" "));
    }
    Ok(())
}

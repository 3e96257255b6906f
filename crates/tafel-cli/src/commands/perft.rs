//! `tafel perft`: counting move sequences, the standard test of move generation.

use anyhow::{bail, Result};

use crate::target::PositionArgs;

/// Arguments of `tafel perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    target: PositionArgs,
    /// The deepest depth to count; every depth from 1 is printed.
    #[arg(long, short)]
    depth: u32,
    /// Instead, print perft(depth) split by first move (`<move> <count>` lines and a total).
    #[arg(long)]
    divide: bool,
}

/// Prints `perft <d> <count>` for d = 1..=depth, or the divide at `depth`.
pub fn run(args: Args) -> Result<()> {
    if args.depth == 0 {
        bail!("--depth must be at least 1");
    }
    let (_, position) = args.target.build()?;
    if args.divide {
        let split = position.perft_divide(args.depth);
        let total: u64 = split.iter().map(|(_, n)| n).sum();
        for (mv, count) in split {
            println!("{mv} {count}");
        }
        println!("total {total}");
    } else {
        for depth in 1..=args.depth {
            println!("perft {depth} {}", position.perft(depth));
        }
    }
    Ok(())
}

//! `tafel db`: the server's database.

use anyhow::Result;
use tafel_server::store::copy::{copy, CopyOptions};

/// The `db` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Copy every account (with its sessions and ratings) and every game (moves, seats,
    /// invitations, clocks, results, analyses, rating changes) from one database into
    /// another, e.g. from SQLite to PostgreSQL; each game's copy is checked by replaying it.
    /// Stop the servers using the source first.
    Copy(CopyArgs),
}

/// Arguments of `tafel db copy`.
#[derive(clap::Args, Debug)]
pub struct CopyArgs {
    /// The database to copy from: `sqlite://PATH` or `postgres://USER@HOST/DB`.
    #[arg(long, value_name = "URL")]
    from: String,
    /// The database to copy into (created and migrated if needed; an SQLite file is
    /// created).
    #[arg(long, value_name = "URL")]
    to: String,
    /// Copy into a database that already holds games: a game already there as in the
    /// source is left alone, another with the same id is replaced, the rest are kept. Running
    /// the same copy again finishes an interrupted one.
    #[arg(long)]
    merge: bool,
}

/// Runs a `db` subcommand.
pub fn run(command: Command) -> Result<()> {
    let Command::Copy(args) = command;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let options = CopyOptions { merge: args.merge };
    let copied = runtime.block_on(copy(&args.from, &args.to, options, |done, all| {
        if done % 1000 == 0 || done == all {
            eprintln!("{done} of {all} games copied and checked");
        }
    }))?;
    println!(
        "copied {} games ({} moves, {} analyses), {} already there; every game replayed; \
         {} accounts, {} ratings",
        copied.games,
        copied.moves,
        copied.analyses,
        copied.unchanged,
        copied.accounts,
        copied.ratings
    );
    Ok(())
}

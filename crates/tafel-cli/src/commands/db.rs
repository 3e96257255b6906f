//! `tafel db`: the server's database.

use std::path::PathBuf;

use anyhow::Result;
use tafel_server::store::backup::{backup, restore, Held};
use tafel_server::store::copy::{copy, CopyOptions};

/// The `db` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Copy every account (with its sessions and ratings) and every game (moves, seats,
    /// invitations, clocks, results, analyses, rating changes) from one database into
    /// another, e.g. from SQLite to PostgreSQL; each game's copy is checked by replaying it.
    /// Stop the servers using the source first.
    Copy(CopyArgs),
    /// Back an SQLite database up into a new file while servers use it: a consistent copy
    /// as at one moment (SQLite's `VACUUM INTO`), checked. PostgreSQL: `pg_dump`.
    Backup(BackupArgs),
    /// Put a backup in the place of an SQLite database, checked first; the file it replaces
    /// is kept as `NAME.before-restore`. Stop the server first. PostgreSQL: `pg_restore`.
    Restore(RestoreArgs),
}

/// Arguments of `tafel db backup`.
#[derive(clap::Args, Debug)]
pub struct BackupArgs {
    /// The database to back up: `sqlite://PATH`.
    #[arg(long, value_name = "URL", default_value = "sqlite://tafel.db")]
    database: String,
    /// The new file to write the backup into.
    #[arg(long, value_name = "FILE")]
    to: PathBuf,
}

/// Arguments of `tafel db restore`.
#[derive(clap::Args, Debug)]
pub struct RestoreArgs {
    /// The backup (a file written by `tafel db backup`).
    #[arg(long, value_name = "FILE")]
    from: PathBuf,
    /// The database to replace: `sqlite://PATH` (created if missing).
    #[arg(long, value_name = "URL", default_value = "sqlite://tafel.db")]
    database: String,
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
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let said = |held: Held| format!("{} games, {} moves", held.games, held.moves);
    let args = match command {
        Command::Copy(args) => args,
        Command::Backup(args) => {
            let held = runtime.block_on(backup(&args.database, &args.to))?;
            println!(
                "backed up into {}: {}, checked",
                args.to.display(),
                said(held)
            );
            return Ok(());
        }
        Command::Restore(args) => {
            let silence = tafel_server::play::SILENCE;
            let held = runtime.block_on(restore(&args.from, &args.database, silence))?;
            println!(
                "restored {} from {}: {}",
                args.database,
                args.from.display(),
                said(held)
            );
            return Ok(());
        }
    };
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

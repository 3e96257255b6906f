//! `tafel db backup` and `tafel db restore` of an SQLite database. A backup is SQLite's
//! `VACUUM INTO` a new file: one read transaction, so a consistent copy of the database as it
//! was at one moment (every change committed before it, none after), taken while servers go
//! on writing. A restore checks the backup and puts it in the database's place, the file it
//! replaces kept beside it; no server may be using the database then.
//!
//! PostgreSQL has its own tools for both (`pg_dump`, `pg_restore`: docs/deploy.md); these
//! refuse a PostgreSQL URL, naming them.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, SqliteConnection};

use super::backend::Backend;

/// What a backup or a restore holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    /// Games.
    pub games: i64,
    /// Moves (chance outcomes included).
    pub moves: i64,
}

/// The SQLite file a database URL names; a PostgreSQL URL is refused, naming `tool`.
fn sqlite_file(database: &str, tool: &str) -> Result<PathBuf> {
    if Backend::of(database)? == Backend::Postgres {
        bail!("a PostgreSQL database is backed up and restored with its own tools: {tool} (docs/deploy.md)");
    }
    let options = SqliteConnectOptions::from_str(database)
        .with_context(|| format!("invalid database URL `{database}`"))?;
    let file = options.get_filename().to_path_buf();
    if file.as_os_str().is_empty() || database.contains(":memory:") {
        bail!("`{database}` is not a database file");
    }
    Ok(file)
}

/// A connection to the existing SQLite file `file` (never created); `backup`: a file nobody
/// writes to, read as it is.
async fn connect(file: &Path, backup: bool) -> Result<SqliteConnection> {
    if !file.is_file() {
        bail!("{} does not exist", file.display());
    }
    SqliteConnectOptions::new()
        .filename(file)
        .read_only(backup)
        .immutable(backup)
        .busy_timeout(Duration::from_secs(30))
        .connect()
        .await
        .with_context(|| format!("cannot open {}", file.display()))
}

/// Checks that `connection` is a sound Tafel database and counts what it holds.
async fn check(connection: &mut SqliteConnection, file: &Path) -> Result<Held> {
    let verdict: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut *connection)
        .await
        .with_context(|| format!("{} is not an SQLite database", file.display()))?;
    if verdict != "ok" {
        bail!("{} is damaged: {verdict}", file.display());
    }
    let counts: Result<(i64, i64), _> =
        sqlx::query_as("SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM moves)")
            .fetch_one(&mut *connection)
            .await;
    let (games, moves) =
        counts.with_context(|| format!("{} is not a Tafel database", file.display()))?;
    Ok(Held { games, moves })
}

/// Backs the SQLite database at `database` up into the new file `to`, while servers use it,
/// and checks the backup.
pub async fn backup(database: &str, to: &Path) -> Result<Held> {
    let file = sqlite_file(database, "pg_dump")?;
    if to.exists() {
        bail!("{} exists; a backup goes into a new file", to.display());
    }
    let mut source = connect(&file, false).await?;
    check_tables(&mut source, &file).await?;
    let target = to
        .to_str()
        .with_context(|| format!("{} is not a path SQLite can take", to.display()))?;
    sqlx::query("VACUUM INTO ?")
        .bind(target)
        .execute(&mut source)
        .await
        .with_context(|| format!("cannot back {} up into {}", file.display(), to.display()))?;
    source.close().await?;
    let mut copy = connect(to, true).await?;
    let held = check(&mut copy, to).await;
    copy.close().await?;
    held
}

/// Fails unless `connection` has Tafel's tables.
async fn check_tables(connection: &mut SqliteConnection, file: &Path) -> Result<()> {
    sqlx::query("SELECT 1 FROM games LIMIT 1")
        .fetch_optional(&mut *connection)
        .await
        .with_context(|| format!("{} is not a Tafel database", file.display()))?;
    Ok(())
}

/// Puts the backup `from` (checked first) in the place of the SQLite database at `database`.
/// The file it replaces, if any, is kept as `NAME.before-restore` (an older one of that name is
/// replaced). Refused while a server is using the database: when one said it was alive less
/// than `silence` ago.
pub async fn restore(from: &Path, database: &str, silence: Duration) -> Result<Held> {
    let file = sqlite_file(database, "pg_restore")?;
    let mut backup = connect(from, true).await?;
    let held = check(&mut backup, from).await?;
    backup.close().await?;
    if file.exists() {
        let mut current = connect(&file, false).await?;
        let alive: Option<i64> = sqlx::query_scalar("SELECT at_ms FROM server_alive")
            .fetch_optional(&mut current)
            .await
            .unwrap_or(None);
        current.close().await?;
        let now_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64);
        if let Some(at_ms) = alive {
            let ago = now_ms.saturating_sub(at_ms);
            if u128::try_from(ago).unwrap_or(0) < silence.as_millis() {
                bail!(
                    "a server was using {} {:.1} s ago; stop it before restoring",
                    file.display(),
                    ago as f64 / 1000.0
                );
            }
        }
    }
    let sibling = |suffix: &str| {
        let mut name = file.clone().into_os_string();
        name.push(suffix);
        PathBuf::from(name)
    };
    let incoming = sibling(".restoring");
    std::fs::copy(from, &incoming)
        .with_context(|| format!("cannot copy {} to {}", from.display(), incoming.display()))?;
    std::fs::File::open(&incoming)
        .and_then(|f| f.sync_all())
        .with_context(|| format!("cannot flush {}", incoming.display()))?;
    if file.exists() {
        // The write-ahead log belongs to the file it replaces, and goes with it.
        std::fs::rename(&file, sibling(".before-restore"))
            .with_context(|| format!("cannot move {} aside", file.display()))?;
        for suffix in ["-wal", "-shm"] {
            let _ = std::fs::rename(
                sibling(suffix),
                sibling(&format!(".before-restore{suffix}")),
            );
        }
    }
    std::fs::rename(&incoming, &file)
        .with_context(|| format!("cannot put the backup in place as {}", file.display()))?;
    Ok(held)
}

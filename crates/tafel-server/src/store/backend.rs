//! The two databases the store speaks to, and the few words of SQL in which they differ.

use std::str::FromStr;

use anyhow::{anyhow, Context, Result};
use sqlx::any::AnyPoolOptions;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::AnyPool;

/// The database the store speaks to: the SQL is the same for both but for a few words
/// (placeholders, the time as text, the order of insertion).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// An SQLite file (or memory) database: one server instance.
    Sqlite,
    /// A PostgreSQL database, which several server instances may share.
    Postgres,
}

impl Backend {
    /// The backend of a database URL (`sqlite:...`, `postgres://...`, `postgresql://...`).
    pub fn of(url: &str) -> Result<Backend> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else {
            Err(anyhow!(
                "invalid database URL `{url}`: expected sqlite:PATH or postgres://USER@HOST/DB"
            ))
        }
    }

    /// `text` with its `?` placeholders numbered `$1`, `$2`... for PostgreSQL (placeholders
    /// inside quoted strings are left alone).
    pub(super) fn sql(self, text: &str) -> String {
        if self == Backend::Sqlite {
            return text.to_string();
        }
        let (mut out, mut n, mut quoted) = (String::with_capacity(text.len() + 8), 0, false);
        for c in text.chars() {
            match c {
                '\'' => {
                    quoted = !quoted;
                    out.push(c);
                }
                '?' if !quoted => {
                    n += 1;
                    out.push_str(&format!("${n}"));
                }
                _ => out.push(c),
            }
        }
        out
    }

    /// The current time as stored (UTC, ISO 8601, whole seconds).
    pub(super) fn now(self) -> &'static str {
        match self {
            Backend::Sqlite => "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')",
            Backend::Postgres => {
                "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
            }
        }
    }

    /// The time [`CHALLENGE_LISTED_FOR`](super::reads::CHALLENGE_LISTED_FOR) ago, as stored.
    pub(super) fn challenges_since(self) -> &'static str {
        match self {
            Backend::Sqlite => "strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '-1 day')",
            Backend::Postgres => {
                "to_char((now() - interval '1 day') AT TIME ZONE 'UTC', \
                 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
            }
        }
    }

    /// The column that orders games created in the same second by when they were stored.
    pub(super) fn insertion_order(self) -> &'static str {
        match self {
            Backend::Sqlite => "rowid",
            Backend::Postgres => "seq",
        }
    }

    /// A table of the elements of a JSON list of strings bound as one parameter, as
    /// `m(key, value)`: each element's index from 0 and its text (so that many moves are
    /// inserted by one statement).
    pub(super) fn json_list(self) -> &'static str {
        match self {
            Backend::Sqlite => "json_each(?) AS m",
            Backend::Postgres => {
                "(SELECT ordinality - 1 AS key, value
                  FROM json_array_elements_text(CAST(? AS json)) WITH ORDINALITY) AS m"
            }
        }
    }

    /// Appended to a subquery that ends `ORDER BY` the rows' key: locks the rows it selects
    /// in that order (PostgreSQL), so that a statement changing many rows takes their locks
    /// in the same order as the writer (see [`writer`](super::writer)). Nothing on SQLite,
    /// where a writer locks the whole database.
    pub(super) fn lock_in_order(self) -> &'static str {
        match self {
            Backend::Sqlite => "",
            Backend::Postgres => " FOR UPDATE",
        }
    }

    /// The statement that begins a transaction that will write. On SQLite it takes the write
    /// lock at once (`BEGIN IMMEDIATE`): a transaction begun as a reader that writes later
    /// fails at once with "database is locked" when another connection wrote in between,
    /// where one that takes the lock first waits its turn.
    pub(super) fn begin_write(self) -> &'static str {
        match self {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN",
        }
    }

    /// The larger of two numbers.
    pub(super) fn greatest(self) -> &'static str {
        match self {
            Backend::Sqlite => "max",
            Backend::Postgres => "GREATEST",
        }
    }
}

/// Connections to a PostgreSQL database at most, per instance.
pub(super) const MAX_POSTGRES_CONNECTIONS: u32 = 8;

/// Whether the pool tries a connection before each use: it does not. Trying is a round trip
/// on PostgreSQL (and a hand-off to SQLite's thread) before every statement, nearly doubling
/// a lone move's; a connection that broke meanwhile (the database restarted) fails the one
/// statement that meets it instead, answered as an error (nothing stored, nothing
/// acknowledged), and the pool closes it when it comes back (sqlx tries it then).
pub(super) const TEST_BEFORE_ACQUIRE: bool = false;

/// Opens an SQLite database as the store wants it: created if missing, foreign keys on,
/// write-ahead log, every commit flushed.
pub(super) async fn open_sqlite(url: &str) -> Result<AnyPool> {
    let in_memory = url.contains(":memory:") || url.contains("mode=memory");
    // Checked here for a clear message, and to create the file if missing.
    SqliteConnectOptions::from_str(url).with_context(|| format!("invalid database URL `{url}`"))?;
    let url = if in_memory || url.contains("mode=") {
        url.to_string()
    } else if url.contains('?') {
        format!("{url}&mode=rwc")
    } else {
        format!("{url}?mode=rwc")
    };
    let options = if in_memory {
        AnyPoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
    } else {
        AnyPoolOptions::new()
            .max_connections(4)
            .test_before_acquire(TEST_BEFORE_ACQUIRE)
    };
    options
        .after_connect(|connection, _| {
            Box::pin(async move {
                for pragma in [
                    "PRAGMA foreign_keys = ON",
                    "PRAGMA journal_mode = WAL",
                    "PRAGMA synchronous = FULL",
                ] {
                    sqlx::query(pragma).execute(&mut *connection).await?;
                }
                Ok(())
            })
        })
        .connect(&url)
        .await
        .with_context(|| format!("cannot open the database `{url}`"))
}

//! Test databases on a PostgreSQL server: the store's tests and the multi-instance tests each
//! make an empty database of their own on the server that `TAFEL_TEST_POSTGRES` names
//! (`scripts/with-postgres` starts a throwaway one and sets it).

use anyhow::{anyhow, Context, Result};
use sqlx::Connection;

/// The variable naming a PostgreSQL database whose user may create databases.
pub const SERVER_VARIABLE: &str = "TAFEL_TEST_POSTGRES";

/// Creates the empty database `name` on the PostgreSQL server of `url` (a database there
/// that the user may connect to, with the right to create databases) and returns the new
/// database's URL. `name` is letters, digits and `_`.
pub async fn create_database(url: &str, name: &str) -> Result<String> {
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Err(anyhow!("invalid database name `{name}`"));
    }
    let mut connection = sqlx::PgConnection::connect(url)
        .await
        .with_context(|| format!("cannot connect to `{url}`"))?;
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut connection)
        .await
        .with_context(|| format!("cannot create the database `{name}`"))?;
    let (base, query) = url.split_once('?').unwrap_or((url, ""));
    let server = base.rsplit_once('/').map_or(base, |(server, _)| server);
    Ok(match query {
        "" => format!("{server}/{name}"),
        query => format!("{server}/{name}?{query}"),
    })
}

/// The URL of a new empty database named after `test` (letters, digits and `_`) on the
/// server of `TAFEL_TEST_POSTGRES`, or `None`, said on standard error, when that is not set.
/// Panics if the database cannot be made.
pub async fn test_database(test: &str) -> Option<String> {
    let Ok(server) = std::env::var(SERVER_VARIABLE) else {
        eprintln!("{test}: {SERVER_VARIABLE} is not set, so PostgreSQL is not tested");
        return None;
    };
    let name = format!("tafel_{test}_{:016x}", rand::random::<u64>());
    Some(
        create_database(&server, &name)
            .await
            .unwrap_or_else(|e| panic!("{test}: {e:#}")),
    )
}

//! A connection kept between two uses by a task that uses one all the time (the writer, the
//! announcer of changes), instead of given back to the pool.

use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyPool};

use super::backend::Backend;

/// The writer's connection between two groups (and the announcer's between two statements),
/// on PostgreSQL: kept here rather than given back to the pool, since sqlx tries a connection
/// given back (a round trip) and the task takes one again at once. A connection whose group
/// failed goes back to the pool (which closes it if it broke). On SQLite it goes back: an
/// in-memory database has only one connection, which the readers need too.
#[derive(Default)]
pub(super) struct Held(Option<PoolConnection<Any>>);

impl Held {
    /// The connection kept from the group before, or else one from the pool.
    pub(super) async fn take(&mut self, pool: &AnyPool) -> sqlx::Result<PoolConnection<Any>> {
        match self.0.take() {
            Some(connection) => Ok(connection),
            None => pool.acquire().await,
        }
    }

    /// Keeps `connection` for the next group (on PostgreSQL; on SQLite it goes back to the
    /// pool).
    pub(super) fn keep(&mut self, connection: PoolConnection<Any>, backend: Backend) {
        if backend == Backend::Postgres {
            self.0 = Some(connection);
        }
    }
}

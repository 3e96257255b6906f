//! What the server's health checks and metrics read of the store: whether the database
//! answers, its connection pool, and the gauges other parts of the store keep up to date.

use anyhow::Result;
use prometheus::IntGauge;

use super::Store;

/// Gauges the store keeps for the server's `/metrics` (registered there by name).
#[derive(Clone, Debug)]
pub struct StoreMeters {
    /// `tafel_results_outbox_backlog`: the games' ends waiting in the outbox
    /// ([`super::finishes`]) for their work; the finisher sets it after each pass.
    pub outbox_backlog: IntGauge,
}

impl Default for StoreMeters {
    fn default() -> StoreMeters {
        StoreMeters {
            outbox_backlog: IntGauge::new(
                "tafel_results_outbox_backlog",
                "Games' ends waiting in the outbox for their work (results, ratings, scores)",
            )
            .expect("the gauge's name and help are valid"),
        }
    }
}

/// The database pool now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolUse {
    /// Connections open (idle or in use).
    pub open: u32,
    /// Of them, idle.
    pub idle: usize,
    /// The most the pool opens.
    pub max: u32,
}

impl Store {
    /// Whether the database answers a query now (the migrations ran when the store opened).
    pub async fn ping(&self) -> Result<()> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// The connection pool's use now.
    pub fn pool_use(&self) -> PoolUse {
        PoolUse {
            open: self.pool.size(),
            idle: self.pool.num_idle(),
            max: self.pool.options().get_max_connections(),
        }
    }

    /// The gauges the store keeps.
    pub fn meters(&self) -> &StoreMeters {
        &self.meters
    }
}

//! The health checks a load balancer or supervisor asks, on the public listener (they tell
//! nothing about anybody):
//!
//! - `/healthz`: the process is alive and answering (200 `{"alive": true}`);
//! - `/readyz`: it may be sent new work: the database answers a query (its migrations ran
//!   before the server began serving) and the server is not stopping. 200 `{"ready": true}`,
//!   else 503 with the JSON error saying why (`server-is-draining`, `database-unreachable`).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{FromRef, State};
use axum::Json;

use crate::http::drain::Drain;
use crate::http::error::ApiError;
use crate::http::AppState;
use crate::msg;
use crate::play::Hub;

/// How long `/readyz` waits for the database.
const DATABASE_CHECK: Duration = Duration::from_secs(2);

impl FromRef<AppState> for Drain {
    fn from_ref(state: &AppState) -> Self {
        state.drain.clone()
    }
}

/// `/healthz`: alive.
pub async fn alive() -> Json<serde_json::Value> {
    Json(serde_json::json!({ "alive": true }))
}

/// `/readyz`: not stopping, and the database answers.
pub async fn ready(
    State(drain): State<Drain>,
    State(hub): State<Arc<Hub>>,
) -> Result<Json<serde_json::Value>, ApiError> {
    if drain.is_draining() {
        return Err(ApiError::unavailable(msg!("server-is-draining")));
    }
    match tokio::time::timeout(DATABASE_CHECK, hub.store().ping()).await {
        Ok(Ok(())) => Ok(Json(serde_json::json!({ "ready": true }))),
        Ok(Err(e)) => Err(ApiError::unavailable(msg!(
            "database-unreachable",
            e = format!("{e:#}")
        ))),
        Err(_) => Err(ApiError::unavailable(msg!(
            "database-unreachable",
            e = format!("no answer within {} s", DATABASE_CHECK.as_secs())
        ))),
    }
}

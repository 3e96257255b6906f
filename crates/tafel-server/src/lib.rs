//! `tafel serve`: play every Tafel game in the browser, at one screen, online through
//! invitation links, or against the computer.
//!
//! - [`store`]: games and moves in SQLite through sqlx, with migrations;
//! - [`live`] and [`hub`]: games in memory, rebuilt from storage, changed only after the
//!   change is stored; computer seats played off the request path;
//! - [`api`] (REST) and [`ws`] (WebSocket pushes and moves);
//! - [`web`]: the page, its files and the rules pages, embedded in the binary.

pub mod api;
pub mod computer;
pub mod error;
pub mod hub;
pub mod live;
pub mod store;
pub mod web;
pub mod ws;

use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::{Context, Result};
use axum::routing::{get, post};
use axum::Router;
use tower_http::limit::RequestBodyLimitLayer;

use crate::hub::Hub;
use crate::store::Store;

/// The largest request body the server reads (records included).
pub const MAX_BODY: usize = 256 * 1024;

/// Where to listen and where to keep the games.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on, e.g. `127.0.0.1:8080` (port 0 picks a free port).
    pub listen: SocketAddr,
    /// The database URL, e.g. `sqlite://tafel.db`.
    pub database: String,
}

/// The HTTP routes over a hub.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/", get(web::index))
        .route("/game/{id}", get(web::index))
        .route("/assets/{*path}", get(web::asset))
        .route("/rules/{game}", get(web::rules))
        .route("/api/catalog", get(api::catalog))
        .route("/api/catalog/{game}/seats", get(api::seats))
        .route("/api/catalog/{game}/levels", get(api::levels))
        .route("/api/games", get(api::list).post(api::create))
        .route("/api/import", post(api::import))
        .route("/api/games/{id}", get(api::read))
        .route("/api/games/{id}/moves", post(api::play))
        .route("/api/games/{id}/undo", post(api::undo))
        .route("/api/games/{id}/record", get(api::record))
        .route("/api/games/{id}/ws", get(ws::connect))
        .fallback(web::not_found)
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .with_state(hub)
}

/// A running server.
pub struct Server {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// The task serving requests; it runs until the process ends or the task is aborted.
    pub task: tokio::task::JoinHandle<()>,
}

/// Opens the database, resumes unfinished games' computer seats, and starts serving.
pub async fn start(config: &Config) -> Result<Server> {
    let store = Store::open(&config.database).await?;
    let hub = Hub::new(store);
    hub.resume().await?;
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .with_context(|| format!("cannot listen on {}", config.listen))?;
    let addr = listener.local_addr()?;
    let app = router(hub);
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!("server stopped: {e}");
        }
    });
    Ok(Server { addr, task })
}

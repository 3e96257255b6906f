//! `tafel serve`: play every Tafel game in the browser, at one screen, online through
//! invitation links, or against the computer.
//!
//! - [`store`]: games and moves in SQLite or PostgreSQL through sqlx, with migrations; on
//!   PostgreSQL several instances share the games (see the store and the hub);
//! - [`live`] and [`hub`]: games in memory (within a limit), rebuilt from storage, changed only
//!   after the change is stored; computer seats played on the bounded [`pool`];
//! - [`seat`] (seats, invitations, names), [`consent`] (draws, takebacks, resignations decided
//!   together), [`clock`] (time controls, kept in the store), [`dice`] (rolls fixed per ply);
//! - [`api`] (REST, described by the OpenAPI document at `/api/openapi.json`, generated from
//!   the handlers) and [`ws`] (WebSocket pushes and moves);
//! - [`listener`] (connection limits and timeouts), [`guard`] (Host and Origin checks, security
//!   headers), [`rate`] (creations per client address), [`error`] (every error as JSON);
//! - [`web`]: the page, its files and the rules pages, embedded in the binary, and the 404 page;
//! - [`analysis`]: the analysis of a game, move by move, computed on the pool and stored;
//! - [`tables`]: the solution tables of perfect levels, built in the background on request;
//! - [`copy`]: every game copied from one database into another (`tafel db copy`).
//!
//! The limits, their defaults and what the server guarantees are in `docs/reliability.md`.

pub mod analysis;
pub mod api;
pub mod clock;
pub mod computer;
pub mod config;
pub mod consent;
pub mod copy;
pub mod dice;
pub mod error;
pub mod guard;
pub mod hub;
pub mod listener;
pub mod live;
pub mod pool;
pub mod rate;
pub mod seat;
pub mod store;
pub mod tables;
pub mod web;
pub mod ws;

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};

use anyhow::{Context, Result};
use axum::extract::{DefaultBodyLimit, FromRef};
use axum::http::{header, StatusCode};
use axum::middleware;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use tower::ServiceBuilder;
use tower_http::timeout::TimeoutLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use config::{Config, Limits};

use crate::guard::Origins;
use crate::hub::{Hub, HubLimits};
use crate::listener::ConnectionLimits;
use crate::rate::RateLimiter;
use crate::store::Store;
use crate::ws::Sockets;

/// The largest request body the server reads (records included).
pub const MAX_BODY: usize = 256 * 1024;

/// Everything the handlers share. Handlers take the part they need (`State<Arc<Hub>>`...).
#[derive(Clone)]
pub struct AppState {
    /// The games.
    pub hub: Arc<Hub>,
    /// The open WebSockets and their limit.
    pub sockets: Arc<Sockets>,
    /// Game creations and imports per client address.
    pub creations: Arc<RateLimiter>,
    /// The hosts and origins the server answers.
    pub origins: Arc<Origins>,
}

impl FromRef<AppState> for Arc<Hub> {
    fn from_ref(state: &AppState) -> Self {
        state.hub.clone()
    }
}

impl FromRef<AppState> for Arc<Sockets> {
    fn from_ref(state: &AppState) -> Self {
        state.sockets.clone()
    }
}

impl FromRef<AppState> for Arc<RateLimiter> {
    fn from_ref(state: &AppState) -> Self {
        state.creations.clone()
    }
}

/// The OpenAPI document's description of the API as a whole; the paths and schemas come from
/// the handlers' annotations.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Tafel",
        description = "Play Tafel's games online: create, invite, join, play, resign, draw, \
            take back by consent, rematch, on the clock. Errors are `{\"error\": \"...\"}` with a \
            4xx or 5xx status. The WebSocket's messages and the flows are described in \
            docs/api.md.",
        license(name = "MIT")
    ),
    tags(
        (name = "catalog", description = "The games, their settings, seats and computer levels"),
        (name = "games", description = "Creating, importing, listing and reading games; records"),
        (name = "play", description = "Joining, moves, undo, resignation, draws, takebacks, rematches, the WebSocket")
    )
)]
struct ApiDoc;

/// The API's routes, each with its OpenAPI description.
fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(api::catalog))
        .routes(routes!(api::seats))
        .routes(routes!(api::levels))
        .routes(routes!(api::list, api::create))
        .routes(routes!(api::challenges))
        .routes(routes!(api::import))
        .routes(routes!(api::read))
        .routes(routes!(api::join))
        .routes(routes!(api::play))
        .routes(routes!(api::undo))
        .routes(routes!(api::resign))
        .routes(routes!(api::draw))
        .routes(routes!(api::takeback))
        .routes(routes!(api::rematch))
        .routes(routes!(api::record))
        .routes(routes!(api::analysis))
        .routes(routes!(api::hint))
        .routes(routes!(ws::connect))
}

/// The OpenAPI document of the whole HTTP API, generated from the handlers.
pub fn openapi() -> utoipa::openapi::OpenApi {
    api_routes().into_openapi()
}

/// `/api/openapi.json`: the OpenAPI document, made once.
async fn openapi_json() -> impl IntoResponse {
    static DOCUMENT: OnceLock<String> = OnceLock::new();
    let document = DOCUMENT.get_or_init(|| {
        openapi()
            .to_pretty_json()
            .unwrap_or_else(|e| format!("{{\"error\": \"the OpenAPI document failed: {e}\"}}"))
    });
    (
        [(header::CONTENT_TYPE, "application/json")],
        document.as_str(),
    )
}

/// The HTTP routes over the shared state, inside the layers every request passes: security
/// headers, errors as JSON, OPTIONS, Host and Origin checks, a time limit and a body limit.
pub fn router(state: AppState, limits: &Limits) -> Router {
    let origins = state.origins.clone();
    // The layers wrap the whole router (as its fallback service) rather than each route, so
    // that they see the answers the router makes itself (405 with its `Allow` header, 404).
    Router::new().fallback_service(routes(state)).layer(
        ServiceBuilder::new()
            .layer(middleware::map_response(guard::security_headers))
            .layer(middleware::from_fn(error::json_errors))
            .layer(middleware::from_fn(error::options))
            .layer(middleware::from_fn_with_state(origins, guard::check))
            .layer(TimeoutLayer::with_status_code(
                StatusCode::REQUEST_TIMEOUT,
                limits.request_timeout,
            ))
            .layer(DefaultBodyLimit::max(MAX_BODY)),
    )
}

/// The routes: the page, its assets, the API (with its OpenAPI document) and the WebSockets.
fn routes(state: AppState) -> Router {
    let (api, _) = api_routes().split_for_parts();
    Router::new()
        .route("/", get(web::index))
        .route("/game/{id}", get(web::index))
        .route("/assets/{*path}", get(web::asset))
        .route("/rules/{game}", get(web::rules))
        .route("/api/openapi.json", get(openapi_json))
        .merge(api)
        .fallback(web::not_found)
        .with_state(state)
}

/// A running server.
pub struct Server {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// The games (for tests and measurements: what is in memory, what the computer did).
    pub hub: Arc<Hub>,
    /// The task accepting connections; it runs until the process ends or the task is
    /// aborted (connections already open then finish on their own).
    pub task: tokio::task::JoinHandle<()>,
}

impl Server {
    /// Stops accepting connections and stops the games' background tasks (the heartbeat in
    /// the store, the clocks' keeper): as a server that went away. Connections already open
    /// finish on their own.
    pub fn stop(self) {
        self.task.abort();
        self.hub.stop();
    }
}

/// The routes and the games for `config`, without a listener (tests drive the router
/// in-process; [`start`] serves it).
pub async fn app(config: &Config) -> Result<(Router, Arc<Hub>)> {
    let limits = &config.limits;
    let store = Store::open(&config.database).await?;
    let changes = store.listen().await?;
    let silence = hub::SILENCE.as_millis() as i64;
    if let Some(down) = store
        .credit_downtime(clock::now_ms(), silence)
        .await
        .context("cannot read when the server was last alive")?
    {
        tracing::info!(
            "no server was alive for {:.1} s: that time is not charged to running clocks",
            down as f64 / 1000.0
        );
    }
    let hub = Hub::new(
        store,
        HubLimits {
            games_in_memory: limits.games_in_memory,
            game_idle: limits.game_idle,
            searches: limits.searches,
            search_queue: limits.search_queue,
            analysis: analysis::Budget {
                work: limits.analysis_work,
                time: limits.analysis_time,
            },
        },
    );
    if let Some(changes) = changes {
        hub.follow(changes);
    }
    let state = AppState {
        hub: hub.clone(),
        sockets: Arc::new(Sockets::new(limits.max_websockets, limits.ws_ping)),
        creations: Arc::new(RateLimiter::new(
            limits.games_per_minute,
            limits.games_burst,
            limits.rate_limited_addresses,
        )),
        origins: Arc::new(Origins::new(config.public_urls.clone(), config.listen.ip())),
    };
    Ok((router(state, limits), hub))
}

/// Opens the database, starts serving, and resumes in the background the games whose
/// computer seat is to move.
pub async fn start(config: &Config) -> Result<Server> {
    let limits = &config.limits;
    let (app, hub) = app(config).await?;
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .with_context(|| format!("cannot listen on {}", config.listen))?;
    let addr = listener.local_addr()?;
    let connection_limits = ConnectionLimits {
        header_timeout: limits.header_timeout,
        idle_timeout: limits.idle_timeout,
        max_connections: connections_within_file_limit(limits.max_connections),
        max_per_address: limits.max_connections_per_address,
    };
    let task = tokio::spawn(listener::serve(listener, app, connection_limits));
    hub.resume();
    Ok(Server { addr, hub, task })
}

/// File descriptors kept for everything but client connections (database, listener,
/// refusals being written, logs).
const RESERVED_FILES: u64 = 256;

/// `wanted` connections, or fewer if the open-file limit (raised as far as allowed) cannot
/// hold them, with a warning.
fn connections_within_file_limit(wanted: usize) -> usize {
    let limit = listener::raise_open_file_limit(wanted as u64 + RESERVED_FILES);
    let room = limit.saturating_sub(RESERVED_FILES).max(1);
    if (wanted as u64) > room {
        tracing::warn!(
            "the open-file limit ({limit}) allows {room} connections, not {wanted}; raise it \
             (ulimit -n) to allow more"
        );
        room as usize
    } else {
        wanted
    }
}

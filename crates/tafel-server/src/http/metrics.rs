//! `/metrics`: what the server is doing, in Prometheus's text format, served on its own
//! listener (`tafel serve --metrics-listen ADDR`), never on the public one.
//!
//! Counted as it happens (kept in a [`Registry`]):
//! - `tafel_http_request_duration_seconds{route, method, status}`: every request's time, by
//!   the route it matched (its template, `/api/games/{id}/moves`, never the raw path;
//!   `unmatched` for the 404 page), method and status; its `_count` is the requests;
//! - `tafel_sign_in_refusals_total{reason}`: refused sign-ins (`credentials`, `rate_limited`,
//!   `busy`, `invalid`);
//! - `tafel_results_outbox_backlog`: the gauge the store's results outbox sets
//!   ([`crate::play::Hub::store`]'s meters).
//!
//! Read when scraped: `tafel_games_in_memory` (the games in play on this instance),
//! `tafel_moves_total{by}` (`person` or `computer`), `tafel_websockets_open`,
//! `tafel_search_queue{kind}` (`reply`, `hint`, `unattended`, `analysis`) and
//! `tafel_searches_running`, `tafel_db_connections{state}` (`idle`, `in_use`) and
//! `tafel_db_connections_max`, `tafel_draining` (1 while the server stops).

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use prometheus::{
    HistogramOpts, HistogramVec, IntCounterVec, IntGaugeVec, Opts, Registry, TextEncoder,
};

use crate::compute::pool::Class;
use crate::http::drain::Drain;
use crate::http::ws::Sockets;
use crate::play::Hub;

/// The route a request matched, handed from inside the router to the layer that times it.
#[derive(Clone)]
struct Route(MatchedPath);

/// The server's metrics and what they are read from.
pub struct Metrics {
    registry: Registry,
    requests: HistogramVec,
    sign_in_refusals: IntCounterVec,
    hub: Arc<Hub>,
    sockets: Arc<Sockets>,
    drain: Drain,
}

/// The request-time buckets, in seconds: from a cached page to a slow search answer.
const BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

impl Metrics {
    /// The metrics of the server made of `hub`, `sockets` and `drain`.
    pub fn new(hub: Arc<Hub>, sockets: Arc<Sockets>, drain: Drain) -> prometheus::Result<Metrics> {
        let registry = Registry::new();
        let requests = HistogramVec::new(
            HistogramOpts::new(
                "tafel_http_request_duration_seconds",
                "HTTP requests by matched route, method and status, with their time",
            )
            .buckets(BUCKETS.to_vec()),
            &["route", "method", "status"],
        )?;
        let sign_in_refusals = IntCounterVec::new(
            Opts::new(
                "tafel_sign_in_refusals_total",
                "Sign-ins refused, by reason",
            ),
            &["reason"],
        )?;
        registry.register(Box::new(requests.clone()))?;
        registry.register(Box::new(sign_in_refusals.clone()))?;
        registry.register(Box::new(hub.store().meters().outbox_backlog.clone()))?;
        Ok(Metrics {
            registry,
            requests,
            sign_in_refusals,
            hub,
            sockets,
            drain,
        })
    }

    /// Counts a request to `route` answered with `status` after `seconds`.
    fn observe(&self, route: &str, method: &Method, status: StatusCode, seconds: f64) {
        self.requests
            .with_label_values(&[route, method.as_str(), status.as_str()])
            .observe(seconds);
        if route == "/api/session" && method == Method::POST && !status.is_success() {
            let reason = match status {
                StatusCode::UNAUTHORIZED => "credentials",
                StatusCode::TOO_MANY_REQUESTS => "rate_limited",
                StatusCode::SERVICE_UNAVAILABLE => "busy",
                _ => "invalid",
            };
            self.sign_in_refusals.with_label_values(&[reason]).inc();
        }
    }

    /// Every metric now, in Prometheus's text format.
    pub fn render(&self) -> prometheus::Result<String> {
        let mut families = self.registry.gather();
        families.extend(self.sampled()?.gather());
        TextEncoder::new().encode_to_string(&families)
    }

    /// The metrics read from the server's parts now, in a registry of their own.
    fn sampled(&self) -> prometheus::Result<Registry> {
        let sampled = Registry::new();
        let gauge = |name: &str, help: &str, value: usize| -> prometheus::Result<()> {
            let gauge = prometheus::IntGauge::new(name, help)?;
            gauge.set(value as i64);
            sampled.register(Box::new(gauge))
        };
        gauge(
            "tafel_games_in_memory",
            "Games in this instance's memory: played or watched lately",
            self.hub.games_in_memory(),
        )?;
        gauge(
            "tafel_websockets_open",
            "WebSockets open (games' and the lobby's)",
            self.sockets.open_now(),
        )?;
        let pool = self.hub.pool();
        gauge(
            "tafel_searches_running",
            "Computer searches running",
            pool.running(),
        )?;
        gauge(
            "tafel_draining",
            "1 while the server stops (unready), else 0",
            usize::from(self.drain.is_draining()),
        )?;
        let queue = IntGaugeVec::new(
            Opts::new("tafel_search_queue", "Computer searches waiting, by kind"),
            &["kind"],
        )?;
        for class in Class::ALL {
            queue
                .with_label_values(&[class.name()])
                .set(pool.queued_of(class) as i64);
        }
        sampled.register(Box::new(queue))?;
        let stats = self.hub.stats();
        let moves = IntCounterVec::new(
            Opts::new("tafel_moves_total", "Moves stored, by who played them"),
            &["by"],
        )?;
        for (by, count) in [
            ("person", &stats.moves),
            ("computer", &stats.computer_moves),
        ] {
            moves
                .with_label_values(&[by])
                .inc_by(count.load(Ordering::Relaxed));
        }
        sampled.register(Box::new(moves))?;
        let instances = IntCounterVec::new(
            Opts::new(
                "tafel_instance_requests_total",
                "Between instances on a shared database: a game's requests forwarded to its \
                 owner, forwarded requests served here, games handed over, owners looked up \
                 in the database (not heard of), and moves worked out again because the copy \
                 here was stale",
            ),
            &["what"],
        )?;
        for (what, count) in [
            ("forwarded", &stats.forwarded),
            ("served_forwarded", &stats.served_forwarded),
            ("handed_over", &stats.handed_over),
            ("owner_looked_up", &stats.owners_looked_up),
            ("reworked", &stats.reworked),
        ] {
            instances
                .with_label_values(&[what])
                .inc_by(count.load(Ordering::Relaxed));
        }
        sampled.register(Box::new(instances))?;
        let database = self.hub.store().pool_use();
        let connections = IntGaugeVec::new(
            Opts::new(
                "tafel_db_connections",
                "Database connections open, by state",
            ),
            &["state"],
        )?;
        let idle = database.idle.min(database.open as usize);
        connections.with_label_values(&["idle"]).set(idle as i64);
        connections
            .with_label_values(&["in_use"])
            .set(database.open as i64 - idle as i64);
        sampled.register(Box::new(connections))?;
        gauge(
            "tafel_db_connections_max",
            "Database connections the pool opens at most",
            database.max as usize,
        )?;
        Ok(sampled)
    }
}

/// Inside the router, for every matched route: hands the route's template to [`record`].
pub async fn route_of(request: Request, next: Next) -> Response {
    let route = request.extensions().get::<MatchedPath>().cloned();
    let mut response = next.run(request).await;
    if let Some(route) = route {
        response.extensions_mut().insert(Route(route));
    }
    response
}

/// Around every request: times it and counts it by route, method and status.
pub async fn record(State(metrics): State<Arc<Metrics>>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let response = next.run(request).await;
    let route = response
        .extensions()
        .get::<Route>()
        .map_or("unmatched", |Route(path)| path.as_str());
    metrics.observe(
        route,
        &method,
        response.status(),
        started.elapsed().as_secs_f64(),
    );
    response
}

/// `/metrics`, the one route of the metrics listener.
pub fn router(metrics: Arc<Metrics>) -> Router {
    Router::new()
        .route("/metrics", get(scrape))
        .with_state(metrics)
}

/// Answers a scrape.
async fn scrape(State(metrics): State<Arc<Metrics>>) -> Response {
    match metrics.render() {
        Ok(text) => ([(header::CONTENT_TYPE, prometheus::TEXT_FORMAT)], text).into_response(),
        Err(e) => {
            tracing::error!("cannot render the metrics: {e}");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

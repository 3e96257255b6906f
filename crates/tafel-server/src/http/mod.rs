//! HTTP: routes, extractors, the error type and its status codes, the OpenAPI document,
//! WebSocket framing, pages and rules, the guard, rate limits and the listener. The only
//! layer that knows about axum; it calls online play ([`crate::play`]) and reads the domain.
//!
//! - [`api`] (REST, described by the OpenAPI document at `/api/openapi.json`, generated from
//!   the handlers), [`views`] (what a browser is shown of a game), [`ws`] (a game's WebSocket:
//!   pushes and moves) and [`lobby`] (the seeks and the lobby's WebSocket);
//! - [`listener`] (connection limits and timeouts), [`guard`] (Host and Origin checks,
//!   security headers), [`rate`] (creations per client address), [`session`] (the session
//!   cookie and who is signed in), [`error`] (every error as JSON);
//! - [`tls`]: HTTPS of the server's own, with certificates from files or by ACME;
//! - [`web`]: the page, its files and the layout, embedded in the binary, and the 404 page;
//!   [`rules`]: the rules pages in English and German;
//! - [`health`] (`/healthz`, `/readyz`), [`metrics`] (`/metrics`, on a listener of its own)
//!   and [`drain`] (stopping without losing anything).

pub mod api;
pub mod drain;
pub mod error;
pub mod forward;
pub mod guard;
pub mod health;
pub mod language;
pub mod listener;
pub mod lobby;
pub mod metrics;
pub mod rate;
pub mod rules;
pub mod schemas;
pub mod session;
pub mod state;
pub mod tls;
pub mod views;
pub mod web;
pub mod ws;

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderName, StatusCode};
use axum::middleware;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tower_http::LatencyUnit;
use utoipa::openapi::schema::Schema;
use utoipa::openapi::RefOr;
use utoipa::OpenApi;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};
use utoipa_axum::routes;

use crate::proxies::TrustedProxies;
use guard::Origins;

pub use state::AppState;

/// The log target of the line written for every answered request (its status and time, in
/// the request's span): `tafel serve` shows these lines only with `--access-log`.
pub const ACCESS_LOG: &str = "tower_http::trace::on_response";

/// The largest request body the server reads (records included).
pub const MAX_BODY: usize = 256 * 1024;

/// The OpenAPI document's description of the API as a whole; the paths and schemas come from
/// the handlers' annotations.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Tafel",
        description = "Play Tafel's games online: create, invite, join, play, resign, draw, \
            take back by consent, rematch, on the clock. Errors are `{\"error\": \"...\", \
            \"code\": \"...\", \"params\": {...}, \"request_id\": \"...\"}` with a 4xx or 5xx \
            status: a stable code, and words in the request's language (the `tafel_language` \
            cookie, else `Accept-Language`). The WebSocket's messages and the flows are \
            described in docs/api.md.",
        license(name = "MIT")
    ),
    // What the lobby's WebSocket is sent in its `seek` message (no REST operation names it).
    components(schemas(crate::domain::seek::SeekRequest)),
    tags(
        (name = "catalog", description = "The games, their settings, seats and computer levels"),
        (name = "games", description = "Creating, importing, listing and reading games; records"),
        (name = "play", description = "Joining, moves, undo, resignation, berserk, draws, takebacks, rematches, chat, the WebSocket"),
        (name = "lobby", description = "Seeks: someone to play now (the lobby's WebSocket)"),
        (name = "accounts", description = "Optional accounts: signing up, in and out (the session travels in the `tafel_session` cookie)"),
        (name = "players", description = "Players' pages, games, rating histories and records; leaderboards"),
        (name = "tournaments", description = "Tournaments: round robins between accounts, created, listed, shown with standings, entered and left"),
        (name = "moderation", description = "Reports and blocks for everyone signed in; the queue of reports, actions on players and tournaments, and their log for moderators (docs/moderation.md)"),
        (name = "learn", description = "The tutorials: the steps of each game's course an account has done; puzzles, their attempts and ratings (docs/learn.md)"),
        (name = "bots", description = "Bots: accounts played by programs with a token (`Authorization: Bearer`), challenged by people; their event and game streams (NDJSON) and moves (docs/bots.md)")
    )
)]
struct ApiDoc;

/// Adds to every operation the answers that come from how its request is read rather than
/// from the handler (the framework's rejections, as JSON errors): a body that is not JSON
/// (415), malformed (400) or of the wrong shape (422); a query or path that does not parse
/// (400); an id naming no game (404). Each is added only where the operation has what can be
/// wrong, and only if the handler's annotation does not list it already;
/// `tests/server/openapi_statuses.rs` checks that every status answered is listed.
struct RequestErrors;

impl utoipa::Modify for RequestErrors {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::path::ParameterIn;
        use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
        let error = |description: &str| {
            ResponseBuilder::new()
                .description(description)
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("ErrorBody")))
                        .build(),
                )
                .build()
        };
        for (path, item) in openapi.paths.paths.iter_mut() {
            let operations = [
                item.get.as_mut(),
                item.post.as_mut(),
                item.put.as_mut(),
                item.delete.as_mut(),
                item.patch.as_mut(),
            ];
            for operation in operations.into_iter().flatten() {
                let queries = operation.parameters.iter().flatten().any(
                    |p| matches!(p, RefOr::T(p) if matches!(p.parameter_in, ParameterIn::Query)),
                );
                let mut added = Vec::new();
                if operation.request_body.is_some() {
                    added.push(("400", "The body is not well-formed JSON"));
                    added.push(("415", "The body is not sent as `application/json`"));
                    added.push((
                        "422",
                        "The JSON body lacks a field or has one of the wrong type",
                    ));
                } else if queries {
                    added.push(("400", "A query parameter does not parse"));
                }
                if path.contains("{id}") {
                    added.push(("404", "No such game"));
                }
                for (status, description) in added {
                    operation
                        .responses
                        .responses
                        .entry(status.to_string())
                        .or_insert_with(|| error(description).into());
                }
            }
        }
    }
}

/// The API's operations, each with its OpenAPI description and the schemas it names.
fn api_operations() -> Vec<UtoipaMethodRouter<AppState>> {
    vec![
        routes!(api::catalog::catalog),
        routes!(api::catalog::seats),
        routes!(api::catalog::levels),
        routes!(api::positions::read),
        routes!(api::positions::analyse),
        routes!(api::games::list, api::games::create),
        routes!(api::games::challenges),
        routes!(api::games::import),
        routes!(api::games::read),
        routes!(api::play::join),
        routes!(api::play::play),
        routes!(api::play::undo),
        routes!(api::play::resign),
        routes!(api::play::berserk),
        routes!(api::play::draw),
        routes!(api::play::takeback),
        routes!(api::play::rematch),
        routes!(api::play::abort),
        routes!(api::games::record),
        routes!(api::analysis::analysis),
        routes!(api::analysis::hint),
        routes!(api::chat::read, api::chat::write),
        routes!(ws::connect),
        routes!(
            api::accounts::sign_up,
            api::accounts::me,
            api::accounts::delete_account
        ),
        routes!(api::accounts::sign_in, api::accounts::sign_out),
        routes!(lobby::seeks),
        routes!(lobby::connect),
        routes!(api::players::player),
        routes!(api::players::games),
        routes!(api::players::ratings),
        routes!(api::players::records),
        routes!(api::players::leaderboard),
        routes!(api::challenges::challenge),
        routes!(api::challenges::waiting),
        routes!(api::challenges::read, api::challenges::cancel),
        routes!(api::challenges::accept),
        routes!(api::challenges::decline),
        routes!(api::follows::following),
        routes!(api::follows::follow, api::follows::unfollow),
        routes!(api::accounts::change_password),
        routes!(api::sessions::list, api::sessions::end_others),
        routes!(api::sessions::end),
        routes!(api::own_data::own_data),
        routes!(
            api::second_factor::state,
            api::second_factor::turn_on,
            api::second_factor::turn_off
        ),
        routes!(api::second_factor::set_up),
        routes!(api::second_factor::new_recovery_codes),
        routes!(api::mail::mail),
        routes!(
            api::mail::email,
            api::mail::set_email,
            api::mail::remove_email
        ),
        routes!(api::mail::verify_email),
        routes!(api::mail::request_reset),
        routes!(api::mail::reset_password),
        routes!(api::accounts::claim),
        routes!(api::accounts::my_seats),
        routes!(api::tournaments::list, api::tournaments::create),
        routes!(api::tournaments::read),
        routes!(api::tournaments::join),
        routes!(api::tournaments::withdraw),
        routes!(api::tournaments::results::correct),
        routes!(api::tournaments::trf::report),
        routes!(api::tournaments::byes::ask),
        routes!(api::tournaments::byes::take_back),
        routes!(api::tournaments::pairings::change),
        routes!(api::tournaments::chat::read, api::tournaments::chat::write),
        routes!(api::moderation::report),
        routes!(api::moderation::blocked),
        routes!(api::moderation::block, api::moderation::unblock),
        routes!(api::moderation::notices),
        routes!(api::moderation::queue),
        routes!(api::moderation::dismiss),
        routes!(api::moderation::act),
        routes!(api::moderation::remove_tournament),
        routes!(api::moderation::log),
        routes!(api::learn::progress),
        routes!(api::learn::record),
        routes!(api::puzzles::games),
        routes!(api::puzzles::next),
        routes!(api::puzzles::daily),
        routes!(api::puzzles::puzzle),
        routes!(api::puzzles::moves),
        routes!(api::bots::make_bot),
        routes!(api::bots::new_token, api::bots::revoke_token),
        routes!(api::bots::list),
        routes!(api::bots::challenge),
        routes!(api::bots::read_challenge, api::bots::cancel_challenge),
        routes!(api::bots::events),
        routes!(api::bots::accept),
        routes!(api::bots::decline),
        routes!(api::bots::game_stream),
        routes!(api::bots::play),
        routes!(api::bots::resign),
        routes!(api::bots::draw),
    ]
}

/// The API's routes.
fn api_routes() -> OpenApiRouter<AppState> {
    api_operations().into_iter().fold(
        OpenApiRouter::with_openapi(ApiDoc::openapi()),
        OpenApiRouter::routes,
    )
}

/// Every schema the API's operations register, by name, as often as an operation names it
/// (the document keeps one per name, so two types of one name would describe each other:
/// `tests/server/openapi_names.rs` checks that every name stands for one schema).
pub fn openapi_schemas() -> Vec<(String, RefOr<Schema>)> {
    api_operations()
        .into_iter()
        .flat_map(|(schemas, _, _)| schemas)
        .collect()
}

/// The OpenAPI document of the whole HTTP API, generated from the handlers, with the limits
/// the server enforces ([`schemas::limits`]; a limit whose field is not found fails a debug
/// build's tests).
pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut document = api_routes().into_openapi();
    utoipa::Modify::modify(&RequestErrors, &mut document);
    let missing = schemas::limits::state(&mut document);
    debug_assert!(missing.is_empty(), "limits of no field: {missing:?}");
    document
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

/// The HTTP routes over the shared state, inside the layers every request passes: requests
/// counted and timed by route, a request id, security headers, errors as JSON in the
/// request's language, a panic as a 500, OPTIONS, Host and Origin checks, a time limit and a
/// body limit.
pub fn router(state: AppState, request_timeout: Duration) -> Router {
    let origins = state.origins.clone();
    let proxies = state.proxies.clone();
    let metrics = state.metrics.clone();
    around(routes(state), origins, proxies, request_timeout)
        .layer(middleware::from_fn_with_state(metrics, metrics::record))
}

/// `routes` inside the layers every request passes: a request id and the client's address
/// (seen through `proxies`; both in the log's span, the id also in the answer's
/// `x-request-id`; each answer is logged at the info level with the target
/// [`ACCESS_LOG`]), security headers, errors as JSON in the request's language, a
/// panic as a 500, OPTIONS, Host and Origin checks, a time limit and a body limit.
fn around(
    routes: Router,
    origins: Arc<Origins>,
    proxies: Arc<TrustedProxies>,
    request_timeout: Duration,
) -> Router {
    let request_id = HeaderName::from_static(error::REQUEST_ID);
    // The layers wrap the whole router (as its fallback service) rather than each route, so
    // that they see the answers the router makes itself (405 with its `Allow` header, 404).
    Router::new().fallback_service(routes).layer(
        ServiceBuilder::new()
            .layer(SetRequestIdLayer::new(request_id.clone(), MakeRequestUuid))
            .layer(middleware::from_fn_with_state(
                proxies,
                rate::client_address,
            ))
            .layer(
                TraceLayer::new_for_http()
                    .make_span_with(request_span)
                    .on_response(
                        DefaultOnResponse::new()
                            .level(tracing::Level::INFO)
                            .latency_unit(LatencyUnit::Micros),
                    ),
            )
            .layer(PropagateRequestIdLayer::new(request_id))
            .layer(middleware::map_response(guard::security_headers))
            .layer(middleware::from_fn(error::json_errors))
            .layer(CatchPanicLayer::custom(error::panicked))
            .layer(middleware::from_fn(error::options))
            .layer(middleware::from_fn_with_state(origins, guard::check))
            .layer(TimeoutLayer::with_status_code(
                StatusCode::REQUEST_TIMEOUT,
                request_timeout,
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
        .route("/@/{name}", get(web::player))
        .route("/leaderboard", get(web::index))
        .route("/editor", get(web::index))
        .route("/editor/{game}", get(web::index))
        .route("/learn", get(web::index))
        .route("/learn/{game}", get(web::learn))
        .route("/puzzles", get(web::index))
        .route("/puzzles/{game}", get(web::puzzles))
        .route("/sign-in", get(web::index))
        .route("/sign-up", get(web::index))
        .route("/settings", get(web::index))
        .route("/reset-password", get(web::index))
        .route("/verify-email", get(web::index))
        .route("/tournaments", get(web::index))
        .route("/moderation", get(web::index))
        .route("/tournament/{id}", get(web::index))
        .route("/assets/{*path}", get(web::asset))
        .route("/rules/{game}", get(rules::rules))
        .route("/api/openapi.json", get(openapi_json))
        .route("/healthz", get(health::alive))
        .route("/readyz", get(health::ready))
        .merge(api)
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            forward::to_owner,
        ))
        .route_layer(middleware::from_fn(metrics::route_of))
        .fallback(web::not_found)
        .with_state(state)
}

/// The log's span of a request: its method, path, id and client address (as the trusted
/// proxies name it), so that every line logged while it is served (a storage failure, a
/// panic) names the id its error answer carries and the client it served.
fn request_span<B>(request: &axum::http::Request<B>) -> tracing::Span {
    let id = request
        .headers()
        .get(error::REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let client = match request.extensions().get::<rate::ClientAddress>() {
        Some(rate::ClientAddress(Some(ip))) => ip.to_string(),
        _ => String::new(),
    };
    tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), id, client)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;

    #[tokio::test]
    async fn a_panic_is_a_500_with_the_code_internal_and_the_request_id_in_its_language() {
        let routes = Router::new()
            .route("/boom", get(|| async { panic!("a bug") as &'static str }))
            .route("/fine", get(|| async { "fine" }));
        let origins = Arc::new(Origins::new(Vec::new(), [127, 0, 0, 1].into()));
        let proxies = Arc::new(TrustedProxies::default());
        let app = around(routes, origins, proxies, Duration::from_secs(5));
        let request = Request::get("/boom")
            .header("host", "127.0.0.1")
            .header("accept-language", "de")
            .body(Body::empty())
            .unwrap();
        let answer = app.clone().oneshot(request).await.unwrap();
        assert_eq!(answer.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let id = answer.headers()[error::REQUEST_ID]
            .to_str()
            .unwrap()
            .to_string();
        let body = axum::body::to_bytes(answer.into_body(), 4096)
            .await
            .unwrap();
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(body["code"], "internal", "{body}");
        assert_eq!(body["request_id"], id.as_str(), "{body}");
        assert!(
            body["error"].as_str().unwrap().starts_with("der Server"),
            "{body}"
        );
        // The service lives on: the next request is answered.
        let request = Request::get("/fine")
            .header("host", "127.0.0.1")
            .body(Body::empty())
            .unwrap();
        assert_eq!(app.oneshot(request).await.unwrap().status(), StatusCode::OK);
    }
}

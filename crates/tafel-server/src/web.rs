//! The browser interface: static files from `web/`, embedded in the binary at compile time so
//! that nothing else needs installing.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};

/// The single page (lobby and game views are chosen by the page's script from the URL).
pub async fn index() -> Html<&'static str> {
    Html(include_str!("../../../web/index.html"))
}

const JS: &str = "text/javascript; charset=utf-8";

/// Every file under `/assets/`: its path there, its content type and its content. The board
/// modules (`boards/<game>.js`) are loaded by the game page with `import()`; the Karl's Race
/// geometry is the engine's own data file, so page and engine cannot disagree about the tiling.
const ASSETS: &[(&str, &str, &str)] = &[
    ("app.js", JS, include_str!("../../../web/app.js")),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../../web/style.css"),
    ),
    (
        "boards/common.js",
        JS,
        include_str!("../../../web/boards/common.js"),
    ),
    (
        "boards/black-path.js",
        JS,
        include_str!("../../../web/boards/black-path.js"),
    ),
    (
        "boards/carreaux.js",
        JS,
        include_str!("../../../web/boards/carreaux.js"),
    ),
    (
        "boards/karls-race.js",
        JS,
        include_str!("../../../web/boards/karls-race.js"),
    ),
    (
        "boards/kauri.js",
        JS,
        include_str!("../../../web/boards/kauri.js"),
    ),
    (
        "boards/quarx.js",
        JS,
        include_str!("../../../web/boards/quarx.js"),
    ),
    (
        "boards/karls-race-board.json",
        "application/json",
        include_str!("../../tafel-games/src/karls_race/board.json"),
    ),
];

/// One embedded file from `ASSETS`, or 404.
pub async fn asset(Path(path): Path<String>) -> Response {
    match ASSETS.iter().find(|(name, _, _)| *name == path) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => (StatusCode::NOT_FOUND, format!("no asset `{path}`")).into_response(),
    }
}

//! The browser interface: static files from `web/`, embedded in the binary at compile time so
//! that nothing else needs installing.

use axum::http::header;
use axum::response::{Html, IntoResponse};

/// The single page (lobby and game views are chosen by the page's script from the URL).
pub async fn index() -> Html<&'static str> {
    Html(include_str!("../../../web/index.html"))
}

/// The page's script.
pub async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../../../web/app.js"),
    )
}

/// The page's style sheet.
pub async fn style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("../../../web/style.css"),
    )
}

//! The browser interface: the page shell and the files of `web/`, embedded in the binary at
//! compile time so that nothing else needs installing, the site's layout (which the rules pages
//! of [`super::rules`] share), and the HTML 404 page.

use axum::extract::Path;
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use crate::http::language::Language;
use crate::msg;

/// Every file of `web/`, served under `/assets/`: a new file (a game's board module) needs no
/// server change.
#[derive(RustEmbed)]
#[folder = "../../web/"]
struct WebFiles;

/// The Karl's Race tiling is the engine's own data, so page and engine cannot disagree.
const KARLS_RACE_BOARD: &str = tafel_games::karls_race::BOARD_JSON;

/// The site's tagline, which counts the games the registry holds: "six little-known abstract
/// games". The catalogue carries it for the lobby's title.
pub fn tagline() -> String {
    tagline_in(Language::English)
}

/// The tagline in `language` ("sechs wenig bekannte abstrakte Spiele"), as the page's header
/// shows it.
fn tagline_in(language: Language) -> String {
    let count = count_in_words(tafel_games::registry().entries().len(), language);
    match language {
        Language::English => format!("{count} little-known abstract games"),
        Language::German => format!("{count} wenig bekannte abstrakte Spiele"),
    }
}

/// `n` in words up to twelve ("six", "sechs"), in digits above.
fn count_in_words(n: usize, language: Language) -> String {
    const ENGLISH: [&str; 13] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    const GERMAN: [&str; 13] = [
        "keine", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn",
        "elf", "zwölf",
    ];
    let words = match language {
        Language::English => &ENGLISH,
        Language::German => &GERMAN,
    };
    words
        .get(n)
        .map_or_else(|| n.to_string(), |word| word.to_string())
}

/// The script a page runs: every page applies the colour theme chosen (web/theme.js); the
/// lobby and the game page run the app, the rules pages draw their diagrams.
#[derive(Clone, Copy)]
pub enum Script {
    /// `web/app.js`: the lobby, the game page and the other pages the app draws.
    App,
    /// `web/theme.js` alone.
    Theme,
    /// `web/rules.js`: the theme and the rules pages' diagrams.
    Rules,
}

/// A whole HTML page in the site's layout: the header with the way back to the lobby, the ways
/// to the tutorials (`/learn`) and the puzzles (`/puzzles`) and the account's part (drawn by `web/account/header.js`: sign in and up, or the account's menu),
/// then `body` inside `<main>`, in `language` (the header's words and `<html lang>`; the
/// language switch is drawn by `web/language.js`). `title` is escaped; `body` is HTML.
pub fn layout(
    title: &str,
    main_attributes: &str,
    body: &str,
    script: Script,
    language: Language,
) -> String {
    let script = match script {
        Script::App => "app.js",
        Script::Theme => "theme.js",
        Script::Rules => "rules.js",
    };
    format!(
        r#"<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
  <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/assets/style.css">
  <script type="module" src="/assets/{script}"></script>
  <script type="module" src="/assets/language.js"></script>
  <script type="module" src="/assets/account/header.js"></script>
</head>
<body>
  <header class="site"><a href="/" class="brand">Tafel</a><span class="tagline">{tagline}</span><a href="/learn" class="learn-link" id="learn-link">{learn}</a><a href="/puzzles" class="learn-link" id="puzzles-link">{puzzles}</a><nav class="account" id="account" aria-label="{account}"></nav></header>
  <main{main_attributes}>{body}</main>
</body>
</html>
"#,
        title = escape(title),
        tagline = escape(&tagline_in(language)),
        lang = language.code(),
        account = language.pick("Account", "Konto"),
        learn = language.pick("Learn", "Lernen"),
        puzzles = language.pick("Puzzles", "Rätsel"),
    )
}

/// An HTML answer (the security headers, the CSP among them, are added to every answer by
/// [`crate::http::guard::security_headers`]).
pub fn page(status: StatusCode, html: String) -> Response {
    (status, axum::response::Html(html)).into_response()
}

/// The single page of the lobby and the game views (the page's script chooses from the URL).
pub async fn index(language: Language) -> Response {
    page(
        StatusCode::OK,
        layout("Tafel", r#" id="app""#, "", Script::App, language),
    )
}

/// The page of the player named `name` (`/@/{name}`): the page shell, or the 404 page when
/// there is no such living account.
pub async fn player(
    axum::extract::State(hub): axum::extract::State<std::sync::Arc<crate::play::Hub>>,
    Path(name): Path<String>,
    uri: Uri,
    language: Language,
) -> Response {
    match hub.player(&name).await {
        Ok(_) => index(language).await,
        Err(e) if e.kind == crate::domain::ErrorKind::NotFound => {
            not_found_page(uri.path(), language)
        }
        Err(e) => crate::http::error::ApiError::from(e).into_response(),
    }
}

/// A game's tutorial (`/learn/{game}`): the page shell, or the 404 page when the game has no
/// course.
pub async fn learn(Path(game): Path<String>, uri: Uri, language: Language) -> Response {
    match course_steps(&game) {
        Some(_) => index(language).await,
        None => not_found_page(uri.path(), language),
    }
}

/// The number of steps of `game`'s course (`web/learn/courses/{game}.json`, docs/learn.md),
/// or none when the registry has no such game or the game no readable course.
pub fn course_steps(game: &str) -> Option<usize> {
    tafel_games::registry().get(game).ok()?;
    let file = WebFiles::get(&format!("learn/courses/{game}.json"))?;
    let course: serde_json::Value = serde_json::from_slice(&file.data).ok()?;
    course.get("steps")?.as_array().map(Vec::len)
}

/// A game's puzzles (`/puzzles/{game}`): the page shell, or the 404 page when there is no
/// such game.
pub async fn puzzles(Path(game): Path<String>, uri: Uri, language: Language) -> Response {
    match tafel_games::registry().get(&game) {
        Ok(_) => index(language).await,
        Err(_) => not_found_page(uri.path(), language),
    }
}

/// One embedded file of `web/` (and the Karl's Race geometry), or the 404 page.
pub async fn asset(Path(path): Path<String>, language: Language) -> Response {
    if path == "boards/karls-race-board.json" {
        return (
            [(header::CONTENT_TYPE, "application/json")],
            KARLS_RACE_BOARD,
        )
            .into_response();
    }
    match WebFiles::get(&path) {
        Some(file) => {
            let kind = file.metadata.mimetype().to_string();
            let kind = if kind.starts_with("text/") || kind.ends_with("javascript") {
                format!("{kind}; charset=utf-8")
            } else {
                kind
            };
            ([(header::CONTENT_TYPE, kind)], file.data).into_response()
        }
        None => not_found_page(&format!("/assets/{path}"), language),
    }
}

/// The answer to a path the server does not know: the HTML 404 page with a link to the lobby,
/// or a JSON error under `/api`.
pub async fn not_found(uri: Uri, language: Language) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return crate::http::error::ApiError::not_found(msg!(
            "no-api-endpoint-at-path",
            path = uri.path()
        ))
        .into_response();
    }
    not_found_page(uri.path(), language)
}

/// The HTML 404 page for `path`, in `language`.
pub fn not_found_page(path: &str, language: Language) -> Response {
    let path = escape(path);
    let (title, body) = match language {
        Language::English => (
            "Page not found",
            format!(
                r#"<p>There is no page at <code>{path}</code>.</p>
<p><a href="/">Back to the lobby</a>: choose a game, its settings and who plays.</p>"#
            ),
        ),
        Language::German => (
            "Seite nicht gefunden",
            format!(
                r#"<p>Unter <code>{path}</code> gibt es keine Seite.</p>
<p><a href="/">Zurück zur Lobby</a>: Wähle ein Spiel, seine Einstellungen und wer spielt.</p>"#
            ),
        ),
    };
    let body = format!(r#"<section class="card notice-page"><h1>{title}</h1>{body}</section>"#);
    page(
        StatusCode::NOT_FOUND,
        layout(
            &format!("{title} · Tafel"),
            "",
            &body,
            Script::Theme,
            language,
        ),
    )
}

/// Escapes text for HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tagline_counts_the_registered_games_in_words() {
        assert_eq!(count_in_words(6, Language::English), "six");
        assert_eq!(count_in_words(12, Language::English), "twelve");
        assert_eq!(count_in_words(13, Language::English), "13");
        assert_eq!(count_in_words(6, Language::German), "sechs");
        let count = tafel_games::registry().entries().len();
        assert_eq!(
            tagline(),
            format!(
                "{} little-known abstract games",
                count_in_words(count, Language::English)
            )
        );
        let english = layout("Tafel", "", "", Script::Theme, Language::English);
        assert!(english.contains(&tagline()) && english.contains(r#"<html lang="en">"#));
        let german = layout("Tafel", "", "", Script::Theme, Language::German);
        assert!(german.contains(&tagline_in(Language::German)), "{german}");
        assert!(german.contains(r#"<html lang="de">"#) && german.contains(r#"aria-label="Konto""#));
    }
}

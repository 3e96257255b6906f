//! The browser interface: the page shell, the files of `web/` and the rules documents of
//! `docs/rules/`, all embedded in the binary at compile time so that nothing else needs
//! installing; the rules pages rendered from Markdown, and the HTML 404 page.

use axum::extract::Path;
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use pulldown_cmark::{
    Alignment, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd, TextMergeStream,
};
use rust_embed::RustEmbed;

use crate::http::language::Language;

/// Every file of `web/`, served under `/assets/`: a new file (a game's board module) needs no
/// server change.
#[derive(RustEmbed)]
#[folder = "../../web/"]
struct WebFiles;

/// The rules of each game, `docs/rules/<game>.md`, served as `/rules/<game>`.
#[derive(RustEmbed)]
#[folder = "../../docs/rules/"]
struct RulesFiles;

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

/// A whole HTML page in the site's layout: the header with the way back to the lobby and the
/// account's part (drawn by `web/account/header.js`: sign in and up, or the account's menu),
/// then `body` inside `<main>`, in `language` (the header's words and `<html lang>`; the
/// language switch is drawn by `web/language.js`). `title` is escaped; `body` is HTML.
fn layout(
    title: &str,
    main_attributes: &str,
    body: &str,
    script: bool,
    language: Language,
) -> String {
    // Every page applies the colour theme chosen (web/theme.js); the lobby and the game page
    // also run the app.
    let script = if script {
        r#"<script type="module" src="/assets/app.js"></script>"#
    } else {
        r#"<script type="module" src="/assets/theme.js"></script>"#
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
  {script}
  <script type="module" src="/assets/language.js"></script>
  <script type="module" src="/assets/account/header.js"></script>
</head>
<body>
  <header class="site"><a href="/" class="brand">Tafel</a><span class="tagline">{tagline}</span><nav class="account" id="account" aria-label="{account}"></nav></header>
  <main{main_attributes}>{body}</main>
</body>
</html>
"#,
        title = escape(title),
        tagline = escape(&tagline_in(language)),
        lang = language.code(),
        account = language.pick("Account", "Konto"),
    )
}

/// An HTML answer (the security headers, the CSP among them, are added to every answer by
/// [`crate::http::guard::security_headers`]).
fn page(status: StatusCode, html: String) -> Response {
    (status, axum::response::Html(html)).into_response()
}

/// The single page of the lobby and the game views (the page's script chooses from the URL).
pub async fn index(language: Language) -> Response {
    page(
        StatusCode::OK,
        layout("Tafel", r#" id="app""#, "", true, language),
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
        return crate::http::error::ApiError::not_found(format!(
            "no API endpoint at `{}`",
            uri.path()
        ))
        .into_response();
    }
    not_found_page(uri.path(), language)
}

/// The HTML 404 page for `path`, in `language`.
fn not_found_page(path: &str, language: Language) -> Response {
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
        layout(&format!("{title} · Tafel"), "", &body, false, language),
    )
}

/// `/rules/{game}`: the game's rules document rendered as a page, with our reconstructions and
/// decisions labelled; the 404 page for an unknown game.
pub async fn rules(Path(game): Path<String>, language: Language) -> Response {
    let registry = tafel_games::registry();
    let (Ok(entry), Some(file)) = (registry.get(&game), RulesFiles::get(&format!("{game}.md")))
    else {
        return not_found_page(&format!("/rules/{game}"), language);
    };
    let markdown = String::from_utf8_lossy(&file.data);
    let article = render_rules(&markdown);
    let body = format!(
        r#"<nav class="crumbs" aria-label="Breadcrumb"><a href="/">Lobby</a> › Rules of {title}</nav>
<aside class="card marks-legend" aria-label="Marks">
<p>Labels in these rules: {ours} a decision of ours where the original says nothing;
{reconstructed} our reconstruction of something the original lost; {pinned} the one reading of
unclear wording under which the published games replay; {variant} an optional rule, not the
designer's game; {engine} a limit for engines, not a rule.</p></aside>
<article class="rules">{article}</article>"#,
        title = escape(entry.info.title),
        ours = badge("ours"),
        reconstructed = badge("reconstructed"),
        pinned = badge("pinned"),
        variant = badge("variant"),
        engine = badge("engine"),
    );
    page(
        StatusCode::OK,
        layout(
            &format!("Rules of {} · Tafel", entry.info.title),
            // The rules documents are in English (their German text is a task of its own):
            // the header is in the reader's language, the rules marked as English.
            r#" class="rules-page" lang="en""#,
            &body,
            false,
            language,
        ),
    )
}

/// The kinds of marks the rules documents use, written `[kind]` or `[kind, comment]`.
const MARKS: &[&str] = &["ours", "reconstructed", "pinned", "variant", "engine"];

/// A visible label for a mark of kind `kind` with its text.
fn badge(text: &str) -> String {
    let kind = MARKS
        .iter()
        .find(|k| text.starts_with(*k))
        .copied()
        .unwrap_or("ours");
    format!(r#"<span class="mark mark-{kind}">{}</span>"#, escape(text))
}

/// Renders a rules document: Markdown (tables included) to HTML, each `[ours]`-style mark as
/// a badge, each heading with an id made from its words (so the lobby can link to a section).
pub fn render_rules(markdown: &str) -> String {
    let mut events: Vec<Event> =
        TextMergeStream::new(Parser::new_ext(markdown, Options::ENABLE_TABLES))
            .flat_map(split_marks)
            .collect();
    let mut i = 0;
    while i < events.len() {
        if let Event::Start(Tag::Heading {
            level, id: None, ..
        }) = &events[i]
        {
            let level: HeadingLevel = *level;
            let words: String = events[i + 1..]
                .iter()
                .take_while(|e| !matches!(e, Event::End(TagEnd::Heading(_))))
                .filter_map(|e| match e {
                    Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
                    _ => None,
                })
                .collect();
            events[i] = Event::Start(Tag::Heading {
                level,
                id: Some(CowStr::from(slug(&words))),
                classes: Vec::new(),
                attrs: Vec::new(),
            });
        }
        i += 1;
    }
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    html
}

/// A text event split around its marks, each mark becoming a badge; raw HTML becomes text and
/// tables lose their column alignments.
fn split_marks(event: Event<'_>) -> Vec<Event<'_>> {
    let text = match event {
        Event::Text(text) => text,
        // Column alignments would be `style` attributes, which the page's policy refuses.
        Event::Start(Tag::Table(alignments)) => {
            return vec![Event::Start(Tag::Table(vec![
                Alignment::None;
                alignments.len()
            ]))]
        }
        // Raw HTML in a document is shown as text, never passed on.
        Event::Html(html) | Event::InlineHtml(html) => return vec![Event::Text(html)],
        other => return vec![other],
    };
    let mut out = Vec::new();
    let mut rest: &str = &text;
    while let Some((before, mark, after)) = next_mark(rest) {
        if !before.is_empty() {
            out.push(Event::Text(CowStr::from(before.to_string())));
        }
        out.push(Event::InlineHtml(CowStr::from(badge(mark))));
        rest = after;
    }
    if !rest.is_empty() {
        out.push(Event::Text(CowStr::from(rest.to_string())));
    }
    out
}

/// The first mark `[kind...]` in `text`: the text before it, the mark's inside, the rest.
fn next_mark(text: &str) -> Option<(&str, &str, &str)> {
    let mut from = 0;
    while let Some(open) = text[from..].find('[').map(|i| i + from) {
        let inside_start = open + 1;
        if let Some(close) = text[inside_start..].find(']').map(|i| i + inside_start) {
            let inside = &text[inside_start..close];
            let known = MARKS.iter().any(|k| {
                inside == *k
                    || inside.starts_with(&format!("{k},"))
                    || inside.starts_with(&format!("{k}:"))
            });
            if known {
                return Some((&text[..open], inside, &text[close + 1..]));
            }
        }
        from = inside_start;
    }
    None
}

/// A heading's id: its words in lower case joined by `-`.
fn slug(words: &str) -> String {
    words
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

/// Escapes text for HTML.
fn escape(text: &str) -> String {
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
    fn marks_become_badges_and_headings_get_ids() {
        let html = render_rules(
            "# Title\n\n## The board [reconstructed]\n\n**Repetition [ours].** A <b> c [not a mark] \
             and [ours, following the spec].\n",
        );
        assert!(html.contains(r#"<h2 id="the-board">The board <span class="mark mark-reconstructed">reconstructed</span></h2>"#), "{html}");
        assert!(
            html.contains(
                r#"<strong>Repetition <span class="mark mark-ours">ours</span>.</strong>"#
            ),
            "{html}"
        );
        assert!(html.contains("A &lt;b&gt; c [not a mark] and "), "{html}");
        assert!(
            html.contains(r#"<span class="mark mark-ours">ours, following the spec</span>"#),
            "{html}"
        );
        let table = render_rules("| a | b |\n|---|--:|\n| 1 | 2 |\n");
        assert!(
            table.contains("<td>2</td>") && !table.contains("style"),
            "{table}"
        );
    }

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
        let english = layout("Tafel", "", "", false, Language::English);
        assert!(english.contains(&tagline()) && english.contains(r#"<html lang="en">"#));
        let german = layout("Tafel", "", "", false, Language::German);
        assert!(german.contains(&tagline_in(Language::German)), "{german}");
        assert!(german.contains(r#"<html lang="de">"#) && german.contains(r#"aria-label="Konto""#));
    }

    #[test]
    fn every_rules_document_renders_with_marks() {
        for entry in tafel_games::registry().entries() {
            let name = format!("{}.md", entry.info.name);
            let file = RulesFiles::get(&name).unwrap_or_else(|| panic!("no docs/rules/{name}"));
            let html = render_rules(&String::from_utf8_lossy(&file.data));
            assert!(html.contains("<h1"), "{name}");
            assert!(
                html.contains(r#"class="mark mark-ours""#),
                "{name} marks no decision of ours"
            );
        }
    }
}

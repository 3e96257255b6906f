//! The rules pages, `/rules/{game}`: `docs/rules/<game>.md` (English) or
//! `docs/rules/de/<game>.md` (German), embedded in the binary and rendered from Markdown in the
//! site's layout. A page opens with the document's summary and its diagrams (a fenced block
//! `diagram` becomes a figure of a position, drawn in the browser by the game's board module
//! through `web/rules.js`), then the full rules; what follows the document's first thematic
//! break (`---`: sources, our decisions, notes for developers) is set apart at the end. Marks
//! such as `[ours]` become labelled badges and headings get ids (the lobby links to
//! `/rules/carreaux#what-the-literal-rules-do`). The language is the query's `lang`, else the
//! cookie `tafel_language` (set by the interface's language switch), else the request's
//! Accept-Language, else English; each page links to the other language.

use std::collections::BTreeMap;

use axum::extract::{Path, Query};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use axum_extra::extract::cookie::CookieJar;
use pulldown_cmark::{
    Alignment, CodeBlockKind, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd,
    TextMergeStream,
};
use rust_embed::RustEmbed;
use serde::Deserialize;
use tafel_core::registry::GameEntry;
use tafel_core::{Player, Status};

use super::web::{escape, layout, not_found_page, page, Script};

/// The rules of each game: `<game>.md` in English, `de/<game>.md` in German.
#[derive(RustEmbed)]
#[folder = "../../docs/rules/"]
struct RulesFiles;

/// The cookie the interface's language switch sets (`web/i18n.js`).
const LANGUAGE_COOKIE: &str = "tafel_language";

/// A language the rules pages are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// English, the documents of `docs/rules/`.
    English,
    /// German, the documents of `docs/rules/de/`.
    German,
}

impl Language {
    /// The language of an ISO 639-1 code or language tag (`de`, `de-AT`), if it is one of ours.
    pub fn from_tag(tag: &str) -> Option<Language> {
        match tag
            .trim()
            .split(['-', '_'])
            .next()?
            .to_ascii_lowercase()
            .as_str()
        {
            "en" => Some(Language::English),
            "de" => Some(Language::German),
            _ => None,
        }
    }

    /// The language's code, for `<html lang>` and links.
    fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::German => "de",
        }
    }

    /// The other language, which each page links to.
    fn other(self) -> Language {
        match self {
            Language::English => Language::German,
            Language::German => Language::English,
        }
    }

    /// The embedded document of `game` in this language.
    fn document(self, game: &str) -> Option<rust_embed::EmbeddedFile> {
        match self {
            Language::English => RulesFiles::get(&format!("{game}.md")),
            Language::German => RulesFiles::get(&format!("de/{game}.md")),
        }
    }

    /// The words of the page around the document.
    fn words(self) -> &'static Words {
        match self {
            Language::English => &ENGLISH,
            Language::German => &GERMAN,
        }
    }
}

/// The words of a rules page around its document, in one language.
struct Words {
    /// The link back to the lobby.
    lobby: &'static str,
    /// "Rules of" before the game's title.
    rules_of: &'static str,
    /// The legend of the marks, with `{ours}` and the others for the badges.
    legend: &'static str,
    /// The name of the part set apart at the end.
    notes: &'static str,
    /// The link to the page in this language, written in it.
    this_page: &'static str,
}

const ENGLISH: Words = Words {
    lobby: "Lobby",
    rules_of: "Rules of",
    legend: "Labels in these rules: {ours} a decision of ours where the original says nothing; \
             {reconstructed} our reconstruction of something the original lost; {pinned} the one \
             reading of unclear wording under which the published games replay; {variant} an \
             optional rule, not the designer's game; {engine} a limit for engines, not a rule.",
    notes: "Sources, our decisions and notes for developers",
    this_page: "This page in English",
};

const GERMAN: Words = Words {
    lobby: "Lobby",
    rules_of: "Regeln von",
    legend: "Kennzeichen in diesen Regeln: {ours} eine Entscheidung von uns, wo das Original \
             schweigt; {reconstructed} unsere Rekonstruktion von etwas, das im Original verloren \
             ist; {pinned} die eine Lesart unklarer Worte, unter der die veröffentlichten Partien \
             aufgehen; {variant} eine wahlweise Regel, nicht das Spiel des Autors; {engine} eine \
             Grenze für Programme, keine Regel.",
    notes: "Quellen, unsere Entscheidungen und Hinweise für Entwickler",
    this_page: "Diese Seite auf Deutsch",
};

/// The query of a rules page: `lang=de` chooses the language over the cookie and the header.
#[derive(Deserialize)]
pub struct RulesQuery {
    lang: Option<String>,
}

/// `/rules/{game}`: the game's rules in the reader's language, or the 404 page for an unknown
/// game.
pub async fn rules(
    Path(game): Path<String>,
    Query(query): Query<RulesQuery>,
    jar: CookieJar,
    headers: HeaderMap,
) -> Response {
    let registry = tafel_games::registry();
    let language = query
        .lang
        .as_deref()
        .and_then(Language::from_tag)
        .or_else(|| {
            jar.get(LANGUAGE_COOKIE)
                .and_then(|c| Language::from_tag(c.value()))
        })
        .or_else(|| {
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .and_then(preferred_language)
        })
        .unwrap_or(Language::English);
    let (Ok(entry), Some(file)) = (registry.get(&game), language.document(&game)) else {
        return not_found_page(&format!("/rules/{game}"));
    };
    let words = language.words();
    let other = language.other();
    let (rules, notes) = render_rules(&String::from_utf8_lossy(&file.data), language, &|block| {
        diagram(entry, block, language).unwrap_or_else(|e| {
            format!(
                r#"<p class="error">diagram: {}</p>"#,
                escape(&e.to_string())
            )
        })
    });
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!(
            r#"<section class="rules-notes" aria-labelledby="rules-notes-title"><h2 id="rules-notes-title" class="notes-title">{}</h2>
<aside class="card marks-legend" aria-label="{}"><p>{}</p></aside>{notes}</section>"#,
            escape(words.notes),
            escape(words.notes),
            legend(words.legend, language),
        )
    };
    let title = format!("{} {}", words.rules_of, entry.info.title);
    let body = format!(
        r#"<nav class="crumbs" aria-label="Breadcrumb"><a href="/">{lobby}</a> › {title}
<a class="other-language" href="/rules/{game}?lang={other_code}" hreflang="{other_code}" lang="{other_code}">{other_words}</a></nav>
<article class="rules">{rules}{notes}</article>"#,
        lobby = escape(words.lobby),
        title = escape(&title),
        game = escape(entry.info.name),
        other_code = other.code(),
        other_words = escape(other.words().this_page),
    );
    page(
        StatusCode::OK,
        layout(
            &format!("{title} · Tafel"),
            r#" class="rules-page""#,
            &body,
            Script::Rules,
            language.code(),
        ),
    )
}

/// The language of ours that an Accept-Language header prefers most (`de-DE,de;q=0.9,en;q=0.8`:
/// German), if it names one; languages of equal weight count in the order given.
fn preferred_language(header: &str) -> Option<Language> {
    let mut best: Option<(f32, Language)> = None;
    for item in header.split(',') {
        let mut parts = item.split(';');
        let Some(language) = parts.next().and_then(Language::from_tag) else {
            continue;
        };
        let weight = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())
            .unwrap_or(0.0);
        if weight > 0.0 && best.is_none_or(|(w, _)| weight > w) {
            best = Some((weight, language));
        }
    }
    best.map(|(_, language)| language)
}

/// The legend of the marks with a badge for each.
fn legend(text: &str, language: Language) -> String {
    MARKS.iter().fold(escape(text), |text, mark| {
        text.replace(&format!("{{{mark}}}"), &badge(mark, language))
    })
}

/// The kinds of marks the rules documents use, written `[kind]` or `[kind, comment]`.
const MARKS: &[&str] = &["ours", "reconstructed", "pinned", "variant", "engine"];

/// A visible label for a mark with its text (`ours, following the spec`), its kind in the
/// page's language.
fn badge(text: &str, language: Language) -> String {
    let kind = MARKS
        .iter()
        .find(|k| text.starts_with(*k))
        .copied()
        .unwrap_or("ours");
    let words = match language {
        Language::English => kind,
        Language::German => match kind {
            "reconstructed" => "rekonstruiert",
            "pinned" => "festgelegt",
            "variant" => "Variante",
            "engine" => "Programmgrenze",
            _ => "unsere",
        },
    };
    let rest = text.strip_prefix(kind).unwrap_or_default();
    format!(
        r#"<span class="mark mark-{kind}">{}</span>"#,
        escape(&format!("{words}{rest}"))
    )
}

/// Renders a rules document: Markdown (tables included) to HTML, each `[ours]`-style mark outside
/// code blocks as a badge, each heading with an id made from its words unless it gives one
/// (`{#what-the-literal-rules-do}`, so the lobby can link to a section in either language),
/// each fenced `diagram` block as `diagram(block)` gives it. Returns the document up to its
/// first thematic break (`---`) and the part after it (empty without one).
pub fn render_rules(
    markdown: &str,
    language: Language,
    diagram: &dyn Fn(&str) -> String,
) -> (String, String) {
    // Marks become badges in the text, never inside code blocks (a diagram block's caption is
    // rendered on its own).
    let mut in_code = false;
    let mut events: Vec<Event> = TextMergeStream::new(Parser::new_ext(
        markdown,
        Options::ENABLE_TABLES | Options::ENABLE_HEADING_ATTRIBUTES,
    ))
    .flat_map(|event| {
        match event {
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            _ => {}
        }
        if in_code {
            vec![event]
        } else {
            split_marks(event, language)
        }
    })
    .collect();
    let mut i = 0;
    while i < events.len() {
        match &events[i] {
            Event::Start(Tag::Heading {
                level, id: None, ..
            }) => {
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
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                if info.as_ref() == "diagram" =>
            {
                let end = events[i..]
                    .iter()
                    .position(|e| matches!(e, Event::End(TagEnd::CodeBlock)))
                    .map_or(events.len(), |n| i + n);
                let block: String = events[i + 1..end]
                    .iter()
                    .filter_map(|e| match e {
                        Event::Text(t) => Some(t.as_ref()),
                        _ => None,
                    })
                    .collect();
                let figure = Event::Html(CowStr::from(diagram(&block)));
                events.splice(i..(end + 1).min(events.len()), [figure]);
            }
            _ => {}
        }
        i += 1;
    }
    let split = events
        .iter()
        .position(|e| matches!(e, Event::Rule))
        .unwrap_or(events.len());
    let notes: Vec<Event> = events.drain(split..).skip(1).collect();
    (to_html(events), to_html(notes))
}

/// Events as HTML; code blocks, which scroll sideways on a phone, can take the focus so that a
/// keyboard scrolls them too.
fn to_html(events: Vec<Event>) -> String {
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    html.replace("<pre>", r#"<pre tabindex="0">"#)
}

/// Why a diagram block cannot be drawn.
#[derive(Debug)]
pub struct DiagramError(String);

impl std::fmt::Display for DiagramError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A diagram block as a figure: its first line is `start` or `after MOVE...` (moves in the
/// game's notation, a die's roll included), with `key=value` settings anywhere on it; the
/// other lines are the caption. The figure carries the position as the game page's view
/// (`data-view`: code, moves, last move, seats, status) and the settings, which `web/rules.js`
/// gives the board module to draw; the text picture stands until then.
pub fn diagram(entry: &GameEntry, block: &str, language: Language) -> Result<String, DiagramError> {
    let mut lines = block.lines();
    let first = lines.next().unwrap_or_default();
    let caption = lines.collect::<Vec<_>>().join(" ");
    let (pairs, words): (Vec<&str>, Vec<&str>) =
        first.split_whitespace().partition(|w| w.contains('='));
    let defaults = entry.build(&[]).map_err(|e| DiagramError(e.to_string()))?;
    let mut settings: BTreeMap<String, String> = defaults
        .settings()
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    for pair in pairs {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        settings.insert(key.to_string(), value.to_string());
    }
    let moves = match words.split_first() {
        Some((&"start", [])) => &[][..],
        Some((&"after", moves)) if !moves.is_empty() => moves,
        _ => {
            return Err(DiagramError(format!(
                "`{first}`: the first line is `start` or `after MOVE...`"
            )))
        }
    };
    let pairs: Vec<(String, String)> = settings.clone().into_iter().collect();
    let rules = entry
        .build(&pairs)
        .map_err(|e| DiagramError(e.to_string()))?;
    let mut position = rules.start();
    let mut played = Vec::new();
    let mut plies = Vec::new();
    let mut last_move = serde_json::Value::Null;
    for (index, text) in moves.iter().enumerate() {
        let before = position.code();
        let seat = match position.status() {
            Status::ToMove(p) => Some(p.index()),
            Status::Chance => None,
            Status::Over(_) => return Err(DiagramError(format!("`{text}`: the game is over"))),
        };
        let text = position
            .play(text)
            .map_err(|e| DiagramError(format!("`{text}`: {e}")))?;
        if let Some(seat) = seat {
            last_move =
                serde_json::json!({ "index": index, "text": text, "seat": seat, "before": before });
        }
        plies.push(serde_json::json!({ "number": index + 1, "seat": seat }));
        played.push(text);
    }
    let status = match position.status() {
        Status::ToMove(p) => {
            serde_json::json!({ "state": "to_move", "seat": p.index(), "name": rules.player_name(p) })
        }
        Status::Chance => serde_json::json!({ "state": "chance" }),
        Status::Over(_) => serde_json::json!({
            "state": "over", "result": position.describe_status(), "winners": [], "termination": null
        }),
    };
    let seats: Vec<_> = (0..rules.num_players())
        .map(|p| serde_json::json!({ "seat": p, "name": rules.player_name(Player(p as u8)) }))
        .collect();
    let view = serde_json::json!({
        "game": rules.info().name, "settings": pairs, "moves": played, "plies": plies,
        "ply": played.len(), "last_move": last_move, "code": position.code(), "status": status,
        "seats": seats, "legal": [],
    });
    let settings: serde_json::Map<String, serde_json::Value> = settings
        .into_iter()
        .map(|(k, v)| (k, serde_json::Value::String(v)))
        .collect();
    Ok(format!(
        r#"<figure class="rules-diagram" data-game="{game}" data-settings="{settings}" data-view="{view}"><pre class="diagram-picture" tabindex="0">{picture}</pre><figcaption>{caption}</figcaption></figure>"#,
        game = escape(rules.info().name),
        settings = escape(&serde_json::Value::Object(settings).to_string()),
        view = escape(&view.to_string()),
        picture = escape(&position.picture()),
        caption = render_inline(&caption, language),
    ))
}

/// A caption's Markdown (emphasis, code) as HTML without a paragraph around it.
fn render_inline(text: &str, language: Language) -> String {
    let mut html = String::new();
    pulldown_cmark::html::push_html(
        &mut html,
        TextMergeStream::new(Parser::new(text)).flat_map(|e| split_marks(e, language)),
    );
    html.trim()
        .trim_start_matches("<p>")
        .trim_end_matches("</p>")
        .to_string()
}

/// A text event split around its marks, each mark becoming a badge; raw HTML becomes text and
/// tables lose their column alignments.
fn split_marks(event: Event<'_>, language: Language) -> Vec<Event<'_>> {
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
        out.push(Event::InlineHtml(CowStr::from(badge(mark, language))));
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

#[cfg(test)]
mod tests {
    use super::*;

    const NO_DIAGRAM: &dyn Fn(&str) -> String = &|_| String::new();

    #[test]
    fn marks_become_badges_and_headings_get_ids() {
        let (html, notes) = render_rules(
            "# Title\n\n## The board [reconstructed]\n\n**Repetition [ours].** A <b> c [not a mark] \
             and [ours, following the spec].\n",
            Language::English,
            NO_DIAGRAM,
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
        assert!(notes.is_empty());
        let (table, _) = render_rules(
            "| a | b |\n|---|--:|\n| 1 | 2 |\n",
            Language::English,
            NO_DIAGRAM,
        );
        assert!(
            table.contains("<td>2</td>") && !table.contains("style"),
            "{table}"
        );
    }

    #[test]
    fn the_part_after_the_first_break_is_set_apart_and_diagrams_are_replaced() {
        let (main, notes) = render_rules(
            "# T\n\nIn short.\n\n```diagram\nstart\nThe start [ours].\n```\n\n## Rules\n\n---\n\n## Sources\n\nx\n",
            Language::English,
            &|block| format!("<figure>{}</figure>", block.trim()),
        );
        assert!(
            main.contains("<figure>start\nThe start [ours].</figure>"),
            "{main}"
        );
        assert!(
            main.contains(r#"<h2 id="rules">"#) && !main.contains("Sources"),
            "{main}"
        );
        assert!(
            notes.contains(r#"<h2 id="sources">Sources</h2>"#) && !notes.contains("<hr"),
            "{notes}"
        );
    }

    #[test]
    fn a_diagram_carries_the_position_after_its_moves() {
        let registry = tafel_games::registry();
        let game = registry.get("carreaux").unwrap();
        let figure = diagram(game, "after b6\nRed slides *b6* [ours].", Language::English).unwrap();
        assert!(figure.contains(r#"data-game="carreaux""#), "{figure}");
        assert!(figure.contains("B.GBGB/RGBGBG"), "{figure}");
        assert!(
            figure.contains("&quot;text&quot;:&quot;b6&quot;"),
            "{figure}"
        );
        assert!(
            figure.contains(
                r#"<figcaption>Red slides <em>b6</em> <span class="mark mark-ours">ours</span>.</figcaption>"#
            ),
            "{figure}"
        );
        let error = diagram(game, "after a1", Language::English).unwrap_err();
        assert!(error.to_string().contains("`a1`"), "{error}");
        assert!(diagram(game, "somewhere", Language::English).is_err());
    }

    #[test]
    fn german_pages_name_the_marks_in_german() {
        let (html, _) = render_rules(
            "Vier Spieler [ours, nach der Spezifikation] und [engine].",
            Language::German,
            NO_DIAGRAM,
        );
        assert!(
            html.contains(r#"<span class="mark mark-ours">unsere, nach der Spezifikation</span>"#),
            "{html}"
        );
        assert!(
            html.contains(r#"<span class="mark mark-engine">Programmgrenze</span>"#),
            "{html}"
        );
    }

    #[test]
    fn the_language_comes_from_the_header_by_weight() {
        assert_eq!(
            preferred_language("de-DE,de;q=0.9,en;q=0.8"),
            Some(Language::German)
        );
        assert_eq!(
            preferred_language("fr, en;q=0.5, de;q=0.4"),
            Some(Language::English)
        );
        assert_eq!(
            preferred_language("en;q=0.3, de-AT;q=0.7"),
            Some(Language::German)
        );
        assert_eq!(preferred_language("fr, de;q=0"), None);
        assert_eq!(preferred_language(""), None);
    }

    #[test]
    fn every_rules_document_renders_in_both_languages_with_marks_diagrams_and_notes() {
        for entry in tafel_games::registry().entries() {
            for language in [Language::English, Language::German] {
                let name = format!("{:?} {}", language, entry.info.name);
                let file = language
                    .document(entry.info.name)
                    .unwrap_or_else(|| panic!("no document: {name}"));
                let text = String::from_utf8_lossy(&file.data);
                let (main, notes) = render_rules(&text, language, &|block| {
                    diagram(entry, block, language)
                        .unwrap_or_else(|e| panic!("{name}: diagram {block:?}: {e}"))
                });
                assert!(main.contains("<h1"), "{name}");
                assert!(
                    main.matches(r#"class="rules-diagram""#).count() >= 2,
                    "{name}: the start and one example move"
                );
                assert!(
                    main.contains(r#"class="mark mark-ours""#)
                        || notes.contains(r#"class="mark mark-ours""#),
                    "{name} marks no decision of ours"
                );
                assert!(!notes.is_empty(), "{name}: no part for developers");
            }
        }
    }
}

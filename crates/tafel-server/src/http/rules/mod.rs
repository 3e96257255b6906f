//! The rules pages, `/rules/{game}`: `docs/rules/<game>.md` (English) or
//! `docs/rules/de/<game>.md` (German), embedded in the binary and rendered from Markdown in the
//! site's layout. A page opens with the document's summary and its diagrams (a fenced block
//! `diagram` becomes a figure of a position, drawn in the browser by the game's board module
//! through `web/rules.js`), then the full rules; what follows the document's first thematic
//! break (`---`: sources, our decisions, notes for developers) is set apart at the end. Marks
//! such as `[ours]` become labelled badges and headings get ids (the lobby links to
//! `/rules/carreaux#what-the-literal-rules-do`). The language is the query's `lang`, else the
//! reader's ([`Language`]: the language switch's cookie, else Accept-Language, else English);
//! each page links to the other language.

use axum::extract::{Path, Query};
use axum::http::StatusCode;
use axum::response::Response;
use rust_embed::RustEmbed;
use serde::Deserialize;

use super::language::Language;
use super::web::{escape, layout, not_found_page, page, Script};
use diagram::diagram;
use markdown::{badge, render_rules, MARKS};

mod diagram;
mod markdown;

/// The rules of each game: `<game>.md` in English, `de/<game>.md` in German.
#[derive(RustEmbed)]
#[folder = "../../docs/rules/"]
struct RulesFiles;

/// The other language, which each page links to.
fn other(language: Language) -> Language {
    match language {
        Language::English => Language::German,
        Language::German => Language::English,
    }
}

/// The embedded document of `game` in `language`.
fn document(language: Language, game: &str) -> Option<rust_embed::EmbeddedFile> {
    match language {
        Language::English => RulesFiles::get(&format!("{game}.md")),
        Language::German => RulesFiles::get(&format!("de/{game}.md")),
    }
}

/// The words of the page around the document, in `language`.
fn words_of(language: Language) -> &'static Words {
    match language {
        Language::English => &ENGLISH,
        Language::German => &GERMAN,
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
    /// The link to the game's tutorial (`/learn/{game}`).
    learn: &'static str,
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
    learn: "Learn it step by step on the board",
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
    learn: "Schritt für Schritt am Brett lernen",
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
    reader: Language,
) -> Response {
    let registry = tafel_games::registry();
    let language = query
        .lang
        .as_deref()
        .and_then(Language::from_code)
        .unwrap_or(reader);
    let (Ok(entry), Some(file)) = (registry.get(&game), document(language, &game)) else {
        return not_found_page(&format!("/rules/{game}"), language);
    };
    let words = words_of(language);
    let other = other(language);
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
<a class="other-language" href="/rules/{game}?lang={other_code}" hreflang="{other_code}" lang="{other_code}">{other_words}</a>
<a class="learn-game" id="learn-game" href="/learn/{game}">{learn}</a></nav>
<article class="rules">{rules}{notes}</article>"#,
        lobby = escape(words.lobby),
        title = escape(&title),
        game = escape(entry.info.name),
        other_code = other.code(),
        other_words = escape(words_of(other).this_page),
        learn = escape(words.learn),
    );
    page(
        StatusCode::OK,
        layout(
            &format!("{title} · Tafel"),
            r#" class="rules-page""#,
            &body,
            Script::Rules,
            language,
        ),
    )
}

/// The legend of the marks with a badge for each.
fn legend(text: &str, language: Language) -> String {
    MARKS.iter().fold(escape(text), |text, mark| {
        text.replace(&format!("{{{mark}}}"), &badge(mark, language))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rules_document_renders_in_both_languages_with_marks_diagrams_and_notes() {
        for entry in tafel_games::registry().entries() {
            for language in [Language::English, Language::German] {
                let name = format!("{:?} {}", language, entry.info.name);
                let file = document(language, entry.info.name)
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

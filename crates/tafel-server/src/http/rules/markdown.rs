//! A rules document's Markdown as HTML: marks as badges in the page's language, headings with
//! ids, diagram blocks handed to the caller, the part after the first `---` apart.

use pulldown_cmark::{
    Alignment, CodeBlockKind, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd,
    TextMergeStream,
};

use super::Language;
use crate::http::web::escape;

/// The kinds of marks the rules documents use, written `[kind]` or `[kind, comment]`.
pub const MARKS: &[&str] = &["ours", "reconstructed", "pinned", "variant", "engine"];

/// A visible label for a mark with its text (`ours, following the spec`), its kind in the
/// page's language.
pub fn badge(text: &str, language: Language) -> String {
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

pub fn render_inline(text: &str, language: Language) -> String {
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
}

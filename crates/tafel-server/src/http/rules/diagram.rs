//! A diagram block of a rules document as a figure: the position after the block's moves, as
//! the game page's view, for `web/rules.js` to draw with the game's board module.

use std::collections::BTreeMap;

use tafel_core::registry::GameEntry;
use tafel_core::{Player, Status};

use super::markdown::render_inline;
use super::Language;
use crate::http::web::escape;

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
#[cfg(test)]
mod tests {
    use super::*;

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
}

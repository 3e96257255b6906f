//! The rules of every game as text (`docs/rules/<game>.md`, what the server shows at
//! `/rules/<game>`), for language-model players: whole, or as the players' part alone
//! ([`player_rules`]).

/// Each game's name and its rules in Markdown.
const RULES: [(&str, &str); 6] = [
    (
        "black-path",
        include_str!("../../../docs/rules/black-path.md"),
    ),
    (
        "karls-race",
        include_str!("../../../docs/rules/karls-race.md"),
    ),
    ("carreaux", include_str!("../../../docs/rules/carreaux.md")),
    ("kauri", include_str!("../../../docs/rules/kauri.md")),
    ("quarx", include_str!("../../../docs/rules/quarx.md")),
    ("einstein", include_str!("../../../docs/rules/einstein.md")),
];

/// The rules of game `name` in Markdown, if there is such a game.
pub fn rules(name: &str) -> Option<&'static str> {
    RULES
        .iter()
        .find(|(game, _)| *game == name)
        .map(|(_, text)| *text)
}

/// The rules of game `name` for a player: the document up to its first thematic break (`---`;
/// what follows is sources, our decisions and notes for developers), without its `diagram`
/// blocks (markup that the server draws as boards).
pub fn player_rules(name: &str) -> Option<String> {
    let mut text = String::new();
    let mut in_diagram = false;
    for line in rules(name)?.lines() {
        match line.trim_end() {
            "---" if !in_diagram => break,
            "```diagram" => in_diagram = true,
            "```" if in_diagram => in_diagram = false,
            // One blank line where a removed block stood between two.
            "" if text.is_empty() || text.ends_with("\n\n") => {}
            _ if in_diagram => {}
            line => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    Some(text.trim_end().to_string())
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_game_has_its_rules() {
        for name in crate::game::game_names() {
            let text = super::rules(name).unwrap_or_else(|| panic!("no rules for {name}"));
            assert!(text.len() > 500, "{name}: {} bytes of rules", text.len());
        }
        assert_eq!(super::rules("chess"), None);
    }

    #[test]
    fn player_rules_leave_out_the_notes_and_the_diagrams() {
        for name in crate::game::game_names() {
            let whole = super::rules(name).unwrap();
            let text = super::player_rules(name).unwrap();
            assert!(
                !text.contains("```diagram"),
                "{name}: a diagram block is left"
            );
            assert!(!text.contains("\n---\n"), "{name}: the notes are left");
            assert!(!text.contains("## Sources"), "{name}: the sources are left");
            assert!(!text.contains("\n\n\n"), "{name}: two blank lines in a row");
            // The summary is there, word for word, and the rules after the diagrams.
            let summary = whole
                .lines()
                .find(|l| l.starts_with("**In short.**"))
                .unwrap();
            assert!(text.contains(summary), "{name}: the summary is missing");
            let rules_heading = whole.lines().find(|l| l.starts_with("## ")).unwrap();
            assert!(
                text.contains(rules_heading),
                "{name}: {rules_heading} is missing"
            );
            assert!(text.len() > 1000 && text.len() < whole.len(), "{name}");
        }
        assert_eq!(super::player_rules("chess"), None);
    }
}

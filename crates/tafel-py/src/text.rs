//! The rules of every game as text (`docs/rules/<game>.md`, what the server shows at
//! `/rules/<game>`), for language-model players.

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
}

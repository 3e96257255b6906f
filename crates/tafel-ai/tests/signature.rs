//! The search signature ([`tafel_ai::signature`]): fixed positions and budgets per game whose
//! node counts add up to one number. A change in search behaviour changes it; a change that
//! is not meant to change the search must leave it as it is. When a search change is meant,
//! update the numbers here (`tafel bench --signature` prints them) and say why in the commit.

#[test]
fn the_search_signature_is_unchanged() {
    let lines = tafel_ai::signature::signature();
    let per_game: Vec<(&str, u64)> = tafel_games::registry()
        .entries()
        .iter()
        .map(|e| {
            let name = e.info.name;
            let nodes = lines
                .iter()
                .filter(|l| l.game == name)
                .map(|l| l.nodes)
                .sum();
            (name, nodes)
        })
        .collect();
    for line in &lines {
        println!(
            "{} {} {}: {} nodes, {}",
            line.game, line.position, line.search, line.nodes, line.best
        );
    }
    println!("{per_game:?} total {}", tafel_ai::signature::total(&lines));
    assert_eq!(
        per_game,
        [
            ("black-path", 12_994),
            ("karls-race", 47_653),
            ("carreaux", 8_272),
            ("kauri", 17_820),
            ("quarx", 335_418),
            ("einstein", 40_527),
        ]
    );
    assert_eq!(tafel_ai::signature::total(&lines), 462_684);
}

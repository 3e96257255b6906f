//! Every perft suite in `tests/perft/` (one file per game, named after it) through the one
//! runner, [`tafel_core::perft_suite`]: every count of every position must be as the file
//! says. The files' headers say which counts were checked by hand.

use std::path::Path;

#[test]
fn every_game_has_a_suite_and_every_count_is_as_it_says() {
    let registry = tafel_games::registry();
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    for entry in registry.entries() {
        let name = entry.info.name;
        let path = folder.join(format!("{name}.perft"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let suite = tafel_core::perft_suite::parse(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(suite.game, name, "{}", path.display());
        assert!(
            suite.entries.len() >= 10,
            "{name}: {} positions, at least ten wanted",
            suite.entries.len()
        );
        let checked = suite
            .run(&registry)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let wrong: Vec<_> = checked.iter().filter(|c| !c.agrees()).collect();
        assert!(wrong.is_empty(), "{name}: {wrong:#?}");
    }
}

//! The top levels of the solved games play from the solvers, through the type-erased entry
//! point the command line and the server use; where a solution is missing, the level says so
//! and plays its stand-in.

use std::sync::Arc;

use tafel_ai::{AgentOptions, Evaluation};
use tafel_core::{DynGame, DynPosition};

fn game(name: &str, settings: &[(&str, &str)]) -> Arc<dyn DynGame> {
    let pairs: Vec<(String, String)> = settings
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    tafel_games::registry()
        .get(name)
        .unwrap()
        .build(&pairs)
        .unwrap()
}

fn top_level(game: &dyn DynGame) -> u32 {
    tafel_ai::game_ai(game).unwrap().levels().len() as u32
}

fn position(game: &dyn DynGame, code: &str) -> Box<dyn DynPosition> {
    game.parse_position(code).unwrap()
}

#[test]
fn black_path_top_level_plays_the_domino_strategy() {
    // 2 x 2 from the default start: the first player wins (an even side).
    let game = game("black-path", &[("size", "2x2")]);
    let mut agent = tafel_ai::agent(
        game.as_ref(),
        top_level(game.as_ref()),
        &AgentOptions::seeded(1),
    )
    .unwrap();
    assert_eq!(agent.notice(), None);
    let decision = agent.choose(game.start().as_ref()).unwrap();
    assert_eq!(decision.evaluation, Evaluation::Expected(1.0));
    assert!(
        decision.effort.to_string().contains("proven win"),
        "{}",
        decision.effort
    );
}

#[test]
fn carreaux_top_level_solves_and_falls_back_under_the_free_rule() {
    let literal = game("carreaux", &[("size", "4")]);
    let mut agent = tafel_ai::agent(
        literal.as_ref(),
        top_level(literal.as_ref()),
        &AgentOptions::seeded(1),
    )
    .unwrap();
    assert_eq!(agent.notice(), None);
    let decision = agent.choose(literal.start().as_ref()).unwrap();
    assert!(
        decision.effort.to_string().starts_with("exact solution"),
        "{}",
        decision.effort
    );

    let free = game("carreaux", &[("size", "4"), ("rule", "free")]);
    let mut agent = tafel_ai::agent(
        free.as_ref(),
        top_level(free.as_ref()),
        &AgentOptions::seeded(1),
    )
    .unwrap();
    let notice = agent.notice().expect("no perfect play under rule=free");
    assert!(notice.to_string().contains("rule=free"), "{notice}");
    assert!(notice.to_string().contains("playing MCTS"), "{notice}");
    let decision = agent.choose(free.start().as_ref()).unwrap();
    assert!(free.start().legal_moves().contains(&decision.mv));
}

#[test]
fn karls_race_top_level_without_a_table_says_how_to_build_it() {
    // The default table path is `karls-race.tafeltable` under $TAFEL_DATA; point it at an
    // empty folder (this test binary's only test that reads it).
    let empty = tempfile::tempdir().unwrap();
    std::env::set_var("TAFEL_DATA", empty.path());
    let game = game("karls-race", &[]);
    let mut agent = tafel_ai::agent(
        game.as_ref(),
        top_level(game.as_ref()),
        &AgentOptions::seeded(1),
    )
    .unwrap();
    let notice = agent.notice().expect("the table is absent");
    assert!(
        notice.to_string().contains("tafel solve karls-race"),
        "{notice}"
    );
    assert!(
        notice.to_string().contains("playing expectimax"),
        "{notice}"
    );
    let rolled = position(game.as_ref(), "w3:ABCGHJ:MNPQTU");
    let decision = agent.choose(rolled.as_ref()).unwrap();
    assert!(rolled.legal_moves().contains(&decision.mv));

    let four = tafel_ai::agent(
        game_four().as_ref(),
        top_level(game.as_ref()),
        &AgentOptions::seeded(1),
    )
    .unwrap();
    assert!(four.notice().unwrap().to_string().contains("two-player"));

    // What `tafel serve --build-tables` would build: the two-player table at the path that
    // perfect play reads, and nothing for four players or for the games without tables.
    let ai = tafel_ai::game_ai(game.as_ref()).unwrap();
    let missing = ai
        .missing_table(game.as_ref())
        .unwrap()
        .expect("the table is absent");
    assert_eq!(missing.path, empty.path().join("karls-race.tafeltable"));
    assert_eq!(missing.what, "the Karl's Race table");
    assert!(ai.missing_table(game_four().as_ref()).unwrap().is_none());
    for entry in tafel_games::registry().entries() {
        let other = entry.build(&[]).unwrap();
        let table = tafel_ai::game_ai(other.as_ref())
            .unwrap()
            .missing_table(other.as_ref())
            .unwrap();
        assert_eq!(
            table.is_some(),
            entry.info.name == "karls-race",
            "{}",
            entry.info.name
        );
    }
}

fn game_four() -> Arc<dyn DynGame> {
    game("karls-race", &[("players", "4")])
}

#[test]
fn kauri_levels_play_the_tie_break_phase_from_its_table() {
    let old = game("kauri", &[("tiebreak", "old")]);
    // The tie-break phase: no seed left, equal stores, cowries only.
    let code = "a/0+1,0+0,0+3,0+0,0+2,0+0/0+2,0+1,0+0,0+1,0+0,0+2/30,30";
    for level in [1, 3] {
        let mut agent =
            tafel_ai::agent(old.as_ref(), level, &AgentOptions::seeded(level as u64)).unwrap();
        let decision = agent.choose(position(old.as_ref(), code).as_ref()).unwrap();
        assert!(
            decision.effort.to_string().contains("tie-break table"),
            "{}",
            decision.effort
        );
        assert!(matches!(
            decision.evaluation,
            Evaluation::WinIn(_) | Evaluation::LossIn(_) | Evaluation::Draw
        ));
    }
    // Without the old tie-break the same levels search as usual.
    let plain = game("kauri", &[]);
    let mut agent = tafel_ai::agent(plain.as_ref(), 3, &AgentOptions::seeded(3)).unwrap();
    let start = plain.start();
    let decision = agent.choose(start.as_ref()).unwrap();
    assert!(
        !decision.effort.to_string().contains("tie-break"),
        "{}",
        decision.effort
    );
}

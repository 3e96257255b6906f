//! Test helpers for the strength levels: their agents, and the check that they find a win.
//! The test games, brute-force solvers and random positions are in `tafel-testkit`.

#![allow(dead_code)] // each test file uses a different part

use tafel_core::game::GameExt;
use tafel_testkit::brute::winning_moves;

/// The agent of level `level` of `game`, seeded.
pub fn level_agent<G: tafel_ai::GameAi>(
    game: &G,
    level: u32,
    seed: u64,
) -> Box<dyn tafel_ai::Agent<G>> {
    let algorithm = tafel_ai::levels::level::<G>(level).unwrap();
    tafel_ai::erased::typed_agent(game, algorithm, &tafel_ai::AgentOptions::seeded(seed))
}

/// The agent of `tafel hint` without a level: the game's analysis search.
pub fn analysis_agent<G: tafel_ai::GameAi>(game: &G) -> Box<dyn tafel_ai::Agent<G>> {
    tafel_ai::erased::typed_agent(game, G::ANALYSIS, &tafel_ai::AgentOptions::seeded(1))
}

/// Checks that `code` is a position where `winning` is the only move that forces a win within
/// `plies` plies and none wins at once when `plies` is more than one, then that the given
/// levels and the analysis search play it, the analysis with the length of the fastest win.
pub fn assert_levels_find_the_win<G: tafel_ai::GameAi>(
    game: &G,
    code: &str,
    winning: &str,
    plies: u32,
    levels: &[u32],
) {
    let state = game.parse_position(code).unwrap();
    let mv = game.parse_legal_move(&state, winning).unwrap();
    assert_eq!(winning_moves(game, &state, plies), vec![mv], "{code}");
    if plies > 1 {
        assert!(
            winning_moves(game, &state, 1).is_empty(),
            "{code} has a win in one"
        );
    }
    // In games where a move can end the game for either side, the opponent may be forced to
    // end it for us: the fastest win may come before our second move.
    let fastest = (1..=plies)
        .find(|&p| !winning_moves(game, &state, p).is_empty())
        .unwrap();
    for &level in levels {
        let decision = level_agent(game, level, 7).choose(game, &state).unwrap();
        assert_eq!(decision.mv, mv, "level {level} in {code}: {decision:?}");
    }
    let decision = analysis_agent(game).choose(game, &state).unwrap();
    assert_eq!(decision.mv, mv, "analysis in {code}: {decision:?}");
    assert_eq!(
        decision.evaluation,
        tafel_ai::Evaluation::WinIn(fastest),
        "analysis in {code}"
    );
}

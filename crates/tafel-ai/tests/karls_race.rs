//! The searchers on Karl's Race: the move with the best expected result, checked against an
//! exact computation over every roll of the die.

mod support;

use std::collections::HashMap;

use support::{analysis_agent, level_agent};
use tafel_core::game::GameExt;
use tafel_core::{Game, Status};
use tafel_games::karls_race::KarlsRace;
use tafel_testkit::brute::exact_value_memo;

fn game() -> KarlsRace {
    KarlsRace::new(Default::default()).unwrap()
}

/// Endgames with the die rolled and at most two stones a side, where one move's expected
/// result is clearly (by more than 5 points) the best; the best move is named for reading
/// only, the test computes it.
const ENDGAMES: &[(&str, &str)] = &[
    ("w5:KS:FI", "I-K"),
    ("b3:KS:F", "K-P"),
    ("b5:IS:E", "I-N"),
    ("w5:NS:E", "E-B"),
    ("w2:KN:BD", "D-F"),
    ("b5:IQ:HL", "I-N"),
];

#[test]
fn the_two_upper_levels_play_the_move_with_the_best_expected_result() {
    let game = game();
    for &(code, named) in ENDGAMES {
        let state = game.parse_position(code).unwrap();
        let Status::ToMove(me) = game.status(&state) else {
            panic!("{code}: nobody to move");
        };
        let mut memo = HashMap::new();
        let mut values: Vec<(f64, _)> = game
            .legal_move_vec(&state)
            .into_iter()
            .map(|mv| {
                (
                    exact_value_memo(&game, &game.after(&state, mv), me, &mut memo),
                    mv,
                )
            })
            .collect();
        values.sort_by(|a, b| b.0.total_cmp(&a.0));
        let (best_value, best) = values[0];
        assert!(best_value - values[1].0 > 0.05, "{code}: {values:?}");
        assert_eq!(game.format_move(&state, best), named);
        for level in [4, 5] {
            let decision = level_agent(&game, level, 3).choose(&game, &state).unwrap();
            assert_eq!(decision.mv, best, "level {level} in {code}: {decision:?}");
        }
        let decision = analysis_agent(&game).choose(&game, &state).unwrap();
        assert_eq!(decision.mv, best, "analysis in {code}");
        // The analysis search solves these small trees: its value is the exact one, up to the
        // small discount on late wins.
        let reported = decision.evaluation.expected().unwrap();
        assert!(
            (reported - best_value).abs() < 0.01,
            "{code}: analysis says {reported}, exactly {best_value}"
        );
    }
}

/// Without the table file, the analysis is still exact in the endgame that is solved in the
/// process (up to three stones a side): every move's value of the endgames above is the one an
/// exact computation over every roll gives. Six stones a side are not covered.
#[test]
fn the_endgame_is_exact_without_the_table() {
    use tafel_ai::GameAi;

    let game = game();
    assert!(
        game.perfect_play().is_err(),
        "this test needs the table file to be missing"
    );
    let mut oracle = game.oracle().expect("the two-player game has an oracle");
    for &(code, _) in ENDGAMES {
        let state = game.parse_position(code).unwrap();
        let Status::ToMove(me) = game.status(&state) else {
            panic!("{code}: nobody to move");
        };
        let values = oracle
            .move_values(&game, &state)
            .unwrap_or_else(|| panic!("{code}: not covered"));
        assert_eq!(values.len(), game.legal_move_vec(&state).len(), "{code}");
        let mut memo = HashMap::new();
        for (mv, chance) in values {
            let exact = exact_value_memo(&game, &game.after(&state, mv), me, &mut memo);
            assert!(chance.is_exact(), "{code}: {chance:?}");
            assert!(
                (chance.win - exact).abs() < 1e-6,
                "{code} {}: {} against {exact}",
                game.format_move(&state, mv),
                chance.win
            );
        }
    }
    let start = game.parse_position("w3:ABCGHJ:MNPQTU").unwrap();
    assert!(oracle.move_values(&game, &start).is_none());
}

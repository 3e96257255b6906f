//! MCTS with four seats in two teams: a partner's win is a win.

use tafel_ai::budget::Budget;
use tafel_ai::mcts::{Mcts, MctsConfig};
use tafel_ai::{Agent, PlayoutEvaluator};
use tafel_testkit::games::{NimState, TeamNim};

#[test]
fn mcts_leaves_the_other_team_a_multiple_of_three() {
    for stones in [4u8, 5, 7, 8, 10, 11] {
        for to_move in 0..4 {
            let state = NimState { stones, to_move };
            let mut mcts = Mcts::new(
                MctsConfig::new(Budget::work(3_000), stones as u64),
                PlayoutEvaluator::default(),
            );
            let decision = mcts.choose(&TeamNim, &state).unwrap();
            assert_eq!((stones - decision.mv) % 3, 0, "{state:?}: {decision:?}");
        }
    }
}

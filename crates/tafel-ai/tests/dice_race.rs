//! The searchers on a game with an unfair die, against values computed exactly by brute force.

use tafel_ai::budget::Budget;
use tafel_ai::expectimax::{Expectimax, ExpectimaxConfig};
use tafel_ai::mcts::{Mcts, MctsConfig};
use tafel_ai::{Agent, Evaluation, PlayoutEvaluator};
use tafel_core::game::GameExt;
use tafel_core::{Game, Player, Status};
use tafel_testkit::brute::exact_value;
use tafel_testkit::games::{DiceRace, RaceState, ADVANCE, GOAL, PUSH, TURNS};

/// Every position of the race from `first_turn` on where a player chooses (the die has been
/// cast and nobody has won).
fn decision_states(first_turn: u8) -> Vec<RaceState> {
    let mut states = Vec::new();
    for turn in first_turn..TURNS {
        for a in 0..GOAL {
            for b in 0..GOAL {
                for roll in 1..=3 {
                    states.push(RaceState {
                        pos: [a, b],
                        turn,
                        to_move: turn % 2,
                        roll: Some(roll),
                    });
                }
            }
        }
    }
    states
}

fn mover(state: &RaceState) -> Player {
    Player(state.to_move)
}

/// The exact value of each move for the mover.
fn move_values(state: &RaceState) -> Vec<(u8, f64)> {
    DiceRace
        .legal_move_vec(state)
        .into_iter()
        .map(|mv| {
            (
                mv,
                exact_value(&DiceRace, &DiceRace.after(state, mv), mover(state)),
            )
        })
        .collect()
}

fn expectimax() -> Expectimax<DiceRace, PlayoutEvaluator> {
    Expectimax::new(
        ExpectimaxConfig {
            budget: Budget::work(10_000_000),
            max_depth: 2 * TURNS as u32,
            seed: 1,
        },
        PlayoutEvaluator::default(),
    )
}

#[test]
fn expectimax_finds_the_exact_value_and_a_best_move() {
    let mut search = expectimax();
    let states = decision_states(2);
    assert!(states.len() > 500);
    for state in &states {
        let values = move_values(state);
        let best = values.iter().map(|v| v.1).fold(0.0, f64::max);
        let result = search
            .analyse(&DiceRace, state)
            .expect("someone is to move");
        let chosen = values.iter().find(|v| v.0 == result.best).unwrap().1;
        assert!(
            (chosen - best).abs() < 1e-9,
            "{state:?}: chose {} worth {chosen}, best {best}",
            result.best
        );
        // Search values are 2p - 1, with wins shortened by at most a ply per ten thousand.
        let exact = 2.0 * best - 1.0;
        assert!(
            (result.value - exact).abs() < 0.005,
            "{state:?}: value {} exact {exact}",
            result.value
        );
    }
}

/// The nodes below `state` that expectimax without pruning visits with `depth` decision plies
/// left, and whether it meets the depth limit somewhere.
fn full_width(state: &RaceState, depth: u32) -> (u64, bool) {
    let children = |depth| {
        DiceRace
            .legal_move_vec(state)
            .into_iter()
            .fold((1, false), |(n, h), mv| {
                let (cn, ch) = full_width(&DiceRace.after(state, mv), depth);
                (n + cn, h || ch)
            })
    };
    match DiceRace.status(state) {
        Status::Over(_) => (1, false),
        _ if depth == 0 => (1, true),
        Status::Chance => children(depth),
        Status::ToMove(_) => children(depth - 1),
    }
}

#[test]
fn star1_pruning_saves_nodes_without_changing_the_value() {
    // Iterative deepening without pruning, to the depth where nothing is cut off by depth.
    let state = RaceState {
        pos: [1, 2],
        turn: 2,
        to_move: 0,
        roll: Some(2),
    };
    let mut unpruned = 0;
    for depth in 1.. {
        let (nodes, horizon) = full_width(&state, depth);
        unpruned += nodes - 1; // the root is not counted
        if !horizon {
            break;
        }
    }
    let result = expectimax().analyse(&DiceRace, &state).unwrap();
    assert!(
        result.nodes < unpruned,
        "{} nodes with Star1, {unpruned} without",
        result.nodes
    );
}

#[test]
fn the_die_decides_between_advancing_and_pushing() {
    // Near the goal with a big roll, advancing wins at once; the opponent on the doorstep
    // makes pushing them back the better choice when advancing does not win.
    let mut search = expectimax();
    let win_now = RaceState {
        pos: [4, 0],
        turn: 2,
        to_move: 0,
        roll: Some(2),
    };
    let decision = search.choose(&DiceRace, &win_now).unwrap();
    assert_eq!(decision.mv, ADVANCE);
    assert!(matches!(decision.evaluation, Evaluation::Expected(v) if v > 0.99));
    let defend = RaceState {
        pos: [0, 5],
        turn: 2,
        to_move: 0,
        roll: Some(3),
    };
    assert_eq!(search.choose(&DiceRace, &defend).unwrap().mv, PUSH);
    let values = move_values(&defend);
    assert!(values[1].1 > values[0].1, "{values:?}");
}

#[test]
fn mcts_averages_over_the_die_and_picks_clearly_better_moves() {
    // Positions where one move is worth at least 0.15 more than the other, exactly.
    let clear: Vec<RaceState> = decision_states(3)
        .into_iter()
        .filter(|s| {
            let v = move_values(s);
            (v[0].1 - v[1].1).abs() >= 0.15
        })
        .step_by(7)
        .take(12)
        .collect();
    assert_eq!(clear.len(), 12);
    for (i, state) in clear.iter().enumerate() {
        let values = move_values(state);
        let best = if values[0].1 > values[1].1 {
            values[0]
        } else {
            values[1]
        };
        let mut mcts = Mcts::new(
            MctsConfig::new(Budget::work(4_000), i as u64),
            PlayoutEvaluator::default(),
        );
        let stats = mcts.analyse(&DiceRace, state);
        let decision = mcts.choose(&DiceRace, state).unwrap();
        assert_eq!(decision.mv, best.0, "{state:?}: {values:?} vs {stats:?}");
        let (_, _, estimate) = stats.iter().find(|s| s.0 == best.0).copied().unwrap();
        assert!(
            (estimate - best.1).abs() < 0.1,
            "{state:?}: estimate {estimate} exact {}",
            best.1
        );
    }
}

//! The searchers on the Black Path Game: forced wins found and preferred fastest, budgets
//! kept, reproducible and reused trees, and no failure on random positions.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use tafel_ai::alphabeta::{AlphaBeta, AlphaBetaConfig};
use tafel_ai::budget::{Budget, StopFlag};
use tafel_ai::expectimax::{Expectimax, ExpectimaxConfig};
use tafel_ai::mcts::{Mcts, MctsConfig};
use tafel_ai::{Agent, Evaluation, PlayoutEvaluator};
use tafel_core::game::GameExt;
use tafel_core::{Game, Status};
use tafel_games::black_path::{BlackPath, State, Tile};
use tafel_testkit::brute::winning_moves;

fn game() -> BlackPath {
    BlackPath::new(Default::default()).unwrap()
}

/// Positions (default 8 x 8 board) where exactly one tile forces the opponent to run the
/// path out: in one move of ours (the win comes 2 plies later) or in two (4 plies).
const WIN_IN_TWO_PLIES: &[(&str, Tile)] = &[
    (
        "332.12../..3.11../..231.../......../......../......../......../........",
        2,
    ),
    (
        "2......./22....../.3.12.../.231312./....211./...131../.2.3..../.231....",
        1,
    ),
    (
        "2......./2332..22/...23331/......../......../......../......../........",
        1,
    ),
];
const WIN_IN_FOUR_PLIES: &[(&str, Tile)] = &[
    (
        "2..12.../3.131.../3.31..../231...../......../......../......../........",
        2,
    ),
    (
        "32....../.22...../.11...../.22...../131...../2......./......../........",
        1,
    ),
    (
        "32....../.22...../..2332../....122./....3222/....3111/....231./........",
        2,
    ),
];

fn position(code: &str) -> State {
    game().parse_position(code).unwrap()
}

fn alpha_beta(nodes: u64) -> AlphaBeta<BlackPath, PlayoutEvaluator> {
    AlphaBeta::new(
        AlphaBetaConfig {
            budget: Budget::work(nodes),
            max_depth: 64,
            table_bits: 16,
            seed: 3,
        },
        PlayoutEvaluator { playouts: 2 },
    )
}

fn mcts(iterations: u64, seed: u64) -> Mcts<BlackPath, PlayoutEvaluator> {
    Mcts::new(
        MctsConfig::new(Budget::work(iterations), seed),
        PlayoutEvaluator::default(),
    )
}

#[test]
fn the_test_positions_are_what_they_claim() {
    let game = game();
    for &(code, tile) in WIN_IN_TWO_PLIES {
        assert_eq!(
            winning_moves(&game, &position(code), 2),
            vec![tile],
            "{code}"
        );
    }
    for &(code, tile) in WIN_IN_FOUR_PLIES {
        assert!(
            winning_moves(&game, &position(code), 2).is_empty(),
            "{code}"
        );
        assert_eq!(
            winning_moves(&game, &position(code), 4),
            vec![tile],
            "{code}"
        );
    }
}

#[test]
fn alpha_beta_finds_forced_wins_with_their_length() {
    let game = game();
    for (cases, plies) in [(WIN_IN_TWO_PLIES, 2), (WIN_IN_FOUR_PLIES, 4)] {
        for &(code, tile) in cases {
            let decision = alpha_beta(1_000_000)
                .choose(&game, &position(code))
                .unwrap();
            assert_eq!(decision.mv, tile, "{code}");
            assert_eq!(decision.evaluation, Evaluation::WinIn(plies), "{code}");
        }
    }
}

#[test]
fn alpha_beta_sees_the_loss_when_every_move_loses() {
    // After the winning tile of a win-in-two position, the opponent is lost in one ply.
    let game = game();
    let (code, tile) = WIN_IN_TWO_PLIES[0];
    let lost = game.after(&position(code), tile);
    let decision = alpha_beta(100_000).choose(&game, &lost).unwrap();
    assert_eq!(decision.evaluation, Evaluation::LossIn(1));
}

#[test]
fn mcts_finds_forced_wins() {
    let game = game();
    for (cases, iterations) in [(WIN_IN_TWO_PLIES, 2_000), (WIN_IN_FOUR_PLIES, 20_000)] {
        for (seed, &(code, tile)) in cases.iter().enumerate() {
            let decision = mcts(iterations, seed as u64)
                .choose(&game, &position(code))
                .unwrap();
            assert_eq!(decision.mv, tile, "{code}: {decision:?}");
        }
    }
}

#[test]
fn mcts_is_reproducible_from_its_seed_with_one_or_more_threads() {
    let game = game();
    let start = game.start();
    for threads in [1, 3] {
        let run = |seed| {
            let config = MctsConfig {
                threads,
                ..MctsConfig::new(Budget::work(3_000), seed)
            };
            Mcts::new(config, PlayoutEvaluator::default()).analyse(&game, &start)
        };
        assert_eq!(run(5), run(5), "{threads} threads");
        assert_ne!(run(5), run(6), "{threads} threads");
    }
}

#[test]
fn mcts_keeps_the_subtree_of_the_moves_played() {
    let game = game();
    let mut player = mcts(5_000, 1);
    let mut state = game.start();
    let first = player.choose(&game, &state).unwrap().mv;
    game.apply(&mut state, first);
    game.apply(&mut state, 3);
    player.choose(&game, &state).unwrap();
    // Everything searched below the two moves before this search is still in the root.
    assert!(player.root_visits() > 5_000, "{}", player.root_visits());
    // A position that is not below the old root starts a fresh tree.
    let elsewhere = position(WIN_IN_TWO_PLIES[1].0);
    player.choose(&game, &elsewhere).unwrap();
    assert_eq!(player.root_visits(), 5_000);
}

fn assert_within(limit: Duration, what: &str, run: impl FnOnce()) {
    let started = Instant::now();
    run();
    let took = started.elapsed();
    // Generous margin: the machine is shared and the clock is read every 64 units of work.
    assert!(
        took < limit + Duration::from_millis(1_500),
        "{what} took {took:?}"
    );
}

/// A search to run once.
type Search = Box<dyn FnOnce()>;

/// Every searcher (MCTS on one and two threads, alpha-beta, expectimax) as a closure that
/// searches the start position within `budget`, by name.
fn every_searcher(budget: &Budget) -> Vec<(&'static str, Search)> {
    let game = game();
    let start = game.start();
    let mcts = |threads| {
        let (game, start) = (game.clone(), start.clone());
        let config = MctsConfig {
            threads,
            ..MctsConfig::new(budget.clone(), 1)
        };
        Box::new(move || {
            Mcts::new(config, PlayoutEvaluator::default()).choose(&game, &start);
        }) as Search
    };
    let alpha_beta = AlphaBetaConfig {
        budget: budget.clone(),
        max_depth: 64,
        table_bits: 16,
        seed: 1,
    };
    // Expectimax works on deterministic games too (it is then plain alpha-beta).
    let expectimax = ExpectimaxConfig {
        budget: budget.clone(),
        max_depth: 64,
        seed: 1,
    };
    let (g1, s1) = (game.clone(), start.clone());
    vec![
        ("MCTS", mcts(1)),
        ("MCTS on two threads", mcts(2)),
        (
            "alpha-beta",
            Box::new(move || {
                AlphaBeta::new(alpha_beta, PlayoutEvaluator { playouts: 8 }).choose(&g1, &s1);
            }),
        ),
        (
            "expectimax",
            Box::new(move || {
                Expectimax::new(expectimax, PlayoutEvaluator { playouts: 8 }).choose(&game, &start);
            }),
        ),
    ]
}

#[test]
fn searches_stop_within_their_time_budget() {
    let limit = Duration::from_millis(300);
    for (what, search) in every_searcher(&Budget::work(u64::MAX).and_time(limit)) {
        assert_within(limit, what, search);
    }
}

#[test]
fn searches_stop_when_their_flag_is_raised() {
    let after = Duration::from_millis(200);
    for i in 0..every_searcher(&Budget::work(1)).len() {
        let flag = StopFlag::new();
        let budget = Budget::work(u64::MAX).and_stop(flag.clone());
        let (what, search) = every_searcher(&budget).into_iter().nth(i).unwrap();
        let raiser = std::thread::spawn({
            let flag = flag.clone();
            move || {
                std::thread::sleep(after);
                flag.stop();
            }
        });
        assert_within(after, what, search);
        raiser.join().unwrap();
        assert!(flag.work_done() > 0, "{what} reports its work");
    }
}

#[test]
fn expectimax_finds_a_forced_win_on_a_game_without_chance() {
    let game = game();
    for &(code, tile) in WIN_IN_FOUR_PLIES {
        let config = ExpectimaxConfig {
            budget: Budget::work(1_000_000),
            max_depth: 64,
            seed: 1,
        };
        let mut search = Expectimax::new(config, PlayoutEvaluator::default());
        let result = search.analyse(&game, &position(code)).unwrap();
        assert_eq!(result.best, tile, "{code}");
        assert!(result.value > 0.99, "{code}: {}", result.value);
    }
}

#[test]
fn every_searcher_returns_a_legal_move_on_random_positions() {
    let game = game();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
    let mut checked = 0;
    for round in 0..40u64 {
        let mut state = game.start();
        let plies = rng.random_range(0..30);
        for _ in 0..plies {
            if !matches!(game.status(&state), Status::ToMove(_)) {
                break;
            }
            let moves = game.legal_move_vec(&state);
            game.apply(&mut state, moves[rng.random_range(0..moves.len())]);
        }
        let legal = game.legal_move_vec(&state);
        let mut agents: Vec<Box<dyn Agent<BlackPath>>> = vec![
            Box::new(mcts(200, round)),
            Box::new(alpha_beta(2_000)),
            Box::new(Expectimax::new(
                ExpectimaxConfig {
                    budget: Budget::work(2_000),
                    max_depth: 64,
                    seed: round,
                },
                PlayoutEvaluator::default(),
            )),
            Box::new(tafel_ai::RandomAgent::new(round)),
        ];
        for agent in &mut agents {
            match agent.choose(&game, &state) {
                Some(d) => assert!(legal.contains(&d.mv)),
                None => assert!(legal.is_empty()),
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 40);
}

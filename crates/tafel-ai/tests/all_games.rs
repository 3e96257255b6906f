//! Every searcher on random positions of every game (and the variants that change the
//! search: four-player Karl's Race, Carreaux's free rule): a legal move or, where nobody is
//! to move, none; no panic; and a time budget kept.

use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tafel_ai::erased::typed_agent;
use tafel_ai::{AgentOptions, Algorithm, GameAi, Leaf};
use tafel_core::game::GameExt;
use tafel_core::{Game, GameSettings, Status};
use tafel_games::black_path::BlackPath;
use tafel_games::carreaux::Carreaux;
use tafel_games::karls_race::KarlsRace;
use tafel_games::kauri::Kauri;
use tafel_games::quarx::Quarx;

fn build<G: Game>(settings: &[(&str, &str)]) -> G {
    let mut s = G::Settings::default();
    for (key, value) in settings {
        s.set(key, value).unwrap();
    }
    G::new(s).unwrap()
}

/// Every kind of searcher with every kind of leaf, on small work budgets.
fn searchers() -> Vec<Algorithm> {
    let leaves = [Leaf::Playouts(1), Leaf::Heuristic, Leaf::CutPlayout(4)];
    leaves
        .iter()
        .flat_map(|&leaf| {
            [
                Algorithm::Mcts {
                    iterations: 100,
                    leaf,
                },
                Algorithm::AlphaBeta {
                    depth: 64,
                    nodes: 500,
                    leaf,
                },
                Algorithm::Expectimax {
                    depth: 64,
                    nodes: 500,
                    leaf,
                },
            ]
        })
        .chain([
            Algorithm::Random,
            Algorithm::Perfect {
                otherwise: &Algorithm::Random,
            },
        ])
        .collect()
}

fn check_random_positions<G: GameAi>(game: &G, seed: u64, positions: usize) {
    let mut rng = SmallRng::seed_from_u64(seed);
    for round in 0..positions {
        let plies = rng.random_range(0..120);
        let state = tafel_testkit::positions::random_position(game, &mut rng, plies);
        let legal = game.legal_move_vec(&state);
        let to_move = matches!(game.status(&state), Status::ToMove(_));
        for algorithm in searchers() {
            let options = AgentOptions::seeded(round as u64);
            let mut agent = typed_agent(game, algorithm, &options);
            match agent.choose(game, &state) {
                Some(d) => assert!(to_move && legal.contains(&d.mv), "{algorithm}"),
                None => assert!(!to_move, "{algorithm} found no move"),
            }
        }
    }
}

/// Every level's searcher, given no work limit but a time cap, stops in time.
fn check_time_budget<G: GameAi>(game: &G) {
    let mut state = game.start();
    while !matches!(game.status(&state), Status::ToMove(_)) {
        let roll = game.legal_move_vec(&state)[0];
        game.apply(&mut state, roll);
    }
    let cap = Duration::from_millis(200);
    let unlimited = [
        Algorithm::Mcts {
            iterations: u64::MAX,
            leaf: Leaf::Heuristic,
        },
        Algorithm::AlphaBeta {
            depth: 64,
            nodes: u64::MAX,
            leaf: Leaf::Heuristic,
        },
        Algorithm::Expectimax {
            depth: 64,
            nodes: u64::MAX,
            leaf: Leaf::Heuristic,
        },
    ];
    for algorithm in unlimited {
        let options = AgentOptions {
            time_cap: cap,
            threads: 2,
            ..AgentOptions::seeded(1)
        };
        let mut agent = typed_agent(game, algorithm, &options);
        let started = Instant::now();
        agent.choose(game, &state).unwrap();
        let took = started.elapsed();
        // Generous margin: the machine is shared and the clock is read every 64 nodes.
        assert!(
            took < cap + Duration::from_millis(1_500),
            "{} {algorithm}: {took:?}",
            G::INFO.name
        );
    }
}

#[test]
fn black_path() {
    let game: BlackPath = build(&[("size", "5x5")]);
    check_random_positions(&game, 1, 10);
    check_time_budget(&build::<BlackPath>(&[]));
}

#[test]
fn karls_race_two_and_four_players() {
    let two: KarlsRace = build(&[]);
    check_random_positions(&two, 2, 20);
    check_time_budget(&two);
    let four: KarlsRace = build(&[("players", "4")]);
    check_random_positions(&four, 3, 20);
    check_time_budget(&four);
}

#[test]
fn carreaux_designer_rules_and_free_variant() {
    let designer: Carreaux = build(&[]);
    check_random_positions(&designer, 4, 10);
    check_time_budget(&designer);
    let free: Carreaux = build(&[("rule", "free"), ("group", "mst"), ("ply-limit", "60")]);
    check_random_positions(&free, 5, 10);
    check_time_budget(&free);
}

#[test]
fn kauri() {
    let game: Kauri = build(&[]);
    check_random_positions(&game, 6, 15);
    check_time_budget(&game);
}

#[test]
fn quarx() {
    let game: Quarx = build(&[]);
    check_random_positions(&game, 7, 8);
    check_time_budget(&game);
}

//! Search speed on the Black Path Game (8 x 8, start position): MCTS iterations and
//! alpha-beta nodes per second, each searcher with one random playout per leaf.

// `criterion_main!` defines a public `main` that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tafel_ai::alphabeta::{AlphaBeta, AlphaBetaConfig};
use tafel_ai::budget::Budget;
use tafel_ai::mcts::{Mcts, MctsConfig};
use tafel_ai::PlayoutEvaluator;
use tafel_core::Game;
use tafel_games::black_path::{BlackPath, BlackPathSettings};

const WORK: u64 = 10_000;

fn benches(c: &mut Criterion) {
    let game = BlackPath::new(BlackPathSettings::default()).unwrap();
    let start = game.start();
    let mut group = c.benchmark_group("search black-path 8x8");
    group.throughput(Throughput::Elements(WORK));
    group.bench_function("MCTS 10000 iterations", |b| {
        b.iter(|| {
            let config = MctsConfig::new(Budget::work(WORK), 1);
            Mcts::new(config, PlayoutEvaluator::default()).analyse(&game, &start)
        })
    });
    group.bench_function("alpha-beta 10000 nodes", |b| {
        b.iter(|| {
            let config = AlphaBetaConfig {
                budget: Budget::work(WORK),
                max_depth: 64,
                table_bits: 16,
                seed: 1,
            };
            AlphaBeta::new(config, PlayoutEvaluator::default()).analyse(&game, &start)
        })
    });
    group.finish();
}

criterion_group!(search, benches);
criterion_main!(search);

//! The Quarx evaluation on quiet positions (no capture due) from seeded random games, the leaf
//! cost of Quarx's alpha-beta levels; and alpha-beta itself, depth 4 from the start
//! (what level 5 plays there).

// `criterion_main!` defines a public `main` that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use tafel_ai::alphabeta::{AlphaBeta, AlphaBetaConfig};
use tafel_ai::budget::Budget;
use tafel_ai::eval::quarx::MaterialEvaluator;
use tafel_ai::eval::{EvalContext, Evaluator};
use tafel_core::Game;
use tafel_games::quarx::Quarx;

// The games' shared benchmark pieces (seeded random positions, per-position timing).
use tafel_testkit::bench as common;
use tafel_testkit::positions::seeded_positions;

fn benches(c: &mut Criterion) {
    let game = Quarx::new(Default::default()).unwrap();
    let evaluator = MaterialEvaluator::default();
    let start = game.start();
    let quiet: Vec<_> = seeded_positions(&game, &start, 4 * common::POSITIONS, 5)
        .into_iter()
        .filter(|s| !evaluator.must_capture(s))
        .take(common::POSITIONS)
        .collect();
    let mut ctx = EvalContext::new(1);
    let mut group = c.benchmark_group("quarx evaluation");
    common::per_position(&mut group, "quiet positions", &quiet, |s| {
        evaluator.evaluate(&game, s, &mut ctx)[0].to_bits()
    });
    group.finish();
    let mut group = c.benchmark_group("quarx alpha-beta");
    group.sample_size(10);
    group.bench_function("depth 4 from the start", |b| {
        b.iter(|| {
            let config = AlphaBetaConfig {
                budget: Budget::work(u64::MAX),
                max_depth: 4,
                table_bits: 18,
                seed: 1,
            };
            AlphaBeta::new(config, MaterialEvaluator::default()).analyse(&game, &start)
        })
    });
    group.finish();
}

criterion_group!(evaluation, benches);
criterion_main!(evaluation);

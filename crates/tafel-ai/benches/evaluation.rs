//! The Quarx evaluation on 256 quiet positions from seeded random games (20 to 120 plies in),
//! the leaf cost of Quarx's alpha-beta levels; and alpha-beta itself, depth 4 from the start
//! (what level 5 plays there).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tafel_ai::alphabeta::{AlphaBeta, AlphaBetaConfig};
use tafel_ai::budget::Budget;
use tafel_ai::eval::quarx::MaterialEvaluator;
use tafel_ai::eval::{EvalContext, Evaluator};
use tafel_core::{Game, Status};
use tafel_games::quarx::{Quarx, State};

/// Quiet positions (no capture due) from random games, reproducibly.
fn positions(game: &Quarx, evaluator: &MaterialEvaluator, count: usize) -> Vec<State> {
    let mut rng = SmallRng::seed_from_u64(5);
    let mut moves = Vec::new();
    let mut found = Vec::with_capacity(count);
    while found.len() < count {
        let mut state = game.start();
        for _ in 0..rng.random_range(20..120) {
            game.legal_moves(&state, &mut moves);
            if moves.is_empty() {
                break;
            }
            game.apply(&mut state, moves[rng.random_range(0..moves.len())]);
        }
        if matches!(game.status(&state), Status::ToMove(_)) && !evaluator.must_capture(&state) {
            found.push(state);
        }
    }
    found
}

fn benches(c: &mut Criterion) {
    let game = Quarx::new(Default::default()).unwrap();
    let evaluator = MaterialEvaluator::default();
    let states = positions(&game, &evaluator, 256);
    let mut ctx = EvalContext::new(1);
    let mut group = c.benchmark_group("quarx evaluation");
    group.throughput(Throughput::Elements(states.len() as u64));
    group.bench_function("256 quiet positions", |b| {
        b.iter(|| {
            states
                .iter()
                .map(|s| evaluator.evaluate(&game, s, &mut ctx)[0])
                .sum::<f64>()
        })
    });
    group.finish();
    let mut group = c.benchmark_group("quarx alpha-beta");
    group.sample_size(10);
    let start = game.start();
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

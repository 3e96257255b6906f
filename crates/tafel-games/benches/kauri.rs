//! Kauri benchmarks: uniform random playouts from the start (the goal is 500,000 per
//! second on one core), perft 6, and the hot functions (move generation, apply, hashing, and
//! the sowing alone) on positions reached by seeded random play.

// `criterion_main!` defines a public `main` that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use tafel_core::playout::random_playout;
use tafel_core::Game;
use tafel_games::kauri::{Kauri, KauriSettings, Move};

use tafel_testkit::bench as common;
use tafel_testkit::positions::{random_moves, seeded_positions};

fn benches(c: &mut Criterion) {
    let game = Kauri::new(KauriSettings::default()).unwrap();
    let start = game.start();
    let mut group = c.benchmark_group("kauri");
    common::random_playouts(&mut group, "random playout", &game, &start, random_playout);
    common::perft(&mut group, &game, &start, 6);
    let positions = seeded_positions(&game, &start, common::POSITIONS, 1);
    common::hot_functions(&mut group, &game, &positions);

    // The sowing alone (counts and stores; no hash, no repetition bookkeeping), for each
    // position's random move that is not a pass.
    let (sown, holes): (Vec<_>, Vec<_>) = positions
        .iter()
        .zip(random_moves(&game, &positions, 2))
        .filter_map(|(state, mv)| match mv {
            Move::Sow(hole) => Some((state.clone(), hole as usize)),
            Move::Pass => None,
        })
        .unzip();
    group.throughput(Throughput::Elements(sown.len() as u64));
    group.bench_function("sowing", |b| {
        b.iter_batched_ref(
            || sown.clone(),
            |states| {
                for (state, &hole) in states.iter_mut().zip(&holes) {
                    game.sow(state, hole);
                }
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(kauri, benches);
criterion_main!(kauri);

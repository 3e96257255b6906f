//! Black Path Game benchmarks on 8 x 8: random playouts, perft, and the hot functions (move
//! generation, apply, hashing) on positions reached by seeded random play.

// `criterion_main!` defines a public `main` that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use tafel_core::playout::random_playout;
use tafel_core::Game;
use tafel_games::black_path::{BlackPath, BlackPathSettings};

use tafel_testkit::bench as common;
use tafel_testkit::positions::seeded_positions;

fn benches(c: &mut Criterion) {
    let game = BlackPath::new(BlackPathSettings::default()).unwrap();
    let start = game.start();
    let mut group = c.benchmark_group("black-path 8x8");
    common::random_playouts(&mut group, "random playout", &game, &start, random_playout);
    common::perft(&mut group, &game, &start, 8);
    let positions = seeded_positions(&game, &start, common::POSITIONS, 1);
    common::hot_functions(&mut group, &game, &positions);
    group.finish();
}

criterion_group!(black_path, benches);
criterion_main!(black_path);

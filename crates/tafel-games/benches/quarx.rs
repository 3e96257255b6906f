//! Quarx benchmarks from the default start: perft(4) (goal: under a second on one core) and
//! random playouts with the default ply limit (goal: 20,000 a second on one core).

use criterion::{criterion_group, criterion_main, Criterion};
use tafel_core::playout::random_playout;
use tafel_core::Game;
use tafel_games::quarx::{Quarx, QuarxSettings};

mod common;

fn benches(c: &mut Criterion) {
    let game = Quarx::new(QuarxSettings::default()).unwrap();
    let start = game.start();
    let mut group = c.benchmark_group("quarx");
    group.sample_size(10);
    common::random_playouts(&mut group, "random playout", &game, &start, random_playout);
    common::perft(&mut group, &game, &start, 4);
    group.finish();
}

criterion_group!(quarx, benches);
criterion_main!(quarx);

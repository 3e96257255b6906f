//! Kauri benchmarks: uniform random playouts from the start (the goal is 500,000 per
//! second on one core) and perft 6.

use criterion::{criterion_group, criterion_main, Criterion};
use tafel_core::playout::random_playout;
use tafel_core::Game;
use tafel_games::kauri::{Kauri, KauriSettings};

mod common;

fn benches(c: &mut Criterion) {
    let game = Kauri::new(KauriSettings::default()).unwrap();
    let start = game.start();
    let mut group = c.benchmark_group("kauri");
    common::random_playouts(&mut group, "random playout", &game, &start, random_playout);
    common::perft(&mut group, &game, &start, 6);
    group.finish();
}

criterion_group!(kauri, benches);
criterion_main!(kauri);

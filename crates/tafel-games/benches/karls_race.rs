//! Karl's Race benchmarks: random playouts (two and four players), through `random_playout`
//! (the game's own loop) and the generic loop it replaces, perft from the start, and the hot
//! functions (move generation after the roll, apply, hashing) on two-player positions reached
//! by seeded random play.

// `criterion_main!` defines a public `main` that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use tafel_core::playout::{generic_random_playout, random_playout};
use tafel_core::settings::GameSettings;
use tafel_core::Game;
use tafel_games::karls_race::{KarlsRace, KarlsRaceSettings};

use tafel_testkit::bench as common;
use tafel_testkit::positions::seeded_positions;

fn playouts(c: &mut Criterion, name: &str, pairs: &[(&str, &str)]) {
    let settings = KarlsRaceSettings::from_pairs("karls-race", pairs).unwrap();
    let game = KarlsRace::new(settings).unwrap();
    let start = game.start();
    let mut group = c.benchmark_group(name);
    common::random_playouts(&mut group, "random playout", &game, &start, random_playout);
    common::random_playouts(
        &mut group,
        "generic random playout",
        &game,
        &start,
        generic_random_playout,
    );
    if pairs.is_empty() {
        common::perft(&mut group, &game, &start, 4);
        let positions = seeded_positions(&game, &start, common::POSITIONS, 1);
        common::hot_functions(&mut group, &game, &positions);
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    playouts(c, "karls-race", &[]);
    playouts(c, "karls-race players=4", &[("players", "4")]);
}

criterion_group!(karls_race, benches);
criterion_main!(karls_race);

//! EinStein würfelt nicht benchmarks: random playouts from the random start (the arrangements
//! drawn, as OpenSpiel plays it) through `random_playout` (the game's own loop) and the generic
//! loop it replaces, perft from a drawn start (the start itself expands 720 x 720
//! arrangements), and the hot functions (move generation after the roll, apply, hashing) on
//! positions reached by seeded random play.

// `criterion_main!` defines a public `main` that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use tafel_core::playout::{generic_random_playout, random_playout};
use tafel_core::Game;
use tafel_games::einstein::Einstein;

use tafel_testkit::bench as common;
use tafel_testkit::positions::seeded_positions;

/// OpenSpiel's first arrangements (123456 for both sides), White to roll.
const DRAWN: &str = "w:b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1";

fn benches(c: &mut Criterion) {
    let game = Einstein::new(Default::default()).unwrap();
    let start = game.start();
    let mut group = c.benchmark_group("einstein");
    common::random_playouts(&mut group, "random playout", &game, &start, random_playout);
    common::random_playouts(
        &mut group,
        "generic random playout",
        &game,
        &start,
        generic_random_playout,
    );
    let drawn = game.parse_position(DRAWN).unwrap();
    common::perft(&mut group, &game, &drawn, 3);
    let positions = seeded_positions(&game, &drawn, common::POSITIONS, 1);
    common::hot_functions(&mut group, &game, &positions);
    group.finish();
}

criterion_group!(einstein, benches);
criterion_main!(einstein);

//! Quarx benchmarks from the default start: perft(4) (goal: under a second on one core),
//! random playouts with the default ply limit (goal: 20,000 a second on one core), and the hot
//! functions (move generation, apply, hashing, and the capture search) on positions reached by
//! seeded random play.

// `criterion_main!` defines a public `main` that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use tafel_core::game::GameExt;
use tafel_core::playout::random_playout;
use tafel_core::Game;
use tafel_games::quarx::{Quarx, QuarxSettings};

use tafel_testkit::bench as common;
use tafel_testkit::positions::seeded_positions;

fn benches(c: &mut Criterion) {
    let game = Quarx::new(QuarxSettings::default()).unwrap();
    let start = game.start();
    let mut group = c.benchmark_group("quarx");
    group.sample_size(10);
    common::random_playouts(&mut group, "random playout", &game, &start, random_playout);
    common::perft(&mut group, &game, &start, 4);
    group.sample_size(100);
    let positions = seeded_positions(&game, &start, common::POSITIONS, 1);
    common::hot_functions(&mut group, &game, &positions);

    // The capture search: move generation where a capture is due, so that the legal moves
    // are the captures of maximum length and no quiet move is generated.
    let capturing: Vec<_> = seeded_positions(&game, &start, 16 * common::POSITIONS, 3)
        .into_iter()
        .filter(|s| game.legal_move_vec(s).iter().any(|mv| mv.captured != 0))
        .take(common::POSITIONS)
        .collect();
    let mut buffer = Vec::with_capacity(256);
    common::per_position(&mut group, "capture search", &capturing, |s| {
        game.legal_moves(s, &mut buffer);
        buffer.len() as u64
    });
    group.finish();
}

criterion_group!(quarx, benches);
criterion_main!(quarx);

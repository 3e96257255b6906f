//! Carreaux benchmarks: legal-move generation (a slide followed by the evaluation of the new
//! position's slides, which is where the group values are computed), perft, random playouts
//! under `rule=free`, and building the slide-distance table.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use tafel_core::game::GameExt;
use tafel_core::playout::random_playout;
use tafel_core::settings::GameSettings;
use tafel_core::Game;
use tafel_games::carreaux::{Board, Carreaux, CarreauxSettings, DistanceTable};

mod common;

fn game(pairs: &[(&str, &str)]) -> Carreaux {
    Carreaux::new(CarreauxSettings::from_pairs("carreaux", pairs).unwrap()).unwrap()
}

/// One slide from the start and the legal moves of the position it reaches.
fn slide_and_generate(c: &mut Criterion, size: &str) {
    let game = game(&[("size", size)]);
    let start = game.start();
    let first = game.legal_move_vec(&start)[0];
    let mut buffer = Vec::with_capacity(4);
    let mut group = c.benchmark_group(format!("carreaux {size}x{size}"));
    group.throughput(Throughput::Elements(1));
    group.bench_function("slide + legal moves", |b| {
        b.iter_batched_ref(
            || start.clone(),
            |s| {
                game.apply(s, first);
                game.legal_moves(s, &mut buffer);
                buffer.len()
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    slide_and_generate(c, "6");
    slide_and_generate(c, "12");

    let game = game(&[]);
    let start = game.start();
    let mut group = c.benchmark_group("carreaux 6x6");
    common::perft(&mut group, &game, &start, 6);

    let free = self::game(&[("rule", "free"), ("ply-limit", "200")]);
    let free_start = free.start();
    common::random_playouts(
        &mut group,
        "random playout, rule=free, 200 plies",
        &free,
        &free_start,
        random_playout,
    );
    group.finish();

    let mut group = c.benchmark_group("carreaux distance table");
    group.sample_size(10);
    for side in [6, 12] {
        let board = Board::new(side);
        group.bench_function(format!("{side}x{side}"), |b| {
            b.iter(|| DistanceTable::compute(&board))
        });
    }
    group.finish();
}

criterion_group!(carreaux, benches);
criterion_main!(carreaux);

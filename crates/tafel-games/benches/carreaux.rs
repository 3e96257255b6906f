//! Carreaux benchmarks: legal-move generation (a slide followed by the evaluation of the new
//! position's slides, which is where the group values are computed), perft, random playouts
//! under `rule=free`, building the slide-distance table, and the hot functions (move
//! generation, apply, hashing, and the legality test alone) on positions reached by seeded
//! random play.

// `criterion_main!` defines a public `main` that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BatchSize, BenchmarkGroup, Criterion, Throughput,
};
use tafel_core::game::GameExt;
use tafel_core::playout::random_playout;
use tafel_core::settings::GameSettings;
use tafel_core::Game;
use tafel_games::carreaux::{Board, Carreaux, CarreauxSettings, DistanceTable, Tiles, NO_CELL};

use tafel_testkit::bench as common;
use tafel_testkit::positions::seeded_positions;

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

/// The legality test of the default rule (a slide must lower the total group value) for
/// every slide of each of `positions`: both colours' group values after the slide, compared
/// with the total now. The game runs it for the new position's slides after every move.
fn legality_tests(group: &mut BenchmarkGroup<WallTime>, name: &str, game: &Carreaux) {
    let start = game.start();
    let positions: Vec<_> = seeded_positions(game, &start, common::POSITIONS, 1)
        .iter()
        .map(|s| {
            let tiles = |colour| Tiles::new(s.tiles_of(colour).iter());
            (
                tiles(tafel_core::Player(0)),
                tiles(tafel_core::Player(1)),
                s.bubble(),
                s.total(),
            )
        })
        .collect();
    let (table, rule) = (game.table(), game.settings().group);
    common::per_position(group, name, &positions, |&(red, blue, bubble, total)| {
        let lowers = |tile: u8| {
            let tile = tile as usize;
            let (mut red, mut blue) = (red, blue);
            red.replace(tile, bubble);
            blue.replace(tile, bubble);
            rule.value(table, &red, tile) + rule.value(table, &blue, tile) < total
        };
        game.board()
            .neighbours(bubble)
            .into_iter()
            .filter(|&tile| tile != NO_CELL && lowers(tile))
            .count() as u64
    });
}

fn benches(c: &mut Criterion) {
    slide_and_generate(c, "6");
    slide_and_generate(c, "12");

    let game = game(&[]);
    let start = game.start();
    let mut group = c.benchmark_group("carreaux 6x6");
    common::perft(&mut group, &game, &start, 6);
    let positions = seeded_positions(&game, &start, common::POSITIONS, 1);
    common::hot_functions(&mut group, &game, &positions);
    legality_tests(&mut group, "legality test", &game);
    legality_tests(
        &mut group,
        "legality test, group=mst",
        &self::game(&[("group", "mst")]),
    );

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

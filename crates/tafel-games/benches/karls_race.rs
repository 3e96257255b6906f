//! Karl's Race benchmarks: random playouts (two and four players), through `random_playout`
//! (the game's own loop) and the generic loop it replaces, and perft from the start.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand::SeedableRng;
use tafel_core::perft::perft;
use tafel_core::playout::{generic_random_playout, random_playout};
use tafel_core::settings::GameSettings;
use tafel_core::Game;
use tafel_games::karls_race::{KarlsRace, KarlsRaceSettings};

fn playouts(c: &mut Criterion, name: &str, pairs: &[(&str, &str)]) {
    let settings = KarlsRaceSettings::from_pairs("karls-race", pairs).unwrap();
    let game = KarlsRace::new(settings).unwrap();
    let start = game.start();
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(1));
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let mut buffer = Vec::with_capacity(64);
    group.bench_function("random playout", |b| {
        b.iter_batched_ref(
            || start,
            |s| random_playout(&game, s, &mut rng, &mut buffer),
            BatchSize::SmallInput,
        )
    });
    group.bench_function("generic random playout", |b| {
        b.iter_batched_ref(
            || start,
            |s| generic_random_playout(&game, s, &mut rng, &mut buffer),
            BatchSize::SmallInput,
        )
    });
    if pairs.is_empty() {
        let nodes = perft(&game, &start, 4);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function("perft 4", |b| b.iter(|| perft(&game, &start, 4)));
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    playouts(c, "karls-race", &[]);
    playouts(c, "karls-race players=4", &[("players", "4")]);
}

criterion_group!(karls_race, benches);
criterion_main!(karls_race);

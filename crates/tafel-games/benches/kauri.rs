//! Kauri benchmarks: uniform random playouts from the start (the goal is 500,000 per
//! second on one core) and perft 6.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand::SeedableRng;
use tafel_core::perft::perft;
use tafel_core::playout::random_playout;
use tafel_core::Game;
use tafel_games::kauri::{Kauri, KauriSettings};

fn benches(c: &mut Criterion) {
    let game = Kauri::new(KauriSettings::default()).unwrap();
    let start = game.start();
    let mut group = c.benchmark_group("kauri");
    group.throughput(Throughput::Elements(1));
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let mut buffer = Vec::new();
    group.bench_function("random playout", |b| {
        b.iter_batched_ref(
            || start.clone(),
            |s| random_playout(&game, s, &mut rng, &mut buffer),
            BatchSize::SmallInput,
        )
    });
    let nodes = perft(&game, &start, 6);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("perft 6", |b| b.iter(|| perft(&game, &start, 6)));
    group.finish();
}

criterion_group!(kauri, benches);
criterion_main!(kauri);

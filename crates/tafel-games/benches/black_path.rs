//! Black Path Game benchmarks on 8 x 8: random playouts and perft.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand::SeedableRng;
use tafel_core::perft::perft;
use tafel_core::playout::random_playout;
use tafel_core::Game;
use tafel_games::black_path::{BlackPath, BlackPathSettings};

fn benches(c: &mut Criterion) {
    let game = BlackPath::new(BlackPathSettings::default()).unwrap();
    let start = game.start();
    let mut group = c.benchmark_group("black-path 8x8");
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
    let nodes = perft(&game, &start, 8);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("perft 8", |b| b.iter(|| perft(&game, &start, 8)));
    group.finish();
}

criterion_group!(black_path, benches);
criterion_main!(black_path);

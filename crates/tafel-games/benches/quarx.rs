//! Quarx benchmarks from the default start: perft(4) (goal: under a second on one core) and
//! random playouts with the default ply limit (goal: 20,000 a second on one core).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand::SeedableRng;
use tafel_core::perft::perft;
use tafel_core::playout::random_playout;
use tafel_core::Game;
use tafel_games::quarx::{Quarx, QuarxSettings};

fn benches(c: &mut Criterion) {
    let game = Quarx::new(QuarxSettings::default()).unwrap();
    let start = game.start();
    let mut group = c.benchmark_group("quarx");
    group.sample_size(10);
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
    let nodes = perft(&game, &start, 4);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("perft 4", |b| b.iter(|| perft(&game, &start, 4)));
    group.finish();
}

criterion_group!(quarx, benches);
criterion_main!(quarx);

//! Benchmark pieces every game shares: uniform random playouts and perft from a position,
//! each reported per element (playouts, or perft leaves) so criterion prints a rate.

use criterion::measurement::WallTime;
use criterion::{BatchSize, BenchmarkGroup, Throughput};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use tafel_core::{Game, Outcome};

/// A random-playout loop: `tafel_core::playout::random_playout` (the game's own loop where
/// it has one) or `generic_random_playout`.
pub type Playout<G> =
    fn(&G, &mut <G as Game>::State, &mut SmallRng, &mut Vec<<G as Game>::Move>) -> (Outcome, u64);

/// Benchmarks `playout` from `start` as `name`, one random game per iteration.
pub fn random_playouts<G: Game>(
    group: &mut BenchmarkGroup<WallTime>,
    name: &str,
    game: &G,
    start: &G::State,
    playout: Playout<G>,
) {
    group.throughput(Throughput::Elements(1));
    let mut rng = SmallRng::seed_from_u64(1);
    let mut buffer = Vec::with_capacity(256);
    group.bench_function(name, |b| {
        b.iter_batched_ref(
            || start.clone(),
            |s| playout(game, s, &mut rng, &mut buffer),
            BatchSize::SmallInput,
        )
    });
}

/// Benchmarks perft(`depth`) from `start` as "perft `depth`", throughput in leaves.
pub fn perft<G: Game>(
    group: &mut BenchmarkGroup<WallTime>,
    game: &G,
    start: &G::State,
    depth: u32,
) {
    group.throughput(Throughput::Elements(tafel_core::perft::perft(
        game, start, depth,
    )));
    group.bench_function(format!("perft {depth}"), |b| {
        b.iter(|| tafel_core::perft::perft(game, start, depth))
    });
}

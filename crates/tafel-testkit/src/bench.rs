//! Benchmark pieces every game shares: uniform random playouts and perft from a position, each
//! reported per element (playouts, or perft leaves) so criterion prints a rate; and the hot
//! functions of the `Game` trait (move generation, apply, hashing) on a fixed set of positions
//! reached by seeded random play ([`crate::positions::seeded_positions`]), reported per
//! position.

use criterion::measurement::WallTime;
use criterion::{black_box, BatchSize, BenchmarkGroup, Throughput};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use tafel_core::{Game, Outcome};

use crate::positions::random_moves;

/// A random-playout loop: `tafel_core::playout::random_playout` (the game's own loop where
/// it has one) or `generic_random_playout`.
pub type Playout<G> =
    fn(&G, &mut <G as Game>::State, &mut SmallRng, &mut Vec<<G as Game>::Move>) -> (Outcome, u64);

/// How many positions the hot-function benchmarks run over.
pub const POSITIONS: usize = 64;

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

/// Benchmarks `name` as `work` applied to every one of `positions`, throughput in positions.
pub fn per_position<S>(
    group: &mut BenchmarkGroup<WallTime>,
    name: &str,
    positions: &[S],
    mut work: impl FnMut(&S) -> u64,
) {
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function(name, |b| {
        b.iter(|| positions.iter().map(&mut work).fold(0, u64::wrapping_add))
    });
}

/// Benchmarks the hot functions of the `Game` trait on `positions` (per position): legal-move
/// generation, applying a random legal move (on copies made outside the timing), the
/// position's hash as engines read it, and the hash computed from scratch.
pub fn hot_functions<G: Game>(
    group: &mut BenchmarkGroup<WallTime>,
    game: &G,
    positions: &[G::State],
) {
    let mut buffer = Vec::with_capacity(256);
    per_position(group, "legal moves", positions, |s| {
        game.legal_moves(s, &mut buffer);
        buffer.len() as u64
    });

    let moves = random_moves(game, positions, 2);
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("apply", |b| {
        b.iter_batched_ref(
            || positions.to_vec(),
            |states| {
                for (state, &mv) in states.iter_mut().zip(&moves) {
                    game.apply(state, mv);
                }
            },
            BatchSize::SmallInput,
        )
    });

    per_position(group, "hash", positions, |s| game.hash(black_box(s)));
    per_position(group, "hash from scratch", positions, |s| {
        game.hash_from_scratch(black_box(s))
    });
}

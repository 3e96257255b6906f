//! Benchmark pieces every game shares: uniform random playouts and perft from a position, each
//! reported per element (playouts, or perft leaves) so criterion prints a rate; and the hot
//! functions of the `Game` trait (move generation, apply, hashing) on a fixed set of positions
//! reached by seeded random play, reported per position.

// Each bench target compiles this module on its own and uses only part of it.
#![allow(dead_code)]

use criterion::measurement::WallTime;
use criterion::{black_box, BatchSize, BenchmarkGroup, Throughput};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tafel_core::playout::sample_chance;
use tafel_core::{Game, Outcome, Status};

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

/// `count` positions where a player is to move, reached by uniform random play from `start`
/// with a generator seeded by `seed`: every third such position of game after game, so that
/// openings, middle games and endings all appear. The same positions on every run.
pub fn positions<G: Game>(game: &G, start: &G::State, count: usize, seed: u64) -> Vec<G::State> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    let mut found = Vec::with_capacity(count);
    let mut seen = 0u64;
    while found.len() < count {
        let mut state = start.clone();
        loop {
            match game.status(&state) {
                Status::Over(_) => break,
                Status::Chance => {
                    game.legal_moves(&state, &mut moves);
                    let roll = sample_chance(game, &state, &moves, &mut rng);
                    game.apply(&mut state, roll);
                }
                Status::ToMove(_) => {
                    if seen.is_multiple_of(3) && found.len() < count {
                        found.push(state.clone());
                    }
                    seen += 1;
                    game.legal_moves(&state, &mut moves);
                    let mv = moves[rng.random_range(0..moves.len())];
                    game.apply(&mut state, mv);
                }
            }
        }
    }
    found
}

/// One uniformly drawn legal move of each of `positions` (seeded).
pub fn random_moves<G: Game>(game: &G, positions: &[G::State], seed: u64) -> Vec<G::Move> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    positions
        .iter()
        .map(|state| {
            game.legal_moves(state, &mut moves);
            moves[rng.random_range(0..moves.len())]
        })
        .collect()
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

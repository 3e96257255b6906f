//! Positions reached by seeded random play: the same on every run, so that tests and
//! benchmarks see the same positions.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tafel_core::game::GameExt;
use tafel_core::playout::sample_chance;
use tafel_core::{Game, Status};

/// A position reached by `plies` uniformly random moves and chance outcomes from the start
/// (fewer if the game ends first). Chance outcomes are drawn uniformly too, whatever their
/// probabilities.
pub fn random_position<G: Game>(game: &G, rng: &mut impl Rng, plies: usize) -> G::State {
    let mut state = game.start();
    for _ in 0..plies {
        let moves = game.legal_move_vec(&state);
        if moves.is_empty() {
            break;
        }
        game.apply(&mut state, moves[rng.random_range(0..moves.len())]);
    }
    state
}

/// `count` positions where a player is to move, reached by uniform random play from `start`
/// with a generator seeded by `seed` (chance outcomes by their probability): every third
/// such position of game after game, so that openings, middle games and endings all appear.
/// The same positions on every run.
pub fn seeded_positions<G: Game>(
    game: &G,
    start: &G::State,
    count: usize,
    seed: u64,
) -> Vec<G::State> {
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

//! The games puzzles are found in: games between two computer levels, each seat's level drawn
//! from the game's searching levels up to [`PuzzleGame::STRONGEST_SOURCE`] (stronger ones
//! cost too much time per game to play hundreds), every move and die roll seeded, so a seed
//! gives the same games again.

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use tafel_core::game::GameExt;
use tafel_core::playout::sample_chance;
use tafel_core::{Player, Status};

use super::PuzzleGame;
use crate::erased::{typed_agent, AgentOptions};
use crate::levels::Algorithm;

/// The longest source game, in plies (chance outcomes included).
const MAX_PLIES: usize = 400;

/// One source game: its levels and its positions where someone is to move with a choice.
pub(crate) struct SourceGame<S> {
    /// The levels of the first and the second seat.
    pub levels: [u32; 2],
    /// The positions with the number of moves before each, in a seeded random order.
    pub positions: Vec<(u32, S)>,
}

/// The generator of game `index` of `seed`.
pub(crate) fn rng_of(seed: u64, index: u64) -> SmallRng {
    SmallRng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index)
}

/// The levels that can play source games: searching levels (no perfect play) up to
/// [`PuzzleGame::STRONGEST_SOURCE`], counted from 1.
fn playing_levels<G: PuzzleGame>() -> Vec<u32> {
    (1..=G::LEVELS.len() as u32)
        .filter(|&level| level <= G::STRONGEST_SOURCE)
        .filter(|&level| !matches!(G::LEVELS[level as usize - 1], Algorithm::Perfect { .. }))
        .collect()
}

/// Plays game `index` of `seed` between two levels drawn at random.
pub(crate) fn play<G: PuzzleGame>(game: &G, seed: u64, index: u64) -> SourceGame<G::State> {
    let mut rng = rng_of(seed, index);
    let choices = playing_levels::<G>();
    let levels = [0, 1].map(|_| choices[rng.random_range(0..choices.len())]);
    let mut agents: Vec<_> = levels
        .iter()
        .map(|&level| {
            let options = AgentOptions::seeded(rng.random());
            typed_agent(game, G::LEVELS[level as usize - 1], &options)
        })
        .collect();
    let mut state = game.start();
    let mut positions = Vec::new();
    for ply in 0..MAX_PLIES {
        let moves = game.legal_move_vec(&state);
        let mv = match game.status(&state) {
            Status::Over(_) => break,
            Status::Chance => sample_chance(game, &state, &moves, &mut rng),
            Status::ToMove(Player(seat)) => {
                if moves.len() > 1 {
                    positions.push((ply as u32, state.clone()));
                }
                match agents[seat as usize % 2].choose(game, &state) {
                    Some(decision) => decision.mv,
                    None => break,
                }
            }
        };
        game.apply(&mut state, mv);
    }
    positions.shuffle(&mut rng);
    SourceGame { levels, positions }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tafel_core::Game;
    use tafel_games::einstein::Einstein;

    #[test]
    fn a_seed_gives_the_same_game_and_another_seed_another() {
        let game = Einstein::new(Default::default()).unwrap();
        let a = play(&game, 7, 3);
        let b = play(&game, 7, 3);
        assert_eq!(a.levels, b.levels);
        assert_eq!(a.positions, b.positions);
        assert!(a
            .levels
            .iter()
            .all(|level| (1..=Einstein::STRONGEST_SOURCE).contains(level)));
        assert!(a
            .positions
            .iter()
            .all(|(_, s)| game.legal_move_vec(s).len() > 1));
        let other = play(&game, 8, 3);
        assert_ne!(a.positions, other.positions);
    }
}

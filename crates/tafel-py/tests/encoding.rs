//! Every game's action map is one-to-one on the legal moves of the positions of random games,
//! within its declared range, and its observation fills exactly its declared shape.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tafel_core::game::GameExt;
use tafel_core::{Game, Status};
use tafel_py::encoding::Encoded;

/// Plays `games` random games of `rules`, checking the maps at every position; returns how
/// many positions were checked.
fn check_game<G: Encoded>(rules: &G, games: u64) -> u64 {
    let mut rng = SmallRng::seed_from_u64(34);
    let shape: usize = rules.observation_shape().iter().product();
    let mut positions = 0;
    for _ in 0..games {
        let mut state = rules.start();
        loop {
            let moves = rules.legal_move_vec(&state);
            let mut actions = Vec::new();
            rules.encode_moves(&state, &moves, &mut actions).unwrap();
            assert_eq!(actions.len(), moves.len());
            let mut sorted = actions.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(
                sorted.len(),
                actions.len(),
                "two moves share an action number"
            );
            let bound = match rules.status(&state) {
                Status::Chance => rules.num_chance_outcomes(),
                _ => rules.num_actions(),
            };
            assert!(actions.iter().all(|&a| (a as usize) < bound));
            let mut observation = vec![0.0f32; shape];
            rules.observe(&state, &mut observation);
            assert!(observation.iter().all(|v| v.is_finite()));
            positions += 1;
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            rules.apply(&mut state, mv);
        }
    }
    positions
}

macro_rules! check_every_game {
    ($($game:ty),* $(,)?) => {
        $(
            let rules = <$game>::new(Default::default()).unwrap();
            let positions = check_game(&rules, 40);
            assert!(positions > 40, "{}: {positions} positions", <$game as Game>::INFO.name);
        )*
    };
}

#[test]
fn action_maps_are_one_to_one_and_in_range() {
    tafel_games::for_each_game!(check_every_game);
}

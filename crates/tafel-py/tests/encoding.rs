//! Every game's action map is one-to-one on the legal moves of the positions of random games,
//! within its declared range, the same move by move as for all moves at once (and for a player's
//! move numbered with or without the list, as a random policy numbers it), and its observation
//! fills exactly its declared shape.

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
    let mut scratch = Vec::new();
    for _ in 0..games {
        let mut state = rules.start();
        loop {
            let moves = rules.legal_move_vec(&state);
            let mut actions = Vec::new();
            rules.encode_moves(&state, &moves, &mut actions).unwrap();
            assert_eq!(actions.len(), moves.len());
            for (index, &action) in actions.iter().enumerate() {
                assert_eq!(rules.encode_move(&state, &moves, index), Ok(action));
                if !matches!(rules.status(&state), Status::Chance) {
                    let mut listed = moves.clone();
                    let numbered = rules.encode_legal_move(&state, moves[index], &mut listed);
                    assert_eq!(numbered, Ok(action));
                    scratch.clear();
                    let alone = rules.encode_legal_move(&state, moves[index], &mut scratch);
                    assert_eq!(alone, Ok(action));
                }
            }
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

/// Quarx's `k`: captures with the same ends are ranked by their captured sets as 128-bit
/// numbers, whatever order the moves come in; steps take `k = 0`; a fifth capture with the
/// same ends is refused; `encode_move` numbers each move alike. (Random games met no such
/// captures, so the moves are made by hand; the maps read only the moves.)
#[test]
fn quarx_ranks_captures_with_the_same_ends() {
    use tafel_games::quarx::{Move, Quarx};
    let rules = Quarx::new(Default::default()).unwrap();
    let state = rules.start();
    let capture = |from, to, captured: u128| Move { from, to, captured };
    let moves = [
        capture(3, 40, 1 << 70),
        capture(3, 40, 1 << 9),
        capture(5, 40, 1 << 70),
        capture(3, 40, (1 << 9) | (1 << 20)),
        capture(3, 41, 1 << 9),
    ];
    let mut actions = Vec::new();
    rules.encode_moves(&state, &moves, &mut actions).unwrap();
    let number = |from: u32, to: u32, k: u32| (from * 128 + to) * 4 + k;
    assert_eq!(
        actions,
        [
            number(3, 40, 2),
            number(3, 40, 0),
            number(5, 40, 0),
            number(3, 40, 1),
            number(3, 41, 0),
        ]
    );
    for (index, &action) in actions.iter().enumerate() {
        assert_eq!(rules.encode_move(&state, &moves, index), Ok(action));
    }
    let steps = [capture(3, 40, 0), capture(5, 41, 0)];
    actions.clear();
    rules.encode_moves(&state, &steps, &mut actions).unwrap();
    assert_eq!(actions, [number(3, 40, 0), number(5, 41, 0)]);
    let five: Vec<Move> = (0..5).map(|i| capture(3, 40, 1 << (10 + i))).collect();
    assert!(rules.encode_moves(&state, &five, &mut Vec::new()).is_err());
    assert_eq!(rules.encode_move(&state, &five, 3), Ok(number(3, 40, 3)));
    assert!(rules.encode_move(&state, &five, 4).is_err());
}

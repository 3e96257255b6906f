//! Perft on the test games of `tafel-testkit`: counts checked by hand on small positions and
//! against a plain recursive count on random ones, with chance outcomes (the dice race's die)
//! counted as part of the ply they precede.

use proptest::prelude::*;
use rand::SeedableRng;
use tafel_core::game::GameExt;
use tafel_core::perft::{perft, perft_divide};
use tafel_core::{Game, Status};
use tafel_testkit::games::{DiceRace, TeamNim};
use tafel_testkit::positions::random_position;

/// The number of move sequences of exactly `depth` plies from `state`, by the definition:
/// a chance outcome and the move after it are one ply; a finished game before the last ply
/// counts nothing.
fn naive<G: Game>(game: &G, state: &G::State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    match game.status(state) {
        Status::Over(_) => 0,
        Status::Chance => game
            .legal_move_vec(state)
            .into_iter()
            .map(|roll| naive(game, &game.after(state, roll), depth))
            .sum(),
        Status::ToMove(_) => game
            .legal_move_vec(state)
            .into_iter()
            .map(|mv| naive(game, &game.after(state, mv), depth - 1))
            .sum(),
    }
}

#[test]
fn the_dice_race_counts_every_roll_with_the_move_after_it() {
    let start = DiceRace.start();
    // Three rolls, each followed by two choices: 6 sequences of one ply, 6 x 6 of two, and
    // 6 x 6 x 6 of three (no runner can reach square 6 before its second move has ended).
    assert_eq!(perft(&DiceRace, &start, 0), 1);
    assert_eq!(perft(&DiceRace, &start, 1), 6);
    assert_eq!(perft(&DiceRace, &start, 2), 36);
    assert_eq!(perft(&DiceRace, &start, 3), 216);
    // A wins on the third ply by rolling 3 and advancing twice while B advanced in between
    // (three rolls): those 3 sequences end early and count nothing at depth 4 (instead of
    // the 6 continuations each of the others has).
    assert_eq!(perft(&DiceRace, &start, 4), 6 * 6 * 6 * 6 - 3 * 6);
    // Divide: each roll and the move after it, in the game's order, with the count below.
    let divide = perft_divide(&DiceRace, &start, 2);
    let labels: Vec<&str> = divide.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(labels, ["1 10", "1 11", "2 10", "2 11", "3 10", "3 11"]);
    assert!(divide.iter().all(|(_, n)| *n == 6));
    // With the die already rolled, a ply is one move.
    let rolled = DiceRace.parse_position("0,0 0 A 2").unwrap();
    assert_eq!(perft(&DiceRace, &rolled, 1), 2);
    assert_eq!(perft(&DiceRace, &rolled, 2), 12);
}

#[test]
fn a_game_that_ends_before_the_depth_counts_nothing() {
    let one = TeamNim.parse_position("1 N").unwrap();
    assert_eq!(perft(&TeamNim, &one, 1), 1);
    assert_eq!(perft(&TeamNim, &one, 2), 0);
    // Two stones: taking both ends the game at once; taking one leaves E one stone.
    let two = TeamNim.parse_position("2 N").unwrap();
    assert_eq!(perft(&TeamNim, &two, 1), 2);
    assert_eq!(perft(&TeamNim, &two, 2), 1);
    assert_eq!(
        perft_divide(&TeamNim, &two, 2),
        [("1".into(), 1), ("2".into(), 0)]
    );
    // A finished position is a leaf at depth 0 and nothing deeper.
    let over = TeamNim.parse_position("0 E").unwrap();
    assert_eq!(perft(&TeamNim, &over, 0), 1);
    assert_eq!(perft(&TeamNim, &over, 1), 0);
    assert!(perft_divide(&TeamNim, &over, 1).is_empty());
    // Ten stones: every sequence of 1s and 2s, since four moves take at most 8 stones.
    let start = TeamNim.start();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&TeamNim, &start, d)).collect();
    assert_eq!(counts, [2, 4, 8, 16]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn perft_and_divide_agree_with_the_definition(seed in any::<u64>(), plies in 0usize..12, depth in 1u32..5) {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let race = random_position(&DiceRace, &mut rng, plies);
        let expected = naive(&DiceRace, &race, depth);
        prop_assert_eq!(perft(&DiceRace, &race, depth), expected);
        let divided: u64 = perft_divide(&DiceRace, &race, depth).iter().map(|(_, n)| n).sum();
        prop_assert_eq!(divided, expected);
        let nim = random_position(&TeamNim, &mut rng, plies);
        let expected = naive(&TeamNim, &nim, depth);
        prop_assert_eq!(perft(&TeamNim, &nim, depth), expected);
        let divided: u64 = perft_divide(&TeamNim, &nim, depth).iter().map(|(_, n)| n).sum();
        prop_assert_eq!(divided, expected);
    }
}

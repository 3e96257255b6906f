//! The searchers on Kauri: forced wins found, and no free capture given away at the middle
//! level.

mod support;

use support::{assert_levels_find_the_win, level_agent};
use tafel_core::game::GameExt;
use tafel_core::{Game, Status};
use tafel_games::kauri::{Kauri, State};

fn game() -> Kauri {
    Kauri::new(Default::default()).unwrap()
}

/// Positions near the end where exactly one sowing wins at once (it takes the last seeds).
const WIN_IN_ONE: &[(&str, &str)] = &[
    (
        "A/1+0,1+0,0+0,0+1,0+0,0+1/0+1,0+3,0+0,0+2,0+3,0+1/29,29",
        "E",
    ),
    (
        "A/0+1,1+0,0+0,0+0,0+1,0+1/0+1,0+3,0+0,0+2,0+3,0+0/29,30",
        "E",
    ),
    (
        "a/0+1,0+0,0+1,0+0,0+0,0+4/0+2,0+0,0+4,3+0,0+0,0+0/29,28",
        "f",
    ),
];

/// Positions where exactly one sowing forces a win with the mover's next sowing.
const WIN_IN_TWO: &[(&str, &str)] = &[
    (
        "A/1+0,1+0,0+2,0+0,0+1,0+1/0+3,0+1,0+2,0+0,0+2,0+0/29,29",
        "C",
    ),
    (
        "a/0+1,0+0,0+1,0+5,0+3,0+2/1+0,0+0,0+0,3+0,0+0,0+0/28,28",
        "c",
    ),
    (
        "A/1+0,0+0,0+1,0+1,0+2,0+1/0+0,0+0,0+2,0+4,0+0,1+1/28,30",
        "F",
    ),
];

/// Positions where no sowing captures, some sowings let the opponent capture three seeds or
/// more at once and the others let him capture nothing.
const FREE_CAPTURES: &[&str] = &[
    "a/3+0,2+0,0+2,1+0,14+4,7+1/1+0,2+1,1+1,1+1,3+1,7+1/4,14",
    "a/0+1,0+0,0+1,0+1,0+1,7+0/2+0,0+1,1+0,0+0,5+7,0+0/20,25",
    "a/1+0,2+0,6+2,0+1,0+1,12+0/6+0,1+0,6+4,6+4,0+0,1+0/3,16",
    "A/3+3,0+0,1+0,1+0,1+3,4+2/0+1,12+0,0+1,0+1,0+1,0+0/25,13",
    "a/6+0,3+0,0+1,3+2,4+1,7+3/0+0,0+3,8+1,14+1,3+0,5+0/6,1",
    "a/9+0,0+1,1+0,2+1,7+1,9+4/2+1,1+4,1+0,1+0,6+0,8+0/7,6",
];

#[test]
fn every_level_from_the_middle_up_wins_in_one() {
    let game = game();
    for &(code, mv) in WIN_IN_ONE {
        assert_levels_find_the_win(&game, code, mv, 1, &[3, 4, 5]);
    }
}

#[test]
fn the_upper_levels_win_in_two() {
    let game = game();
    for &(code, mv) in WIN_IN_TWO {
        assert_levels_find_the_win(&game, code, mv, 3, &[3, 4, 5]);
    }
}

/// The most seeds one move of the player to move in `state` captures directly.
fn best_capture(game: &Kauri, state: &State) -> u8 {
    game.legal_move_vec(state)
        .into_iter()
        .map(|mv| game.apply_counting(&mut state.clone(), mv).0)
        .max()
        .unwrap_or(0)
}

#[test]
fn the_middle_level_gives_no_capture_away() {
    let game = game();
    for code in FREE_CAPTURES {
        let state = game.parse_position(code).unwrap();
        let given: Vec<u8> = game
            .legal_move_vec(&state)
            .into_iter()
            .map(|mv| {
                let mut after = state.clone();
                assert_eq!(game.apply_counting(&mut after, mv).0, 0, "{code}");
                assert!(matches!(game.status(&after), Status::ToMove(_)));
                best_capture(&game, &after)
            })
            .collect();
        assert!(given.contains(&0), "{code}: {given:?}");
        assert!(given.iter().all(|&g| g == 0 || g >= 3), "{code}: {given:?}");
        let chosen = level_agent(&game, 3, 1).choose(&game, &state).unwrap().mv;
        let after = game.after(&state, chosen);
        assert_eq!(
            best_capture(&game, &after),
            0,
            "{code}: level 3 played {chosen:?}"
        );
    }
}

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

/// Positions where no sowing captures and some sowings give the opponent a free capture (see
/// [`gives_free_capture`]) while others give him no capture at all (found by random play).
/// Two more positions found are left out because every search, to depth 18, prefers the
/// sowing that gives seeds away (it wins them back later, beyond the one reply this test
/// looks at): `a/3+0,2+0,0+2,1+0,14+4,7+1/1+0,2+1,1+1,1+1,3+1,7+1/4,14` (`f`, the position
/// is lost anyway, about -0.9) and `a/6+0,3+0,0+1,3+2,4+1,7+3/0+0,0+3,8+1,14+1,3+0,5+0/6,1`
/// (`c`, about +0.8).
const FREE_CAPTURES: &[&str] = &[
    "a/0+1,0+0,0+1,0+1,0+1,7+0/2+0,0+1,1+0,0+0,5+7,0+0/20,25",
    "a/1+0,2+0,6+2,0+1,0+1,12+0/6+0,1+0,6+4,6+4,0+0,1+0/3,16",
    "A/3+3,0+0,1+0,1+0,1+3,4+2/0+1,12+0,0+1,0+1,0+1,0+0/25,13",
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

/// Whether the opponent, to move in `after`, can capture seeds that the mover cannot win
/// back (at least as many) with his next sowing: a capture given away, not a sacrifice.
fn gives_free_capture(game: &Kauri, after: &State) -> bool {
    game.legal_move_vec(after).into_iter().any(|reply| {
        let mut next = after.clone();
        let taken = game.apply_counting(&mut next, reply).0;
        taken > 0 && best_capture(game, &next) < taken
    })
}

#[test]
fn the_middle_level_gives_no_capture_away() {
    let game = game();
    for code in FREE_CAPTURES {
        let state = game.parse_position(code).unwrap();
        let moves = game.legal_move_vec(&state);
        for &mv in &moves {
            let mut after = state.clone();
            assert_eq!(game.apply_counting(&mut after, mv).0, 0, "{code}");
            assert!(matches!(game.status(&after), Status::ToMove(_)));
        }
        let after = |mv| game.after(&state, mv);
        assert!(
            moves
                .iter()
                .any(|&mv| gives_free_capture(&game, &after(mv))),
            "{code}"
        );
        assert!(
            moves.iter().any(|&mv| best_capture(&game, &after(mv)) == 0),
            "{code}"
        );
        let chosen = level_agent(&game, 3, 1).choose(&game, &state).unwrap().mv;
        assert!(
            !gives_free_capture(&game, &after(chosen)),
            "{code}: level 3 played {chosen:?}"
        );
    }
}

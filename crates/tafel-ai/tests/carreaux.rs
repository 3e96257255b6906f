//! The searchers on Carreaux: forced wins found under the `rule=free` variant, and the
//! designer's rules seen never to let a colour connect.

mod support;

use std::collections::HashSet;

use support::assert_levels_find_the_win;
use tafel_core::game::GameExt;
use tafel_core::{Game, GameSettings, Status};
use tafel_games::carreaux::{Carreaux, CarreauxSettings};

/// The `rule=free group=mst` variant, in which colours do connect.
fn free() -> Carreaux {
    let mut settings = CarreauxSettings::default();
    settings.set("rule", "free").unwrap();
    settings.set("group", "mst").unwrap();
    Carreaux::new(settings).unwrap()
}

/// Positions (6 x 6, `rule=free`) where exactly one slide wins at once for the mover (a
/// slide wins for the colour it connects, whoever makes it).
const WIN_IN_ONE: &[(&str, &str)] = &[
    ("r:GGGBGB/BRGBBG/GRRBGB/GRGGBG/RRRGGB/GGR.RG:44", "e1"),
    ("b:B.GGGG/GBBBBG/GRRGBB/RGGGGB/RGGRRB/RGRRGG:75", "a6"),
    ("b:GGGGBG/GGBB.G/RRRBGB/GGGBBB/RRRGGB/RGGRRG:71", "e6"),
];

/// Positions where exactly one slide forces a connection of the mover's colour two slides of
/// his later, whatever the opponent does in between.
const WIN_IN_TWO: &[(&str, &str)] = &[
    ("r:GBGGBG/BGBBBG/RRRGGG/GRRRGB/BG.GGB/GGRRRG:120", "c3"),
    ("b:GGGBBG/GGBG.G/RRRBBB/GGGBGB/RRRGGB/RGGRRG:89", "d5"),
    ("r:GGGBBB/BBGGBG/GGBGGG/RRR.GB/RRRGRB/GGGRRG:92", "d2"),
];

#[test]
fn every_level_from_the_middle_up_wins_in_one() {
    let game = free();
    for &(code, mv) in WIN_IN_ONE {
        assert_levels_find_the_win(&game, code, mv, 1, &[3, 4, 5]);
    }
}

#[test]
fn the_strongest_level_wins_in_two() {
    let game = free();
    for &(code, mv) in WIN_IN_TWO {
        assert_levels_find_the_win(&game, code, mv, 3, &[5]);
    }
}

/// Every position reachable under the designer's (literal) rules from the start of `game`,
/// checked to be either still open or drawn for want of a lowering slide; returns how many
/// distinct positions were visited. Every literal slide lowers the total group value, so the
/// graph is acyclic and the walk ends.
fn assert_no_connection_reachable(game: &Carreaux) -> usize {
    let mut seen = HashSet::new();
    let mut stack = vec![game.start()];
    while let Some(state) = stack.pop() {
        if !seen.insert(game.hash(&state)) {
            continue;
        }
        match game.status(&state) {
            Status::Over(outcome) => assert!(
                outcome.winners.is_empty(),
                "{}: {}",
                game.format_position(&state),
                outcome.reason
            ),
            _ => stack.extend(
                game.legal_move_vec(&state)
                    .into_iter()
                    .map(|mv| game.after(&state, mv)),
            ),
        }
    }
    seen.len()
}

/// The fact `docs/ai.md` rests on: under the designer's rules no sequence of slides, whoever
/// plays them, connects a colour, from any start layout on any board size, with either group
/// rule; every game is a draw (with the default `stalemate=draw`).
#[test]
fn the_designers_rules_never_let_a_colour_connect() {
    for size in ["4", "6", "8", "10", "12"] {
        for layout in ["diag", "halves", "rows"] {
            for group in ["sum", "mst"] {
                let mut settings = CarreauxSettings::default();
                settings.set("size", size).unwrap();
                settings.set("layout", layout).unwrap();
                settings.set("group", group).unwrap();
                let positions = assert_no_connection_reachable(&Carreaux::new(settings).unwrap());
                assert!(positions > 1, "{size} {layout} {group}");
            }
        }
    }
}

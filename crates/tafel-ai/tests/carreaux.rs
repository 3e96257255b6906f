//! The searchers on Carreaux: forced wins found under the `rule=free` variant (the designer's
//! rules never let a colour connect), and the designer's rules seen to be a draw.

mod support;

use support::assert_levels_find_the_win;
use tafel_core::{Game, GameSettings};
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

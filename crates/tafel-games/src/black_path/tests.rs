//! Rules tests on positions built by hand, and the spec's reference figures.

use tafel_core::game::GameExt;
use tafel_core::perft::perft;
use tafel_core::settings::GameSettings;
use tafel_core::{Game, Player, Status};

use super::*;

fn game(size: &str, start: &str) -> BlackPath {
    BlackPath::new(
        BlackPathSettings::from_pairs("black-path", &[("size", size), ("start", start)]).unwrap(),
    )
    .unwrap()
}

fn play(game: &BlackPath, moves: &str) -> State {
    let mut state = game.start();
    for m in moves.split_whitespace() {
        let mv = game.parse_legal_move(&state, m).unwrap();
        game.apply(&mut state, mv);
    }
    state
}

fn open_end(game: &BlackPath, state: &State) -> (usize, usize, Side) {
    match state.end() {
        PathEnd::Open { cell, entry } => {
            let (r, c) = game.size().coords(cell as usize);
            (r, c, entry)
        }
        PathEnd::Boundary => panic!("the path is closed"),
    }
}

#[test]
fn perft_matches_the_spec_from_a_corner() {
    let g = game("3x3", "0,0,W");
    let expected = [3, 6, 12, 24, 42, 42, 72, 72];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&g, &g.start(), d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn perft_matches_the_spec_from_the_middle_of_a_side() {
    let g = game("3x3", "0,1,N");
    let expected = [3, 9, 15, 30, 42, 72];
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&g, &g.start(), d as u32 + 1), n, "depth {}", d + 1);
    }
}

#[test]
fn start_in_a_corner_one_tile_loses_at_once() {
    let g = game("8x8", "0,0,W");
    let start = g.start();
    // Tile 1 joins W and N: the path leaves through the top edge.
    let after1 = g.after(&start, 1);
    assert_eq!(after1.end(), PathEnd::Boundary);
    assert_eq!(
        g.status(&after1),
        Status::Over(tafel_core::Outcome::win(Player(1), REASON_BOUNDARY))
    );
    // Tile 2 sends it south, tile 3 east; both keep the game going.
    assert_eq!(open_end(&g, &g.after(&start, 2)), (1, 0, Side::N));
    assert_eq!(open_end(&g, &g.after(&start, 3)), (0, 1, Side::W));
}

#[test]
fn start_in_the_middle_of_a_side_no_tile_loses() {
    let g = game("3x3", "0,1,N");
    let start = g.start();
    assert_eq!(open_end(&g, &g.after(&start, 1)), (0, 0, Side::E));
    assert_eq!(open_end(&g, &g.after(&start, 2)), (0, 2, Side::W));
    assert_eq!(open_end(&g, &g.after(&start, 3)), (1, 1, Side::N));
}

/// The path from the west of the middle-left square: 1 1 2 3 2 1 2. The seventh tile, at the
/// middle-right square, sends the path back west through the cross in the centre and then
/// through the first tile's unused segment, down to the bottom-left square.
#[test]
fn a_placement_runs_through_several_filled_squares() {
    let g = game("3x3", "1,0,W");
    let before = play(&g, "1 1 2 3 2 1");
    assert_eq!(open_end(&g, &before), (1, 2, Side::S));
    let after = g.after(&before, 2);
    assert_eq!(open_end(&g, &after), (2, 0, Side::N));
    assert_eq!(g.format_position(&after), "12./132/.21");
    assert_eq!(g.status(&after), Status::ToMove(Player(1)));
}

#[test]
fn a_run_that_ends_on_the_boundary_loses_for_the_mover() {
    let g = game("3x3", "1,0,W");
    let state = g.parse_position("12./132/.21").unwrap();
    assert_eq!(g.status(&state), Status::ToMove(Player(1)));
    // Tile 2 at the bottom-left sends the path east into the filled square (2,1), whose tile 2
    // turns it south, off the board: the second player, who placed it, loses.
    let after = g.after(&state, 2);
    assert_eq!(after.end(), PathEnd::Boundary);
    assert_eq!(
        g.status(&after),
        Status::Over(tafel_core::Outcome::win(Player(0), REASON_BOUNDARY))
    );
    // The other two tiles run out at once, so the second player is lost here.
    for tile in [1, 3] {
        assert_eq!(g.after(&state, tile).end(), PathEnd::Boundary);
    }
}

#[test]
fn one_by_one_board_loses_for_the_first_player() {
    let g = game("1x1", "0,0,W");
    for tile in 1..=3 {
        let after = g.after(&g.start(), tile);
        assert_eq!(
            g.status(&after),
            Status::Over(tafel_core::Outcome::win(Player(1), REASON_BOUNDARY))
        );
    }
}

#[test]
fn exit_sides_are_accepted_as_moves() {
    let g = game("8x8", "0,0,W");
    let start = g.start();
    assert_eq!(g.parse_move(&start, "N").unwrap(), 1);
    assert_eq!(g.parse_move(&start, "s").unwrap(), 2);
    assert_eq!(g.parse_move(&start, "E").unwrap(), 3);
    let err = g.parse_move(&start, "W").unwrap_err().to_string();
    assert!(err.contains("enters through W"), "{err}");
    for bad in ["", "4", "0", "12", "x"] {
        assert!(g.parse_move(&start, bad).is_err(), "`{bad}` accepted");
    }
}

#[test]
fn position_codes_are_checked() {
    let g = game("3x3", "0,0,W");
    let bad = [
        ("..", "rows"),
        ("../.../...", "row 1 has 2 squares"),
        ("..4/.../...", "`4` is not"),
        ("3../.../..1", "not on the path"),
    ];
    for (code, expected) in bad {
        let err = g.parse_position(code).unwrap_err().to_string();
        assert!(err.contains(expected), "`{code}`: {err}");
    }
    let state = g.parse_position("3../.../...").unwrap();
    assert_eq!(open_end(&g, &state), (0, 1, Side::W));
    assert_eq!(g.status(&state), Status::ToMove(Player(1)));
    let over = g.parse_position("1../.../...").unwrap();
    assert!(matches!(g.status(&over), Status::Over(_)));
}

#[test]
fn settings_are_validated() {
    let err = |pairs: &[(&str, &str)]| match BlackPathSettings::from_pairs("black-path", pairs) {
        Err(e) => e.to_string(),
        Ok(s) => BlackPath::new(s).unwrap_err().to_string(),
    };
    assert!(err(&[("start", "1,1,W")]).contains("not on the boundary"));
    assert!(err(&[("size", "3x3"), ("start", "0,3,N")]).contains("not on the boundary"));
    assert!(err(&[("size", "0x4")]).contains("from 1"));
    assert!(err(&[("size", "33x33")]).contains("at most 1024"));
    assert!(err(&[("start", "0,0,Q")]).contains("not a side"));
    assert!(err(&[("start", "0,0")]).contains("ROW,COLUMN,SIDE"));
    assert!(BlackPath::new(
        BlackPathSettings::from_pairs("black-path", &[("size", "32x32"), ("start", "31,5,S")])
            .unwrap()
    )
    .is_ok());
    assert!(BlackPath::new(
        BlackPathSettings::from_pairs("black-path", &[("size", "1x1024"), ("start", "0,1023,E")])
            .unwrap()
    )
    .is_ok());
}

#[test]
fn picture_draws_the_path_and_its_end() {
    let g = game("3x3", "1,0,W");
    let state = g.parse_position("12./132/.21").unwrap();
    let expected = [
        "     0  1  2 ",
        "   +---------+",
        "   |         |",
        "  0| ┌──┐  · |",
        "   | │  │    |",
        "   | │  │    |",
        "  1|─╱──┼──┐ |",
        "   | │  │  │ |",
        "   | │  │  │ |",
        "  2| ●  └──┘ |",
        "   |         |",
        "   +---------+",
    ];
    assert_eq!(g.picture(&state), expected.join("\n"));
}

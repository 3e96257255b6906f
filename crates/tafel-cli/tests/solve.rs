//! `tafel solve`: exact results for Black Path, Carreaux and Kauri's tie-break phase.

mod common;
use common::{assert_error, run_ok};

#[test]
fn black_path_names_the_winner_and_a_winning_first_move() {
    let out = run_ok(&["solve", "black-path", "--set", "size=4x4"]);
    assert!(
        out.starts_with("first player wins\nwinning first move: "),
        "{out}"
    );
    assert!(out.contains("method: domino strategy"), "{out}");
    // The exact search confirms it.
    let out = run_ok(&["solve", "black-path", "--set", "size=4x4", "--search"]);
    assert!(
        out.starts_with("first player wins\nwinning first move: "),
        "{out}"
    );
    assert!(out.contains("method: exact search"), "{out}");
    // Odd x odd from a square not of the corners' colour: no tiling, the search decides.
    let out = run_ok(&[
        "solve",
        "black-path",
        "--set",
        "size=3x3",
        "--set",
        "start=0,1,N",
    ]);
    assert!(
        out.starts_with("second player wins\nmethod: exact search"),
        "{out}"
    );
    // The 1 x n exception: from the top of square 1 of 1 x 5 the first player runs west.
    let out = run_ok(&[
        "solve",
        "black-path",
        "--set",
        "size=1x5",
        "--set",
        "start=0,1,N",
    ]);
    // It wins by running the path along an even number of squares (2 westwards or 4
    // eastwards), never by turning it into the boundary.
    assert!(
        out.starts_with("first player wins\nwinning first move: "),
        "{out}"
    );
    assert!(!out.contains("leaves by S"), "{out}");
}

#[test]
fn black_path_solves_positions_and_prints_tables() {
    // After tile 3 on 2 x 2 from 0,0,W the second player is at (0,1), and the two squares
    // left form a domino for the first player.
    let out = run_ok(&[
        "solve",
        "black-path",
        "--set",
        "size=2x2",
        "--position",
        "3./..",
    ]);
    assert!(
        out.starts_with("first player wins\nmethod: domino strategy"),
        "{out}"
    );
    let out = run_ok(&[
        "solve",
        "black-path",
        "--set",
        "size=3x3",
        "--position",
        "3../.../...",
    ]);
    assert!(
        out.starts_with("second player wins\nwinning move: "),
        "{out}"
    );
    let out = run_ok(&["solve", "black-path", "--up-to", "2x3"]);
    assert!(out.contains("\n2x2  8  all  domino strategy  0"), "{out}");
    assert!(
        out.contains("\n1x1  4  none (second player wins from all)"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 7, "{out}");
}

#[test]
fn black_path_refusals_are_one_clear_line() {
    assert_error(
        &[
            "solve",
            "black-path",
            "--set",
            "size=9x9",
            "--set",
            "start=0,1,N",
        ],
        "the exact search handles at most 64",
    );
    assert_error(
        &[
            "solve",
            "black-path",
            "--set",
            "size=2x2",
            "--position",
            "1./..",
        ],
        "the game is over",
    );
    assert_error(&["solve", "black-path", "--up-to", "9x9"], "--up-to");
    assert_error(&["solve", "quarx"], "no solver for quarx");
    assert_error(&["solve", "chess"], "chess");
}

#[test]
fn carreaux_reports_the_whole_tree_under_both_stalemate_rules() {
    let out = run_ok(&["solve", "carreaux"]);
    assert!(out.starts_with("positions: 23 distinct"), "{out}");
    assert!(out.contains("game tree: 23 nodes, 4 games"), "{out}");
    assert!(out.contains("longest game: 6 plies"), "{out}");
    assert!(out.contains("stalemate=draw: draw (6 plies)"), "{out}");
    // With the loss rule, whoever faces the stalemate after 6 plies (Red) loses.
    assert!(
        out.contains("stalemate=mover-loses: Blue wins in 6 plies"),
        "{out}"
    );
    assert_error(&["solve", "carreaux", "--set", "rule=free"], "rule=free");
    assert_error(
        &[
            "solve",
            "carreaux",
            "--all-layouts",
            "--position",
            "r:.BGB/RGBG/GRGB/RGRG",
        ],
        "leave out --position",
    );
}

#[test]
fn kauri_solves_the_tie_break_phase() {
    assert_error(&["solve", "kauri"], "add --set tiebreak=old");
    assert_error(
        &[
            "solve",
            "kauri",
            "--set",
            "tiebreak=old",
            "--position",
            "a/5+1,5+1,5+1,5+1,5+1,5+1/5+1,5+1,5+1,5+1,5+1,5+1/0,0",
        ],
        "not in the tie-break phase",
    );
    // The mover has a single cowrie in `f`, which leaves his row: he has lost in 2 plies.
    let code = "a/0+0,0+0,0+0,0+0,0+0,0+1/0+1,0+2,0+2,0+2,0+2,0+2/30,30";
    let out = run_ok(&[
        "solve",
        "kauri",
        "--set",
        "tiebreak=old",
        "--position",
        code,
    ]);
    assert!(out.contains("tie-break phase: 1352078 positions"), "{out}");
    assert!(
        out.contains("first player (to move) loses in 2 plies"),
        "{out}"
    );
    assert!(out.contains("best move: f"), "{out}");
}

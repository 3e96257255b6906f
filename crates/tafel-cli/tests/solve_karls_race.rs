//! `tafel solve karls-race` on small positions: what it prints agrees with the table file it
//! writes and, with `--against random`, with the library's exact values; bad requests get
//! one-line errors.

use tafel_ai::solve::karls_race::{self, AgainstRandom, Table};
use tafel_core::game::GameExt;
use tafel_core::{Game, Player};
use tafel_games::karls_race::{KarlsRace, Move};

mod common;
use common::{assert_error, run_ok};

#[test]
fn solving_a_position_prints_what_the_written_table_holds() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("small.tafeltable");
    let code = "b:BGH:PQT";
    let out = run_ok(&[
        "solve",
        "karls-race",
        "--position",
        code,
        "--out",
        path.to_str().unwrap(),
        "--threads",
        "2",
    ]);
    let table = Table::open(&path).unwrap();
    assert_eq!(table.header().max_stones, 3);
    assert_eq!(table.header().origin, code);
    assert!(
        out.contains(&format!("positions solved: {}", table.index().len())),
        "{out}"
    );

    let game = KarlsRace::new(Default::default()).unwrap();
    let state = game.parse_position(code).unwrap();
    let p = table.probability(&state).unwrap();
    assert!(
        out.contains(&format!("Black wins with probability {p:.6}")),
        "{out}"
    );
    for die in 1..=6 {
        let rolled = game.after(&state, Move::Roll(die));
        let (mv, p) = table.best_move(&rolled).unwrap();
        let line = format!("  {die}: {:<4} {p:.6}", game.format_move(&rolled, mv));
        assert!(out.contains(&line), "`{line}` not in {out}");
    }
    assert!(out.contains("peak memory"), "{out}");
}

#[test]
fn solving_a_position_without_out_writes_no_table() {
    let dir = tempfile::tempdir().unwrap();
    let out = common::tafel()
        .current_dir(dir.path())
        .env("TAFEL_DATA", dir.path())
        .args(["solve", "karls-race", "--position", "w:K:L"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn bad_solve_requests_give_one_line_errors() {
    assert_error(&["solve", "no-such-game"], "no-such-game");
    assert_error(
        &["solve", "karls-race", "--set", "players=4"],
        "only the two-player game",
    );
    assert_error(
        &["solve", "karls-race", "--position", "w:T:P"],
        "already over",
    );
    assert_error(&["solve", "karls-race", "--position", "w:ZZ:P"], "position");
}

#[test]
fn against_random_prints_the_exact_values_for_both_colours() {
    let code = "b:BGH:PQT";
    let dir = tempfile::tempdir().unwrap();
    let out = common::tafel()
        .current_dir(dir.path())
        .env("TAFEL_DATA", dir.path())
        .args([
            "solve",
            "karls-race",
            "--against",
            "random",
            "--position",
            code,
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "no file");

    let game = KarlsRace::new(Default::default()).unwrap();
    let state = game.parse_position(code).unwrap();
    let hidden = tafel_ai::solve::NoProgress;
    let table = karls_race::solve(3, code, &hidden).unwrap();
    let best = AgainstRandom::best_response(3, &hidden).unwrap();
    for (colour, name, order) in [
        (Player(0), "White", "second"),
        (Player(1), "Black", "first"),
    ] {
        let perfect = AgainstRandom::perfect_player(&table, colour, &hidden).unwrap();
        let lines = [
            format!("computer as {name} (moves {order}):"),
            format!(
                "  best response to random play wins with probability {:.6}",
                best.probability(&state, colour).unwrap()
            ),
            format!(
                "  perfect player (level 6) wins with probability     {:.6}",
                perfect.probability(&state, colour).unwrap()
            ),
        ];
        for line in lines {
            assert!(stdout.contains(&line), "`{line}` not in {stdout}");
        }
    }
    assert!(
        stdout.contains("perfect player's table: solved in memory"),
        "{stdout}"
    );
}

#[test]
fn bad_against_requests_give_clear_errors() {
    assert_error(
        &[
            "solve",
            "karls-race",
            "--against",
            "random",
            "--position",
            "b5:AH:PT",
        ],
        "before the roll",
    );
    // Usage errors come from the argument parser, with its hint on further lines.
    for (args, expected) in [
        (
            &[
                "solve",
                "karls-race",
                "--against",
                "nobody",
                "--position",
                "w:K:L",
            ][..],
            "invalid value 'nobody' for '--against <OPPONENT>'",
        ),
        (
            &[
                "solve",
                "karls-race",
                "--against",
                "random",
                "--out",
                "x.tafeltable",
            ],
            "cannot be used with '--out <FILE>'",
        ),
    ] {
        let out = common::tafel().args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}

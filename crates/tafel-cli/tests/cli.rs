//! The `tafel` binary as a user runs it: exact output where the spec fixes it, and one-line
//! errors with a non-zero exit (never a panic) for every kind of bad input.

use predicates::prelude::*;

mod common;
use common::{assert_error, run_ok, tafel};

fn perft_lines(counts: &[u64]) -> String {
    counts
        .iter()
        .enumerate()
        .map(|(d, n)| format!("perft {} {n}\n", d + 1))
        .collect()
}

/// A perft figure from a spec: the game, its settings, an optional position code, and the
/// counts for depths 1, 2, ...
struct SpecPerft {
    game: &'static str,
    settings: &'static [&'static str],
    position: Option<&'static str>,
    counts: &'static [u64],
}

/// The perft figures of every spec, run through the command line.
const SPEC_PERFT: &[SpecPerft] = &[
    SpecPerft {
        game: "black-path",
        settings: &["size=3x3", "start=0,0,W"],
        position: None,
        counts: &[3, 6, 12, 24, 42, 42, 72, 72],
    },
    SpecPerft {
        game: "black-path",
        settings: &["size=3x3", "start=0,1,N"],
        position: None,
        counts: &[3, 9, 15, 30, 42, 72],
    },
    SpecPerft {
        game: "karls-race",
        settings: &[],
        position: None,
        counts: &[21, 441, 10008],
    },
    SpecPerft {
        game: "carreaux",
        settings: &[],
        position: None,
        counts: &[2, 4, 4, 4, 4, 4, 0],
    },
    SpecPerft {
        game: "kauri",
        settings: &[],
        position: None,
        counts: &[6, 36, 191, 976, 4501, 19763],
    },
    SpecPerft {
        game: "quarx",
        settings: &[],
        position: None,
        counts: &[228, 8460],
    },
];

#[test]
fn perft_prints_the_spec_figures() {
    for SpecPerft {
        game,
        settings,
        position,
        counts,
    } in SPEC_PERFT
    {
        let depth = counts.len().to_string();
        let mut args = vec!["perft", game, "--depth", &depth];
        for s in *settings {
            args.extend(["--set", s]);
        }
        if let Some(code) = position {
            args.extend(["--position", code]);
        }
        assert_eq!(run_ok(&args), perft_lines(counts), "{args:?}");
    }
}

#[test]
fn perft_from_a_position_code_and_divided() {
    let out = run_ok(&[
        "perft",
        "black-path",
        "--set",
        "size=3x3",
        "--position",
        "3../.../...",
        "--depth",
        "1",
    ]);
    assert_eq!(out, "perft 1 3\n");
    let out = run_ok(&[
        "perft",
        "black-path",
        "--set",
        "size=3x3",
        "--depth",
        "3",
        "--divide",
    ]);
    assert_eq!(out, "1 0\n2 6\n3 6\ntotal 12\n");
}

#[test]
fn games_lists_every_game_with_its_settings() {
    let out = run_ok(&["games"]);
    assert!(out.contains("black-path"));
    assert!(out.contains("size=8x8"));
    assert!(out.contains("start=0,0,W"));
    let json: serde_json::Value = serde_json::from_str(&run_ok(&["games", "--json"])).unwrap();
    assert_eq!(json[0]["name"], "black-path");
    assert_eq!(json[0]["settings"][0]["key"], "size");
}

#[test]
fn show_prints_code_picture_and_moves() {
    let out = run_ok(&["show", "black-path", "--set", "size=2x3"]);
    assert!(out.starts_with("code: .../...\n"), "{out}");
    assert!(out.contains('●'));
    assert!(out.contains("first player to move"));
    assert!(out.contains("legal: 1 2 3"));
}

#[test]
fn show_states_the_turn_once_even_when_the_picture_does() {
    for (game, turn) in [
        ("kauri", "first player to move"),
        ("carreaux", "Red to move"),
    ] {
        let out = run_ok(&["show", game]);
        assert_eq!(out.matches(turn).count(), 1, "{game}:\n{out}");
    }
}

#[test]
fn bad_input_gives_one_line_errors() {
    assert_error(&["show", "chess"], "unknown game `chess`");
    assert_error(
        &["show", "black-path", "--set", "colour=red"],
        "unknown setting `colour`",
    );
    assert_error(
        &["show", "black-path", "--set", "size=0x3"],
        "invalid value `0x3` for setting `size`",
    );
    assert_error(
        &["show", "black-path", "--set", "size"],
        "expected key=value",
    );
    assert_error(
        &["show", "black-path", "--set", "start=2,2,W"],
        "not on the boundary",
    );
    assert_error(
        &["show", "black-path", "--position", "..."],
        "invalid position code",
    );
    assert_error(&["perft", "black-path", "--depth", "0"], "at least 1");
    assert_error(
        &["replay", "black-path", "/nonexistent/record.txt"],
        "cannot read",
    );
    assert_error(
        &["play", "black-path", "--player2", "genius"],
        "unknown player `genius`",
    );
}

#[test]
fn every_game_rejects_garbage_codes_without_panicking() {
    let json: serde_json::Value = serde_json::from_str(&run_ok(&["games", "--json"])).unwrap();
    for game in json.as_array().unwrap() {
        let name = game["name"].as_str().unwrap();
        for code in [
            "",
            "x",
            "\u{1F600}",
            "////////",
            "0:0:0:0",
            &"9".repeat(500),
        ] {
            assert_error(&["show", name, "--position", code], "invalid position code");
        }
    }
}

#[test]
fn replay_names_the_first_illegal_move() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    std::fs::write(
        &path,
        "[Game \"black-path\"]\n[Settings \"size=3x3 start=0,0,W\"]\n\n1. 2\n2. 3\n3. 7\n",
    )
    .unwrap();
    assert_error(
        &["replay", "black-path", path.to_str().unwrap()],
        "move 3: invalid move `7`",
    );
    std::fs::write(
        &path,
        "[Game \"black-path\"]\n[Settings \"size=3x3 start=0,0,W\"]\n\n1. 1\n2. 2\n",
    )
    .unwrap();
    assert_error(
        &["replay", "black-path", path.to_str().unwrap()],
        "move 2: `2` comes after the end of the game",
    );
    std::fs::write(&path, "[Game \"kauri\"]\n\n1. f\n").unwrap();
    assert_error(
        &["replay", "black-path", path.to_str().unwrap()],
        "record of `kauri`",
    );
    std::fs::write(&path, "[Game \"black-path\"]\n[Result \"first player wins (the path ran into the boundary)\"]\n1. 1\n").unwrap();
    assert_error(
        &["replay", "black-path", path.to_str().unwrap()],
        "the moves give `second player wins",
    );
    std::fs::write(&path, "{\"game\": \"black-path\", \"moves\": [2, 3]}").unwrap();
    assert_error(
        &["replay", "black-path", path.to_str().unwrap()],
        "invalid record",
    );
}

#[test]
fn play_against_random_writes_a_record_that_replays() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["game.txt", "game.json"] {
        let record = dir.path().join(name);
        let input = "help\nmoves\n7\nundo\n".to_string() + &"3\n2\n1\n".repeat(40);
        let out = tafel()
            .args([
                "play",
                "black-path",
                "--set",
                "size=4x4",
                "--player2",
                "random",
                "--seed",
                "7",
            ])
            .args(["--record", record.to_str().unwrap()])
            .write_stdin(input)
            .output()
            .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success());
        assert!(
            stdout.contains("illegal move `7`") || stdout.contains("invalid move `7`"),
            "{stdout}"
        );
        assert!(stdout.contains("nothing to undo"), "{stdout}");
        assert!(stdout.contains("second player plays"), "{stdout}");
        assert!(
            stdout.contains("first player to move\nlegal: 1 2 3\n"),
            "{stdout}"
        );
        assert!(stdout.contains("game over: "), "{stdout}");
        let replayed = run_ok(&["replay", "black-path", record.to_str().unwrap()]);
        let result = stdout
            .lines()
            .find_map(|l| l.strip_prefix("game over: "))
            .unwrap();
        assert!(
            replayed.contains(&format!("result: {result}")),
            "{replayed}"
        );
    }
}

#[test]
fn undo_takes_back_the_human_move_and_the_reply() {
    let out = tafel()
        .args([
            "play",
            "black-path",
            "--set",
            "size=3x3",
            "--player2",
            "random",
            "--seed",
            "3",
        ])
        .write_stdin("3\nundo\nshow\nquit\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    // After the undo the board is empty again: the start picture appears a second time.
    let start = run_ok(&["show", "black-path", "--set", "size=3x3"]);
    let picture: String = start
        .lines()
        .skip(1)
        .take(12)
        .collect::<Vec<_>>()
        .join("\n");
    assert!(text.matches(&picture).count() >= 2, "{text}");
}

#[test]
fn input_ending_adjourns_the_game() {
    tafel()
        .args(["play", "black-path"])
        .write_stdin("2\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("adjourned"));
}

/// The spec's Kauri reference games, replayed by `tafel replay` from the fixture files.
#[test]
fn kauri_reference_games_replay_from_the_command_line() {
    let data = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tafel-games/tests/data/kauri/"
    );
    let corrected = run_ok(&[
        "replay",
        "kauri",
        &format!("{data}sandler-gering-2008-04-21-corrected.txt"),
    ]);
    assert!(
        corrected.contains("second player: 31") && corrected.contains("first player: 8"),
        "{corrected}"
    );
    let second = run_ok(&[
        "replay",
        "kauri",
        &format!("{data}sandler-gering-2008-04-29.txt"),
    ]);
    assert!(
        second.contains("first player: 33") && second.contains("second player: 22"),
        "{second}"
    );
    assert_error(
        &[
            "replay",
            "kauri",
            &format!("{data}sandler-gering-2008-04-21-printed.txt"),
        ],
        "move 5: `C` captures nothing",
    );
}

#[test]
fn every_game_plays_a_random_game_to_the_end_in_the_terminal() {
    let json: serde_json::Value = serde_json::from_str(&run_ok(&["games", "--json"])).unwrap();
    for game in json.as_array().unwrap() {
        let name = game["name"].as_str().unwrap();
        let out = tafel()
            .args([
                "play",
                name,
                "--player1",
                "random",
                "--player2",
                "random",
                "--seed",
                "11",
            ])
            .args(["--player3", "random", "--player4", "random"])
            .output()
            .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(stdout.contains("game over: "), "{name}: {stdout}");
    }
}

#[test]
fn bench_measures_every_figure_on_one_and_several_threads() {
    let out = run_ok(&[
        "bench",
        "karls-race",
        "--seconds",
        "0.05",
        "--threads",
        "2",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = json["rows"].as_array().unwrap();
    assert_eq!(
        rows.iter()
            .map(|r| r["threads"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        [1, 2]
    );
    for row in rows {
        assert_eq!(row["game"], "karls-race");
        for key in [
            "playouts_per_second",
            "perft_nodes_per_second",
            "mcts_iterations_per_second",
        ] {
            assert!(row[key].as_f64().unwrap() > 0.0, "{key}: {row}");
        }
    }
    let table = run_ok(&["bench", "black-path", "--seconds", "0.02", "--threads", "1"]);
    assert!(table.starts_with("game "), "{table}");
    assert_eq!(table.lines().count(), 2, "{table}");
    assert_error(
        &["bench", "black-path", "--seconds", "0"],
        "--seconds must be more than 0",
    );
    assert_error(
        &["bench", "black-path", "--threads", "0"],
        "--threads must be at least 1",
    );
    assert_error(&["bench", "go"], "unknown game `go`");
}

#[test]
fn bench_plays_a_fixed_number_of_seeded_playouts() {
    let json =
        |args: &[&str]| -> serde_json::Value { serde_json::from_str(&run_ok(args)).unwrap() };
    let first = json(&["bench", "kauri", "--playouts", "50", "--json"]);
    let row = &first["rows"][0];
    assert_eq!(row["game"], "kauri");
    assert_eq!(row["playouts"], 50);
    assert!(row["plies"].as_u64().unwrap() >= 50, "{row}");
    assert!(row["playouts_per_second"].as_f64().unwrap() > 0.0, "{row}");
    // Seeded: the same games every run.
    let again = json(&["bench", "kauri", "--playouts", "50", "--json"]);
    assert_eq!(again["rows"][0]["plies"], row["plies"]);
    let table = run_ok(&["bench", "karls-race", "--playouts", "10"]);
    assert!(table.starts_with("game "), "{table}");
    assert_eq!(table.lines().count(), 2, "{table}");
    assert_error(
        &["bench", "kauri", "--playouts", "0"],
        "--playouts must be at least 1",
    );
}

#[test]
fn tafel_quarx_loop_picks_the_loop_or_is_refused_with_the_reason() {
    // Every loop this processor runs plays the same seeded games; one it cannot run, or a
    // name of none, stops `tafel` before it does anything.
    let plies = |version: &str| {
        let out = tafel()
            .env("TAFEL_QUARX_LOOP", version)
            .args(["bench", "quarx", "--playouts", "30", "--json"])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        if !out.status.success() {
            assert!(
                stderr.contains("this processor lacks the instructions that loop needs"),
                "{version}: {stderr}"
            );
            return None;
        }
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        Some(json["rows"][0]["plies"].as_u64().unwrap())
    };
    let portable = plies("portable").expect("every processor runs the portable loop");
    for version in ["bmi2-no-pdep", "bmi2", "auto"] {
        if let Some(plies) = plies(version) {
            assert_eq!(plies, portable, "{version}");
        }
    }
    let out = tafel()
        .env("TAFEL_QUARX_LOOP", "bmi3")
        .arg("games")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: TAFEL_QUARX_LOOP=`bmi3` names no playout loop of Quarx \
         (auto, portable, bmi2-no-pdep, bmi2)\n"
    );
}

#[test]
fn bench_prints_the_search_signature() {
    // The command prints what the library computes (the library's test holds the numbers).
    let expected = tafel_ai::signature::total(&tafel_ai::signature::signature());
    let table = run_ok(&["bench", "--signature"]);
    assert_eq!(
        table.lines().last(),
        Some(format!("signature {expected}").as_str()),
        "{table}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&run_ok(&["bench", "kauri", "--signature", "--json"])).unwrap();
    let lines = json["lines"].as_array().unwrap();
    assert!(lines.iter().all(|l| l["game"] == "kauri"), "{json}");
    let sum: u64 = lines.iter().map(|l| l["nodes"].as_u64().unwrap()).sum();
    assert_eq!(json["total"].as_u64(), Some(sum));
    assert!(sum > 0);
}

#[test]
fn perft_checks_a_suite_and_fails_on_a_wrong_count() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.perft");
    std::fs::write(
        &good,
        "game black-path\nposition corner\nset size=3x3\ncode .../.../...\nperft 1 3\nperft 2 6\n",
    )
    .unwrap();
    let out = run_ok(&["perft", "--suite", good.to_str().unwrap()]);
    assert_eq!(
        out,
        "ok    corner (to depth 2)\nblack-path: 1 positions, 2 counts, all as the suite says\n"
    );
    let bad = dir.path().join("bad.perft");
    std::fs::write(
        &bad,
        "game black-path\nposition corner\nset size=3x3\ncode .../.../...\nperft 1 3\nperft 2 7\n",
    )
    .unwrap();
    let out = tafel()
        .args(["perft", "--suite", bad.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout)
        .contains("FAIL  corner: perft 2 is 6, the suite says 7"));
    let path = bad.to_str().unwrap();
    assert_error(&["perft", "--suite", path], "1 of 2 counts in");
    std::fs::write(
        &bad,
        "game black-path\nposition corner\ncode ./../...\nperft 1 3\n",
    )
    .unwrap();
    assert_error(
        &["perft", "--suite", path],
        "line 2: position `corner`: invalid position code",
    );
    std::fs::write(&bad, "game go\nposition a\ncode x\nperft 1 3\n").unwrap();
    assert_error(&["perft", "--suite", path], "line 1: unknown game `go`");
    // Usage errors come from the argument parser (several lines, with the usage).
    for (args, expected) in [
        (vec!["perft", "black-path"], "--depth"),
        (
            vec!["perft", "--suite", path, "--depth", "2"],
            "cannot be used with",
        ),
    ] {
        let out = tafel().args(&args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}

#[test]
fn trace_writes_every_position_and_stops_a_game_at_an_illegal_move() {
    let input = "123456 654321 3 c1-c2\n123456 654321 3 c1-d2 1\n";
    let out = tafel()
        .args(["trace", "einstein"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let games: Vec<Vec<&str>> = text
        .trim_end()
        .split("\n\n")
        .map(|g| g.lines().collect())
        .collect();
    assert_eq!(games.len(), 2, "{text}");
    // The start, then after each of the four moves.
    assert_eq!(games[0].len(), 5);
    assert!(games[0][0].starts_with("bs:...../...../...../...../.....\tchance\t123456 "));
    assert_eq!(
        games[0][2],
        "w:b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1\tchance\t1 2 3 4 5 6"
    );
    assert_eq!(
        games[0][3],
        "w3:b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1\tmove 0\tc1-c2 c1-b2 c1-b1"
    );
    assert_eq!(
        games[0][4],
        "b:b1b2b3../b4b5.../b6...w6/..w3w5w4/...w2w1\tchance\t1 2 3 4 5 6"
    );
    // The illegal step ends the second game with the reason; the roll after it is not played.
    assert_eq!(games[1].len(), 5);
    assert!(
        games[1][4].starts_with("error\tillegal move `c1-d2`; legal here: c1-c2"),
        "{}",
        games[1][4]
    );
}

#[test]
fn train_writes_weights_that_the_levels_take_and_a_bad_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let weights = dir.path().join("einstein.ntuple");
    let out = tafel()
        .args([
            "train", "einstein", "--seed", "3", "--games", "200", "--out",
        ])
        .arg(&weights)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let hint = |file: &std::path::Path| {
        tafel()
            .env("TAFEL_EINSTEIN_WEIGHTS", file)
            .args(["hint", "einstein", "--level", "3", "--position"])
            .arg("w3:b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1")
            .output()
            .unwrap()
    };
    assert!(hint(&weights).status.success());
    let bad = dir.path().join("bad.ntuple");
    std::fs::write(&bad, b"not weights").unwrap();
    let out = hint(&bad);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("error: TAFEL_EINSTEIN_WEIGHTS: weights file ")
            && stderr.contains("not a Tafel n-tuple weights file"),
        "{stderr}"
    );
    assert_error(
        &["train", "kauri", "--games", "1", "--out", "x"],
        "no learned evaluation",
    );
}

#[test]
fn standings_print_fides_tie_breaks_of_a_trf_file_as_fides_program_does() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let trf = format!("{root}/data/tie-breaks/round-robin/r0001.trf");
    let out = run_ok(&[
        "standings",
        "--trf",
        &trf,
        "--round-robin",
        "--tie-breaks",
        "BH SB DE WIN WON ARO",
    ]);
    // TieBreakServer's answer for r0001 (data/tie-breaks/round-robin.tsv), values as it
    // writes them.
    let expected = std::fs::read_to_string(format!("{root}/data/tie-breaks/round-robin.tsv"))
        .unwrap()
        .lines()
        .filter_map(|line| line.strip_prefix("r0001\t"))
        .map(|line| {
            line.split('\t')
                .map(|v| v.strip_suffix(".0").unwrap_or(v))
                .collect::<Vec<_>>()
                .join("\t")
        })
        .collect::<Vec<_>>();
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);
    assert_error(
        &["standings", "--trf", &trf, "--tie-breaks", "BH XX"],
        "unknown tie-break \"XX\"",
    );
    assert_error(&["standings", "--trf", "/nonexistent.trf"], "cannot read");
}

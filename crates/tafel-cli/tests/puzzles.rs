//! `tafel puzzles generate`: puzzles as JSON lines, the same for the same seed, and clear
//! errors for bad input.

mod common;
use common::{assert_error, run_ok};

#[test]
fn a_seed_gives_the_same_puzzles_as_json_lines() {
    let args = [
        "puzzles", "generate", "einstein", "--seed", "2", "--count", "3",
    ];
    let out = run_ok(&args);
    assert_eq!(out, run_ok(&args), "the same seed, other puzzles");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{out}");
    for (i, puzzle) in lines.iter().enumerate() {
        assert_eq!(puzzle["id"], format!("einstein-{:04}", i + 1));
        assert_eq!(puzzle["game"], "einstein");
        assert_eq!(puzzle["source"]["seed"], 2);
        assert_eq!(puzzle["solution"].as_array().unwrap().len(), 1, "{puzzle}");
        assert_eq!(puzzle["check"]["exact"], false, "{puzzle}");
    }
}

#[test]
fn bad_input_is_refused_in_one_line() {
    assert_error(&["puzzles", "generate", "chess"], "unknown game `chess`");
    assert_error(
        &["puzzles", "generate", "kauri", "--count", "0"],
        "ask for at least one puzzle",
    );
    assert_error(
        &["puzzles", "generate", "karls-race", "--set", "players=4"],
        "puzzles need a game of two players",
    );
}

/// Runs `tafel puzzles generate karls-race --count 1` with `extra` arguments and `$TAFEL_DATA`
/// in `data`, asserting success; returns standard error.
fn karls_race_summary(data: &std::path::Path, extra: &[&str]) -> String {
    let out = common::tafel()
        .env("TAFEL_DATA", data)
        .args(["puzzles", "generate", "karls-race", "--count", "1"])
        .args(extra)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{stderr}");
    stderr
}

#[test]
fn karls_race_says_which_table_made_its_puzzles_exact() {
    let dir = tempfile::tempdir().unwrap();
    let without = karls_race_summary(dir.path(), &[]);
    assert!(
        without.contains("exact values from: the endgame of up to 3 stones a side")
            && without.contains("no Karl's Race table at"),
        "{without}"
    );
    let path = dir.path().join("small.tafeltable");
    let progress = tafel_ai::solve::NoProgress;
    let table = tafel_ai::solve::karls_race::solve(2, "test", &progress).unwrap();
    table.write(&path).unwrap();
    let named = karls_race_summary(dir.path(), &["--table", path.to_str().unwrap()]);
    let expected = format!(
        "exact values from: the Karl's Race table {} (every position with up to 2 stones a side)",
        path.display()
    );
    assert!(named.contains(&expected), "{named}");
}

#[test]
fn a_table_is_refused_where_it_cannot_serve() {
    assert_error(
        &["puzzles", "generate", "kauri", "--table", "x.tafeltable"],
        "only Karl's Race is solved by a table",
    );
    assert_error(
        &[
            "puzzles",
            "generate",
            "karls-race",
            "--table",
            "/nowhere/x.tafeltable",
        ],
        "no Karl's Race table at /nowhere/x.tafeltable",
    );
}

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

//! `tafel analyze`: an annotated record that still replays, what the games are like, and the
//! fit of the scale's curve.

mod common;
use common::{assert_error, run_ok};

/// A 4 x 4 Black Path game between levels 1 and 2, written by `tafel match`.
fn black_path_record(dir: &std::path::Path) -> std::path::PathBuf {
    let records = dir.join("records");
    run_ok(&[
        "match",
        "black-path",
        "--set",
        "size=4x4",
        "--a",
        "ai:1",
        "--b",
        "ai:2",
        "--games",
        "1",
        "--records",
        records.to_str().unwrap(),
    ]);
    records.join("game-0001.txt")
}

#[test]
fn an_annotated_record_replays_to_the_same_end() {
    let dir = tempfile::tempdir().unwrap();
    let record = black_path_record(dir.path());
    let annotated = dir.path().join("annotated.txt");
    let out = run_ok(&[
        "analyze",
        "black-path",
        "--record",
        record.to_str().unwrap(),
        "--out",
        annotated.to_str().unwrap(),
    ]);
    assert!(out.contains("moves reviewed"), "{out}");
    for seat in ["first player: ", "second player: "] {
        assert!(out.contains(seat), "{out}");
    }
    assert!(out.contains("average loss"), "{out}");
    let text = std::fs::read_to_string(&annotated).unwrap();
    assert!(text.contains("[Annotator \"tafel analyze: "), "{text}");
    // 4 x 4 Black Path is solved: every comment is exact.
    assert!(text.contains("% exact}"), "{text}");
    let plain = run_ok(&["replay", "black-path", record.to_str().unwrap()]);
    let again = run_ok(&["replay", "black-path", annotated.to_str().unwrap()]);
    assert_eq!(plain, again);
}

#[test]
fn a_record_of_another_game_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let record = black_path_record(dir.path());
    assert_error(
        &["analyze", "kauri", "--record", record.to_str().unwrap()],
        "is a record of `black-path`, not `kauri`",
    );
}

#[test]
fn statistics_are_reproducible_and_plotted() {
    let dir = tempfile::tempdir().unwrap();
    let plots = dir.path().join("plots");
    let args = |threads: &'static str| {
        vec![
            "analyze",
            "karls-race",
            "--games",
            "24",
            "--players",
            "random",
            "--seed",
            "7",
            "--json",
            "--threads",
            threads,
        ]
    };
    let mut first = args("1");
    first.extend(["--plots", plots.to_str().unwrap()]);
    let one = run_ok(&first);
    let two = run_ok(&args("2"));
    assert_eq!(one, two, "the same seed on other threads gives other games");
    let stats: serde_json::Value = serde_json::from_str(&one).unwrap();
    assert_eq!(stats["games"], 24);
    let length = &stats["length"];
    let (min, max, mean) = (
        length["min"].as_f64().unwrap(),
        length["max"].as_f64().unwrap(),
        length["mean"].as_f64().unwrap(),
    );
    assert!(min <= mean && mean <= max && min > 0.0, "{length}");
    let histogram: u64 = stats["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|bar| bar[2].as_u64().unwrap())
        .sum();
    assert_eq!(histogram, 24);
    // Two seats, no draws in Karl's Race: every game is a first-player win or loss.
    let count = |key: &str| stats[key]["count"].as_u64().unwrap();
    assert_eq!(count("first_wins") + count("first_losses"), 24);
    assert_eq!(count("draws"), 0);
    let branching = stats["branching"].as_f64().unwrap();
    let complexity = stats["log10_complexity"].as_f64().unwrap();
    assert!((complexity - mean * branching.log10()).abs() < 1e-9);
    for name in [
        "karls-race-random-length.svg",
        "karls-race-random-branching.svg",
    ] {
        let svg = std::fs::read_to_string(plots.join(name)).unwrap();
        assert!(
            svg.starts_with("<svg") && svg.contains("karls-race"),
            "{name}"
        );
    }
    let text = run_ok(&[
        "analyze",
        "karls-race",
        "--games",
        "4",
        "--players",
        "random",
    ]);
    assert!(text.contains("game-tree complexity: "), "{text}");
    assert!(text.contains("first player wins: "), "{text}");
}

#[test]
fn the_fit_writes_its_data_and_curve() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_ok(&[
        "analyze",
        "kauri",
        "--fit",
        "--games",
        "4",
        "--levels",
        "1",
        "--per-game",
        "3",
        "--nodes",
        "500",
        "--data-dir",
        dir.path().to_str().unwrap(),
    ]);
    assert!(out.contains("curve: intercept "), "{out}");
    let csv = std::fs::read_to_string(dir.path().join("kauri.csv")).unwrap();
    let points = tafel_ai::scale::fit::parse_csv(&csv).unwrap();
    assert!(!points.is_empty() && points.len() <= 12);
    let json = std::fs::read_to_string(dir.path().join("kauri.json")).unwrap();
    let calibration = tafel_ai::scale::Calibration::parse(&json).unwrap();
    let curve = &calibration.curves[0];
    assert_eq!((curve.nodes, curve.fitted_on.games), (500, 4));
    assert_eq!(curve.fitted_on.positions, points.len() as u64);
    assert!(curve.fitted_on.command.contains("--fit"));
}

#[test]
fn bad_requests_are_refused() {
    assert_error(
        &["analyze", "kauri", "--games", "0"],
        "--games must be at least 1",
    );
    assert_error(
        &["analyze", "kauri", "--players", "human"],
        "the games are played by computer or random players",
    );
    assert_error(
        &["analyze", "kauri", "--record", "/nonexistent/record.txt"],
        "cannot read /nonexistent/record.txt",
    );
}

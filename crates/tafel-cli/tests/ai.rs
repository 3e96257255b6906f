//! The computer players through the command line: `tafel hint`, `tafel match` and `ai:LEVEL`
//! seats in `tafel play`.

mod common;
use common::{assert_error, run_ok, tafel};

/// A default-board Black Path position where only tile 2 wins: the opponent must then run the
/// path out within two more plies (checked by brute force in tafel-ai's tests).
const WIN_IN_FOUR: &str = "2..12.../3.131.../3.31..../231...../......../......../......../........";

#[test]
fn hint_names_the_winning_move_and_its_length() {
    let out = run_ok(&["hint", "black-path", "--position", WIN_IN_FOUR]);
    assert!(
        out.starts_with(
            "best move: 2\nevaluation: Second player to move: 100% win (exact); win in 4 plies\n"
        ),
        "{out}"
    );
    assert!(out.contains("search: analysis, alpha-beta"), "{out}");
    let out = run_ok(&[
        "hint",
        "black-path",
        "--position",
        WIN_IN_FOUR,
        "--level",
        "2",
    ]);
    assert!(out.contains("search: level 2, MCTS"), "{out}");
    // A searched estimate is labelled as one; Kauri has draws, so its chance to draw is given.
    let out = run_ok(&["hint", "kauri", "--nodes", "2000"]);
    assert!(
        out.contains("evaluation: First player to move: ") && out.contains("% draw (estimate)\n"),
        "{out}"
    );
    // Under the designer's rules Carreaux is solved: a draw, exact.
    let out = run_ok(&["hint", "carreaux"]);
    assert!(
        out.contains("evaluation: Red to move: 0% win, 100% draw (exact)\n"),
        "{out}"
    );
}

#[test]
fn hint_and_seats_refuse_bad_levels_and_finished_games() {
    assert_error(
        &["hint", "black-path", "--level", "9"],
        "black-path has no level 9 (levels are 1 to 6)",
    );
    assert_error(&["hint", "black-path", "--level", "0"], "no level 0");
    let over = "1......./......../......../......../......../......../......../........";
    assert_error(
        &["hint", "black-path", "--position", over],
        "nobody is to move",
    );
    assert_error(
        &["play", "black-path", "--player2", "ai:x"],
        "the level after `ai:` must be a number",
    );
    assert_error(&["play", "black-path", "--player2", "ai:7"], "no level 7");
    assert_error(
        &["match", "black-path", "--a", "human", "--b", "ai:1"],
        "a match needs computer players",
    );
    assert_error(
        &[
            "match",
            "black-path",
            "--a",
            "ai:1",
            "--b",
            "ai:1",
            "--games",
            "0",
        ],
        "--games must be at least 1",
    );
}

#[test]
fn two_computer_players_finish_a_game_whose_record_replays() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.txt");
    let record = record.to_str().unwrap();
    let args = [
        "play",
        "black-path",
        "--set",
        "size=4x4",
        "--player1",
        "ai:1",
        "--player2",
        "ai:3",
        "--seed",
        "4",
        "--record",
        record,
    ];
    let out = tafel().args(args).write_stdin("").output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("first player plays"), "{text}");
    assert!(text.contains("game over"), "{text}");
    let replayed = run_ok(&["replay", "black-path", record]);
    assert!(replayed.contains("wins"), "{replayed}");
    // The same seed plays the same game.
    let again = tafel().args(args).write_stdin("").output().unwrap();
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
}

#[test]
fn a_person_can_play_against_the_computer() {
    let out = tafel()
        .args([
            "play",
            "black-path",
            "--set",
            "size=3x3",
            "--player2",
            "ai:2",
            "--seed",
            "1",
        ])
        .write_stdin("3\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert!(text.contains("second player plays"), "{text}");
}

fn match_args<'a>(dir: &'a str, threads: &'a str) -> Vec<&'a str> {
    vec![
        "match",
        "black-path",
        "--set",
        "size=5x5",
        "--a",
        "ai:2",
        "--b",
        "random",
        "--games",
        "20",
        "--seed",
        "9",
        "--threads",
        threads,
        "--records",
        dir,
    ]
}

#[test]
fn a_match_reports_results_and_elo_and_writes_replayable_records() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_str().unwrap();
    let out = run_ok(&match_args(path, "2"));
    assert!(
        out.starts_with(
            "black-path: a = ai:2, b = random, 20 games, 0 random opening plies, seed 9\n"
        ),
        "{out}"
    );
    let counts: Vec<usize> = out
        .lines()
        .find_map(|l| l.strip_prefix("a: "))
        .unwrap()
        .split(", ")
        .map(|part| part.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(counts.iter().sum::<usize>(), 20, "{out}");
    assert!(
        out.contains("a as first player: ") && out.contains(" in 10 games"),
        "{out}"
    );
    assert!(out.contains("Elo difference a - b: "), "{out}");
    let mut records: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    records.sort();
    assert_eq!(records.len(), 20);
    assert!(records[0].ends_with("game-0001.txt"));
    for record in &records {
        let replayed = run_ok(&["replay", "black-path", record.to_str().unwrap()]);
        assert!(replayed.contains("wins"), "{replayed}");
    }
    // Reproducible from the seed, whatever the number of threads.
    let again = tempfile::tempdir().unwrap();
    assert_eq!(
        run_ok(&match_args(again.path().to_str().unwrap(), "1")),
        out
    );
    let first = std::fs::read_to_string(&records[3]).unwrap();
    assert_eq!(
        std::fs::read_to_string(again.path().join("game-0004.txt")).unwrap(),
        first
    );
}

#[test]
fn random_openings_are_shared_by_the_two_games_of_a_round() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_str().unwrap();
    run_ok(&[
        "match",
        "black-path",
        "--a",
        "ai:1",
        "--b",
        "ai:1",
        "--games",
        "4",
        "--opening",
        "6",
        "--records",
        path,
    ]);
    let moves = |n: usize| {
        let text = std::fs::read_to_string(dir.path().join(format!("game-000{n}.txt"))).unwrap();
        let movetext = text
            .lines()
            .filter(|l| !l.starts_with('['))
            .collect::<Vec<_>>()
            .join(" ");
        movetext
            .split_whitespace()
            .filter(|t| !t.ends_with('.'))
            .take(6)
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(moves(1), moves(2));
    assert_eq!(moves(3), moves(4));
    assert_ne!(moves(1), moves(3));
}

//! `tafel tournament` with engines that crash, hang and answer illegal moves, a program
//! speaking the protocol (`tafel engine` itself) and a Tafel level in process: every game is
//! played, recorded and replays; the faulty engines lose their games with the fault in the
//! record, and are started again. Engines are shell commands (variables, `cd` and `&&`), and
//! a hung engine is killed even when the shell did not `exec` it. And the SPRT stops a match
//! once it is decided. The statistics themselves are tested in `tafel-tournament` (elo,
//! pentanomial, sprt).

#![cfg(unix)]

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn tafel() -> Command {
    Command::cargo_bin("tafel").unwrap()
}

/// The folder of the scripted test engines.
const ENGINES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engines");

/// A scripted test engine from `tests/engines/`, run by `sh`.
fn script(name: &str) -> String {
    format!("cmd=sh {ENGINES}/{name}.sh")
}

/// The `tafel` binary under test.
fn tafel_bin() -> String {
    assert_cmd::cargo::cargo_bin("tafel").display().to_string()
}

/// Runs `tafel tournament --game einstein` with `engines` (`--engine` each) and `args`, the
/// records in `records`: whether it succeeded, its standard output and standard error.
fn tournament(engines: &[String], args: &[&str], records: &Path) -> (bool, String, String) {
    let mut command = tafel();
    command.args(["tournament", "--game", "einstein"]);
    for engine in engines {
        command.args(["--engine", engine]);
    }
    let output = command
        .args(args)
        .arg("--records")
        .arg(records)
        .output()
        .unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The records in `dir`, sorted.
fn records(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    files
}

/// The standings' row of `engine` in the final table: its words.
fn row<'a>(stdout: &'a str, engine: &str) -> Vec<&'a str> {
    let table = &stdout[stdout.find("games played").expect("the final table")..];
    table
        .lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>())
        .find(|words| words.get(1) == Some(&engine))
        .unwrap_or_else(|| panic!("no row for {engine} in\n{stdout}"))
}

#[test]
fn faulty_engines_lose_their_games_and_every_game_is_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("records");
    let program = format!("name=prog,cmd={} engine --seed 5,go=level 1", tafel_bin());
    let engines = [
        "name=L1,level=1".to_string(),
        program,
        format!("name=crash,{}", script("crash")),
        format!("name=hang,{}", script("hang")),
        format!("name=illegal,{}", script("illegal")),
    ];
    let args = ["--tc", "2+0.1", "--margin-ms", "100", "--concurrency", "2"];
    let (success, stdout, stderr) = tournament(&engines, &args, &out);
    assert!(success, "{stdout}\n{stderr}");
    // Five engines: ten pairings, each a pair of games.
    assert!(stdout.contains("20 games played"), "{stdout}");
    let files = records(&out);
    assert_eq!(files.len(), 20, "{files:?}");
    for file in &files {
        tafel()
            .args(["replay", "einstein"])
            .arg(file)
            .assert()
            .success();
    }
    let texts: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect();
    let of = |a: &str, b: &str| -> Vec<&String> {
        texts
            .iter()
            .filter(|t| {
                (t.contains(&format!("[Seat1 \"{a}\"]")) && t.contains(&format!("[Seat2 \"{b}\"]")))
                    || (t.contains(&format!("[Seat1 \"{b}\"]"))
                        && t.contains(&format!("[Seat2 \"{a}\"]")))
            })
            .collect()
    };
    // The level and the program play out both games by the rules, from the same opening
    // (the same start arrangements and first die: EinStein's first line of moves).
    let fair = of("L1", "prog");
    assert_eq!(fair.len(), 2);
    let first_line = |t: &str| {
        let line = t
            .lines()
            .find(|l| l.starts_with("1. "))
            .unwrap()
            .to_string();
        line.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(first_line(fair[0]), first_line(fair[1]));
    for text in &fair {
        assert!(!text.contains("Termination"), "{text}");
    }
    // Each faulty engine (its fault's label is its name) faults in every game it gets to
    // move in: its four games against the level and the program, and the two of its four
    // games against the other faulty engines in which it moves first (it wins the other two).
    for engine in ["crash", "hang", "illegal"] {
        let words = row(&stdout, engine);
        // #, name, games, wins, draws, losses, points
        assert_eq!(words[2..7], ["8", "2", "0", "6", "2.0"], "{words:?}");
        assert_eq!(words[words.len() - 2..], [engine, "6"], "{words:?}");
        // Its Elo against the field, by hand: pairs LL, LL, WL, WL, so a score of 0.25, Elo
        // −400·log10(3) = −190.85; pair variance ½·0.25² + ½·0.25² = 0.0625, standard error
        // √(0.0625/4) = 0.125, ±1.959964 of it: scores 0.005005 to 0.494996, Elo −919.38 to
        // −3.48, so ± 457.95.
        assert_eq!(words[8..11], ["-190.85", "+/-", "457.95"], "{words:?}");
    }
    let row_l1 = row(&stdout, "L1");
    assert_eq!(row_l1[2], "8");
    // The records say what happened: the crash with its exit status and standard error (in
    // every game: the engine was started again each time), the hang killed, the illegal move.
    for text in of("crash", "L1") {
        assert!(
            text.contains("[Termination \"rules infraction\"]"),
            "{text}"
        );
        assert!(text.contains("exit status: 3"), "{text}");
        assert!(text.contains("crash engine: giving up at go"), "{text}");
    }
    for text in of("hang", "prog") {
        assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
        assert!(text.contains("hung: no answer"), "{text}");
    }
    for text in of("illegal", "L1") {
        assert!(text.contains("illegal move `z9-z9`"), "{text}");
    }
    // The pairing block of fastchess's kind, for the level against the crashing engine: its
    // one pair won twice, WW.
    let block = &stdout[stdout
        .find("Results of L1 vs crash (2+0.1):")
        .expect(&stdout)..];
    let ptnml = block.lines().find(|l| l.starts_with("Ptnml")).unwrap();
    assert!(ptnml.starts_with("Ptnml(0-2): [0, 0, 0, 0, 1]"), "{block}");
}

#[test]
fn engines_are_shell_commands_with_variables_cd_and_and() {
    // Run as `sh -c COMMAND`: a variable before the program, and `cd DIR && ...` with a path
    // relative to DIR and a variable the script needs (`first.sh` starts $TAFEL_BIN beside it,
    // so without the variable it could not answer).
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("records");
    let engines = [
        "name=L1,level=1".to_string(),
        format!(
            "name=env,cmd=FOO=1 {} engine --seed 5,go=level 1",
            tafel_bin()
        ),
        format!(
            "name=cd,cmd=cd {ENGINES} && TAFEL_BIN={} bash ./first.sh",
            tafel_bin()
        ),
    ];
    let (success, stdout, stderr) = tournament(&engines, &["--tc", "5+0.1"], &out);
    assert!(success, "{stdout}\n{stderr}");
    assert!(stdout.contains("6 games played"), "{stdout}");
    let files = records(&out);
    assert_eq!(files.len(), 6, "{files:?}");
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        assert!(!text.contains("Termination"), "{text}");
        assert!(text.contains("[Result"), "{text}");
        tafel()
            .args(["replay", "einstein"])
            .arg(file)
            .assert()
            .success();
    }
    // Every engine played its four games (to the end: no record has a forfeit).
    for engine in ["L1", "env", "cd"] {
        assert_eq!(row(&stdout, engine)[2], "4", "{stdout}");
    }
}

#[test]
fn a_hung_engine_is_killed_also_when_the_shell_did_not_exec_it() {
    // `; exit 1` after the program keeps the shell waiting for it instead of `exec`ing it, so
    // the engine is the shell's child: killing the shell alone would leave it sleeping.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("records");
    let pids = dir.path().join("pids");
    let engines = [
        "name=L1,level=1".to_string(),
        format!(
            "name=hang,cmd=ENGINE_PID_FILE={} sh {ENGINES}/hang.sh; exit 1",
            pids.display()
        ),
    ];
    let args = ["--tc", "1+0.1", "--margin-ms", "100"];
    let (success, stdout, stderr) = tournament(&engines, &args, &out);
    assert!(success, "{stdout}\n{stderr}");
    let texts: Vec<String> = records(&out)
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect();
    assert_eq!(texts.len(), 2);
    assert!(
        texts.iter().all(|t| t.contains("hung: no answer")),
        "{texts:?}"
    );
    // Started once for each game (it was killed after the first), and no engine is left.
    let started: Vec<u32> = std::fs::read_to_string(&pids)
        .unwrap()
        .lines()
        .map(|line| line.parse().unwrap())
        .collect();
    assert_eq!(started.len(), 2, "{started:?}");
    for pid in started {
        assert!(!alive(pid), "the engine {pid} still runs");
    }
}

/// Whether process `pid` runs (exists and is not a zombie waiting to be reaped).
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        // `pid (name) STATE ...`
        let state = stat.rsplit(')').next().unwrap_or("").trim_start();
        !state.starts_with('Z') && !state.starts_with('X')
    })
}

#[test]
fn the_sprt_stops_the_match_once_it_is_decided() {
    // The level against an engine that loses every game: every pair is WW. With elo0 = 0,
    // elo1 = 200, alpha = beta = 0.05 the upper bound is ln(0.95/0.05) = 2.944; the logistic
    // pentanomial LLR (fastchess's formulas, LL..WD regularised to 0.001) is 0.4185 a WW
    // pair: 2.929 after 7 pairs, 3.347 after 8. So the match stops after 8 pairs, 16 games.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("records");
    let engines = [
        "name=L1,level=1".to_string(),
        format!("name=illegal,{}", script("illegal")),
    ];
    let sprt = ["--sprt", "elo0=0", "elo1=200", "alpha=0.05", "beta=0.05"];
    let args = [&["--rounds", "50", "--tc", "5+0.1"][..], &sprt].concat();
    let (success, stdout, stderr) = tournament(&engines, &args, &out);
    assert!(success, "{stdout}\n{stderr}");
    assert!(
        stdout.contains("SPRT decided (H1 accepted): 16 games played, 84 not"),
        "{stdout}"
    );
    assert!(
        stdout.contains("LLR: 3.35 (-2.94, 2.94) [0.00, 200.00]"),
        "{stdout}"
    );
    assert_eq!(records(&out).len(), 16);
}

#[test]
fn bad_tournaments_are_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let refuse = |args: &[&str], message: &str| {
        let (success, _, stderr) = tournament(&[], args, &dir.path().join("r"));
        assert!(!success);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    };
    refuse(&["--engine", "name=A,level=1"], "needs 2 to 32 engines");
    refuse(
        &["--engine", "name=A,level=1", "--engine", "name=A,level=2"],
        "two engines are named `A`",
    );
    refuse(
        &["--engine", "name=A,level=1", "--engine", "name=B,level=99"],
        "level",
    );
    let two = ["--engine", "name=A,level=1", "--engine", "name=B,level=2"];
    refuse(
        &[&two[..], &["--concurrency", "0"]].concat(),
        "--concurrency must be 1 to 64",
    );
    refuse(
        &[&two[..], &["--tc", "fast"]].concat(),
        "not a number of seconds",
    );
    refuse(
        &[
            &two[..],
            &["--sprt", "elo0=5", "elo1=0", "alpha=0.05", "beta=0.05"],
        ]
        .concat(),
        "elo0 (5) must be below elo1 (0)",
    );
    refuse(
        &[&two[..], &["--rounds", "1000000"]].concat(),
        "over the limit of 1000000",
    );
    tafel()
        .args(["tournament", "--game", "karls-race", "--set", "players=4"])
        .args(two)
        .assert()
        .failure()
        .stderr(predicates::str::contains("two-player games"));
}

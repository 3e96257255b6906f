//! `tafel` whose standard output is closed early (`tafel show quarx | head -1`) ends quietly,
//! as other command-line tools do: no panic, no message.

#![cfg(unix)]

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

fn tafel_path() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("tafel")
}

/// Runs `tafel args` with its standard output closed before it writes anything; returns its
/// standard error.
fn with_stdout_closed(args: &[&str]) -> String {
    let mut child = Command::new(tafel_path())
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Closing the only reading end makes every write to the pipe fail (EPIPE).
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn commands_end_quietly_when_their_output_is_closed() {
    for args in [
        &["show", "quarx"][..],
        &["games"],
        &["games", "--json"],
        &["perft", "black-path", "--set", "size=3x3", "--depth", "3"],
    ] {
        let stderr = with_stdout_closed(args);
        assert!(
            stderr.is_empty(),
            "tafel {args:?} complained about its closed output: {stderr}"
        );
    }
}

#[test]
fn show_quarx_piped_into_head_prints_one_line_and_no_panic() {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("'{}' show quarx | head -1", tafel_path().display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(first.starts_with("code: "), "{first}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
        "{stderr}"
    );
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn a_tournament_ends_quietly_when_its_output_is_closed() {
    // `tafel tournament` keeps SIGPIPE ignored (a write to a dead engine must not end the
    // referee), so its own output's closing is handled where it writes.
    let folder = tempfile::tempdir().unwrap();
    let records = folder.path().join("records");
    let stderr = with_stdout_closed(&[
        "tournament",
        "--game",
        "black-path",
        "--set",
        "size=3x3",
        "--engine",
        "name=A,level=1",
        "--engine",
        "name=B,level=1",
        "--tc",
        "5+0",
        "--records",
        records.to_str().unwrap(),
    ]);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

//! `tafel engine` as a process: replies flushed line by line while the input stays open, a
//! closed input ends it quietly, and a closed output does not make it complain. The protocol
//! itself is tested in-process (`src/commands/engine/tests.rs`).

#![cfg(unix)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn engine() -> Command {
    let mut command = Command::new(assert_cmd::cargo::cargo_bin("tafel"));
    command
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

#[test]
fn replies_come_at_once_and_a_closed_input_ends_the_engine_quietly() {
    let mut child = engine().spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    // Each reply is read while the input is still open: it was flushed.
    writeln!(input, "isready").unwrap();
    output.read_line(&mut line).unwrap();
    assert_eq!(line, "readyok\n");
    writeln!(input, "new karls-race\nplay 6\ngo nodes 500").unwrap();
    let mut lines = Vec::new();
    while !line.starts_with("bestmove ") {
        line.clear();
        output.read_line(&mut line).unwrap();
        lines.push(line.clone());
    }
    assert_eq!(lines[..2], ["ok\n", "ok\n"], "{lines:?}");
    drop(input);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(out.stdout.is_empty() && out.stderr.is_empty(), "{out:?}");
}

#[test]
fn a_closed_output_ends_the_engine_quietly() {
    let mut child = engine().spawn().unwrap();
    drop(child.stdout.take());
    let mut input = child.stdin.take().unwrap();
    // The engine may already be gone when the later lines are written.
    let _ = writeln!(input, "games\nnew quarx\ngo nodes 100\nshow");
    drop(input);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

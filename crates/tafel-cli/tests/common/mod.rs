//! Running the `tafel` binary from tests, shared by the command-line test files.
// Each test file uses its own subset of these helpers.
#![allow(dead_code)]

use assert_cmd::Command;

/// The `tafel` binary built for this test run.
pub fn tafel() -> Command {
    Command::cargo_bin("tafel").unwrap()
}

/// Runs `tafel` with `args` and returns standard output, asserting success.
pub fn run_ok(args: &[&str]) -> String {
    let out = tafel().args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "tafel {args:?} failed: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

/// Asserts that `tafel args` fails with a one-line error containing `expected`, and no panic.
pub fn assert_error(args: &[&str], expected: &str) {
    let out = tafel().args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "tafel {args:?} succeeded");
    assert!(
        !stderr.contains("panicked"),
        "tafel {args:?} panicked: {stderr}"
    );
    assert_eq!(
        stderr.trim_end().lines().count(),
        1,
        "tafel {args:?}: not one line: {stderr}"
    );
    assert!(
        stderr.contains(expected),
        "tafel {args:?}: `{expected}` not in: {stderr}"
    );
}

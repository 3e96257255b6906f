//! `cargo metadata --format-version 1 --locked | cargo run -p tafel-testkit --bin check-msrv`:
//! fails when a workspace member does not declare the workspace's `rust-version` or a locked
//! dependency needs a newer Rust than it (see `tafel_testkit::msrv`).

use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("check-msrv: reading standard input: {e}");
        return ExitCode::FAILURE;
    }
    let metadata: serde_json::Value = match serde_json::from_str(&input) {
        Ok(value) => value,
        Err(e) => {
            eprintln!("check-msrv: standard input is not `cargo metadata` JSON: {e}");
            return ExitCode::FAILURE;
        }
    };
    match tafel_testkit::msrv::check(&metadata) {
        Ok(version) => {
            let count = metadata["packages"].as_array().map_or(0, Vec::len);
            println!("rust-version {version}: no package of {count} needs a newer Rust");
            ExitCode::SUCCESS
        }
        Err(problems) => {
            for problem in problems {
                eprintln!("check-msrv: {problem}");
            }
            ExitCode::FAILURE
        }
    }
}

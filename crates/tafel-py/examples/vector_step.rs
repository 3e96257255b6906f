//! The batched step of `scripts/bench_peers_python.py`'s random policy without Python:
//! `sample_actions` then `step` on a vector of 1,024 positions (`--rows` for another number),
//! `--steps` times (default 1,000), for measuring and profiling the vector's own work; time it
//! in CPU seconds, which a loaded machine does not change as it does the wall clock:
//!
//! ```sh
//! cargo build --release -p tafel-py --example vector_step
//! /usr/bin/time -f %U target/release/examples/vector_step quarx --steps 300
//! perf record -g target/release/examples/vector_step quarx --steps 300
//! valgrind --tool=callgrind target/release/examples/vector_step quarx --steps 200
//! ```

use tafel_py::game::{game_names, load_game};

/// Positions per vector, as the bench script steps them.
const BATCH: usize = 1024;

fn main() {
    let mut names = Vec::new();
    let mut steps = 1000;
    let mut rows = BATCH;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--steps" {
            steps = args
                .next()
                .and_then(|s| s.parse().ok())
                .expect("--steps takes a whole number");
        } else if arg == "--rows" {
            rows = args
                .next()
                .and_then(|s| s.parse().ok())
                .expect("--rows takes a whole number");
        } else {
            names.push(arg);
        }
    }
    if names.is_empty() {
        names = game_names().into_iter().map(String::from).collect();
    }
    for name in names {
        let game = load_game(&name, &[]).expect("a game of the registry");
        let players = game.dyn_game().num_players();
        let mut vector = game.new_vector(rows, 1).expect("a vector");
        let (mut returns, mut done) = (vec![0.0; rows * players], vec![false; rows]);
        let mut actions = vec![0; rows];
        for _ in 0..steps {
            vector.sample_actions(&mut actions).expect("legal actions");
            returns.fill(0.0);
            done.fill(false);
            vector
                .step(&actions, None, &mut returns, &mut done)
                .expect("sampled actions are legal");
        }
        println!("{name}: {} plies", steps * rows);
    }
}

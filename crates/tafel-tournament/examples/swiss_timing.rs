//! Pairs a whole Swiss with seeded random results and prints how long each round took:
//! `cargo run --release -p tafel-tournament --example swiss_timing -- [PLAYERS] [ROUNDS]`
//! (default 40 players, 7 rounds). A measurement, not a test.

use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tafel_tournament::swiss::{pair_next_round, SwissSettings};
use tafel_tournament::{GameResult, Outcome, PlayedRound};

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>());
    let players = args
        .next()
        .map_or(Ok(40), |a| a)
        .expect("PLAYERS is a number");
    let rounds = args
        .next()
        .map_or(Ok(7), |a| a)
        .expect("ROUNDS is a number");
    let mut rng = SmallRng::seed_from_u64(2026);
    let ratings: Vec<u32> = (0..players).map(|_| rng.random_range(1000..2400)).collect();
    let settings = SwissSettings {
        rounds,
        bye_half_points: 2,
        seed: 7,
    };
    let mut played: Vec<PlayedRound> = Vec::new();
    let all = Instant::now();
    for round in 1..=rounds {
        let start = Instant::now();
        let paired = match pair_next_round(&settings, &ratings, &played, &[]) {
            Ok(paired) => paired,
            Err(error) => {
                println!("round {round}: {error}");
                break;
            }
        };
        println!(
            "round {round}: {} games paired in {:.1} ms",
            paired.games.len(),
            start.elapsed().as_secs_f64() * 1000.0
        );
        let results = paired
            .games
            .iter()
            .map(|&pairing| GameResult {
                pairing,
                outcome: match rng.random_range(0..3) {
                    0 => Outcome::FirstWon,
                    1 => Outcome::SecondWon,
                    _ => Outcome::Draw,
                },
            })
            .collect();
        played.push(PlayedRound {
            results,
            bye: paired.bye,
            requested: vec![],
        });
    }
    println!(
        "{players} players, {} rounds: {:.1} ms in all",
        played.len(),
        all.elapsed().as_secs_f64() * 1000.0
    );
}

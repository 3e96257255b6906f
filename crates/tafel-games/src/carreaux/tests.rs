//! Rules tests on positions built by hand, and the spec's reference figures.

use tafel_core::game::GameExt;
use tafel_core::perft::perft;
use tafel_core::settings::GameSettings;
use tafel_core::{Game, Player, Status};

use super::*;

fn game(pairs: &[(&str, &str)]) -> Carreaux {
    Carreaux::new(CarreauxSettings::from_pairs("carreaux", pairs).unwrap()).unwrap()
}

#[test]
fn explore() {
    for n in [4, 6, 8, 10, 12] {
        let t = std::time::Instant::now();
        let table = DistanceTable::compute(&Board::new(n));
        println!("{n}: sum {} max {} in {:?}", table.sum(), table.max(), t.elapsed());
    }
    let g = game(&[]);
    let s = g.start();
    println!("{}\n{}", g.picture(&s), g.format_position(&s));
    println!("{:?}", g.legal_move_vec(&s).iter().map(|&m| g.format_move(&s, m)).collect::<Vec<_>>());
    println!("{:?}", g.totals_after(&s));
    for d in 1..=7 { println!("perft {d} {}", perft(&g, &s, d)); }
}

//! Rules tests on positions built by hand, and the spec's reference figures.

use tafel_core::game::GameExt;
use tafel_core::perft::perft;
use tafel_core::settings::GameSettings;
use tafel_core::{Game, Outcome, Player, Status};

use super::*;

fn game(pairs: &[(&str, &str)]) -> Quarx {
    Quarx::new(QuarxSettings::from_pairs("quarx", pairs).unwrap()).unwrap()
}

fn moves(game: &Quarx, state: &State) -> Vec<String> {
    let mut out: Vec<String> = game
        .legal_move_vec(state)
        .iter()
        .map(|&m| game.format_move(state, m))
        .collect();
    out.sort();
    out
}

#[test]
fn start_has_228_moves_and_perft_matches_the_spec() {
    let g = game(&[]);
    let start = g.start();
    assert_eq!(g.legal_move_vec(&start).len(), 228);
    assert!(g.legal_move_vec(&start).iter().all(|m| m.captured == 0));
    assert_eq!(perft(&g, &start, 1), 228);
    assert_eq!(perft(&g, &start, 2), 8460);
}

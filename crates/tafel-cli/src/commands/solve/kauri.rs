//! `tafel solve kauri`: the old tie-break phase (cowries only), solved by retrograde analysis.

use std::time::Instant;

use anyhow::{bail, Result};
use tafel_ai::solve::kauri::{best_move, PhaseValue, TiebreakTable};
use tafel_core::Game;
use tafel_games::kauri::{Kauri, Tiebreak};

use super::Args;

/// Solves the phase, prints its census and, with `--position`, the position's value and best
/// move.
pub fn run(args: &Args) -> Result<()> {
    let game: Kauri = super::build(args)?;
    if game.settings().tiebreak != Tiebreak::Old {
        bail!("only the old tie-break phase is solved: add --set tiebreak=old");
    }
    let state = match &args.target.position {
        Some(code) => {
            let state = game.parse_position(code)?;
            if !game.in_tiebreak(&state) {
                bail!("that position is not in the tie-break phase (it needs no seed on the board and equal stores)");
            }
            Some(state)
        }
        None => None,
    };
    let started = Instant::now();
    let table = TiebreakTable::solve();
    let elapsed = started.elapsed();
    let retro = table.retrograde();
    let (won, lost, drawn, longest) = retro.census();
    println!(
        "tie-break phase: {} positions per side to move ({} bytes), solved in {:.3} s",
        retro.positions(),
        retro.bytes(),
        elapsed.as_secs_f64()
    );
    println!("won for the mover: {won}; lost: {lost}; drawn (by repetition): {drawn}");
    println!("longest forced result: {longest} plies");
    if let Some(state) = state {
        let mover = game.player_name(state.side());
        match table.value(&game, &state) {
            Some(PhaseValue::Win(d)) => println!("{mover} (to move) wins in {d} plies"),
            Some(PhaseValue::Loss(d)) => println!("{mover} (to move) loses in {d} plies"),
            Some(PhaseValue::Draw) => println!("draw by repetition with perfect play"),
            None => bail!("the game is over"),
        }
        if let Some((mv, _)) = best_move(&table, &game, &state) {
            println!("best move: {}", game.format_move(&state, mv));
        }
    }
    Ok(())
}

//! `tafel solve karls-race --against random`: the computer's exact winning probability
//! against a uniformly random opponent, for the best response to random play and for the
//! perfect player (level 6), with the computer playing each colour.

use std::time::Instant;

use anyhow::{bail, Context, Result};
use tafel_ai::solve::karls_race::{self, AgainstRandom, Table, TableError};
use tafel_core::{Game, Player};
use tafel_games::karls_race::{KarlsRace, State};

use super::{error_bound, peak_memory, seconds, solve_karls_race, with_progress, Args};

/// White and Black, the two seats of the two-player game.
const COLOURS: [Player; 2] = [Player(0), Player(1)];

/// Computes and prints both probabilities for each colour of the computer in `state`.
pub fn run(args: &Args, game: &KarlsRace, state: &State, most: usize, origin: &str) -> Result<()> {
    if let Some(die) = state.die() {
        bail!(
            "give a position before the roll (this one has rolled {die}): the chances against \
             random play are computed before the die is cast"
        );
    }
    let started = Instant::now();
    let (table, source) = perfect_table(args, most, origin)?;
    let for_colours = |values: &AgainstRandom| -> Result<[f64; 2]> {
        let mut result = [0.0; 2];
        for (slot, &colour) in result.iter_mut().zip(&COLOURS) {
            *slot = values
                .probability(state, colour)
                .context("the position lies outside the table")?;
        }
        Ok(result)
    };
    let max_stones = table.index().max_stones();
    let best = with_progress(args.threads, |progress| {
        for_colours(&AgainstRandom::best_response(max_stones, progress)?)
    })?;
    let mut perfect = [0.0; 2];
    for (value, &colour) in perfect.iter_mut().zip(&COLOURS) {
        *value = with_progress(args.threads, |progress| {
            let values = AgainstRandom::perfect_player(&table, colour, progress)?;
            values
                .probability(state, colour)
                .context("the position lies outside the table")
        })?;
    }
    let elapsed = started.elapsed();

    let mover = game.player_name(state.to_move());
    println!(
        "Karl's Race, {origin}, {mover} to move: the computer against a uniformly random opponent"
    );
    println!(
        "  (the random player picks uniformly among its legal steps after each roll; exact \
         probabilities, to within {:.1e})",
        error_bound(state)
    );
    println!(
        "positions evaluated: {} (1 to {max_stones} stones a side), each with the computer to \
         move and with the random player to move",
        table.index().len()
    );
    println!("perfect player's table: {source}");
    for (i, &colour) in COLOURS.iter().enumerate() {
        let order = if colour == state.to_move() {
            "moves first"
        } else {
            "moves second"
        };
        let minimax = table
            .probability(state)
            .map(|p| {
                if colour == state.to_move() {
                    p
                } else {
                    1.0 - p
                }
            })
            .context("the position lies outside the table")?;
        println!("computer as {} ({order}):", game.player_name(colour));
        println!(
            "  best response to random play wins with probability {:.6} ({:.9})",
            best[i], best[i]
        );
        println!(
            "  perfect player (level 6) wins with probability     {:.6} ({:.9})",
            perfect[i], perfect[i]
        );
        println!("  (against best defence the perfect player wins with probability {minimax:.6})");
    }
    let mean = |pair: [f64; 2]| (pair[0] + pair[1]) / 2.0;
    println!(
        "both colours in turn (as `tafel match` alternates them): best response {:.6}, perfect \
         player {:.6}",
        mean(best),
        mean(perfect)
    );
    println!("time {} (three passes)", seconds(elapsed));
    if let Some(peak) = peak_memory() {
        println!("peak memory {peak}");
    }
    Ok(())
}

/// The perfect player's table and where it came from: `--table`, else (from the start) the
/// default table file, else solved in memory for the stones the position needs.
fn perfect_table(args: &Args, most: usize, origin: &str) -> Result<(Table, String)> {
    let solved_here = || -> Result<(Table, String)> {
        let table = solve_karls_race(most, origin, args.threads)?;
        Ok((table, "solved in memory".to_string()))
    };
    match (&args.table, &args.target.position) {
        (Some(path), _) => Ok((Table::open(path)?, path.display().to_string())),
        (None, Some(_)) => solved_here(),
        (None, None) => {
            let path = karls_race::default_path();
            match Table::open(&path) {
                Ok(table) => Ok((table, path.display().to_string())),
                Err(TableError::Missing(_)) => solved_here(),
                Err(error) => Err(error.into()),
            }
        }
    }
}

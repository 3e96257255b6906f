//! Games between computer players (or random ones) for `tafel analyze`: reproducible from a
//! seed, with what each position offered.

use anyhow::{Context, Result};
use rand::SeedableRng;
use tafel_ai::{AgentOptions, DynAgent};
use tafel_core::{DynGame, DynPosition, Player, Status};

use crate::commands::match_::{game_seed, random_opening};
use crate::commands::play::Seat;

/// One finished game.
pub struct PlayedGame {
    /// Every move and chance outcome, in notation.
    pub moves: Vec<String>,
    /// For each move made by a player (chance outcomes left out), in order: its index in
    /// `moves`, the seat to move and how many legal moves it had.
    pub decisions: Vec<Decision>,
    /// The decisions of the random opening (the first ones).
    pub opening: usize,
    /// The result for each seat (1 win, 1/2 draw, 0 loss).
    pub payoffs: Vec<f64>,
}

/// A position where a player chose.
#[derive(Clone, Copy)]
pub struct Decision {
    /// The move's index in the game's moves.
    pub index: usize,
    /// The seat to move.
    pub seat: Player,
    /// Its legal moves.
    pub choices: usize,
}

/// Plays game `index` of a series seeded by `seed` from `start`: seat `s` is played by
/// `seats[s % seats.len()]`, after `opening` random plies that do not end the game. Its
/// players, opening and dice depend only on `seed` and `index`.
pub fn play(
    game: &dyn DynGame,
    start: &dyn DynPosition,
    seats: &[Seat],
    opening: u32,
    seed: u64,
    index: u64,
) -> Result<PlayedGame> {
    let seed = game_seed(seed, index);
    let mut position = start.clone_box();
    let mut decisions = Vec::new();
    let mut moves = random_opening(&mut position, opening, !seed);
    // The opening was played from `start`: replay it to record its decisions.
    let mut replay = start.clone_box();
    for (index, mv) in moves.iter().enumerate() {
        if let Status::ToMove(seat) = replay.status() {
            decisions.push(Decision {
                index,
                seat,
                choices: replay.legal_moves().len(),
            });
        }
        replay.play(mv)?;
    }
    let opening = decisions.len();
    let mut agents: Vec<Box<dyn DynAgent>> = (0..game.num_players())
        .map(|s| {
            let options = AgentOptions::seeded(seed.wrapping_add(s as u64 + 1));
            seats[s % seats.len()]
                .agent(game, &options)?
                .context("the games are played by computer or random players only")
        })
        .collect::<Result<_>>()?;
    let mut dice = rand::rngs::StdRng::seed_from_u64(seed);
    loop {
        let mv = match position.status() {
            Status::Over(outcome) => {
                let payoffs = (0..game.num_players())
                    .map(|s| outcome.payoff(Player(s as u8)))
                    .collect();
                return Ok(PlayedGame {
                    moves,
                    decisions,
                    opening,
                    payoffs,
                });
            }
            Status::Chance => position
                .play_random(&mut dice)
                .expect("chance has outcomes"),
            Status::ToMove(seat) => {
                decisions.push(Decision {
                    index: moves.len(),
                    seat,
                    choices: position.legal_moves().len(),
                });
                let decision = agents[seat.index()].choose(position.as_ref())?;
                position.play(&decision.mv)?
            }
        };
        moves.push(mv);
    }
}

/// The position after the first `count` of `moves` from `start`.
pub fn position_after(
    start: &dyn DynPosition,
    moves: &[String],
    count: usize,
) -> Result<Box<dyn DynPosition>> {
    let mut position = start.clone_box();
    for mv in &moves[..count] {
        position.play(mv)?;
    }
    Ok(position)
}

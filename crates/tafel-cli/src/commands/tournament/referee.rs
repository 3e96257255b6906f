//! The referee of one game between two engines: it keeps the position, draws the dice, runs
//! both clocks, checks every answer, and ends the game when the rules do or when an engine is
//! at fault.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use tafel_core::record::Ending;
use tafel_core::{DynGame, DynPosition, Player, Status};
use tafel_tournament::pentanomial::GameScore;

use super::clock::{Clock, TimeControl};
use super::contender::{Contender, MoveRequest};
use super::fault::{Fault, FaultKind};

/// What a game is played from: the same for both games of a pair.
pub struct GameSetup<'a> {
    /// The game.
    pub game: &'a dyn DynGame,
    /// Its start.
    pub start: &'a dyn DynPosition,
    /// The start as the protocol's `position` command names it.
    pub start_command: &'a str,
    /// The opening's moves from the start (chance outcomes included).
    pub opening: &'a [String],
    /// The seed of the dice after the opening.
    pub dice_seed: u64,
    /// The seed of the in-process levels' searches.
    pub search_seed: u64,
    /// The clock.
    pub tc: TimeControl,
    /// Grace past the flag, and past it the wait for an answer.
    pub margin: Duration,
}

/// A finished game.
pub struct Played {
    /// Every move from the start, opening and chance outcomes included.
    pub moves: Vec<String>,
    /// How it ended when the rules did not end it.
    pub ending: Option<Ending>,
    /// What the first seat scored.
    pub first_seat: GameScore,
    /// The result in words.
    pub result: String,
    /// The seat at fault and its fault, if any.
    pub fault: Option<(usize, Fault)>,
}

/// Plays a game: `sides[0]` in the first seat, `sides[1]` in the second.
pub fn play(setup: &GameSetup, mut sides: [&mut Contender; 2]) -> Played {
    let game = setup.game;
    let mut position = setup.start.clone_box();
    let mut moves = Vec::new();
    for mv in setup.opening {
        moves.push(
            position
                .play(mv)
                .expect("the opening was played from this start"),
        );
    }
    for (seat, side) in sides.iter_mut().enumerate() {
        if let Err(fault) = side.start_game(game) {
            return forfeit(game, moves, seat, fault);
        }
    }
    let mut dice = rand::rngs::StdRng::seed_from_u64(setup.dice_seed);
    let mut clocks = [Clock::new(setup.tc); 2];
    loop {
        match position.status() {
            Status::Over(outcome) => {
                let first_seat = match outcome.payoff(Player(0)) {
                    p if p > 0.5 => GameScore::Win,
                    p if p < 0.5 => GameScore::Loss,
                    _ => GameScore::Draw,
                };
                return Played {
                    moves,
                    ending: None,
                    first_seat,
                    result: position.describe_status(),
                    fault: None,
                };
            }
            Status::Chance => moves.push(
                position
                    .play_random(&mut dice)
                    .expect("a chance position has outcomes"),
            ),
            Status::ToMove(player) => {
                let seat = player.index();
                let clock = &mut clocks[seat];
                let asked = Instant::now();
                let request = MoveRequest {
                    game,
                    start: setup.start_command,
                    moves: &moves,
                    position: position.as_ref(),
                    allotted: clock.allotment(),
                    deadline: asked + clock.remaining + setup.margin,
                    seed: setup.search_seed.wrapping_add(moves.len() as u64),
                };
                let answer = sides[seat].choose(&request);
                let used = asked.elapsed();
                let had = clock.remaining;
                let fault = match answer {
                    Err(fault) => fault,
                    Ok(_) if !clock.charge(used, setup.margin) => Fault::OutOfTime { used, had },
                    Ok(answered) => match position.play(&answered) {
                        Ok(canonical) => {
                            moves.push(canonical);
                            continue;
                        }
                        Err(e) => Fault::Illegal {
                            answered,
                            reason: e.to_string(),
                        },
                    },
                };
                return forfeit(game, moves, seat, fault);
            }
        }
    }
}

/// The game lost by `seat` for `fault`.
fn forfeit(game: &dyn DynGame, moves: Vec<String>, seat: usize, fault: Fault) -> Played {
    let seats = game.seats();
    let ending = match fault.kind() {
        FaultKind::Time => Ending::out_of_time(Player(seat as u8), &seats),
        FaultKind::Infraction => Ending::forfeited(Player(seat as u8), &seats),
    };
    Played {
        moves,
        result: ending.result.clone(),
        ending: Some(ending),
        first_seat: if seat == 0 {
            GameScore::Loss
        } else {
            GameScore::Win
        },
        fault: Some((seat, fault)),
    }
}

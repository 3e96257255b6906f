//! Swiss rounds under FIDE's Dutch system (FIDE Handbook C.04.3, the 2025 rules, in force since
//! 1 July 2025), for the server's tournaments: the rounds played so far, as the server keeps
//! them, become the field [`crate::dutch`] pairs, so the server and `tafel swiss --trf` pair by
//! the same code.
//!
//! **The field.** Entrants are given in the tournament's order with their ratings; their
//! pairing numbers follow the rating, highest first, ties in the tournament's order. Absent
//! entrants (withdrawn, or with a bye requested for the round) are not paired. A game counts as met and for colours only if it was played over the
//! board (forfeits were not); a forfeit win, like the pairing-allocated bye, bars the bye; the
//! bye and a forfeit win count as a downfloat, a forfeit loss or an absence as no float; a
//! requested bye counts as TRF's `H`, `Z` and `F` are read ([`crate::trf_read`]): its points,
//! a downfloat when it has any, and a full-point one bars the pairing-allocated bye.
//!
//! The lot for the initial colour (the side of pairing number 1 in round 1) is drawn from the
//! settings' seed.

use std::fmt;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::dutch::{self, Field, Float, Player};
use crate::{Entrant, Pairing, PlayedRound, Round, RoundError, Side};

/// The most entrants a Swiss pairs: the matching is cubic in the field, and the weights must
/// fit 120 bits (measured: see docs/tournaments.md).
pub const MAX_ENTRANTS: usize = 256;

/// How a Swiss tournament is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissSettings {
    /// The number of rounds, fixed in advance.
    pub rounds: usize,
    /// What the pairing-allocated bye scores, in half points (FIDE's default: 2, a win).
    pub bye_half_points: u32,
    /// The seed of the lot that draws the initial colour (who moves first on board 1 of round 1).
    pub seed: u64,
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwissError {
    /// The tournament has no rounds.
    NoRounds,
    /// More entrants than [`MAX_ENTRANTS`].
    TooManyEntrants {
        /// How many were given.
        entrants: usize,
    },
    /// Every round has been paired already.
    Finished {
        /// The number of rounds.
        rounds: usize,
    },
    /// A round so far is malformed.
    Round(RoundError),
    /// The absent list names an entrant that is not in the tournament.
    UnknownAbsent(Entrant),
    /// Fewer than two entrants are still playing.
    NotEnoughPlayers {
        /// How many are.
        active: usize,
    },
    /// No pairing keeps every pair from meeting twice and every player to one bye at most.
    NoLegalPairing {
        /// The round that cannot be paired.
        round: usize,
    },
}

impl fmt::Display for SwissError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwissError::NoRounds => write!(f, "a Swiss needs at least one round"),
            SwissError::TooManyEntrants { entrants } => write!(
                f,
                "{entrants} entrants: a Swiss pairs at most {MAX_ENTRANTS}"
            ),
            SwissError::Finished { rounds } => {
                write!(f, "all {rounds} rounds have been paired already")
            }
            SwissError::Round(error) => error.fmt(f),
            SwissError::UnknownAbsent(entrant) => write!(
                f,
                "the absent list names entrant {}, who is not in the tournament",
                entrant.0
            ),
            SwissError::NotEnoughPlayers { active } => write!(
                f,
                "{active} entrant(s) still playing: a round needs at least two"
            ),
            SwissError::NoLegalPairing { round } => write!(
                f,
                "round {round} cannot be paired: every pairing repeats a game, gives someone a \
                 second bye or pairs two players due the same colour"
            ),
        }
    }
}

impl std::error::Error for SwissError {}

/// The next round of a Swiss: `ratings` are the entrants' ratings in the tournament's order,
/// `played` the rounds so far with their results, `absent` the entrants not paired this round
/// (withdrawn, or with a bye requested for it).
pub fn pair_next_round(
    settings: &SwissSettings,
    ratings: &[u32],
    played: &[PlayedRound],
    absent: &[Entrant],
) -> Result<Round, SwissError> {
    if settings.rounds == 0 {
        return Err(SwissError::NoRounds);
    }
    if ratings.len() > MAX_ENTRANTS {
        return Err(SwissError::TooManyEntrants {
            entrants: ratings.len(),
        });
    }
    if played.len() >= settings.rounds {
        return Err(SwissError::Finished {
            rounds: settings.rounds,
        });
    }
    let mut players = history(ratings, played, settings.bye_half_points)?;
    let mut active = vec![true; ratings.len()];
    for &entrant in absent {
        *active
            .get_mut(entrant.0)
            .ok_or(SwissError::UnknownAbsent(entrant))? = false;
    }
    let numbers = pairing_numbers(ratings);
    let mut entrant_of = vec![Entrant(0); ratings.len() + 1];
    for (i, &number) in numbers.iter().enumerate() {
        entrant_of[number] = Entrant(i);
    }
    let mut i = 0;
    players.retain(|_| {
        i += 1;
        active[i - 1]
    });
    if players.len() < 2 {
        return Err(SwissError::NotEnoughPlayers {
            active: players.len(),
        });
    }
    let field = Field {
        players,
        round: played.len() + 1,
        rounds: settings.rounds,
        initial: initial_colour(settings.seed),
        absent_paired: absent
            .iter()
            .filter(|&&e| {
                played
                    .iter()
                    .any(|round| round.bye == Some(e) || round.game_of(e).is_some())
            })
            .map(|e| numbers[e.0])
            .collect(),
    };
    let pairing = dutch::pair(&field).map_err(|_| SwissError::NoLegalPairing {
        round: played.len() + 1,
    })?;
    Ok(Round {
        games: pairing
            .boards
            .iter()
            .map(|board| Pairing {
                first: entrant_of[board.first],
                second: entrant_of[board.second],
            })
            .collect(),
        bye: pairing.bye.map(|number| entrant_of[number]),
    })
}

/// Each entrant's pairing number (from 1): by rating, highest first, ties in the tournament's
/// order. TRF files number the players the same way.
pub fn pairing_numbers(ratings: &[u32]) -> Vec<usize> {
    let mut by_rating: Vec<usize> = (0..ratings.len()).collect();
    by_rating.sort_by_key(|&i| std::cmp::Reverse(ratings[i]));
    let mut numbers = vec![0; ratings.len()];
    for (place, &i) in by_rating.iter().enumerate() {
        numbers[i] = place + 1;
    }
    numbers
}

/// The side the higher-ranked player of board 1 gets in round 1, drawn by lot from `seed`.
pub fn initial_colour(seed: u64) -> Side {
    if SmallRng::seed_from_u64(seed).random::<bool>() {
        Side::First
    } else {
        Side::Second
    }
}

/// Every entrant as the Dutch system sees it (in the tournament's order), from the rounds so
/// far, checking that they name real entrants, once each per round.
pub(crate) fn history(
    ratings: &[u32],
    played: &[PlayedRound],
    bye_half_points: u32,
) -> Result<Vec<Player>, SwissError> {
    let n = ratings.len();
    let numbers = pairing_numbers(ratings);
    let mut players: Vec<Player> = numbers.iter().map(|&number| Player::new(number)).collect();
    for (index, round) in played.iter().enumerate() {
        round.check(n, index + 1).map_err(SwissError::Round)?;
        let before: Vec<u32> = players.iter().map(|p| p.score).collect();
        for (i, player) in players.iter_mut().enumerate() {
            let me = Entrant(i);
            let (side, float, points) = if let Some(game) = round.game_of(me) {
                let (first, second) = game.outcome.half_points();
                let mine = game.pairing.first == me;
                let (points, theirs) = if mine {
                    (first, second)
                } else {
                    (second, first)
                };
                let opponent = game.pairing.opponent_of(me).unwrap_or(me).0;
                if game.outcome.was_played() {
                    player.opponents.push(numbers[opponent]);
                    let float = match before[i].cmp(&before[opponent]) {
                        std::cmp::Ordering::Greater => Float::Down,
                        std::cmp::Ordering::Less => Float::Up,
                        std::cmp::Ordering::Equal => Float::None,
                    };
                    let side = if mine { Side::First } else { Side::Second };
                    (Some(side), float, points)
                } else {
                    // A forfeit win bars the bye (C2) and is a downfloat; a loss is neither.
                    player.bye_barred |= points > theirs;
                    let float = if points > 0 { Float::Down } else { Float::None };
                    (None, float, points)
                }
            } else if let Some(points) = round.requested_bye(me) {
                // As TRF's `H`, `Z` and `F` are read: a bye with points is a downfloat; only a
                // full-point bye bars the pairing-allocated one.
                player.bye_barred |= points >= 2;
                let float = if points > 0 { Float::Down } else { Float::None };
                (None, float, points)
            } else if round.bye == Some(me) {
                player.bye_barred = true;
                let float = if bye_half_points > 0 {
                    Float::Down
                } else {
                    Float::None
                };
                (None, float, bye_half_points)
            } else {
                (None, Float::None, 0)
            };
            player.score += points;
            player.colours.push(side);
            player.floats.push(float);
        }
    }
    Ok(players)
}

#[cfg(test)]
#[path = "swiss_tests.rs"]
mod tests;

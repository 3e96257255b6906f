//! A Swiss round paired by hand, checked against the Dutch system (C.04.3, 2025): whether it
//! pairs exactly the players present, and which of the system's rules each board breaks, so
//! that an organiser who changes a round's pairings sees what the change costs.
//!
//! Reported: the absolute criteria (C1, a rematch; C2, a second pairing-allocated bye), the
//! colour rules every non-topscorer is held to (a colour difference beyond ±2, the same colour
//! three times running), and, as the quality criteria weigh them, a pair of players with
//! different scores (C6) and a colour preference not granted (C12). A round the Dutch system
//! paired itself reports at most the quality criteria (and, in the last round, the colour rules
//! of topscorers).

use std::fmt;

use crate::dutch::colour::{difference, preference};
use crate::dutch::Player;
use crate::swiss::{history, SwissError, SwissSettings};
use crate::{Entrant, PlayedRound, Round, Side};

/// One rule of the Dutch system a round paired by hand breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Breach {
    /// C1: the two have met before.
    Rematch {
        /// Who moves first on the board.
        first: Entrant,
        /// Who moves second.
        second: Entrant,
    },
    /// C2: the pairing-allocated bye to a player who had it (or a forfeit win, or a full-point
    /// bye) before.
    SecondBye {
        /// The player.
        entrant: Entrant,
    },
    /// The side given leaves the player with a colour difference beyond ±2 or with the same
    /// colour three times running (C.04.3 1.6's absolute preference overruled).
    Colour {
        /// The player.
        entrant: Entrant,
        /// The side given.
        side: Side,
    },
    /// C6: the two have different scores before the round.
    ScoreGap {
        /// Who moves first on the board.
        first: Entrant,
        /// Who moves second.
        second: Entrant,
        /// The difference, in half points.
        half_points: u32,
    },
    /// C12: the player wanted the other side.
    Preference {
        /// The player.
        entrant: Entrant,
        /// The side given.
        side: Side,
    },
}

/// Why a round paired by hand is not a pairing of the round at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ManualError {
    /// The tournament so far cannot be read (see [`SwissError`]).
    Swiss(SwissError),
    /// An entrant present this round is on no board and has no bye.
    Unpaired(Entrant),
    /// An entrant is on two boards (or on a board and the bye).
    Twice(Entrant),
    /// An entrant absent this round (withdrawn, or with a bye asked for) is paired.
    Absent(Entrant),
    /// A board pairs an entrant with itself.
    Itself(Entrant),
}

impl fmt::Display for ManualError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ManualError::Swiss(error) => error.fmt(f),
            ManualError::Unpaired(e) => write!(f, "entrant {} is not paired", e.0),
            ManualError::Twice(e) => write!(f, "entrant {} is paired twice", e.0),
            ManualError::Absent(e) => write!(f, "entrant {} is absent this round", e.0),
            ManualError::Itself(e) => write!(f, "entrant {} is paired with itself", e.0),
        }
    }
}

impl std::error::Error for ManualError {}

/// Checks `round`, the next round of a Swiss paired by hand (`ratings`, `played` and `absent`
/// as for [`crate::swiss::pair_next_round`]): every entrant present is paired once (the bye
/// counting), and nobody absent is; then lists what each board breaks, board by board, the
/// bye last.
pub fn review(
    settings: &SwissSettings,
    ratings: &[u32],
    played: &[PlayedRound],
    absent: &[Entrant],
    round: &Round,
) -> Result<Vec<Breach>, ManualError> {
    let players = history(ratings, played, settings.bye_half_points).map_err(ManualError::Swiss)?;
    if let Some(game) = round.games.iter().find(|g| g.first == g.second) {
        return Err(ManualError::Itself(game.first));
    }
    let mut seen = vec![false; players.len()];
    let boards = round.games.iter().flat_map(|g| [g.first, g.second]);
    for entrant in boards.chain(round.bye) {
        let Some(slot) = seen.get_mut(entrant.0) else {
            return Err(ManualError::Swiss(SwissError::UnknownAbsent(entrant)));
        };
        if absent.contains(&entrant) {
            return Err(ManualError::Absent(entrant));
        }
        if std::mem::replace(slot, true) {
            return Err(ManualError::Twice(entrant));
        }
    }
    if let Some(missing) = (0..players.len()).find(|&i| !seen[i] && !absent.contains(&Entrant(i))) {
        return Err(ManualError::Unpaired(Entrant(missing)));
    }
    let last = played.len() + 1 >= settings.rounds;
    let topscorer = |p: &Player| last && p.score > played.len() as u32;
    let mut breaches = Vec::new();
    for game in &round.games {
        let (a, b) = (&players[game.first.0], &players[game.second.0]);
        if a.opponents.contains(&b.number) {
            breaches.push(Breach::Rematch {
                first: game.first,
                second: game.second,
            });
        }
        if a.score != b.score {
            breaches.push(Breach::ScoreGap {
                first: game.first,
                second: game.second,
                half_points: a.score.abs_diff(b.score),
            });
        }
        for (entrant, player, side) in
            [(game.first, a, Side::First), (game.second, b, Side::Second)]
        {
            let mut after = player.colours.clone();
            after.push(Some(side));
            let run = after
                .iter()
                .flatten()
                .rev()
                .take_while(|&&s| s == side)
                .count();
            if !topscorer(player) && (difference(&after).abs() > 2 || run >= 3) {
                breaches.push(Breach::Colour { entrant, side });
            } else if preference(&player.colours).is_some_and(|p| p.side != side) {
                breaches.push(Breach::Preference { entrant, side });
            }
        }
    }
    if let Some(entrant) = round.bye {
        if players[entrant.0].bye_barred {
            breaches.push(Breach::SecondBye { entrant });
        }
    }
    Ok(breaches)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swiss::pair_next_round;
    use crate::{GameResult, Outcome, Pairing};

    const SETTINGS: SwissSettings = SwissSettings {
        rounds: 4,
        bye_half_points: 2,
        seed: 7,
    };

    fn game(first: usize, second: usize, outcome: Outcome) -> GameResult {
        GameResult {
            pairing: Pairing {
                first: Entrant(first),
                second: Entrant(second),
            },
            outcome,
        }
    }

    fn played(games: Vec<GameResult>, bye: Option<usize>) -> PlayedRound {
        PlayedRound {
            results: games,
            bye: bye.map(Entrant),
            requested: Vec::new(),
        }
    }

    fn round(boards: &[(usize, usize)], bye: Option<usize>) -> Round {
        Round {
            games: boards
                .iter()
                .map(|&(first, second)| Pairing {
                    first: Entrant(first),
                    second: Entrant(second),
                })
                .collect(),
            bye: bye.map(Entrant),
        }
    }

    /// Five players (rated so that entrant i is pairing number i + 1) after two rounds. Round 1:
    /// 0 (white) beats 3, 1 (black) beats 4, 2 has the bye; round 2: 1 (white) and 0 draw,
    /// 2 (white) beats 4, 3 has the bye. Scores in half points: 0: 3, 1: 3, 2: 4, 3: 2, 4: 0;
    /// sides: 0 W B, 1 B W, 2 - W, 3 B -, 4 W B.
    fn two_rounds() -> Vec<PlayedRound> {
        vec![
            played(
                vec![
                    game(0, 3, Outcome::FirstWon),
                    game(4, 1, Outcome::SecondWon),
                ],
                Some(2),
            ),
            played(
                vec![game(1, 0, Outcome::Draw), game(2, 4, Outcome::FirstWon)],
                Some(3),
            ),
        ]
    }

    const RATINGS: [u32; 5] = [2000, 1900, 1800, 1700, 1600];

    #[test]
    fn the_dutch_systems_own_pairing_breaks_no_absolute_rule() {
        let played = two_rounds();
        let paired = pair_next_round(&SETTINGS, &RATINGS, &played, &[]).unwrap();
        let breaches = review(&SETTINGS, &RATINGS, &played, &[], &paired).unwrap();
        assert!(
            breaches
                .iter()
                .all(|b| matches!(b, Breach::ScoreGap { .. } | Breach::Preference { .. })),
            "{breaches:?}"
        );
    }

    #[test]
    fn a_rematch_a_second_bye_and_a_third_white_are_each_reported() {
        let played = two_rounds();
        // 3 and 0 met in round 1; 2 had the bye in round 1.
        let manual = round(&[(3, 0), (4, 1)], Some(2));
        let breaches = review(&SETTINGS, &RATINGS, &played, &[], &manual).unwrap();
        assert!(breaches.contains(&Breach::Rematch {
            first: Entrant(3),
            second: Entrant(0)
        }));
        assert!(breaches.contains(&Breach::SecondBye {
            entrant: Entrant(2)
        }));
        // 0 (W B) gets black: its mild preference for white not granted, but black twice
        // running is no colour breach; 3 (B), 4 (W B) and 1 (B W) get what they prefer.
        assert!(breaches.contains(&Breach::Preference {
            entrant: Entrant(0),
            side: Side::Second
        }));
        assert_eq!(
            breaches
                .iter()
                .filter(|b| matches!(b, Breach::Colour { .. } | Breach::Preference { .. }))
                .count(),
            1,
            "{breaches:?}"
        );
        // A third round, all drawn: 4 is W B B, 1 (a topscorer in the last round) W W after
        // B. Black again for 4 is three times running; white again for 1 is allowed to a
        // topscorer, but not what it prefers.
        let mut three = played.clone();
        three.push(played_round_with(&[(0, 4), (1, 2)], Some(3)));
        let manual = round(&[(1, 4), (0, 2)], Some(3));
        let breaches = review(&SETTINGS, &RATINGS, &three, &[], &manual).unwrap();
        assert!(
            breaches.contains(&Breach::Colour {
                entrant: Entrant(4),
                side: Side::Second
            }),
            "{breaches:?}"
        );
        assert!(breaches.contains(&Breach::Preference {
            entrant: Entrant(1),
            side: Side::First
        }));
        assert!(!breaches.contains(&Breach::Colour {
            entrant: Entrant(1),
            side: Side::First
        }));
        assert!(breaches.contains(&Breach::SecondBye {
            entrant: Entrant(3)
        }));
    }

    fn played_round_with(boards: &[(usize, usize)], bye: Option<usize>) -> PlayedRound {
        played(
            boards
                .iter()
                .map(|&(a, b)| game(a, b, Outcome::Draw))
                .collect(),
            bye,
        )
    }

    #[test]
    fn a_score_gap_names_its_size() {
        let played = two_rounds();
        let manual = round(&[(2, 4), (0, 1)], Some(3));
        let breaches = review(&SETTINGS, &RATINGS, &played, &[], &manual).unwrap();
        assert!(breaches.contains(&Breach::ScoreGap {
            first: Entrant(2),
            second: Entrant(4),
            half_points: 4
        }));
        assert!(!breaches.iter().any(|b| matches!(
            b,
            Breach::ScoreGap {
                first: Entrant(0),
                ..
            }
        )));
    }

    #[test]
    fn a_round_that_is_not_a_pairing_of_the_players_present_is_refused() {
        let played = two_rounds();
        let check = |r: Round, absent: &[Entrant]| review(&SETTINGS, &RATINGS, &played, absent, &r);
        assert_eq!(
            check(round(&[(0, 1)], Some(2)), &[]),
            Err(ManualError::Unpaired(Entrant(3)))
        );
        assert_eq!(
            check(round(&[(0, 1), (1, 2)], Some(3)), &[]),
            Err(ManualError::Twice(Entrant(1)))
        );
        assert_eq!(
            check(round(&[(0, 1), (2, 3)], Some(4)), &[Entrant(4)]),
            Err(ManualError::Absent(Entrant(4)))
        );
        assert_eq!(
            check(round(&[(0, 0), (2, 3)], Some(4)), &[]),
            Err(ManualError::Itself(Entrant(0)))
        );
        assert_eq!(
            check(round(&[(0, 9), (2, 3)], Some(4)), &[]),
            Err(ManualError::Swiss(SwissError::UnknownAbsent(Entrant(9))))
        );
        assert!(check(round(&[(0, 1), (2, 3)], None), &[Entrant(4)]).is_ok());
    }
}

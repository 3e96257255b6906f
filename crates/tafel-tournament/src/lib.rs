//! Tournaments between entrants, whatever the game: who meets whom and who moves first
//! (the pairing systems), what each game scored, and the standings. Nothing here knows a game's
//! rules, a clock, a database or a network: the server (`tafel-server`) and the engine
//! tournaments of the command line feed results in and take pairings out.
//!
//! - [`berger`]: round robins by FIDE's Berger tables, single or double.
//! - [`swiss`]: Swiss rounds of the server's tournaments, paired by [`dutch`].
//! - [`review`]: a Swiss round paired by hand, and the rules of the Dutch system it breaks.
//! - [`dutch`]: FIDE's Dutch system (C.04.3, the 2025 rules), bracket by bracket.
//! - [`arena`]: Arena as lichess runs it: scoring (streaks, berserk, early draws) and pairing
//!   of the waiting players.
//! - [`standings`]: points, the tie-breaks in the order chosen, and the crosstable.
//! - [`tie_breaks`]: FIDE's tie-breaks (2023 regulations) and how unplayed rounds count.
//! - [`trf`]: FIDE's Tournament Report File (TRF-16) of a tournament played in rounds.
//! - [`trf_read`]: reading a TRF-16/TRF-2026 file into the round to pair next.
//! - [`matching`]: the maximum-weight matching the pairing systems share.
//! - [`elo`]: Elo differences from scores, with 95% intervals.
//! - [`pentanomial`]: game pairs (same opening, sides swapped) and their statistics.
//! - [`sprt`]: the sequential test that stops a match once it is decided.
//!
//! Entrants are numbered from 0 in the order the tournament lists them (by entry, or by rating
//! for a Swiss); a pairing names who moves first, the game's "white".

pub mod arena;
pub mod berger;
pub mod dutch;
pub mod elo;
pub mod matching;
pub mod pentanomial;
pub mod review;
pub mod sprt;
pub mod standings;
pub mod swiss;
pub mod tie_breaks;
pub mod trf;
pub mod trf_read;

use serde::{Deserialize, Serialize};

/// One entrant of a tournament, by its place in the tournament's list (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Entrant(pub usize);

/// One game of a round: `first` moves first (chess's white), `second` answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pairing {
    /// The entrant who moves first.
    pub first: Entrant,
    /// The entrant who moves second.
    pub second: Entrant,
}

impl Pairing {
    /// Whether `entrant` plays in this game.
    pub fn involves(&self, entrant: Entrant) -> bool {
        self.first == entrant || self.second == entrant
    }

    /// The opponent of `entrant` in this game, or `None` if it does not play here.
    pub fn opponent_of(&self, entrant: Entrant) -> Option<Entrant> {
        if self.first == entrant {
            Some(self.second)
        } else if self.second == entrant {
            Some(self.first)
        } else {
            None
        }
    }
}

/// The games of one round, and the entrant who sits it out when the number is odd.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The games, board by board.
    pub games: Vec<Pairing>,
    /// The entrant without an opponent this round, if any.
    pub bye: Option<Entrant>,
}

/// How one paired game ended, for the tournament's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// The first player won over the board.
    FirstWon,
    /// The second player won over the board.
    SecondWon,
    /// Drawn over the board.
    Draw,
    /// The second player did not play (withdrew, or never moved): the first scores a win,
    /// the game counts as unplayed for tie-breaks.
    FirstWonByForfeit,
    /// The first player did not play: the second scores a win, unplayed.
    SecondWonByForfeit,
    /// Neither played: both score a loss, unplayed.
    DoubleForfeit,
}

impl Outcome {
    /// Every outcome, in the order of the enum.
    pub const ALL: [Outcome; 6] = [
        Outcome::FirstWon,
        Outcome::SecondWon,
        Outcome::Draw,
        Outcome::FirstWonByForfeit,
        Outcome::SecondWonByForfeit,
        Outcome::DoubleForfeit,
    ];

    /// The points of the first and of the second player, in half points (a win 2, a draw 1).
    pub fn half_points(self) -> (u32, u32) {
        match self {
            Outcome::FirstWon | Outcome::FirstWonByForfeit => (2, 0),
            Outcome::SecondWon | Outcome::SecondWonByForfeit => (0, 2),
            Outcome::Draw => (1, 1),
            Outcome::DoubleForfeit => (0, 0),
        }
    }

    /// Whether the game was played over the board (forfeits were not).
    pub fn was_played(self) -> bool {
        matches!(self, Outcome::FirstWon | Outcome::SecondWon | Outcome::Draw)
    }
}

/// A paired game and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// Who played whom, and who moved first.
    pub pairing: Pairing,
    /// How it ended.
    pub outcome: Outcome,
}

/// A bye an entrant asked for before the round was paired, or was given for a round it missed
/// by entering late: it is not paired that round and scores the bye's points (TRF's `Z`, `H`
/// and `F`: 0, 1 or 2 half points). Unlike the pairing-allocated bye it is no float, and only a
/// full-point one bars the pairing-allocated bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequestedBye {
    /// Who.
    pub entrant: Entrant,
    /// What it scores, in half points: 0, 1 or 2.
    pub half_points: u32,
}

/// A round as it was played: its games with their results, the entrant who had the
/// pairing-allocated bye, if any, and the byes requested. An entrant in none was absent
/// (scores nothing).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedRound {
    /// The games of the round and how they ended.
    pub results: Vec<GameResult>,
    /// The entrant who had the bye.
    pub bye: Option<Entrant>,
    /// The byes requested for the round (and a late entrant's missed rounds).
    #[serde(default)]
    pub requested: Vec<RequestedBye>,
}

impl PlayedRound {
    /// Checks that the round names only entrants below `entrants`, each at most once (games
    /// and bye together); `number` (from 1) names the round in the error.
    pub fn check(&self, entrants: usize, number: usize) -> Result<(), RoundError> {
        let mut seen = vec![false; entrants];
        let named = self
            .results
            .iter()
            .flat_map(|result| [result.pairing.first, result.pairing.second])
            .chain(self.bye)
            .chain(self.requested.iter().map(|r| r.entrant));
        if let Some(over) = self.requested.iter().find(|r| r.half_points > 2) {
            return Err(RoundError::ByeOverAWin {
                round: number,
                entrant: over.entrant,
            });
        }
        for entrant in named {
            let slot = seen.get_mut(entrant.0).ok_or(RoundError::UnknownEntrant {
                round: number,
                entrant,
            })?;
            if std::mem::replace(slot, true) {
                return Err(RoundError::PairedTwice {
                    round: number,
                    entrant,
                });
            }
        }
        Ok(())
    }

    /// The half points of the bye `entrant` requested for this round, if it did.
    pub fn requested_bye(&self, entrant: Entrant) -> Option<u32> {
        self.requested
            .iter()
            .find(|r| r.entrant == entrant)
            .map(|r| r.half_points)
    }

    /// The result of `entrant`'s game this round, if it was paired.
    pub fn game_of(&self, entrant: Entrant) -> Option<&GameResult> {
        self.results
            .iter()
            .find(|result| result.pairing.involves(entrant))
    }
}

/// Which side of a game an entrant had: the first to move (chess's white) or the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// Moved first.
    First,
    /// Moved second.
    Second,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

impl GameResult {
    /// The side `entrant` had in this game and the half points it scored, or `None` if it did
    /// not play here.
    pub fn side_and_half_points(&self, entrant: Entrant) -> Option<(Side, u32)> {
        let (first, second) = self.outcome.half_points();
        if self.pairing.first == entrant {
            Some((Side::First, first))
        } else if self.pairing.second == entrant {
            Some((Side::Second, second))
        } else {
            None
        }
    }
}

/// What is wrong with a round given as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundError {
    /// The round names an entrant that is not in the tournament.
    UnknownEntrant {
        /// The round, from 1.
        round: usize,
        /// The entrant named.
        entrant: Entrant,
    },
    /// The round names an entrant more than once (paired twice, or paired and given a bye).
    PairedTwice {
        /// The round, from 1.
        round: usize,
        /// The entrant.
        entrant: Entrant,
    },
    /// A requested bye scores more than a win.
    ByeOverAWin {
        /// The round, from 1.
        round: usize,
        /// The entrant.
        entrant: Entrant,
    },
}

impl std::fmt::Display for RoundError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RoundError::UnknownEntrant { round, entrant } => write!(
                f,
                "round {round} names entrant {}, who is not in the tournament",
                entrant.0
            ),
            RoundError::PairedTwice { round, entrant } => write!(
                f,
                "round {round} pairs entrant {} more than once",
                entrant.0
            ),
            RoundError::ByeOverAWin { round, entrant } => write!(
                f,
                "round {round} gives entrant {} a requested bye worth more than a win",
                entrant.0
            ),
        }
    }
}

impl std::error::Error for RoundError {}

//! Tournaments between entrants, whatever the game: who meets whom and who moves first
//! (the pairing systems), what each game scored, and the standings. Nothing here knows a game's
//! rules, a clock, a database or a network: the server (`tafel-server`) and the engine
//! tournaments of the command line feed results in and take pairings out.
//!
//! - [`berger`]: round robins by FIDE's Berger tables, single or double.
//! - [`elo`]: Elo differences from scores, with 95% intervals.
//! - [`pentanomial`]: game pairs (same opening, sides swapped) and their statistics.
//! - [`sprt`]: the sequential test that stops a match once it is decided.
//!
//! Entrants are numbered from 0 in the order the tournament lists them (by entry, or by rating
//! for a Swiss); a pairing names who moves first, the game's "white".

pub mod berger;
pub mod elo;
pub mod pentanomial;
pub mod sprt;

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

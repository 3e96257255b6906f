//! Whose turn it is, and how a finished game ended.

use crate::player::{Player, PlayerSet, MAX_PLAYERS};

/// What a position asks for next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// The given seat must choose one of the legal moves (a forced pass is a legal move too).
    ToMove(Player),
    /// Chance acts next: the legal moves are the chance outcomes (a die's faces), which the
    /// caller picks according to [`crate::Game::chance_probability`]. The engine never rolls.
    Chance,
    /// The game is over.
    Over(Outcome),
}

/// Points per seat, for games that keep a score (Kauri's captured seeds).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Scores(pub [i32; MAX_PLAYERS]);

impl Scores {
    /// The score of `player`.
    pub fn of(&self, player: Player) -> i32 {
        self.0[player.index()]
    }
}

/// How a finished game ended: who won, the score if the game keeps one, and why it ended.
///
/// Teams are expressed through `winners`: in a team game every member of the winning team is
/// a winner. An empty set of winners is a draw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// The seats that won; empty for a draw.
    pub winners: PlayerSet,
    /// The final score, where the game keeps one.
    pub scores: Option<Scores>,
    /// Why the game ended, in words a player understands ("the path ran into the boundary").
    pub reason: &'static str,
}

impl Outcome {
    /// A game won by a single seat.
    pub fn win(player: Player, reason: &'static str) -> Self {
        Outcome {
            winners: PlayerSet::single(player),
            scores: None,
            reason,
        }
    }

    /// A drawn game.
    pub fn draw(reason: &'static str) -> Self {
        Outcome {
            winners: PlayerSet::EMPTY,
            scores: None,
            reason,
        }
    }

    /// Whether nobody won.
    pub fn is_draw(&self) -> bool {
        self.winners.is_empty()
    }

    /// The result for `player` on the usual scale: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn payoff(&self, player: Player) -> f64 {
        if self.winners.is_empty() {
            0.5
        } else if self.winners.contains(player) {
            1.0
        } else {
            0.0
        }
    }
}

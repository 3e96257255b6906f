//! Seats at the table and sets of them.

use std::fmt;

/// The largest number of seats any Tafel game has (Karl's Race with four players).
pub const MAX_PLAYERS: usize = 4;

/// A seat at the table, numbered from 0 in turn order of the default start.
///
/// Names such as "White" or "Red" belong to the game ([`crate::Game::player_name`]).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize, serde::Deserialize,
)]
pub struct Player(pub u8);

impl Player {
    /// The seat number as an index into per-player arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0 + 1)
    }
}

/// A set of seats as a bit mask: the winners of a game, the members of a team.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct PlayerSet(u8);

impl PlayerSet {
    /// The empty set (the winners of a drawn game).
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// The set holding exactly `player`.
    pub fn single(player: Player) -> Self {
        PlayerSet(1 << player.0)
    }

    /// This set with `player` added.
    pub fn with(self, player: Player) -> Self {
        PlayerSet(self.0 | 1 << player.0)
    }

    /// Whether `player` is in the set.
    pub fn contains(self, player: Player) -> bool {
        self.0 & (1 << player.0) != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The members in seat order.
    pub fn iter(self) -> impl Iterator<Item = Player> {
        (0..MAX_PLAYERS as u8)
            .map(Player)
            .filter(move |&p| self.contains(p))
    }
}

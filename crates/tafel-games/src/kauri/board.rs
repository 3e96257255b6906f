//! The board: twelve holes in sowing order, their letters, and the counts a position holds.

use tafel_core::Player;

use super::lanes::{self, Rows};

/// Holes on the board: `a`..`f` (first player) then `A`..`F` (second player), in sowing order.
pub const HOLES: usize = 12;
/// Holes in each player's row.
pub const ROW: usize = 6;
/// Seeds in the game: 5 in each hole at the start.
pub const TOTAL_SEEDS: u8 = 60;
/// Cowries in the game: 1 in each hole at the start. They never leave the board.
pub const TOTAL_COWRIES: u8 = 12;

/// The player who owns hole `hole` (0..12).
pub fn owner(hole: usize) -> Player {
    Player((hole / ROW) as u8)
}

/// The letter of a hole: `a`..`f` for the first player, `A`..`F` for the second.
pub fn letter(hole: usize) -> char {
    let base = if hole < ROW { b'a' } else { b'A' };
    (base + (hole % ROW) as u8) as char
}

/// The hole named by `letter`, if it is one of `a`..`f` or `A`..`F`.
pub fn hole_of(letter: char) -> Option<usize> {
    match letter {
        'a'..='f' => Some(letter as usize - 'a' as usize),
        'A'..='F' => Some(ROW + letter as usize - 'A' as usize),
        _ => None,
    }
}

/// The counters on the board and in the stores, and the side to move: a position without the
/// game's history. Rows and stores are kept from the point of view of the player to move
/// (index 0 is his, index 1 his opponent's) and swapped after every move, so that a move never
/// picks a row by a computed index: the board is small, `Copy`, and a playout keeps it in
/// registers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Board {
    /// Seeds per hole, one byte lane each ([`lanes`]): the mover's row, then the opponent's.
    pub seeds: Rows,
    /// Cowries per hole, the same way.
    pub cowries: Rows,
    /// Seeds captured by the mover and by the opponent.
    pub stores: [u8; 2],
    /// The player to move, 0 or 1.
    pub side: u8,
}

impl Board {
    /// The board with these counts (holes `a`..`f` then `A`..`F`) and stores (first player's,
    /// then second's), `side` to move.
    pub fn new(seeds: &[u8; HOLES], cowries: &[u8; HOLES], stores: [u8; 2], side: Player) -> Board {
        let board = Board {
            seeds: lanes::pack(seeds),
            cowries: lanes::pack(cowries),
            stores,
            side: 0,
        };
        if side.0 == 1 {
            board.turned()
        } else {
            board
        }
    }

    /// The same counters with the other player to move.
    #[inline(always)]
    pub fn turned(self) -> Board {
        let [seeds0, seeds1] = self.seeds;
        let [cowries0, cowries1] = self.cowries;
        let [store0, store1] = self.stores;
        Board {
            seeds: [seeds1, seeds0],
            cowries: [cowries1, cowries0],
            stores: [store1, store0],
            side: self.side ^ 1,
        }
    }

    /// The index in `seeds`, `cowries` and `stores` of `player`'s row or store.
    #[inline]
    fn index_of(&self, player: Player) -> usize {
        (player.0 ^ self.side) as usize
    }

    /// The seeds in hole `hole` (0..12, `a`..`f` then `A`..`F`).
    pub fn seeds_in(&self, hole: usize) -> u8 {
        lanes::lane(self.seeds[self.index_of(owner(hole))], hole % ROW)
    }

    /// The cowries in hole `hole`.
    pub fn cowries_in(&self, hole: usize) -> u8 {
        lanes::lane(self.cowries[self.index_of(owner(hole))], hole % ROW)
    }

    /// The seeds `player` has captured.
    pub fn store(&self, player: Player) -> u8 {
        self.stores[self.index_of(player)]
    }

    /// Whether `player` has a cowrie in his row.
    pub fn can_sow(&self, player: Player) -> bool {
        self.cowries[self.index_of(player)] != 0
    }

    /// The seeds still on the board.
    #[inline]
    pub fn seeds_on_board(&self) -> u8 {
        TOTAL_SEEDS - self.stores[0] - self.stores[1]
    }

    /// The mover's set of holes holding cowries (bit `i` for his `i`-th hole).
    #[inline]
    pub fn sowable(&self) -> usize {
        lanes::row_mask(self.cowries[0]) as usize
    }
}

//! The exact search: negamax over the Black Path game graph with a transposition table, on a
//! compact position of its own (boards of up to [`MAX_SEARCH_SQUARES`] squares).
//!
//! **The compact position.** What matters for the rest of a game is not which tiles lie where
//! but which unit edges the path has crossed: a square crossed once keeps its other segment free
//! (the pair of sides the path has not used), a square crossed twice is a wall, and the path's
//! end is the empty square with one crossed side. So a position is the set of crossed edges (the
//! start edge included), one bit per internal edge in a `u128`; different move orders that cross
//! the same edges (a loop walked either way round) meet in the table. The side to move is the
//! parity of the filled squares, which the edge set also fixes.
//!
//! **Move ordering.** A move whose run ends at the boundary loses at once and is never tried
//! unless all do. The others are tried in order of the opponent's replies that do not lose at
//! once, fewest first (a move leaving him none wins on the spot).

use tafel_core::Game;
use tafel_games::black_path::{BlackPath, PathEnd, State};
use tafel_games::grid::Side;

/// The largest board the exact search handles (the crossed edges of an 8 x 8 board, 112 plus
/// the start edge, fit in a `u128`).
pub const MAX_SEARCH_SQUARES: usize = 64;

/// No neighbour / no edge: the boundary.
const NONE: u8 = u8::MAX;

/// The board's geometry in the form the search reads: neighbours and edge numbers per side.
#[derive(Clone, Debug)]
pub(super) struct Geometry {
    /// `neighbour[4 * cell + side]`: the square across that side, or [`NONE`].
    neighbour: Vec<u8>,
    /// `edge[4 * cell + side]`: the bit of that unit edge in [`Pos::used`], or [`NONE`] for the
    /// boundary (the start edge has a bit of its own).
    edge: Vec<u8>,
    /// The path's first square and the side it enters by.
    start: (u8, u8),
    /// The squares of the corners' colour in a chessboard colouring.
    even: u64,
    /// Every square.
    all: u64,
}

/// A position of the search: the crossed edges, the filled squares and the path's end.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Pos {
    /// Crossed unit edges (bit per edge, see [`Geometry`]); this alone identifies the position.
    pub used: u128,
    /// Filled squares.
    pub filled: u64,
    /// The empty square the next tile goes into.
    pub end: u8,
    /// The side the path enters `end` by.
    pub entry: u8,
}

impl Geometry {
    /// The geometry of `game`'s board, or `None` if it has more than [`MAX_SEARCH_SQUARES`].
    pub fn new(game: &BlackPath) -> Option<Geometry> {
        let size = game.size();
        let cells = size.cells();
        if cells > MAX_SEARCH_SQUARES {
            return None;
        }
        let mut neighbour = vec![NONE; 4 * cells];
        let mut edge = vec![NONE; 4 * cells];
        let mut next_edge = 0u8;
        for cell in 0..cells {
            for side in Side::ALL {
                if let Some(other) = size.neighbour(cell, side) {
                    neighbour[4 * cell + side as usize] = other as u8;
                    // Number each internal edge once, from its upper or left square.
                    if matches!(side, Side::E | Side::S) {
                        edge[4 * cell + side as usize] = next_edge;
                        edge[4 * other + side.opposite() as usize] = next_edge;
                        next_edge += 1;
                    }
                }
            }
        }
        let start = game.settings().start;
        let start_cell = size.index(start.row, start.col);
        edge[4 * start_cell + start.side as usize] = next_edge;
        let even = (0..cells)
            .filter(|&c| {
                let (r, col) = size.coords(c);
                (r + col) % 2 == 0
            })
            .fold(0u64, |m, c| m | 1 << c);
        Some(Geometry {
            neighbour,
            edge,
            start: (start_cell as u8, start.side as u8),
            even,
            all: if cells == 64 {
                u64::MAX
            } else {
                (1 << cells) - 1
            },
        })
    }

    /// The start position.
    pub fn start(&self) -> Pos {
        let (cell, side) = self.start;
        Pos {
            used: 1 << self.edge[4 * cell as usize + side as usize],
            filled: 0,
            end: cell,
            entry: side,
        }
    }

    /// The search position of a game position, or `None` if that game is over.
    pub fn position_of(&self, game: &BlackPath, state: &State) -> Option<Pos> {
        let PathEnd::Open { cell, entry } = state.end() else {
            return None;
        };
        let mut pos = self.start();
        for (square, side) in game.trace(state).into_iter().skip(1) {
            pos.used |= 1 << self.edge[4 * square + side as usize];
        }
        pos.filled = (0..game.size().cells())
            .filter(|&c| state.tile(c) != 0)
            .fold(0, |f, c| f | 1 << c);
        pos.end = cell as u8;
        pos.entry = entry as u8;
        Some(pos)
    }

    /// Whether unit edge `(cell, side)` has been crossed.
    #[inline]
    fn crossed(&self, used: u128, cell: usize, side: usize) -> bool {
        let e = self.edge[4 * cell + side];
        e != NONE && used >> e & 1 != 0
    }

    /// The position after the mover fills the end square so that the path leaves it by `exit`
    /// (not the entry side), with the automatic run through filled squares; `None` if the path
    /// runs into the boundary (the mover has lost).
    #[inline]
    pub fn play(&self, pos: Pos, exit: u8) -> Option<Pos> {
        let mut used = pos.used;
        let mut cell = pos.end as usize;
        let filled = pos.filled | 1 << cell;
        let mut out = exit as usize;
        loop {
            let e = self.edge[4 * cell + out];
            if e == NONE {
                return None;
            }
            used |= 1 << e;
            let next = self.neighbour[4 * cell + out] as usize;
            let entry = (out + 2) % 4;
            if filled >> next & 1 == 0 {
                return Some(Pos {
                    used,
                    filled,
                    end: next as u8,
                    entry: entry as u8,
                });
            }
            // A filled square entered through an uncrossed side: its free segment joins that
            // side to the one other uncrossed side.
            out = (0..4)
                .find(|&s| s != entry && !self.crossed(used, next, s))
                .expect("a square crossed once has a free segment");
            cell = next;
        }
    }

    /// The positions after each move of `pos` that does not run into the boundary, with the
    /// exit side that makes each; returns how many were written.
    #[inline]
    pub fn children(&self, pos: Pos, out: &mut [(u8, Pos); 3]) -> usize {
        let mut n = 0;
        for exit in 0..4u8 {
            if exit != pos.entry {
                if let Some(child) = self.play(pos, exit) {
                    out[n] = (exit, child);
                    n += 1;
                }
            }
        }
        n
    }
}

impl Geometry {
    /// The domino verdict of `pos` (see [`super::domino`]): `Some(true)` if the empty squares
    /// can be tiled (the mover wins), `Some(false)` if the empty squares but the end can be (he
    /// loses), `None` otherwise.
    pub fn domino(&self, pos: Pos) -> Option<bool> {
        let empty = self.all & !pos.filled;
        if self.tileable(empty) {
            Some(true)
        } else if self.tileable(empty & !(1 << pos.end)) {
            Some(false)
        } else {
            None
        }
    }

    /// Whether the squares of `present` can be covered by dominoes (Kuhn's augmenting paths
    /// on bit sets; the colour count rules out most sets at once).
    fn tileable(&self, present: u64) -> bool {
        let evens = present & self.even;
        if evens.count_ones() * 2 != present.count_ones() {
            return false;
        }
        let mut mate = [NONE; 64];
        let mut rest = evens;
        while rest != 0 {
            let square = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mut visited = 0u64;
            if !self.augment(square, present, &mut mate, &mut visited) {
                return false;
            }
        }
        true
    }

    fn augment(&self, square: usize, present: u64, mate: &mut [u8; 64], visited: &mut u64) -> bool {
        for side in 0..4 {
            let odd = self.neighbour[4 * square + side];
            if odd == NONE || present >> odd & 1 == 0 || *visited >> odd & 1 != 0 {
                continue;
            }
            *visited |= 1 << odd;
            let m = mate[odd as usize];
            if m == NONE || self.augment(m as usize, present, mate, visited) {
                mate[odd as usize] = square as u8;
                return true;
            }
        }
        false
    }
}

/// A transposition table of proven results, one slot per index, always replaced. A slot holds
/// the edge set with the result in bit 127 (edge sets use at most 113 bits); 0 is empty.
struct Table {
    slots: Vec<u128>,
    mask: usize,
}

const RESULT_BIT: u128 = 1 << 127;

impl Table {
    fn new(log2_slots: u32) -> Table {
        Table {
            slots: vec![0; 1 << log2_slots],
            mask: (1 << log2_slots) - 1,
        }
    }

    #[inline]
    fn index(&self, used: u128) -> usize {
        let mixed = (used as u64 ^ (used >> 64) as u64 ^ (used >> 49) as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (mixed >> 20) as usize & self.mask
    }

    #[inline]
    fn get(&self, used: u128) -> Option<bool> {
        let slot = self.slots[self.index(used)];
        (slot & !RESULT_BIT == used).then_some(slot & RESULT_BIT != 0)
    }

    #[inline]
    fn put(&mut self, used: u128, wins: bool) {
        let i = self.index(used);
        self.slots[i] = used | if wins { RESULT_BIT } else { 0 };
    }
}

/// The exact search for one board: a geometry and a transposition table, reusable across
/// positions of the same game.
pub struct Searcher {
    geometry: Geometry,
    table: Table,
    nodes: u64,
    domino_cutoffs: bool,
    /// The most nodes one [`Searcher::solve`] may visit.
    node_limit: u64,
    /// `nodes` at which the current solve gives up.
    give_up_at: u64,
}

/// The search visited its node limit without settling the position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NodeLimitReached;

impl Searcher {
    /// A searcher for `game`'s board with a table of `2^log2_slots` entries (16 bytes each), or
    /// `None` if the board has more than [`MAX_SEARCH_SQUARES`] squares.
    pub fn new(game: &BlackPath, log2_slots: u32) -> Option<Searcher> {
        Some(Searcher {
            geometry: Geometry::new(game)?,
            table: Table::new(log2_slots),
            nodes: 0,
            domino_cutoffs: false,
            node_limit: u64::MAX,
            give_up_at: u64::MAX,
        })
    }

    /// At most `limit` nodes per solve (a player's answer must come in time; unlimited by
    /// default). Results proven before the limit stay in the table.
    pub fn with_node_limit(mut self, limit: u64) -> Searcher {
        self.node_limit = limit;
        self
    }

    /// The most nodes one solve may visit.
    pub fn node_limit(&self) -> u64 {
        self.node_limit
    }

    /// Starts counting the node limit of one solve.
    pub(super) fn start_solve(&mut self) {
        self.give_up_at = self.nodes.saturating_add(self.node_limit);
    }

    /// Whether to settle every position the domino argument covers without searching it (much
    /// faster on boards where it applies often; off by default, so that the plain search can
    /// check the argument).
    pub fn with_domino_cutoffs(mut self, on: bool) -> Searcher {
        self.domino_cutoffs = on;
        self
    }

    /// Positions visited so far (each call of the recursive search counts one).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub(super) fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Whether the player to move in `pos` wins with perfect play (unless the node limit is
    /// reached first).
    pub(super) fn wins(&mut self, pos: Pos) -> Result<bool, NodeLimitReached> {
        self.nodes += 1;
        if let Some(known) = self.table.get(pos.used) {
            return Ok(known);
        }
        if self.nodes > self.give_up_at {
            return Err(NodeLimitReached);
        }
        if self.domino_cutoffs {
            if let Some(wins) = self.geometry.domino(pos) {
                self.table.put(pos.used, wins);
                return Ok(wins);
            }
        }
        let mut kids = [(0, pos); 3];
        let n = self.geometry.children(pos, &mut kids);
        let mut order = [(0usize, 0usize); 3];
        for (i, &(_, kid)) in kids[..n].iter().enumerate() {
            let mut grandkids = [(0, kid); 3];
            let replies = self.geometry.children(kid, &mut grandkids);
            if replies == 0 {
                self.table.put(pos.used, true);
                return Ok(true);
            }
            order[i] = (replies, i);
        }
        order[..n].sort_unstable();
        let mut wins = false;
        for &(_, i) in &order[..n] {
            if !self.wins(kids[i].1)? {
                wins = true;
                break;
            }
        }
        self.table.put(pos.used, wins);
        Ok(wins)
    }

    /// The exit side of a winning move of `pos`, if the mover wins.
    pub(super) fn winning_exit(&mut self, pos: Pos) -> Result<Option<u8>, NodeLimitReached> {
        let mut kids = [(0, pos); 3];
        let n = self.geometry.children(pos, &mut kids);
        for &(exit, kid) in &kids[..n] {
            if !self.wins(kid)? {
                return Ok(Some(exit));
            }
        }
        Ok(None)
    }
}

//! The slide-distance table: for tiles on cells `a` and `b` with the bubble on `e`, the least
//! number of slides after which the two tiles touch.
//!
//! The distance depends only on the three cells, so it is computed once per board size, by one
//! breadth-first search over (a, b, e) states that starts from every state where the two tiles
//! already touch (distance 0). The slide graph is undirected (a slide is undone by sliding the
//! same tile back), so the search finds every state's distance to the nearest touching state.
//! Tables are built on first use and shared by every game of that size for the process's life.

use std::sync::OnceLock;

use super::board::{Board, MAX_SIDE, NO_CELL};

/// Every slide distance is below this bound (the largest, on 12 x 12, is 71).
pub const DISTANCE_BOUND: usize = 128;

/// The entry of an impossible triple (two of the three cells equal).
const NONE: u8 = u8::MAX;

/// Slide distances for every (a, b, bubble) triple on one board size.
#[derive(Debug)]
pub struct DistanceTable {
    cells: usize,
    /// Indexed by `(bubble * cells + a) * cells + b`, so that one bubble cell's distances (a
    /// "slab") lie together.
    dist: Vec<u8>,
    max: u8,
}

impl DistanceTable {
    /// The shared table for boards of `side` cells a side (an even number from 4 to 12).
    pub fn shared(side: usize) -> &'static DistanceTable {
        static TABLES: [OnceLock<DistanceTable>; MAX_SIDE + 1] =
            [const { OnceLock::new() }; MAX_SIDE + 1];
        TABLES[side].get_or_init(|| DistanceTable::compute(&Board::new(side)))
    }

    /// Computes the table for `board` by breadth-first search.
    pub fn compute(board: &Board) -> DistanceTable {
        let cells = board.cells();
        let index = |e: usize, a: usize, b: usize| (e * cells + a) * cells + b;
        let mut dist = vec![NONE; cells * cells * cells];
        let mut queue: Vec<u32> = Vec::with_capacity(dist.len());
        for e in 0..cells {
            for a in (0..cells).filter(|&a| a != e) {
                for b in board.neighbours(a) {
                    let b = b as usize;
                    if b != NO_CELL as usize && b != e {
                        dist[index(e, a, b)] = 0;
                        queue.push(index(e, a, b) as u32);
                    }
                }
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let state = queue[head] as usize;
            head += 1;
            let (e, a, b) = (
                state / (cells * cells),
                state / cells % cells,
                state % cells,
            );
            let next_distance = dist[state] + 1;
            for x in board.neighbours(e) {
                let x = x as usize;
                if x == NO_CELL as usize {
                    continue;
                }
                // The tile on x slides into the bubble; the bubble moves to x.
                let (a2, b2) = match x {
                    _ if x == a => (e, b),
                    _ if x == b => (a, e),
                    _ => (a, b),
                };
                let next = index(x, a2, b2);
                if dist[next] == NONE {
                    dist[next] = next_distance;
                    queue.push(next as u32);
                }
            }
        }
        let max = dist
            .iter()
            .copied()
            .filter(|&d| d != NONE)
            .max()
            .unwrap_or(0);
        assert!(
            (max as usize) < DISTANCE_BOUND,
            "slide distances stay below {DISTANCE_BOUND}"
        );
        DistanceTable { cells, dist, max }
    }

    /// The slide distance of tiles on `a` and `b` with the bubble on `bubble` (three distinct
    /// cells).
    pub fn get(&self, a: usize, b: usize, bubble: usize) -> u8 {
        self.slab(bubble)[a * self.cells + b]
    }

    /// Every distance with the bubble on `bubble`, indexed by `a * cells + b`.
    pub fn slab(&self, bubble: usize) -> &[u8] {
        let size = self.cells * self.cells;
        &self.dist[bubble * size..(bubble + 1) * size]
    }

    /// The number of cells of the board.
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// The largest distance in the table.
    pub fn max(&self) -> u8 {
        self.max
    }

    /// The sum over all unordered pairs of cells and every other bubble cell (a reference
    /// figure of the spec).
    pub fn sum(&self) -> u64 {
        let triples = self.dist.iter().filter(|&&d| d != NONE);
        triples.map(|&d| d as u64).sum::<u64>() / 2
    }
}

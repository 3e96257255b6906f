//! Group values: how far one colour's tiles are from forming a group, measured in slides.
//!
//! The designer's group value is the sum of the N - 1 smallest slide distances over all pairs
//! of a colour's N tiles; the `group=mst` variant takes the weight of a minimum spanning tree
//! instead. Both work on fixed-size arrays, so evaluating a position allocates nothing.

use super::board::MAX_CELLS;
use super::distance::{DistanceTable, DISTANCE_BOUND};

/// The most tiles one colour can have: half the cells of the largest board, less the bubble.
pub const MAX_TILES: usize = (MAX_CELLS - 1) / 2;

/// How a colour's group value is computed from its pair distances.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GroupRule {
    /// The designer's rule: the sum of the N - 1 smallest pair distances.
    SmallestPairs,
    /// Variant: the weight of a minimum spanning tree over the tiles.
    SpanningTree,
}

/// The cells of one colour's tiles, in a fixed-size array.
#[derive(Clone, Copy, Debug)]
pub struct Tiles {
    cells: [u8; MAX_TILES],
    len: usize,
}

impl Tiles {
    /// The tiles on `cells`.
    pub fn new(cells: impl IntoIterator<Item = usize>) -> Tiles {
        let mut tiles = Tiles {
            cells: [0; MAX_TILES],
            len: 0,
        };
        for cell in cells {
            tiles.cells[tiles.len] = cell as u8;
            tiles.len += 1;
        }
        tiles
    }

    /// The cells, in the order given.
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.len]
    }

    /// Moves the tile on `from`, if there is one, to `to`.
    pub fn replace(&mut self, from: usize, to: usize) {
        if let Some(tile) = self.cells[..self.len]
            .iter_mut()
            .find(|c| **c as usize == from)
        {
            *tile = to as u8;
        }
    }
}

impl GroupRule {
    /// The group value of `tiles` with the bubble on `bubble`.
    pub fn value(self, table: &DistanceTable, tiles: &Tiles, bubble: usize) -> u32 {
        let slab = table.slab(bubble);
        let cells = table.cells();
        match self {
            // The counts of the distances the table holds, not of all it could: clearing
            // them had been a twentieth of Carreaux's move on 6 x 6.
            GroupRule::SmallestPairs => match table.max() {
                0..32 => smallest_pairs::<32>(slab, cells, tiles.cells()),
                32..64 => smallest_pairs::<64>(slab, cells, tiles.cells()),
                _ => smallest_pairs::<DISTANCE_BOUND>(slab, cells, tiles.cells()),
            },
            GroupRule::SpanningTree => spanning_tree(slab, cells, tiles.cells()),
        }
    }
}

/// The sum of the `n - 1` smallest of the `n (n - 1) / 2` pair distances, by counting how
/// often each distance occurs (distances are below `BOUND`, at most [`DISTANCE_BOUND`]) and
/// taking them from the smallest up. The pairs of a tile are counted two at a time into two
/// sets of counters, which halves the chains of dependent increments. The tiles' cells are
/// checked against the board once, so that the pairs' look-ups need no check each (without
/// those checks Carreaux's move takes a seventh fewer instructions).
fn smallest_pairs<const BOUND: usize>(slab: &[u8], cells: usize, tiles: &[u8]) -> u32 {
    assert!(
        slab.len() == cells * cells && tiles.iter().all(|&t| (t as usize) < cells),
        "the tiles are cells of the board"
    );
    let mut counts = [[0u16; BOUND]; 2];
    let [even, odd] = &mut counts;
    let n = tiles.len();
    for i in 0..n {
        let a = tiles[i] as usize;
        // SAFETY: every tile is below `cells` (asserted above), so the row `a` of the slab of
        // `cells * cells` distances and its entry `b` exist.
        let distance = |b: u8| unsafe { *slab.get_unchecked(a * cells + b as usize) };
        let mut j = i + 1;
        while j + 1 < n {
            even[distance(tiles[j]) as usize % BOUND] += 1;
            odd[distance(tiles[j + 1]) as usize % BOUND] += 1;
            j += 2;
        }
        if j < n {
            even[distance(tiles[j]) as usize % BOUND] += 1;
        }
    }
    let mut needed = tiles.len().saturating_sub(1) as u32;
    let mut sum = 0;
    for (distance, (a, b)) in even.iter().zip(odd.iter()).enumerate() {
        let count = (a + b) as u32;
        let taken = needed.min(count);
        sum += taken * distance as u32;
        needed -= taken;
        if needed == 0 {
            break;
        }
    }
    sum
}

/// The weight of a minimum spanning tree over the tiles (Prim's algorithm on the complete
/// graph of pair distances).
fn spanning_tree(slab: &[u8], cells: usize, tiles: &[u8]) -> u32 {
    let n = tiles.len();
    if n < 2 {
        return 0;
    }
    let mut best = [u8::MAX; MAX_TILES];
    let mut in_tree = [false; MAX_TILES];
    let mut newest = 0;
    in_tree[0] = true;
    let mut weight = 0;
    for _ in 1..n {
        let row = &slab[tiles[newest] as usize * cells..];
        let mut closest = usize::MAX;
        for j in (0..n).filter(|&j| !in_tree[j]) {
            best[j] = best[j].min(row[tiles[j] as usize]);
            if closest == usize::MAX || best[j] < best[closest] {
                closest = j;
            }
        }
        in_tree[closest] = true;
        weight += best[closest] as u32;
        newest = closest;
    }
    weight
}

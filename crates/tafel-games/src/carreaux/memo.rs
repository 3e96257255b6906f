//! The slides of a position worked out once, remembered per thread.
//!
//! What the slides of a position lead to (the total group value after each, and whether the
//! colour of a sliding tile is then connected) depends only on the tiles of both colours, the
//! bubble's cell, the board size and the group rule, so it is worked out once per such key and
//! kept in a small direct-mapped table of the thread that needed it (an entry is used only when
//! its whole key is equal, so what is read back is always what was computed). Games revisit
//! positions all the time: every game from the default start is one of four, and a search meets
//! transpositions. Working the group values out had been over two thirds of a Carreaux move.

use std::cell::RefCell;

use super::board::{Board, CellSet, NO_CELL};
use super::distance::DistanceTable;
use super::group::{GroupRule, Tiles};

/// The total of a slide that does not exist (no tile on that side of the bubble).
pub(super) const NO_SLIDE: u32 = u32::MAX;

/// Entries per thread: a power of two.
const ENTRIES: usize = 4096;

/// What the slides of one position lead to, by neighbour slot of the bubble
/// ([`Board::neighbours`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Slides {
    /// The total group value after each slide, [`NO_SLIDE`] where no tile is.
    pub totals: [u32; 4],
    /// Bit `slot` set when that slide moves a Red or Blue tile and leaves its colour's tiles
    /// connected.
    pub connects: u8,
}

/// One remembered position.
#[derive(Clone, Copy)]
struct Entry {
    colours: [CellSet; 2],
    /// The bubble's cell, the board side and the group rule; 0 for an empty entry.
    key: u32,
    slides: Slides,
}

thread_local! {
    /// This thread's table, allocated on first use.
    static TABLE: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
}

/// What the slides of the position with Red on `red`, Blue on `blue` and the bubble on
/// `bubble` lead to: from this thread's table, or worked out with `group` and `table` and
/// remembered. `placement` is a hash of the tiles and the bubble alone (the position's Zobrist
/// hash without the side to move's key, [`super::Carreaux::placement_hash`]), which chooses the
/// entry: nothing is hashed again. The look-up is inlined into the moves that need it; working
/// out is not.
#[inline]
pub(super) fn slides(
    board: &Board,
    table: &DistanceTable,
    group: GroupRule,
    [red, blue]: [&CellSet; 2],
    bubble: usize,
    placement: u64,
) -> Slides {
    // Nonzero: the side is at least 4.
    let key = (bubble as u32) << 16 | (board.side() as u32) << 1 | group as u32;
    let mix = (placement ^ u64::from(key)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let index = (mix >> (64 - ENTRIES.trailing_zeros())) as usize;
    TABLE.with_borrow_mut(|entries| match entries.get(index) {
        Some(entry) if entry.key == key && entry.colours == [*red, *blue] => entry.slides,
        _ => {
            let colours = [*red, *blue];
            let slides = work_out(board, table, group, colours, bubble);
            remember(
                entries,
                index,
                Entry {
                    colours,
                    key,
                    slides,
                },
            )
        }
    })
}

/// Keeps `entry` in entry `index` of `entries`, this thread's table, allocated here on first
/// use; returns its slides.
#[cold]
fn remember(entries: &mut Vec<Entry>, index: usize, entry: Entry) -> Slides {
    if entries.is_empty() {
        let empty = Entry {
            colours: [CellSet::default(); 2],
            key: 0,
            slides: Slides {
                totals: [NO_SLIDE; 4],
                connects: 0,
            },
        };
        entries.resize(ENTRIES, empty);
    }
    entries[index] = entry;
    entry.slides
}

/// [`slides`] worked out: each colour's value with the sliding tile moved into the bubble (if
/// it is of that colour) and the bubble on the tile's cell.
#[cold]
fn work_out(
    board: &Board,
    table: &DistanceTable,
    group: GroupRule,
    colours: [CellSet; 2],
    bubble: usize,
) -> Slides {
    let mut cells = colours.map(|set| Tiles::new(set.iter()));
    let mut slides = Slides {
        totals: [NO_SLIDE; 4],
        connects: 0,
    };
    for (slot, tile) in board.neighbours(bubble).into_iter().enumerate() {
        if tile == NO_CELL {
            continue;
        }
        let tile = tile as usize;
        let moved = colours.iter().position(|set| set.contains(tile));
        if let Some(colour) = moved {
            cells[colour].replace(tile, bubble);
            let mut after = colours[colour];
            after.remove(tile);
            after.insert(bubble);
            if after.is_connected(board) {
                slides.connects |= 1 << slot;
            }
        }
        let [red, blue] = &cells;
        slides.totals[slot] = group.value(table, red, tile) + group.value(table, blue, tile);
        if let Some(colour) = moved {
            cells[colour].replace(bubble, tile);
        }
    }
    slides
}

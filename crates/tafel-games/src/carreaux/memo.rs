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

/// What the slides of the position with Red and Blue on `colours` and the bubble on `bubble`
/// lead to: from this thread's table, or worked out with `group` and `table` and remembered.
pub(super) fn slides(
    board: &Board,
    table: &DistanceTable,
    group: GroupRule,
    colours: [CellSet; 2],
    bubble: usize,
) -> Slides {
    // Nonzero: the side is at least 4.
    let key = (bubble as u32) << 16 | (board.side() as u32) << 1 | group as u32;
    let [red, blue] = colours.map(|set| set.words());
    let mix = (red[0] ^ red[1].rotate_left(11) ^ red[2].rotate_left(22))
        .wrapping_add(blue[0].rotate_left(33) ^ blue[1].rotate_left(44) ^ blue[2].rotate_left(55))
        .wrapping_add(u64::from(key))
        .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let index = (mix >> (64 - ENTRIES.trailing_zeros())) as usize;
    TABLE.with_borrow_mut(|entries| {
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
        let entry = &mut entries[index];
        if entry.key != key || entry.colours != colours {
            *entry = Entry {
                colours,
                key,
                slides: work_out(board, table, group, colours, bubble),
            };
        }
        entry.slides
    })
}

/// [`slides`] worked out: each colour's value with the sliding tile moved into the bubble (if
/// it is of that colour) and the bubble on the tile's cell.
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

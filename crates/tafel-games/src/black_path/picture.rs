//! The text picture: the path drawn as a line with box-drawing characters.
//!
//! Every square is a 3 x 3 block of characters. The path's segments meet the square's sides
//! at the middle of each side; a square the path has crossed once shows that segment's bend
//! (`┘`, `│`, ...), a square crossed twice shows `┼` (tile 3) or the diagonal that separates
//! the two bends (`╱` for tile 1, `╲` for tile 2). Empty squares show `·`, and the square the
//! next tile goes into shows `●` with the path arriving at it.

use super::{BlackPath, PathEnd, State};
use crate::grid::Side;

/// Which sides of each square the path touches, as a 4-bit mask per square.
fn used_sides(game: &BlackPath, state: &State) -> Vec<u8> {
    let mut used = vec![0u8; game.size().cells()];
    for (cell, entry) in game.trace(state) {
        used[cell] |= 1 << entry as u8;
        let tile = state.tile(cell);
        if tile != 0 {
            used[cell] |= 1 << super::exit(tile, entry) as u8;
        }
    }
    used
}

fn centre(tile: u8, used: u8) -> char {
    let has = |s: Side| used & (1 << s as u8) != 0;
    match (tile, has(Side::N), has(Side::E), has(Side::S), has(Side::W)) {
        (0, ..) => '·',
        (1, true, true, true, true) => '╱',
        (2, true, true, true, true) => '╲',
        (_, true, true, true, true) => '┼',
        (_, true, _, true, _) => '│',
        (_, _, true, _, true) => '─',
        (_, true, true, ..) => '└',
        (_, true, .., true) => '┘',
        (_, _, true, true, _) => '┌',
        _ => '┐',
    }
}

/// Draws the board with row and column numbers and a frame.
pub fn draw(game: &BlackPath, state: &State) -> String {
    let size = game.size();
    let used = used_sides(game, state);
    let open = match state.end {
        PathEnd::Open { cell, .. } => Some(cell as usize),
        PathEnd::Boundary => None,
    };
    let mut lines = Vec::new();
    let header: String = (0..size.cols).map(|c| format!("{:^3}", c % 100)).collect();
    lines.push(format!("    {header}"));
    lines.push(format!("   +{}+", "-".repeat(3 * size.cols)));
    for r in 0..size.rows {
        let mut rows = [String::new(), String::new(), String::new()];
        for c in 0..size.cols {
            let cell = size.index(r, c);
            let mask = used[cell];
            let arm = |s: Side, ch: char| if mask & (1 << s as u8) != 0 { ch } else { ' ' };
            let mid = if open == Some(cell) {
                '●'
            } else {
                centre(state.tile(cell), mask)
            };
            rows[0].extend([' ', arm(Side::N, '│'), ' ']);
            rows[1].extend([arm(Side::W, '─'), mid, arm(Side::E, '─')]);
            rows[2].extend([' ', arm(Side::S, '│'), ' ']);
        }
        lines.push(format!("   |{}|", rows[0]));
        lines.push(format!("{r:>3}|{}|", rows[1]));
        lines.push(format!("   |{}|", rows[2]));
    }
    lines.push(format!("   +{}+", "-".repeat(3 * size.cols)));
    lines.join("\n")
}

//! The text picture: the 4 x 4 grid of boards in 16 text rows.
//!
//! Board (a, b) sits in column a (growing to the right) and row b (growing upwards) of the
//! grid; inside a board x grows to the right and y upwards, so White's men start at the bottom
//! of every board. Each row is labelled with its b and y: `b4 y4` is the top row.

use super::board::{bit, cell_at};
use super::State;

/// Draws the position: `o`/`O` White man/king, `x`/`X` Black man/king, `.` an empty playable
/// cell, a blank for an unplayable one.
pub fn draw(state: &State) -> String {
    let mut lines = Vec::with_capacity(16);
    for b in (0..4i8).rev() {
        for y in (0..4i8).rev() {
            let mut line = format!("b{} y{} ", b + 1, y + 1);
            for a in 0..4i8 {
                line.push_str("  ");
                for x in 0..4i8 {
                    line.push(' ');
                    line.push(match cell_at([x, y, a, b]) {
                        None => ' ',
                        Some(cell) => {
                            let king = state.kings & bit(cell) != 0;
                            match (state.white & bit(cell) != 0, state.black & bit(cell) != 0) {
                                (true, _) if king => 'O',
                                (true, _) => 'o',
                                (_, true) if king => 'X',
                                (_, true) => 'x',
                                _ => '.',
                            }
                        }
                    });
                }
            }
            lines.push(line.trim_end().to_string());
        }
    }
    lines.join("\n")
}

//! The text picture: the board as in the rules' diagrams (rank numbers on the left, file letters
//! below, `R`, `B`, `G` and `.` for the bubble), then the group values and whose turn it is.

use tafel_core::{Game, Status};

use super::{Carreaux, State};

/// Draws the board and a line with the group values and the status.
pub fn draw(game: &Carreaux, state: &State) -> String {
    let board = game.board();
    let n = board.side();
    let mut lines = Vec::with_capacity(n + 2);
    for row in 0..n {
        let cells: Vec<String> = (0..n)
            .map(|col| state.symbol(board.grid().index(row, col)).to_string())
            .collect();
        lines.push(format!("{:>2} {}", n - row, cells.join(" ")));
    }
    let files: Vec<String> = (0..n)
        .map(|c| ((b'a' + c as u8) as char).to_string())
        .collect();
    lines.push(format!("   {}", files.join(" ")));
    let [red, blue] = game.group_values(state);
    let status = match game.status(state) {
        Status::Over(outcome) => format!("game over: {}", outcome.reason),
        _ => format!("{} to move", game.player_name(state.to_move())),
    };
    lines.push(format!(
        "group values: Red {red}, Blue {blue}, total {}; {status}",
        red + blue
    ));
    lines.join("\n")
}

//! The text picture: the board with file letters and rank numbers, each cube as its colour's
//! letter and number (`W3`, `B5`), the two target corners marked `*` while empty, then each
//! side's cubes and whose turn it is.

use tafel_core::record::describe_status;
use tafel_core::{Game, Status};

use super::board::{Square, BLACK, SIDE, TARGET, WHITE};
use super::{Einstein, State};

/// Draws the board, then each side's cubes and the state of play.
pub fn draw(game: &Einstein, state: &State) -> String {
    let mut lines = Vec::new();
    for row in 0..SIDE {
        let mut line = format!("{} ", SIDE - row);
        for column in 0..SIDE {
            let square = (row * SIDE + column) as Square;
            let cell = match state.cube(square) {
                Some((seat, number)) => {
                    format!("{}{number}", if seat == WHITE { 'W' } else { 'B' })
                }
                None if TARGET.contains(&square) => " *".to_string(),
                None => " .".to_string(),
            };
            line.push(' ');
            line.push_str(&cell);
        }
        lines.push(line);
    }
    lines.push("    a  b  c  d  e".to_string());
    for seat in [WHITE, BLACK] {
        let numbers: Vec<String> = (1..=6)
            .filter(|&n| state.square_of(seat, n).is_some())
            .map(|n| n.to_string())
            .collect();
        let target = super::board::square_name(TARGET[seat.index()]);
        lines.push(format!(
            "{} ({}), racing to {target}: {}",
            game.player_name(seat),
            if seat == WHITE { 'W' } else { 'B' },
            if numbers.is_empty() {
                "no cubes".to_string()
            } else {
                format!("cubes {}", numbers.join(" "))
            }
        ));
    }
    let name = game.player_name(state.to_move());
    lines.push(match game.status(state) {
        Status::Over(_) => describe_status(game, state),
        _ if state.arranged() < 2 => format!("{name} to arrange its cubes"),
        Status::Chance => format!("{name} to roll the die"),
        Status::ToMove(_) => {
            format!("{name} to move, die {}", state.die().unwrap_or_default())
        }
    });
    lines.join("\n")
}

//! The text picture: the 16 x 16 tiling drawn with box-drawing lines, four characters and two
//! lines per unit cell (65 columns), each square's letter in its top-left corner and its stone,
//! if any, in its middle; below it the legend and whose turn it is.

use tafel_core::record::describe_status;
use tafel_core::{Game, Player, Status};

use super::board::{board, Square, SIDE, SQUARES};
use super::{KarlsRace, State};

const CELL_WIDTH: usize = 4;
const CELL_HEIGHT: usize = 2;

/// The square covering cell (`x`, `y`), or `None` outside the board.
fn owner(x: isize, y: isize) -> Option<Square> {
    let inside = |v: isize| (0..SIDE as isize).contains(&v);
    (inside(x) && inside(y)).then(|| board().square_at(x as usize, y as usize))
}

/// Whether a line runs along the top of cell (`x`, `y`): the board's edge or a square's.
fn line_above(x: isize, y: isize) -> bool {
    (0..SIDE as isize).contains(&x) && owner(x, y - 1) != owner(x, y)
}

/// Whether a line runs along the left of cell (`x`, `y`).
fn line_left(x: isize, y: isize) -> bool {
    (0..SIDE as isize).contains(&y) && owner(x - 1, y) != owner(x, y)
}

/// The box-drawing character where lines from the given directions meet.
fn junction(up: bool, down: bool, left: bool, right: bool) -> char {
    match (up, down, left, right) {
        (true, true, true, true) => '┼',
        (true, true, true, false) => '┤',
        (true, true, false, true) => '├',
        (true, false, true, true) => '┴',
        (false, true, true, true) => '┬',
        (false, true, false, true) => '┌',
        (false, true, true, false) => '┐',
        (true, false, false, true) => '└',
        (true, false, true, false) => '┘',
        (false, false, _, _) => '─',
        _ => '│',
    }
}

/// Draws the tiling with the stones, then the legend and the state of play.
pub fn draw(game: &KarlsRace, state: &State) -> String {
    let width = CELL_WIDTH * SIDE + 1;
    let height = CELL_HEIGHT * SIDE + 1;
    let mut rows = vec![vec![' '; width]; height];
    for y in 0..=SIDE as isize {
        for x in 0..=SIDE as isize {
            let (col, row) = (CELL_WIDTH * x as usize, CELL_HEIGHT * y as usize);
            let (up, down) = (line_left(x, y - 1), line_left(x, y));
            let (left, right) = (line_above(x - 1, y), line_above(x, y));
            if up || down || left || right {
                rows[row][col] = junction(up, down, left, right);
            }
            if right {
                rows[row][col + 1..col + CELL_WIDTH].fill('─');
            }
            if down {
                rows[row + 1][col] = '│';
            }
        }
    }
    for square in 0..SQUARES as Square {
        let p = board().placement(square);
        let (col, row) = (CELL_WIDTH * p.x, CELL_HEIGHT * p.y);
        rows[row + 1][col + 1] = super::square_name(square);
        if let Some(seat) = state.occupant(square) {
            let symbol = game.corner_of(seat).symbol();
            rows[row + CELL_HEIGHT * p.size / 2][col + CELL_WIDTH * p.size / 2] = symbol;
        }
    }
    let mut lines: Vec<String> = rows
        .into_iter()
        .map(|row| row.into_iter().collect::<String>().trim_end().to_string())
        .collect();
    for team in 0..2u8 {
        let members: Vec<String> = (0..game.num_players() as u8)
            .map(Player)
            .filter(|&seat| game.team_of(seat) == team)
            .map(|seat| {
                format!(
                    "{} {} ({} stones)",
                    game.corner_of(seat).symbol(),
                    game.player_name(seat),
                    state.stones(seat).count_ones()
                )
            })
            .collect();
        lines.push(members.join(" + "));
    }
    let mover = state.to_move();
    let name = game.player_name(mover);
    lines.push(match game.status(state) {
        Status::Over(_) => describe_status(game, state),
        Status::Chance => format!("{name} to roll the die"),
        Status::ToMove(_) => match state.die() {
            Some(die) => format!("{name} to move, die {die}"),
            None => format!("{name} has no stone and passes"),
        },
    });
    lines.join("\n")
}

//! The domino strategy (*Winning Ways*): if the empty squares can be covered by dominoes, the
//! player to move wins by always sending the path into the other half of the domino it has just
//! entered; if the empty squares other than the path's end can be covered, the player to move
//! loses, because the opponent can do the same from his next turn on.
//!
//! Why it works: after the winner sends the path from `X` into its partner `Y` (empty, so the
//! path stops there), every domino is either filled or empty except `{X, Y}`; the loser fills `Y`
//! and the path runs on until it reaches the boundary (the loser has lost) or an empty square
//! `W`, whose partner is empty too. The path cannot have come into `W` from its empty partner,
//! so the winner can again send it there. The tiling is a perfect matching of the empty squares
//! in the grid graph, found here by augmenting paths (Kuhn's algorithm).

use tafel_games::black_path::{tile_for_exit, BlackPath, PathEnd, State, Tile};
use tafel_games::grid::{GridSize, Side};

/// No partner (the square is not empty, or not matched).
const UNMATCHED: u16 = u16::MAX;

/// What the domino argument proves about a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DominoVerdict {
    /// The empty squares can be covered by dominoes: the player to move wins by playing `tile`,
    /// which sends the path into the partner of the square it fills.
    MoverWins {
        /// The winning tile.
        tile: Tile,
    },
    /// The empty squares other than the path's end can be covered: the player to move loses.
    MoverLoses,
}

/// The domino verdict for `state`, or `None` when the argument does not apply (no tiling of the
/// kind needed exists, or the game is over). Works on every board size.
pub fn verdict(game: &BlackPath, state: &State) -> Option<DominoVerdict> {
    let PathEnd::Open { cell, entry } = state.end() else {
        return None;
    };
    let size = game.size();
    let end = cell as usize;
    let mut empty: Vec<bool> = (0..size.cells()).map(|c| state.tile(c) == 0).collect();
    let count = empty.iter().filter(|&&e| e).count();
    if count % 2 == 0 {
        let partner = perfect_matching(size, &empty)?;
        let target = partner[end] as usize;
        let side = Side::ALL
            .into_iter()
            .find(|&s| size.neighbour(end, s) == Some(target))
            .expect("matched squares are neighbours");
        let tile = tile_for_exit(entry, side).expect("the partner is empty, so not the entry side");
        Some(DominoVerdict::MoverWins { tile })
    } else {
        empty[end] = false;
        perfect_matching(size, &empty).map(|_| DominoVerdict::MoverLoses)
    }
}

/// Who wins from the start of `game` by the domino argument alone: `Some(true)` when the first
/// player wins (the board can be tiled), `Some(false)` when the second player wins (the board
/// without the start square can be tiled), `None` when neither tiling exists.
pub fn first_player_wins(game: &BlackPath) -> Option<bool> {
    verdict(game, &tafel_core::Game::start(game))
        .map(|v| matches!(v, DominoVerdict::MoverWins { .. }))
}

/// A perfect matching of the squares marked in `present`, as each square's partner
/// (`UNMATCHED` for squares not present), or `None` if there is none.
pub fn perfect_matching(size: GridSize, present: &[bool]) -> Option<Vec<u16>> {
    let cells = size.cells();
    let mut partner = vec![UNMATCHED; cells];
    // Chessboard colouring: every domino has one "even" and one "odd" square.
    let is_even = |c: usize| {
        let (r, col) = size.coords(c);
        (r + col) % 2 == 0
    };
    let evens: Vec<usize> = (0..cells).filter(|&c| present[c] && is_even(c)).collect();
    let odd_count = (0..cells).filter(|&c| present[c] && !is_even(c)).count();
    if evens.len() != odd_count {
        return None;
    }
    let mut visited = vec![0u32; cells];
    for (round, &square) in evens.iter().enumerate() {
        if !augment(
            size,
            present,
            &mut partner,
            &mut visited,
            round as u32 + 1,
            square,
        ) {
            return None;
        }
    }
    Some(partner)
}

/// Looks for an augmenting path from the unmatched even square `square` (depth-first, each odd
/// square visited once per round) and flips it; returns whether one was found.
fn augment(
    size: GridSize,
    present: &[bool],
    partner: &mut [u16],
    visited: &mut [u32],
    round: u32,
    square: usize,
) -> bool {
    for side in Side::ALL {
        let Some(odd) = size.neighbour(square, side) else {
            continue;
        };
        if !present[odd] || visited[odd] == round {
            continue;
        }
        visited[odd] = round;
        let mate = partner[odd];
        if mate == UNMATCHED || augment(size, present, partner, visited, round, mate as usize) {
            partner[odd] = square as u16;
            partner[square] = odd as u16;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: usize, cols: usize) -> GridSize {
        GridSize { rows, cols }
    }

    #[test]
    fn rectangles_with_an_even_side_are_tiled() {
        for (r, c) in [(1, 2), (2, 3), (4, 5), (6, 6), (1, 1024), (32, 32)] {
            let size = grid(r, c);
            let m = perfect_matching(size, &vec![true; size.cells()]).unwrap();
            for (cell, &p) in m.iter().enumerate() {
                assert_eq!(m[p as usize] as usize, cell);
                assert!(Side::ALL
                    .iter()
                    .any(|&s| size.neighbour(cell, s) == Some(p as usize)));
            }
        }
    }

    #[test]
    fn odd_boards_minus_a_square_are_tiled_exactly_when_it_has_the_corner_colour() {
        for (r, c) in [(1, 1), (1, 5), (3, 3), (3, 5), (5, 5)] {
            let size = grid(r, c);
            for hole in 0..size.cells() {
                let mut present = vec![true; size.cells()];
                present[hole] = false;
                let (hr, hc) = size.coords(hole);
                assert_eq!(
                    perfect_matching(size, &present).is_some(),
                    (hr + hc) % 2 == 0,
                    "{r}x{c} without ({hr},{hc})"
                );
            }
        }
    }
}

//! The selection rule: when the values of a position's moves make it a puzzle.
//!
//! - **Exact** values (a solver's): the best move is the *only winning move* (a certain win
//!   where every other move falls short of one), or it keeps the highest chance with a margin of
//!   at least [`EXACT_MARGIN`] over the best other move.
//! - **Searched** values: the best move's value exceeds the best other move's by at least
//!   the game's margin ([`super::PuzzleGame::MARGIN`], by default [`SEARCH_MARGIN`]); the generator then has a second, independent search re-check it
//!   ([`super::judge`]).
//!
//! Values are the mover's expected result on the one scale ([`Chance::score`]: a win 1, a draw
//! 1/2, a loss 0).

use crate::scale::Chance;

/// The margin an exact best move needs over the second best (unless it is the only winning
/// move): 10 points of winning chance, the line where `tafel review` calls a move a mistake.
pub const EXACT_MARGIN: f64 = 0.10;

/// The margin a searched best move needs over the second best: 20 points, twice the exact
/// margin, because a search's values are estimates.
pub const SEARCH_MARGIN: f64 = 0.20;

/// A position's best move with its value and the best other move's value.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct TopTwo<M> {
    /// The best move (the first in move order among equals).
    pub best: M,
    /// Its value for the mover.
    pub value: f64,
    /// The best other move's value.
    pub second: f64,
}

impl<M> TopTwo<M> {
    /// How much better the best move is than the second best.
    pub fn margin(&self) -> f64 {
        self.value - self.second
    }
}

/// The best and second-best of every move's value (`None` with fewer than two moves).
pub fn top_two<M: Copy>(values: &[(M, Chance)]) -> Option<TopTwo<M>> {
    let (mut best, mut rest) = (None::<(M, f64)>, f64::NEG_INFINITY);
    for &(mv, chance) in values {
        let value = chance.score();
        match best {
            Some((_, top)) if top >= value => rest = rest.max(value),
            _ => {
                if let Some((_, top)) = best {
                    rest = rest.max(top);
                }
                best = Some((mv, value));
            }
        }
    }
    let (best, value) = best?;
    (rest > f64::NEG_INFINITY).then_some(TopTwo {
        best,
        value,
        second: rest,
    })
}

/// Whether exact values with these top two make a puzzle: the only winning move, or a clear
/// margin.
pub fn exact_puzzle<M>(top: &TopTwo<M>) -> bool {
    let only_win = top.value >= 1.0 && top.second < 1.0;
    only_win || top.margin() >= EXACT_MARGIN - 1e-12
}

/// Whether a search's values with these top two make a candidate puzzle (before the second
/// search) in a game whose searched puzzles need `margin`.
pub fn searched_candidate<M>(top: &TopTwo<M>, margin: f64) -> bool {
    top.margin() >= margin
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scale::Basis;

    fn exact(values: &[f64]) -> Vec<(usize, Chance)> {
        values
            .iter()
            .enumerate()
            .map(|(i, &win)| (i, Chance::new(win, 0.0, Basis::Exact)))
            .collect()
    }

    #[test]
    fn the_top_two_are_the_best_move_and_the_best_other_value() {
        let top = top_two(&exact(&[0.3, 0.8, 0.5, 0.8])).unwrap();
        assert_eq!((top.best, top.value, top.second), (1, 0.8, 0.8));
        let top = top_two(&exact(&[0.9, 0.2, 0.4])).unwrap();
        assert_eq!((top.best, top.value, top.second), (0, 0.9, 0.4));
        assert_eq!(top_two(&exact(&[0.9])), None);
        // A draw counts half.
        let draws = [
            (0, Chance::new(0.0, 1.0, Basis::Exact)),
            (1, Chance::new(0.0, 0.0, Basis::Exact)),
        ];
        assert_eq!(top_two(&draws).unwrap().margin(), 0.5);
    }

    #[test]
    fn an_exact_puzzle_is_the_only_win_or_a_clear_margin() {
        let rule = |values: &[f64]| exact_puzzle(&top_two(&exact(values)).unwrap());
        assert!(rule(&[0.0, 1.0, 0.0]), "the only winning move");
        assert!(
            rule(&[0.97, 1.0]),
            "the only certain win, however close the rest"
        );
        assert!(!rule(&[1.0, 1.0, 0.0]), "two winning moves");
        assert!(rule(&[0.55, 0.40]), "a margin of 15 points");
        assert!(rule(&[0.50, 0.40]), "a margin of exactly 10 points");
        assert!(!rule(&[0.55, 0.48]), "a margin of 7 points");
        assert!(!rule(&[0.0, 0.0]), "every move loses");
    }

    #[test]
    fn a_searched_candidate_needs_the_wider_margin() {
        let top = |value, second| TopTwo {
            best: 0,
            value,
            second,
        };
        assert!(searched_candidate(&top(0.8, 0.5), SEARCH_MARGIN));
        assert!(!searched_candidate(&top(0.8, 0.65), SEARCH_MARGIN));
        assert!(searched_candidate(&top(0.8, 0.65), 0.05));
        assert!(exact_puzzle(&top(0.8, 0.65)));
    }
}

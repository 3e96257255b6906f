//! What each game gives the puzzle generator: [`PuzzleGame`], implemented once per game in
//! `puzzles/games/`.

use std::path::Path;

use super::rule::SEARCH_MARGIN;
use super::PuzzleError;
use crate::games::GameAi;
use crate::levels::Algorithm;
use crate::scale::Oracle;

/// The solver a generation judges with: its values make a puzzle exact where it covers the
/// position, and `name` says for people what it is (the generator reports it).
pub struct PuzzleSolver<G: GameAi> {
    /// The solver's values, if the game has a solver.
    pub oracle: Option<Box<dyn Oracle<G>>>,
    /// What it is and what it covers.
    pub name: String,
}

/// What a game gives the puzzle generator: the solver that makes its puzzles exact, the two
/// searches that find and re-check them elsewhere, and the themes of a move.
pub trait PuzzleGame: GameAi {
    /// Whether the game has dice: then a puzzle is one move, never a line with replies.
    const DICE: bool;

    /// The first search, which finds candidates where the solver does not answer.
    const FIRST: Algorithm;

    /// The second, independent search (another algorithm at several times the first one's
    /// work) that re-checks every candidate before it is kept.
    const SECOND: Algorithm;

    /// The margin a searched best move needs over the second best ([`super::rule`]).
    const MARGIN: f64 = SEARCH_MARGIN;

    /// The strongest level that plays the source games.
    const STRONGEST_SOURCE: u32 = 4;

    /// The solver whose values make a puzzle exact, where it covers a position; `table` is a
    /// solved table file to read, for a game solved by one. By default the game's own
    /// solver ([`GameAi::oracle`]), and no table: one given is refused.
    fn puzzle_solver(&self, table: Option<&Path>) -> Result<PuzzleSolver<Self>, PuzzleError> {
        if table.is_some() {
            return Err(PuzzleError::NoTable);
        }
        let oracle = self.oracle();
        let name = match oracle {
            Some(_) => "the game's solver, where it covers the position",
            None => "none (the game is not solved): every puzzle is searched",
        };
        Ok(PuzzleSolver {
            oracle,
            name: name.to_string(),
        })
    }

    /// What `mv`, played in `state` (where someone is to move), does: the puzzle's themes
    /// particular to the game ([`super::themes`] adds those of every game).
    fn move_themes(&self, state: &Self::State, mv: Self::Move) -> Vec<&'static str>;
}

//! What each game gives the puzzle generator: [`PuzzleGame`], implemented once per game in
//! `puzzles/games/`.

use super::rule::SEARCH_MARGIN;
use crate::games::GameAi;
use crate::levels::Algorithm;
use crate::scale::Oracle;

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

    /// The solver whose values make a puzzle exact, where it covers a position: by default
    /// the game's own ([`GameAi::oracle`]).
    fn puzzle_oracle(&self) -> Option<Box<dyn Oracle<Self>>> {
        self.oracle()
    }

    /// What `mv`, played in `state` (where someone is to move), does: the puzzle's themes
    /// particular to the game ([`super::themes`] adds those of every game).
    fn move_themes(&self, state: &Self::State, mv: Self::Move) -> Vec<&'static str>;
}

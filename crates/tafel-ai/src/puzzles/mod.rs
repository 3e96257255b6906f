//! Puzzles: positions where one move (or, in games without dice, a short forced line with the
//! opponent's replies) is clearly best, found in games between the computer levels and
//! checked: exactly by a game's solver where it covers the position, elsewhere by a search
//! with a margin that a second, independent search re-checks. How, per game, is in
//! `docs/learn.md` ("How puzzles are made and checked").
//!
//! - [`format`](mod@format): a puzzle as the data files hold it ([`Kept`]: the [`Puzzle`] and
//!   its [`Check`]);
//! - [`rule`]: the selection rule, which move values make a puzzle;
//! - [`game`]: [`PuzzleGame`], what each game gives the generator (its [`PuzzleSolver`]
//!   among it), one module per game in `games/`;
//! - [`judge`]: a position's verdict, from the solver or the two searches;
//! - [`line`]: the answer as a forced line in games without dice;
//! - [`themes`]: what the answer does;
//! - `play`: the source games between computer levels;
//! - [`mine`](mod@mine): the source games played by people on a server ([`PlayedGame`]);
//! - [`generate`](mod@generate): the loop that keeps puzzles, and its [`Report`].

pub mod format;
pub mod game;
mod games;
pub mod generate;
pub mod judge;
mod line;
pub mod mine;
mod play;
pub mod rule;
pub mod themes;

use std::collections::HashSet;
use std::fmt;
use std::sync::Arc;

use tafel_core::{DynGame, DynPosition};

use crate::erased::AiError;
use crate::games::game_ai;
use crate::scale::assess::concrete;
use crate::scale::Chance;

pub use format::{Check, Kept, Puzzle, Source};
pub use game::{PuzzleGame, PuzzleSolver};
pub use games::ENDGAME_STONES;
pub use generate::{Generated, PuzzleOptions, Report};
pub use mine::PlayedGame;

/// Why puzzles could not be generated.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PuzzleError {
    /// The game has no computer player.
    Ai(AiError),
    /// The game is not played by two players (puzzles are one side against the other).
    NotTwoPlayers,
    /// No puzzle was asked for.
    NoCount,
    /// A solved table was given for a game that is not solved by one.
    NoTable,
    /// The solved table given does not open (why, and how to build it).
    Table(String),
    /// A played game's start or moves do not read on the game's rules.
    Unreadable {
        /// The game's id.
        game: String,
        /// Why.
        reason: String,
    },
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Ai(e) => fmt::Display::fmt(e, f),
            PuzzleError::NotTwoPlayers => write!(f, "puzzles need a game of two players"),
            PuzzleError::NoCount => write!(f, "ask for at least one puzzle"),
            PuzzleError::NoTable => write!(
                f,
                "only Karl's Race is solved by a table: leave out the table for this game"
            ),
            PuzzleError::Table(why) => fmt::Display::fmt(why, f),
            PuzzleError::Unreadable { game, reason } => {
                write!(f, "game {game} does not replay: {reason}")
            }
        }
    }
}

impl std::error::Error for PuzzleError {}

impl From<AiError> for PuzzleError {
    fn from(e: AiError) -> Self {
        PuzzleError::Ai(e)
    }
}

/// Refuses what neither [`generate()`] nor [`mine()`] can do: a game not of two players, or
/// no puzzle asked for.
fn check_request(game: &dyn DynGame, options: &PuzzleOptions) -> Result<(), PuzzleError> {
    if game.num_players() != 2 {
        return Err(PuzzleError::NotTwoPlayers);
    }
    if options.count == 0 {
        return Err(PuzzleError::NoCount);
    }
    Ok(())
}

/// Generates puzzles of `game` (with its settings) as `options` say; `progress` hears the
/// report after every source game.
pub fn generate(
    game: &dyn DynGame,
    options: &PuzzleOptions,
    progress: &mut dyn FnMut(&Report),
) -> Result<Generated, PuzzleError> {
    check_request(game, options)?;
    game_ai(game)?.generate_puzzles(game, options, progress)
}

/// Puzzles of `game` (with its settings) from `played`, finished games of it played by
/// people, judged as [`generate()`] judges the self-played ones: at most `options.count`,
/// skipping the positions whose codes are in `known`; `progress` hears the report after
/// every game.
pub fn mine(
    game: &dyn DynGame,
    played: &[PlayedGame],
    known: HashSet<String>,
    options: &PuzzleOptions,
    progress: &mut dyn FnMut(&Report),
) -> Result<Generated, PuzzleError> {
    check_request(game, options)?;
    game_ai(game)?.mine_puzzles(game, played, known, options, progress)
}

/// The exact value of every legal move of `position` (a position of `game`) by the solver
/// the puzzles are checked with (as the generator finds it without a table named:
/// [`PuzzleGame::puzzle_solver`]), in move notation; `None` where it does not cover the
/// position.
pub fn exact_values(
    game: &dyn DynGame,
    position: &dyn DynPosition,
) -> Result<Option<Vec<(String, Chance)>>, PuzzleError> {
    game_ai(game)?.puzzle_values(game, position)
}

/// [`exact_values`] for the concrete game `G`.
pub(crate) fn values_erased<G: PuzzleGame>(
    game: &Arc<G>,
    position: &dyn DynPosition,
) -> Result<Option<Vec<(String, Chance)>>, PuzzleError> {
    let state = &concrete(game, position)?.state;
    let game = game.as_ref();
    let Some(mut oracle) = game.puzzle_solver(None)?.oracle else {
        return Ok(None);
    };
    Ok(oracle.move_values(game, state).map(|values| {
        values
            .into_iter()
            .map(|(mv, chance)| (game.format_move(state, mv), chance))
            .collect()
    }))
}

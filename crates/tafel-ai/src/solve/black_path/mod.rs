//! Black Path, solved: who wins with perfect play, and a winning move, on any board.
//!
//! Two methods, tried in this order by [`solve`]:
//! 1. the **domino strategy** of *Winning Ways* ([`domino`]), which settles any position whose
//!    empty squares (or empty squares but the path's end) can be tiled by dominoes, on any board
//!    size, at the cost of one bipartite matching;
//! 2. an **exact search** ([`search`]) with a transposition table, for the other positions on
//!    boards of up to [`MAX_SEARCH_SQUARES`] squares, and to check the first method.
//!
//! [`PerfectBlackPath`] plays perfectly with them; [`BlackPathOracle`] gives every move's exact
//! value from them.

mod agent;
pub mod domino;
pub mod search;

pub use agent::{BlackPathOracle, PerfectBlackPath, AGENT_TABLE_LOG2};
pub use domino::DominoVerdict;
pub use search::{Searcher, MAX_SEARCH_SQUARES};

use std::fmt;

use tafel_games::black_path::{tile_for_exit, BlackPath, PathEnd, State, Tile};
use tafel_games::grid::Side;

/// The transposition table size the command line uses: 2^22 slots, 64 MiB.
pub const DEFAULT_TABLE_LOG2: u32 = 22;

/// How a result was obtained.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Method {
    /// The domino argument (a tiling of the empty squares).
    Domino,
    /// The exact search.
    Search,
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Method::Domino => "domino strategy",
            Method::Search => "exact search",
        })
    }
}

/// The perfect-play result of a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Solution {
    /// Whether the player to move wins.
    pub mover_wins: bool,
    /// A winning tile for the player to move, when he wins.
    pub winning_tile: Option<Tile>,
    /// How the result was found.
    pub method: Method,
    /// Positions the search visited (0 for the domino strategy).
    pub nodes: u64,
}

/// Why a position could not be solved.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SolveError {
    /// The game is already over.
    GameOver,
    /// Neither tiling exists and the board is too large for the exact search.
    TooLarge {
        /// The board's squares.
        squares: usize,
    },
    /// The search reached its node limit ([`Searcher::with_node_limit`]) first.
    NodeLimit {
        /// The limit.
        nodes: u64,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::GameOver => write!(f, "the game is over: there is nothing to solve"),
            SolveError::TooLarge { squares } => write!(
                f,
                "the domino strategy does not apply here and the board has {squares} squares; \
                 the exact search handles at most {MAX_SEARCH_SQUARES}"
            ),
            SolveError::NodeLimit { nodes } => {
                write!(f, "the exact search reached its limit of {nodes} nodes")
            }
        }
    }
}

impl std::error::Error for SolveError {}

/// Solves `state`: by the domino strategy when it applies, otherwise by the exact search with a
/// table of `2^log2_slots` entries.
pub fn solve(game: &BlackPath, state: &State, log2_slots: u32) -> Result<Solution, SolveError> {
    if let PathEnd::Boundary = state.end() {
        return Err(SolveError::GameOver);
    }
    match domino::verdict(game, state) {
        Some(DominoVerdict::MoverWins { tile }) => Ok(Solution {
            mover_wins: true,
            winning_tile: Some(tile),
            method: Method::Domino,
            nodes: 0,
        }),
        Some(DominoVerdict::MoverLoses) => Ok(Solution {
            mover_wins: false,
            winning_tile: None,
            method: Method::Domino,
            nodes: 0,
        }),
        None => {
            let searcher = Searcher::new(game, log2_slots).ok_or(SolveError::TooLarge {
                squares: game.size().cells(),
            })?;
            searcher.with_domino_cutoffs(true).solve(game, state)
        }
    }
}

/// Solves `state` by the plain exact search alone, with no use of the domino argument (to check
/// it, or to count nodes).
pub fn solve_by_search(
    game: &BlackPath,
    state: &State,
    log2_slots: u32,
) -> Result<Solution, SolveError> {
    let mut searcher = Searcher::new(game, log2_slots).ok_or(SolveError::TooLarge {
        squares: game.size().cells(),
    })?;
    searcher.solve(game, state)
}

impl Searcher {
    /// Solves `state` (a position of the game this searcher was built for) by search.
    pub fn solve(&mut self, game: &BlackPath, state: &State) -> Result<Solution, SolveError> {
        let pos = self
            .geometry()
            .position_of(game, state)
            .ok_or(SolveError::GameOver)?;
        let before = self.nodes();
        self.start_solve();
        let exit = self.winning_exit(pos).map_err(|_| SolveError::NodeLimit {
            nodes: self.node_limit(),
        })?;
        Ok(Solution {
            mover_wins: exit.is_some(),
            winning_tile: exit.map(|e| {
                tile_for_exit(Side::ALL[pos.entry as usize], Side::ALL[e as usize])
                    .expect("a move never leaves by the entry side")
            }),
            method: Method::Search,
            nodes: self.nodes() - before,
        })
    }
}

#[cfg(test)]
mod tests;

//! Strength levels: per game, level 1 (a beginner can beat it) up to the strongest, each an
//! [`Algorithm`] with a work budget. Work budgets (not time) keep matches reproducible from a
//! seed; every move also has a time cap so that no level can hang a game. Each game's table
//! is its [`GameAi::LEVELS`] (in `games/<game>.rs`); why each level is what it is, and how
//! the levels measure against each other, is in `docs/ai.md`.

use std::fmt;
use std::time::Duration;

pub use crate::eval::Leaf;
use tafel_core::{reason, Reason};

use crate::games::GameAi;

/// A search algorithm with its budget per move.
///
/// This is the one place a new kind of player is added: a variant here, its line in
/// [`fmt::Display`], and its arm in [`crate::erased::typed_agent`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Algorithm {
    /// Uniformly random legal moves.
    Random,
    /// UCT with `iterations` per move, leaves valued as `leaf` says.
    Mcts {
        /// Iterations per move.
        iterations: u64,
        /// How leaves are valued.
        leaf: Leaf,
    },
    /// Alpha-beta to `depth` plies or `nodes` nodes, leaves valued as `leaf` says.
    AlphaBeta {
        /// The deepest iteration, in plies.
        depth: u32,
        /// Nodes per move.
        nodes: u64,
        /// How leaves are valued.
        leaf: Leaf,
    },
    /// Expectimax with Star1 to `depth` plies or `nodes` nodes, leaves valued as `leaf`
    /// says.
    Expectimax {
        /// The deepest iteration, in plies.
        depth: u32,
        /// Nodes per move.
        nodes: u64,
        /// How leaves are valued.
        leaf: Leaf,
    },
    /// Perfect play from the game's exact solution ([`crate::GameAi::perfect_agent`]); where the
    /// settings are not solved or a table is not built, `otherwise` plays instead.
    Perfect {
        /// What plays where there is no perfect play.
        otherwise: &'static Algorithm,
    },
}

impl Algorithm {
    /// The algorithm in words, as a reason by code with its numbers.
    pub fn reason(&self) -> Reason {
        match *self {
            Algorithm::Random => reason!("algorithm-random", "random moves"),
            Algorithm::Mcts { iterations, leaf } => reason!(
                "algorithm-mcts",
                "MCTS, {iterations} iterations, {leaf}",
                iterations
            )
            .with_reason("leaf", leaf.reason()),
            Algorithm::AlphaBeta { depth, nodes, leaf } => reason!(
                "algorithm-alpha-beta",
                "alpha-beta, depth {depth} or {nodes} nodes, {leaf}",
                depth,
                nodes
            )
            .with_reason("leaf", leaf.reason()),
            Algorithm::Expectimax { depth, nodes, leaf } => reason!(
                "algorithm-expectimax",
                "expectimax (Star1), depth {depth} or {nodes} nodes, {leaf}",
                depth,
                nodes
            )
            .with_reason("leaf", leaf.reason()),
            Algorithm::Perfect { otherwise } => reason!(
                "algorithm-perfect",
                "perfect play from the exact solution (else: {otherwise})"
            )
            .with_reason("otherwise", otherwise.reason()),
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.reason(), f)
    }
}

impl Algorithm {
    /// The same algorithm with its work budget per move set to `units` (nodes, or iterations
    /// for MCTS); random play and perfect play as they are.
    pub fn with_work(self, units: u64) -> Algorithm {
        match self {
            Algorithm::Mcts { leaf, .. } => Algorithm::Mcts {
                iterations: units,
                leaf,
            },
            Algorithm::AlphaBeta { depth, leaf, .. } => Algorithm::AlphaBeta {
                depth,
                nodes: units,
                leaf,
            },
            Algorithm::Expectimax { depth, leaf, .. } => Algorithm::Expectimax {
                depth,
                nodes: units,
                leaf,
            },
            other => other,
        }
    }

    /// The work budget per move (nodes, or iterations for MCTS; a perfect level's stand-in's),
    /// `None` for random play.
    pub fn work(&self) -> Option<u64> {
        match *self {
            Algorithm::Mcts { iterations, .. } => Some(iterations),
            Algorithm::AlphaBeta { nodes, .. } | Algorithm::Expectimax { nodes, .. } => Some(nodes),
            Algorithm::Random => None,
            Algorithm::Perfect { otherwise } => otherwise.work(),
        }
    }
}

/// The most time any level may spend on one move (the work budgets normally end far sooner).
pub const MOVE_TIME_CAP: Duration = Duration::from_secs(10);

/// MCTS with `iterations` per move, leaves valued as `leaf` says.
pub const fn mcts(iterations: u64, leaf: Leaf) -> Algorithm {
    Algorithm::Mcts { iterations, leaf }
}

/// Alpha-beta to `depth` plies within `nodes` nodes.
pub const fn alpha_beta(depth: u32, nodes: u64, leaf: Leaf) -> Algorithm {
    Algorithm::AlphaBeta { depth, nodes, leaf }
}

/// Expectimax to `depth` plies within `nodes` nodes.
pub const fn expectimax(depth: u32, nodes: u64, leaf: Leaf) -> Algorithm {
    Algorithm::Expectimax { depth, nodes, leaf }
}

/// Perfect play, or `otherwise` where the game's settings are not solved.
pub const fn perfect(otherwise: &'static Algorithm) -> Algorithm {
    Algorithm::Perfect { otherwise }
}

/// One random playout per leaf.
pub const PLAYOUT: Leaf = Leaf::Playouts(1);
/// The game's own evaluation at the leaves.
pub const EVAL: Leaf = Leaf::Heuristic;

/// A level that the game does not have.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownLevel {
    /// The game's name.
    pub game: &'static str,
    /// The level asked for.
    pub level: u32,
    /// The strongest level of the game.
    pub strongest: u32,
}

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} has no level {} (levels are 1 to {})",
            self.game, self.level, self.strongest
        )
    }
}

impl std::error::Error for UnknownLevel {}

/// Level `level` (from 1) of the game `G` ([`GameAi::LEVELS`]).
pub fn level<G: GameAi>(level: u32) -> Result<Algorithm, UnknownLevel> {
    level_in(G::INFO.name, G::LEVELS, level)
}

/// Level `level` (from 1) of the game called `game` whose levels are `table`.
pub(crate) fn level_in(
    game: &'static str,
    table: &'static [Algorithm],
    level: u32,
) -> Result<Algorithm, UnknownLevel> {
    level
        .checked_sub(1)
        .and_then(|i| table.get(i as usize))
        .copied()
        .ok_or(UnknownLevel {
            game,
            level,
            strongest: table.len() as u32,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tafel_games::black_path::BlackPath;

    #[test]
    fn levels_count_from_one() {
        assert_eq!(level::<BlackPath>(1), Ok(BlackPath::LEVELS[0]));
        let err = level::<BlackPath>(0).unwrap_err();
        assert_eq!(
            err.to_string(),
            "black-path has no level 0 (levels are 1 to 6)"
        );
        assert!(level::<BlackPath>(7).is_err());
    }
}

//! Strength levels: per game, level 1 (a beginner can beat it) up to the strongest, each an
//! algorithm with a work budget. Work budgets (not time) keep matches reproducible from a
//! seed; every move also has a time cap so that no level can hang a game.

use std::fmt;
use std::time::Duration;

/// A search algorithm with its budget per move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Algorithm {
    /// Uniformly random legal moves.
    Random,
    /// UCT with `iterations` per move, leaves valued by `playouts` random games.
    Mcts { iterations: u64, playouts: u32 },
    /// Alpha-beta to `depth` plies or `nodes` nodes, leaves valued by `playouts` random games.
    AlphaBeta {
        depth: u32,
        nodes: u64,
        playouts: u32,
    },
    /// Expectimax with Star1 to `depth` plies or `nodes` nodes, leaves valued by `playouts`
    /// random games.
    Expectimax {
        depth: u32,
        nodes: u64,
        playouts: u32,
    },
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Algorithm::Random => write!(f, "random moves"),
            Algorithm::Mcts {
                iterations,
                playouts,
            } => write!(
                f,
                "MCTS, {iterations} iterations, {playouts} playout(s) per leaf"
            ),
            Algorithm::AlphaBeta {
                depth,
                nodes,
                playouts,
            } => write!(
                f,
                "alpha-beta, depth {depth} or {nodes} nodes, {playouts} playout(s) per leaf"
            ),
            Algorithm::Expectimax {
                depth,
                nodes,
                playouts,
            } => write!(
                f,
                "expectimax (Star1), depth {depth} or {nodes} nodes, {playouts} playout(s) per leaf"
            ),
        }
    }
}

/// The most time any level may spend on one move (the work budgets normally end far sooner).
pub const MOVE_TIME_CAP: Duration = Duration::from_secs(10);

/// Black Path: measured with `tafel match`, strength stops growing at about 1,000 MCTS
/// iterations (the first seat wins with simple correct play, and deeper search or alpha-beta
/// with random-playout leaves did not measurably beat 10,000 iterations), so the levels step
/// through the range where more search still pays.
const BLACK_PATH: &[Algorithm] = &[
    Algorithm::Mcts {
        iterations: 5,
        playouts: 1,
    },
    Algorithm::Mcts {
        iterations: 20,
        playouts: 1,
    },
    Algorithm::Mcts {
        iterations: 80,
        playouts: 1,
    },
    Algorithm::Mcts {
        iterations: 300,
        playouts: 1,
    },
    Algorithm::Mcts {
        iterations: 2_000,
        playouts: 1,
    },
];

/// Every game before it gets its own table: MCTS with random playouts, ten times the
/// iterations per level (roughly).
const DEFAULT: &[Algorithm] = &[
    Algorithm::Mcts {
        iterations: 20,
        playouts: 1,
    },
    Algorithm::Mcts {
        iterations: 200,
        playouts: 1,
    },
    Algorithm::Mcts {
        iterations: 1_000,
        playouts: 1,
    },
    Algorithm::Mcts {
        iterations: 5_000,
        playouts: 1,
    },
    Algorithm::Mcts {
        iterations: 20_000,
        playouts: 1,
    },
];

/// The levels of the game called `game`; `levels(game)[i]` is level `i + 1`.
pub fn levels(game: &str) -> &'static [Algorithm] {
    match game {
        "black-path" => BLACK_PATH,
        _ => DEFAULT,
    }
}

/// The search `tafel hint` uses when no level is asked for: deeper than the levels where the
/// game allows it, and for deterministic two-player games able to prove wins and losses.
pub fn analysis(game: &str) -> Algorithm {
    match game {
        "black-path" => Algorithm::AlphaBeta {
            depth: 64,
            nodes: 3_000_000,
            playouts: 1,
        },
        _ => Algorithm::Mcts {
            iterations: 50_000,
            playouts: 1,
        },
    }
}

/// A level that the game does not have.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownLevel {
    /// The game.
    pub game: String,
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

/// Level `level` (from 1) of `game`.
pub fn level(game: &str, level: u32) -> Result<Algorithm, UnknownLevel> {
    let table = levels(game);
    level
        .checked_sub(1)
        .and_then(|i| table.get(i as usize))
        .copied()
        .ok_or_else(|| UnknownLevel {
            game: game.to_string(),
            level,
            strongest: table.len() as u32,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_count_from_one() {
        assert_eq!(level("black-path", 1), Ok(BLACK_PATH[0]));
        assert_eq!(level("some-new-game", 5), Ok(DEFAULT[4]));
        let err = level("black-path", 0).unwrap_err();
        assert_eq!(
            err.to_string(),
            "black-path has no level 0 (levels are 1 to 5)"
        );
        assert!(level("black-path", 6).is_err());
    }
}

//! Strength levels: per game, level 1 (a beginner can beat it) up to the strongest, each an
//! algorithm with a work budget. Work budgets (not time) keep matches reproducible from a
//! seed; every move also has a time cap so that no level can hang a game.

use std::fmt;
use std::time::Duration;

pub use crate::eval::Leaf;

/// A search algorithm with its budget per move.
///
/// This is the one place a new kind of player is added (an exact solver for a solved game,
/// say): a variant here, its line in [`fmt::Display`], and its arm in
/// [`crate::erased::typed_agent`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Algorithm {
    /// Uniformly random legal moves.
    Random,
    /// UCT with `iterations` per move, leaves valued as `leaf` says.
    Mcts { iterations: u64, leaf: Leaf },
    /// Alpha-beta to `depth` plies or `nodes` nodes, leaves valued as `leaf` says.
    AlphaBeta { depth: u32, nodes: u64, leaf: Leaf },
    /// Expectimax with Star1 to `depth` plies or `nodes` nodes, leaves valued as `leaf`
    /// says.
    Expectimax { depth: u32, nodes: u64, leaf: Leaf },
    /// Perfect play from the game's exact solution ([`crate::solve::PerfectPlay`]); where the
    /// settings are not solved or a table is not built, `otherwise` plays instead.
    Perfect { otherwise: &'static Algorithm },
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Algorithm::Random => write!(f, "random moves"),
            Algorithm::Mcts { iterations, leaf } => {
                write!(f, "MCTS, {iterations} iterations, {leaf}")
            }
            Algorithm::AlphaBeta { depth, nodes, leaf } => {
                write!(f, "alpha-beta, depth {depth} or {nodes} nodes, {leaf}")
            }
            Algorithm::Expectimax { depth, nodes, leaf } => write!(
                f,
                "expectimax (Star1), depth {depth} or {nodes} nodes, {leaf}"
            ),
            Algorithm::Perfect { otherwise } => {
                write!(
                    f,
                    "perfect play from the exact solution (else: {otherwise})"
                )
            }
        }
    }
}

/// The most time any level may spend on one move (the work budgets normally end far sooner).
pub const MOVE_TIME_CAP: Duration = Duration::from_secs(10);

/// MCTS with `iterations` per move.
const fn mcts(iterations: u64, leaf: Leaf) -> Algorithm {
    Algorithm::Mcts { iterations, leaf }
}

/// Alpha-beta to `depth` plies within `nodes` nodes.
const fn alpha_beta(depth: u32, nodes: u64, leaf: Leaf) -> Algorithm {
    Algorithm::AlphaBeta { depth, nodes, leaf }
}

/// Expectimax to `depth` plies within `nodes` nodes.
const fn expectimax(depth: u32, nodes: u64, leaf: Leaf) -> Algorithm {
    Algorithm::Expectimax { depth, nodes, leaf }
}

/// Perfect play, or `otherwise` where the game's settings are not solved.
const fn perfect(otherwise: &'static Algorithm) -> Algorithm {
    Algorithm::Perfect { otherwise }
}

/// One random playout per leaf.
const PLAYOUT: Leaf = Leaf::Playouts(1);
/// The game's own evaluation at the leaves.
const EVAL: Leaf = Leaf::Heuristic;

/// Black Path: measured with `tafel match`, strength stops growing at about 1,000 MCTS
/// iterations (the first seat wins with simple correct play, and deeper search or alpha-beta
/// with random-playout leaves did not measurably beat 10,000 iterations), so the levels step
/// through the range where more search still pays.
/// Level 6 plays perfectly (domino strategy and exact search, `docs/analysis.md`).
const BLACK_PATH: &[Algorithm] = &[
    mcts(5, PLAYOUT),
    mcts(20, PLAYOUT),
    mcts(80, PLAYOUT),
    mcts(300, PLAYOUT),
    BLACK_PATH_5,
    perfect(&BLACK_PATH_5),
];
const BLACK_PATH_5: Algorithm = mcts(2_000, PLAYOUT);

/// Karl's Race: expectimax over the die with the race evaluation (MCTS with a tenth of the
/// nodes as iterations for the four-player game). Level 6 plays perfectly from the solved
/// table when it has been built (`tafel solve karls-race`), like level 5 otherwise.
const KARLS_RACE: &[Algorithm] = &[
    mcts(10, PLAYOUT),
    mcts(100, PLAYOUT),
    expectimax(1, 1_000, EVAL),
    expectimax(3, 100_000, EVAL),
    KARLS_RACE_5,
    perfect(&KARLS_RACE_5),
];
const KARLS_RACE_5: Algorithm = expectimax(64, 1_000_000, EVAL);

/// Carreaux. Level 6 plays perfectly from the whole game tree (like level 5 under
/// `rule=free`, which is not solved). Under the designer's rules every game is a draw
/// whatever is played; under `rule=free`, every pair of levels from 2 up drew every game
/// measured (a player who stops the opponent's immediate connection is hardly ever beaten),
/// so no ladder can be shown above level 2. Level 5 is MCTS with the connection evaluation
/// at the leaves: it won as often against random play as alpha-beta with 200,000 nodes and
/// the same evaluation (77 and 78 of 100) for about a quarter of the CPU (`docs/ai.md`).
const CARREAUX: &[Algorithm] = &[
    mcts(5, PLAYOUT),
    mcts(50, PLAYOUT),
    alpha_beta(2, 10_000, EVAL),
    alpha_beta(4, 50_000, EVAL),
    CARREAUX_5,
    perfect(&CARREAUX_5),
];
const CARREAUX_5: Algorithm = mcts(5_000, EVAL);

/// Kauri: alpha-beta with the store evaluation from level 3 up; each level beats the one
/// below it in `tafel match` (`docs/ai.md`).
const KAURI: &[Algorithm] = &[
    mcts(20, PLAYOUT),
    mcts(200, PLAYOUT),
    alpha_beta(64, 15_000, EVAL),
    alpha_beta(64, 60_000, EVAL),
    alpha_beta(64, 300_000, EVAL),
];

/// Quarx: alpha-beta one ply deeper per level (the quiescence search plays every exchange
/// out). Depth limits rather than open-ended deepening keep the long king endings quick.
const QUARX: &[Algorithm] = &[
    mcts(20, PLAYOUT),
    alpha_beta(1, 1_000, EVAL),
    alpha_beta(2, 20_000, EVAL),
    alpha_beta(3, 150_000, EVAL),
    alpha_beta(4, 1_000_000, EVAL),
];

/// A game without a table of its own: MCTS with random playouts, about five times the
/// iterations per level.
const DEFAULT: &[Algorithm] = &[
    mcts(20, PLAYOUT),
    mcts(200, PLAYOUT),
    mcts(1_000, PLAYOUT),
    mcts(5_000, PLAYOUT),
    mcts(20_000, PLAYOUT),
];

/// The levels of the game called `game`; `levels(game)[i]` is level `i + 1`.
pub fn levels(game: &str) -> &'static [Algorithm] {
    match game {
        "black-path" => BLACK_PATH,
        "karls-race" => KARLS_RACE,
        "carreaux" => CARREAUX,
        "kauri" => KAURI,
        "quarx" => QUARX,
        _ => DEFAULT,
    }
}

/// The generic MCTS levels every game had before it got its own table: the yardstick the
/// per-game tables are measured against.
pub fn default_levels() -> &'static [Algorithm] {
    DEFAULT
}

/// The search `tafel hint` uses when no level is asked for: deeper than the levels where the
/// game allows it, and for deterministic two-player games able to prove wins and losses.
pub fn analysis(game: &str) -> Algorithm {
    match game {
        "black-path" => alpha_beta(64, 3_000_000, PLAYOUT),
        "karls-race" => expectimax(64, 3_000_000, EVAL),
        "carreaux" | "kauri" | "quarx" => alpha_beta(64, 1_000_000, EVAL),
        _ => mcts(50_000, PLAYOUT),
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
            "black-path has no level 0 (levels are 1 to 6)"
        );
        assert!(level("black-path", 7).is_err());
    }
}

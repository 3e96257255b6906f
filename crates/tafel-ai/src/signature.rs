//! The search signature: fixed positions searched with fixed budgets, whose node counts add up
//! to one number, as chess engines keep a "bench" signature. Any change in what the searchers
//! do (move ordering, pruning, evaluation, the transposition table, MCTS selection) changes
//! the number; a refactoring that should not change the search must leave it equal.
//! `tafel bench --signature` prints it, and a test asserts it.
//!
//! Each game contributes one or more [`SignatureSpec`]s ([`GameAi::SIGNATURE`]: settings,
//! position codes under them and a depth); each position is searched on one thread with seed 1 and no time limit:
//!
//! - by the game's analysis search (alpha-beta or expectimax, with its leaf evaluation) to the
//!   spec's depth, with no node limit: the nodes it visited (two-seat games only: with more
//!   seats the levels play MCTS);
//! - by MCTS with [`MCTS_ITERATIONS`] iterations and the game's evaluation at the leaves: the
//!   moves its tree generated ([`Mcts::generated`]).

use tafel_core::GameSettings;

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::budget::Budget;
use crate::eval::{Leaf, LeafEvaluator};
use crate::expectimax::{Expectimax, ExpectimaxConfig};
use crate::games::GameAi;
use crate::levels::Algorithm;
use crate::mcts::{Mcts, MctsConfig};

/// MCTS iterations per signature position.
pub const MCTS_ITERATIONS: u64 = 1_000;

/// A node limit no signature search should reach: a guard against a search that runs away,
/// not a budget (a search that reaches it still counts, but the signature then says less).
const NODE_GUARD: u64 = 20_000_000;

/// One game's part of the signature.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SignatureSpec {
    /// The settings, as `key=value` pairs over the defaults.
    pub settings: &'static [(&'static str, &'static str)],
    /// Position codes under these settings, each with a player to move.
    pub positions: &'static [&'static str],
    /// The depth, in plies, of the analysis search on each position.
    pub depth: u32,
}

/// One search of the signature.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SignatureLine {
    /// The game's name.
    pub game: &'static str,
    /// The position's code.
    pub position: &'static str,
    /// Which search ran ("alpha-beta depth 6", "MCTS 1000 iterations").
    pub search: String,
    /// The nodes it visited (MCTS: the moves its tree generated).
    pub nodes: u64,
    /// The move it chose, in notation.
    pub best: String,
}

/// The sum of the lines' node counts: the signature.
pub fn total(lines: &[SignatureLine]) -> u64 {
    lines.iter().map(|l| l.nodes).sum()
}

/// The signature lines of one game: every position of `spec`, searched by `analysis` (the
/// game's analysis search, whose kind and leaf are kept and whose depth becomes the spec's)
/// and by MCTS.
pub fn game_lines<G: GameAi>(analysis: Algorithm, spec: &SignatureSpec) -> Vec<SignatureLine> {
    let settings = G::Settings::from_pairs(G::INFO.name, spec.settings)
        .unwrap_or_else(|e| panic!("{}: signature settings: {e}", G::INFO.name));
    let game =
        &G::new(settings).unwrap_or_else(|e| panic!("{}: signature settings: {e}", G::INFO.name));
    let mut lines = Vec::new();
    for &code in spec.positions {
        let state = game
            .parse_position(code)
            .unwrap_or_else(|e| panic!("{}: signature position: {e}", G::INFO.name));
        let evaluator = |leaf| LeafEvaluator::new(leaf, G::Heuristic::default());
        let line = |search: String, nodes: u64, best: G::Move| SignatureLine {
            game: G::INFO.name,
            position: code,
            search,
            nodes,
            best: game.format_move(&state, best),
        };
        let budget = Budget::work(NODE_GUARD);
        let depth = spec.depth;
        match analysis {
            _ if game.num_players() != 2 => {}
            Algorithm::AlphaBeta { leaf, .. } => {
                let config = AlphaBetaConfig {
                    budget,
                    max_depth: depth,
                    table_bits: 18,
                    seed: 1,
                };
                let result = AlphaBeta::new(config, evaluator(leaf))
                    .analyse(game, &state)
                    .expect("a signature position has a player to move");
                lines.push(line(
                    format!("alpha-beta depth {depth}"),
                    result.nodes,
                    result.best,
                ));
            }
            Algorithm::Expectimax { leaf, .. } => {
                let config = ExpectimaxConfig {
                    budget,
                    max_depth: depth,
                    seed: 1,
                };
                let result = Expectimax::new(config, evaluator(leaf))
                    .analyse(game, &state)
                    .expect("a signature position has a player to move");
                lines.push(line(
                    format!("expectimax depth {depth}"),
                    result.nodes,
                    result.best,
                ));
            }
            other => panic!("{}: the analysis search {other} has no depth", G::INFO.name),
        }
        let mut mcts = Mcts::new(
            MctsConfig::new(Budget::work(MCTS_ITERATIONS), 1),
            evaluator(Leaf::Heuristic),
        );
        let stats = mcts.analyse(game, &state);
        let best = stats
            .iter()
            .max_by_key(|s| s.1)
            .expect("a signature position has a player to move")
            .0;
        lines.push(line(
            format!("MCTS {MCTS_ITERATIONS} iterations"),
            mcts.generated(),
            best,
        ));
    }
    lines
}

/// Every game's signature lines, in registry order.
pub fn signature() -> Vec<SignatureLine> {
    crate::games::all()
        .iter()
        .flat_map(|ai| ai.signature())
        .collect()
}

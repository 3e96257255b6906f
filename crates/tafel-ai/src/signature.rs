//! The search signature: fixed positions searched with fixed budgets, whose node counts add up
//! to one number, as chess engines keep a "bench" signature. Any change in what the searchers
//! do (move ordering, pruning, evaluation, the transposition table, MCTS selection) changes
//! the number; a refactoring that should not change the search must leave it equal.
//! `tafel bench --signature` prints it, and a test asserts it.
//!
//! Each game contributes one or more [`SignatureSpec`]s (settings, position codes under them and
//! a depth); each position is searched on one thread with seed 1 and no time limit:
//!
//! - by the game's analysis search (alpha-beta or expectimax, with its leaf evaluation) to the
//!   spec's depth, with no node limit: the nodes it visited (two-seat games only: with more
//!   seats the levels play MCTS);
//! - by MCTS with [`MCTS_ITERATIONS`] iterations and the game's evaluation at the leaves: the
//!   moves its tree generated ([`Mcts::generated`]).

use tafel_core::GameSettings;

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::budget::Budget;
use crate::eval::{GameEvaluation, Leaf, LeafEvaluator};
use crate::expectimax::{Expectimax, ExpectimaxConfig};
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
pub fn game_lines<G: GameEvaluation>(
    analysis: Algorithm,
    spec: &SignatureSpec,
) -> Vec<SignatureLine> {
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
    use tafel_games::{black_path, carreaux, karls_race, kauri, quarx};
    fn lines<G: GameEvaluation>(specs: &[SignatureSpec]) -> Vec<SignatureLine> {
        let analysis = crate::levels::analysis(G::INFO.name);
        specs
            .iter()
            .flat_map(|spec| game_lines::<G>(analysis, spec))
            .collect()
    }
    let mut all = Vec::new();
    all.extend(lines::<black_path::BlackPath>(&[SignatureSpec {
        settings: &[],
        positions: &[
            "......../......../......../......../......../......../......../........",
            "32....../.3....../.2....../......../......../......../......../........",
            "32....../.3....../.232..../...23.../......../......../......../........",
            "32....../.3....../.2322.../...232../....21../......../......../........",
        ],
        depth: 10,
    }]));
    all.extend(lines::<karls_race::KarlsRace>(&[
        SignatureSpec {
            settings: &[],
            positions: &["w3:ABCGHJ:MNPQTU", "w1:EGHJ:KMQU", "w5:EJ:KMOR", "w6:M:JOR"],
            depth: 4,
        },
        SignatureSpec {
            settings: &[("players", "4")],
            positions: &[
                "se6:AGHJ:CDEF:ORSU:MNQT",
                "nw1:GHJ:CEF:LOU:MNP",
                "se1:BG:FK:LU:MN",
                "nw1:BH:IK:LO:Q",
            ],
            depth: 0,
        },
    ]));
    all.extend(lines::<carreaux::Carreaux>(&[
        SignatureSpec {
            settings: &[],
            positions: &[
                "r:.BGBGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/RGRGRG",
                "b:B.GBGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/RGRGRG",
                "r:BG.BGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/RGRGRG",
                "b:BGBBGB/RG.GBG/GRGBGB/RGRGBG/GRGRGB/RGRGRG",
            ],
            depth: 6,
        },
        SignatureSpec {
            settings: &[("rule", "free")],
            positions: &[
                "r:.BGBGB/RGBGBG/GRGBGB/RGRGBG/GRGRGB/RGRGRG:0",
                "r:BGGBGB/RRBGBG/GGGBGB/R.RGBG/GRGRGB/RGRGRG:4",
                "r:BGGBGB/RRBGBG/GGGBGB/RRRGBG/RGGRGB/G.RGRG:8",
                "r:BGGBGB/RRBGBG/GGGBGB/R.RGBG/RGRRGB/GGRGRG:12",
            ],
            depth: 8,
        },
    ]));
    all.extend(lines::<kauri::Kauri>(&[SignatureSpec {
        settings: &[],
        positions: &[
            "a/5+1,5+1,5+1,5+1,5+1,5+1/5+1,5+1,5+1,5+1,5+1,5+1/0,0",
            "a/8+2,7+2,7+1,2+0,1+0,0+0/0+0,1+0,11+1,9+3,2+1,9+2/0,3",
            "a/12+3,0+1,1+2,0+1,6+0,4+1/4+0,5+0,2+0,1+0,0+0,13+4/0,12",
            "a/2+0,3+3,5+3,1+0,2+2,7+3/0+1,0+0,6+0,5+0,4+0,4+0/8,13",
        ],
        depth: 8,
    }]));
    all.extend(lines::<quarx::Quarx>(&[SignatureSpec {
        settings: &[],
        positions: &[
            "w:oo1ox1xx/oo4xx/oo4xx/ooo2xxx/oo4xx/ooo2xxx/oo1ox1xx/oo4xx/oo4xx/oo1ox1xx/ooo2xxx/oo4xx/ooo2xxx/oo4xx/oo4xx/oo1ox1xx",
            "w:oo1ox1xx/1o4xx/oo4x1/ooo2xxx/oo4xx/oo4xx/1o2x1x1/oo4xx/oo4xx/oo3xxx/o2o2xx/oo1o1xxx/ooo3xx/oo4xx/oo1ox1x1/oo1ox1xx",
            "w:oo1ox1xx/1o4xx/oo4x1/ooo3xx/oo4xx/oo4xx/1o2x1x1/oo1x3x/o2o3x/oo3xxx/o5xx/oo3xxx/2o4x/oo4xx/oo2x1x1/oo2x1x1",
            "w:1o1ox1xx/1ox3xx/oo4x1/ooo2o1x/oo4x1/oo4xx/6x1/Xo5x/o2o3x/oo3xxx/o5xx/o4xx1/2o4x/oo4xx/oo4x1/1o4x1",
        ],
        depth: 3,
    }]));
    all
}

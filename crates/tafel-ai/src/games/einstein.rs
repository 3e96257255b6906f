//! What EinStein würfelt nicht gives the computer players.

use tafel_games::einstein::Einstein;

use super::GameAi;
use crate::eval::einstein_ntuple::EinsteinEvaluator;
use crate::levels::{expectimax, mcts, Algorithm, EVAL, PLAYOUT};
use crate::signature::SignatureSpec;

impl GameAi for Einstein {
    /// The cube race, or the learned network where `TAFEL_EINSTEIN_WEIGHTS` names weights.
    type Heuristic = EinsteinEvaluator;

    /// MCTS with random playouts, then expectimax over the die with the cube-race evaluation;
    /// each level beats the one below it in `tafel match` (`docs/ai.md`).
    const LEVELS: &'static [Algorithm] = &[
        mcts(10, PLAYOUT),
        mcts(100, PLAYOUT),
        expectimax(2, 2_000, EVAL),
        expectimax(4, 100_000, EVAL),
        expectimax(64, 1_000_000, EVAL),
    ];

    const ANALYSIS: Algorithm = expectimax(64, 3_000_000, EVAL);

    /// Fitted by `tafel analyze einstein --fit` (the command and figures are in the file).
    const CALIBRATION: &'static str = include_str!("../../calibration/einstein.json");

    const SIGNATURE: &'static [SignatureSpec] = &[SignatureSpec {
        settings: &[],
        positions: &[
            "w3:b1b2b3../b4b5.../b6...w6/...w5w4/..w3w2w1",
            "b5:b1.b3../.b5.b2./..w4../b6.w1../.w3...",
            "w2:...../.b4.../..b2w2./...w5./.....",
            "b6:...../...b6./.w1.../...../.....",
        ],
        depth: 4,
    }];
}

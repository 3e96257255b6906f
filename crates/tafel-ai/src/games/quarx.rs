//! What Quarx gives the computer players.

use tafel_games::quarx::Quarx;

use super::GameAi;
use crate::eval::quarx::MaterialEvaluator;
use crate::levels::{alpha_beta, mcts, Algorithm, EVAL, PLAYOUT};
use crate::signature::SignatureSpec;

impl GameAi for Quarx {
    type Heuristic = MaterialEvaluator;

    /// Alpha-beta one ply deeper per level (the quiescence search plays every exchange out).
    /// Depth limits rather than open-ended deepening keep the long king endings quick.
    const LEVELS: &'static [Algorithm] = &[
        mcts(20, PLAYOUT),
        alpha_beta(1, 1_000, EVAL),
        alpha_beta(2, 20_000, EVAL),
        alpha_beta(3, 150_000, EVAL),
        alpha_beta(4, 1_000_000, EVAL),
    ];

    /// The analysis search (hints, reviews, the scale's curve, which was fitted at this budget:
    /// `docs/analysis.md`).
    const ANALYSIS: Algorithm = alpha_beta(64, 100_000, EVAL);

    /// Fitted by `tafel analyze quarx --fit` (the command and figures are in the file).
    const CALIBRATION: &'static str = include_str!("../../calibration/quarx.json");

    const SIGNATURE: &'static [SignatureSpec] = &[SignatureSpec {
        settings: &[],
        positions: &[
            "w:oo1ox1xx/oo4xx/oo4xx/ooo2xxx/oo4xx/ooo2xxx/oo1ox1xx/oo4xx/oo4xx/oo1ox1xx/ooo2xxx/oo4xx/ooo2xxx/oo4xx/oo4xx/oo1ox1xx",
            "w:oo1ox1xx/1o4xx/oo4x1/ooo2xxx/oo4xx/oo4xx/1o2x1x1/oo4xx/oo4xx/oo3xxx/o2o2xx/oo1o1xxx/ooo3xx/oo4xx/oo1ox1x1/oo1ox1xx",
            "w:oo1ox1xx/1o4xx/oo4x1/ooo3xx/oo4xx/oo4xx/1o2x1x1/oo1x3x/o2o3x/oo3xxx/o5xx/oo3xxx/2o4x/oo4xx/oo2x1x1/oo2x1x1",
            "w:1o1ox1xx/1ox3xx/oo4x1/ooo2o1x/oo4x1/oo4xx/6x1/Xo5x/o2o3x/oo3xxx/o5xx/o4xx1/2o4x/oo4xx/oo4x1/1o4x1",
        ],
        depth: 3,
    }];
}

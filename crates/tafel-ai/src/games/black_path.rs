//! What the Black Path Game gives the computer players.

use tafel_games::black_path::BlackPath;

use super::{GameAi, NoPerfectPlay};
use crate::agent::Agent;
use crate::eval::PlayoutEvaluator;
use crate::levels::{alpha_beta, mcts, perfect, Algorithm, PLAYOUT};
use crate::scale::Oracle;
use crate::signature::SignatureSpec;
use crate::solve::black_path::{BlackPathOracle, PerfectBlackPath};

/// Level 5, which level 6 falls back to.
const LEVEL_5: Algorithm = mcts(2_000, PLAYOUT);

impl GameAi for BlackPath {
    /// No static feature of a Black Path position was found that predicts the result better
    /// than a random playout (see `docs/ai.md`), so its "own" evaluation is one playout.
    type Heuristic = PlayoutEvaluator;

    /// MCTS with random playouts, stepping through the range where more search still
    /// measurably pays (`docs/ai.md`); level 6 plays perfectly (the domino strategy and an
    /// exact search, `docs/analysis.md`).
    const LEVELS: &'static [Algorithm] = &[
        mcts(5, PLAYOUT),
        mcts(20, PLAYOUT),
        mcts(80, PLAYOUT),
        mcts(300, PLAYOUT),
        LEVEL_5,
        perfect(&LEVEL_5),
    ];

    /// The analysis search (hints, reviews). No curve maps its score to a chance
    /// (`docs/analysis.md`, "The one scale"): the solvers answer where they can.
    const ANALYSIS: Algorithm = alpha_beta(64, 3_000_000, PLAYOUT);

    const SIGNATURE: &'static [SignatureSpec] = &[SignatureSpec {
        settings: &[],
        positions: &[
            "......../......../......../......../......../......../......../........",
            "32....../.3....../.2....../......../......../......../......../........",
            "32....../.3....../.232..../...23.../......../......../......../........",
            "32....../.3....../.2322.../...232../....21../......../......../........",
        ],
        depth: 10,
    }];

    /// Every board and start is played perfectly.
    fn perfect_play(&self) -> Result<(), NoPerfectPlay> {
        Ok(())
    }

    fn perfect_agent(&self) -> Result<Box<dyn Agent<Self>>, NoPerfectPlay> {
        Ok(Box::new(PerfectBlackPath::default()))
    }

    /// Every position the perfect player settles (the domino strategy, the exact search up to
    /// 64 squares within its node limit) is exact.
    fn oracle(&self) -> Option<Box<dyn Oracle<Self>>> {
        Some(Box::new(BlackPathOracle::default()))
    }
}

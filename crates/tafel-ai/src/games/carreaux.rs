//! What Carreaux gives the computer players.

use tafel_core::Game;
use tafel_games::carreaux::{Carreaux, MoveRule};

use super::{GameAi, NoPerfectPlay};
use crate::agent::Agent;
use crate::eval::carreaux::ConnectionEvaluator;
use crate::levels::{alpha_beta, mcts, perfect, Algorithm, EVAL, PLAYOUT};
use crate::scale::Oracle;
use crate::signature::SignatureSpec;
use crate::solve::carreaux::{CarreauxOracle, PerfectCarreaux, FREE_RULE_UNSOLVED};

/// Level 5, which level 6 falls back to.
const LEVEL_5: Algorithm = mcts(5_000, EVAL);

impl GameAi for Carreaux {
    type Heuristic = ConnectionEvaluator;

    /// Under the designer's rules every game is a draw whatever is played, and under
    /// `rule=free` the levels from 2 up draw each other, so no ladder shows above level 2
    /// (`docs/ai.md`). Level 5 is MCTS with the connection evaluation at the leaves, chosen
    /// over deeper alpha-beta for its strength per CPU second (measured in `docs/ai.md`).
    /// Level 6 plays perfectly from the whole game tree, like level 5 under `rule=free`,
    /// which is not solved.
    const LEVELS: &'static [Algorithm] = &[
        mcts(5, PLAYOUT),
        mcts(50, PLAYOUT),
        alpha_beta(2, 10_000, EVAL),
        alpha_beta(4, 50_000, EVAL),
        LEVEL_5,
        perfect(&LEVEL_5),
    ];

    /// The analysis search (hints, reviews). No curve maps its score to a chance
    /// (`docs/analysis.md`, "The one scale"): the solvers answer where they can.
    const ANALYSIS: Algorithm = alpha_beta(64, 1_000_000, EVAL);

    const SIGNATURE: &'static [SignatureSpec] = &[
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
    ];

    /// Solved under the literal move rule, on every board and layout.
    fn perfect_play(&self) -> Result<(), NoPerfectPlay> {
        if self.settings().rule == MoveRule::Free {
            return Err(NoPerfectPlay::UnsolvedSettings(FREE_RULE_UNSOLVED));
        }
        Ok(())
    }

    fn perfect_agent(&self) -> Result<Box<dyn Agent<Self>>, NoPerfectPlay> {
        self.perfect_play()?;
        Ok(Box::new(PerfectCarreaux::new()))
    }

    /// Exact everywhere under the literal move rule; nothing under `rule=free`.
    fn oracle(&self) -> Option<Box<dyn Oracle<Self>>> {
        self.perfect_play().ok()?;
        Some(Box::new(CarreauxOracle::default()))
    }
}

//! What Kauri gives the computer players.

use tafel_core::Game;
use tafel_games::kauri::{Kauri, Tiebreak};

use super::GameAi;
use crate::agent::Agent;
use crate::eval::kauri::StoreEvaluator;
use crate::levels::{alpha_beta, mcts, Algorithm, EVAL, PLAYOUT};
use crate::scale::Oracle;
use crate::signature::SignatureSpec;
use crate::solve::kauri::{TiebreakAgent, TiebreakOracle};

impl GameAi for Kauri {
    type Heuristic = StoreEvaluator;

    /// Alpha-beta with the store evaluation from level 3 up; each level beats the one below
    /// it in `tafel match` (`docs/ai.md`).
    const LEVELS: &'static [Algorithm] = &[
        mcts(20, PLAYOUT),
        mcts(200, PLAYOUT),
        alpha_beta(64, 15_000, EVAL),
        alpha_beta(64, 60_000, EVAL),
        alpha_beta(64, 300_000, EVAL),
    ];

    /// The analysis search (hints, reviews, the scale's curve, which was fitted at this budget:
    /// `docs/analysis.md`).
    const ANALYSIS: Algorithm = alpha_beta(64, 300_000, EVAL);

    /// Fitted by `tafel analyze kauri --fit` (the command and figures are in the file).
    const CALIBRATION: &'static str = include_str!("../../calibration/kauri.json");

    const SIGNATURE: &'static [SignatureSpec] = &[SignatureSpec {
        settings: &[],
        positions: &[
            "a/5+1,5+1,5+1,5+1,5+1,5+1/5+1,5+1,5+1,5+1,5+1,5+1/0,0",
            "a/8+2,7+2,7+1,2+0,1+0,0+0/0+0,1+0,11+1,9+3,2+1,9+2/0,3",
            "a/12+3,0+1,1+2,0+1,6+0,4+1/4+0,5+0,2+0,1+0,0+0,13+4/0,12",
            "a/2+0,3+3,5+3,1+0,2+2,7+3/0+1,0+0,6+0,5+0,4+0,4+0/8,13",
        ],
        depth: 8,
    }];

    /// With `tiebreak=old`, the cowries-only phase is played perfectly from its table.
    fn with_exact_knowledge(&self, agent: Box<dyn Agent<Self>>) -> Box<dyn Agent<Self>> {
        match self.settings().tiebreak {
            Tiebreak::Old => Box::new(TiebreakAgent::new(agent)),
            Tiebreak::None => agent,
        }
    }

    /// With `tiebreak=old`, the cowries-only phase is exact.
    fn oracle(&self) -> Option<Box<dyn Oracle<Self>>> {
        match self.settings().tiebreak {
            Tiebreak::Old => Some(Box::new(TiebreakOracle::new())),
            Tiebreak::None => None,
        }
    }
}

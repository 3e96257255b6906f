//! Carreaux: a colour wins when all its tiles form one connected group.
//!
//! The evaluation measures how far each colour is from connecting: the weight of a minimum
//! spanning tree over its tiles, each edge the slide distance of the two tiles with the
//! current bubble (the `group=mst` value). Unlike the designer's group value (the sum of the
//! n − 1 smallest pair distances), it is 0 exactly when the colour is connected, so it
//! predicts wins under every rule set. Red's payoff is `logistic((blue − red) / 4)`: four
//! slides closer to connecting is worth about 0.73.
//!
//! Under the designer's rules every game is drawn after a handful of plies whatever anyone
//! plays (docs/ai.md), so there the evaluation only orders moves of equal result; it matters
//! under the `rule=free` variant.

use tafel_core::{Game, Status};
use tafel_games::carreaux::{Carreaux, CellSet, GroupRule, Tiles};

use super::{logistic, outcome_payoffs, two_sided, EvalContext, Evaluator, Payoffs};

/// Slides of lead that make the logistic's argument 1.
const SCALE: f64 = 4.0;

/// The connection-distance evaluation of Carreaux (see the module documentation).
#[derive(Clone, Copy, Default, Debug)]
pub struct ConnectionEvaluator;

impl ConnectionEvaluator {
    /// How many slides, by the spanning-tree measure, each colour (Red, Blue) is from
    /// connecting its tiles.
    pub fn distances(&self, game: &Carreaux, state: &<Carreaux as Game>::State) -> [u32; 2] {
        let value = |set: CellSet| {
            GroupRule::SpanningTree.value(game.table(), &Tiles::new(set.iter()), state.bubble())
        };
        [value(state.red()), value(state.blue())]
    }
}

impl Evaluator<Carreaux> for ConnectionEvaluator {
    fn evaluate(
        &self,
        game: &Carreaux,
        state: &<Carreaux as Game>::State,
        _ctx: &mut EvalContext<Carreaux>,
    ) -> Payoffs {
        if let Status::Over(outcome) = game.status(state) {
            return outcome_payoffs(&outcome, game.num_players());
        }
        let [red, blue] = self.distances(game, state);
        two_sided(game, logistic((blue as f64 - red as f64) / SCALE))
    }
}

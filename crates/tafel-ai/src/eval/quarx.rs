//! Quarx: draughts on a hypercube, won by taking or blocking every enemy piece.
//!
//! The evaluation measures **material**, men 1 and kings 3 (a flying king in four dimensions
//! has up to 40 directions and attacks from afar), plus **advancement**: a tenth of a man per
//! row a man has advanced towards promotion. Captures are compulsory, so material in the
//! middle of an exchange means little: before counting, the evaluation plays out the pending
//! captures (up to [`EXCHANGE_PLIES`] plies, taking the first of the maximal captures each
//! time), a cheap quiescence search. The payoff of White is `logistic(0.4 × lead)`, so a man
//! up is worth about 0.6 and a king up about 0.77.

use tafel_core::{Game, Status};
use tafel_games::quarx::board::{coords, CELLS};
use tafel_games::quarx::Quarx;

use super::{logistic, outcome_payoffs, two_sided, EvalContext, Evaluator, Payoffs};

/// The most plies of compulsory captures played out before counting.
pub const EXCHANGE_PLIES: u32 = 6;
/// A king's worth in men.
const KING: f64 = 3.0;
/// A man's worth per row advanced.
const ADVANCE: f64 = 0.1;
/// The logistic's slope per man of lead.
const SLOPE: f64 = 0.4;

/// The material-and-advancement evaluation of Quarx (see the module documentation).
#[derive(Clone, Debug)]
pub struct MaterialEvaluator {
    /// The cells on row y (0-based) of the hypercube, as bit sets.
    rows: [u128; 4],
}

impl Default for MaterialEvaluator {
    fn default() -> Self {
        let mut rows = [0u128; 4];
        for cell in 0..CELLS as u8 {
            rows[coords(cell)[1] as usize] |= 1 << cell;
        }
        MaterialEvaluator { rows }
    }
}

impl MaterialEvaluator {
    /// White's lead in men (see the module documentation), without playing captures out.
    pub fn lead(&self, state: &<Quarx as Game>::State) -> f64 {
        let kings = state.kings();
        let side = |pieces: u128, white: bool| {
            let men = pieces & !kings;
            let advanced: u32 = (0..4)
                .map(|y| {
                    let rows_advanced = if white { y } else { 3 - y };
                    rows_advanced * (men & self.rows[y as usize]).count_ones()
                })
                .sum();
            men.count_ones() as f64
                + KING * (pieces & kings).count_ones() as f64
                + ADVANCE * advanced as f64
        };
        side(state.white(), true) - side(state.black(), false)
    }
}

impl Evaluator<Quarx> for MaterialEvaluator {
    fn evaluate(
        &self,
        game: &Quarx,
        state: &<Quarx as Game>::State,
        ctx: &mut EvalContext<Quarx>,
    ) -> Payoffs {
        let mut quiet = state.clone();
        for _ in 0..=EXCHANGE_PLIES {
            if let Status::Over(outcome) = game.status(&quiet) {
                return outcome_payoffs(&outcome, game.num_players());
            }
            game.legal_moves(&quiet, &mut ctx.moves);
            match ctx.moves.first() {
                Some(&mv) if mv.captured != 0 => game.apply(&mut quiet, mv),
                _ => break,
            }
        }
        two_sided(game, logistic(SLOPE * self.lead(&quiet)))
    }
}

impl super::GameEvaluation for Quarx {
    type Heuristic = MaterialEvaluator;
}

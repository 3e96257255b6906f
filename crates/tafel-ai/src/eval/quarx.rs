//! Quarx: draughts on a hypercube, won by taking or blocking every enemy piece.
//!
//! The evaluation measures **material**, men 1 and kings 3 (a flying king in four dimensions
//! has up to 40 directions and attacks from afar), plus **advancement**: a tenth of a man per
//! row a man has advanced towards promotion, and **tempo**: a player to move who has no
//! *safe* move (one after which the opponent cannot capture) is charged [`TEMPO`] men, about
//! the piece he is bound to give. Without it a quiet position would be worth the same whoever
//! is to move, and searches that end on the mover's own turn overrate him.
//!
//! Captures are compulsory, so material in the middle of an exchange means little. Alpha-beta
//! searches such positions on (they are not [`Evaluator::quiet`]); evaluated anyway (by MCTS,
//! or at the quiescence horizon), the pending captures are first played out, up to
//! [`EXCHANGE_PLIES`] plies, the first of the maximal captures each time. The payoff of White
//! is `logistic(0.4 × lead)`, so a man up is worth about 0.6 and a king up about 0.77.

use tafel_core::{Game, Status};
use tafel_games::quarx::board::{bit, cells, coords, Tables, CELLS};
use tafel_games::quarx::{Quarx, State};

use super::{logistic, outcome_payoffs, two_sided, EvalContext, Evaluator, Payoffs};

/// The most plies of compulsory captures played out before counting.
pub const EXCHANGE_PLIES: u32 = 6;
/// A king's worth in men.
const KING: f64 = 3.0;
/// A man's worth per row advanced.
const ADVANCE: f64 = 0.1;
/// What having to move without a safe move costs, in men.
pub const TEMPO: f64 = 1.0;
/// The logistic's slope per man of lead.
const SLOPE: f64 = 0.4;

/// The material, advancement and tempo evaluation of Quarx (see the module documentation).
#[derive(Clone, Debug)]
pub struct MaterialEvaluator {
    /// The cells on row y (0-based) of the hypercube, as bit sets.
    rows: [u128; 4],
    /// The board's geometry, for the capture and safe-move tests.
    tables: Box<Tables>,
}

impl Default for MaterialEvaluator {
    fn default() -> Self {
        let mut rows = [0u128; 4];
        for cell in 0..CELLS as u8 {
            rows[coords(cell)[1] as usize] |= 1 << cell;
        }
        MaterialEvaluator {
            rows,
            tables: Tables::new(),
        }
    }
}

impl MaterialEvaluator {
    /// White's lead in men from material and advancement, as the position stands.
    pub fn lead(&self, state: &State) -> f64 {
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

    /// Whether one of `attackers` can jump one of `victims` (`kings` marks the kings of both).
    fn can_capture(&self, attackers: u128, victims: u128, kings: u128) -> bool {
        let t = &self.tables;
        let occupied = attackers | victims;
        let empty = |cell: u8| occupied & bit(cell) == 0;
        cells(attackers).any(|from| {
            let (beyond, middle) = (&t.beyond[from as usize], &t.middle[from as usize]);
            cells(t.jumpable[from as usize] & victims).any(|over| empty(beyond[over as usize]))
                || (kings & bit(from) != 0
                    && cells(t.far_jumpable[from as usize] & victims)
                        .any(|over| empty(middle[over as usize]) && empty(beyond[over as usize])))
        })
    }

    /// The player to move's pieces and the opponent's.
    fn sides(state: &State) -> (u128, u128) {
        if state.to_move().0 == 0 {
            (state.white(), state.black())
        } else {
            (state.black(), state.white())
        }
    }

    /// Whether the player to move must capture.
    pub fn must_capture(&self, state: &State) -> bool {
        let (own, enemy) = Self::sides(state);
        self.can_capture(own, enemy, state.kings())
    }

    /// Whether the player to move (who has no capture) has a move after which the opponent
    /// has none. The repetition ban is ignored: it only ever forbids a few king slides.
    pub fn has_safe_move(&self, state: &State) -> bool {
        let t = &self.tables;
        let side = state.to_move().index();
        let (own, enemy) = Self::sides(state);
        let (kings, occupied) = (state.kings(), own | enemy);
        let safe = |from: u8, to: u8, kings: u128| {
            !self.can_capture(enemy, own ^ bit(from) ^ bit(to), kings)
        };
        let men_safe = cells(own & !kings).any(|from| {
            cells(t.forward[side][from as usize] & !occupied).any(|to| {
                let promoted = t.promotion[side] & bit(to) != 0;
                safe(from, to, if promoted { kings | bit(to) } else { kings })
            })
        });
        men_safe
            || cells(own & kings).any(|from| {
                t.rays(from).iter().any(|ray| {
                    ray.iter()
                        .take_while(|&to| occupied & bit(to) == 0)
                        .any(|to| safe(from, to, kings ^ bit(from) ^ bit(to)))
                })
            })
    }
}

impl Evaluator<Quarx> for MaterialEvaluator {
    fn evaluate(&self, game: &Quarx, state: &State, ctx: &mut EvalContext<Quarx>) -> Payoffs {
        let mut quiet = state.clone();
        for _ in 0..=EXCHANGE_PLIES {
            if let Status::Over(outcome) = game.status(&quiet) {
                return outcome_payoffs(&outcome, game.num_players());
            }
            if !self.must_capture(&quiet) {
                break;
            }
            game.legal_moves(&quiet, &mut ctx.moves);
            game.apply(&mut quiet, ctx.moves[0]);
        }
        let mut lead = self.lead(&quiet);
        if !self.must_capture(&quiet) && !self.has_safe_move(&quiet) {
            lead += if quiet.to_move().0 == 0 {
                -TEMPO
            } else {
                TEMPO
            };
        }
        two_sided(game, logistic(SLOPE * lead))
    }

    /// A position is quiet when the player to move has no capture (captures are compulsory,
    /// so a pending one is played before anything else).
    fn quiet(&self, _game: &Quarx, state: &State, _ctx: &mut EvalContext<Quarx>) -> bool {
        !self.must_capture(state)
    }
}

impl super::GameEvaluation for Quarx {
    type Heuristic = MaterialEvaluator;
}

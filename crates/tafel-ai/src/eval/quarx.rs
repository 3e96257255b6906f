//! Quarx: draughts on a hypercube, won by taking or blocking every enemy piece.
//!
//! The evaluation counts, for each side, in men:
//! - **material:** men 1 and kings 2 ([`Weights`] has every weight). A flying king in four
//!   dimensions reaches far, but it is also open to capture along many lines, and in matches
//!   at equal depth a king valued at 3 lost to one valued at 2;
//! - **advancement:** a tenth of a man per row a man has advanced towards promotion;
//! - **exposure:** a fiftieth of a man off for every *open line* through one of the side's
//!   pieces: a line of three cells with the piece in the middle, both ends on the
//!   board, neither end holding a piece of the same side and at least one end empty, so that an
//!   enemy piece at one end could one day jump the piece onto the other. Pieces on the edges of
//!   the hypercube and in closed formations have few open lines. This term made the largest
//!   difference of all that were tried;
//! - **simplification:** the lead so far is multiplied by `1 + ½ × (captured share of the
//!   80 pieces of the start)`, so that the side ahead gains by exchanging pieces, as in
//!   draughts;
//! - **tempo:** a player to move who has no *safe* move (one after which the opponent cannot
//!   capture) is charged one man, about the piece he is bound to give. Without it a
//!   quiet position would be worth the same whoever is to move, and searches that end on the
//!   mover's own turn overrate him.
//!
//! Captures are compulsory, so material in the middle of an exchange means little. Alpha-beta
//! searches such positions on (they are not [`Evaluator::quiet`]); evaluated anyway (by MCTS,
//! or at the quiescence horizon), the pending captures are first played out, up to
//! [`EXCHANGE_PLIES`] plies, the first of the maximal captures each time. The payoff of White
//! is `logistic(0.4 × lead)`, so a man up is worth about 0.6 and a king up about 0.69.
//!
//! The weights were chosen by matches at equal search depth (the table and the scores are in
//! docs/measurements/ai.md).

use tafel_core::{Game, Status};
use tafel_games::quarx::board::{bit, cells, coords, Cell, Tables, CELLS};
use tafel_games::quarx::{Quarx, State};

use super::{logistic, outcome_payoffs, two_sided, EvalContext, Evaluator, Payoffs};

/// The most plies of compulsory captures played out before counting.
pub const EXCHANGE_PLIES: u32 = 6;
/// The pieces of both sides at the start.
const START_PIECES: f64 = 80.0;

/// The weights of the evaluation's terms, in men (see the module documentation). The default
/// is the tuned evaluation; other weights serve to compare evaluations in matches
/// (`examples/quarx_weights.rs`).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Weights {
    /// A king's worth.
    pub king: f64,
    /// A man's worth per row advanced.
    pub advance: f64,
    /// What each open line through a piece costs its side.
    pub exposure: f64,
    /// How much more a lead counts once every piece of the start is gone: the lead is
    /// multiplied by `1 + simplify × (the captured share of the start's pieces)`.
    pub simplify: f64,
    /// What having to move without a safe move costs.
    pub tempo: f64,
    /// The logistic's slope per man of lead.
    pub slope: f64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            king: 2.0,
            advance: 0.1,
            exposure: 0.02,
            simplify: 0.5,
            tempo: 1.0,
            slope: 0.4,
        }
    }
}

/// The material, advancement, exposure, simplification and tempo evaluation of Quarx (see
/// the module documentation).
#[derive(Clone, Debug)]
pub struct MaterialEvaluator {
    /// The terms' weights.
    weights: Weights,
    /// The cells on row y (0-based) of the hypercube, as bit sets.
    rows: [u128; 4],
    /// The board's geometry, for the capture and safe-move tests.
    tables: Box<Tables>,
    /// The two ends of every line through a cell along which a piece there can be jumped, as
    /// a set of two cells, cell by cell.
    lines: Vec<u128>,
    /// `lines[line_start[cell]..line_start[cell + 1]]` are the lines through `cell`.
    line_start: [u16; CELLS + 1],
}

impl Default for MaterialEvaluator {
    /// The tuned evaluation.
    fn default() -> Self {
        MaterialEvaluator::with_weights(Weights::default())
    }
}

impl MaterialEvaluator {
    /// The evaluation with the given weights.
    pub fn with_weights(weights: Weights) -> Self {
        let mut rows = [0u128; 4];
        for cell in 0..CELLS as u8 {
            rows[coords(cell)[1] as usize] |= 1 << cell;
        }
        let tables = Tables::new();
        // A piece on `over` can be jumped from `from` exactly when the rules' jump table
        // says so; each line is found from both ends, and kept once.
        let (mut lines, mut line_start) = (Vec::new(), [0u16; CELLS + 1]);
        for over in 0..CELLS as Cell {
            for from in 0..CELLS as Cell {
                let to = tables.beyond[from as usize][over as usize];
                if tables.jumpable[from as usize] & bit(over) != 0 && from < to {
                    lines.push(bit(from) | bit(to));
                }
            }
            line_start[over as usize + 1] = lines.len() as u16;
        }
        MaterialEvaluator {
            weights,
            rows,
            tables,
            lines,
            line_start,
        }
    }

    /// The lines through `cell` along which a piece there can be jumped, each as the set of
    /// its two ends.
    fn lines_through(&self, cell: Cell) -> &[u128] {
        &self.lines
            [self.line_start[cell as usize] as usize..self.line_start[cell as usize + 1] as usize]
    }

    /// How many open lines run through the pieces `own` (see the module documentation);
    /// `occupied` holds the pieces of both sides.
    pub fn open_lines(&self, own: u128, occupied: u128) -> u32 {
        cells(own)
            .map(|cell| {
                self.lines_through(cell)
                    .iter()
                    .filter(|&&ends| own & ends == 0 && occupied & ends != ends)
                    .count() as u32
            })
            .sum()
    }

    /// White's lead in men from material, advancement and exposure, scaled up as pieces
    /// leave the board, as the position stands.
    pub fn lead(&self, state: &State) -> f64 {
        let w = &self.weights;
        let kings = state.kings();
        let occupied = state.white() | state.black();
        let side = |pieces: u128, white: bool| {
            let men = pieces & !kings;
            let advanced: u32 = (0..4)
                .map(|y| {
                    let rows_advanced = if white { y } else { 3 - y };
                    rows_advanced * (men & self.rows[y as usize]).count_ones()
                })
                .sum();
            men.count_ones() as f64
                + w.king * (pieces & kings).count_ones() as f64
                + w.advance * advanced as f64
                - w.exposure * self.open_lines(pieces, occupied) as f64
        };
        let captured_share = 1.0 - occupied.count_ones() as f64 / START_PIECES;
        (side(state.white(), true) - side(state.black(), false))
            * (1.0 + w.simplify * captured_share)
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
            let tempo = self.weights.tempo;
            lead += if quiet.to_move().0 == 0 {
                -tempo
            } else {
                tempo
            };
        }
        two_sided(game, logistic(self.weights.slope * lead))
    }

    /// A position is quiet when the player to move has no capture (captures are compulsory,
    /// so a pending one is played before anything else).
    fn quiet(&self, _game: &Quarx, state: &State, _ctx: &mut EvalContext<Quarx>) -> bool {
        !self.must_capture(state)
    }
}

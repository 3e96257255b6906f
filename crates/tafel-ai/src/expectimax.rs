//! Expectimax with Star1 pruning (Ballard's *-minimax) for two-player games with chance.
//!
//! Values are kept from the root mover's side in [-1, 1]: a win is `1 - ply/10000` (never
//! below 0.6, so faster wins count more), a loss the negative, a draw 0, and the evaluator's
//! estimate `p - 1/2` in [-0.5, 0.5]. Chance nodes average their outcomes by
//! [`Game::chance_probability`]; Star1 cuts a chance node off as soon as the outcomes still
//! to come cannot bring its average back into the window, given that no value lies outside
//! [-1, 1]. Chance outcomes do not count as plies of depth. Because values are averages over
//! the die, a search reports an expected result, never a forced win; iterative deepening
//! stops early once an iteration reached no depth limit (the tree below was solved).
//!
//! A transposition table keyed by [`Game::hash`] keeps each position's value with its bound
//! (exact, or the lower or upper bound a cut-off gives) and the depth searched below it; a
//! subtree that reached no depth limit is stored as solved, good for any depth. The small
//! discount of late wins is counted from the root, so a transposition reached at another ply
//! may be off by a few ten-thousandths.

use tafel_core::{Game, Player, Status};

use crate::agent::{Agent, Decision, Evaluation};
use crate::bound::Bound;
use crate::budget::{Budget, Meter};
use crate::eval::{EvalContext, Evaluator};

/// The lowest value any position can have.
const LOWER: f64 = -1.0;
/// The highest value any position can have.
const UPPER: f64 = 1.0;

/// A position's value as far as it was searched.
#[derive(Clone, Copy, Debug)]
struct TableEntry {
    key: u64,
    /// The remaining depth searched, `u32::MAX` when the search below reached no depth limit.
    depth: u32,
    value: f64,
    bound: Bound,
}

/// Transposition table entries of an expectimax player (2^16). Dice games transpose a lot:
/// the same position is reached through many orders of rolls and moves.
const TABLE_BITS: u32 = 16;

/// The settings of one expectimax player.
#[derive(Clone, PartialEq, Debug)]
pub struct ExpectimaxConfig {
    /// Nodes and/or time per move. The first iteration (depth 1) always completes.
    pub budget: Budget,
    /// The deepest iteration, in decision plies.
    pub max_depth: u32,
    /// The seed of the evaluator's generator.
    pub seed: u64,
}

/// The value of a finished game for `me`, reached at `ply`.
fn terminal_value(payoff: f64, ply: u32) -> f64 {
    let win = (1.0 - ply as f64 / 10_000.0).max(0.6);
    if payoff > 0.5 {
        win
    } else if payoff < 0.5 {
        -win
    } else {
        0.0
    }
}

/// A value for the root mover as an [`Evaluation`]: the expected payoff (up to the small
/// discount on late wins).
pub fn value_evaluation(value: f64) -> Evaluation {
    Evaluation::Expected(((value + 1.0) / 2.0).clamp(0.0, 1.0))
}

/// The result of one search.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct ExpectimaxResult<M> {
    /// The move with the best expected value.
    pub best: M,
    /// Its value for the mover in [-1, 1].
    pub value: f64,
    /// The last completed iteration's depth.
    pub depth: u32,
    /// Nodes visited in all iterations.
    pub nodes: u64,
}

/// An expectimax player.
pub struct Expectimax<G: Game, E: Evaluator<G>> {
    config: ExpectimaxConfig,
    evaluator: E,
    ctx: EvalContext<G>,
    meter: Meter,
    aborted: bool,
    must_finish: bool,
    root: Player,
    /// Move lists per recursion level, reused so that nodes allocate nothing once warmed up.
    lists: Vec<Vec<G::Move>>,
    level: usize,
    /// Whether the current subtree valued some position statically at its depth limit.
    horizon: bool,
    /// Values of positions searched before, by [`Game::hash`]; kept between iterations and
    /// moves. Values count from the root mover's side, so the table is cleared when the
    /// root mover changes.
    table: Vec<Option<TableEntry>>,
    table_owner: Option<Player>,
}

impl<G: Game, E: Evaluator<G>> Expectimax<G, E> {
    /// A player with the given settings and evaluation.
    pub fn new(config: ExpectimaxConfig, evaluator: E) -> Self {
        let meter = config.budget.start();
        Expectimax {
            evaluator,
            ctx: EvalContext::new(config.seed),
            meter,
            config,
            aborted: false,
            must_finish: false,
            root: Player(0),
            lists: Vec::new(),
            level: 0,
            horizon: false,
            table: vec![None; 1 << TABLE_BITS],
            table_owner: None,
        }
    }

    /// Searches `state` by iterative deepening; `None` when nobody is to move.
    pub fn analyse(&mut self, game: &G, state: &G::State) -> Option<ExpectimaxResult<G::Move>> {
        self.analyse_excluding(game, state, None)
    }

    /// [`Expectimax::analyse`] with the root move `excluded` left out: the best of the other
    /// moves. `None` also when no other move is legal.
    pub fn analyse_excluding(
        &mut self,
        game: &G,
        state: &G::State,
        excluded: Option<G::Move>,
    ) -> Option<ExpectimaxResult<G::Move>> {
        let Status::ToMove(root) = game.status(state) else {
            return None;
        };
        self.root = root;
        if self.table_owner != Some(root) {
            self.table.iter_mut().for_each(|e| *e = None);
            self.table_owner = Some(root);
        }
        self.meter = self.config.budget.start();
        self.aborted = false;
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        moves.retain(|&mv| Some(mv) != excluded);
        let mut result: Option<ExpectimaxResult<G::Move>> = None;
        for depth in 1..=self.config.max_depth.max(1) {
            self.must_finish = depth == 1;
            self.horizon = false;
            // The previous iteration's best move first: it sets a good bound early.
            if let Some(r) = &result {
                let at = moves.iter().position(|&m| m == r.best).unwrap_or(0);
                moves[..=at].rotate_right(1);
            }
            let mut best: Option<(G::Move, f64)> = None;
            for &mv in &moves {
                let alpha = best.map_or(LOWER, |b| b.1);
                let mut child = state.clone();
                game.apply(&mut child, mv);
                let value = self.value(game, &child, depth - 1, 1, alpha, UPPER);
                if self.aborted {
                    break;
                }
                if best.is_none_or(|b| value > b.1) {
                    best = Some((mv, value));
                }
            }
            if self.aborted {
                break;
            }
            let (best, value) = best?;
            result = Some(ExpectimaxResult {
                best,
                value,
                depth,
                nodes: self.meter.spent(),
            });
            if !self.horizon || self.meter.exhausted() {
                break;
            }
        }
        result.map(|r| ExpectimaxResult {
            nodes: self.meter.spent(),
            ..r
        })
    }

    /// The value of `state` for the root mover, exact inside (`alpha`, `beta`) and a bound
    /// on the same side outside it.
    fn value(
        &mut self,
        game: &G,
        state: &G::State,
        depth: u32,
        ply: u32,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        if self.meter.spend() && !self.must_finish {
            self.aborted = true;
        }
        if self.aborted {
            return 0.0;
        }
        let status = game.status(state);
        if let Status::Over(outcome) = status {
            return terminal_value(outcome.payoff(self.root), ply);
        }
        if depth == 0 {
            self.horizon = true;
            let payoffs = self.evaluator.evaluate(game, state, &mut self.ctx);
            return payoffs[self.root.index()] - 0.5;
        }
        let key = game.hash(state);
        let slot = (key as usize) & (self.table.len() - 1);
        // A position whose earlier positions matter is neither looked up nor stored.
        let shareable = game.history_free(state);
        if let Some(entry) =
            self.table[slot].filter(|e| shareable && e.key == key && e.depth >= depth)
        {
            if entry.bound.answers(entry.value, alpha, beta) {
                self.horizon |= entry.depth != u32::MAX;
                return entry.value;
            }
        }
        let outer_horizon = std::mem::replace(&mut self.horizon, false);
        self.level += 1;
        let value = match status {
            Status::Chance => self.chance_value(game, state, depth, ply, alpha, beta),
            Status::ToMove(player) => {
                let maximising = game.team_of(player) == game.team_of(self.root);
                self.decision_value(game, state, maximising, depth, ply, alpha, beta)
            }
            Status::Over(_) => unreachable!("handled above"),
        };
        self.level -= 1;
        let solved = !self.horizon;
        self.horizon |= outer_horizon;
        if !self.aborted && shareable {
            self.table[slot] = Some(TableEntry {
                key,
                depth: if solved { u32::MAX } else { depth },
                value,
                bound: Bound::of(value, alpha, beta),
            });
        }
        value
    }

    /// The move list buffer of the current level, taken out to be filled (give it back with
    /// [`Self::give_back`]).
    fn take_list(&mut self, game: &G, state: &G::State) -> Vec<G::Move> {
        if self.lists.len() <= self.level {
            self.lists.resize_with(self.level + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut self.lists[self.level]);
        game.legal_moves(state, &mut list);
        list
    }

    fn give_back(&mut self, list: Vec<G::Move>) {
        self.lists[self.level] = list;
    }

    #[allow(clippy::too_many_arguments)]
    fn decision_value(
        &mut self,
        game: &G,
        state: &G::State,
        maximising: bool,
        depth: u32,
        ply: u32,
        mut alpha: f64,
        mut beta: f64,
    ) -> f64 {
        let moves = self.take_list(game, state);
        let mut best = if maximising { LOWER } else { UPPER };
        for &mv in &moves {
            let mut child = state.clone();
            game.apply(&mut child, mv);
            let v = self.value(game, &child, depth - 1, ply + 1, alpha, beta);
            if self.aborted {
                break;
            }
            if maximising {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        self.give_back(moves);
        best
    }

    /// Star1: the probability-weighted average of the outcomes, cut off when even the most
    /// favourable remaining outcomes (all `UPPER` or all `LOWER`) cannot reach the window.
    fn chance_value(
        &mut self,
        game: &G,
        state: &G::State,
        depth: u32,
        ply: u32,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        let outcomes = self.take_list(game, state);
        let value = self.star1(game, state, &outcomes, depth, ply, alpha, beta);
        self.give_back(outcomes);
        value
    }

    #[allow(clippy::too_many_arguments)]
    fn star1(
        &mut self,
        game: &G,
        state: &G::State,
        outcomes: &[G::Move],
        depth: u32,
        ply: u32,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        let mut sum = 0.0;
        let mut remaining = 1.0;
        for (i, &outcome) in outcomes.iter().enumerate() {
            let p = game.chance_probability(state, outcomes, i);
            if p <= 0.0 {
                continue;
            }
            remaining -= p;
            // The child window that would still let this node's average reach (alpha, beta).
            let child_alpha = (alpha - sum - remaining * UPPER) / p;
            let child_beta = (beta - sum - remaining * LOWER) / p;
            let mut child = state.clone();
            game.apply(&mut child, outcome);
            let v = self.value(
                game,
                &child,
                depth,
                ply,
                child_alpha.max(LOWER),
                child_beta.min(UPPER),
            );
            if self.aborted {
                return 0.0;
            }
            if v <= child_alpha {
                return sum + p * v + remaining.max(0.0) * UPPER;
            }
            if v >= child_beta {
                return sum + p * v + remaining.max(0.0) * LOWER;
            }
            sum += p * v;
        }
        sum
    }
}

impl<G: Game, E: Evaluator<G>> Agent<G> for Expectimax<G, E> {
    fn choose(&mut self, game: &G, state: &G::State) -> Option<Decision<G::Move>> {
        let result = self.analyse(game, state)?;
        Some(Decision {
            mv: result.best,
            evaluation: value_evaluation(result.value),
            effort: crate::effort::expectimax(result.depth, result.nodes),
        })
    }
}

//! Alpha-beta (negamax) for deterministic two-player games: iterative deepening, a
//! transposition table keyed by [`Game::hash`] (whose scores pass between transpositions only
//! where [`Game::history_free`] says the earlier positions cannot matter), move ordering
//! (table move, killers, history) and win/loss scores that count plies, so that faster wins
//! and slower losses are preferred.

use std::collections::HashMap;

use tafel_core::{Game, Player, Status};

use crate::agent::{Agent, Decision, Evaluation};
use crate::bound::Bound;
use crate::budget::{Budget, Meter};
use crate::eval::{EvalContext, Evaluator};

/// The score of a win on the spot; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this (in absolute value) are proven wins or losses.
const WIN_THRESHOLD: i32 = WIN - 100_000;
/// Heuristic scores lie in [-EVAL_SCALE, EVAL_SCALE], far from the win scores.
const EVAL_SCALE: f64 = 10_000.0;
const INFINITY: i32 = WIN + 1;
/// How many plies beyond an iteration's depth the quiescence search may go: positions the
/// evaluator does not call quiet ([`Evaluator::quiet`]) are searched on until they are quiet
/// or this horizon is reached.
pub const QUIESCENCE_PLIES: u32 = 16;

/// The settings of one alpha-beta player.
#[derive(Clone, PartialEq, Debug)]
pub struct AlphaBetaConfig {
    /// Nodes and/or time per move. The first iteration (depth 1) always completes.
    pub budget: Budget,
    /// The deepest iteration, in plies.
    pub max_depth: u32,
    /// The transposition table holds `2^table_bits` entries.
    pub table_bits: u32,
    /// The seed of the evaluator's generator.
    pub seed: u64,
}

#[derive(Clone, Copy, Debug)]
struct TableEntry<M> {
    key: u64,
    depth: u32,
    score: i32,
    bound: Bound,
    best: Option<M>,
    /// Whether the position's value holds after any history ([`Game::history_free`]): only
    /// then may another path to it use the score (the move still orders the search).
    shareable: bool,
}

/// Win scores are stored relative to the node, not the root, so that a transposition reached
/// at another ply keeps the right distance.
fn score_to_table(score: i32, ply: u32) -> i32 {
    if score >= WIN_THRESHOLD {
        score + ply as i32
    } else if score <= -WIN_THRESHOLD {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_table(score: i32, ply: u32) -> i32 {
    if score >= WIN_THRESHOLD {
        score - ply as i32
    } else if score <= -WIN_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}

/// The score of an evaluated payoff (0 loss, 1/2 draw, 1 win) for the mover: a heuristic
/// score in [-EVAL_SCALE, EVAL_SCALE], far from the proven wins and losses.
pub fn heuristic_score(payoff: f64) -> i32 {
    ((payoff - 0.5) * 2.0 * EVAL_SCALE) as i32
}

/// A proven score or a heuristic one as an [`Evaluation`] for the mover.
pub fn score_evaluation(score: i32) -> Evaluation {
    if score >= WIN_THRESHOLD {
        Evaluation::WinIn((WIN - score) as u32)
    } else if score <= -WIN_THRESHOLD {
        Evaluation::LossIn((WIN + score) as u32)
    } else {
        Evaluation::Heuristic(score as f64 / EVAL_SCALE)
    }
}

/// The result of one search: the best move, its score and how deep and wide the search went.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct SearchResult<M> {
    /// The best move found.
    pub best: M,
    /// Its score for the mover (see [`WIN`]).
    pub score: i32,
    /// The last completed iteration's depth.
    pub depth: u32,
    /// Nodes visited in all iterations.
    pub nodes: u64,
}

/// An alpha-beta player. Its transposition table and history persist between moves.
pub struct AlphaBeta<G: Game, E: Evaluator<G>> {
    config: AlphaBetaConfig,
    evaluator: E,
    ctx: EvalContext<G>,
    table: Vec<Option<TableEntry<G::Move>>>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: HashMap<G::Move, u64>,
    /// Move lists per ply, reused so that the search allocates nothing once warmed up.
    lists: Vec<Vec<(u64, G::Move)>>,
    meter: Meter,
    aborted: bool,
    must_finish: bool,
    /// The ply where the quiescence search stops and evaluates whatever it finds.
    horizon: u32,
    root_best: Option<(G::Move, i32)>,
    /// A root move the current search leaves out ([`AlphaBeta::analyse_excluding`]).
    root_excluded: Option<G::Move>,
}

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// A player with the given settings and evaluation.
    pub fn new(config: AlphaBetaConfig, evaluator: E) -> Self {
        let meter = config.budget.start();
        AlphaBeta {
            evaluator,
            ctx: EvalContext::new(config.seed),
            table: vec![None; 1 << config.table_bits],
            killers: Vec::new(),
            history: HashMap::new(),
            lists: Vec::new(),
            meter,
            config,
            aborted: false,
            must_finish: false,
            horizon: 0,
            root_best: None,
            root_excluded: None,
        }
    }

    /// Searches `state` by iterative deepening within the budget; `None` when nobody is to
    /// move or the game has chance or more than two teams.
    pub fn analyse(&mut self, game: &G, state: &G::State) -> Option<SearchResult<G::Move>> {
        self.analyse_excluding(game, state, None)
    }

    /// [`AlphaBeta::analyse`] with the root move `excluded` left out: the best of the other
    /// moves (how much worse they are says whether a move was the only good one). `None`
    /// also when no other move is legal. The root's value is not stored in the table then,
    /// since it is not the position's.
    pub fn analyse_excluding(
        &mut self,
        game: &G,
        state: &G::State,
        excluded: Option<G::Move>,
    ) -> Option<SearchResult<G::Move>> {
        let Status::ToMove(_) = game.status(state) else {
            return None;
        };
        self.root_excluded = excluded;
        self.meter = self.config.budget.start();
        self.aborted = false;
        self.killers.clear();
        self.history.values_mut().for_each(|h| *h /= 2);
        let mut result = None;
        for depth in 1..=self.config.max_depth.max(1) {
            self.must_finish = depth == 1;
            self.horizon = depth + QUIESCENCE_PLIES;
            self.root_best = None;
            self.negamax(game, state, depth, 0, -INFINITY, INFINITY);
            if self.aborted {
                break;
            }
            let (best, score) = self.root_best?;
            result = Some(SearchResult {
                best,
                score,
                depth,
                nodes: self.meter.spent(),
            });
            if score.abs() >= WIN_THRESHOLD || self.meter.exhausted() {
                break;
            }
        }
        result.map(|r| SearchResult {
            nodes: self.meter.spent(),
            ..r
        })
    }

    fn static_score(&mut self, game: &G, state: &G::State, me: Player) -> i32 {
        let payoffs = self.evaluator.evaluate(game, state, &mut self.ctx);
        heuristic_score(payoffs[me.index()])
    }

    /// The score of `child` (reached at `ply`) for `me`, the player who moved into it.
    #[allow(clippy::too_many_arguments)]
    fn child_score(
        &mut self,
        game: &G,
        me: Player,
        child: &G::State,
        depth: u32,
        ply: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        match game.status(child) {
            Status::Over(outcome) => {
                let payoff = outcome.payoff(me);
                if payoff > 0.5 {
                    WIN - ply as i32
                } else if payoff < 0.5 {
                    -(WIN - ply as i32)
                } else {
                    0
                }
            }
            Status::ToMove(next) if game.team_of(next) == game.team_of(me) => {
                self.negamax(game, child, depth, ply, alpha, beta)
            }
            Status::ToMove(_) => -self.negamax(game, child, depth, ply, -beta, -alpha),
            // Chance is not this searcher's business; value it statically.
            Status::Chance => self.static_score(game, child, me),
        }
    }

    /// The negamax score of `state`, where someone is to move, for that player.
    fn negamax(
        &mut self,
        game: &G,
        state: &G::State,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.meter.spend() && !self.must_finish {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let Status::ToMove(me) = game.status(state) else {
            unreachable!("negamax is only called where a player is to move");
        };
        // At depth 0 a quiet position is valued as it stands; any other is searched on
        // (quiescence search) with every legal move, at depth 0, until it is quiet.
        if depth == 0 && (ply >= self.horizon || self.evaluator.quiet(game, state, &mut self.ctx)) {
            return self.static_score(game, state, me);
        }
        let key = game.hash(state);
        let slot = (key as usize) & (self.table.len() - 1);
        let shareable = game.history_free(state);
        let mut table_move = None;
        if let Some(entry) = self.table[slot].filter(|e| e.key == key) {
            table_move = entry.best;
            let score = score_from_table(entry.score, ply);
            if ply > 0
                && shareable
                && entry.shareable
                && entry.depth >= depth
                && entry.bound.answers(score, alpha, beta)
            {
                return score;
            }
        }
        let ply_index = ply as usize;
        if self.lists.len() <= ply_index {
            self.lists.resize_with(ply_index + 1, Vec::new);
            self.killers.resize(ply_index + 1, [None; 2]);
        } else if self.killers.len() <= ply_index {
            self.killers.resize(ply_index + 1, [None; 2]);
        }
        let mut list = std::mem::take(&mut self.lists[ply_index]);
        self.order_moves(game, state, table_move, ply_index, &mut list);

        let original_alpha = alpha;
        let mut best = (-INFINITY, None);
        for &(_, mv) in &list {
            if ply == 0 && self.root_excluded == Some(mv) {
                continue;
            }
            let mut child = state.clone();
            game.apply(&mut child, mv);
            let score = self.child_score(
                game,
                me,
                &child,
                depth.saturating_sub(1),
                ply + 1,
                alpha,
                beta,
            );
            if self.aborted {
                break;
            }
            if score > best.0 {
                best = (score, Some(mv));
                if ply == 0 {
                    self.root_best = Some((mv, score));
                }
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                self.reward(mv, ply_index, depth);
                break;
            }
        }
        self.lists[ply_index] = list;
        if self.aborted || (ply == 0 && self.root_excluded.is_some()) {
            return if self.aborted { 0 } else { best.0 };
        }
        self.table[slot] = Some(TableEntry {
            key,
            depth,
            score: score_to_table(best.0, ply),
            bound: Bound::of(best.0, original_alpha, beta),
            best: best.1,
            shareable,
        });
        best.0
    }

    /// Fills `list` with the legal moves, best first: the table's move, then the killers of
    /// this ply, then by history score.
    fn order_moves(
        &mut self,
        game: &G,
        state: &G::State,
        table_move: Option<G::Move>,
        ply: usize,
        list: &mut Vec<(u64, G::Move)>,
    ) {
        game.legal_moves(state, &mut self.ctx.moves);
        list.clear();
        let killers = self.killers[ply];
        for &mv in &self.ctx.moves {
            let rank = if Some(mv) == table_move {
                u64::MAX
            } else if killers.contains(&Some(mv)) {
                u64::MAX - 1
            } else {
                self.history.get(&mv).copied().unwrap_or(0)
            };
            list.push((rank, mv));
        }
        // Stable, so equal ranks keep the game's move order (and the search stays reproducible).
        list.sort_by_key(|entry| std::cmp::Reverse(entry.0));
    }

    /// Remembers a move that caused a cut-off.
    fn reward(&mut self, mv: G::Move, ply: usize, depth: u32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        *self.history.entry(mv).or_insert(0) += (depth as u64) * (depth as u64);
    }
}

impl<G: Game, E: Evaluator<G>> Agent<G> for AlphaBeta<G, E> {
    fn choose(&mut self, game: &G, state: &G::State) -> Option<Decision<G::Move>> {
        let result = self.analyse(game, state)?;
        Some(Decision {
            mv: result.best,
            evaluation: score_evaluation(result.score),
            effort: crate::effort::alpha_beta(result.depth, result.nodes),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_scores_survive_the_table_at_any_ply() {
        for score in [WIN - 7, -(WIN - 7), 1234, -1234, 0] {
            assert_eq!(score_from_table(score_to_table(score, 5), 5), score);
        }
        // A win in 2 from a node at ply 3 is a win in 5 from the root, and in 3 from ply 1.
        let stored = score_to_table(WIN - 5, 3);
        assert_eq!(score_from_table(stored, 1), WIN - 3);
    }

    #[test]
    fn scores_read_as_evaluations() {
        assert_eq!(score_evaluation(WIN - 3), Evaluation::WinIn(3));
        assert_eq!(score_evaluation(-(WIN - 4)), Evaluation::LossIn(4));
        assert_eq!(score_evaluation(0), Evaluation::Heuristic(0.0));
    }
}

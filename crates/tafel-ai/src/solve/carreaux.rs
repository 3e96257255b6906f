//! Carreaux, solved: the whole game tree under the designer's (literal) rules.
//!
//! Under the literal rules every slide lowers the total group value, so no position can come
//! back and the game graph is acyclic and small (at most a few thousand positions from every
//! start layout up to 12 x 12). [`Solver`] walks it once with memoisation, keyed by the game's
//! position hash (Zobrist, 64 bits: tiles, bubble and side to move), and keeps for every position
//! its value with perfect play and the size of the tree below it. The `rule=free` variant is
//! refused: there a slide may not recreate any earlier position, so what a position allows
//! depends on the whole game before it.

use std::collections::HashMap;
use std::fmt;

use tafel_core::game::GameExt;
use tafel_core::{Game, Player, Reason, Status};
use tafel_games::carreaux::{Carreaux, MoveRule, State};

use crate::agent::{Agent, Decision, Evaluation};
use crate::scale::{Chance, Oracle};

/// The result of a position with perfect play, for the player to move.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Value {
    /// The player to move loses.
    Loss,
    /// Neither player can force a win.
    Draw,
    /// The player to move wins.
    Win,
}

impl Value {
    /// The value for the other player.
    pub fn flip(self) -> Value {
        match self {
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
            Value::Win => Value::Loss,
        }
    }
}

/// What the solver knows about one position and the game tree below it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Node {
    /// The value with perfect play, for the player to move.
    pub value: Value,
    /// Plies to the end with perfect play (a winner hurries, a loser delays; in a draw, the
    /// longest drawing line).
    pub plies: u32,
    /// The longest game from here, in plies.
    pub longest: u32,
    /// Distinct games from here (move sequences to a finished position).
    pub games: u128,
    /// Nodes of the game tree from here, this one included (every position reached by every
    /// move sequence, counted once per sequence).
    pub tree_nodes: u128,
}

/// Why the `rule=free` variant is not solved.
pub const FREE_RULE_UNSOLVED: Reason = Reason::new(
    "free-rule-unsolved",
    "rule=free (a variant) forbids recreating any earlier position, so what a position allows \
     depends on the whole game before it: its game tree is not a graph of positions and is out \
     of reach of this solver (use rule=literal)",
);

/// Why a game cannot be solved here.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SolveError {
    /// The `rule=free` variant: positions depend on the game's history.
    FreeRule,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::FreeRule => fmt::Display::fmt(&FREE_RULE_UNSOLVED, f),
        }
    }
}

impl std::error::Error for SolveError {}

/// The memoised solver for one Carreaux game (one set of settings).
pub struct Solver<'g> {
    game: &'g Carreaux,
    memo: HashMap<u64, Node>,
}

impl<'g> Solver<'g> {
    /// A solver for `game`, which must use the literal move rule.
    pub fn new(game: &'g Carreaux) -> Result<Self, SolveError> {
        if game.settings().rule == MoveRule::Free {
            return Err(SolveError::FreeRule);
        }
        Ok(Solver {
            game,
            memo: HashMap::new(),
        })
    }

    /// Distinct positions solved so far (finished ones included).
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// Solves `state` and the whole tree below it.
    pub fn solve(&mut self, state: &State) -> Node {
        let key = self.game.hash(state);
        if let Some(&node) = self.memo.get(&key) {
            return node;
        }
        let node = match self.game.status(state) {
            Status::Over(outcome) => Node {
                value: if outcome.is_draw() {
                    Value::Draw
                } else if outcome.winners.contains(state.to_move()) {
                    Value::Win
                } else {
                    Value::Loss
                },
                plies: 0,
                longest: 0,
                games: 1,
                tree_nodes: 1,
            },
            _ => {
                let mut node = Node {
                    value: Value::Loss,
                    plies: 0,
                    longest: 0,
                    games: 0,
                    tree_nodes: 1,
                };
                let mut best: Option<(Value, i64)> = None;
                for mv in self.game.legal_move_vec(state) {
                    let child = self.solve(&self.game.after(state, mv));
                    let value = child.value.flip();
                    let score = (value, preference(value, child.plies + 1));
                    if best.is_none_or(|b| score > b) {
                        best = Some(score);
                        node.value = value;
                        node.plies = child.plies + 1;
                    }
                    node.longest = node.longest.max(child.longest + 1);
                    node.games += child.games;
                    node.tree_nodes += child.tree_nodes;
                }
                node
            }
        };
        self.memo.insert(key, node);
        node
    }

    /// The best move of `state` (the game must not be over) with the position's solution: a
    /// winning move that wins soonest, else a drawing one, else the loss that lasts longest.
    pub fn best_move(&mut self, state: &State) -> Option<(u8, Node)> {
        let moves = self.game.legal_move_vec(state);
        let mut best: Option<((Value, i64), u8)> = None;
        for mv in moves {
            let child = self.solve(&self.game.after(state, mv));
            let value = child.value.flip();
            let score = (value, preference(value, child.plies + 1));
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, mv));
            }
        }
        best.map(|(_, mv)| (mv, self.solve(state)))
    }

    /// The principal variation from `state`: the moves of [`Solver::best_move`] to the end.
    pub fn principal_variation(&mut self, state: &State) -> Vec<u8> {
        let mut line = Vec::new();
        let mut state = state.clone();
        while let Some((mv, _)) = self.best_move(&state) {
            line.push(mv);
            state = self.game.after(&state, mv);
        }
        line
    }
}

/// How much the mover likes reaching `value` in `plies`: sooner wins, later losses, longer draws
/// (the longest drawing line leaves the opponent the most chances to go wrong).
fn preference(value: Value, plies: u32) -> i64 {
    match value {
        Value::Win => -(plies as i64),
        _ => plies as i64,
    }
}

/// Plays Carreaux perfectly under the literal rules, by solving the game tree from the position
/// it is asked about (kept between moves while the settings stay the same).
#[derive(Default)]
pub struct PerfectCarreaux {
    /// Solved positions of the last game's settings.
    memo: Option<(tafel_games::carreaux::CarreauxSettings, HashMap<u64, Node>)>,
}

impl PerfectCarreaux {
    /// A perfect player.
    pub fn new() -> Self {
        Self::default()
    }

    /// Runs `work` with a solver holding the positions solved before under `game`'s settings,
    /// and keeps what it solves; `None` under `rule=free`.
    fn with_solver<R>(
        &mut self,
        game: &Carreaux,
        work: impl FnOnce(&mut Solver) -> R,
    ) -> Option<R> {
        let settings = *game.settings();
        let memo = match self.memo.take() {
            Some((s, memo)) if s == settings => memo,
            _ => HashMap::new(),
        };
        let mut solver = Solver::new(game).ok()?;
        solver.memo = memo;
        let result = work(&mut solver);
        self.memo = Some((settings, solver.memo));
        Some(result)
    }
}

impl Agent<Carreaux> for PerfectCarreaux {
    /// `None` when nobody is to move, and under `rule=free`, which no solver handles (see
    /// [`SolveError::FreeRule`]).
    fn choose(&mut self, game: &Carreaux, state: &State) -> Option<Decision<u8>> {
        let Status::ToMove(_) = game.status(state) else {
            return None;
        };
        let (mv, node, effort) = self.with_solver(game, |solver| {
            let before = solver.positions();
            let (mv, node) = solver.best_move(state)?;
            let effort = tafel_core::reason!(
                "effort-exact-solution",
                "exact solution: {positions} positions ({new} new)",
                positions = solver.positions(),
                new = solver.positions() - before
            );
            Some((mv, node, effort))
        })??;
        let evaluation = match node.value {
            Value::Win => Evaluation::WinIn(node.plies),
            Value::Loss => Evaluation::LossIn(node.plies),
            Value::Draw => Evaluation::Draw,
        };
        Some(Decision {
            mv,
            evaluation,
            effort,
        })
    }
}

/// The exact value of every move under the literal rules, from the same solved game tree as
/// [`PerfectCarreaux`]; nothing under `rule=free`.
#[derive(Default)]
pub struct CarreauxOracle {
    solved: PerfectCarreaux,
}

impl Oracle<Carreaux> for CarreauxOracle {
    fn move_values(&mut self, game: &Carreaux, state: &State) -> Option<Vec<(u8, Chance)>> {
        let Status::ToMove(_) = game.status(state) else {
            return None;
        };
        self.solved.with_solver(game, |solver| {
            game.legal_move_vec(state)
                .into_iter()
                .map(|mv| {
                    let chance = match solver.solve(&game.after(state, mv)).value.flip() {
                        Value::Win => Chance::of_payoff(1.0),
                        Value::Draw => Chance::of_payoff(0.5),
                        Value::Loss => Chance::of_payoff(0.0),
                    };
                    (mv, chance)
                })
                .collect()
        })
    }
}

/// The player who wins `state` with perfect play, or `None` for a draw.
pub fn winner(game: &Carreaux, state: &State) -> Result<Option<Player>, SolveError> {
    let node = Solver::new(game)?.solve(state);
    let mover = state.to_move();
    Ok(match node.value {
        Value::Win => Some(mover),
        Value::Loss => Some(Player(1 - mover.0)),
        Value::Draw => None,
    })
}

#[cfg(test)]
mod tests;

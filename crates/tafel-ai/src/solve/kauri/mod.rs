//! Kauri's old tie-break phase, solved. With `tiebreak=old`, a game whose seeds are all captured
//! with equal scores goes on with the twelve cowries alone, and a player who cannot move loses.
//! That phase has 1,352,078 positions per side to move ([`retro`]); [`TiebreakTable`] holds its
//! retrograde solution, one byte per position (1.3 MB), built once per process in about a
//! second ([`TiebreakTable::shared`]).
//!
//! For the engine: [`TiebreakTable::value`] is the exact value of a position inside the phase,
//! [`TiebreakAgent`] plays perfectly inside the phase and leaves the rest of the game to another
//! agent, and [`TiebreakEvaluator`] gives any searcher the exact payoffs inside the phase.
//!
//! **Repetition.** The rules end the game drawn when a position repeats; the capture of the last
//! seed clears the positions remembered, so the phase starts with no history. The values are
//! exact for the phase played from a position whose earlier positions cannot recur (its first
//! position, or any position read from a code). Later in a phase the remembered positions can
//! only turn a win or loss into a draw; the agent therefore never plays into a position that
//! would repeat when it is winning, and takes such a draw when it is losing.

pub mod retro;

use std::sync::OnceLock;

use tafel_core::game::GameExt;
use tafel_core::{Game, Status};
use tafel_games::kauri::{Kauri, Move, State, HOLES, ROW};

use crate::agent::{Agent, Decision, Evaluation};
use crate::eval::{EvalContext, Evaluator, Payoffs};
use crate::scale::{Chance, Oracle};
pub use retro::{PhaseValue, Retrograde};

/// The solved tie-break phase (all 12 cowries).
pub struct TiebreakTable {
    retro: Retrograde,
}

impl TiebreakTable {
    /// Solves the phase (about a second; see `docs/analysis.md`).
    pub fn solve() -> TiebreakTable {
        TiebreakTable {
            retro: Retrograde::solve(12),
        }
    }

    /// The table of this process, solved on first use.
    pub fn shared() -> &'static TiebreakTable {
        static TABLE: OnceLock<TiebreakTable> = OnceLock::new();
        TABLE.get_or_init(TiebreakTable::solve)
    }

    /// The retrograde solution itself (counts, size).
    pub fn retrograde(&self) -> &Retrograde {
        &self.retro
    }

    /// The exact value of `state` for the player to move, if `state` is inside the tie-break
    /// phase (`tiebreak=old`, no seed on the board, equal stores) and the game is not over for
    /// another reason (a repetition, the ply limit). See the module notes on repetition.
    pub fn value(&self, game: &Kauri, state: &State) -> Option<PhaseValue> {
        if !game.in_tiebreak(state) {
            return None;
        }
        match game.status(state) {
            Status::Over(outcome) if outcome.reason != tafel_games::kauri::REASON_TIEBREAK => None,
            _ => Some(self.retro.value(&mover_holes(state))),
        }
    }
}

/// The cowries of `state` from the mover's side: his row first.
fn mover_holes(state: &State) -> retro::Holes {
    let shift = state.side().index() * ROW;
    std::array::from_fn(|i| state.cowries((i + shift) % HOLES))
}

/// How much the mover likes a move's result: a win sooner, then a draw, then a loss later.
fn preference(value: PhaseValue) -> i64 {
    match value {
        PhaseValue::Win(d) => 1_000_000 - d as i64,
        PhaseValue::Draw => 0,
        PhaseValue::Loss(d) => -1_000_000 + d as i64,
    }
}

/// The value for the mover of playing `mv` in the tie-break position `state`: a move into a
/// position that repeats (a draw at once) is a draw.
fn move_value(table: &TiebreakTable, game: &Kauri, state: &State, mv: Move) -> PhaseValue {
    let next = game.after(state, mv);
    match game.status(&next) {
        Status::Over(outcome) if outcome.is_draw() => PhaseValue::Draw,
        Status::Over(outcome) if outcome.winners.contains(state.side()) => PhaseValue::Win(1),
        Status::Over(_) => PhaseValue::Loss(1),
        _ => match table.retro.value(&mover_holes(&next)) {
            PhaseValue::Win(d) => PhaseValue::Loss(d + 1),
            PhaseValue::Loss(d) => PhaseValue::Win(d + 1),
            PhaseValue::Draw => PhaseValue::Draw,
        },
    }
}

/// The best move of a tie-break position by the table, with the value it leads to for the
/// mover: moves into a position that repeats (a draw at once) are valued as draws.
pub fn best_move(table: &TiebreakTable, game: &Kauri, state: &State) -> Option<(Move, PhaseValue)> {
    table.value(game, state)?;
    let mut best: Option<(i64, Move, PhaseValue)> = None;
    for mv in game.legal_move_vec(state) {
        let value = move_value(table, game, state, mv);
        let score = preference(value);
        if best.is_none_or(|(b, _, _)| score > b) {
            best = Some((score, mv, value));
        }
    }
    best.map(|(_, mv, value)| (mv, value))
}

/// The exact value of every move inside the tie-break phase, from [`TiebreakTable::shared`];
/// nothing elsewhere.
pub struct TiebreakOracle {
    table: &'static TiebreakTable,
}

impl TiebreakOracle {
    /// An oracle reading [`TiebreakTable::shared`] (solved on first use).
    pub fn new() -> Self {
        TiebreakOracle {
            table: TiebreakTable::shared(),
        }
    }
}

impl Default for TiebreakOracle {
    fn default() -> Self {
        Self::new()
    }
}

impl Oracle<Kauri> for TiebreakOracle {
    fn move_values(&mut self, game: &Kauri, state: &State) -> Option<Vec<(Move, Chance)>> {
        self.table.value(game, state)?;
        if !matches!(game.status(state), Status::ToMove(_)) {
            return None;
        }
        let moves = game.legal_move_vec(state).into_iter().map(|mv| {
            let chance = match move_value(self.table, game, state, mv) {
                PhaseValue::Win(_) => Chance::of_payoff(1.0),
                PhaseValue::Draw => Chance::of_payoff(0.5),
                PhaseValue::Loss(_) => Chance::of_payoff(0.0),
            };
            (mv, chance)
        });
        Some(moves.collect())
    }
}

/// Plays perfectly inside the tie-break phase from the table, and like `outside` elsewhere.
pub struct TiebreakAgent<A> {
    table: &'static TiebreakTable,
    outside: A,
}

impl<A> TiebreakAgent<A> {
    /// The phase from [`TiebreakTable::shared`], the rest of the game by `outside`.
    pub fn new(outside: A) -> Self {
        TiebreakAgent {
            table: TiebreakTable::shared(),
            outside,
        }
    }
}

impl<A: Agent<Kauri>> Agent<Kauri> for TiebreakAgent<A> {
    fn choose(&mut self, game: &Kauri, state: &State) -> Option<Decision<Move>> {
        let Status::ToMove(_) = game.status(state) else {
            return None;
        };
        match best_move(self.table, game, state) {
            Some((mv, value)) => Some(Decision {
                mv,
                evaluation: match value {
                    PhaseValue::Win(d) => Evaluation::WinIn(d),
                    PhaseValue::Loss(d) => Evaluation::LossIn(d),
                    PhaseValue::Draw => Evaluation::Draw,
                },
                effort: tafel_core::reason!(
                    "effort-tie-break-table",
                    "tie-break table (retrograde analysis)"
                ),
            }),
            None => self.outside.choose(game, state),
        }
    }
}

/// An evaluator that is exact inside the tie-break phase and asks `outside` elsewhere.
pub struct TiebreakEvaluator<E> {
    table: &'static TiebreakTable,
    outside: E,
}

impl<E> TiebreakEvaluator<E> {
    /// The phase from [`TiebreakTable::shared`], other positions by `outside`.
    pub fn new(outside: E) -> Self {
        TiebreakEvaluator {
            table: TiebreakTable::shared(),
            outside,
        }
    }
}

impl<E: Evaluator<Kauri>> Evaluator<Kauri> for TiebreakEvaluator<E> {
    fn evaluate(&self, game: &Kauri, state: &State, ctx: &mut EvalContext<Kauri>) -> Payoffs {
        let Some(value) = self.table.value(game, state) else {
            return self.outside.evaluate(game, state, ctx);
        };
        let mover = state.side().index();
        let mut payoffs: Payoffs = Default::default();
        let (mine, theirs) = match value {
            PhaseValue::Win(_) => (1.0, 0.0),
            PhaseValue::Loss(_) => (0.0, 1.0),
            PhaseValue::Draw => (0.5, 0.5),
        };
        payoffs[mover] = mine;
        payoffs[1 - mover] = theirs;
        payoffs
    }
}

#[cfg(test)]
mod tests;

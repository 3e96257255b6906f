//! Perfect play from a solved table.

use std::sync::Arc;

use tafel_core::{Game, Status};
use tafel_games::karls_race::KarlsRace;

use super::solver::probability;
use super::table::{Table, TableError};
use crate::agent::{Agent, Decision, Evaluation};
use crate::scale::{Basis, Chance, Oracle};

/// Plays the step that maximises the exact winning probability, and reports that
/// probability as its evaluation. Two-player games only.
#[derive(Clone)]
pub struct PerfectAgent {
    table: Arc<Table>,
}

impl PerfectAgent {
    /// A player reading `table`.
    pub fn new(table: Arc<Table>) -> Self {
        PerfectAgent { table }
    }

    /// A player reading the table at [`super::default_path`]; the error says how to build
    /// it when it is missing.
    pub fn open_default() -> Result<Self, TableError> {
        Ok(Self::new(Arc::new(Table::open(&super::default_path())?)))
    }
}

impl Agent<KarlsRace> for PerfectAgent {
    /// `None` also for the four-player game and for states the table does not cover.
    fn choose(
        &mut self,
        game: &KarlsRace,
        state: &<KarlsRace as Game>::State,
    ) -> Option<Decision<<KarlsRace as Game>::Move>> {
        if game.num_players() != 2 || !matches!(game.status(state), Status::ToMove(_)) {
            return None;
        }
        let (mv, probability) = self.table.best_move(state)?;
        Some(Decision {
            mv,
            evaluation: Evaluation::Expected(probability),
            effort: tafel_core::reason!(
                "effort-solved-table",
                "perfect play from the solved table"
            ),
        })
    }
}

/// The exact winning probability of every step of a rolled two-player state, from a solved
/// table; nothing for the states the table does not cover.
#[derive(Clone)]
pub struct TableOracle {
    table: Arc<Table>,
}

impl TableOracle {
    /// An oracle reading `table`.
    pub fn new(table: Arc<Table>) -> Self {
        TableOracle { table }
    }
}

impl Oracle<KarlsRace> for TableOracle {
    fn move_values(
        &mut self,
        game: &KarlsRace,
        state: &<KarlsRace as Game>::State,
    ) -> Option<Vec<(<KarlsRace as Game>::Move, Chance)>> {
        if game.num_players() != 2 || !matches!(game.status(state), Status::ToMove(_)) {
            return None;
        }
        let steps = self.table.step_values(state)?;
        Some(
            steps
                .into_iter()
                .map(|(mv, value)| (mv, Chance::new(probability(value), 0.0, Basis::Exact)))
                .collect(),
        )
    }
}

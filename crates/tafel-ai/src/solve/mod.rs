//! Exact solvers and perfect players for the games small enough to solve.
//!
//! - [`black_path`]: the domino strategy of *Winning Ways* and an exact search for the boards and
//!   positions it does not cover;
//! - [`carreaux`]: the whole game tree under the literal rules (a few thousand positions);
//! - [`karls_race`]: the strong solution of two-player Karl's Race, a table of exact win
//!   probabilities mapped into memory;
//! - [`kauri`]: Kauri's old tie-break phase (cowries only), solved by retrograde analysis.

pub mod black_path;
pub mod carreaux;
pub mod karls_race;
pub mod kauri;

use std::sync::{Arc, Mutex};

use tafel_core::Game;
use tafel_games::black_path::BlackPath;
use tafel_games::carreaux::{Carreaux, MoveRule};
use tafel_games::karls_race::KarlsRace;
use tafel_games::kauri::{Kauri, Tiebreak};
use tafel_games::quarx::Quarx;

use crate::agent::Agent;

/// What the solvers lend the strength levels: a perfect player where a game is solved, and
/// exact knowledge for the ordinary searchers where part of a game is (Kauri's tie-break).
pub trait PerfectPlay: Game {
    /// A player that plays perfectly with this game's settings, or why there is none (the
    /// game or variant is not solved, or a solution table has not been built yet).
    fn perfect_agent(&self) -> Result<Box<dyn Agent<Self>>, String> {
        Err(format!("{} is not solved", Self::INFO.title))
    }

    /// `agent` with the solvers' exact knowledge of this game added; by default `agent` as is.
    fn with_exact_knowledge(&self, agent: Box<dyn Agent<Self>>) -> Box<dyn Agent<Self>> {
        agent
    }
}

impl PerfectPlay for BlackPath {
    fn perfect_agent(&self) -> Result<Box<dyn Agent<Self>>, String> {
        Ok(Box::new(black_path::PerfectBlackPath::default()))
    }
}

impl PerfectPlay for KarlsRace {
    /// From the table at [`karls_race::default_path`], mapped once per process.
    fn perfect_agent(&self) -> Result<Box<dyn Agent<Self>>, String> {
        if self.num_players() != 2 {
            return Err("only the two-player game of Karl's Race is solved".into());
        }
        static TABLE: Mutex<Option<Arc<karls_race::Table>>> = Mutex::new(None);
        let mut shared = TABLE
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let table = match shared.as_ref() {
            Some(table) => table.clone(),
            None => {
                let table = Arc::new(
                    karls_race::Table::open(&karls_race::default_path())
                        .map_err(|e| e.to_string())?,
                );
                *shared = Some(table.clone());
                table
            }
        };
        Ok(Box::new(karls_race::agent::PerfectAgent::new(table)))
    }
}

impl PerfectPlay for Carreaux {
    fn perfect_agent(&self) -> Result<Box<dyn Agent<Self>>, String> {
        if self.settings().rule == MoveRule::Free {
            return Err(carreaux::SolveError::FreeRule.to_string());
        }
        Ok(Box::new(carreaux::PerfectCarreaux::new()))
    }
}

impl PerfectPlay for Kauri {
    /// With `tiebreak=old`, the cowries-only phase is played perfectly from its table.
    fn with_exact_knowledge(&self, agent: Box<dyn Agent<Self>>) -> Box<dyn Agent<Self>> {
        match self.settings().tiebreak {
            Tiebreak::Old => Box::new(kauri::TiebreakAgent::new(agent)),
            Tiebreak::None => agent,
        }
    }
}

impl PerfectPlay for Quarx {}

//! Questions a solved table answers about a game state: the mover's winning probability and
//! the best step for a rolled die.

use tafel_core::{Game, Status};
use tafel_games::karls_race::{Move, State};

use super::position::{Canonical, BLACK};
use super::solver::{position_value, probability, step_value};
use super::table::Table;

impl Table {
    /// The entry of a position from the mover's side, if the table covers it.
    fn value(&self, position: Canonical) -> Option<u32> {
        self.index()
            .covers(position)
            .then(|| self.entry(self.index().rank(position)))
    }

    /// The probability that the side to move in the two-player `state` wins with perfect play
    /// by both sides: before the roll the average over the die, after it the best step's.
    /// A finished game gives 1 or 0. `None` when the table does not cover the state (more
    /// stones a side than it was solved for, or not a two-player state).
    pub fn probability(&self, state: &State) -> Option<f64> {
        let rules = self.geometry().rules();
        if let Status::Over(outcome) = rules.status(state) {
            return Some(outcome.payoff(state.to_move()));
        }
        match state.die() {
            None => self
                .value(self.geometry().canonical(state)?)
                .map(probability),
            Some(_) => self.best_move(state).map(|(_, p)| p),
        }
    }

    /// The step that maximises the mover's winning probability in a two-player `state` whose
    /// die has been rolled, with that probability (the first such step in move order on a
    /// tie). `None` before the roll, once the game is over, or outside the table.
    pub fn best_move(&self, state: &State) -> Option<(Move, f64)> {
        self.step_values(state)?
            .into_iter()
            .fold(None, |best: Option<(Move, u32)>, (mv, value)| match best {
                Some((_, top)) if top >= value => best,
                _ => Some((mv, value)),
            })
            .map(|(mv, value)| (mv, probability(value)))
    }

    /// Every legal step of a rolled state with its fixed-point value for the mover.
    pub fn step_values(&self, state: &State) -> Option<Vec<(Move, u32)>> {
        state.die()?;
        let geometry = self.geometry();
        let position = geometry.canonical(state)?;
        if !self.index().covers(position) {
            return None;
        }
        let turn = |sq| {
            if state.to_move() == BLACK {
                geometry.rotate_square(sq)
            } else {
                sq
            }
        };
        let mut moves = Vec::new();
        geometry.rules().legal_moves(state, &mut moves);
        moves
            .into_iter()
            .map(|mv| match mv {
                Move::Step { from, to } => {
                    let child = |c| self.value(c).unwrap_or(0);
                    Some((
                        mv,
                        step_value(geometry, position, turn(from), turn(to), child),
                    ))
                }
                _ => None,
            })
            .collect()
    }

    /// The value of a covered position recomputed from its children's entries: equal to its
    /// own entry in a sound table (a spot check of a table file).
    pub fn recomputed(&self, state: &State) -> Option<(f64, f64)> {
        let position = self.geometry().canonical(state)?;
        let stored = self.value(position)?;
        let fresh = position_value(self.geometry(), position, |c| self.value(c).unwrap_or(0));
        Some((probability(stored), probability(fresh)))
    }
}

//! `tafel.Vector`: N positions of one game stepped together, for training loops.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use tafel_core::Player;

use super::arrays::{self, NewArray};
use super::{PyGame, PyState};
use crate::game::AnyGame;
use crate::vector::{AnyVector, View};

/// N positions of one game, always with a player to move: chance is resolved by the vector's
/// seeded generator, and a finished game reports its returns and starts again.
#[pyclass(module = "tafel._tafel", name = "Vector")]
pub struct PyVector {
    game: Arc<dyn AnyGame>,
    inner: Box<dyn AnyVector>,
    /// Room for the legal-action lists, kept between calls (their width is known only once
    /// they are found, so they are copied into the array handed out). Observations, masks,
    /// sampled actions, returns and flags are written straight into the arrays handed out
    /// ([`arrays::NewArray`]).
    lists: Vec<i64>,
    /// Room for a step's actions, read from the caller's array, kept between calls.
    actions: Vec<i64>,
}

impl PyVector {
    /// The view from Python (see [`super::view_of`]), the game's own layout when none is
    /// given.
    fn view_or_absolute(&self, view: Option<&Bound<'_, PyAny>>) -> PyResult<View> {
        view.map(|v| super::view_of(v, self.game.dyn_game().num_players()))
            .transpose()
            .map(|view| view.unwrap_or(View::Absolute))
    }

    /// The optional seat that a step or reset plays up to.
    fn until(&self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Player>> {
        let players = self.game.dyn_game().num_players();
        seat.map(|seat| super::seat_of(seat, "until_seat", players))
            .transpose()
    }

    /// A zeroed observation-shaped float32 array `[N, *shape]` to write.
    fn observation_array<'py>(&self, py: Python<'py>) -> PyResult<NewArray<'py, f32>> {
        let mut shape = self.game.observation_shape();
        shape.insert(0, self.inner.len());
        NewArray::zeros(py, &shape)
    }

    /// Wraps `inner`, positions of `game`.
    pub fn new(game: Arc<dyn AnyGame>, inner: Box<dyn AnyVector>) -> Self {
        PyVector {
            game,
            inner,
            lists: Vec::new(),
            actions: Vec::new(),
        }
    }
}

#[pymethods]
impl PyVector {
    /// How many states the vector holds.
    fn __len__(&self) -> usize {
        self.inner.len()
    }

    /// Every position's observation tensor: a float32 array `[N, *observation_tensor_shape]`.
    /// `view="absolute"` is the game's layout; `"mover"` turns each row to the seat to move's
    /// side, a seat number to that seat's (the parts that belong to a seat, its own first).
    #[pyo3(signature = (view = None))]
    fn observations<'py>(
        &mut self,
        py: Python<'py>,
        view: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let view = self.view_or_absolute(view)?;
        let mut array = self.observation_array(py)?;
        let (inner, values) = (&self.inner, array.values());
        py.detach(|| inner.observations(view, values));
        Ok(array.into_array(py))
    }

    /// Every position's legal actions: a bool array `[N, num_distinct_actions]`.
    fn legal_actions_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let width = self.game.num_actions();
        let mut array = NewArray::zeros(py, &[self.inner.len(), width])?;
        let (inner, mask) = (&mut self.inner, array.values());
        py.detach(|| inner.legal_actions_mask(mask))?;
        Ok(array.into_array(py))
    }

    /// Every position's legal actions as a list, the compact form of the mask for games with
    /// many action numbers (Quarx has 65,536): an int64 array `[N, K]`, each row its legal
    /// actions ascending followed by -1, `K` the most legal actions of any row now.
    fn legal_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let (inner, lists) = (&mut self.inner, &mut self.lists);
        let width = py.detach(|| inner.legal_actions(lists))?;
        arrays::array(py, lists, &[self.inner.len(), width])
    }

    /// A uniformly random legal action for each position, drawn from the vector's generator:
    /// an int64 array `[N]` (a random policy in one call, without the masks).
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut array = NewArray::zeros(py, &[self.inner.len()])?;
        let (inner, sampled) = (&mut self.inner, array.values());
        py.detach(|| inner.sample_actions(sampled))?;
        Ok(array.into_array(py))
    }

    /// The seat to move in each position: an int32 array `[N]`.
    fn current_players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        arrays::array(py, &self.inner.current_players(), &[self.inner.len()])
    }

    /// The position codes, one per position (whole states: `Game.state_from_code` rebuilds
    /// any row).
    fn codes(&self) -> Vec<String> {
        self.inner.codes()
    }

    /// The observations of the games that finished in the last `step`, as they ended (before
    /// their restart): a float32 array `[N, *observation_tensor_shape]`, zeros in the rows
    /// whose game did not finish. `view` as in `observations`, `"mover"` being the seat that
    /// made the game's last move.
    #[pyo3(signature = (view = None))]
    fn final_observations<'py>(
        &self,
        py: Python<'py>,
        view: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let view = self.view_or_absolute(view)?;
        let mut array = self.observation_array(py)?;
        self.inner.final_observations(view, array.values());
        Ok(array.into_array(py))
    }

    /// Starts the games in `rows` (row numbers) again, chance drawn from the vector's
    /// generator; with `until_seat`, the other seats then play as in `step`. A row that does
    /// not exist raises `ValueError` before any restarts.
    #[pyo3(signature = (rows, until_seat = None))]
    fn reset(
        &mut self,
        rows: &Bound<'_, PyAny>,
        until_seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let until = self.until(until_seat)?;
        let mut numbers = Vec::new();
        for row in rows.try_iter()? {
            numbers.push(super::whole(&row?, "a row", u64::MAX)? as usize);
        }
        Ok(self.inner.reset_rows(&numbers, until)?)
    }

    /// A copy of row `row`'s position as a `State` (its history starts there).
    fn state(&self, row: &Bound<'_, PyAny>) -> PyResult<PyState> {
        let row = super::whole(row, "a row", u64::MAX)? as usize;
        Ok(PyState::new(
            PyGame::new(self.game.clone()),
            self.inner.state(row)?,
        ))
    }

    /// Plays `actions[i]` in position `i` (one legal action each, all checked before any is
    /// played), then resolves chance and restarts finished games. Returns `(returns, done)`:
    /// a float64 array `[N, num_players]` holding each finished game's returns (zeros
    /// elsewhere) and a bool array `[N]`, true where a game finished (and restarted). With
    /// `until_seat`, the other seats then play uniformly random legal moves (the vector's
    /// generator) until that seat is to move in every row; a row reports its first finished
    /// game, and a fresh game that ends before that seat moves is started again unreported.
    #[pyo3(signature = (actions, until_seat = None))]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
        until_seat: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let until = self.until(until_seat)?;
        let n = self.inner.len();
        arrays::actions(py, actions, n, &mut self.actions)?;
        let players = self.game.dyn_game().num_players();
        let mut returns = NewArray::<f64>::zeros(py, &[n, players])?;
        let mut done = NewArray::<bool>::zeros(py, &[n])?;
        let (inner, actions) = (&mut self.inner, &self.actions);
        let (rewards, finished) = (returns.values(), done.values());
        py.detach(|| inner.step(actions, until, rewards, finished))?;
        PyTuple::new(py, [returns.into_array(py), done.into_array(py)])
    }
}

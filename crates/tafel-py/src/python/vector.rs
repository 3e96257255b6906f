//! `tafel.Vector`: N positions of one game stepped together, for training loops.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use tafel_core::Player;

use super::{arrays, PyGame, PyState};
use crate::game::AnyGame;
use crate::vector::{AnyVector, View};

/// N positions of one game, always with a player to move: chance is resolved by the vector's
/// seeded generator, and a finished game reports its returns and starts again.
#[pyclass(module = "tafel._tafel", name = "Vector")]
pub struct PyVector {
    game: Arc<dyn AnyGame>,
    inner: Box<dyn AnyVector>,
    /// Room for the observations, kept between calls (a fresh megabyte each call cost more
    /// than filling it).
    observations: Vec<f32>,
    /// Room for the masks, kept between calls.
    mask: Vec<bool>,
    /// Room for the legal-action lists, kept between calls.
    lists: Vec<i64>,
    /// Room for the sampled actions, kept between calls (the arrays handed out are copies).
    sampled: Vec<i64>,
    /// Room for a step's actions, read from the caller's array, kept between calls.
    actions: Vec<i64>,
    /// Room for a step's returns, kept between calls.
    returns: Vec<f64>,
    /// Room for a step's finished flags, kept between calls.
    done: Vec<bool>,
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

    /// An observation-shaped float32 array `[N, *shape]` of `values`.
    fn observation_array<'py>(
        &self,
        py: Python<'py>,
        values: &[f32],
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut shape = self.game.observation_shape();
        shape.insert(0, self.inner.len());
        arrays::array(py, values, &shape)
    }

    /// Wraps `inner`, positions of `game`.
    pub fn new(game: Arc<dyn AnyGame>, inner: Box<dyn AnyVector>) -> Self {
        PyVector {
            game,
            inner,
            observations: Vec::new(),
            mask: Vec::new(),
            lists: Vec::new(),
            sampled: Vec::new(),
            actions: Vec::new(),
            returns: Vec::new(),
            done: Vec::new(),
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
        let size: usize = self.game.observation_shape().iter().product();
        let mut values = std::mem::take(&mut self.observations);
        values.clear();
        values.resize(size * self.inner.len(), 0.0);
        let inner = &self.inner;
        py.detach(|| inner.observations(view, &mut values));
        let array = self.observation_array(py, &values);
        self.observations = values;
        array
    }

    /// Every position's legal actions: a bool array `[N, num_distinct_actions]`.
    fn legal_actions_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let width = self.game.num_actions();
        let n = self.inner.len();
        let (inner, mask) = (&mut self.inner, &mut self.mask);
        mask.clear();
        mask.resize(width * n, false);
        py.detach(|| inner.legal_actions_mask(mask))?;
        arrays::array(py, mask, &[n, width])
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
        let n = self.inner.len();
        let (inner, sampled) = (&mut self.inner, &mut self.sampled);
        sampled.resize(n, 0);
        py.detach(|| inner.sample_actions(sampled))?;
        arrays::array(py, sampled, &[n])
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
        let size: usize = self.game.observation_shape().iter().product();
        let mut values = vec![0.0; size * self.inner.len()];
        self.inner.final_observations(view, &mut values);
        self.observation_array(py, &values)
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
        let (returns, done) = (&mut self.returns, &mut self.done);
        returns.clear();
        returns.resize(n * players, 0.0);
        done.clear();
        done.resize(n, false);
        let (inner, actions) = (&mut self.inner, &self.actions);
        py.detach(|| inner.step(actions, until, returns, done))?;
        PyTuple::new(
            py,
            [
                arrays::array(py, returns, &[n, players])?,
                arrays::array(py, done, &[n])?,
            ],
        )
    }
}

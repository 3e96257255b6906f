//! `tafel.Game`: a game with its settings, shaped like OpenSpiel's `pyspiel.Game`.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use super::chance::ChanceCache;
use super::state::PyState;
use super::vector::PyVector;
use crate::game::AnyGame;

/// A game with its settings: its facts, its start position and positions from codes.
#[pyclass(module = "tafel._tafel", name = "Game", frozen)]
#[derive(Clone)]
pub struct PyGame {
    inner: Arc<dyn AnyGame>,
    chances: Arc<ChanceCache>,
}

impl PyGame {
    /// Wraps `inner`.
    pub fn new(inner: Arc<dyn AnyGame>) -> Self {
        PyGame {
            inner,
            chances: Arc::default(),
        }
    }

    /// The chance distributions its states handed out.
    pub fn chances(&self) -> &ChanceCache {
        &self.chances
    }

    /// The game inside.
    pub fn inner(&self) -> &Arc<dyn AnyGame> {
        &self.inner
    }
}

#[pymethods]
impl PyGame {
    /// The game's name (`"kauri"`), as `tafel.load_game` takes it.
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.dyn_game().info().name
    }

    /// The game's title for people (`"Kauri"`).
    #[getter]
    fn title(&self) -> &'static str {
        self.inner.dyn_game().info().title
    }

    /// One sentence about the game.
    #[getter]
    fn summary(&self) -> &'static str {
        self.inner.dyn_game().info().summary
    }

    /// The settings in force, every one of them, as a dict of strings.
    fn settings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (key, value) in self.inner.dyn_game().settings() {
            dict.set_item(key, value)?;
        }
        Ok(dict)
    }

    /// Every setting the game has, as `tafel games` lists them: a list of dicts with `key`,
    /// `label`, `default`, `choices` (every word allowed, or `None` for free text),
    /// `choices_by` (for words that depend on another setting: `(key, {value: [words]})`, else
    /// `None`), `form` (the described form of free text, else `None`), `help` and
    /// `applies_when` (`(key, value)` under which alone the setting matters, or `None`).
    fn setting_specs<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        use tafel_core::SettingValues;
        let mut specs = Vec::new();
        for spec in self.inner.dyn_game().setting_specs() {
            let (choices, choices_by, form) = match spec.values {
                SettingValues::Choice(words) => (Some(words.to_vec()), None, None),
                SettingValues::ChoiceBy { key, choices } => {
                    let mut words: Vec<&str> = Vec::new();
                    let by = PyDict::new(py);
                    for (value, allowed) in choices {
                        by.set_item(value, allowed.to_vec())?;
                        for word in allowed.iter() {
                            if !words.contains(word) {
                                words.push(word);
                            }
                        }
                    }
                    (Some(words), Some((key, by)), None)
                }
                SettingValues::Text(form) => (None, None, Some(form)),
            };
            let dict = PyDict::new(py);
            dict.set_item("key", spec.key)?;
            dict.set_item("label", spec.label)?;
            dict.set_item("default", spec.default)?;
            dict.set_item("choices", choices)?;
            dict.set_item("choices_by", choices_by)?;
            dict.set_item("form", form)?;
            dict.set_item("help", spec.help)?;
            dict.set_item("applies_when", spec.applies_when)?;
            specs.push(dict);
        }
        Ok(specs)
    }

    /// The number of seats.
    fn num_players(&self) -> usize {
        self.inner.dyn_game().num_players()
    }

    /// The name of seat `player` ("White", "first player").
    fn player_name(&self, player: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        let player = super::whole(player, "player", self.num_players() as u64 - 1)?;
        Ok(self
            .inner
            .dyn_game()
            .player_name(tafel_core::Player(player as u8)))
    }

    /// How many player action numbers there are (`0..num_distinct_actions()`).
    fn num_distinct_actions(&self) -> usize {
        self.inner.num_actions()
    }

    /// How many chance outcome numbers there are (0 for games without chance).
    fn max_chance_outcomes(&self) -> usize {
        self.inner.num_chance_outcomes()
    }

    /// The most player moves (chance outcomes not counted) a game can last.
    fn max_game_length(&self) -> Option<u64> {
        self.inner.dyn_game().max_plies()
    }

    /// The shape of `State.observation_tensor()`.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.inner.observation_shape()
    }

    /// The number of values in `State.observation_tensor()`.
    fn observation_tensor_size(&self) -> usize {
        self.inner.observation_shape().iter().product()
    }

    /// Smallest and largest return: -1 and 1.
    fn min_utility(&self) -> f64 {
        -1.0
    }

    /// Largest return: 1 (a win).
    fn max_utility(&self) -> f64 {
        1.0
    }

    /// The start position.
    fn new_initial_state(&self) -> PyState {
        PyState::new(self.clone(), self.inner.new_initial_state())
    }

    /// The position with `code` (as `tafel` prints and reads position codes).
    fn state_from_code(&self, code: &str) -> PyResult<PyState> {
        Ok(PyState::new(
            self.clone(),
            self.inner.state_from_code(code)?,
        ))
    }

    /// `n` start positions played together (see `Vector`), chance resolved by a generator
    /// seeded with `seed`.
    #[pyo3(signature = (n, seed=None))]
    fn vector(
        &self,
        py: Python<'_>,
        n: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyVector> {
        let n = super::whole(n, "n", crate::game::MAX_VECTOR_STATES as u64)? as usize;
        let seed = super::optional_whole(seed, "seed", u64::MAX)?.unwrap_or(0);
        let vector = py.detach(|| self.inner.new_vector(n, seed))?;
        Ok(PyVector::new(self.inner.clone(), vector))
    }

    /// The call that loads this game: `tafel.load_game("kauri", tiebreak="new", ...)`.
    fn __repr__(&self) -> String {
        let settings: Vec<String> = self
            .inner
            .dyn_game()
            .settings()
            .into_iter()
            .map(|(key, value)| format!("{key}={value:?}"))
            .collect();
        format!(
            "tafel.load_game({:?}, {})",
            self.name(),
            settings.join(", ")
        )
    }

    /// Whether `other` is the same game with the same settings.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyGame>().is_ok_and(|other| {
            let other = other.get();
            other.name() == self.name()
                && other.inner.dyn_game().settings() == self.inner.dyn_game().settings()
        })
    }

    /// A hash of the name and the settings, consistent with `==`.
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.name().hash(&mut hasher);
        self.inner.dyn_game().settings().hash(&mut hasher);
        hasher.finish()
    }

    /// Pickling: the game is loaded again by name and settings.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let load = py
            .import("tafel._tafel")?
            .getattr("_load_game_from_settings")?;
        let args = PyTuple::new(
            py,
            [
                self.name().into_pyobject(py)?.into_any(),
                self.settings(py)?.into_any(),
            ],
        )?;
        Ok((load, args))
    }
}

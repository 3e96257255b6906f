//! The extension module `tafel._tafel`: the classes and functions the pure-Python package
//! `tafel` re-exports. Every error reaches Python as `ValueError` or `TypeError`.

mod arrays;
mod chance;
mod game;
mod state;
mod vector;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::vector::View;
use crate::Error;
use tafel_core::Player;

pub use game::PyGame;
pub use state::PyState;
pub use vector::PyVector;

impl From<Error> for PyErr {
    fn from(error: Error) -> PyErr {
        match error {
            Error::Value(message) => PyValueError::new_err(message),
        }
    }
}

/// An int from a Python object (or numpy integer), called `what` in errors: `TypeError` for
/// anything else (bools included), `ValueError` for an int beyond 64 bits.
fn int_of(object: &Bound<'_, PyAny>, what: &str) -> PyResult<i64> {
    if object.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what} is an int, not a bool"
        )));
    }
    match object.extract::<i64>() {
        Ok(value) => Ok(value),
        Err(_) if object.is_instance_of::<pyo3::types::PyInt>() => Err(PyValueError::new_err(
            format!("{what} {object} is out of range"),
        )),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} is an int, not {}",
            object.get_type().name()?
        ))),
    }
}

/// An action number from a Python object (see [`int_of`]).
fn action_of(object: &Bound<'_, PyAny>) -> PyResult<i64> {
    int_of(object, "an action")
}

/// A whole number from 0 to `max` from a Python object, called `what` in errors: `TypeError`
/// for a non-int, `ValueError` out of range.
fn whole(object: &Bound<'_, PyAny>, what: &str, max: u64) -> PyResult<u64> {
    if object.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what} is an int, not a bool"
        )));
    }
    match object.extract::<u64>() {
        Ok(value) if value <= max => Ok(value),
        Err(_) if !object.is_instance_of::<pyo3::types::PyInt>() => Err(PyTypeError::new_err(
            format!("{what} is an int, not {}", object.get_type().name()?),
        )),
        _ => Err(PyValueError::new_err(format!(
            "{what} must be from 0 to {max}, not {object}"
        ))),
    }
}

/// A seat of a game of `players` seats from a Python int, called `what` in errors.
fn seat_of(object: &Bound<'_, PyAny>, what: &str, players: usize) -> PyResult<Player> {
    Ok(Player(whole(object, what, players as u64 - 1)? as u8))
}

/// A view of the observations from Python: `"absolute"`, `"mover"` or a seat number of a
/// game of `players` seats.
fn view_of(view: &Bound<'_, PyAny>, players: usize) -> PyResult<View> {
    if let Ok(word) = view.cast::<pyo3::types::PyString>() {
        return match word.to_str()? {
            "absolute" => Ok(View::Absolute),
            "mover" => Ok(View::Mover),
            other => Err(PyValueError::new_err(format!(
                "view is \"absolute\", \"mover\" or a seat number, not {other:?}"
            ))),
        };
    }
    Ok(View::Seat(seat_of(view, "view (a seat)", players)?))
}

/// [`whole`] for an optional argument (`None` stays `None`).
fn optional_whole(
    object: Option<&Bound<'_, PyAny>>,
    what: &str,
    max: u64,
) -> PyResult<Option<u64>> {
    object.map(|object| whole(object, what, max)).transpose()
}

/// The names of every game, in the order listings show them.
#[pyfunction]
fn games() -> Vec<&'static str> {
    crate::game::game_names()
}

/// The game `name` with its settings as keyword arguments (`load_game("kauri",
/// tiebreak="old")`); unknown games and settings are refused with the command line's messages.
#[pyfunction]
#[pyo3(signature = (name, **settings))]
fn load_game(name: &str, settings: Option<&Bound<'_, PyDict>>) -> PyResult<PyGame> {
    let mut pairs = Vec::new();
    if let Some(settings) = settings {
        for (key, value) in settings.iter() {
            let key: String = key.extract()?;
            let value = if value.is_instance_of::<pyo3::types::PyBool>() {
                value.extract::<bool>()?.to_string()
            } else {
                value.str()?.to_string()
            };
            pairs.push((key, value));
        }
    }
    Ok(PyGame::new(crate::game::load_game(name, &pairs)?))
}

/// `load_game(name, **settings)` with the settings as a dict (what unpickling calls).
#[pyfunction]
fn _load_game_from_settings(name: &str, settings: &Bound<'_, PyDict>) -> PyResult<PyGame> {
    load_game(name, Some(settings))
}

/// The best move of `state` by Tafel's players: a dict with `action`, `move` (in notation),
/// `win` and `draw` (the mover's chances, 0 to 1, as `tafel hint` shows them), `exact` and
/// `effort`. `level=None` runs the game's analysis search with its solvers asked first
/// (`tafel.ai.best_move` gives `level` its default, 5).
#[pyfunction]
#[pyo3(signature = (state, level, nodes=None, time_ms=None, seed=None))]
fn best_move<'py>(
    py: Python<'py>,
    state: &PyState,
    level: &Bound<'py, PyAny>,
    nodes: Option<&Bound<'py, PyAny>>,
    time_ms: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let search = crate::ai::Search {
        level: optional_whole(
            Some(level).filter(|l| !l.is_none()),
            "level",
            u64::from(u32::MAX),
        )?
        .map(|l| l as u32),
        nodes: optional_whole(nodes, "nodes", u64::MAX)?,
        time: optional_whole(time_ms, "time_ms", u64::MAX)?.map(std::time::Duration::from_millis),
        seed: optional_whole(seed, "seed", u64::MAX)?.unwrap_or(1),
    };
    let (game, position) = state.parts();
    let found = py.detach(|| crate::ai::best_move(game, position, search))?;
    let answer = PyDict::new(py);
    answer.set_item("action", found.action)?;
    answer.set_item("move", found.text)?;
    answer.set_item("win", found.win)?;
    answer.set_item("draw", found.draw)?;
    answer.set_item("exact", found.exact)?;
    answer.set_item("effort", found.effort)?;
    Ok(answer)
}

/// The rules of game `name` in Markdown, for a player: the summary and the rules, without the
/// diagram blocks and without the notes after the document's `---` (sources, our decisions,
/// notes for developers). `notes=True` gives the whole document, as the server shows it at
/// `/rules/{name}`.
#[pyfunction]
#[pyo3(signature = (name, notes=false))]
fn rules(name: &str, notes: bool) -> PyResult<String> {
    let text = if notes {
        crate::text::rules(name).map(str::to_string)
    } else {
        crate::text::player_rules(name)
    };
    text.ok_or_else(|| {
        PyValueError::new_err(format!(
            "no game is called `{name}`; the games are {}",
            crate::game::game_names().join(", ")
        ))
    })
}

/// The extension module.
#[pymodule]
fn _tafel(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PyGame>()?;
    module.add_class::<PyState>()?;
    module.add_class::<PyVector>()?;
    module.add_function(wrap_pyfunction!(games, module)?)?;
    module.add_function(wrap_pyfunction!(load_game, module)?)?;
    module.add_function(wrap_pyfunction!(best_move, module)?)?;
    module.add_function(wrap_pyfunction!(rules, module)?)?;
    module.add_function(wrap_pyfunction!(_load_game_from_settings, module)?)?;
    module.add_function(wrap_pyfunction!(state::restore_state, module)?)?;
    module.add("CHANCE_PLAYER", crate::state::CHANCE_PLAYER)?;
    module.add("TERMINAL_PLAYER", crate::state::TERMINAL_PLAYER)?;
    Ok(())
}

//! The chance distributions a game hands out, kept as Python tuples: a die's six outcomes, or
//! EinStein's 720 start arrangements, come back at every roll, and building 720 Python tuples
//! each time cost more than the rest of a ply.

use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// How many distinct distributions a game keeps.
const KEPT: usize = 8;

/// A chance distribution: each outcome's number and probability.
type Distribution = Vec<(u32, f64)>;

/// Recent chance distributions of one game and their (immutable, so shareable) Python tuples.
#[derive(Default)]
pub struct ChanceCache(Mutex<Vec<(Distribution, Py<PyTuple>)>>);

impl ChanceCache {
    /// `outcomes` as a tuple of `(outcome, probability)` tuples: the kept one when the same
    /// distribution was handed out before.
    pub fn tuple<'py>(
        &self,
        py: Python<'py>,
        outcomes: Distribution,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let mut kept = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((_, tuple)) = kept.iter().find(|(known, _)| *known == outcomes) {
            return Ok(tuple.bind(py).clone());
        }
        let tuple = PyTuple::new(py, &outcomes)?;
        if kept.len() == KEPT {
            kept.remove(0);
        }
        kept.push((outcomes, tuple.clone().unbind()));
        Ok(tuple)
    }
}

//! numpy arrays across the boundary through the buffer protocol (in the limited API since
//! Python 3.11): the extension needs no numpy headers and stays abi3.

use std::borrow::Cow;

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyModule;

/// numpy, imported once (an import per call had cost more than a whole step of 1,024 states).
static NUMPY: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// The numpy module.
fn numpy(py: Python<'_>) -> PyResult<&Bound<'_, PyModule>> {
    NUMPY
        .get_or_try_init(py, || py.import("numpy").map(Bound::unbind))
        .map(|module| module.bind(py))
}

/// A value that goes into a numpy array by one copy into the array's buffer.
pub trait Element: Copy {
    /// numpy's name of the array's dtype.
    const DTYPE: &'static str;
    /// How the buffer holds it (a bool as a byte).
    type Stored: pyo3::buffer::Element;
    /// `values` as the buffer holds them.
    fn stored(values: &[Self]) -> Cow<'_, [Self::Stored]>;
}

macro_rules! numeric_elements {
    ($($type:ty => $dtype:literal),* $(,)?) => {
        $(
            impl Element for $type {
                const DTYPE: &'static str = $dtype;
                type Stored = $type;
                fn stored(values: &[Self]) -> Cow<'_, [Self::Stored]> {
                    Cow::Borrowed(values)
                }
            }
        )*
    };
}

numeric_elements!(f32 => "float32", f64 => "float64", i32 => "int32", i64 => "int64");

impl Element for bool {
    const DTYPE: &'static str = "bool";
    type Stored = u8;
    fn stored(values: &[Self]) -> Cow<'_, [u8]> {
        Cow::Borrowed(bytemuck::cast_slice(values))
    }
}

/// A new numpy array of `shape` holding `values` (copied once, into its buffer).
pub fn array<'py, T: Element>(
    py: Python<'py>,
    values: &[T],
    shape: Vec<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let numpy = numpy(py)?;
    let stored = T::stored(values);
    let bytes_dtype = if T::DTYPE == "bool" {
        "uint8"
    } else {
        T::DTYPE
    };
    let array = numpy.call_method1("empty", (shape, bytes_dtype))?;
    let buffer = PyBuffer::<T::Stored>::get(&array)?;
    buffer.copy_from_slice(py, &stored)?;
    drop(buffer);
    if T::DTYPE == "bool" {
        array.call_method1("view", ("bool",))
    } else {
        Ok(array)
    }
}

/// One action per position from `actions` (a sequence or array of `len` integers): `TypeError`
/// for non-integers, `ValueError` for the wrong shape.
pub fn actions(py: Python<'_>, actions: &Bound<'_, PyAny>, len: usize) -> PyResult<Vec<i64>> {
    // An int64 array of the right shape (what `Vector.sample_actions` and numpy's argmax
    // give) is read straight from its buffer: numpy's conversions below cost several
    // microseconds a call, as much as stepping a thousand Black Path positions.
    if let Ok(buffer) = PyBuffer::<i64>::get(actions) {
        if buffer.shape() == [len] {
            return buffer.to_vec(py);
        }
    }
    let numpy = numpy(py)?;
    let array = numpy.call_method1("asarray", (actions,))?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    let shape: Vec<usize> = array.getattr("shape")?.extract()?;
    if shape != [len] {
        return Err(PyValueError::new_err(format!(
            "expected one action per state, an array of shape ({len},), not {shape:?}"
        )));
    }
    if kind != "i" && kind != "u" {
        return Err(PyTypeError::new_err(format!(
            "actions must be integers, not an array of dtype {}",
            array.getattr("dtype")?.str()?
        )));
    }
    let converted = numpy.call_method1("ascontiguousarray", (array, "int64"))?;
    PyBuffer::<i64>::get(&converted)?.to_vec(py)
}

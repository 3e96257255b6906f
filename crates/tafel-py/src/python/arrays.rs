//! numpy arrays across the boundary, through bytes: the extension needs no numpy headers and
//! stays abi3.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};

/// A writable numpy array of `dtype` with `shape`, filled from `bytes` (native byte order).
fn array<'py>(
    py: Python<'py>,
    bytes: &[u8],
    dtype: &str,
    shape: Vec<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy")?;
    let buffer = PyByteArray::new(py, bytes);
    numpy
        .call_method1("frombuffer", (buffer, dtype))?
        .call_method1("reshape", (shape,))
}

/// A float32 array of `shape` holding `values`.
pub fn float32<'py>(
    py: Python<'py>,
    values: &[f32],
    shape: Vec<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
    array(py, &bytes, "float32", shape)
}

/// A float64 array of `shape` holding `values`.
pub fn float64<'py>(
    py: Python<'py>,
    values: &[f64],
    shape: Vec<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
    array(py, &bytes, "float64", shape)
}

/// An int32 array of `shape` holding `values`.
pub fn int32<'py>(
    py: Python<'py>,
    values: &[i32],
    shape: Vec<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
    array(py, &bytes, "int32", shape)
}

/// A bool array of `shape` holding `values`.
pub fn boolean<'py>(
    py: Python<'py>,
    values: &[bool],
    shape: Vec<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = values.iter().map(|&v| u8::from(v)).collect();
    array(py, &bytes, "bool", shape)
}

/// One action per position from `actions` (a sequence or array of `len` integers): `TypeError`
/// for non-integers, `ValueError` for the wrong shape.
pub fn actions(py: Python<'_>, actions: &Bound<'_, PyAny>, len: usize) -> PyResult<Vec<i64>> {
    let numpy = py.import("numpy")?;
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
    let converted = array.call_method1("astype", ("int64",))?;
    let bytes = converted.call_method0("tobytes")?;
    let bytes = bytes.cast::<PyBytes>()?.as_bytes();
    Ok(bytes
        .chunks_exact(8)
        .map(|chunk| i64::from_ne_bytes(chunk.try_into().expect("8-byte chunks")))
        .collect())
}

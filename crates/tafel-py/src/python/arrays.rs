//! numpy arrays across the boundary through the buffer protocol (in the limited API since
//! Python 3.11): the extension needs no numpy headers and stays abi3.

use std::marker::PhantomData;

use pyo3::buffer::{PyBuffer, PyUntypedBuffer};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyModule, PyTuple};

/// numpy, imported once (an import per call had cost more than a whole step of 1,024 states).
static NUMPY: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// The numpy module.
fn numpy(py: Python<'_>) -> PyResult<&Bound<'_, PyModule>> {
    NUMPY
        .get_or_try_init(py, || py.import("numpy").map(Bound::unbind))
        .map(|module| module.bind(py))
}

/// numpy's `empty`, looked up once (an attribute look-up and a dtype parsed from its name had
/// been a fifth of the Python side of a batched step).
static EMPTY: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// numpy's `zeros`, looked up once.
static ZEROS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A value that goes into a numpy array by one copy of its bytes into the array's buffer, or
/// is written there in place ([`NewArray`]): every byte pattern of its size, zeros included, is
/// one of its values (bool: numpy's are 0 or 1, and [`NewArray`] writes only `bool`s).
pub trait Element: bytemuck::NoUninit + bytemuck::Zeroable {
    /// numpy's name of the array's dtype.
    const DTYPE: &'static str;
    /// The dtype object, made once.
    fn dtype(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>>;
}

macro_rules! elements {
    ($($type:ty => $dtype:literal),* $(,)?) => {
        $(
            impl Element for $type {
                const DTYPE: &'static str = $dtype;
                fn dtype(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>> {
                    static DTYPE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
                    DTYPE
                        .get_or_try_init(py, || {
                            Ok::<_, PyErr>(numpy(py)?.getattr("dtype")?.call1(($dtype,))?.unbind())
                        })
                        .map(|dtype| dtype.bind(py))
                }
            }
        )*
    };
}

elements!(f32 => "float32", f64 => "float64", i32 => "int32", i64 => "int64", bool => "bool");

/// A new numpy array of `shape` holding `values` (copied once, into its buffer): the caller
/// owns it, nothing else refers to its memory.
pub fn array<'py, T: Element>(
    py: Python<'py>,
    values: &[T],
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let empty = EMPTY
        .get_or_try_init(py, || Ok::<_, PyErr>(numpy(py)?.getattr("empty")?.unbind()))?
        .bind(py);
    let array = empty.call1((PyTuple::new(py, shape)?, T::dtype(py)?))?;
    let bytes: &[u8] = bytemuck::cast_slice(values);
    let buffer = PyUntypedBuffer::get(&array)?;
    if buffer.readonly() || !buffer.is_c_contiguous() || buffer.len_bytes() != bytes.len() {
        return Err(PyValueError::new_err(format!(
            "numpy.empty gave no writable contiguous buffer of {} bytes for a {} array",
            bytes.len(),
            T::DTYPE
        )));
    }
    // SAFETY: the buffer is writable, contiguous and exactly `bytes.len()` bytes long (checked
    // just now), held while we write, and of an array made here that no one else can see; every
    // byte pattern copied is a valid element of the dtype, the values being of that type.
    unsafe {
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), buffer.buf_ptr().cast::<u8>(), bytes.len());
    }
    buffer.release(py);
    Ok(array)
}

/// A new numpy array, all zeros, whose elements Rust writes in place, straight into its
/// buffer ([`NewArray::values`], which needs no GIL): no values built in a vector of ours and
/// copied over (for a step of 1,024 rows the copies of its actions, returns and flags had been
/// a twentieth of Kauri's step from Python). The caller gets the array by
/// [`NewArray::into_array`]; until then no one else can see it.
pub struct NewArray<'py, T: Element> {
    array: Bound<'py, PyAny>,
    buffer: PyUntypedBuffer,
    len: usize,
    marker: PhantomData<T>,
}

impl<'py, T: Element> NewArray<'py, T> {
    /// `numpy.zeros(shape, dtype)`, its buffer held for writing.
    pub fn zeros(py: Python<'py>, shape: &[usize]) -> PyResult<Self> {
        let zeros = ZEROS
            .get_or_try_init(py, || Ok::<_, PyErr>(numpy(py)?.getattr("zeros")?.unbind()))?
            .bind(py);
        let array = zeros.call1((PyTuple::new(py, shape)?, T::dtype(py)?))?;
        let len: usize = shape.iter().product();
        let buffer = PyUntypedBuffer::get(&array)?;
        let aligned = (buffer.buf_ptr() as usize).is_multiple_of(std::mem::align_of::<T>());
        if buffer.readonly()
            || !buffer.is_c_contiguous()
            || !aligned
            || buffer.len_bytes() != len * std::mem::size_of::<T>()
        {
            return Err(PyValueError::new_err(format!(
                "numpy.zeros gave no writable, aligned, contiguous buffer of {len} {} values",
                T::DTYPE
            )));
        }
        Ok(NewArray {
            array,
            buffer,
            len,
            marker: PhantomData,
        })
    }

    /// The array's elements, to write (zeros until written).
    pub fn values(&mut self) -> &mut [T] {
        // SAFETY: the buffer is writable, contiguous, aligned for `T` and `len` elements long
        // (checked when it was got), holds zeros or values written here (all valid `T`s), and
        // stays held, with the array alive, as long as `self`; the array was made here and no
        // one else can see it until `into_array`, so nothing else reads or writes it meanwhile,
        // and `&mut self` makes this slice the only one.
        unsafe { std::slice::from_raw_parts_mut(self.buffer.buf_ptr().cast::<T>(), self.len) }
    }

    /// The array, its buffer released: the caller's.
    pub fn into_array(self, py: Python<'py>) -> Bound<'py, PyAny> {
        self.buffer.release(py);
        self.array
    }
}

/// One action per position from `actions` (a sequence or array of `len` integers) into `out`
/// (a buffer kept between calls): `TypeError` for non-integers, `ValueError` for the wrong
/// shape.
pub fn actions(
    py: Python<'_>,
    actions: &Bound<'_, PyAny>,
    len: usize,
    out: &mut Vec<i64>,
) -> PyResult<()> {
    out.clear();
    out.resize(len, 0);
    // An int64 array of the right shape (what `Vector.sample_actions` and numpy's argmax
    // give) is read straight from its buffer: numpy's conversions below cost several
    // microseconds a call, as much as stepping a thousand Black Path positions.
    if let Ok(buffer) = PyBuffer::<i64>::get(actions) {
        if buffer.shape() == [len] {
            return buffer.copy_to_slice(py, out);
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
    PyBuffer::<i64>::get(&converted)?.copy_to_slice(py, out)
}

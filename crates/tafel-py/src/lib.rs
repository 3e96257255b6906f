//! Tafel for Python: every game behind an API shaped like OpenSpiel's, in integers and arrays.
//!
//! The Rust side, usable and tested without Python: [`encoding`] gives each game its action
//! numbers and observation tensor, [`game`], [`state`] and [`vector`] put any game behind trait
//! objects that speak in those integers. With the `python` feature (which maturin turns on, see
//! `pyproject.toml`), `python` makes them the extension module `tafel._tafel`; the pure-Python
//! rest of the package (`python/tafel/`) adds OpenSpiel, PettingZoo and text for language
//! models. `docs/python.md` is the user's guide.

pub mod ai;
pub mod encoding;
pub mod game;
#[cfg(feature = "python")]
mod python;
pub mod state;
pub mod text;
pub mod vector;

use std::fmt;

/// Why a call was refused; Python sees a `ValueError` with the message.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Error {
    /// A value of the right type that is wrong here (an illegal action, a malformed code).
    Value(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Value(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {}

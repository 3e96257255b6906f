//! Exact solvers and perfect players for the games small enough to solve. What they lend the
//! strength levels (perfect play, exact knowledge) each game's [`crate::GameAi`] says.
//!
//! - [`black_path`]: the domino strategy of *Winning Ways* and an exact search for the boards and
//!   positions it does not cover;
//! - [`carreaux`]: the whole game tree under the literal rules (a few thousand positions);
//! - [`karls_race`]: the strong solution of two-player Karl's Race, a table of exact win
//!   probabilities mapped into memory;
//! - [`kauri`]: Kauri's old tie-break phase (cowries only), solved by retrograde analysis;
//! - [`progress`]: how the long solves report their progress ([`Progress`]).

pub mod black_path;
pub mod carreaux;
pub mod karls_race;
pub mod kauri;
pub mod progress;

pub use progress::{NoProgress, Progress};

//! Karl's Race (two players), strongly solved: the exact probability that the side to move
//! wins, before its die is rolled and with perfect play by both sides, for every position
//! with 1 to 6 stones a side.
//!
//! - [`position`]: positions from the mover's side; the half-turn colour-swap symmetry maps
//!   Black to move onto White to move, so one value serves both.
//! - [`index`]: a perfect combinatorial index, so the values live in one flat array
//!   (577,064,885 slots for six stones a side: 2.3 GB).
//! - [`solver`]: retrograde solution level by level (the game graph is acyclic), in parallel,
//!   in exact fixed-point arithmetic.
//! - [`table`]: the file format (header, then one `u32` per slot) and its memory map.
//! - [`query`]: the probability of a game state and the best step for a rolled die.
//! - [`agent`]: [`PerfectAgent`], perfect play from the table.
//! - [`against_random`]: [`AgainstRandom`], the exact winning probabilities against a
//!   uniformly random opponent, of the best response to it and of the perfect player.
//!
//! The table covers every position with at most six stones a side, whatever the start set,
//! so one file serves all three start sets and both choices of who moves first. Its default
//! place is [`default_path`]: `karls-race.tafeltable` in the directory named by the
//! `TAFEL_DATA` environment variable, or in the current directory when it is not set.

pub mod against_random;
pub mod agent;
pub mod index;
pub mod position;
pub mod query;
pub mod solver;
pub mod table;

#[cfg(test)]
mod tests;

use std::path::PathBuf;

use super::Progress;

pub use against_random::AgainstRandom;
pub use agent::{PerfectAgent, TableOracle};
pub use index::{Index, MAX_STONES};
pub use position::{Canonical, Geometry};
pub use table::{Header, Table, TableError};

/// The table's file name.
pub const FILE_NAME: &str = "karls-race.tafeltable";

/// The environment variable naming the directory of solved tables.
pub const DATA_DIR_VAR: &str = "TAFEL_DATA";

/// Where the table is looked for and written by default: [`FILE_NAME`] in `$TAFEL_DATA`, or
/// in the current directory.
pub fn default_path() -> PathBuf {
    std::env::var_os(DATA_DIR_VAR)
        .map(PathBuf::from)
        .unwrap_or_default()
        .join(FILE_NAME)
}

/// Solves every position with 1 to `max_stones` stones a side (6 for the whole game) and
/// returns the table; `origin` names what it was solved for (a start set or a position code)
/// in the header. `progress` is told the number of positions and advances per position.
pub fn solve(
    max_stones: usize,
    origin: &str,
    progress: &dyn Progress,
) -> Result<Table, TableError> {
    let mut table = Table::blank(Header {
        max_stones: max_stones.clamp(1, MAX_STONES),
        origin: origin.to_string(),
    })?;
    let (geometry, index) = (table.geometry().clone(), table.index().clone());
    progress.start(index.len());
    let cells = table.cells().expect("a blank table is in memory");
    solver::solve(&geometry, &index, cells, progress);
    Ok(table)
}

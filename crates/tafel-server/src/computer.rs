//! The computer's moves for computer seats.
//!
//! Level 1 plays uniformly random legal moves. Stronger levels come from `tafel-ai` once its
//! strength levels are wired in here; until then 1 is the only level offered.

use rand::seq::IndexedRandom;
use tafel_core::{DynGame, DynPosition};

/// The strongest level a computer seat may have.
pub const MAX_LEVEL: u8 = 1;

/// The move the computer plays at `level` in `position` (which must not be over).
pub fn choose(_game: &dyn DynGame, position: &dyn DynPosition, _level: u8) -> String {
    position
        .legal_moves()
        .choose(&mut rand::rng())
        .cloned()
        .expect("the computer moves only when it is to move")
}

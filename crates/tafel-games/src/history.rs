//! The positions a game has passed through, for repetition rules (Quarx forbids a move that
//! repeats a position; Carreaux's `rule=free` variant forbids recreating one). Kauri, whose
//! playouts check repetition on every ply, keeps its own filtered list in `kauri::repetition`.

/// Hashes of the positions seen since the last irreversible move. Games clear it after a move
/// that can never be undone (a capture, a man's step), since no earlier position can recur.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct History(Vec<u64>);

impl History {
    /// Whether a position with this hash was seen.
    pub fn contains(&self, hash: u64) -> bool {
        self.0.contains(&hash)
    }

    /// Records a position.
    pub fn push(&mut self, hash: u64) {
        self.0.push(hash);
    }

    /// Forgets every position (after an irreversible move).
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Whether no position is remembered.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many positions are remembered.
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

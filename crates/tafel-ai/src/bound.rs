//! What a transposition-table value means, shared by the alpha-beta and expectimax searches:
//! an exact value, or a bound left by a cut-off, and when a stored value answers a window.

/// What a table entry's value is: exact, or a bound from a cut-off.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The value lies strictly inside the window it was searched with: it is exact.
    Exact,
    /// The search failed high (value ≥ beta): the true value is at least this.
    Lower,
    /// The search failed low (value ≤ alpha): the true value is at most this.
    Upper,
}

impl Bound {
    /// The kind of value a search of the window `alpha..beta` returned.
    pub(crate) fn of<V: PartialOrd>(value: V, alpha: V, beta: V) -> Bound {
        if value <= alpha {
            Bound::Upper
        } else if value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }

    /// Whether a stored `value` of this kind settles a search of the window `alpha..beta`.
    pub(crate) fn answers<V: PartialOrd>(self, value: V, alpha: V, beta: V) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => value >= beta,
            Bound::Upper => value <= alpha,
        }
    }
}

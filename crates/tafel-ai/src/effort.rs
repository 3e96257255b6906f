//! What a search did to find its move, by kind with its numbers (a [`Reason`]: its code is
//! the kind, its parameters the numbers), so that an interface words it in its reader's
//! language; `Display` gives the English ("alpha-beta, depth 9, 40000 nodes").

use tafel_core::{reason, Reason};

/// Alpha-beta to `depth` plies over `nodes` nodes.
pub fn alpha_beta(depth: u32, nodes: u64) -> Reason {
    reason!(
        "effort-alpha-beta",
        "alpha-beta, depth {depth}, {nodes} nodes",
        depth,
        nodes
    )
}

/// Expectimax to `depth` plies over `nodes` nodes.
pub fn expectimax(depth: u32, nodes: u64) -> Reason {
    reason!(
        "effort-expectimax",
        "expectimax, depth {depth}, {nodes} nodes",
        depth,
        nodes
    )
}

/// MCTS with `iterations` visits of the root.
pub fn mcts(iterations: u64) -> Reason {
    reason!(
        "effort-mcts",
        "MCTS, {iterations} iterations in the root",
        iterations
    )
}

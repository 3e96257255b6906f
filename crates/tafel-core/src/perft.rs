//! Perft: counting the distinct legal move sequences of a given length, for any game.
//!
//! As in chess, perft(d) counts sequences of exactly `d` plies: a terminal position at depth
//! `d` is a leaf, a terminal position reached earlier contributes nothing. A chance outcome and
//! the move that follows it form one ply, so chance positions are expanded without using up
//! depth, and a move allowed by several outcomes is counted under each.

use crate::game::Game;
use crate::outcome::Status;

/// perft(`depth`) from `state`.
///
/// ```
/// use tafel_core::perft::perft;
/// use tafel_core::Game;
/// use tafel_testkit::games::DiceRace;
///
/// // A die with three faces, then a choice of two moves: one ply is six sequences.
/// assert_eq!(perft(&DiceRace, &DiceRace.start(), 1), 6);
/// assert_eq!(perft(&DiceRace, &DiceRace.start(), 2), 36);
/// ```
pub fn perft<G: Game>(game: &G, state: &G::State, depth: u32) -> u64 {
    let mut buffers = move_buffers::<G>(depth);
    count(game, state, depth, &mut buffers)
}

/// perft(`depth`) split by first ply: each first ply in notation (chance outcomes first,
/// separated by spaces) with the perft(`depth` - 1) below it. `depth` must be at least 1.
pub fn perft_divide<G: Game>(game: &G, state: &G::State, depth: u32) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    let mut buffers = move_buffers::<G>(depth);
    divide_into(
        game,
        state,
        depth.max(1),
        String::new(),
        &mut buffers,
        &mut out,
    );
    out
}

/// One reusable move buffer per recursion level (a chance position and a decision position
/// each take a level), so that counting allocates nothing per node.
fn move_buffers<G: Game>(depth: u32) -> Vec<Vec<G::Move>> {
    (0..2 * depth as usize + 2)
        .map(|_| Vec::with_capacity(64))
        .collect()
}

fn count<G: Game>(game: &G, state: &G::State, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buffer, deeper) = buffers
        .split_first_mut()
        .expect("perft buffers cover every level");
    let decision = match game.status(state) {
        Status::Over(_) => return 0,
        Status::Chance => false,
        Status::ToMove(_) => true,
    };
    game.legal_moves(state, buffer);
    if decision && depth == 1 {
        return buffer.len() as u64;
    }
    let child_depth = if decision { depth - 1 } else { depth };
    let mut total = 0;
    for &mv in buffer.iter() {
        let mut child = state.clone();
        game.apply(&mut child, mv);
        total += count(game, &child, child_depth, deeper);
    }
    total
}

fn divide_into<G: Game>(
    game: &G,
    state: &G::State,
    depth: u32,
    prefix: String,
    buffers: &mut [Vec<G::Move>],
    out: &mut Vec<(String, u64)>,
) {
    let decision = match game.status(state) {
        Status::Over(_) => return,
        Status::Chance => false,
        Status::ToMove(_) => true,
    };
    let moves = {
        let mut moves = Vec::new();
        game.legal_moves(state, &mut moves);
        moves
    };
    for mv in moves {
        let text = format!("{prefix}{}", game.format_move(state, mv));
        let child = {
            let mut child = state.clone();
            game.apply(&mut child, mv);
            child
        };
        if decision {
            out.push((text, count(game, &child, depth - 1, buffers)));
        } else {
            divide_into(game, &child, depth, format!("{text} "), buffers, out);
        }
    }
}

//! Quarx. Cells are numbered as the engine numbers them (0..128, see
//! [`tafel_games::quarx::board::coords`]). A move is one action however many jumps it makes:
//! `(from * 128 + to) * QUARX_SAME_ENDS + k`, where `k` tells apart captures with the same start
//! and end but different captured pieces: `k` is the rank of the move's captured set among the
//! legal moves from `from` to `to`, the sets compared as 128-bit numbers (bit `c` for cell
//! `c`). A step or slide has `k = 0`, and so has nearly every capture of random games; a
//! position with more than [`QUARX_SAME_ENDS`] captures between the same cells is refused
//! (random games met the first after 37.1 million plies: `docs/python.md`).
//!
//! Observation `[11, 4, 4, 4, 4]` indexed by the coordinates `[x, y, a, b]` (0-based, the
//! notation's digits minus one): planes White men, White kings, Black men, Black kings, White
//! to move, Black to move (unplayable cells stay 0 in the piece planes), then the history
//! part that makes it a whole state ([`super::write_history`]): the plies against the ply
//! limit and four planes of the fingerprint of the positions the repetition ban remembers.

use tafel_core::{Game, Status};
use tafel_games::quarx::board::{coords, CELLS};
use tafel_games::quarx::{Move, Quarx, State};

use super::{write_history, Encoded, SeatBlocks, HISTORY_PLANES};

/// How many moves with the same start and end cells the action map tells apart.
pub const QUARX_SAME_ENDS: usize = 4;

/// Cells of the 4 x 4 x 4 x 4 grid, playable or not: the area of an observation plane.
const GRID: usize = 256;

/// The plane index of `cell`.
fn grid_index(cell: u8) -> usize {
    let [x, y, a, b] = coords(cell).map(usize::from);
    ((x * 4 + y) * 4 + a) * 4 + b
}

/// The number of `mv` with `k = 0`.
fn first_number(mv: Move) -> u32 {
    (u32::from(mv.from) * CELLS as u32 + u32::from(mv.to)) * QUARX_SAME_ENDS as u32
}

/// The error of a capture ranked beyond what the map numbers.
fn too_many_same_ends() -> String {
    format!(
        "this Quarx position has more than {QUARX_SAME_ENDS} captures from one cell to another, \
         more than the action map numbers"
    )
}

impl Encoded for Quarx {
    fn num_actions(&self) -> usize {
        CELLS * CELLS * QUARX_SAME_ENDS
    }
    fn num_chance_outcomes(&self) -> usize {
        0
    }
    fn encode_move(&self, _: &State, moves: &[Move], index: usize) -> Result<u32, String> {
        let mv = moves[index];
        // Steps and slides have one move per pair of ends (k = 0): no scan for them.
        let rank = if mv.captured == 0 {
            0
        } else {
            moves
                .iter()
                .filter(|other| {
                    (other.from, other.to) == (mv.from, mv.to) && other.captured < mv.captured
                })
                .count()
        };
        if rank >= QUARX_SAME_ENDS {
            return Err(too_many_same_ends());
        }
        Ok(first_number(mv) + rank as u32)
    }
    /// A step or slide is numbered alone; a capture's rank needs the other captures with the
    /// same ends, which start from the same piece: read from `listed`, or, when it is empty,
    /// only that piece's captures listed there.
    fn encode_legal_move(
        &self,
        state: &State,
        mv: Move,
        listed: &mut Vec<Move>,
    ) -> Result<u32, String> {
        if mv.captured == 0 {
            return Ok(first_number(mv));
        }
        if listed.is_empty() {
            self.captures_from(state, mv.from, listed);
        }
        let index = listed
            .iter()
            .position(|&other| other == mv)
            .ok_or_else(|| format!("{mv:?} is not a legal move of this Quarx position"))?;
        self.encode_move(state, listed, index)
    }
    fn encode_moves(&self, _: &State, moves: &[Move], out: &mut Vec<u32>) -> Result<(), String> {
        let first = out.len();
        out.extend(moves.iter().map(|&mv| first_number(mv)));
        // Steps and slides have one move per pair of ends (k = 0); captures, the only moves
        // that may share ends, get their rank by one sort rather than a scan per move.
        if moves.iter().all(|mv| mv.captured == 0) {
            return Ok(());
        }
        let mut order: Vec<usize> = (0..moves.len()).collect();
        order.sort_unstable_by_key(|&i| (moves[i].from, moves[i].to, moves[i].captured));
        let mut rank = 0;
        for (previous, &i) in std::iter::once(None)
            .chain(order.iter().map(Some))
            .zip(&order)
        {
            let same = previous
                .is_some_and(|&p| (moves[p].from, moves[p].to) == (moves[i].from, moves[i].to));
            rank = if same { rank + 1 } else { 0 };
            if rank >= QUARX_SAME_ENDS {
                return Err(too_many_same_ends());
            }
            out[first + i] += rank as u32;
        }
        Ok(())
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![6 + HISTORY_PLANES, 4, 4, 4, 4]
    }
    fn observe(&self, state: &State, out: &mut [f32]) {
        let planes = [
            state.white() & !state.kings(),
            state.white() & state.kings(),
            state.black() & !state.kings(),
            state.black() & state.kings(),
        ];
        for (plane, set) in planes.into_iter().enumerate() {
            for cell in tafel_games::quarx::board::cells(set) {
                out[plane * GRID + grid_index(cell)] = 1.0;
            }
        }
        if !matches!(self.status(state), Status::Over(_)) {
            let plane = 4 + state.to_move().index();
            out[plane * GRID..(plane + 1) * GRID].fill(1.0);
        }
        let limit = self.settings().ply_limit;
        write_history(out, GRID, 6, state.plies(), limit, state.earlier());
    }
    fn seat_blocks(&self) -> Option<SeatBlocks> {
        Some(SeatBlocks {
            start: 0,
            len: 2 * GRID,
        })
    }
}

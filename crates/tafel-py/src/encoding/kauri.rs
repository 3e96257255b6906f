//! Kauri: action `h` sows hole `h` (0..12: `a`..`f` are 0..5, `A`..`F` are 6..11), action 12 is
//! the forced pass. Observation `[28]`: the seeds in holes 0..11, the cowries in holes 0..11,
//! the two stores (first player's, second's), then 1 at index 26 or 27 for the side to move (neither once the game is over).

use tafel_core::{Game, Player, Status};
use tafel_games::kauri::{Kauri, Move, State, HOLES};

use super::{Encoded, SeatBlocks};

/// The pass's action number.
const PASS: u32 = HOLES as u32;

impl Encoded for Kauri {
    fn num_actions(&self) -> usize {
        HOLES + 1
    }
    fn num_chance_outcomes(&self) -> usize {
        0
    }
    fn encode_move(&self, _: &State, moves: &[Move], index: usize) -> Result<u32, String> {
        Ok(match moves[index] {
            Move::Sow(hole) => hole as u32,
            Move::Pass => PASS,
        })
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![2 * HOLES + 4]
    }
    fn observe(&self, state: &State, out: &mut [f32]) {
        for hole in 0..HOLES {
            out[hole] = state.seeds(hole) as f32;
            out[HOLES + hole] = state.cowries(hole) as f32;
        }
        for seat in 0..2 {
            out[2 * HOLES + seat] = state.store(Player(seat as u8)) as f32;
        }
        if !matches!(self.status(state), Status::Over(_)) {
            out[2 * HOLES + 2 + state.side().index()] = 1.0;
        }
    }
    /// The stores are the seats'; the holes stay where they are (hole `h` is action `h`).
    fn seat_blocks(&self) -> Option<SeatBlocks> {
        Some(SeatBlocks {
            start: 2 * HOLES,
            len: 1,
        })
    }
}

//! EinStein würfelt nicht. Squares are numbered row by row from the top left (`a5` is 0, `e1`
//! is 24). Player actions: `from * 25 + to` for the cube on `from` stepping to `to` (0..625),
//! and `625 + k` for arranging one's cubes by arrangement `k` (0..720, the dictionary order of
//! the six digits, as in the notation) when the start is chosen by the players
//! (`start=placement`). Chance outcomes, numbered as OpenSpiel's `einstein_wurfelt_nicht`
//! numbers them: a drawn start arrangement `k` is outcome `k` (0..720), a die showing `d` is
//! outcome `d - 1`. Observation `[20, 5, 5]`: planes 0..5 White's cubes 1..6, planes 6..11
//! Black's cubes 1..6, plane `11 + d` all ones when the die shows `d`, plane 18 all ones when
//! White is to move (or to arrange), plane 19 for Black.

use tafel_core::{Game, Player, Status};
use tafel_games::einstein::{Einstein, Move, Start, State, ARRANGEMENTS, SQUARES};

use super::{set, Encoded, SeatBlocks};

/// The first arrangement's player action number.
const ARRANGE: u32 = (SQUARES * SQUARES) as u32;

impl Encoded for Einstein {
    fn num_actions(&self) -> usize {
        SQUARES * SQUARES + ARRANGEMENTS
    }
    fn num_chance_outcomes(&self) -> usize {
        ARRANGEMENTS
    }
    fn encode_move(&self, _: &State, moves: &[Move], index: usize) -> Result<u32, String> {
        Ok(match moves[index] {
            // Arrangements are drawn by chance exactly when the start is random.
            Move::Arrange(k) if self.settings().start == Start::Random => u32::from(k),
            Move::Arrange(k) => ARRANGE + u32::from(k),
            Move::Roll(die) => u32::from(die) - 1,
            Move::Step { from, to } => u32::from(from) * SQUARES as u32 + u32::from(to),
        })
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![20, 5, 5]
    }
    fn observe(&self, state: &State, out: &mut [f32]) {
        for square in 0..SQUARES {
            if let Some((Player(seat), number)) = state.cube(square as u8) {
                set(
                    out,
                    SQUARES,
                    seat as usize * 6 + number as usize - 1,
                    square,
                );
            }
        }
        if let Some(die) = state.die() {
            let plane = 11 + die as usize;
            out[plane * SQUARES..(plane + 1) * SQUARES].fill(1.0);
        }
        if !matches!(self.status(state), Status::Over(_)) {
            let plane = 18 + state.to_move().index();
            out[plane * SQUARES..(plane + 1) * SQUARES].fill(1.0);
        }
    }
    fn seat_blocks(&self) -> Option<SeatBlocks> {
        Some(SeatBlocks {
            start: 0,
            len: 6 * SQUARES,
        })
    }
}

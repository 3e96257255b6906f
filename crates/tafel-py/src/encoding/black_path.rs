//! Black Path Game: action `t - 1` places tile `t` (1, 2 or 3, the notation's numbers) on the
//! square where the path ends. Observation `[6, rows, columns]`: planes tile 1, tile 2, tile 3,
//! the open square the next tile goes on, first player to move, second player to move.

use tafel_core::{Game, Status};
use tafel_games::black_path::{BlackPath, PathEnd, State, Tile};

use super::{set, Encoded, SeatBlocks};

impl Encoded for BlackPath {
    fn num_actions(&self) -> usize {
        3
    }
    fn num_chance_outcomes(&self) -> usize {
        0
    }
    fn encode_move(&self, _: &State, moves: &[Tile], index: usize) -> Result<u32, String> {
        Ok(u32::from(moves[index]) - 1)
    }
    fn observation_shape(&self) -> Vec<usize> {
        let size = self.size();
        vec![6, size.rows, size.cols]
    }
    fn observe(&self, state: &State, out: &mut [f32]) {
        let area = self.size().cells();
        for cell in 0..area {
            let tile = state.tile(cell);
            if tile != 0 {
                set(out, area, tile as usize - 1, cell);
            }
        }
        if let PathEnd::Open { cell, .. } = state.end() {
            set(out, area, 3, cell as usize);
        }
        if let Status::ToMove(player) = self.status(state) {
            let plane = 4 + player.index();
            out[plane * area..(plane + 1) * area].fill(1.0);
        }
    }
    /// The players extend one path: nothing on the board is a seat's.
    fn seat_blocks(&self) -> Option<SeatBlocks> {
        None
    }
}

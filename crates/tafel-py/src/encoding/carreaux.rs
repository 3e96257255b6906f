//! Carreaux: action `c` slides the tile on cell `c` into the bubble, cells numbered row by row
//! from the top left (`c = row * side + column`, a1 being the bottom-left cell, so row 0 is the
//! top rank). Observation `[6, side, side]`: planes Red tiles, Blue tiles, green tiles, the
//! bubble, Red to move, Blue to move (both zero once the game is over).

use tafel_core::{Game, Player, Status};
use tafel_games::carreaux::{Carreaux, State, BLUE, RED};

use super::{set, Encoded, SeatBlocks};

impl Encoded for Carreaux {
    fn num_actions(&self) -> usize {
        self.board().cells()
    }
    fn num_chance_outcomes(&self) -> usize {
        0
    }
    fn encode_moves(&self, _: &State, moves: &[u8], out: &mut Vec<u32>) -> Result<(), String> {
        super::encode_each(moves, out, u32::from);
        Ok(())
    }
    fn observation_shape(&self) -> Vec<usize> {
        let side = self.board().side();
        vec![6, side, side]
    }
    fn observe(&self, state: &State, out: &mut [f32]) {
        let area = self.board().cells();
        for cell in 0..area {
            let plane = match state.colour_at(cell) {
                Some(RED) => 0,
                Some(BLUE) => 1,
                Some(Player(_)) => unreachable!("Carreaux has two colours"),
                None if cell == state.bubble() => 3,
                None => 2,
            };
            set(out, area, plane, cell);
        }
        if !matches!(self.status(state), Status::Over(_)) {
            let to_move = 4 + state.to_move().index();
            out[to_move * area..(to_move + 1) * area].fill(1.0);
        }
    }
    fn seat_blocks(&self) -> Option<SeatBlocks> {
        let area = self.board().cells();
        Some(SeatBlocks {
            start: 0,
            len: area,
        })
    }
}

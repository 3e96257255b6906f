//! Carreaux: action `c` slides the tile on cell `c` into the bubble, cells numbered row by row
//! from the top left (`c = row * side + column`, a1 being the bottom-left cell, so row 0 is the
//! top rank). Observation `[6, side, side]`: planes Red tiles, Blue tiles, green tiles, the
//! bubble, Red to move, Blue to move (both zero once the game is over). Under `rule=free`,
//! whose repetition ban remembers every earlier position, `[12, side, side]`: then the tiles
//! whose slide the ban forbids here (while the game goes on), and the history part that makes
//! the observation a whole state ([`super::write_history`]): the plies against the ply limit
//! and four planes of the fingerprint of the remembered positions.

use tafel_core::game::GameExt;
use tafel_core::{Game, Player, Status};
use tafel_games::carreaux::{Carreaux, MoveRule, State, BLUE, NO_CELL, RED};

use super::{set, write_history, Encoded, SeatBlocks, HISTORY_PLANES};

/// The planes of a `rule=free` observation beyond the six of the position: the banned slides
/// and the history part.
const FREE_PLANES: usize = 1 + HISTORY_PLANES;

impl Encoded for Carreaux {
    fn num_actions(&self) -> usize {
        self.board().cells()
    }
    fn num_chance_outcomes(&self) -> usize {
        0
    }
    fn encode_move(&self, _: &State, moves: &[u8], index: usize) -> Result<u32, String> {
        Ok(u32::from(moves[index]))
    }
    fn observation_shape(&self) -> Vec<usize> {
        let side = self.board().side();
        let extra = match self.settings().rule {
            MoveRule::Free => FREE_PLANES,
            MoveRule::Literal => 0,
        };
        vec![6 + extra, side, side]
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
        let over = matches!(self.status(state), Status::Over(_));
        if !over {
            let to_move = 4 + state.to_move().index();
            out[to_move * area..(to_move + 1) * area].fill(1.0);
        }
        if self.settings().rule == MoveRule::Free {
            if !over {
                // Under `rule=free` every slide is legal but those the ban forbids.
                let legal = self.legal_move_vec(state);
                for tile in self.board().neighbours(state.bubble()) {
                    if tile != NO_CELL && !legal.contains(&tile) {
                        set(out, area, 6, usize::from(tile));
                    }
                }
            }
            let limit = self.settings().ply_limit;
            write_history(out, area, 7, state.plies(), limit, state.earlier());
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

//! Karl's Race. Squares are numbered 0..21 in the order of their letters (`a` is 0). Player
//! actions: `from * 21 + to` for the stone on `from` stepping to `to` (0..441), 441 for the pass
//! of a player without stones (team game). Chance outcomes: the die showing `d` is `d - 1`.
//! Observation `[players * 21 + 6 + players]`: for each seat in turn the 21 squares (1 where
//! its stone stands), then the die one-hot (6), then the seat to move one-hot.

use tafel_core::{Game, Player, Status};
use tafel_games::karls_race::{KarlsRace, Move, State, SQUARES};

use super::{Encoded, SeatBlocks};

/// The pass's action number.
const PASS: u32 = (SQUARES * SQUARES) as u32;

impl Encoded for KarlsRace {
    fn num_actions(&self) -> usize {
        SQUARES * SQUARES + 1
    }
    fn num_chance_outcomes(&self) -> usize {
        6
    }
    fn encode_move(&self, _: &State, moves: &[Move], index: usize) -> Result<u32, String> {
        Ok(match moves[index] {
            Move::Roll(die) => u32::from(die) - 1,
            Move::Step { from, to } => u32::from(from) * SQUARES as u32 + u32::from(to),
            Move::Pass => PASS,
        })
    }
    fn observation_shape(&self) -> Vec<usize> {
        let players = self.num_players();
        vec![players * SQUARES + 6 + players]
    }
    fn observe(&self, state: &State, out: &mut [f32]) {
        let players = self.num_players();
        for seat in 0..players {
            let stones = state.stones(Player(seat as u8));
            for square in 0..SQUARES {
                if stones >> square & 1 != 0 {
                    out[seat * SQUARES + square] = 1.0;
                }
            }
        }
        let dice = players * SQUARES;
        if let Some(die) = state.die() {
            out[dice + die as usize - 1] = 1.0;
        }
        if !matches!(self.status(state), Status::Over(_)) {
            out[dice + 6 + state.to_move().index()] = 1.0;
        }
    }
    fn seat_blocks(&self) -> Option<SeatBlocks> {
        Some(SeatBlocks {
            start: 0,
            len: SQUARES,
        })
    }
}

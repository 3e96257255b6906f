//! Random playouts specialised to Kauri, the game's [`Game::random_playout`]: the move is
//! drawn straight from the table of each set of holes holding cowries, without filling a move
//! list or building a status per ply, and the repetition list is given room once per game.
//!
//! It draws the same random numbers in the same order as the generic
//! [`tafel_core::playout::generic_random_playout`] and so plays exactly the same game for the
//! same generator; the tests check this on many seeds.
//!
//! [`Game::random_playout`]: tafel_core::Game::random_playout

use rand::Rng;
use tafel_core::{Outcome, Status};

use super::{Board, Kauri, Move, MoveTable, State};

/// Room reserved in the repetition list at the start of a playout. The list holds the positions
/// since the last capture, which in random games seldom exceed this; a larger reservation
/// measured slower (the figures are in docs/measurements/performance.md, Kauri's third round).
const HISTORY_ROOM: usize = 40;

impl Kauri {
    /// Plays uniformly random moves from `state` until the game ends; returns the outcome and
    /// the number of moves played. The board, the flags and the ply count live in local
    /// variables (registers) during the game and are written back at its end.
    pub(super) fn random_playout_on_lanes<R: Rng + ?Sized>(
        &self,
        state: &mut State,
        rng: &mut R,
    ) -> (Outcome, u64) {
        let mut board = state.board;
        let mut history = std::mem::take(&mut state.history);
        history.reserve(HISTORY_ROOM);
        let mut may_be_over = state.may_be_over;
        let start_plies = state.plies;
        let mut plies = start_plies;
        loop {
            if may_be_over || plies >= self.ply_cap {
                *state = State {
                    board,
                    may_be_over,
                    plies,
                    history,
                };
                if let Status::Over(outcome) = self.closer_status(state) {
                    return (outcome, u64::from(plies - start_plies));
                }
                history = std::mem::take(&mut state.history);
            }
            let mv = Self::random_sowing(&board, rng);
            may_be_over = Self::advance(&mut board, &mut history, mv);
            plies += 1;
        }
    }

    /// A uniformly random legal move on `board` (whose game goes on), drawn straight from the
    /// table of its set of holes holding cowries: one index drawn among the moves in
    /// [`Game::legal_moves`]'s order, as the generic loop draws.
    ///
    /// [`Game::legal_moves`]: tafel_core::Game::legal_moves
    #[inline(always)]
    pub(super) fn random_sowing<R: Rng + ?Sized>(board: &Board, rng: &mut R) -> Move {
        let table = MoveTable::of(board.side);
        let entry = board.sowable();
        // The generic loop draws a `usize` index among the legal moves, even when the pass is
        // the only one; `rand` samples a `usize` range that fits 32 bits as this `u32` range
        // (which the compiler inlines), so the index is the generic loop's.
        let index = rng.random_range(0..u32::from(table.count(entry)));
        table.nth(entry, index as usize)
    }
}

//! Random playouts specialised to Quarx, the game's [`Game::random_playout`]: the quiet moves
//! (men's steps, kings' slides) are counted rather than listed, and only the chosen one is
//! found, in the order [`Quarx::quiet_moves`] lists them; captures, rare and few, are listed
//! as the rules list them. Whether the side to move has a move at all comes out of the same
//! work instead of a separate test.
//!
//! It draws the same random numbers as the generic loop
//! ([`tafel_core::playout::generic_random_playout`]): one uniform index among the legal moves
//! a ply, the moves in the same order, so it plays exactly the same game for the same
//! generator; the tests check this on many seeds.
//!
//! [`Game::random_playout`]: tafel_core::Game::random_playout

use rand::Rng;
use tafel_core::{Game, Outcome, Player};

use super::board::{cells, for_each_cell, Cell};
use super::{Move, Quarx, State, REASON_NO_MOVE, REASON_NO_PIECES, REASON_PLY_LIMIT};

impl Quarx {
    /// Plays uniformly random moves from `state` until the game ends; returns the outcome and
    /// the number of moves played. `buffer` holds the captures of each ply.
    pub(super) fn random_playout_counting<R: Rng + ?Sized>(
        &self,
        state: &mut State,
        rng: &mut R,
        buffer: &mut Vec<Move>,
    ) -> (Outcome, u64) {
        let mut plies = 0;
        loop {
            let winner = Player(1 - state.side);
            if state.sides().0 == 0 {
                return (Outcome::win(winner, REASON_NO_PIECES), plies);
            }
            if self.limit_reached(state) {
                let outcome = if self.has_move(state) {
                    Outcome::draw(REASON_PLY_LIMIT)
                } else {
                    Outcome::win(winner, REASON_NO_MOVE)
                };
                return (outcome, plies);
            }
            self.captures(state, buffer);
            let mv = if buffer.is_empty() {
                let count = self.quiet_move_count(state);
                if count == 0 {
                    return (Outcome::win(winner, REASON_NO_MOVE), plies);
                }
                self.quiet_move(state, rng.random_range(0..count))
            } else {
                buffer[rng.random_range(0..buffer.len())]
            };
            self.apply(state, mv);
            plies += 1;
        }
    }

    /// How many moves [`Quarx::quiet_moves`] lists.
    fn quiet_move_count(&self, state: &State) -> usize {
        let (own, enemy) = state.sides();
        let empty = !(own | enemy);
        let forward = &self.tables.forward[state.side as usize];
        let mut count = 0;
        for_each_cell(own & !state.kings, |from| {
            count += (forward[from as usize] & empty).count_ones() as usize;
        });
        for from in cells(own & state.kings) {
            self.king_slides(state, from, !empty, |_| {
                count += 1;
                true
            });
        }
        count
    }

    /// The move number `index` (from 0) of the list [`Quarx::quiet_moves`] makes, which must
    /// be that long.
    fn quiet_move(&self, state: &State, mut index: usize) -> Move {
        let (own, enemy) = state.sides();
        let empty = !(own | enemy);
        let forward = &self.tables.forward[state.side as usize];
        let step = |from: Cell, to: Cell| Move {
            from,
            to,
            captured: 0,
        };
        for from in cells(own & !state.kings) {
            let targets = forward[from as usize] & empty;
            let count = targets.count_ones() as usize;
            if index < count {
                let to = cells(targets).nth(index).expect("counted");
                return step(from, to);
            }
            index -= count;
        }
        for from in cells(own & state.kings) {
            let mut found = None;
            self.king_slides(state, from, !empty, |to| {
                if index == 0 {
                    found = Some(to);
                    return false;
                }
                index -= 1;
                true
            });
            if let Some(to) = found {
                return step(from, to);
            }
        }
        unreachable!("the index is below the number of quiet moves")
    }
}

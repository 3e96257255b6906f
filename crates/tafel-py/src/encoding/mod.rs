//! Each game's integers for Python: its actions (one number per move, the same in every
//! version) and its observation tensor.
//!
//! A game's moves are typed values that only mean something in their position; machine-learning
//! code wants small integers and fixed-shape arrays. [`Encoded`] gives both, one module per game,
//! and `docs/python.md` documents every map. Player actions and chance outcomes are numbered
//! separately, as OpenSpiel numbers them: a chance node's legal actions are outcome numbers
//! below [`Encoded::num_chance_outcomes`], a player's are action numbers below
//! [`Encoded::num_actions`].
//!
//! The observation is the same for every player (all six games have perfect information): the
//! layout is absolute, with planes saying whose turn it is. [`observe_from`] gives it from one
//! seat's side instead: the parts that belong to a seat ([`Encoded::seat_blocks`]) turned so
//! that the seat's own come first.

mod black_path;
mod carreaux;
mod einstein;
mod karls_race;
mod kauri;
mod quarx;

use tafel_core::{Game, Player};

pub use quarx::QUARX_SAME_ENDS;

/// What the Python bindings need of a game beyond its rules: integer actions and an
/// observation tensor. Implemented by every game of [`tafel_games::for_each_game!`].
pub trait Encoded: Game {
    /// How many player action numbers there are (`0..num_actions`).
    fn num_actions(&self) -> usize;

    /// How many chance outcome numbers there are (`0..num_chance_outcomes`); 0 without chance.
    fn num_chance_outcomes(&self) -> usize;

    /// Appends to `out` the number of each of `moves`, which are all of `state`'s legal moves in
    /// the game's order. Distinct moves get distinct numbers. Fails only where a position has
    /// more moves of one kind than the map has room for (see [`QUARX_SAME_ENDS`]).
    fn encode_moves(
        &self,
        state: &Self::State,
        moves: &[Self::Move],
        out: &mut Vec<u32>,
    ) -> Result<(), String>;

    /// The observation tensor's shape.
    fn observation_shape(&self) -> Vec<usize>;

    /// Writes the observation of `state` into `out` (as long as the shape's product, all zero).
    fn observe(&self, state: &Self::State, out: &mut [f32]);

    /// Where the observation holds one block per seat, in seat order (a seat's pieces, tiles,
    /// stones or store); `None` when no part of it belongs to a seat.
    fn seat_blocks(&self) -> Option<SeatBlocks>;
}

/// The part of an observation (flattened) that holds one block per seat, seat 0's first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SeatBlocks {
    /// Where seat 0's block begins.
    pub start: usize,
    /// One block's length.
    pub len: usize,
}

/// Writes the observation of `state` into `out` as [`Encoded::observe`] does, then, for
/// `Some(seat)`, turns the seats' blocks so that `seat`'s comes first and the others follow in
/// seat order from it (the board, the action numbers and the "to move" planes stay as they
/// are: they still say which seat `seat` is). `None` is the absolute layout.
pub fn observe_from<G: Encoded>(
    rules: &G,
    state: &G::State,
    seat: Option<Player>,
    out: &mut [f32],
) {
    rules.observe(state, out);
    if let (Some(seat), Some(blocks)) = (seat, rules.seat_blocks()) {
        let end = blocks.start + blocks.len * rules.num_players();
        out[blocks.start..end].rotate_left(seat.index() * blocks.len);
    }
}

/// Appends `encode(move)` for every move: the map of games whose moves need no context.
fn encode_each<M: Copy>(moves: &[M], out: &mut Vec<u32>, encode: impl Fn(M) -> u32) {
    out.extend(moves.iter().map(|&mv| encode(mv)));
}

/// Sets `out[plane * area + cell]`: a one-hot plane layout's writer.
fn set(out: &mut [f32], area: usize, plane: usize, cell: usize) {
    out[plane * area + cell] = 1.0;
}

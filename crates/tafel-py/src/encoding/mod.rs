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

    /// The number of `moves[index]`, where `moves` are all of `state`'s legal moves in the
    /// game's order: its entry of [`Encoded::encode_moves`], found without numbering the other
    /// moves where the map allows (a random policy numbers one move a position). Fails only
    /// where a position has more moves of one kind than the map has room for (see
    /// [`QUARX_SAME_ENDS`]).
    fn encode_move(
        &self,
        state: &Self::State,
        moves: &[Self::Move],
        index: usize,
    ) -> Result<u32, String>;

    /// The number of `mv`, one of `state`'s legal moves: its entry of
    /// [`Encoded::encode_moves`], found without listing the other moves where the map allows
    /// (a random policy draws one move a position with [`Game::random_move`], which need not
    /// list them either). `listed` is empty or holds every legal move of `state` in the game's
    /// order, as [`Game::random_move`] leaves its buffer; a map that needs the other moves
    /// reads them there, or lists there what it needs when it is empty. The default numbers
    /// `mv` by [`Encoded::encode_move`] on a list of it alone, which is right for every map
    /// whose number of a move reads the move alone; a map whose numbers depend on the other
    /// legal moves overrides it (Quarx's captures). Fails as [`Encoded::encode_move`] does.
    fn encode_legal_move(
        &self,
        state: &Self::State,
        mv: Self::Move,
        _listed: &mut Vec<Self::Move>,
    ) -> Result<u32, String> {
        self.encode_move(state, std::slice::from_ref(&mv), 0)
    }

    /// Appends to `out` the number of each of `moves`, which are all of `state`'s legal moves in
    /// the game's order. Distinct moves get distinct numbers. Fails only where a position has
    /// more moves of one kind than the map has room for (see [`QUARX_SAME_ENDS`]).
    fn encode_moves(
        &self,
        state: &Self::State,
        moves: &[Self::Move],
        out: &mut Vec<u32>,
    ) -> Result<(), String> {
        for index in 0..moves.len() {
            out.push(self.encode_move(state, moves, index)?);
        }
        Ok(())
    }

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

/// Sets `out[plane * area + cell]`: a one-hot plane layout's writer.
fn set(out: &mut [f32], area: usize, plane: usize, cell: usize) {
    out[plane * area + cell] = 1.0;
}

/// How many planes [`write_history`] writes: the plies, then the four 16-bit parts of the
/// fingerprint of the remembered positions.
const HISTORY_PLANES: usize = 5;

/// The history part of a Quarx or Carreaux (`rule=free`) observation, from plane `first` on,
/// each plane `area` values filled with one number (docs/python.md, Observations):
///
/// - `plies / ply_limit` (the plies played, against the limit that ends the game as a draw;
///   all zero without a limit, when the count changes nothing);
/// - the fingerprint of the positions the repetition ban remembers (`earlier`, the hashes the
///   position code carries): the wrapping sum of the hashes, each mixed by SplitMix64's
///   finaliser (so the order does not count and no linear relation between Zobrist hashes
///   cancels out), written as four 16-bit parts, most significant first, each divided by
///   65,535; all zero when nothing is remembered.
///
/// Equal planes mean an equal ply count and, but for a 64-bit collision (the assumption the
/// ban itself makes, since it compares hashes), an equal set of remembered positions.
fn write_history(
    out: &mut [f32],
    area: usize,
    first: usize,
    plies: u32,
    ply_limit: u32,
    earlier: &[u64],
) {
    let mut fill = |plane: usize, value: f32| {
        out[(first + plane) * area..(first + plane + 1) * area].fill(value);
    };
    if ply_limit > 0 {
        fill(0, plies as f32 / ply_limit as f32);
    }
    if !earlier.is_empty() {
        let fingerprint = history_fingerprint(earlier);
        for part in 0..4 {
            let bits = (fingerprint >> (48 - 16 * part)) & 0xffff;
            fill(1 + part, bits as f32 / 65_535.0);
        }
    }
}

/// The order-free fingerprint of a set of position hashes ([`write_history`]).
fn history_fingerprint(hashes: &[u64]) -> u64 {
    hashes.iter().fold(0u64, |sum, &hash| {
        // SplitMix64's finaliser: a bijection that mixes every bit into every other.
        let mut z = hash.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        sum.wrapping_add(z ^ (z >> 31))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fingerprint_is_of_the_set_of_hashes() {
        let (a, b, c) = (
            0x0123_4567_89ab_cdef,
            0xfedc_ba98_7654_3210,
            0x0f0f_0f0f_0f0f_0f0f,
        );
        assert_eq!(history_fingerprint(&[]), 0);
        assert_eq!(
            history_fingerprint(&[a, b, c]),
            history_fingerprint(&[c, a, b])
        );
        assert_ne!(history_fingerprint(&[a, b]), history_fingerprint(&[a, c]));
        // The Zobrist hashes of four positions apart by two independent changes XOR to zero;
        // mixed, they do not cancel.
        let (x, y, base) = (0x1111_2222_3333_4444, 0x5555_6666_7777_8888, a);
        assert_eq!(base ^ (base ^ x) ^ (base ^ y) ^ (base ^ x ^ y), 0);
        assert_ne!(
            history_fingerprint(&[base, base ^ x, base ^ y, base ^ x ^ y]),
            0
        );
    }

    #[test]
    fn the_history_planes_hold_the_plies_and_the_fingerprint() {
        let area = 3;
        let mut out = vec![0.0; (1 + HISTORY_PLANES) * area];
        write_history(&mut out, area, 1, 20, 40, &[]);
        assert_eq!(&out[..area], [0.0; 3]);
        assert_eq!(&out[area..2 * area], [0.5; 3]);
        assert!(out[2 * area..].iter().all(|&v| v == 0.0));
        let hashes = [1, 2, 3];
        write_history(&mut out, area, 1, 20, 0, &hashes);
        assert_eq!(&out[area..2 * area], [0.5; 3], "no limit: left as it was");
        let fingerprint = history_fingerprint(&hashes);
        let parts: Vec<u64> = (0..4)
            .map(|p| (out[(2 + p) * area] * 65_535.0).round() as u64)
            .collect();
        assert_eq!(
            parts.iter().fold(0, |sum, &part| sum << 16 | part),
            fingerprint
        );
        assert!(out.iter().all(|&v| (0.0..=1.0).contains(&v)));
    }
}

//! Sowing and capturing: the heart of a Kauri move.
//!
//! The hole is emptied; its seeds are sown one per hole anticlockwise, then its cowries,
//! continuing in the same direction. The origin hole is not skipped, so from 12 counters on
//! the 12th falls back into it. Each counter dropped into an opponent's hole may capture at
//! once:
//! - a cowrie into a hole without cowries takes the hole's seeds for the mover (direct);
//! - a seed into a hole holding cowries and no seed goes to the opponent's store (indirect).
//!
//! Whether a drop captures depends only on the hole as it was before the move, which makes
//! the whole sowing a few lane operations ([`super::lanes`]): all seeds fall before the first
//! cowrie; a hole that loses one seed dropped into it (cowries, no seed) loses every seed
//! dropped there, round after round; any other hole keeps them; and a hole without cowries
//! that receives a cowrie gives up all its seeds to the first one, later ones finding a
//! cowrie there.

use super::board::{HOLES, ROW};
use super::lanes::{self, all_but, nonzero, spread, sum, widen, ONES};
use super::{Kauri, State};

impl Kauri {
    /// Sows hole `origin` (which must hold a cowrie of the side to move), updating counts and
    /// stores; returns whether any seed was captured. This is the sowing step of
    /// [`tafel_core::Game::apply`] alone, public so that it can be measured on its own: the
    /// side to move, the hash and the repetition history are left as they were, so play moves
    /// with `apply`.
    #[inline(always)]
    pub fn sow(&self, state: &mut State, origin: usize) -> bool {
        debug_assert!(origin < HOLES, "hole {origin} is not on the board");
        // Written so that the compiler sees both rows' indices below 2.
        let mover = usize::from(origin >= ROW);
        let opponent = mover ^ 1;
        let lane = origin - ROW * mover;
        let seed_count = lanes::lane(state.seeds[mover], lane);
        let cowrie_count = lanes::lane(state.cowries[mover], lane);
        let seed_drops = spread(seed_count, (origin + 1) % HOLES);
        let cowrie_drops = spread(cowrie_count, (origin + 1 + seed_count as usize) % HOLES);

        // The mover's own row: emptied, then it just receives what falls there.
        let emptied = all_but(lane);
        state.seeds[mover] = (state.seeds[mover] & emptied) + seed_drops[mover];
        state.cowries[mover] = (state.cowries[mover] & emptied) + cowrie_drops[mover];

        // The opponent's row, where the captures happen.
        let mut seeds = state.seeds[opponent];
        let cowries = state.cowries[opponent];
        let losing = (ONES ^ nonzero(seeds)) & nonzero(cowries);
        let lost = seed_drops[opponent] & widen(losing);
        seeds += seed_drops[opponent] - lost;
        // At most 12 cowries are sown, one per hole: the drops are already a 0/1 lane mask.
        let taking = (ONES ^ nonzero(cowries)) & cowrie_drops[opponent];
        let taken = seeds & widen(taking);
        state.seeds[opponent] = seeds - taken;
        state.cowries[opponent] = cowries + cowrie_drops[opponent];

        let captured = taken | lost != 0;
        if captured {
            state.stores[mover] += sum(taken);
            state.stores[opponent] += sum(lost);
        }
        captured
    }
}

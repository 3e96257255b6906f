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

use super::board::{owner, Board, ROW};
use super::lanes::{self, all_but, nonzero, spread, sum, widen, wrap, ONES};
use super::{Kauri, State};

impl Kauri {
    /// Sows hole `origin` (which must hold a cowrie of the side to move), updating counts and
    /// stores; returns whether any seed was captured. This is the sowing step of
    /// [`tafel_core::Game::apply`] alone, public so that it can be measured on its own: the
    /// side to move and the repetition history are left as they were, so play moves with
    /// `apply`.
    #[inline(always)]
    pub fn sow(&self, state: &mut State, origin: usize) -> bool {
        debug_assert_eq!(
            owner(origin),
            state.side(),
            "hole {origin} is not the mover's"
        );
        state.board.sow(origin % ROW)
    }
}

impl Board {
    /// Sows the mover's hole `lane` (0..6, which must hold a cowrie), updating counts and
    /// stores; returns whether any seed was captured.
    #[inline(always)]
    pub(super) fn sow(&mut self, lane: usize) -> bool {
        debug_assert!(lane < ROW, "hole {lane} is not in a row");
        let seed_count = lanes::lane(self.seeds[0], lane);
        let cowrie_count = lanes::lane(self.cowries[0], lane);
        // Holes counted from the mover's first: his row, then the opponent's.
        let seed_drops = spread(seed_count, lane + 1);
        let cowrie_drops = spread(cowrie_count, wrap(lane + 1 + seed_count as usize));

        // The mover's own row: emptied, then it just receives what falls there.
        let emptied = all_but(lane);
        self.seeds[0] = (self.seeds[0] & emptied) + seed_drops[0];
        self.cowries[0] = (self.cowries[0] & emptied) + cowrie_drops[0];

        // The opponent's row, where the captures happen.
        let mut seeds = self.seeds[1];
        let cowries = self.cowries[1];
        let losing = (ONES ^ nonzero(seeds)) & nonzero(cowries);
        let lost = seed_drops[1] & widen(losing);
        seeds += seed_drops[1] - lost;
        // At most 12 cowries are sown, one per hole: the drops are already a 0/1 lane mask.
        let taking = (ONES ^ nonzero(cowries)) & cowrie_drops[1];
        let taken = seeds & widen(taking);
        self.seeds[1] = seeds - taken;
        self.cowries[1] = cowries + cowrie_drops[1];

        let captured = taken | lost != 0;
        if captured {
            self.stores[0] += sum(taken);
            self.stores[1] += sum(lost);
        }
        captured
    }
}

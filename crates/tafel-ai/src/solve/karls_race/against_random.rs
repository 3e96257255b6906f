//! The computer against a uniformly random opponent, exactly: the probability that the
//! computer wins when the other side picks uniformly among its legal steps after each roll
//! (as [`crate::RandomAgent`] does), either for the best response to random play or for the
//! perfect player ([`super::PerfectAgent`]), whose steps are best against best defence.
//!
//! Random play is not symmetric with the computer's, so every position of the [`Index`] gets
//! two values: one with the computer to move, one with the random player to move (each the
//! mover's winning probability, the position seen from the mover's side as in the table). The
//! positions are solved in the table solver's order (`solve_in_order`); a
//! position's two values depend on the other values of the same children.
//!
//! - Computer to move: for each die, the best step's value (best response), or the value of
//!   the step the perfect player picks (the best by the perfect table, the first in its move
//!   order on a tie: the tie-break depends on the computer's colour, since Black's steps are
//!   ordered on the real board, not the turned one); then the average over the die.
//! - Random player to move: for each die, the average over its legal steps (every step counts
//!   once, even two that lead to the same position, as for [`crate::RandomAgent`]); then the
//!   average over the die.
//!
//! The arithmetic is the table's fixed point: exact but for one rounding to the nearest unit
//! of 2^-32 per position (the two averages are taken over a common denominator), so a value
//! is off by at most half a unit per move still to come.

use std::sync::atomic::{AtomicU32, Ordering};

use memmap2::MmapMut;
use tafel_core::{Game, Player, Status};
use tafel_games::karls_race::{squares_in, State, MAX_SIZE};

use super::index::{Index, MAX_STONES};
use super::position::{Canonical, Geometry, BLACK};
use super::solver::{
    prefetch, probability, solve_in_order, PositionSolver, MAX_FORWARD, MAX_STEPS, ONE,
};
use super::table::{anonymous_memory, as_cells, as_values, Table, TableError};
use crate::solve::Progress;

/// How the computer picks its step.
#[derive(Clone, Copy)]
enum Strategy<'a> {
    /// The step with the highest winning probability against random play.
    BestResponse,
    /// The perfect player's step for the computer playing `colour`: the highest value in
    /// `perfect` (the solved table's entries), the first in the game's move order on a tie.
    Perfect { perfect: &'a [u32], colour: Player },
}

/// The computer's and the random player's winning probabilities in every position of an
/// index, for one way of choosing the computer's steps.
pub struct AgainstRandom {
    geometry: Geometry,
    index: Index,
    /// The colour the perfect player's tie-breaks were taken for; `None` for the best
    /// response, which is the same for both colours.
    colour: Option<Player>,
    /// Per slot: the computer's winning probability with the computer to move.
    computer: MmapMut,
    /// Per slot: the random player's winning probability with the random player to move.
    random: MmapMut,
}

impl AgainstRandom {
    /// The best response to random play, for every position with 1 to `max_stones` stones a
    /// side. `progress` is told the number of positions and advances per position.
    pub fn best_response(
        max_stones: usize,
        progress: &dyn Progress,
    ) -> Result<AgainstRandom, TableError> {
        let geometry = Geometry::new();
        let index = Index::new(&geometry, max_stones.clamp(1, MAX_STONES));
        Self::solve(geometry, index, Strategy::BestResponse, None, progress)
    }

    /// The perfect player reading `table`, playing `colour` (White or Black: the colour
    /// decides its tie-breaks), for every position `table` covers.
    pub fn perfect_player(
        table: &Table,
        colour: Player,
        progress: &dyn Progress,
    ) -> Result<AgainstRandom, TableError> {
        let strategy = Strategy::Perfect {
            perfect: table.entries(),
            colour,
        };
        let (geometry, index) = (table.geometry().clone(), table.index().clone());
        Self::solve(geometry, index, strategy, Some(colour), progress)
    }

    /// Both values of every position of `index`, the computer's steps chosen by `strategy`.
    fn solve(
        geometry: Geometry,
        index: Index,
        strategy: Strategy,
        colour: Option<Player>,
        progress: &dyn Progress,
    ) -> Result<AgainstRandom, TableError> {
        let bytes = usize::try_from(4 * index.len())
            .map_err(|_| TableError::Invalid("(memory)".into(), "too large for memory".into()))?;
        let mut computer = anonymous_memory(bytes)?;
        let mut random = anonymous_memory(bytes)?;
        progress.start(index.len());
        let pass = Pass {
            geometry: &geometry,
            index: &index,
            strategy,
            computer: as_cells(&mut computer),
            random: as_cells(&mut random),
        };
        solve_in_order(&geometry, &index, &pass, progress);
        Ok(AgainstRandom {
            geometry,
            index,
            colour,
            computer,
            random,
        })
    }

    /// The probability that the computer, playing `computer` (White or Black), wins the
    /// two-player `state` before its die is rolled (or finished: 1 or 0). `None` after a roll,
    /// outside the index, or for the perfect player solved for the other colour.
    pub fn probability(&self, state: &State, computer: Player) -> Option<f64> {
        if self.colour.is_some_and(|colour| colour != computer) {
            return None;
        }
        if let Status::Over(outcome) = self.geometry.rules().status(state) {
            return Some(outcome.payoff(computer));
        }
        if state.die().is_some() {
            return None;
        }
        let position = self.geometry.canonical(state)?;
        if !self.index.covers(position) {
            return None;
        }
        let slot = self.index.rank(position) as usize;
        Some(if state.to_move() == computer {
            probability(as_values(&self.computer)[slot])
        } else {
            1.0 - probability(as_values(&self.random)[slot])
        })
    }
}

/// One pass over the index.
struct Pass<'a> {
    geometry: &'a Geometry,
    index: &'a Index,
    strategy: Strategy<'a>,
    computer: &'a [AtomicU32],
    random: &'a [AtomicU32],
}

/// A child slot that stands for a winning step.
const WIN: u64 = u64::MAX;

/// A position whose children have been requested from memory but not yet read.
struct Pending {
    slot: u64,
    /// The steps, in the game's move order for the computer's colour: the size bit of the
    /// square each leaves (bit `s - 1` for side `s`) and the slot of its child, or [`WIN`].
    sizes: [u8; MAX_STEPS],
    children: [u64; MAX_STEPS],
    steps: usize,
}

impl PositionSolver for Pass<'_> {
    type Pending = Pending;

    #[inline(always)]
    fn prepare(&self, position: Canonical) -> Pending {
        let geometry = self.geometry;
        let slot = self.index.rank(position);
        prefetch(self.computer, slot);
        prefetch(self.random, slot);
        let mut pending = Pending {
            slot,
            sizes: [0; MAX_STEPS],
            children: [WIN; MAX_STEPS],
            steps: 0,
        };
        // The game lists a side's steps by the square left, then the square entered, on the
        // real board: Black's squares are the half-turn images of the mover's.
        let real = |sq| match self.strategy {
            Strategy::Perfect { colour, .. } if colour == BLACK => geometry.rotate_square(sq),
            _ => sq,
        };
        let mut froms = [0; MAX_STONES];
        let mut count = 0;
        for from in squares_in(position.mover) {
            froms[count] = from;
            count += 1;
        }
        let froms = &mut froms[..count];
        froms.sort_unstable_by_key(|&sq| real(sq));
        for &from in froms.iter() {
            let mut targets = [0; MAX_FORWARD];
            let mut reach = 0;
            for to in squares_in(geometry.forward(from)) {
                targets[reach] = to;
                reach += 1;
            }
            let targets = &mut targets[..reach];
            targets.sort_unstable_by_key(|&sq| real(sq));
            for &to in targets.iter() {
                let step = pending.steps;
                pending.sizes[step] = 1 << (geometry.size(from) - 1);
                if !geometry.step_wins(position, to) {
                    let child = self.index.rank(geometry.after_step(position, from, to));
                    prefetch(self.computer, child);
                    prefetch(self.random, child);
                    if let Strategy::Perfect { perfect, .. } = self.strategy {
                        prefetch(perfect, child);
                    }
                    pending.children[step] = child;
                }
                pending.steps += 1;
            }
        }
        pending
    }

    #[inline(always)]
    fn finish(&self, pending: &Pending) {
        let steps = pending.steps;
        // Each step's value for the computer moving and for the random player moving, and
        // the perfect player's value of it against best defence.
        let mut for_computer = [ONE; MAX_STEPS];
        let mut for_random = [ONE; MAX_STEPS];
        let mut perfect_value = [ONE; MAX_STEPS];
        let mut occupied = 0;
        for step in 0..steps {
            occupied |= pending.sizes[step];
            let child = pending.children[step];
            if child != WIN {
                let child = child as usize;
                for_computer[step] = ONE - self.random[child].load(Ordering::Relaxed);
                for_random[step] = ONE - self.computer[child].load(Ordering::Relaxed);
                if let Strategy::Perfect { perfect, .. } = self.strategy {
                    perfect_value[step] = ONE - perfect[child];
                }
            }
        }
        let mut computer_total = 0u64;
        let mut random_total = 0u128;
        for die in 1..=MAX_SIZE {
            let sizes = self.geometry.die_sizes(die, occupied);
            let mut chosen: Option<(u32, u32)> = None;
            let (mut sum, mut count) = (0u64, 0u64);
            for step in (0..steps).filter(|&step| pending.sizes[step] & sizes != 0) {
                sum += for_random[step] as u64;
                count += 1;
                let key = match self.strategy {
                    Strategy::BestResponse => for_computer[step],
                    Strategy::Perfect { .. } => perfect_value[step],
                };
                if chosen.is_none_or(|(top, _)| key > top) {
                    chosen = Some((key, for_computer[step]));
                }
            }
            let (_, value) = chosen.expect("a die always allows a step");
            computer_total += value as u64;
            random_total += sum as u128 * (STEP_COUNTS_LCM / count) as u128;
        }
        let faces = MAX_SIZE as u64;
        let computer = (computer_total + faces / 2) / faces;
        let denominator = (faces * STEP_COUNTS_LCM) as u128;
        let random = (random_total + denominator / 2) / denominator;
        let slot = pending.slot as usize;
        self.computer[slot].store(computer as u32, Ordering::Relaxed);
        self.random[slot].store(random as u32, Ordering::Relaxed);
    }
}

/// The least common multiple of 1..=[`MAX_STEPS`]: a common denominator of every average
/// over the steps one die allows.
const STEP_COUNTS_LCM: u64 = {
    let mut lcm = 1u64;
    let mut n = 2;
    while n <= MAX_STEPS as u64 {
        let (mut a, mut b) = (lcm, n);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        lcm = lcm / a * n;
        n += 1;
    }
    lcm
};

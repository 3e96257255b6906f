//! Retrograde solution of the whole table.
//!
//! The game graph is acyclic: a step without a capture raises the position's potential (see
//! [`Geometry::potential`]) and keeps the number of stones; a capture lowers the number of
//! stones. So the positions are solved in levels: by total stones ascending, and within that
//! by potential descending. Every child of a position lies in an earlier level, and the
//! positions of one level are independent, so each level is one parallel loop (rayon).
//!
//! Values are fixed-point probabilities ([`ONE`] is certainty) and the arithmetic is exact
//! integer arithmetic except the average over the six die faces, rounded to the nearest unit:
//! at most half a unit (1.2e-10) per ply, so a value is off by at most `plies / 2` units of
//! 2^-32, about 1.5e-8 at the start (128 plies at most). Integer arithmetic also makes the
//! table the same bit for bit whatever the number of threads.

use std::sync::atomic::{AtomicU32, Ordering};

use rayon::prelude::*;
use tafel_games::karls_race::{squares_in, SquareSet, MAX_SIZE, SQUARES};

use super::index::{Index, MAX_STONES};
use super::position::{Canonical, Geometry};
use crate::solve::Progress;

/// The fixed-point value of certainty: a table entry `v` means probability `v / ONE`.
pub const ONE: u32 = u32::MAX;

/// The probability a table entry stands for.
pub fn probability(value: u32) -> f64 {
    value as f64 / ONE as f64
}

/// The positions of one side's stones of each size, with their potential.
type Sets = Vec<Vec<(SquareSet, u32)>>;

/// Solves every position of `index` into `cells` (one per slot): the probability that the
/// side to move wins, before its die is rolled, with perfect play by both sides.
/// `progress` advances by one per position solved.
pub fn solve(geometry: &Geometry, index: &Index, cells: &[AtomicU32], progress: &dyn Progress) {
    assert_eq!(cells.len() as u64, index.len(), "one cell per slot");
    let solver = LevelSolver {
        geometry,
        index,
        cells,
    };
    solve_in_order(geometry, index, &solver, progress);
}

/// How one retrograde analysis values a position from its children's values. The walk
/// ([`solve_in_order`]) is a two-stage pipeline: `prepare` ranks a position's children and
/// prefetches their values, then, while the next position's children are being fetched,
/// `finish` reads them and stores the position's own values.
pub(super) trait PositionSolver: Sync {
    /// A position whose children have been requested from memory but not yet read.
    type Pending;
    /// Ranks the children of `position` and prefetches their values.
    fn prepare(&self, position: Canonical) -> Self::Pending;
    /// Reads the children's values and stores the position's.
    fn finish(&self, pending: &Self::Pending);
}

/// Visits every position of `index` so that each position's children are finished before it:
/// by total stones ascending, then potential descending; the positions of one level in
/// parallel. `progress` advances by one per position.
pub(super) fn solve_in_order<S: PositionSolver>(
    geometry: &Geometry,
    index: &Index,
    solver: &S,
    progress: &dyn Progress,
) {
    let max = index.max_stones();
    let all: SquareSet = (1 << SQUARES) - 1;
    let movers = subsets(max, all & !(1 << geometry.mover_target()), |set| {
        geometry.mover_potential(set)
    });
    let opponents = subsets(max, all & !(1 << geometry.opponent_target()), |set| {
        geometry.opponent_potential(set)
    });
    let top = |sets: &Sets| sets.iter().flatten().map(|&(_, p)| p).max().unwrap_or(0);
    let highest = top(&movers) + top(&opponents);
    let by_potential = group_by_potential(&opponents, highest);
    for stones in 2..=2 * max {
        for potential in (0..=highest).rev() {
            let solved: u64 = (stones.saturating_sub(max).max(1)..=max.min(stones - 1))
                .map(|m| {
                    let group = &by_potential[stones - m];
                    movers[m]
                        .par_iter()
                        .map(|&(mover, own)| {
                            let Some(list) = potential
                                .checked_sub(own)
                                .and_then(|p| group.get(p as usize))
                            else {
                                return 0;
                            };
                            solve_all(solver, mover, list)
                        })
                        .sum::<u64>()
                })
                .sum();
            progress.advance(solved);
        }
    }
}

/// Solves the positions of `mover` against each opponent set of `list` that does not overlap
/// it; returns how many there were. Uses the processor's bit-counting instructions where it
/// has them (the default x86-64 target does not assume them, and counting bits is much of the
/// work).
fn solve_all<S: PositionSolver>(solver: &S, mover: SquareSet, list: &[SquareSet]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") && std::arch::is_x86_feature_detected!("bmi1")
    {
        // SAFETY: the processor has the features the function is compiled for.
        return unsafe { solve_all_with_popcnt(solver, mover, list) };
    }
    solve_all_portable(solver, mover, list)
}

/// [`solve_all_portable`] compiled for processors with `popcnt` and BMI1.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1")]
unsafe fn solve_all_with_popcnt<S: PositionSolver>(
    solver: &S,
    mover: SquareSet,
    list: &[SquareSet],
) -> u64 {
    solve_all_portable(solver, mover, list)
}

/// The loop of [`solve_all`], inlined into each compiled version: while the children of one
/// position are being fetched from memory (prefetched), the previous position is finished, so
/// cache misses overlap.
#[inline(always)]
fn solve_all_portable<S: PositionSolver>(solver: &S, mover: SquareSet, list: &[SquareSet]) -> u64 {
    let mut count = 0;
    let mut pending: Option<S::Pending> = None;
    for &opponent in list {
        if opponent & mover == 0 {
            let next = solver.prepare(Canonical { mover, opponent });
            if let Some(ready) = pending.replace(next) {
                solver.finish(&ready);
            }
            count += 1;
        }
    }
    if let Some(ready) = pending {
        solver.finish(&ready);
    }
    count
}

/// Every subset of `within` with 1 to `max` squares, by size, with `potential` of each.
fn subsets(max: usize, within: SquareSet, potential: impl Fn(SquareSet) -> u32) -> Sets {
    let mut sets = vec![Vec::new(); max + 1];
    for set in 1..=within {
        let count = set.count_ones() as usize;
        if set & !within == 0 && count <= max {
            sets[count].push((set, potential(set)));
        }
    }
    sets
}

/// The sets of each size grouped by potential: `[size][potential]`.
fn group_by_potential(sets: &Sets, highest: u32) -> Vec<Vec<Vec<SquareSet>>> {
    sets.iter()
        .map(|of_size| {
            let mut groups = vec![Vec::new(); highest as usize + 1];
            for &(set, potential) in of_size {
                groups[potential as usize].push(set);
            }
            groups
        })
        .collect()
}

/// Perfect play by both sides: the mover's best step for each die.
struct LevelSolver<'a> {
    geometry: &'a Geometry,
    index: &'a Index,
    cells: &'a [AtomicU32],
}

impl PositionSolver for LevelSolver<'_> {
    type Pending = Pending;

    /// The first half of [`position_value`]: the winning steps, and the slots of the other
    /// steps' children, whose cache lines are requested at once.
    #[inline(always)]
    fn prepare(&self, position: Canonical) -> Pending {
        let geometry = self.geometry;
        let rotated_mover = geometry.rotate(position.mover);
        let rotated_opponent = geometry.rotate(position.opponent);
        let mut pending = Pending {
            position,
            slot: self.index.rank(position),
            best: [0; SQUARES],
            slots: [0; MAX_STEPS],
            froms: [0; MAX_STEPS],
            children: 0,
        };
        prefetch(self.cells, pending.slot);
        for from in squares_in(position.mover) {
            for to in squares_in(geometry.forward(from)) {
                if geometry.step_wins(position, to) {
                    pending.best[from as usize] = ONE;
                } else {
                    let child = Canonical {
                        mover: rotated_opponent & !geometry.rotated_bit(to),
                        opponent: (rotated_mover & !geometry.rotated_bit(from))
                            | geometry.rotated_bit(to),
                    };
                    let slot = self.index.rank(child);
                    prefetch(self.cells, slot);
                    pending.slots[pending.children] = slot;
                    pending.froms[pending.children] = from;
                    pending.children += 1;
                }
            }
        }
        pending
    }

    /// The second half: reads the children's values, averages over the die and stores.
    #[inline(always)]
    fn finish(&self, pending: &Pending) {
        let mut best = pending.best;
        let children = pending.children;
        for (&slot, &from) in pending.slots[..children]
            .iter()
            .zip(&pending.froms[..children])
        {
            let value = ONE - self.cells[slot as usize].load(Ordering::Relaxed);
            best[from as usize] = best[from as usize].max(value);
        }
        let value = dice_average(self.geometry, pending.position.mover, &best);
        self.cells[pending.slot as usize].store(value, Ordering::Relaxed);
    }
}

/// A position whose children have been requested from memory but not yet read.
struct Pending {
    position: Canonical,
    /// The position's own slot.
    slot: u64,
    /// The best step of each stone found so far (the winning ones).
    best: [u32; SQUARES],
    /// The children's slots and the square each step leaves.
    slots: [u64; MAX_STEPS],
    froms: [u8; MAX_STEPS],
    children: usize,
}

/// Asks the processor to bring the cache line of `cells[slot]` in (a hint; any slot is safe).
#[inline(always)]
pub(super) fn prefetch<T>(cells: &[T], slot: u64) {
    tafel_core::hint::prefetch(cells.as_ptr().wrapping_add(slot as usize));
}

/// The most forward neighbours a square has.
pub(super) const MAX_FORWARD: usize = 4;

/// The most steps a side has: six stones with at most four forward neighbours each.
pub(super) const MAX_STEPS: usize = MAX_STONES * MAX_FORWARD;

/// The value of `position` before the roll, given the values of the positions after each
/// step (`child`, from the next mover's side): the average over the die of the best step.
pub fn position_value(
    geometry: &Geometry,
    position: Canonical,
    child: impl Fn(Canonical) -> u32,
) -> u32 {
    let mut best = [0; SQUARES];
    for from in squares_in(position.mover) {
        best[from as usize] = squares_in(geometry.forward(from))
            .map(|to| step_value(geometry, position, from, to, &child))
            .max()
            .unwrap_or(0);
    }
    dice_average(geometry, position.mover, &best)
}

/// The value for the mover of the step from `from` to `to`.
pub fn step_value(
    geometry: &Geometry,
    position: Canonical,
    from: u8,
    to: u8,
    child: impl Fn(Canonical) -> u32,
) -> u32 {
    if geometry.step_wins(position, to) {
        ONE
    } else {
        ONE - child(geometry.after_step(position, from, to))
    }
}

/// The average over the six faces of the die of the best step the face allows, given the
/// value of the best step of each of the mover's stones (by square), rounded to the nearest
/// unit.
#[inline(always)]
fn dice_average(geometry: &Geometry, mover: SquareSet, best: &[u32; SQUARES]) -> u32 {
    let mut by_size = [0; MAX_SIZE];
    let mut occupied = 0u8;
    for from in squares_in(mover) {
        let size = geometry.size(from) - 1;
        by_size[size] = by_size[size].max(best[from as usize]);
        occupied |= 1 << size;
    }
    let total: u64 = (1..=MAX_SIZE)
        .map(|die| {
            let sizes = geometry.die_sizes(die, occupied) as SquareSet;
            squares_in(sizes)
                .map(|size| by_size[size as usize])
                .max()
                .unwrap_or(0) as u64
        })
        .sum();
    ((total + MAX_SIZE as u64 / 2) / MAX_SIZE as u64) as u32
}

//! Random playouts specialised to Quarx, the game's [`Game::random_playout`]: the quiet moves
//! (men's steps, kings' slides) are counted rather than listed, and only the chosen one is
//! found, in the order [`Quarx::quiet_moves`] lists them; captures, rare and few, are listed
//! as the rules list them. The men that may jump are found from the enemy pieces, and only
//! when none can are the men's steps counted; whether the side to move has a move at all
//! comes out of the same work instead of a separate test. The hash is kept only while the
//! repetition ban needs it (after a king's slide) and found from scratch otherwise.
//!
//! On processors with BMI2, the loop's second version tests a piece's first jumps and finds a
//! king's slides on all its rays at once (`pext` and `pdep` over tables whose cells pair up
//! ray by ray, [`board::gather`]), instead of ray by ray.
//!
//! Which version runs is [`PlayoutLoop`]'s choice: the processor's best, or the one the
//! environment variable `TAFEL_QUARX_LOOP` names.
//!
//! It draws the same random numbers as the generic loop
//! ([`tafel_core::playout::generic_random_playout`]): one uniform index among the legal moves
//! a ply, the moves in the same order, so it plays exactly the same game for the same
//! generator; the tests check this on many seeds, for every version this processor runs.
//!
//! [`Game::random_playout`]: tafel_core::Game::random_playout
//! [`board::gather`]: super::board::gather

use rand::Rng;
use tafel_core::{Game, Outcome, Player};

use super::board::{cells, find_cell, for_each_cell, has, Cell, Occupancy, Tables};
#[cfg(target_arch = "x86_64")]
use super::board::{gather, scatter};
use super::movegen::{king_jumps, man_jumps};
use super::{Move, PlayoutLoop, Quarx, State, REASON_NO_MOVE, REASON_NO_PIECES, REASON_PLY_LIMIT};

/// Work that runs in the compiled version of the loop [`PlayoutLoop`] names
/// ([`Quarx::run_by`]): a whole playout ([`Playout`]) or one random move ([`Draw`]).
pub(super) trait Versioned {
    /// What the work gives.
    type Output;
    /// Does the work; `BMI2` says whether it may use BMI2's `pext` and `pdep` (only
    /// [`Quarx::run_with_bit_instructions`], compiled for them, passes true).
    fn run<const BMI2: bool>(self, quarx: &Quarx) -> Self::Output;
}

/// A random playout from `state` ([`Quarx::playout`]).
pub(super) struct Playout<'a, R: ?Sized> {
    /// The position, played on to the end.
    pub state: &'a mut State,
    /// The generator of the random moves.
    pub rng: &'a mut R,
    /// Room for the captures of each ply.
    pub buffer: &'a mut Vec<Move>,
}

impl<R: Rng + ?Sized> Versioned for Playout<'_, R> {
    type Output = (Outcome, u64);
    #[inline(always)]
    fn run<const BMI2: bool>(self, quarx: &Quarx) -> (Outcome, u64) {
        quarx.playout::<BMI2, R>(self.state, self.rng, self.buffer)
    }
}

/// One uniformly random legal move of `state` ([`Quarx::draw`]).
pub(super) struct Draw<'a, R: ?Sized> {
    /// The position, where a player is to move.
    pub state: &'a State,
    /// The generator of the move.
    pub rng: &'a mut R,
    /// Room for the captures.
    pub buffer: &'a mut Vec<Move>,
}

impl<R: Rng + ?Sized> Versioned for Draw<'_, R> {
    type Output = Option<Move>;
    #[inline(always)]
    fn run<const BMI2: bool>(self, quarx: &Quarx) -> Option<Move> {
        quarx.draw::<BMI2, R>(self.state, self.rng, self.buffer)
    }
}

impl Quarx {
    /// Plays uniformly random moves from `state` until the game ends; returns the outcome and
    /// the number of moves played. `buffer` holds the captures of each ply. Runs the version
    /// of the loop [`PlayoutLoop::active`] names: the processor's bit instructions where it
    /// has them ([`crate::cpu`]: counting the men's steps and testing cells is much of the
    /// work), unless `TAFEL_QUARX_LOOP` picks another.
    pub(super) fn random_playout_counting<R: Rng + ?Sized>(
        &self,
        state: &mut State,
        rng: &mut R,
        buffer: &mut Vec<Move>,
    ) -> (Outcome, u64) {
        // SAFETY: the active version is one this processor runs.
        unsafe { self.playout_by(self.active_loop, state, rng, buffer) }
    }

    /// A uniformly random legal move of `state`, where a player is to move
    /// ([`tafel_core::Game::random_move`]): the playout's draw ([`Quarx::draw`]) in the version
    /// of the loop [`PlayoutLoop::active`] names, the same move as drawing an index among
    /// [`tafel_core::Game::legal_moves`]'s list would be for the same generator.
    pub(super) fn random_move_counting<R: Rng + ?Sized>(
        &self,
        state: &State,
        rng: &mut R,
        buffer: &mut Vec<Move>,
    ) -> Move {
        let draw = Draw { state, rng, buffer };
        // SAFETY: the active version is one this processor runs.
        unsafe { self.run_by(self.active_loop, draw) }
            .expect("a position where a player is to move has a legal move")
    }

    /// [`Quarx::random_playout_counting`] by the version `version` of the loop.
    ///
    /// # Safety
    ///
    /// The processor must run `version` ([`PlayoutLoop::runs_here`]).
    #[inline]
    pub(super) unsafe fn playout_by<R: Rng + ?Sized>(
        &self,
        version: PlayoutLoop,
        state: &mut State,
        rng: &mut R,
        buffer: &mut Vec<Move>,
    ) -> (Outcome, u64) {
        let playout = Playout { state, rng, buffer };
        // SAFETY: the caller promises that the processor runs `version`.
        unsafe { self.run_by(version, playout) }
    }

    /// Does `work` in the version `version` of the loop.
    ///
    /// # Safety
    ///
    /// The processor must run `version` ([`PlayoutLoop::runs_here`]).
    #[inline]
    pub(super) unsafe fn run_by<W: Versioned>(&self, version: PlayoutLoop, work: W) -> W::Output {
        match version {
            #[cfg(target_arch = "x86_64")]
            PlayoutLoop::Bmi2 => {
                // SAFETY: the caller promises that the processor runs `version`, that is has
                // the features the function is compiled for.
                unsafe { self.run_with_bit_instructions::<true, W>(work) }
            }
            #[cfg(target_arch = "x86_64")]
            PlayoutLoop::Bmi2NoPdep => {
                // SAFETY: as above.
                unsafe { self.run_with_bit_instructions::<false, W>(work) }
            }
            _ => work.run::<false>(self),
        }
    }

    /// `work` compiled for processors with `popcnt` and BMI (the capture search, the kings'
    /// slides and the move inlined into it too, except the recursive search), where BMI2's
    /// `pext` and `pdep` also test the jumps of a piece and count a king's slides on all its
    /// rays at once ([`board::gather`](super::board::gather)).
    ///
    /// `pext` and `pdep` only where `DEPOSIT` says so: they take a few cycles on Intel
    /// processors since Haswell and AMD's since Zen 3, but AMD's Zen 1 and 2 run them in
    /// microcode, far slower ([`crate::cpu::has_fast_bit_deposit`]), so there the loop is the
    /// portable one compiled for the other bit instructions.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    pub(super) fn run_with_bit_instructions<const DEPOSIT: bool, W: Versioned>(
        &self,
        work: W,
    ) -> W::Output {
        work.run::<DEPOSIT>(self)
    }

    /// The loop of [`Quarx::random_playout_counting`], inlined into each compiled version;
    /// `BMI2` says whether it uses BMI2's `pext` and `pdep` (only
    /// [`Quarx::run_with_bit_instructions`], compiled for them, may pass true).
    #[inline(always)]
    pub(super) fn playout<const BMI2: bool, R: Rng + ?Sized>(
        &self,
        state: &mut State,
        rng: &mut R,
        buffer: &mut Vec<Move>,
    ) -> (Outcome, u64) {
        let mut plies = 0;
        // The hash matters only to the repetition ban, that is while positions are
        // remembered (after a king's slide): it is kept only for kings' slides, found from
        // scratch before one that follows another move, and at the end.
        let mut hashed = true;
        let outcome = loop {
            let winner = Player(1 - state.side);
            if state.sides().0 == 0 {
                break Outcome::win(winner, REASON_NO_PIECES);
            }
            if self.limit_reached(state) {
                break if self.has_move(state) {
                    Outcome::draw(REASON_PLY_LIMIT)
                } else {
                    Outcome::win(winner, REASON_NO_MOVE)
                };
            }
            let Some(mv) = self.draw::<BMI2, R>(state, rng, buffer) else {
                break Outcome::win(winner, REASON_NO_MOVE);
            };
            if mv.captured == 0 && has(state.kings, mv.from) {
                if !hashed {
                    state.hash = self.hash_from_scratch(state);
                    hashed = true;
                }
                self.play(state, mv);
            } else {
                self.play_unhashed(state, mv);
                hashed = false;
            }
            plies += 1;
        };
        if !hashed {
            state.hash = self.hash_from_scratch(state);
        }
        (outcome, plies)
    }

    /// A uniformly random legal move of `state` (within the ply limit), `None` when it has
    /// none: the quiet moves counted and only the one drawn found (`buffer` left empty), the
    /// captures listed into `buffer` (then the legal moves); one index drawn among the moves
    /// in [`Game::legal_moves`]'s order, as the generic loop draws. (Inlined into each
    /// compiled version, as [`Quarx::playout`] is.)
    ///
    /// [`Game::legal_moves`]: tafel_core::Game::legal_moves
    #[inline(always)]
    fn draw<const BMI2: bool, R: Rng + ?Sized>(
        &self,
        state: &State,
        rng: &mut R,
        buffer: &mut Vec<Move>,
    ) -> Option<Move> {
        match self.quiet_move_count::<BMI2>(state) {
            Ok(0) => None,
            Ok(count) => {
                buffer.clear();
                Some(self.quiet_move::<BMI2>(state, index_below(rng, count)))
            }
            Err(jumping_men) => {
                let kings = state.sides().0 & state.kings;
                self.captures_by::<BMI2>(state, jumping_men, kings, buffer);
                Some(buffer[index_below(rng, buffer.len())])
            }
        }
    }

    /// How many moves [`Quarx::quiet_moves`] lists, or, when a capture is due (a piece of the
    /// side to move has a first jump, so that the legal moves are captures), the men that
    /// have a first jump.
    #[inline(always)]
    fn quiet_move_count<const BMI2: bool>(&self, state: &State) -> Result<usize, u128> {
        let (own, enemy) = state.sides();
        let occupied = own | enemy;
        let t = &self.tables;
        let (men, kings) = (own & !state.kings, own & state.kings);
        // Only men next to an enemy piece with a cell behind it can jump: found from the
        // enemy pieces, so that the test runs for few men.
        let mut jumping_men = 0;
        for_each_cell(men & t.jumpers_of(enemy), |from| {
            jumping_men |= u128::from(man_jumps::<BMI2>(t, from, occupied, enemy)) << from;
        });
        if jumping_men != 0 {
            return Err(jumping_men);
        }
        if cells(kings).any(|from| king_jumps::<BMI2>(t, from, occupied, enemy)) {
            return Err(0);
        }
        let forward = &t.forward[state.side as usize];
        let mut count = 0;
        for_each_cell(men, |from| {
            count += (forward[from as usize] & !occupied).count_ones() as usize;
        });
        let occupancy = Occupancy::new(occupied);
        for from in cells(kings) {
            count += self.king_slide_count::<BMI2>(state, from, occupied, &occupancy);
        }
        Ok(count)
    }

    /// How many slides [`Quarx::king_slides`] visits for the king on `from`: with no position
    /// remembered (no slide can repeat one), the sum of its rays' open cells, without a
    /// branch per cell.
    #[inline(always)]
    fn king_slide_count<const BMI2: bool>(
        &self,
        state: &State,
        from: Cell,
        occupied: u128,
        occupancy: &Occupancy,
    ) -> usize {
        #[cfg(target_arch = "x86_64")]
        if BMI2 {
            // SAFETY: only the version compiled for BMI2 passes `BMI2`.
            let open = unsafe { king_slide_targets_bmi2(&self.tables, from, occupied) };
            if state.history.is_empty() {
                return open.count_ones() as usize;
            }
            let mut count = 0;
            for_each_cell(open, |to| {
                count += usize::from(!self.repeats(state, from, to))
            });
            return count;
        }
        if state.history.is_empty() {
            let rays = self.tables.rays(from);
            return rays.iter().map(|ray| ray.open(occupancy) as usize).sum();
        }
        let mut count = 0;
        self.king_slides(state, from, occupied, |_| {
            count += 1;
            true
        });
        count
    }

    /// The move number `index` (from 0) of the list [`Quarx::quiet_moves`] makes, which must
    /// be that long.
    #[inline(always)]
    fn quiet_move<const BMI2: bool>(&self, state: &State, mut index: usize) -> Move {
        let (own, enemy) = state.sides();
        let empty = !(own | enemy);
        let forward = &self.tables.forward[state.side as usize];
        let step = |from: Cell, to: Cell| Move {
            from,
            to,
            captured: 0,
        };
        let man_step = find_cell(own & !state.kings, |from| {
            let targets = forward[from as usize] & empty;
            let count = targets.count_ones() as usize;
            if index < count {
                return Some(step(from, nth_cell::<BMI2>(targets, index)));
            }
            index -= count;
            None
        });
        if let Some(mv) = man_step {
            return mv;
        }
        let occupancy = Occupancy::new(!empty);
        for from in cells(own & state.kings) {
            if state.history.is_empty() {
                // Every open cell is a slide: find the ray by the open cells' counts.
                for ray in self.tables.rays(from) {
                    let open = ray.open(&occupancy) as usize;
                    if index < open {
                        return step(from, ray.cells[index]);
                    }
                    index -= open;
                }
                continue;
            }
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

/// A uniform index below `len` (at least 1), the one the generic loop's
/// `rng.random_range(0..len)` on a `usize` draws: `rand` samples a `usize` range that fits 32
/// bits as the same `u32` range, which the compiler inlines, where the `usize` range is a call.
#[inline(always)]
fn index_below<R: Rng + ?Sized>(rng: &mut R, len: usize) -> usize {
    match u32::try_from(len) {
        Ok(len) => rng.random_range(0..len) as usize,
        Err(_) => rng.random_range(0..len),
    }
}

/// The cells the king on `from` may slide to unless the repetition ban forbids it, for
/// processors with BMI2: its rays' first cells that are empty, their second cells that are
/// empty behind an empty first ([`Tables::landings`], in the same order as
/// [`Tables::jumpable`]), and their third cells likewise, found set by set instead of ray by
/// ray.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi2")]
#[inline]
pub(super) fn king_slide_targets_bmi2(t: &Tables, from: Cell, occupied: u128) -> u128 {
    let (cell, empty) = (from as usize, !occupied);
    let second = scatter(gather(empty, t.jumpable[cell]), t.landings[cell]) & empty;
    let third = scatter(gather(second, t.far_jumpable[cell]), t.far_landings[cell]) & empty;
    t.neighbours[cell] & empty | second | third
}

/// The cell number `index` (from 0, below the set's size) of `set`, by BMI2's `pdep` in the
/// loop compiled for it.
#[inline(always)]
fn nth_cell<const BMI2: bool>(set: u128, index: usize) -> Cell {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: only the version compiled for BMI2 passes `BMI2`.
        return unsafe { scatter(1 << index, set) }.trailing_zeros() as Cell;
    }
    cells(set)
        .nth(index)
        .expect("the index is below the set's size")
}

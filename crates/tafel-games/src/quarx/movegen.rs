//! Move generation: compulsory maximum captures found by a depth-first search on bitboards,
//! otherwise men's steps and kings' slides (minus the slides the repetition ban forbids).
//!
//! Nothing here allocates: the search recurses on the call stack and writes into the caller's
//! vector, and jump orders with the same start, end and captured set are merged on the fly.

use super::board::{bit, cells, find_cell, for_each_cell, has, Cell, Tables};
#[cfg(target_arch = "x86_64")]
use super::board::{gather, scatter};
use super::{Move, Quarx, State};

/// The search for the longest capture sequences of one side.
struct CaptureSearch<'a> {
    tables: &'a Tables,
    /// The opponent's pieces (captured ones included: they stay until the move ends).
    enemy: u128,
    /// Every piece on the board except the one that moves (its start counts as empty).
    occupied: u128,
    /// The moving piece's start.
    from: Cell,
    /// Whether the moving piece is a king.
    king: bool,
    /// The most pieces any sequence found so far captures.
    best: u32,
    /// Where in `out` the moving piece's sequences begin (for merging jump orders).
    piece_start: usize,
    out: &'a mut Vec<Move>,
}

impl CaptureSearch<'_> {
    /// Extends a sequence standing on `at` having captured `captured` (`count` pieces): in
    /// the version compiled for BMI2 when `BMI2` (only code compiled for it may pass true),
    /// so that the search's bit instructions are inlined rather than called.
    #[inline(always)]
    fn extend<const BMI2: bool>(&mut self, at: Cell, captured: u128, count: u32) {
        #[cfg(target_arch = "x86_64")]
        if BMI2 {
            // SAFETY: only code compiled for BMI2 passes `BMI2`.
            return unsafe { self.extend_bmi2(at, captured, count) };
        }
        self.extend_portable(at, captured, count)
    }

    /// [`CaptureSearch::extend`] for every processor.
    fn extend_portable(&mut self, at: Cell, captured: u128, count: u32) {
        self.search::<false>(at, captured, count);
    }

    /// [`CaptureSearch::extend`] compiled for `popcnt`, BMI1 and BMI2: a man's jumps found
    /// with `pext` and `pdep` ([`jumpable_overs`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    fn extend_bmi2(&mut self, at: Cell, captured: u128, count: u32) {
        self.search::<true>(at, captured, count);
    }

    /// The body of [`CaptureSearch::extend`], inlined into each compiled version.
    #[inline(always)]
    fn search<const BMI2: bool>(&mut self, at: Cell, captured: u128, count: u32) {
        let mut extended = false;
        let (tables, occupied) = (self.tables, self.occupied);
        if self.king {
            let targets = self.enemy & !captured;
            let rays = tables.rays(at);
            // Only the rays with a target that has a cell behind it, in direction order.
            let mut jumpable_rays = 0u64;
            for_each_cell(
                (tables.jumpable[at as usize] | tables.far_jumpable[at as usize]) & targets,
                |over| jumpable_rays |= 1 << tables.ray_of[at as usize][over as usize],
            );
            while jumpable_rays != 0 {
                let ray = &rays[jumpable_rays.trailing_zeros() as usize];
                jumpable_rays &= jumpable_rays - 1;
                let mut along = ray.iter().skip_while(|&c| !has(occupied, c));
                match along.next() {
                    Some(over) if has(targets, over) => {
                        for land in along {
                            if has(occupied, land) {
                                break;
                            }
                            extended = true;
                            self.extend::<BMI2>(land, captured | bit(over), count + 1);
                        }
                    }
                    _ => {}
                }
            }
        } else {
            let targets = self.enemy & !captured;
            for over in cells(jumpable_overs::<BMI2>(tables, at, occupied, targets)) {
                let land = tables.beyond[at as usize][over as usize];
                if BMI2 || !has(occupied, land) {
                    extended = true;
                    self.extend::<BMI2>(land, captured | bit(over), count + 1);
                }
            }
        }
        if !extended && count > 0 {
            self.record(at, captured, count);
        }
    }

    /// Keeps a finished sequence if it captures at least as many pieces as the best so far.
    fn record(&mut self, to: Cell, captured: u128, count: u32) {
        if count < self.best {
            return;
        }
        if count > self.best {
            self.best = count;
            self.out.clear();
            self.piece_start = 0;
        } else if self.out[self.piece_start..]
            .iter()
            .any(|m| m.to == to && m.captured == captured)
        {
            return;
        }
        self.out.push(Move {
            from: self.from,
            to,
            captured,
        });
    }
}

/// Whether a king on `at` can jump one of `targets`: the first piece along some ray, one or
/// two steps away, is a target with an empty cell behind it. A quick test that spares most
/// kings the scan of all their rays.
#[inline]
pub(super) fn king_can_jump(tables: &Tables, at: Cell, occupied: u128, targets: u128) -> bool {
    let (beyond, middle) = (&tables.beyond[at as usize], &tables.middle[at as usize]);
    let empty = |cell: Cell| !has(occupied, cell);
    // Every target tested, as in [`man_can_jump`].
    let mut jumps = false;
    for_each_cell(tables.jumpable[at as usize] & targets, |over| {
        jumps |= empty(beyond[over as usize]);
    });
    for_each_cell(tables.far_jumpable[at as usize] & targets, |over| {
        jumps |= empty(middle[over as usize]) & empty(beyond[over as usize]);
    });
    jumps
}

impl Quarx {
    /// Fills `out` with the side to move's captures of maximum length; leaves it empty when
    /// no capture is possible.
    pub(super) fn captures(&self, state: &State, out: &mut Vec<Move>) {
        let own = state.sides().0;
        self.captures_by::<false>(state, own & !state.kings, own & state.kings, out);
    }

    /// Fills `out` with the longest capture sequences of the piece of the side to move on
    /// `from` alone (empty when it cannot capture). Where that piece has one of the legal
    /// captures, these are exactly the legal moves from `from`: what numbering a capture
    /// needs, without searching the other pieces.
    pub fn captures_from(&self, state: &State, from: Cell, out: &mut Vec<Move>) {
        let piece = bit(from) & state.sides().0;
        self.captures_by::<false>(state, piece & !state.kings, piece & state.kings, out);
    }

    /// [`Quarx::captures`], trying only the men `men` and the kings `kings` of the side to
    /// move: the caller may leave out men it knows have no first jump.
    ///
    /// A man's first jump is tested here, without entering the search: most men on most plies
    /// have none. (Inlined, so that the playout's version for `popcnt` and BMI has its own.)
    /// `BMI2`: whether the caller is compiled for BMI2 (only such code may pass true).
    #[inline(always)]
    pub(super) fn captures_by<const BMI2: bool>(
        &self,
        state: &State,
        men: u128,
        kings: u128,
        out: &mut Vec<Move>,
    ) {
        out.clear();
        let (own, enemy) = state.sides();
        let t = &self.tables;
        let mut search = CaptureSearch {
            tables: t,
            enemy,
            occupied: 0,
            from: 0,
            king: false,
            best: 0,
            piece_start: 0,
            out,
        };
        // Plain loops rather than [`for_each_cell`]'s closure, which the compiler keeps out of
        // line and so outside the caller's version compiled for BMI2.
        for from in cells(men) {
            let occupied = (own | enemy) & !bit(from);
            let overs = jumpable_overs::<BMI2>(t, from, occupied, enemy);
            if overs == 0 {
                continue;
            }
            let mut started = false;
            for over in cells(overs) {
                let land = t.beyond[from as usize][over as usize];
                if !BMI2 && has(occupied, land) {
                    continue;
                }
                if !started {
                    started = true;
                    search.from = from;
                    search.occupied = occupied;
                    search.piece_start = search.out.len();
                }
                search.extend::<BMI2>(land, bit(over), 1);
            }
        }
        search.king = true;
        for from in cells(kings) {
            let occupied = (own | enemy) & !bit(from);
            if king_jumps::<BMI2>(t, from, occupied, enemy) {
                search.from = from;
                search.occupied = occupied;
                search.piece_start = search.out.len();
                search.extend::<BMI2>(from, 0, 0);
            }
        }
    }

    /// Appends the side to move's non-capturing moves: men step forward, kings slide, except
    /// slides that would recreate a position of the game.
    pub(super) fn quiet_moves(&self, state: &State, out: &mut Vec<Move>) {
        let (own, enemy) = state.sides();
        let empty = !(own | enemy);
        let side = state.side as usize;
        let forward = &self.tables.forward[side];
        for_each_cell(own & !state.kings, |from| {
            for_each_cell(forward[from as usize] & empty, |to| {
                out.push(Move {
                    from,
                    to,
                    captured: 0,
                })
            })
        });
        for from in cells(own & state.kings) {
            self.king_slides(state, from, !empty, |to| {
                out.push(Move {
                    from,
                    to,
                    captured: 0,
                });
                true
            });
        }
    }

    /// Calls `visit` with each cell the king on `from` may slide to (along each direction up
    /// to the first occupied cell, minus cells that would recreate a position) until `visit`
    /// returns false; returns whether every cell was visited. (Inlined, as
    /// [`Quarx::captures_by`] is.)
    #[inline(always)]
    pub(super) fn king_slides(
        &self,
        state: &State,
        from: Cell,
        occupied: u128,
        mut visit: impl FnMut(Cell) -> bool,
    ) -> bool {
        // Membership is tested on the 64-bit halves: cheaper than a 128-bit mask per cell.
        let halves = [occupied as u64, (occupied >> 64) as u64];
        let remembers = !state.history.is_empty();
        for ray in self.tables.rays(from) {
            for to in ray.iter() {
                if halves[usize::from(to >> 6)] >> (to & 63) & 1 != 0 {
                    break;
                }
                let allowed = !remembers || !self.repeats(state, from, to);
                if allowed && !visit(to) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether sliding the king on `from` to `to` recreates a position seen since the last
    /// capture or man's move.
    #[inline]
    pub(super) fn repeats(&self, state: &State, from: Cell, to: Cell) -> bool {
        let kind = super::KIND_KING + 2 * state.side as usize;
        let after =
            state.hash ^ self.piece_key(from, kind) ^ self.piece_key(to, kind) ^ self.side_key;
        state.history.contains(after)
    }

    /// Whether the side to move has any legal move, without listing them: a man's step or a
    /// king's slide that does not repeat, or else the first jump of a capture.
    pub(super) fn has_move(&self, state: &State) -> bool {
        let (own, enemy) = state.sides();
        let occupied = own | enemy;
        let side = state.side as usize;
        let forward = &self.tables.forward[side];
        let stepping = |from: Cell| (forward[from as usize] & !occupied != 0).then_some(());
        if find_cell(own & !state.kings, stepping).is_some() {
            return true;
        }
        if cells(own & state.kings).any(|from| !self.king_slides(state, from, occupied, |_| false))
        {
            return true;
        }
        cells(own).any(|from| self.can_jump(state, from, own | enemy, enemy))
    }

    /// Whether the piece on `from` can make a first jump.
    fn can_jump(&self, state: &State, from: Cell, occupied: u128, enemy: u128) -> bool {
        let t = &self.tables;
        if has(state.kings, from) {
            return king_can_jump(t, from, occupied, enemy);
        }
        man_can_jump(t, from, occupied, enemy)
    }
}

/// Whether a man on `from` can jump one of `targets`: a neighbour among them with an empty
/// cell behind it.
#[inline]
pub(super) fn man_can_jump(tables: &Tables, from: Cell, occupied: u128, targets: u128) -> bool {
    let beyond = &tables.beyond[from as usize];
    // Every target tested, without leaving at the first jump found: one branch less that
    // random positions make unforeseeable.
    let mut jumps = false;
    for_each_cell(tables.jumpable[from as usize] & targets, |over| {
        jumps |= !has(occupied, beyond[over as usize]);
    });
    jumps
}

/// [`man_can_jump`] without a loop, for processors with BMI2: the targets among the
/// neighbours and the empty cells behind them, each gathered in the order of the rays
/// ([`Tables::landings`]), meet on a ray where a jump is possible.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi2")]
#[inline]
pub(super) fn man_can_jump_bmi2(
    tables: &Tables,
    from: Cell,
    occupied: u128,
    targets: u128,
) -> bool {
    let cell = from as usize;
    gather(targets, tables.jumpable[cell]) & gather(!occupied, tables.landings[cell]) != 0
}

/// [`king_can_jump`] without a loop, for processors with BMI2 (as [`man_can_jump_bmi2`]):
/// a target next to the king with an empty cell behind it, or a target two steps away with
/// the cells before and behind it empty.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi2")]
#[inline]
pub(super) fn king_can_jump_bmi2(tables: &Tables, at: Cell, occupied: u128, targets: u128) -> bool {
    let (cell, empty) = (at as usize, !occupied);
    let near = gather(targets, tables.jumpable[cell]) & gather(empty, tables.landings[cell]);
    let far = gather(targets, tables.far_jumpable[cell])
        & gather(empty, tables.far_middles[cell])
        & gather(empty, tables.far_landings[cell]);
    near | far != 0
}

/// [`man_can_jump`], or its version for BMI2 in the code compiled for it
/// (only that code may pass `BMI2`).
#[inline(always)]
pub(super) fn man_jumps<const BMI2: bool>(
    t: &Tables,
    from: Cell,
    occupied: u128,
    enemy: u128,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: only the version compiled for BMI2 passes `BMI2`.
        return unsafe { man_can_jump_bmi2(t, from, occupied, enemy) };
    }
    man_can_jump(t, from, occupied, enemy)
}

/// [`king_can_jump`], or its version for BMI2 in the code compiled for it
/// (only that code may pass `BMI2`).
#[inline(always)]
pub(super) fn king_jumps<const BMI2: bool>(
    t: &Tables,
    at: Cell,
    occupied: u128,
    enemy: u128,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: only the version compiled for BMI2 passes `BMI2`.
        return unsafe { king_can_jump_bmi2(t, at, occupied, enemy) };
    }
    king_can_jump(t, at, occupied, enemy)
}

/// The pieces among `targets` that a man on `from` could jump: with BMI2 only those with an
/// empty cell behind them (the neighbours' landings gathered and put back in front of them),
/// else all those next to it, to be tested one by one.
#[inline(always)]
fn jumpable_overs<const BMI2: bool>(t: &Tables, from: Cell, occupied: u128, targets: u128) -> u128 {
    let cell = from as usize;
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: only code compiled for BMI2 passes `BMI2`.
        let open = unsafe { scatter(gather(!occupied, t.landings[cell]), t.jumpable[cell]) };
        return open & targets;
    }
    t.jumpable[cell] & targets
}

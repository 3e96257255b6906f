//! The hypercube: the 128 playable cells, their names, the 40 directions and the tables of
//! jumps and rays that move generation reads.
//!
//! A cell `xyab` (digits 1..4) is playable when its digit sum is even. With 0-based
//! coordinates, the parity of `x` follows from `y`, `a` and `b`, so the playable cells are
//! numbered `x / 2 + 2y + 8a + 32b` (0..128) and a set of cells is one `u128`.

use tafel_core::{reason, ParseError};

/// A playable cell, 0..128.
pub type Cell = u8;

/// Number of playable cells.
pub const CELLS: usize = 128;

/// Marks a missing cell in the tables (off the board).
pub const NONE: Cell = u8::MAX;

/// The set holding only `cell`.
#[inline]
pub const fn bit(cell: Cell) -> u128 {
    1u128 << cell
}

/// Whether `cell` is in `set`, tested on the 64-bit half that holds it: cheaper than a
/// 128-bit mask, which the hot loops would otherwise shift into place for every test. The
/// half is picked by a shift of 0 or 64, not a branch (random games pick either half at
/// random).
#[inline(always)]
pub fn has(set: u128, cell: Cell) -> bool {
    let half = (set >> (cell & 64)) as u64;
    half >> (cell & 63) & 1 != 0
}

/// The cells of a set, lowest index first (one 64-bit half at a time, which is cheaper than
/// stepping through a `u128`).
#[inline]
pub fn cells(set: u128) -> impl Iterator<Item = Cell> {
    let (mut low, mut high) = (set as u64, (set >> 64) as u64);
    std::iter::from_fn(move || {
        if low != 0 {
            let cell = low.trailing_zeros() as Cell;
            low &= low - 1;
            Some(cell)
        } else if high != 0 {
            let cell = high.trailing_zeros() as Cell + 64;
            high &= high - 1;
            Some(cell)
        } else {
            None
        }
    })
}

/// Calls `visit` with each cell of a set, lowest index first: the same order as [`cells`],
/// but as two plain loops over the 64-bit halves, which keeps the hottest loops (men's
/// steps) in registers.
#[inline(always)]
pub fn for_each_cell(set: u128, mut visit: impl FnMut(Cell)) {
    let mut low = set as u64;
    while low != 0 {
        visit(low.trailing_zeros() as Cell);
        low &= low - 1;
    }
    let mut high = (set >> 64) as u64;
    while high != 0 {
        visit(high.trailing_zeros() as Cell + 64);
        high &= high - 1;
    }
}

/// The first `Some` that `visit` returns for the cells of a set, lowest index first, `None`
/// if it returns none: [`for_each_cell`]'s two plain loops for a search that stops early
/// (cheaper than [`cells`], which tests which half it is in at every cell).
#[inline(always)]
pub fn find_cell<T>(set: u128, mut visit: impl FnMut(Cell) -> Option<T>) -> Option<T> {
    for (half, base) in [(set as u64, 0), ((set >> 64) as u64, 64)] {
        let mut rest = half;
        while rest != 0 {
            if let Some(found) = visit(rest.trailing_zeros() as Cell + base) {
                return Some(found);
            }
            rest &= rest - 1;
        }
    }
    None
}

/// The bits of `set` at the cells of `mask` (at most 64 cells), packed from bit 0 in the
/// order of the cells: BMI2's `pext` on each half. With the tables whose cells correspond in
/// order ([`Tables::landings`]), a question about every ray of a cell is a few instructions
/// instead of a loop over the rays.
///
/// # Safety
///
/// The processor must have BMI2 and `popcnt` (what the playout loops test at run time); code
/// compiled for them calls it safely.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi2")]
#[inline]
pub fn gather(set: u128, mask: u128) -> u64 {
    use std::arch::x86_64::_pext_u64;
    let (low, high) = (mask as u64, (mask >> 64) as u64);
    // With 64 cells in the low half the high half has none (its bits are 0, whatever the
    // shift).
    _pext_u64(set as u64, low) | _pext_u64((set >> 64) as u64, high) << (low.count_ones() & 63)
}

/// The inverse of [`gather`]: the packed `bits` put back on the cells of `mask`, in order
/// (BMI2's `pdep` on each half).
///
/// # Safety
///
/// As for [`gather`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi2")]
#[inline]
pub fn scatter(bits: u64, mask: u128) -> u128 {
    use std::arch::x86_64::_pdep_u64;
    let (low, high) = (mask as u64, (mask >> 64) as u64);
    let high_bits = _pdep_u64(bits >> (low.count_ones() & 63), high);
    u128::from(_pdep_u64(bits, low)) | u128::from(high_bits) << 64
}

/// The 0-based coordinates `[x, y, a, b]` of a cell.
pub const fn coords(cell: Cell) -> [u8; 4] {
    let y = (cell >> 1) & 3;
    let a = (cell >> 3) & 3;
    let b = (cell >> 5) & 3;
    let x = 2 * (cell & 1) + ((y + a + b) & 1);
    [x, y, a, b]
}

/// The cell at 0-based coordinates, or `None` off the board or on an unplayable cell.
pub fn cell_at(c: [i8; 4]) -> Option<Cell> {
    if c.iter().any(|&v| !(0..4).contains(&v)) || c.iter().sum::<i8>() % 2 != 0 {
        return None;
    }
    let [x, y, a, b] = c.map(|v| v as u8);
    Some((x >> 1) | y << 1 | a << 3 | b << 5)
}

/// The cell's name as a number, `1111`..`4444`: names compare like the cells' notation.
pub fn name_value(cell: Cell) -> u16 {
    coords(cell)
        .iter()
        .fold(0, |acc, &d| acc * 10 + u16::from(d) + 1)
}

/// The cell's four-digit name (`2233`).
pub fn name(cell: Cell) -> String {
    name_value(cell).to_string()
}

/// Reads a four-digit cell name; the error says what is wrong with it.
pub fn parse_name(text: &str) -> Result<Cell, ParseError> {
    let digits: Vec<i8> = text
        .chars()
        .enumerate()
        .map(|(at, ch)| match ch {
            '1'..='4' => Ok(ch as i8 - b'1' as i8),
            _ => Err(ParseError::at(
                "cell",
                text,
                at,
                reason!(
                    "quarx-cell-digit",
                    "`{ch}` in cell `{text}` is not a digit 1 to 4",
                    ch,
                    text
                ),
            )),
        })
        .collect::<Result<_, _>>()?;
    if digits.len() != 4 {
        return Err(ParseError::new(
            "cell",
            text,
            reason!(
                "quarx-cell-length",
                "a cell is four digits xyab, got `{text}`",
                text
            ),
        ));
    }
    cell_at([digits[0], digits[1], digits[2], digits[3]]).ok_or_else(|| {
        ParseError::new(
            "cell",
            text,
            reason!(
                "quarx-cell-odd",
                "cell {text} is not playable (its digit sum is odd)",
                text
            ),
        )
    })
}

/// The 40 unit directions: two components +-1 and two 0, or all four +-1.
pub fn directions() -> Vec<[i8; 4]> {
    let mut out = Vec::with_capacity(40);
    for code in 0..81 {
        let mut v = [0i8; 4];
        let mut rest = code;
        for component in &mut v {
            *component = (rest % 3) as i8 - 1;
            rest /= 3;
        }
        let moving = v.iter().filter(|&&c| c != 0).count();
        if moving == 2 || moving == 4 {
            out.push(v);
        }
    }
    out
}

/// The cells along one direction from a cell, nearest first.
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    /// The ray's cells, nearest first, padded with NONE.
    pub cells: [Cell; 3],
}

impl Ray {
    /// The ray's cells, nearest first (one to three).
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells.iter().copied().take_while(|&c| c != NONE)
    }

    /// How many of the ray's cells are empty before the first piece or the edge (0 to 3): the
    /// slides along it. Three bit tests and no branch, so that no loop ends at a cell the
    /// processor cannot foresee.
    #[inline(always)]
    pub fn open(&self, occupancy: &Occupancy) -> u32 {
        let [near, far, farthest] = self.cells.map(|cell| occupancy.blocks(cell));
        (near | far << 1 | farthest << 2 | 8).trailing_zeros()
    }
}

/// The occupied cells as four 64-bit words, the last two full: [`NONE`] (255) falls in the
/// fourth and reads as occupied, so that a ray's padding ends it like a piece.
#[derive(Clone, Copy, Debug)]
pub struct Occupancy([u64; 4]);

impl Occupancy {
    /// The occupancy of the set `occupied`.
    #[inline(always)]
    pub fn new(occupied: u128) -> Self {
        Occupancy([occupied as u64, (occupied >> 64) as u64, !0, !0])
    }

    /// 1 if `cell` holds a piece or is [`NONE`], else 0.
    #[inline(always)]
    pub fn blocks(&self, cell: Cell) -> u32 {
        (self.0[usize::from(cell >> 6)] >> (cell & 63)) as u32 & 1
    }
}

/// Precomputed geometry: the rays from every cell, the pieces a man or king may jump and the
/// cells around such a jump, and the cells a man may step to.
#[derive(Clone, Debug)]
pub struct Tables {
    /// The non-empty rays of all cells, cell by cell in direction order.
    rays: Vec<Ray>,
    /// `rays[ray_start[cell]..ray_start[cell + 1]]` are the rays from `cell`.
    ray_start: [u16; CELLS + 1],
    /// The neighbours of a cell that have a cell behind them: the pieces a man there could
    /// jump over.
    pub jumpable: [u128; CELLS],
    /// `jumpers[cell]`: the cells from which a man could jump a piece on `cell` (those whose
    /// [`Tables::jumpable`] hold it).
    pub jumpers: [u128; CELLS],
    /// `jumpers_by_byte[group][byte]`: the union of [`Tables::jumpers`] of the cells
    /// `8 * group + i` for the bits `i` of `byte`, so that the men that may capture are found
    /// from the enemy pieces in sixteen look-ups ([`Tables::jumpers_of`]) rather than one per
    /// piece (64 KiB).
    jumpers_by_byte: [[u128; 256]; CELLS / 8],
    /// The cells two steps from a cell along a ray that has a third cell: the pieces a king
    /// there could jump from a distance (a king's landing is at most three steps away).
    pub far_jumpable: [u128; CELLS],
    /// Every ray's first cell: the cells next to a cell.
    pub neighbours: [u128; CELLS],
    /// The cells behind [`Tables::jumpable`], seen from the cell: the rays' second cells.
    /// Their order by cell is that of the cells in front of them (a ray's cells grow with
    /// its direction, in the order of cells), so the n-th of one set and the n-th of the
    /// other are on one ray: what [`gather`] and [`scatter`] rely on.
    pub landings: [u128; CELLS],
    /// The first cells of the rays that have a third: the cells between a cell and its
    /// [`Tables::far_jumpable`], in the same order.
    pub far_middles: [u128; CELLS],
    /// The rays' third cells, behind [`Tables::far_jumpable`], in the same order.
    pub far_landings: [u128; CELLS],
    /// `beyond[from][over]`: the cell behind `over` seen from `from`, for `over` one step
    /// ([`Tables::jumpable`]) or two steps ([`Tables::far_jumpable`]) away; NONE otherwise.
    pub beyond: [[Cell; CELLS]; CELLS],
    /// `middle[from][over]`: the cell between `from` and a cell two steps away along a ray.
    pub middle: [[Cell; CELLS]; CELLS],
    /// `ray_of[from][cell]`: the position, in [`Tables::rays`] of `from`, of the ray through
    /// `cell` (for cells on one of its rays), so that the rays holding given cells are found
    /// in direction order without scanning all of them.
    pub ray_of: [[u8; CELLS]; CELLS],
    /// `forward[side][cell]`: the cells a man of `side` (0 White, 1 Black) may step to.
    pub forward: [[u128; CELLS]; 2],
    /// `promotion[side]`: the row where a man of `side` becomes a king.
    pub promotion: [u128; 2],
}

impl Tables {
    /// Builds every table (once per rules object).
    pub fn new() -> Box<Tables> {
        let mut t = Box::new(Tables {
            rays: Vec::new(),
            ray_start: [0; CELLS + 1],
            jumpable: [0; CELLS],
            jumpers: [0; CELLS],
            jumpers_by_byte: [[0; 256]; CELLS / 8],
            far_jumpable: [0; CELLS],
            neighbours: [0; CELLS],
            landings: [0; CELLS],
            far_middles: [0; CELLS],
            far_landings: [0; CELLS],
            beyond: [[NONE; CELLS]; CELLS],
            middle: [[NONE; CELLS]; CELLS],
            ray_of: [[NONE; CELLS]; CELLS],
            forward: [[0; CELLS]; 2],
            promotion: [0; 2],
        });
        let dirs = directions();
        for cell in 0..CELLS as Cell {
            let [x, y, a, b] = coords(cell).map(|v| v as i8);
            for v in &dirs {
                let mut ray = Ray { cells: [NONE; 3] };
                for step in 1..=3 {
                    let at = [
                        x + step * v[0],
                        y + step * v[1],
                        a + step * v[2],
                        b + step * v[3],
                    ];
                    match cell_at(at) {
                        Some(c) => ray.cells[step as usize - 1] = c,
                        None => break,
                    }
                }
                let [near, far, farthest] = ray.cells;
                if near == NONE {
                    continue;
                }
                let position = (t.rays.len() - t.ray_start[cell as usize] as usize) as u8;
                for on in ray.iter() {
                    t.ray_of[cell as usize][on as usize] = position;
                }
                t.rays.push(ray);
                t.neighbours[cell as usize] |= bit(near);
                if far != NONE {
                    t.jumpable[cell as usize] |= bit(near);
                    t.landings[cell as usize] |= bit(far);
                    t.beyond[cell as usize][near as usize] = far;
                    t.middle[cell as usize][far as usize] = near;
                }
                if farthest != NONE {
                    t.far_jumpable[cell as usize] |= bit(far);
                    t.far_middles[cell as usize] |= bit(near);
                    t.far_landings[cell as usize] |= bit(farthest);
                    t.beyond[cell as usize][far as usize] = farthest;
                }
                match v[1] {
                    1 => t.forward[0][cell as usize] |= bit(near),
                    -1 => t.forward[1][cell as usize] |= bit(near),
                    _ => {}
                }
            }
            t.ray_start[cell as usize + 1] = t.rays.len() as u16;
            match y {
                3 => t.promotion[0] |= bit(cell),
                0 => t.promotion[1] |= bit(cell),
                _ => {}
            }
        }
        for cell in 0..CELLS {
            for over in cells(t.jumpable[cell]) {
                t.jumpers[over as usize] |= bit(cell as Cell);
            }
        }
        for group in 0..CELLS / 8 {
            for byte in 1..256usize {
                // The byte's lowest cell added to the union of the others, found before it.
                let lowest = 8 * group + byte.trailing_zeros() as usize;
                t.jumpers_by_byte[group][byte] =
                    t.jumpers_by_byte[group][byte & (byte - 1)] | t.jumpers[lowest];
            }
        }
        t
    }

    /// The cells from which a man could jump one of the pieces of `set`: the union of their
    /// [`Tables::jumpers`], a look-up per byte of the set, without a branch per piece.
    #[inline(always)]
    pub fn jumpers_of(&self, set: u128) -> u128 {
        let mut reach = 0;
        for (group, byte) in set.to_le_bytes().into_iter().enumerate() {
            reach |= self.jumpers_by_byte[group][usize::from(byte)];
        }
        reach
    }

    /// The rays from `cell` (one per direction that does not leave the board at once).
    #[inline]
    pub fn rays(&self, cell: Cell) -> &[Ray] {
        &self.rays
            [self.ray_start[cell as usize] as usize..self.ray_start[cell as usize + 1] as usize]
    }
}

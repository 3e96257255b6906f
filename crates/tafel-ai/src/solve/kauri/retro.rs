//! Retrograde analysis of the cowries-only game: `n` cowries in twelve holes, sown one per hole
//! anticlockwise; a player with no cowrie in his row (when he is to move) loses.
//!
//! **Positions.** The game is the same for both players up to turning the board round (hole `i`
//! becomes hole `i + 6`), so positions are stored from the mover's side: his row is holes 0..6.
//! A position is a composition of `n` into twelve parts, numbered in lexicographic order (for
//! `n = 12`: C(23, 11) = 1,352,078 positions).
//!
//! **Values.** One byte per position: 0 for a draw, otherwise `plies + 1`, where `plies` is the
//! distance to the end with perfect play (the winner hurries, the loser delays). A lost
//! position is an even number of plies from the end and a won one an odd number, so the byte
//! also says which.
//!
//! **Algorithm.** The standard one for games with cycles. Positions whose mover has no cowrie
//! are lost at distance 0. A queue takes solved positions in order of distance; for each, the
//! positions that lead to it by one sowing (found by un-sowing) are updated: a predecessor of a
//! lost position is won, and a predecessor all of whose moves lead to won positions is lost (a
//! counter of unrefuted moves per position). What is never reached is a draw: neither player
//! can force the end, so the game goes round until a position repeats, which the rules score
//! as a draw (from a position whose earlier history cannot recur, the winner's shortest line
//! never repeats a position, since the distance falls by one every ply).

use std::collections::VecDeque;

/// Holes on the board.
const HOLES: usize = 12;
/// Holes in a row.
const ROW: usize = 6;

/// Counts of cowries per hole, from the mover's side (his row first).
pub type Holes = [u8; HOLES];

/// Turns the board round: the other player's row comes first.
pub fn turn(holes: &Holes) -> Holes {
    std::array::from_fn(|i| holes[(i + ROW) % HOLES])
}

/// The board after the mover sows hole `hole` (0..6, not empty), still from his side.
pub fn sow(holes: &Holes, hole: usize) -> Holes {
    let mut next = *holes;
    let count = next[hole] as usize;
    next[hole] = 0;
    // From 12 counters on, the emptied hole is not skipped (the 12th falls back into it).
    for k in 1..=count {
        next[(hole + k) % HOLES] += 1;
    }
    next
}

/// Numbering of the compositions of `total` into twelve parts, lexicographic.
struct Numbering {
    /// `offset[i][left][a]`: how many compositions with the same first `i` parts and `left`
    /// counters still to place come before those whose part `i` is `a`.
    offset: Vec<u32>,
    total: usize,
    count: usize,
}

impl Numbering {
    fn new(total: usize) -> Numbering {
        // ways[k][n]: compositions of n into k parts.
        let mut ways = vec![vec![0u64; total + 1]; HOLES + 1];
        ways[0][0] = 1;
        for k in 1..=HOLES {
            for n in 0..=total {
                ways[k][n] = (0..=n).map(|a| ways[k - 1][n - a]).sum();
            }
        }
        let width = total + 1;
        let mut offset = vec![0u32; HOLES * width * width];
        for i in 0..HOLES {
            for left in 0..=total {
                let mut before = 0;
                for a in 0..=left {
                    offset[(i * width + left) * width + a] = before as u32;
                    before += ways[HOLES - i - 1][left - a];
                }
            }
        }
        Numbering {
            offset,
            total,
            count: ways[HOLES][total] as usize,
        }
    }

    #[inline]
    fn index(&self, holes: &Holes) -> usize {
        let width = self.total + 1;
        let mut left = self.total;
        let mut index = 0;
        for (i, &a) in holes.iter().enumerate().take(HOLES - 1) {
            index += self.offset[(i * width + left) * width + a as usize] as usize;
            left -= a as usize;
        }
        index
    }
}

/// Every composition of `total` into twelve parts, in lexicographic order.
fn enumerate(total: usize) -> Vec<Holes> {
    fn fill(i: usize, left: usize, holes: &mut Holes, out: &mut Vec<Holes>) {
        if i == HOLES - 1 {
            holes[i] = left as u8;
            out.push(*holes);
            return;
        }
        for a in 0..=left {
            holes[i] = a as u8;
            fill(i + 1, left - a, holes, out);
        }
    }
    let mut out = Vec::new();
    fill(0, total, &mut [0; HOLES], &mut out);
    out
}

/// The value of a position with perfect play, for the player to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PhaseValue {
    /// The mover wins; the opponent is left without a cowrie after this many plies.
    Win(u32),
    /// The mover loses after this many plies (0: he has no cowrie now).
    Loss(u32),
    /// Neither can force the end: the game is drawn by repetition.
    Draw,
}

/// The solved cowries-only game for one number of cowries: a byte per position.
pub struct Retrograde {
    numbering: Numbering,
    values: Vec<u8>,
}

impl Retrograde {
    /// Solves the game with `cowries` cowries (1 to 12; Kauri has 12).
    pub fn solve(cowries: usize) -> Retrograde {
        assert!((1..=12).contains(&cowries), "1 to 12 cowries");
        let numbering = Numbering::new(cowries);
        let positions = enumerate(cowries);
        debug_assert_eq!(positions.len(), numbering.count);
        let mut values = vec![0u8; positions.len()];
        let mut unrefuted: Vec<u8> = positions
            .iter()
            .map(|h| h[..ROW].iter().filter(|&&c| c > 0).count() as u8)
            .collect();
        let mut queue: VecDeque<u32> = VecDeque::new();
        for (i, &moves) in unrefuted.iter().enumerate() {
            if moves == 0 {
                values[i] = 1;
                queue.push_back(i as u32);
            }
        }
        while let Some(i) = queue.pop_front() {
            let value = values[i as usize];
            let lost = (value - 1).is_multiple_of(2);
            assert!(value < u8::MAX, "distance beyond the byte encoding");
            // The board as the previous mover left it, from his side.
            let after = turn(&positions[i as usize]);
            for_each_unsowing(&after, |before| {
                let p = numbering.index(&before);
                if values[p] != 0 {
                    return;
                }
                if lost {
                    values[p] = value + 1;
                    queue.push_back(p as u32);
                } else {
                    unrefuted[p] -= 1;
                    if unrefuted[p] == 0 {
                        values[p] = value + 1;
                        queue.push_back(p as u32);
                    }
                }
            });
        }
        Retrograde { numbering, values }
    }

    /// Positions in the table (one side to move; the other is the same by symmetry).
    pub fn positions(&self) -> usize {
        self.values.len()
    }

    /// The table's size in bytes (one per position).
    pub fn bytes(&self) -> usize {
        self.values.len()
    }

    /// The value of `holes`, given from the mover's side (his row first).
    pub fn value(&self, holes: &Holes) -> PhaseValue {
        decode(self.values[self.numbering.index(holes)])
    }

    /// How many positions are won, lost and drawn for the mover, and the longest distance.
    pub fn census(&self) -> (usize, usize, usize, u32) {
        let (mut won, mut lost, mut drawn, mut longest) = (0, 0, 0, 0);
        for &v in &self.values {
            match decode(v) {
                PhaseValue::Win(d) => {
                    won += 1;
                    longest = longest.max(d);
                }
                PhaseValue::Loss(d) => {
                    lost += 1;
                    longest = longest.max(d);
                }
                PhaseValue::Draw => drawn += 1,
            }
        }
        (won, lost, drawn, longest)
    }
}

fn decode(byte: u8) -> PhaseValue {
    match byte {
        0 => PhaseValue::Draw,
        v if (v - 1).is_multiple_of(2) => PhaseValue::Loss(v as u32 - 1),
        v => PhaseValue::Win(v as u32 - 1),
    }
}

/// Calls `visit` with every board from which one sowing by the mover (row 0..6) gives `after`
/// (from the same side), once per such sowing.
fn for_each_unsowing(after: &Holes, mut visit: impl FnMut(Holes)) {
    let total: u8 = after.iter().sum();
    for hole in 0..ROW {
        for count in 1..=total as usize {
            // The sown holes are hole+1 ..= hole+count; the origin was emptied and, from 12
            // counters on, received the 12th again.
            let refills = count / HOLES;
            if after[hole] as usize != refills {
                continue;
            }
            let mut before = *after;
            let mut possible = true;
            for k in 1..=count {
                let h = (hole + k) % HOLES;
                if before[h] == 0 {
                    possible = false;
                    break;
                }
                before[h] -= 1;
            }
            if possible {
                before[hole] = count as u8;
                visit(before);
            }
        }
    }
}

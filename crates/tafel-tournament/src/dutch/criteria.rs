//! The criteria of the Dutch system as the weights of one matching per bracket.
//!
//! The graph holds the bracket's players, every player below it still to pair and, when their
//! number is odd, a vertex for the bye. An edge exists only where the absolute criteria allow
//! (C1: not met before; C2: the bye only to who may have it; C3: no two non-topscorers with the
//! same absolute colour preference). Its weight is a number in mixed radix whose digits are the
//! criteria in their order, each larger than all below it together:
//!
//! 1. C4, completion: every edge counts one, so the whole round is paired when it can be (the bye
//!    only to a candidate: allowed it, with at most the lowest score it can go to, C5);
//! 2. C5: pairs inside the bracket;
//! 3. C6: the pairing score differences (PSD) of the bracket, sorted from the largest, as small as
//!    possible: a pair counts the difference of its scores, a downfloater (or the bye) its score
//!    minus one point below the bracket's lowest score;
//! 4. C7, C8: pairs, then their score differences, in the next bracket (the downfloaters with the
//!    next score group);
//! 5. C9 (the bracket the bye comes from): the bye to a player with as few unplayed rounds as
//!    possible;
//! 6. C10, C11 (the last round): topscorers and their opponents with a colour difference beyond ±2,
//!    or one colour three times running;
//! 7. C12, C13: colour preferences, then strong ones, not granted;
//! 8. C14–C17, counted as the bracket's pairs that avoid them: the players paired who do not float
//!    down again (a moved-down player paired does not count; a resident paired does), then the
//!    pairs whose lower player does not float up again, one round back, then two;
//! 9. C18–C21: the same, each counted by the score of the player it is about (the player paired;
//!    the pair's higher player), a higher score above any number of lower ones.
//!
//! Criteria 5 to 7 count the bracket's own pairs and its downfloaters, 8 and 9 its pairs. Where
//! the digits do not fit the 120 bits the matching takes (fields far beyond the 40 players of
//! FIDE's test data), the lowest digits are left out.

use super::colour::{self, Strength};
use super::{Float, Seat};
use crate::matching::MAX_WEIGHT;
use crate::Side;

/// The criteria digits, most important first.
const LEVELS: usize = 18;

/// Whether two players may meet (C1 and C3).
pub fn may_meet(a: &Seat, b: &Seat) -> bool {
    if a.player.opponents.contains(&b.player.number) {
        return false;
    }
    match (a.preference, b.preference) {
        (Some(pa), Some(pb)) => {
            let absolute = |s: Strength| s == Strength::Absolute;
            !(absolute(pa.strength)
                && absolute(pb.strength)
                && pa.side == pb.side
                && !a.topscorer
                && !b.topscorer)
        }
        _ => true,
    }
}

/// The round as a bracket sees it.
pub struct Bracket<'a, 'p> {
    /// Every player, ranked.
    pub seats: &'a [Seat<'p>],
    /// Which players are in the bracket.
    pub inside: &'a [bool],
    /// Which players are in the next score group.
    pub next: &'a [bool],
    /// Which players are still to pair (the bracket and everyone below it).
    pub free: &'a [bool],
    /// Whether the graph has a bye vertex (after the players).
    pub bye: bool,
    /// Whether C9 counts: the bye goes to a player of this bracket, every player of it being
    /// paired inside it or having the bye.
    pub c9: bool,
}

/// One edge's digits.
type Digits = [u128; LEVELS];

impl Bracket<'_, '_> {
    /// The number of vertices: the players, and the bye's vertex if any.
    pub fn vertices(&self) -> usize {
        self.seats.len() + usize::from(self.bye)
    }

    /// The weight matrix of the bracket's matching (row-major, `0` where no edge).
    pub fn matrix(&self) -> Vec<i128> {
        let v = self.vertices();
        let n = self.seats.len();
        let size = self.inside.iter().filter(|&&x| x).count();
        let scales = Scales {
            psd: Ranks::new(self.bracket_differences(), size),
            next: Ranks::new(
                self.next_differences(),
                size + self.next.iter().filter(|&&x| x).count(),
            ),
            scores: Ranks::new(
                (0..n)
                    .filter(|&i| self.inside[i])
                    .map(|i| self.seats[i].score())
                    .collect(),
                size,
            ),
        };
        let mut digits = vec![None; v * v];
        let mut caps = [0u128; LEVELS];
        for a in 0..n {
            if !self.free[a] {
                continue;
            }
            for b in a + 1..v {
                let edge = if b == n {
                    self.bye_digits(a, &scales)
                } else if self.free[b] {
                    self.pair_digits(a, b, &scales)
                } else {
                    None
                };
                if let Some(d) = edge {
                    for (cap, &x) in caps.iter_mut().zip(d.iter()) {
                        *cap = (*cap).max(x);
                    }
                    digits[a * v + b] = Some(d);
                }
            }
        }
        let units = units(&caps, (v / 2) as u128);
        let mut matrix = vec![0i128; v * v];
        for (cell, d) in matrix.iter_mut().zip(&digits) {
            if let Some(d) = d {
                let w: u128 = d.iter().zip(units.iter()).map(|(x, u)| x * u).sum();
                *cell = w as i128;
            }
        }
        matrix
    }

    /// The differences a PSD element of the bracket can have (in half points).
    fn bracket_differences(&self) -> Vec<u32> {
        let n = self.seats.len();
        let mut out = Vec::new();
        for a in (0..n).filter(|&a| self.inside[a]) {
            out.push(self.float_difference(a));
            for b in (a + 1..n).filter(|&b| self.inside[b]) {
                out.push(self.seats[a].score().abs_diff(self.seats[b].score()));
            }
        }
        out
    }

    /// A downfloater's element of the PSD: its score minus one point below the lowest score.
    fn float_difference(&self, a: usize) -> u32 {
        let lowest = (0..self.seats.len())
            .filter(|&i| self.inside[i])
            .map(|i| self.seats[i].score())
            .min()
            .unwrap_or(0);
        self.seats[a].score() + 2 - lowest
    }

    /// The differences a pair of the next bracket can have.
    fn next_differences(&self) -> Vec<u32> {
        let n = self.seats.len();
        let mut out = Vec::new();
        for a in (0..n).filter(|&a| self.inside[a] || self.next[a]) {
            out.push(self.next_float_difference(a));
            for b in (a + 1..n).filter(|&b| self.next[b]) {
                out.push(self.seats[a].score().abs_diff(self.seats[b].score()));
            }
        }
        out
    }

    /// A downfloater's element of the next bracket's PSD: its score minus one point below the
    /// next score group's.
    fn next_float_difference(&self, a: usize) -> u32 {
        let lowest = (0..self.seats.len())
            .filter(|&i| self.next[i])
            .map(|i| self.seats[i].score())
            .min()
            .unwrap_or(0);
        self.seats[a].score() + 2 - lowest
    }

    /// The digits of the edge between players `a` and `b`, if they may meet.
    fn pair_digits(&self, a: usize, b: usize, scales: &Scales) -> Option<Digits> {
        let Scales { psd, next, scores } = scales;
        let (sa, sb) = (&self.seats[a], &self.seats[b]);
        if !may_meet(sa, sb) {
            return None;
        }
        let mut d = [0u128; LEVELS];
        d[0] = 1;
        let (ina, inb) = (self.inside[a], self.inside[b]);
        let difference = sa.score().abs_diff(sb.score());
        if ina && inb {
            d[1] = 1;
            d[2] = psd.good(difference);
            self.pair_quality(a, b, scores, &mut d);
        } else if ina {
            d[2] = psd.good(self.float_difference(a));
            Self::float_quality(&mut d);
        }
        let (na, nb) = (ina || self.next[a], self.next[b]);
        if !(ina && inb) && na && nb {
            d[3] = 1;
            d[4] = next.good(difference);
        } else if !inb && na {
            d[4] = next.good(self.next_float_difference(a));
        }
        Some(d)
    }

    /// The digits of the bye's edge to player `a`, if it may have the bye.
    fn bye_digits(&self, a: usize, scales: &Scales) -> Option<Digits> {
        let Scales { psd, next, .. } = scales;
        if !self.seats[a].bye_candidate {
            return None;
        }
        let mut d = [0u128; LEVELS];
        d[0] = 1;
        if self.inside[a] {
            d[2] = psd.good(self.float_difference(a));
            Self::float_quality(&mut d);
        }
        if self.inside[a] || self.next[a] {
            d[4] = next.good(self.next_float_difference(a));
        }
        if self.c9 {
            let unplayed = self.seats[a]
                .player
                .colours
                .iter()
                .filter(|c| c.is_none())
                .count();
            d[5] = (self.seats[a].player.colours.len() - unplayed) as u128 + 1;
        }
        Some(d)
    }

    /// C10–C21 of a pair inside the bracket (`a` ranked above `b`).
    fn pair_quality(&self, a: usize, b: usize, scores: &Ranks, d: &mut Digits) {
        let (sa, sb) = (&self.seats[a], &self.seats[b]);
        let side_a = colour::side_against(sa, sb, true, Side::First);
        if sa.topscorer || sb.topscorer {
            let beyond = |s: &Seat, side: Side| {
                let cd = colour::difference(&s.player.colours)
                    + if side == Side::First { 1 } else { -1 };
                u128::from(cd.abs() > 2)
            };
            let three = |s: &Seat, side: Side| {
                let played: Vec<Side> = s.player.colours.iter().flatten().copied().collect();
                u128::from(
                    played.len() >= 2 && played[played.len() - 2..].iter().all(|&c| c == side),
                )
            };
            d[6] = 2 - beyond(sa, side_a) - beyond(sb, side_a.other());
            d[7] = 2 - three(sa, side_a) - three(sb, side_a.other());
        } else {
            d[6] = 2;
            d[7] = 2;
        }
        let clash = colour::clash(sa.preference, sb.preference);
        d[8] = u128::from(!clash);
        let strong = |s: &Seat| s.preference.is_some_and(|p| p.strength >= Strength::Strong);
        d[9] = u128::from(!(clash && strong(sa) && strong(sb)));
        // C14–C21 as credits for the players paired: a player paired without floating down
        // again, and a pair whose lower player does not float up again; the score weighted
        // ones count the same credits by the players' scores, a higher score above any number
        // of lower ones.
        let higher_stays = sa.score() <= sb.score();
        let upfloat = sa.score() > sb.score();
        for (k, back) in [(0, 1), (2, 2)] {
            let down_b = sb.float_back(back) == Float::Down;
            let down_a = sa.float_back(back) == Float::Down;
            let up_again = upfloat && sb.float_back(back) == Float::Up;
            d[10 + k] = u128::from(down_b) + u128::from(higher_stays && down_a);
            d[10 + k + 1] = u128::from(!up_again);
            d[14 + k] = u128::from(down_b) * scores.weight(sb.score())
                + u128::from(down_a) * scores.weight(sa.score());
            d[14 + k + 1] = u128::from(!up_again) * scores.weight(sa.score());
        }
    }

    /// C10–C13 of a downfloater of the bracket (or the bye): no colour is given, so none is
    /// refused; C14–C21 count only the players paired in the bracket.
    fn float_quality(d: &mut Digits) {
        d[6] = 2;
        d[7] = 2;
        d[8] = 1;
        d[9] = 1;
    }
}

/// The radix units of the digits: each digit's unit exceeds the most all lower digits can add
/// up to over a matching of at most `pairs` edges. While the top digit's unit would not fit
/// [`MAX_WEIGHT`], the lowest digit still counted is dropped (unit 0).
fn units(caps: &[u128; LEVELS], pairs: u128) -> [u128; LEVELS] {
    let pairs = pairs.max(1);
    let span = |cap: u128| cap.checked_mul(pairs).and_then(|c| c.checked_add(1));
    for kept in (1..=LEVELS).rev() {
        let mut units = [0u128; LEVELS];
        let mut unit = Some(1u128);
        for level in (0..kept).rev() {
            let Some(u) = unit else { break };
            units[level] = u;
            unit = span(caps[level]).and_then(|s| s.checked_mul(u));
        }
        if unit.is_some_and(|u| u <= MAX_WEIGHT as u128) {
            return units;
        }
    }
    let mut units = [0u128; LEVELS];
    units[0] = 1;
    units
}

/// The rankings a bracket's digits are counted in.
struct Scales {
    /// The score differences of the bracket's pairs and downfloaters (C6).
    psd: Ranks,
    /// Those of the next bracket (C8).
    next: Ranks,
    /// The scores of the bracket's players (C18–C21).
    scores: Ranks,
}

/// Values (score differences, or scores) ranked so that a sorted list compares by a sum: a value
/// of rank `r` costs `base^r`, more than any number of smaller ones.
struct Ranks {
    distinct: Vec<u32>,
    base: u128,
}

impl Ranks {
    /// Ranks the `differences` for matchings of at most `base - 1` elements.
    fn new(mut differences: Vec<u32>, base: usize) -> Ranks {
        let base = base as u128 + 1;
        differences.sort_unstable();
        differences.dedup();
        Ranks {
            distinct: differences,
            base,
        }
    }

    /// How good an element of difference `d` is: the cost of the worst rank minus its own.
    fn good(&self, d: u32) -> u128 {
        let rank = self.distinct.partition_point(|&x| x < d) as u32;
        let top = self.base.saturating_pow(self.distinct.len() as u32);
        top - self.base.saturating_pow(rank)
    }

    /// The weight of a value `d` counted upwards: `base` to the power of its rank, more than any
    /// number of smaller values.
    fn weight(&self, d: u32) -> u128 {
        let rank = self.distinct.partition_point(|&x| x < d) as u32;
        self.base.saturating_pow(rank)
    }
}

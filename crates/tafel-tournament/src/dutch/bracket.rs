//! Pairing the round bracket by bracket, from the top score group down (C.04.3 2 and 4).
//!
//! A bracket is the moved-down players (MDPs) of the bracket above and the next score group
//! (the residents). Its best pairing on every criterion is found by one matching
//! ([`super::criteria`]); among the pairings as good, the Dutch order picks one: the MDPs in
//! order each meet the first resident (in S2's order) that keeps the best, or float; the
//! remainder's S1 is the first set in the order of exchanges ([`super::order`]) that keeps it,
//! and each of S1's players in order meets the first player of S2 that still keeps it. Who is
//! left floats down to the next bracket, or has the bye below the last one.

use super::criteria::{may_meet, Bracket};
use super::order::s1_candidates;
use super::{NoPairing, Seat};
use crate::matching::max_weight_matching;

/// The most S1 sets tried in one bracket before the first one that keeps the best is taken.
const EXCHANGE_LIMIT: usize = 4000;

/// A round's pairs by indices into the ranked seats, higher-ranked first, and the bye.
pub struct RoundPairs {
    /// The pairs.
    pub games: Vec<(usize, usize)>,
    /// The player with the bye.
    pub bye: Option<usize>,
}

/// The total weight of the best matching of `matrix`, and the matching.
fn best(matrix: &[i128], vertices: usize) -> (i128, Vec<Option<usize>>) {
    let mates = max_weight_matching(vertices, |i, j| {
        let w = matrix[i * vertices + j];
        (w > 0).then_some(w)
    });
    let total = mates
        .iter()
        .enumerate()
        .filter_map(|(i, m)| m.filter(|&j| j > i).map(|j| matrix[i * vertices + j]))
        .sum();
    (total, mates)
}

/// A bracket's matching with constraints added one by one, each kept only if the best weight
/// stays what it was without them.
struct Search {
    matrix: Vec<i128>,
    vertices: usize,
    target: i128,
}

impl Search {
    /// Whether `change` of the matrix keeps the best weight; if so it is kept.
    fn keep(&mut self, change: impl FnOnce(&mut Vec<i128>, usize)) -> bool {
        let mut matrix = self.matrix.clone();
        change(&mut matrix, self.vertices);
        if best(&matrix, self.vertices).0 == self.target {
            self.matrix = matrix;
            true
        } else {
            false
        }
    }

    /// Whether `a` and `b` may meet under the constraints so far.
    fn edge(&self, a: usize, b: usize) -> bool {
        self.matrix[a.min(b) * self.vertices + a.max(b)] > 0
    }
}

/// Removes the edge between `a` and `b`.
fn cut(matrix: &mut [i128], v: usize, a: usize, b: usize) {
    matrix[a.min(b) * v + a.max(b)] = 0;
}

/// Leaves `a` and `b` only each other.
fn fix(matrix: &mut [i128], v: usize, a: usize, b: usize) {
    for x in 0..v {
        if x != b {
            cut(matrix, v, a, x);
        }
        if x != a {
            cut(matrix, v, b, x);
        }
    }
}

/// The lowest score the pairing-allocated bye can go to in a pairing of the whole round that
/// keeps the absolute criteria (C.04.3 2025, C5), or `None` when no such pairing exists. `seats`
/// are an odd number of players, ranked; a seat's `bye_candidate` says whether C2 allows it.
pub fn bye_score(seats: &[Seat]) -> Option<u32> {
    let n = seats.len();
    let mut scores: Vec<u32> = seats
        .iter()
        .filter(|s| s.bye_candidate)
        .map(Seat::score)
        .collect();
    scores.sort_unstable();
    scores.dedup();
    scores.into_iter().find(|&lowest| {
        let mates = max_weight_matching(n + 1, |a, b| {
            let allowed = if b == n {
                seats[a].bye_candidate && seats[a].score() <= lowest
            } else {
                may_meet(&seats[a], &seats[b])
            };
            allowed.then_some(1)
        });
        mates.iter().all(Option::is_some)
    })
}

/// Pairs the round; `seats` are ranked (score, then pairing number).
pub fn pair_round(seats: &[Seat]) -> Result<RoundPairs, NoPairing> {
    let n = seats.len();
    let bye = n % 2 == 1;
    let mut free = vec![true; n];
    let mut mdps: Vec<usize> = Vec::new();
    let mut out = RoundPairs {
        games: Vec::new(),
        bye: None,
    };
    while free.iter().any(|&f| f) {
        let below = |score: Option<u32>| {
            (0..n)
                .filter(|&i| {
                    free[i] && !mdps.contains(&i) && score.is_none_or(|s| seats[i].score() < s)
                })
                .map(|i| seats[i].score())
                .max()
        };
        let group = below(None);
        let next_score = group.and_then(|s| below(Some(s)));
        let mut inside = vec![false; n];
        let mut next = vec![false; n];
        for i in (0..n).filter(|&i| free[i]) {
            inside[i] = mdps.contains(&i) || Some(seats[i].score()) == group;
            next[i] = !inside[i] && Some(seats[i].score()) == next_score;
        }
        let mut bracket = Bracket {
            seats,
            inside: &inside,
            next: &next,
            free: &free,
            bye: bye && out.bye.is_none(),
            c9: false,
        };
        let vertices = bracket.vertices();
        let mut matrix = bracket.matrix();
        let (mut target, mut mates) = best(&matrix, vertices);
        // C9 counts where the bye comes from this bracket: the lowest score the bye can have
        // (the highest a candidate has) is at least the bracket's, and the best pairing leaves
        // none of it to pair lower down.
        let bye_score = (0..n)
            .filter(|&i| seats[i].bye_candidate)
            .map(|i| seats[i].score())
            .max();
        bracket.c9 = bracket.bye
            && group.is_some_and(|g| {
                bye_score.is_some_and(|b| b >= g)
                    && (0..n)
                        .filter(|&i| inside[i])
                        .all(|i| mates[i].is_some_and(|m| m == n || seats[m].score() >= g))
            });
        if bracket.c9 {
            matrix = bracket.matrix();
            (target, mates) = best(&matrix, vertices);
        }
        let needed = free.iter().filter(|&&f| f).count() + usize::from(bye && out.bye.is_none());
        if mates.iter().flatten().count() < needed {
            return Err(NoPairing);
        }
        let mut search = Search {
            matrix,
            vertices,
            target,
        };
        let residents: Vec<usize> = (0..n)
            .filter(|&i| inside[i] && !mdps.contains(&i))
            .collect();
        let mut paired: Vec<(usize, usize)> = Vec::new();
        pair_mdps(&mut search, &mdps, &residents, &inside, &mut paired);
        let taken =
            |i: &usize, paired: &[(usize, usize)]| paired.iter().any(|&(a, b)| a == *i || b == *i);
        let remainder: Vec<usize> = residents
            .iter()
            .copied()
            .filter(|i| !taken(i, &paired))
            .collect();
        pair_remainder(&mut search, &remainder, &mut paired);
        let (_, mates) = best(&search.matrix, vertices);
        let last = (0..n).all(|i| !free[i] || inside[i]);
        let mut floaters = Vec::new();
        for i in (0..n).filter(|&i| inside[i]) {
            free[i] = false;
            if taken(&i, &paired) {
                continue;
            }
            match mates[i] {
                Some(m) if m == n && last => out.bye = Some(i),
                _ => {
                    free[i] = true;
                    floaters.push(i);
                }
            }
        }
        out.games.extend(paired);
        if group.is_none() && !floaters.is_empty() {
            return Err(NoPairing);
        }
        mdps = floaters;
    }
    Ok(out)
}

/// The MDP-pairing: each MDP in order meets the first resident that keeps the best (then the
/// first lower MDP), or floats on.
fn pair_mdps(
    search: &mut Search,
    mdps: &[usize],
    residents: &[usize],
    inside: &[bool],
    paired: &mut Vec<(usize, usize)>,
) {
    for (k, &m) in mdps.iter().enumerate() {
        if paired.iter().any(|&(a, b)| a == m || b == m) {
            continue;
        }
        let partner = residents
            .iter()
            .chain(&mdps[k + 1..])
            .copied()
            .filter(|&c| !paired.iter().any(|&(a, b)| a == c || b == c))
            .find(|&c| search.edge(m, c) && search.keep(|mx, v| fix(mx, v, m, c)));
        match partner {
            Some(c) => paired.push((m, c)),
            None => {
                let cut_all = search.keep(|mx, v| {
                    for (x, _) in inside.iter().enumerate().filter(|(_, &i)| i) {
                        cut(mx, v, m, x);
                    }
                });
                debug_assert!(cut_all, "an MDP with no partner floats in the best pairing");
            }
        }
    }
}

/// The remainder (or a homogeneous bracket): S1 by the order of exchanges, then S1's players
/// in order against the first player of S2 that keeps the best.
fn pair_remainder(search: &mut Search, remainder: &[usize], paired: &mut Vec<(usize, usize)>) {
    let r = remainder.len();
    if r < 2 {
        return;
    }
    let (_, mates) = best(&search.matrix, search.vertices);
    let pairs = remainder
        .iter()
        .filter(|&&i| mates[i].is_some_and(|m| remainder.contains(&m)))
        .count()
        / 2;
    if pairs == 0 {
        return;
    }
    let outside: Vec<usize> = (0..search.vertices)
        .filter(|x| !remainder.contains(x))
        .collect();
    let mut s1: Vec<usize> = remainder[..pairs].to_vec();
    for set in s1_candidates(pairs, r, EXCHANGE_LIMIT) {
        let chosen: Vec<usize> = set.iter().map(|&i| remainder[i]).collect();
        let kept = search.keep(|mx, v| {
            for (i, &a) in remainder.iter().enumerate() {
                for &b in &remainder[i + 1..] {
                    if chosen.contains(&a) == chosen.contains(&b) {
                        cut(mx, v, a, b);
                    }
                }
            }
            for &a in &chosen {
                for &x in &outside {
                    cut(mx, v, a, x);
                }
            }
        });
        if kept {
            s1 = chosen;
            break;
        }
    }
    let s2: Vec<usize> = remainder
        .iter()
        .copied()
        .filter(|i| !s1.contains(i))
        .collect();
    for &a in &s1 {
        let partner = s2
            .iter()
            .copied()
            .filter(|&c| !paired.iter().any(|&(x, y)| x == c || y == c))
            .find(|&c| search.edge(a, c) && search.keep(|mx, v| fix(mx, v, a, c)));
        if let Some(c) = partner {
            paired.push((a.min(c), a.max(c)));
        }
    }
}

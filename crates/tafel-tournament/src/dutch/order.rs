//! The Dutch order of exchanges (C.04.3 4.3): which players of a homogeneous bracket (or
//! remainder) make up S1, the half that is paired against the other.
//!
//! With `p` pairs to make from `r` players, S1 is at first the top `p` (by bracket sequence
//! number, BSN) and S2 the rest. Exchanges swap players between the halves, tried in this order:
//! fewer players exchanged first; then the smaller difference between the sums of the BSNs moved
//! from S2 to S1 and from S1 to S2; then the exchange that moves the highest BSNs out of S1
//! (compared from the highest); then the one that moves the lowest BSNs out of S2 (compared from
//! the lowest).

/// The S1 sets to try, each as the sorted positions in the bracket (0-based BSN), in order;
/// at most `limit` of them.
pub fn s1_candidates(pairs: usize, players: usize, limit: usize) -> Vec<Vec<usize>> {
    let s1: Vec<usize> = (0..pairs).collect();
    let s2: Vec<usize> = (pairs..players).collect();
    let mut out = vec![s1.clone()];
    for k in 1..=pairs.min(players - pairs) {
        let mut swaps: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        for out_of_s1 in combinations(&s1, k) {
            for out_of_s2 in combinations(&s2, k) {
                swaps.push((out_of_s1.clone(), out_of_s2));
                if swaps.len() > limit {
                    break;
                }
            }
        }
        swaps.sort_by(|(a1, a2), (b1, b2)| {
            let diff = |x: &[usize], y: &[usize]| y.iter().sum::<usize>() - x.iter().sum::<usize>();
            diff(a1, a2)
                .cmp(&diff(b1, b2))
                .then_with(|| b1.iter().rev().cmp(a1.iter().rev()))
                .then_with(|| a2.cmp(b2))
        });
        for (leave, join) in swaps {
            let mut set: Vec<usize> = s1.iter().copied().filter(|i| !leave.contains(i)).collect();
            set.extend(join);
            set.sort_unstable();
            out.push(set);
            if out.len() >= limit {
                return out;
            }
        }
    }
    out
}

/// Every `k`-element subset of `items`, each in the items' order.
fn combinations(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        for mut rest in combinations(&items[i + 1..], k - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exchanges_come_in_the_dutch_order() {
        // Six players, three pairs: S1 = 1 2 3, S2 = 4 5 6 (BSN from 1 here, 0-based below).
        let sets = s1_candidates(3, 6, 100);
        assert_eq!(sets[0], vec![0, 1, 2]);
        // One exchange, smallest difference first: 3<->4, then 2<->4 and 3<->5 (both 2:
        // the one moving the higher BSN out of S1 first, 3<->5), ...
        assert_eq!(sets[1], vec![0, 1, 3]);
        assert_eq!(sets[2], vec![0, 1, 4]);
        assert_eq!(sets[3], vec![0, 2, 3]);
        assert_eq!(sets.len(), 1 + 9 + 9 + 1);
        assert_eq!(sets[19], vec![3, 4, 5]);
    }
}

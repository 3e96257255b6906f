//! Round robins by FIDE's Berger tables (FIDE Handbook C.05, Annex 1): every entrant meets every
//! other once (or twice, sides swapped, in a double round robin), in the same rounds and with the
//! same first moves as the printed tables, so that a club can check the pairings against them.
//!
//! With an odd number of entrants a phantom entrant is added; whoever meets it has the bye.
//!
//! The tables' rule, for `n` entrants (`n` even, numbered 1 to `n` as in FIDE's tables), in round
//! `r` (1-based): entrants `i` and `j` below `n` meet when `i + j ≡ r + 1 (mod n − 1)`, and the
//! entrant `i` with `2i ≡ r + 1` meets `n`. Entrant `n` moves first in even rounds and second in
//! odd ones; of two others, the lower number moves first when `i + j` is odd, the higher when it
//! is even.

use crate::{Entrant, Pairing, Round};

/// The rounds of a round robin between `entrants` entrants: `entrants − 1` rounds for an even
/// number, `entrants` for an odd one (each entrant has one bye), twice as many when `double`.
/// A double round robin's second cycle repeats the table with sides swapped, and its first
/// cycle plays the table's last two rounds in reverse order, as FIDE recommends (C.05, Annex 1),
/// so that nobody has the same side three games running where the cycles meet. Fewer than two
/// entrants play no rounds.
pub fn rounds(entrants: usize, double: bool) -> Vec<Round> {
    if entrants < 2 {
        return Vec::new();
    }
    let n = entrants + entrants % 2; // with the phantom entrant, if any
    let single: Vec<Round> = (1..n).map(|r| round(n, r, entrants)).collect();
    if !double {
        return single;
    }
    let mut first_cycle = single.clone();
    if first_cycle.len() >= 2 {
        let last = first_cycle.len() - 1;
        first_cycle.swap(last - 1, last);
    }
    let swapped = single.iter().map(|round| Round {
        games: round
            .games
            .iter()
            .map(|game| Pairing {
                first: game.second,
                second: game.first,
            })
            .collect(),
        bye: round.bye,
    });
    first_cycle.into_iter().chain(swapped).collect()
}

/// Round `r` (1-based) of the Berger table for `n` (even) numbers, of which the first `real` are
/// entrants (the last, when `real < n`, is the phantom whose opponent has the bye).
fn round(n: usize, r: usize, real: usize) -> Round {
    let modulus = n - 1;
    let target = (r + 1) % modulus;
    let mut games = Vec::with_capacity(n / 2);
    let mut bye = None;
    // The game with entrant n comes first on the table, then the others by the lower number of
    // the pair, the order FIDE prints them in.
    let against_last = meets_last(n, r);
    let (first, second) = if r.is_multiple_of(2) {
        (n, against_last)
    } else {
        (against_last, n)
    };
    let mut push = |first: usize, second: usize| {
        if first > real {
            bye = Some(Entrant(second - 1));
        } else if second > real {
            bye = Some(Entrant(first - 1));
        } else {
            games.push(Pairing {
                first: Entrant(first - 1),
                second: Entrant(second - 1),
            });
        }
    };
    push(first, second);
    let mut pairs: Vec<(usize, usize)> = (1..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .filter(|&(i, j)| (i + j) % modulus == target)
        .collect();
    pairs.sort_by_key(|&(i, j)| table_position(n, r, i, j));
    for (i, j) in pairs {
        if (i + j) % 2 == 1 {
            push(i, j);
        } else {
            push(j, i);
        }
    }
    Round { games, bye }
}

/// The entrant (numbered from 1, below `n`) that meets entrant `n` in round `r`: the one with
/// `2i ≡ r + 1 (mod n − 1)`.
fn meets_last(n: usize, r: usize) -> usize {
    let modulus = n - 1;
    (1..n)
        .find(|&i| (2 * i) % modulus == (r + 1) % modulus)
        .expect("n − 1 is odd, so 2 has an inverse and one entrant meets the last")
}

/// Where FIDE's table prints the pair `i`, `j` (both below `n`) in round `r`, after the game
/// with `n`: the tables go round the circle `1..n` from the entrant that meets `n`, and a pair
/// comes at the place of its member nearer that entrant.
fn table_position(n: usize, r: usize, i: usize, j: usize) -> usize {
    let modulus = n - 1;
    let start = meets_last(n, r);
    let distance = |x: usize| (x + modulus - start) % modulus;
    distance(i).min(distance(j))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// A round as FIDE prints it: (first, second) pairs, numbered from 1.
    fn printed(round: &Round) -> Vec<(usize, usize)> {
        round
            .games
            .iter()
            .map(|game| (game.first.0 + 1, game.second.0 + 1))
            .collect()
    }

    #[test]
    fn four_entrants_follow_fides_table() {
        let rounds = rounds(4, false);
        let table: Vec<_> = rounds.iter().map(printed).collect();
        assert_eq!(
            table,
            vec![
                vec![(1, 4), (2, 3)],
                vec![(4, 3), (1, 2)],
                vec![(2, 4), (3, 1)],
            ]
        );
    }

    #[test]
    fn six_entrants_follow_fides_table() {
        let table: Vec<_> = rounds(6, false).iter().map(printed).collect();
        assert_eq!(
            table,
            vec![
                vec![(1, 6), (2, 5), (3, 4)],
                vec![(6, 4), (5, 3), (1, 2)],
                vec![(2, 6), (3, 1), (4, 5)],
                vec![(6, 5), (1, 4), (2, 3)],
                vec![(3, 6), (4, 2), (5, 1)],
            ]
        );
    }

    #[test]
    fn odd_fields_give_each_entrant_one_bye() {
        let rounds = rounds(5, false);
        assert_eq!(rounds.len(), 5);
        let byes: HashSet<_> = rounds.iter().map(|round| round.bye.unwrap()).collect();
        assert_eq!(byes.len(), 5);
        assert!(rounds.iter().all(|round| round.games.len() == 2));
    }

    #[test]
    fn every_pair_meets_once_for_3_to_12_entrants() {
        for entrants in 3..=12 {
            let rounds = rounds(entrants, false);
            let mut met = HashSet::new();
            for round in &rounds {
                let mut playing = HashSet::new();
                for game in &round.games {
                    assert!(playing.insert(game.first) && playing.insert(game.second));
                    let pair = (game.first.min(game.second), game.first.max(game.second));
                    assert!(met.insert(pair), "{pair:?} met twice among {entrants}");
                }
                if let Some(bye) = round.bye {
                    assert!(!playing.contains(&bye));
                }
            }
            assert_eq!(met.len(), entrants * (entrants - 1) / 2);
            // First moves are as balanced as a round robin allows: at most one apart.
            for entrant in (0..entrants).map(Entrant) {
                let first = rounds
                    .iter()
                    .flat_map(|round| &round.games)
                    .filter(|game| game.first == entrant)
                    .count();
                let played = rounds
                    .iter()
                    .flat_map(|round| &round.games)
                    .filter(|game| game.involves(entrant))
                    .count();
                assert!(
                    first.abs_diff(played - first) <= 1,
                    "{entrant:?} of {entrants}"
                );
            }
        }
    }

    #[test]
    fn a_double_round_robin_swaps_sides_and_its_first_cycles_last_two_rounds() {
        let single = rounds(4, false);
        let double = rounds(4, true);
        assert_eq!(double.len(), 6);
        // The first cycle: the table's rounds 1, 3, 2 (FIDE's 1-4 2-3 / 2-4 3-1 / 4-3 1-2).
        assert_eq!(double[0], single[0]);
        assert_eq!(double[1], single[2]);
        assert_eq!(double[2], single[1]);
        // The second: the table's rounds in order, sides swapped.
        for (one, two) in single.iter().zip(&double[3..]) {
            for (a, b) in one.games.iter().zip(&two.games) {
                assert_eq!((a.first, a.second), (b.second, b.first));
            }
        }
    }

    /// Each entrant's sides game by game (true: first), byes left out.
    fn sides(rounds: &[Round], entrant: Entrant) -> Vec<bool> {
        rounds
            .iter()
            .flat_map(|round| &round.games)
            .filter(|game| game.involves(entrant))
            .map(|game| game.first == entrant)
            .collect()
    }

    #[test]
    fn nobody_has_the_same_side_three_games_running_where_a_double_round_robins_cycles_meet() {
        for entrants in 3..=16 {
            let (single, double) = (rounds(entrants, false), rounds(entrants, true));
            let cycle = single.len();
            let mut unswapped = single.clone();
            unswapped.extend_from_slice(&double[cycle..]);
            let mut streaks_before = 0;
            for e in 0..entrants {
                let junction = |rounds: &[Round]| {
                    // The games of the two rounds before the cycles meet and the two after.
                    sides(&rounds[cycle - 2..cycle + 2], Entrant(e))
                };
                let three = |s: Vec<bool>| s.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]);
                assert!(
                    !three(junction(&double)),
                    "{entrants} entrants: entrant {e} has one side three games running"
                );
                streaks_before += usize::from(three(junction(&unswapped)));
            }
            if entrants % 2 == 0 {
                assert!(
                    streaks_before > 0,
                    "the table alone gives a streak: {entrants}"
                );
            }
        }
    }

    #[test]
    fn fewer_than_two_play_nothing() {
        assert!(rounds(0, false).is_empty());
        assert!(rounds(1, true).is_empty());
    }
}

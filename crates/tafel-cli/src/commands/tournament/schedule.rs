//! Who meets whom: the pairings of a round robin (by `tafel_tournament::berger`'s tables) or
//! of a gauntlet, repeated `rounds` times, each pairing played as a game pair. Game `2k` and
//! `2k + 1` are pair `k`: the same opening and dice, the pairing's first engine in the first
//! seat of game `2k` and in the second seat of game `2k + 1`.

use tafel_tournament::berger;

/// One pairing's pair of games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairPlan {
    /// The round (1-based): the how-manieth time every pairing is played.
    pub cycle: usize,
    /// The engine in the first seat of the pair's first game.
    pub first: usize,
    /// Its opponent.
    pub second: usize,
}

/// The tournament's pairs, in the order they are played.
pub struct Schedule {
    pairs: Vec<PairPlan>,
}

impl Schedule {
    /// A round robin between `engines` engines (a gauntlet of the first against the others
    /// when `gauntlet`), `rounds` times over.
    pub fn new(engines: usize, rounds: usize, gauntlet: bool) -> Schedule {
        let once: Vec<(usize, usize)> = if gauntlet {
            (1..engines).map(|other| (0, other)).collect()
        } else {
            berger::rounds(engines, false)
                .iter()
                .flat_map(|round| round.games.iter().map(|g| (g.first.0, g.second.0)))
                .collect()
        };
        let pairs = (1..=rounds)
            .flat_map(|cycle| {
                once.iter().map(move |&(first, second)| PairPlan {
                    cycle,
                    first,
                    second,
                })
            })
            .collect();
        Schedule { pairs }
    }

    /// The number of games.
    pub fn games(&self) -> usize {
        self.pairs.len() * 2
    }

    /// The pair of game `index`.
    pub fn pair(&self, index: usize) -> PairPlan {
        self.pairs[index / 2]
    }

    /// The engines in the first and second seat of game `index`.
    pub fn seats(&self, index: usize) -> [usize; 2] {
        let pair = self.pair(index);
        if index.is_multiple_of(2) {
            [pair.first, pair.second]
        } else {
            [pair.second, pair.first]
        }
    }

    /// The round of game `index` (1-based).
    pub fn cycle(&self, index: usize) -> usize {
        self.pair(index).cycle
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pairing_once_a_round_with_sides_swapped_in_the_pair() {
        let schedule = Schedule::new(5, 2, false);
        // 5 engines: 10 pairings a round, two rounds, two games a pairing.
        assert_eq!(schedule.games(), 40);
        let mut met = std::collections::HashMap::new();
        for index in (0..schedule.games()).step_by(2) {
            let [a, b] = schedule.seats(index);
            assert_eq!(schedule.seats(index + 1), [b, a]);
            *met.entry((a.min(b), a.max(b))).or_insert(0) += 1;
        }
        assert_eq!(met.len(), 10);
        assert!(met.values().all(|&n| n == 2));
        assert_eq!(schedule.cycle(0), 1);
        assert_eq!(schedule.cycle(39), 2);
    }

    #[test]
    fn a_gauntlet_is_the_first_against_each_other() {
        let schedule = Schedule::new(4, 1, true);
        let pairs: Vec<[usize; 2]> = (0..6).step_by(2).map(|i| schedule.seats(i)).collect();
        assert_eq!(pairs, [[0, 1], [0, 2], [0, 3]]);
    }
}

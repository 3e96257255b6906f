//! The tie-breaks of FIDE's Tie-Break Regulations (Handbook C.07, in force since July 2023 and
//! revised since; the acronyms are theirs) that an organiser chooses from, and how each is
//! worked out, unplayed rounds included (Article 16). Checked value for value against FIDE's
//! Technical Commission's own program, TieBreakServer (`data/tie-breaks/README.md`).
//!
//! **Rounds.** Each entrant's round is a [`Slot`]: the points it scored, the opponent it was
//! paired with (a game played over the board or a forfeit), whether the game was played, and
//! whether the round was a *voluntarily unplayed round* (VUR, Article 16.2): a round without a
//! game that the entrant did not score a win in (an absence, a bye asked for of ½ or 0 points,
//! a forfeit lost). A pairing-allocated bye, a forfeit won and a bye of a whole point are not.
//!
//! **Unplayed rounds** (Article 16), as the tournament's pairings make them ([`Pairings`]):
//! - *an opponent's score* counts its rounds as scored, except the rounds without a game after
//!   its last round that was not a VUR (a withdrawal): those count as draws in a Swiss, as
//!   nothing where the pairings were fixed in advance (a round robin);
//! - *an entrant's own round without a game played* counts, in a Swiss, as a game against a
//!   "dummy opponent" with the entrant's own final score; where the pairings were fixed, a
//!   forfeit counts as the game against its opponent and a round without one counts nothing;
//! - *cuts* (Cut-1, Median-1...: Article 14) drop a VUR's value first, unless another value is
//!   lower.
//!
//! Values are in points (a win 1), exact in `f64` (they are multiples of ¼).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Entrant;

/// How many of the least and of the most significant values a tie-break leaves out (FIDE's
/// Article 14 modifiers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cut {
    /// Every value counts.
    #[default]
    None,
    /// Cut-1: the least significant value left out.
    Cut1,
    /// Cut-2: the two least significant values left out.
    Cut2,
    /// Median-1: the least and the most significant values left out.
    Median1,
    /// Median-2: the two least and the two most significant values left out.
    Median2,
}

impl Cut {
    /// The values left out from the bottom and from the top.
    fn low_high(self) -> (usize, usize) {
        match self {
            Cut::None => (0, 0),
            Cut::Cut1 => (1, 0),
            Cut::Cut2 => (2, 0),
            Cut::Median1 => (1, 1),
            Cut::Median2 => (2, 2),
        }
    }

    /// The suffix of the acronym: "", "-C1", "-C2", "-M1", "-M2".
    fn suffix(self) -> &'static str {
        match self {
            Cut::None => "",
            Cut::Cut1 => "-C1",
            Cut::Cut2 => "-C2",
            Cut::Median1 => "-M1",
            Cut::Median2 => "-M2",
        }
    }
}

/// One tie-break, as FIDE's regulations name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TieBreak {
    /// DE (Article 6): the points scored against the others still tied, among those who met
    /// each other; applied again to those it leaves tied.
    DirectEncounter,
    /// WIN (Article 7.1): the rounds scored as a win, played or not.
    Wins,
    /// WON (Article 7.2): the games won over the board.
    GamesWon,
    /// BH (Article 8.1): the sum of the opponents' scores.
    Buchholz(Cut),
    /// SB (Article 9.1): the sum of the opponents' scores, each times the points scored
    /// against that opponent.
    SonnebornBerger(Cut),
    /// ARO (Article 10.1): the opponents' average rating, over the games played, rounded.
    AverageRatingOfOpponents(Cut),
}

/// The tie-breaks an organiser may choose, by acronym, in the order a form lists them.
pub const CHOICES: [TieBreak; 12] = [
    TieBreak::Buchholz(Cut::Cut1),
    TieBreak::Buchholz(Cut::None),
    TieBreak::Buchholz(Cut::Cut2),
    TieBreak::Buchholz(Cut::Median1),
    TieBreak::Buchholz(Cut::Median2),
    TieBreak::SonnebornBerger(Cut::None),
    TieBreak::SonnebornBerger(Cut::Cut1),
    TieBreak::DirectEncounter,
    TieBreak::Wins,
    TieBreak::GamesWon,
    TieBreak::AverageRatingOfOpponents(Cut::None),
    TieBreak::AverageRatingOfOpponents(Cut::Cut1),
];

impl fmt::Display for TieBreak {
    /// The acronym: "BH-C1", "SB", "DE", "WIN", "WON", "ARO".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            TieBreak::DirectEncounter => "DE",
            TieBreak::Wins => "WIN",
            TieBreak::GamesWon => "WON",
            TieBreak::Buchholz(_) => "BH",
            TieBreak::SonnebornBerger(_) => "SB",
            TieBreak::AverageRatingOfOpponents(_) => "ARO",
        };
        write!(f, "{name}{}", self.cut().suffix())
    }
}

impl std::str::FromStr for TieBreak {
    type Err = String;

    /// Reads an acronym of [`CHOICES`] ("BH-C1"; "BH/C1" too, as TieBreakServer writes it).
    fn from_str(text: &str) -> Result<Self, String> {
        let wanted = text.trim().to_ascii_uppercase().replace('/', "-");
        CHOICES
            .into_iter()
            .find(|choice| choice.to_string() == wanted)
            .ok_or_else(|| {
                let names: Vec<String> = CHOICES.iter().map(ToString::to_string).collect();
                format!(
                    "unknown tie-break {text:?}: one of {} is expected",
                    names.join(", ")
                )
            })
    }
}

impl TieBreak {
    /// The values it leaves out ([`Cut::None`] for those without a cut).
    pub fn cut(self) -> Cut {
        match self {
            TieBreak::Buchholz(cut)
            | TieBreak::SonnebornBerger(cut)
            | TieBreak::AverageRatingOfOpponents(cut) => cut,
            TieBreak::DirectEncounter | TieBreak::Wins | TieBreak::GamesWon => Cut::None,
        }
    }

    /// Whether a lower value ranks higher (DE's value is a place among the tied).
    pub fn lower_is_better(self) -> bool {
        self == TieBreak::DirectEncounter
    }
}

/// How the tournament's pairings were made, which decides how unplayed rounds count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pairings {
    /// Paired round by round (a Swiss): rounds without a game meet a dummy opponent.
    Swiss,
    /// Fixed in advance (a round robin, an Arena's games): a forfeit counts as the game.
    Fixed,
}

/// What one entrant did in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The points scored, in half points.
    pub half_points: u32,
    /// The opponent it was paired with (a game played or forfeited), if any.
    pub opponent: Option<Entrant>,
    /// Whether a game was played over the board.
    pub played: bool,
    /// Whether it is a voluntarily unplayed round (Article 16.2).
    pub vur: bool,
}

/// The values of `tie_break` for every entrant, from `slots[entrant][round]`, `ratings` (0 for
/// an unrated entrant; empty when none is rated) and, for DE, `rank`: each entrant's place on
/// the points and the tie-breaks before this one.
pub fn values(
    tie_break: TieBreak,
    slots: &[Vec<Slot>],
    pairings: Pairings,
    ratings: &[u32],
    rank: &[usize],
) -> Vec<f64> {
    match tie_break {
        TieBreak::Wins => count(slots, |slot| slot.half_points == 2),
        TieBreak::GamesWon => count(slots, |slot| slot.half_points == 2 && slot.played),
        TieBreak::Buchholz(cut) => opponents_scores(slots, pairings, cut, false),
        TieBreak::SonnebornBerger(cut) => opponents_scores(slots, pairings, cut, true),
        TieBreak::AverageRatingOfOpponents(cut) => average_rating(slots, ratings, cut),
        TieBreak::DirectEncounter => direct_encounter(slots, pairings, rank),
    }
}

/// How many of each entrant's rounds `counts`.
fn count(slots: &[Vec<Slot>], counts: impl Fn(&Slot) -> bool) -> Vec<f64> {
    slots
        .iter()
        .map(|row| row.iter().filter(|slot| counts(slot)).count() as f64)
        .collect()
}

/// The score an entrant's opponents count, in half points (Article 16.3): its rounds as
/// scored, but a round without an opponent after its last round that is not a VUR as a draw
/// (a Swiss) or as nothing.
fn adjusted_score(row: &[Slot], pairings: Pairings) -> u32 {
    let last_available = row.iter().rposition(|slot| !slot.vur);
    row.iter()
        .enumerate()
        .map(|(round, slot)| {
            if slot.opponent.is_some() || last_available.is_some_and(|last| round <= last) {
                slot.half_points
            } else if pairings == Pairings::Swiss {
                1
            } else {
                0
            }
        })
        .sum()
}

/// One value of a sum of opponents' scores: the opponent's score (half points), the value
/// (half points for Buchholz, quarter points for Sonneborn-Berger) and whether its round was
/// a VUR.
#[derive(Clone, Copy, Debug)]
struct Term {
    score: u32,
    value: u32,
    vur: bool,
}

/// Buchholz (`weighted` false) or Sonneborn-Berger (`weighted`) with `cut`.
fn opponents_scores(slots: &[Vec<Slot>], pairings: Pairings, cut: Cut, weighted: bool) -> Vec<f64> {
    let adjusted: Vec<u32> = slots
        .iter()
        .map(|row| adjusted_score(row, pairings))
        .collect();
    let rounds = slots.first().map_or(0, Vec::len);
    slots
        .iter()
        .map(|row| {
            let own: u32 = row.iter().map(|slot| slot.half_points).sum();
            let terms: Vec<Term> = row
                .iter()
                .filter_map(|slot| {
                    let game = match pairings {
                        Pairings::Swiss => slot.opponent.filter(|_| slot.played),
                        Pairings::Fixed => slot.opponent,
                    };
                    let (score, vur) = match (game, pairings) {
                        (Some(opponent), _) => (adjusted[opponent.0], false),
                        (None, Pairings::Swiss) => (own, slot.vur),
                        (None, Pairings::Fixed) => return None,
                    };
                    let value = if weighted {
                        score * slot.half_points
                    } else {
                        score
                    };
                    Some(Term { score, value, vur })
                })
                .collect();
            let total: u32 = cut_terms(terms, cut, rounds).iter().map(|t| t.value).sum();
            f64::from(total) / if weighted { 4.0 } else { 2.0 }
        })
        .collect()
}

/// The terms left once `cut` has left out the least significant (a VUR's first, unless
/// another's value is lower) and the most significant, at most `rounds` in all. Each cut sorts
/// the terms (stably) as it chooses, as TieBreakServer does, so that ties fall alike.
fn cut_terms(mut terms: Vec<Term>, cut: Cut, rounds: usize) -> Vec<Term> {
    let (low, high) = cut.low_high();
    let low = low.min(rounds);
    let high = high.min(rounds - low);
    for _ in 0..low {
        if terms.is_empty() {
            break;
        }
        let mut least = terms.clone();
        least.sort_by_key(|t| (t.score, t.value));
        let mut vur_first = terms;
        vur_first.sort_by_key(|t| (!t.vur, t.score, t.value));
        terms = if least[0].value > vur_first[0].value {
            least
        } else {
            vur_first
        };
        terms.remove(0);
    }
    for _ in 0..high {
        if terms.is_empty() {
            break;
        }
        terms.sort_by_key(|t| std::cmp::Reverse((t.score, t.value)));
        terms.remove(0);
    }
    terms
}

/// ARO: the average rating of the opponents met over the board, rounded half up, with `cut`
/// (only when every one of them is rated).
fn average_rating(slots: &[Vec<Slot>], ratings: &[u32], cut: Cut) -> Vec<f64> {
    let rating = |entrant: Entrant| ratings.get(entrant.0).copied().unwrap_or(0);
    let rounds = slots.first().map_or(0, Vec::len);
    slots
        .iter()
        .map(|row| {
            let opponents: Vec<Entrant> = row
                .iter()
                .filter(|slot| slot.played)
                .filter_map(|slot| slot.opponent)
                .collect();
            let mut rated: Vec<u32> = opponents
                .iter()
                .map(|&o| rating(o))
                .filter(|&r| r > 0)
                .collect();
            rated.sort_unstable();
            let (low, high) = cut.low_high();
            let low = low.min(rounds);
            let high = high.min(rounds - low);
            if rated.len() == opponents.len() {
                let keep_from = low.min(rated.len());
                let keep_to = rated.len().saturating_sub(high).max(keep_from);
                rated = rated[keep_from..keep_to].to_vec();
            }
            if rated.is_empty() {
                return 0.0;
            }
            let (sum, n) = (
                rated.iter().map(|&r| u64::from(r)).sum::<u64>(),
                rated.len() as u64,
            );
            ((2 * sum + n) / (2 * n)) as f64
        })
        .collect()
}

/// DE (Article 6), for every entrant: within each group tied on `rank`, 0 if the encounters
/// leave it tied, else each one's place in the group from 1 (lower is better).
///
/// In a group, each counts its points against the others in the group (the average, where two
/// met more than once; games played over the board, or forfeits too where the pairings were
/// fixed). If all have met (always, where the pairings were fixed), they are ordered by those
/// points; in a Swiss where some have not, only the top ones are separated, each while its
/// points exceed what any below could reach by winning the encounters still missing. The
/// groups still tied are worked out again among themselves, until nothing changes.
fn direct_encounter(slots: &[Vec<Slot>], pairings: Pairings, rank: &[usize]) -> Vec<f64> {
    let n = slots.len();
    let mut place: Vec<usize> = rank.to_vec();
    let mut more = vec![true; n];
    loop {
        let order = sorted(n, |e| (rank[e], place[e]));
        let mut changed = false;
        for group in runs(&order, |e| place[e]) {
            if group.len() == 1 {
                more[group[0]] = false;
            } else if more[group[0]] {
                let changes = separate(slots, pairings, &group, &mut place);
                for &e in &group {
                    more[e] = changes;
                }
                changed |= changes;
            }
        }
        if !changed {
            break;
        }
    }
    let order = sorted(n, |e| (rank[e], place[e]));
    let mut de = vec![0.0; n];
    for group in runs(&order, |e| rank[e]) {
        let (first, last) = (place[group[0]], place[group[group.len() - 1]]);
        let offset = if first == last { first } else { first - 1 };
        for &e in &group {
            de[e] = (place[e] - offset) as f64;
        }
    }
    de
}

/// The entrants `0..n` sorted by `key`, then by number.
fn sorted(n: usize, key: impl Fn(usize) -> (usize, usize)) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&e| (key(e), e));
    order
}

/// The runs of consecutive entrants of `order` with the same `key`.
fn runs(order: &[usize], key: impl Fn(usize) -> usize) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &e in order {
        match groups.last_mut() {
            Some(group) if key(group[0]) == key(e) => group.push(e),
            _ => groups.push(vec![e]),
        }
    }
    groups
}

/// One pass of DE over `group` (all at the same `place`): gives the separated their places and
/// says whether any was separated.
fn separate(slots: &[Vec<Slot>], pairings: Pairings, group: &[usize], place: &mut [usize]) -> bool {
    let current = place[group[0]];
    let others = group.len() - 1;
    // Each one's points against the group (half points), its best reachable, the number.
    let mut tallies: Vec<(f64, f64, usize)> = Vec::with_capacity(group.len());
    let mut all_met = true;
    for &e in group {
        let mut against: Vec<(usize, f64, u32)> = Vec::new();
        for slot in &slots[e] {
            let Some(opponent) = slot.opponent else {
                continue;
            };
            let counts = slot.played || pairings == Pairings::Fixed;
            if !counts || place[opponent.0] != current || !group.contains(&opponent.0) {
                continue;
            }
            match against.iter_mut().find(|(o, _, _)| *o == opponent.0) {
                Some((_, points, games)) => {
                    *points = (*points * f64::from(*games) + f64::from(slot.half_points))
                        / f64::from(*games + 1);
                    *games += 1;
                }
                None => against.push((opponent.0, f64::from(slot.half_points), 1)),
            }
        }
        let points: f64 = against.iter().map(|(_, p, _)| p).sum();
        let best = if pairings == Pairings::Swiss && against.len() < others {
            all_met = false;
            points + 2.0 * (others - against.len()) as f64
        } else {
            points
        };
        tallies.push((points, best, e));
    }
    let mut changed = false;
    if all_met {
        tallies.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.2.cmp(&b.2)));
        let (mut position, mut shared, mut value) = (current, current, tallies[0].0);
        for &(points, _, e) in &tallies[1..] {
            position += 1;
            if points != value {
                shared = position;
                value = points;
                changed = true;
            }
            place[e] = shared;
        }
    } else {
        tallies.sort_by(|a, b| {
            b.0.total_cmp(&a.0)
                .then(b.1.total_cmp(&a.1))
                .then(a.2.cmp(&b.2))
        });
        let (mut position, mut shared, mut value) = (current, current, tallies[0].0);
        let mut unique = true;
        for i in 1..tallies.len() {
            position += 1;
            let reachable = tallies[i..].iter().map(|t| t.1).fold(f64::MIN, f64::max);
            if unique && value > reachable {
                shared = position;
                changed = true;
            } else {
                unique = false;
            }
            value = tallies[i].0;
            place[tallies[i].2] = shared;
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn acronyms_read_back() {
        for choice in CHOICES {
            assert_eq!(choice.to_string().parse::<TieBreak>(), Ok(choice));
        }
        assert_eq!(
            "bh/c1".parse::<TieBreak>(),
            Ok(TieBreak::Buchholz(Cut::Cut1))
        );
        let error = "BH-C3".parse::<TieBreak>().unwrap_err();
        assert!(
            error.starts_with("unknown tie-break \"BH-C3\": one of BH-C1, BH, "),
            "{error}"
        );
    }
}

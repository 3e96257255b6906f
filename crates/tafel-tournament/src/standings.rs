//! Standings with tie-breaks, and the crosstable, for every kind of tournament.
//!
//! **Points** are half points (a win 2, a draw 1), as [`crate::Outcome::half_points`] gives them; a
//! game that cannot be drawn simply never scores 1. The pairing-allocated bye scores what the
//! tournament says ([`StandingsRules::bye_half_points`]), a requested bye its own points. An
//! Arena ranks by its own points (`crate::arena`) and uses the tie-breaks below on its games.
//!
//! **Tie-breaks**, in the order the tournament lists them, are FIDE's ([`crate::tie_breaks`]:
//! Buchholz and its cuts, Sonneborn-Berger, direct encounter, wins, average rating of
//! opponents), unplayed rounds counted as FIDE's regulations of 2023 count them. Entrants are
//! ranked as FIDE's Technical Commission's TieBreakServer ranks them: by points, then by each
//! tie-break in turn among those still level; entrants level on everything share a place.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::tie_breaks::{self, Cut, Pairings, Slot, TieBreak};
use crate::{Entrant, PlayedRound, RoundError};

/// How a tournament ranks its entrants.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingsRules {
    /// What the pairing-allocated bye scores, in half points.
    pub bye_half_points: u32,
    /// The tie-breaks, in order.
    pub tie_breaks: Vec<TieBreak>,
    /// How the pairings were made, which decides how unplayed rounds count.
    pub pairings: Pairings,
}

impl Default for StandingsRules {
    /// A Swiss's: a bye worth a win, and [`default_tie_breaks`].
    fn default() -> Self {
        StandingsRules {
            bye_half_points: 2,
            tie_breaks: default_tie_breaks(Pairings::Swiss),
            pairings: Pairings::Swiss,
        }
    }
}

/// The tie-breaks a tournament uses unless its organiser chooses others: in a Swiss, Buchholz
/// Cut-1, Buchholz, Sonneborn-Berger, then direct encounter (the strength of the opposition
/// first, as FIDE recommends for Swiss tournaments); where the pairings were fixed (a round
/// robin, where everyone meets the same opponents), direct encounter, Sonneborn-Berger, then
/// the number of wins.
pub fn default_tie_breaks(pairings: Pairings) -> Vec<TieBreak> {
    match pairings {
        Pairings::Swiss => vec![
            TieBreak::Buchholz(Cut::Cut1),
            TieBreak::Buchholz(Cut::None),
            TieBreak::SonnebornBerger(Cut::None),
            TieBreak::DirectEncounter,
        ],
        Pairings::Fixed => vec![
            TieBreak::DirectEncounter,
            TieBreak::SonnebornBerger(Cut::None),
            TieBreak::Wins,
        ],
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// Who.
    pub entrant: Entrant,
    /// The place, from 1; entrants level on points and every tie-break share it.
    pub rank: usize,
    /// The points the ranking uses (half points, or an Arena's own points).
    pub points: u32,
    /// The value of each tie-break of the rules, in their order (in points; DE a place among
    /// the tied, 0 when it separates nobody).
    pub tie_breaks: Vec<f64>,
}

/// Every entrant's rounds as [`Slot`]s, round by round.
pub fn slots(
    entrants: usize,
    rounds: &[PlayedRound],
    bye_half_points: u32,
) -> Result<Vec<Vec<Slot>>, RoundError> {
    let mut table = vec![Vec::with_capacity(rounds.len()); entrants];
    for (index, round) in rounds.iter().enumerate() {
        round.check(entrants, index + 1)?;
        for (entrant, row) in table.iter_mut().enumerate() {
            let entrant = Entrant(entrant);
            let slot = match round.game_of(entrant) {
                Some(result) => {
                    let (_, half_points) = result
                        .side_and_half_points(entrant)
                        .expect("the game involves the entrant");
                    let played = result.outcome.was_played();
                    Slot {
                        half_points,
                        opponent: result.pairing.opponent_of(entrant),
                        played,
                        vur: !played && half_points < 2,
                    }
                }
                None if round.bye == Some(entrant) => Slot {
                    half_points: bye_half_points,
                    opponent: None,
                    played: false,
                    vur: false,
                },
                None => {
                    let half_points = round.requested_bye(entrant).unwrap_or(0);
                    Slot {
                        half_points,
                        opponent: None,
                        played: false,
                        vur: half_points < 2,
                    }
                }
            };
            row.push(slot);
        }
    }
    Ok(table)
}

/// The standings after `rounds` among `entrants` entrants, best first, ranked by their half
/// points and the tie-breaks; `ratings` (by entrant, 0 unrated; may be empty) for ARO.
pub fn standings(
    entrants: usize,
    rounds: &[PlayedRound],
    rules: &StandingsRules,
    ratings: &[u32],
) -> Result<Vec<Standing>, RoundError> {
    let table = slots(entrants, rounds, rules.bye_half_points)?;
    let points: Vec<u32> = table
        .iter()
        .map(|row| row.iter().map(|slot| slot.half_points).sum())
        .collect();
    Ok(rank(&table, &points, rules, ratings))
}

/// The standings ranked by `points` (an Arena's), with the tie-breaks computed from the games
/// of `rounds`.
pub fn standings_by(
    points: &[u32],
    rounds: &[PlayedRound],
    rules: &StandingsRules,
) -> Result<Vec<Standing>, RoundError> {
    let table = slots(points.len(), rounds, rules.bye_half_points)?;
    Ok(rank(&table, points, rules, &[]))
}

/// Ranks by `points`, then by each tie-break in turn among those still level: each time the
/// entrants are sorted by their place so far, the value, then their number, and an entrant
/// keeps a place of its own where it had one or its value differs.
fn rank(
    table: &[Vec<Slot>],
    points: &[u32],
    rules: &StandingsRules,
    ratings: &[u32],
) -> Vec<Standing> {
    let n = points.len();
    if n == 0 {
        return Vec::new();
    }
    let mut place = vec![1usize; n];
    let mut order: Vec<usize> = (0..n).collect();
    let mut values: Vec<Vec<f64>> = vec![Vec::with_capacity(rules.tie_breaks.len()); n];
    let points_as_values: Vec<f64> = points.iter().map(|&p| f64::from(p)).collect();
    let criteria = std::iter::once(None).chain(rules.tie_breaks.iter().copied().map(Some));
    for criterion in criteria {
        let (column, lower_is_better) = match criterion {
            None => (points_as_values.clone(), false),
            Some(tie_break) => (
                tie_breaks::values(tie_break, table, rules.pairings, ratings, &place),
                tie_break.lower_is_better(),
            ),
        };
        order.sort_by(|&a, &b| {
            let by_value = if lower_is_better {
                column[a].total_cmp(&column[b])
            } else {
                column[b].total_cmp(&column[a])
            };
            place[a].cmp(&place[b]).then(by_value).then(a.cmp(&b))
        });
        let mut value = column[order[0]];
        for i in 1..n {
            let position = i + 1;
            let e = order[i];
            if place[e] == position || column[e] != value {
                place[e] = position;
                value = column[e];
            } else {
                place[e] = place[order[i - 1]];
            }
        }
        if criterion.is_some() {
            for (e, row) in values.iter_mut().enumerate() {
                row.push(column[e]);
            }
        }
    }
    order
        .into_iter()
        .map(|e| Standing {
            entrant: Entrant(e),
            rank: place[e],
            points: points[e],
            tie_breaks: std::mem::take(&mut values[e]),
        })
        .collect()
}

/// One game in a crosstable cell, from the row entrant's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrossResult {
    /// The row entrant's half points.
    pub half_points: u32,
    /// Whether it was played over the board (not a forfeit).
    pub played: bool,
}

/// The crosstable: every entrant against every other, in the order of the standings. A cell
/// holds the games between the two in the order played: none (a Swiss), one (a round robin),
/// two (a double round robin), or any number (an Arena).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crosstable {
    /// The entrants, rows and columns alike, in the order of the standings.
    pub order: Vec<Entrant>,
    /// `cells[row][column]`: the row entrant's results against the column entrant.
    pub cells: Vec<Vec<Vec<CrossResult>>>,
}

/// The crosstable of `rounds`, rows in the order of `standings`.
pub fn crosstable(rounds: &[PlayedRound], standings: &[Standing]) -> Crosstable {
    let order: Vec<Entrant> = standings.iter().map(|line| line.entrant).collect();
    let mut place = vec![usize::MAX; order.iter().map(|e| e.0 + 1).max().unwrap_or(0)];
    for (index, entrant) in order.iter().enumerate() {
        place[entrant.0] = index;
    }
    let mut cells = vec![vec![Vec::new(); order.len()]; order.len()];
    for result in rounds.iter().flat_map(|round| &round.results) {
        let (first, second) = result.outcome.half_points();
        let played = result.outcome.was_played();
        let (a, b) = (result.pairing.first.0, result.pairing.second.0);
        let (Some(&row), Some(&column)) = (place.get(a), place.get(b)) else {
            continue;
        };
        if row == usize::MAX || column == usize::MAX {
            continue;
        }
        cells[row][column].push(CrossResult {
            half_points: first,
            played,
        });
        cells[column][row].push(CrossResult {
            half_points: second,
            played,
        });
    }
    Crosstable { order, cells }
}

impl Crosstable {
    /// The crosstable as text: a line per entrant (its place, its name from `names` indexed by
    /// entrant, its results against each column: `1`, `½`, `0`, `+` and `-` for forfeits,
    /// `*` against itself), then its points.
    pub fn render(&self, names: &[&str], standings: &[Standing]) -> String {
        let name = |entrant: Entrant| names.get(entrant.0).copied().unwrap_or("?");
        let width = self
            .order
            .iter()
            .map(|&e| name(e).chars().count())
            .max()
            .unwrap_or(0);
        let cell_width = self
            .cells
            .iter()
            .flatten()
            .map(Vec::len)
            .max()
            .unwrap_or(1)
            .max(1);
        let mut text = String::new();
        for (row, entrant) in self.order.iter().enumerate() {
            let _ = write!(text, "{:>3} {:<width$} ", row + 1, name(*entrant));
            for (column, games) in self.cells[row].iter().enumerate() {
                let cell: String = if row == column {
                    "*".into()
                } else {
                    games.iter().map(|game| symbol(*game)).collect()
                };
                let _ = write!(text, " {cell:<cell_width$}");
            }
            let points = standings.iter().find(|line| line.entrant == *entrant);
            let _ = writeln!(
                text,
                "  {}",
                points.map_or(String::new(), |l| half_points(l.points))
            );
        }
        text
    }
}

/// A result as crosstables write it.
fn symbol(game: CrossResult) -> char {
    match (game.played, game.half_points) {
        (true, 2) => '1',
        (true, 1) => '½',
        (true, _) => '0',
        (false, 0) => '-',
        (false, _) => '+',
    }
}

/// Half points as points: `3`, `2½`, `½`.
pub fn half_points(half: u32) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".into(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameResult, Outcome, Pairing};

    fn game(first: usize, second: usize, outcome: Outcome) -> GameResult {
        GameResult {
            pairing: Pairing {
                first: Entrant(first),
                second: Entrant(second),
            },
            outcome,
        }
    }

    /// Each line as (entrant, place, half points, tie-break values).
    fn summary(lines: &[Standing]) -> Vec<(usize, usize, u32, Vec<f64>)> {
        lines
            .iter()
            .map(|l| (l.entrant.0, l.rank, l.points, l.tie_breaks.clone()))
            .collect()
    }

    /// Four entrants, A B C D (0 to 3), a round robin with a forfeit, worked out by hand:
    ///
    /// | round | games |
    /// |---|---|
    /// | 1 | A beats D, B-C drawn |
    /// | 2 | C beats D, B beats A |
    /// | 3 | D wins by forfeit against B, C-A drawn |
    ///
    /// Points: C 2, A 1½, B 1½, D 1. The pairings were fixed, so the forfeit counts as B and
    /// D's game, and every score as it is.
    /// Sonneborn-Berger: A = D 1·1 + B 1½·0 + C 2·½ = 2; B = C 2·½ + A 1½·1 + D 1·0 = 2½;
    /// C = B 1½·½ + D 1·1 + A 1½·½ = 2½; D = A·0 + C·0 + B 1½·1 = 1½.
    /// Buchholz: A = 1 + 1½ + 2 = 4½; B = 2 + 1½ + 1 = 4½; C = 1½ + 1 + 1½ = 4; D = 5.
    /// So C first; B before A on Sonneborn-Berger; D last. By direct encounter first, B is
    /// before A too (B won their game): B's DE 1, A's 2, the others' 0 (nobody level).
    #[test]
    fn a_hand_worked_round_robin_with_a_forfeit() {
        use Outcome::*;
        let rounds = vec![
            PlayedRound {
                results: vec![game(0, 3, FirstWon), game(1, 2, Draw)],
                bye: None,
                requested: vec![],
            },
            PlayedRound {
                results: vec![game(3, 2, SecondWon), game(0, 1, SecondWon)],
                bye: None,
                requested: vec![],
            },
            PlayedRound {
                results: vec![game(1, 3, SecondWonByForfeit), game(2, 0, Draw)],
                bye: None,
                requested: vec![],
            },
        ];
        let rules = StandingsRules {
            bye_half_points: 0,
            tie_breaks: vec![
                TieBreak::SonnebornBerger(Cut::None),
                TieBreak::Buchholz(Cut::None),
            ],
            pairings: Pairings::Fixed,
        };
        let lines = standings(4, &rounds, &rules, &[]).unwrap();
        assert_eq!(
            summary(&lines),
            vec![
                (2, 1, 4, vec![2.5, 4.0]),
                (1, 2, 3, vec![2.5, 4.5]),
                (0, 3, 3, vec![2.0, 4.5]),
                (3, 4, 2, vec![1.5, 5.0]),
            ]
        );
        let table = crosstable(&rounds, &lines);
        assert_eq!(
            table.render(&["A", "B", "C", "D"], &lines),
            "  1 C  * ½ ½ 1  2\n  2 B  ½ * 1 -  1½\n  3 A  ½ 0 * 1  1½\n  4 D  0 + 0 *  1\n"
        );
        let by_encounter = StandingsRules {
            tie_breaks: vec![TieBreak::DirectEncounter],
            ..rules
        };
        let lines = standings(4, &rounds, &by_encounter, &[]).unwrap();
        assert_eq!(
            summary(&lines),
            vec![
                (2, 1, 4, vec![0.0]),
                (1, 2, 3, vec![1.0]),
                (0, 3, 3, vec![2.0]),
                (3, 4, 2, vec![0.0]),
            ]
        );
    }

    /// A Swiss of three, two rounds, a bye worth a win: A beats B while C has the bye, then
    /// C-A drawn while B has the bye. Points: A 1½, C 1½, B 1. Nobody has a voluntarily
    /// unplayed round, so every score counts as it is; a bye meets a dummy opponent with the
    /// entrant's own score.
    /// Buchholz: A = B 1 + C 1½ = 2½; B = A 1½ + dummy 1 = 2½; C = dummy 1½ + A 1½ = 3.
    /// Cut-1 leaves out the lowest: A 1½, B 1½, C 1½.
    /// Sonneborn-Berger: A = 1·1 + 1½·½ = 1¾; B = 1½·0 + 1·1 = 1; C = 1½·1 + 1½·½ = 2¼.
    /// A and C are level on points and Buchholz Cut-1; C is ahead on Buchholz.
    #[test]
    fn byes_meet_dummy_opponents() {
        let rounds = vec![
            PlayedRound {
                results: vec![game(0, 1, Outcome::FirstWon)],
                bye: Some(Entrant(2)),
                requested: vec![],
            },
            PlayedRound {
                results: vec![game(2, 0, Outcome::Draw)],
                bye: Some(Entrant(1)),
                requested: vec![],
            },
        ];
        let lines = standings(3, &rounds, &StandingsRules::default(), &[]).unwrap();
        assert_eq!(
            summary(&lines),
            vec![
                (2, 1, 3, vec![1.5, 3.0, 2.25, 0.0]),
                (0, 2, 3, vec![1.5, 2.5, 1.75, 0.0]),
                (1, 3, 2, vec![1.5, 2.5, 1.0, 0.0]),
            ]
        );
    }

    /// A Swiss of four, three rounds: A beats B, C beats D; A-C drawn, B wins by forfeit
    /// against D (D's voluntarily unplayed round); C beats B, A has the bye, D is absent
    /// (withdrawn: another VUR). Points: A 2½, C 2½, B 1, D 0.
    /// For its opponents D counts ½: its rounds after its last one not a VUR (round 1) count as
    /// draws, but for the forfeit, which had an opponent (0).
    /// Buchholz: A = B 1 + C 2½ + dummy 2½ = 6; B = A 2½ + dummy 1 (the forfeit won) + C 2½
    /// = 6; C = D ½ + A 2½ + B 1 = 4; D = C 2½ + dummy 0 + dummy 0 = 2½.
    /// Cut-1 leaves out a VUR first: D 2½ (a dummy's 0); A 5, B 5, C 3½ (the lowest).
    /// Sonneborn-Berger: A = 1·1 + 2½·½ + 2½·1 = 4¾; C = ½·1 + 2½·½ + 1·1 = 2¾; B = 1; D = 0.
    /// Average rating of the opponents met over the board (ratings 2000, 1800, 1900, 1500):
    /// A = (1800 + 1900) / 2 = 1850; B = (2000 + 1900) / 2 = 1950; C = (1500 + 2000 + 1800)
    /// / 3 = 1766.67, 1767; D = 1900.
    #[test]
    fn voluntarily_unplayed_rounds_count_as_fide_counts_them() {
        use Outcome::*;
        let rounds = vec![
            PlayedRound {
                results: vec![game(0, 1, FirstWon), game(2, 3, FirstWon)],
                bye: None,
                requested: vec![],
            },
            PlayedRound {
                results: vec![game(0, 2, Draw), game(1, 3, FirstWonByForfeit)],
                bye: None,
                requested: vec![],
            },
            PlayedRound {
                results: vec![game(2, 1, FirstWon)],
                bye: Some(Entrant(0)),
                requested: vec![],
            },
        ];
        let rules = StandingsRules {
            tie_breaks: vec![
                TieBreak::Buchholz(Cut::Cut1),
                TieBreak::Buchholz(Cut::None),
                TieBreak::SonnebornBerger(Cut::None),
                TieBreak::AverageRatingOfOpponents(Cut::None),
            ],
            ..StandingsRules::default()
        };
        let ratings = [2000, 1800, 1900, 1500];
        let lines = standings(4, &rounds, &rules, &ratings).unwrap();
        assert_eq!(
            summary(&lines),
            vec![
                (0, 1, 5, vec![5.0, 6.0, 4.75, 1850.0]),
                (2, 2, 5, vec![3.5, 4.0, 2.75, 1767.0]),
                (1, 3, 2, vec![5.0, 6.0, 1.0, 1950.0]),
                (3, 4, 0, vec![2.5, 2.5, 0.0, 1900.0]),
            ]
        );
    }

    #[test]
    fn no_entrants_have_empty_standings() {
        assert_eq!(
            standings(0, &[], &StandingsRules::default(), &[]),
            Ok(vec![])
        );
    }

    #[test]
    fn full_ties_share_a_place_and_bad_rounds_are_refused() {
        let rounds = vec![PlayedRound {
            results: vec![game(0, 1, Outcome::Draw)],
            bye: None,
            requested: vec![],
        }];
        let lines = standings(2, &rounds, &StandingsRules::default(), &[]).unwrap();
        assert_eq!((lines[0].rank, lines[1].rank), (1, 1));
        let bad = vec![PlayedRound {
            results: vec![game(0, 5, Outcome::Draw)],
            bye: None,
            requested: vec![],
        }];
        assert_eq!(
            standings(2, &bad, &StandingsRules::default(), &[]),
            Err(RoundError::UnknownEntrant {
                round: 1,
                entrant: Entrant(5)
            })
        );
    }
}

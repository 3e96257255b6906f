//! Standings with tie-breaks, and the crosstable, for every kind of tournament.
//!
//! **Points** are half points (a win 2, a draw 1), as [`crate::Outcome::half_points`] gives them; a
//! game that cannot be drawn simply never scores 1. The pairing-allocated bye scores what the
//! tournament says ([`StandingsRules::bye_half_points`]), a requested bye its own points. An Arena ranks by its own points
//! (`crate::arena`) and uses the tie-breaks below on its games.
//!
//! **Tie-breaks**, in the order the tournament lists them (by default Sonneborn-Berger, then
//! Buchholz):
//! - *Buchholz*: the sum of the opponents' scores;
//! - *Sonneborn-Berger*: the sum of the opponents' scores, each times what the entrant scored
//!   against that opponent (a whole opponent's score for a win, half for a draw).
//!
//! **Unplayed rounds** (byes, forfeits, absences) follow FIDE's rule of 2009 (Handbook C.02,
//! 13.15, in force until the tie-break regulations of 2023), the "virtual opponent":
//! - an opponent's score counts each of *its* unplayed rounds as a draw;
//! - an entrant's own unplayed round `R` of `n` counts as a game against a virtual opponent who
//!   starts the round level with the entrant, takes the other side of the unplayed result, and
//!   draws every later round: `Svon = SPR + (1 − SfPR) + ½ (n − R)` (SPR the entrant's score
//!   before round `R`, SfPR what it scored in it). For Sonneborn-Berger the virtual opponent's
//!   score counts like a real one's, times what the entrant scored.
//!
//! `n` is the number of rounds given, so standings part-way through a tournament use the rounds
//! played so far. An Arena has no rounds: every game counts as played, nothing is adjusted
//! ([`Unplayed::Ignored`]).
//!
//! Units: points and Buchholz in half points, Sonneborn-Berger in quarter points (half points
//! times half points), so that every comparison is exact.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::{Entrant, PlayedRound, RoundError};

/// A tie-break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieBreak {
    /// The sum of the opponents' scores, each times the result against it.
    SonnebornBerger,
    /// The sum of the opponents' scores.
    Buchholz,
}

/// How unplayed rounds count for the tie-breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Unplayed {
    /// FIDE C.02 13.15: virtual opponents, and opponents' unplayed rounds as draws.
    VirtualOpponent,
    /// Unplayed rounds add nothing and opponents' scores are taken as they are (Arena).
    Ignored,
}

/// How a tournament ranks its entrants.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingsRules {
    /// What the pairing-allocated bye scores, in half points.
    pub bye_half_points: u32,
    /// The tie-breaks, in order.
    pub tie_breaks: Vec<TieBreak>,
    /// How unplayed rounds count.
    pub unplayed: Unplayed,
}

impl Default for StandingsRules {
    /// A bye worth a win; Sonneborn-Berger, then Buchholz; FIDE's virtual opponents.
    fn default() -> Self {
        StandingsRules {
            bye_half_points: 2,
            tie_breaks: vec![TieBreak::SonnebornBerger, TieBreak::Buchholz],
            unplayed: Unplayed::VirtualOpponent,
        }
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// Who.
    pub entrant: Entrant,
    /// The place, from 1; entrants level on points and every tie-break share it.
    pub rank: usize,
    /// The points the ranking uses (half points, or an Arena's own points).
    pub points: u32,
    /// Sonneborn-Berger, in quarter points.
    pub sonneborn_berger: u32,
    /// Buchholz, in half points.
    pub buchholz: u32,
}

/// What one entrant did in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    /// A game over the board against an opponent, scoring these half points.
    Played { opponent: Entrant, half_points: u32 },
    /// No game over the board (bye, forfeit, absence), scoring these half points.
    Unplayed { half_points: u32 },
}

impl Entry {
    fn half_points(self) -> u32 {
        match self {
            Entry::Played { half_points, .. } | Entry::Unplayed { half_points } => half_points,
        }
    }
}

/// Every entrant's entries, round by round.
fn entries(
    entrants: usize,
    rounds: &[PlayedRound],
    bye_half_points: u32,
) -> Result<Vec<Vec<Entry>>, RoundError> {
    let mut table = vec![Vec::with_capacity(rounds.len()); entrants];
    for (index, round) in rounds.iter().enumerate() {
        round.check(entrants, index + 1)?;
        for (entrant, row) in table.iter_mut().enumerate() {
            let entrant = Entrant(entrant);
            let entry = match round.game_of(entrant) {
                Some(result) => {
                    let (_, half_points) = result
                        .side_and_half_points(entrant)
                        .expect("the game involves the entrant");
                    match (
                        result.outcome.was_played(),
                        result.pairing.opponent_of(entrant),
                    ) {
                        (true, Some(opponent)) => Entry::Played {
                            opponent,
                            half_points,
                        },
                        _ => Entry::Unplayed { half_points },
                    }
                }
                None if round.bye == Some(entrant) => Entry::Unplayed {
                    half_points: bye_half_points,
                },
                None => Entry::Unplayed {
                    half_points: round.requested_bye(entrant).unwrap_or(0),
                },
            };
            row.push(entry);
        }
    }
    Ok(table)
}

/// The standings after `rounds` among `entrants` entrants, best first, ranked by their half
/// points and the tie-breaks.
pub fn standings(
    entrants: usize,
    rounds: &[PlayedRound],
    rules: &StandingsRules,
) -> Result<Vec<Standing>, RoundError> {
    let table = entries(entrants, rounds, rules.bye_half_points)?;
    let points: Vec<u32> = table
        .iter()
        .map(|row| row.iter().map(|entry| entry.half_points()).sum())
        .collect();
    Ok(rank(&table, &points, rules))
}

/// The standings ranked by `points` (an Arena's), with the tie-breaks computed from the games
/// of `rounds`.
pub fn standings_by(
    points: &[u32],
    rounds: &[PlayedRound],
    rules: &StandingsRules,
) -> Result<Vec<Standing>, RoundError> {
    let table = entries(points.len(), rounds, rules.bye_half_points)?;
    Ok(rank(&table, points, rules))
}

fn rank(table: &[Vec<Entry>], points: &[u32], rules: &StandingsRules) -> Vec<Standing> {
    let rounds = table.first().map_or(0, Vec::len) as u32;
    let totals: Vec<u32> = table
        .iter()
        .map(|row| row.iter().map(|entry| entry.half_points()).sum())
        .collect();
    // The score an entrant's opponents count: its unplayed rounds as draws (FIDE), or as is.
    let counted: Vec<u32> = table
        .iter()
        .zip(&totals)
        .map(|(row, &total)| match rules.unplayed {
            Unplayed::Ignored => total,
            Unplayed::VirtualOpponent => row
                .iter()
                .map(|entry| match entry {
                    Entry::Played { half_points, .. } => *half_points,
                    Entry::Unplayed { .. } => 1,
                })
                .sum(),
        })
        .collect();
    let mut lines: Vec<Standing> = table
        .iter()
        .enumerate()
        .map(|(entrant, row)| {
            let (mut buchholz, mut sonneborn_berger, mut before) = (0, 0, 0);
            for (index, entry) in row.iter().enumerate() {
                let opponent_score = match (*entry, rules.unplayed) {
                    (Entry::Played { opponent, .. }, _) => Some(counted[opponent.0]),
                    (Entry::Unplayed { half_points }, Unplayed::VirtualOpponent) => {
                        let round = index as u32 + 1;
                        Some(before + (2 - half_points.min(2)) + (rounds - round))
                    }
                    (Entry::Unplayed { .. }, Unplayed::Ignored) => None,
                };
                if let Some(score) = opponent_score {
                    buchholz += score;
                    sonneborn_berger += score * entry.half_points();
                }
                before += entry.half_points();
            }
            Standing {
                entrant: Entrant(entrant),
                rank: 0,
                points: points[entrant],
                sonneborn_berger,
                buchholz,
            }
        })
        .collect();
    let key = |line: &Standing| -> Vec<u32> {
        std::iter::once(line.points)
            .chain(rules.tie_breaks.iter().map(|tie_break| match tie_break {
                TieBreak::SonnebornBerger => line.sonneborn_berger,
                TieBreak::Buchholz => line.buchholz,
            }))
            .collect()
    };
    lines.sort_by(|a, b| key(b).cmp(&key(a)).then(a.entrant.cmp(&b.entrant)));
    for i in 0..lines.len() {
        lines[i].rank = if i > 0 && key(&lines[i]) == key(&lines[i - 1]) {
            lines[i - 1].rank
        } else {
            i + 1
        };
    }
    lines
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

    /// Four entrants, A B C D (0 to 3), a round robin with a forfeit, worked out by hand:
    ///
    /// | round | games |
    /// |---|---|
    /// | 1 | A beats D, B-C drawn |
    /// | 2 | C beats D, B beats A |
    /// | 3 | D wins by forfeit against B (unplayed), C-A drawn |
    ///
    /// Points: C 2, A 1½, B 1½, D 1. For the opponents, B's forfeit loss and D's forfeit win
    /// count as draws: B 2, D ½ (A 1½, C 2 played everything). B's round 3: a virtual opponent
    /// with B's 1½ before the round, who won (+1), and no rounds after: 2½. D's: 0 before, lost
    /// (+0): 0.
    ///
    /// Buchholz: A = D ½ + B 2 + C 2 = 4½; B = C 2 + A 1½ + virtual 2½ = 6; C = B 2 + D ½ + A 1½
    /// = 4; D = A 1½ + C 2 + virtual 0 = 3½.
    /// Sonneborn-Berger: A = ½·1 + 2·0 + 2·½ = 1½; B = 2·½ + 1½·1 + 2½·0 = 2½;
    /// C = 2·½ + ½·1 + 1½·½ = 2¼; D = 0.
    /// So C first; B before A on Sonneborn-Berger; D last.
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
        let lines = standings(4, &rounds, &StandingsRules::default()).unwrap();
        let summary: Vec<_> = lines
            .iter()
            .map(|l| {
                (
                    l.rank,
                    l.entrant.0,
                    l.points,
                    l.sonneborn_berger,
                    l.buchholz,
                )
            })
            .collect();
        assert_eq!(
            summary,
            vec![
                (1, 2, 4, 9, 8),   // C: 2 points, SB 2¼, Buchholz 4
                (2, 1, 3, 10, 12), // B: 1½, SB 2½, Buchholz 6
                (3, 0, 3, 6, 9),   // A: 1½, SB 1½, Buchholz 4½
                (4, 3, 2, 0, 7),   // D: 1, SB 0, Buchholz 3½
            ]
        );
        let table = crosstable(&rounds, &lines);
        assert_eq!(
            table.render(&["A", "B", "C", "D"], &lines),
            "  1 C  * ½ ½ 1  2\n  2 B  ½ * 1 -  1½\n  3 A  ½ 0 * 1  1½\n  4 D  0 + 0 *  1\n"
        );
    }

    /// Three entrants, two rounds, a bye worth a win: A beats B while C has the bye, then C-A
    /// drawn while B has the bye. For opponents the byes count as draws: B ½ point, C 1, A 1½.
    /// Buchholz: A = B ½ + C 1 = 1½; B = A 1½ + virtual (0 before, won the bye, no rounds
    /// after: 0) = 1½; C = virtual (0 before, won, one round after: ½) + A 1½ = 2.
    #[test]
    fn byes_meet_virtual_opponents() {
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
        let lines = standings(3, &rounds, &StandingsRules::default()).unwrap();
        let buchholz: Vec<_> = {
            let mut by_entrant: Vec<_> = lines.iter().map(|l| (l.entrant.0, l.buchholz)).collect();
            by_entrant.sort_unstable();
            by_entrant
        };
        assert_eq!(buchholz, vec![(0, 3), (1, 3), (2, 4)]);
        // A and C share 1½ points; C is ahead on Sonneborn-Berger (C: virtual ½·1 + A 1½·½
        // = 1¼; A: B ½·1 + C 1·½ = 1).
        assert_eq!(lines[0].entrant, Entrant(2));
        assert_eq!(
            (lines[0].sonneborn_berger, lines[1].sonneborn_berger),
            (5, 4)
        );
    }

    #[test]
    fn full_ties_share_a_place_and_bad_rounds_are_refused() {
        let rounds = vec![PlayedRound {
            results: vec![game(0, 1, Outcome::Draw)],
            bye: None,
            requested: vec![],
        }];
        let lines = standings(2, &rounds, &StandingsRules::default()).unwrap();
        assert_eq!((lines[0].rank, lines[1].rank), (1, 1));
        let bad = vec![PlayedRound {
            results: vec![game(0, 5, Outcome::Draw)],
            bye: None,
            requested: vec![],
        }];
        assert_eq!(
            standings(2, &bad, &StandingsRules::default()),
            Err(RoundError::UnknownEntrant {
                round: 1,
                entrant: Entrant(5)
            })
        );
    }
}

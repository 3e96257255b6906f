//! The table of a tournament: each entrant's points, the tie-break, the order, and the
//! crosstable, from the boards played so far.
//!
//! Points: a win 1, a draw ½, a loss or a forfeit lost 0, a forfeit won 1; a bye (a round
//! robin's rest with an odd number of players) scores nothing. The tie-break is
//! Sonneborn-Berger over the games played over the board (forfeits left out): the points of
//! every opponent beaten, and half those of every opponent drawn with. This is the one place
//! the tie-breaks are worked out; when `tafel_tournament` gains its standings module (with
//! Buchholz and FIDE's rules for unplayed games), [`standings`] becomes a call to it.

use tafel_tournament::Outcome;

use super::Board;

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The place (equal points and tie-break share a place).
    pub rank: usize,
    /// The entrant's number (from 0).
    pub entrant: usize,
    /// Points (a win 1, a draw ½).
    pub points: f64,
    /// Sonneborn-Berger.
    pub tie_break: f64,
    /// Games finished (played or forfeited).
    pub games: usize,
}

/// The points of `entrant` in `outcome` of a game where it moved first (`first`) or second, in
/// half points.
fn half_points(outcome: Outcome, first: bool) -> u32 {
    let (a, b) = outcome.half_points();
    if first {
        a
    } else {
        b
    }
}

/// The finished games of `boards` as (first, second, outcome).
fn finished(boards: &[Board]) -> impl Iterator<Item = (usize, usize, Outcome)> + '_ {
    boards
        .iter()
        .filter_map(|b| Some((b.first, b.second?, b.outcome?)))
}

/// The standings of `entrants` entrants after `boards`: best first (points, then the
/// tie-break, then the entrant's number).
pub fn standings(entrants: usize, boards: &[Board]) -> Vec<Standing> {
    let mut half = vec![0u32; entrants];
    let mut games = vec![0usize; entrants];
    for (first, second, outcome) in finished(boards) {
        half[first] += half_points(outcome, true);
        half[second] += half_points(outcome, false);
        games[first] += 1;
        games[second] += 1;
    }
    let mut quarter_sb = vec![0u32; entrants];
    for (first, second, outcome) in finished(boards).filter(|(_, _, o)| o.was_played()) {
        for (me, opponent, moved_first) in [(first, second, true), (second, first, false)] {
            quarter_sb[me] += half_points(outcome, moved_first) * half[opponent];
        }
    }
    let mut lines: Vec<Standing> = (0..entrants)
        .map(|entrant| Standing {
            rank: 0,
            entrant,
            points: f64::from(half[entrant]) / 2.0,
            tie_break: f64::from(quarter_sb[entrant]) / 4.0,
            games: games[entrant],
        })
        .collect();
    lines.sort_by(|a, b| {
        (b.points, b.tie_break)
            .partial_cmp(&(a.points, a.tie_break))
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.entrant.cmp(&b.entrant))
    });
    for i in 0..lines.len() {
        lines[i].rank = if i > 0
            && (lines[i].points, lines[i].tie_break)
                == (lines[i - 1].points, lines[i - 1].tie_break)
        {
            lines[i - 1].rank
        } else {
            i + 1
        };
    }
    lines
}

/// The crosstable: for each entrant (by number), its results against each other entrant, in
/// the order played: `1`, `½`, `0`, `+` (won by forfeit), `-` (lost by forfeit), several
/// separated by a space in a double round robin; empty before they meet.
pub fn crosstable(entrants: usize, boards: &[Board]) -> Vec<Vec<String>> {
    let mut table = vec![vec![String::new(); entrants]; entrants];
    let mut boards: Vec<&Board> = boards.iter().collect();
    boards.sort_by_key(|b| (b.round, b.board));
    for (first, second, outcome) in boards
        .iter()
        .filter_map(|b| Some((b.first, b.second?, b.outcome?)))
    {
        for (me, opponent, moved_first) in [(first, second, true), (second, first, false)] {
            let mark = match (outcome.was_played(), half_points(outcome, moved_first)) {
                (true, 2) => "1",
                (true, 1) => "½",
                (true, _) => "0",
                (false, 2) => "+",
                (false, _) => "-",
            };
            let cell = &mut table[me][opponent];
            if !cell.is_empty() {
                cell.push(' ');
            }
            cell.push_str(mark);
        }
    }
    table
}

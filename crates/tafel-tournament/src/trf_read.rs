//! Reading FIDE's Tournament Report File (TRF-16, and TRF-2026 as pairing programs read it)
//! into the round to pair next ([`crate::dutch::Field`]).
//!
//! Read: the number of rounds (`XXR n` or `142 n`), the initial colour (`XXC white1|black1` or
//! `152 W|B`; white when absent), the points of TRF-2026's `162` (wins, draws and losses 1, ½
//! and 0; `P` the pairing-allocated bye's) and the `001` player lines: the pairing number (columns 5–8)
//! and, from column 92, one 10-column block per round: the opponent (4 columns, `0000` for
//! none), the colour (`w`, `b`, `-`) and the result. Results: `1 = 0` played; `+ -` forfeits
//! (not played; a forfeit win bars the bye); `W D L` as `1 = 0` unrated; `U` the
//! pairing-allocated bye (a win unless `162` says otherwise); `H` a half-point bye, `F` a full-point bye (bars the bye), `Z`
//! a zero-point bye. The round to pair is the first round some player has no entry for; a
//! player with an entry in it is absent and not paired. Scores are counted from the results
//! (the points column is not read). [`to_trf2026`] rewrites a file as TRF-2026.

use std::fmt;

use crate::dutch::{Field, Float, Player};
use crate::tie_breaks::TieBreak;
use crate::{Entrant, GameResult, Outcome, Pairing, PlayedRound, RequestedBye, Side};

/// What is wrong with a TRF file, and on which line (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    /// The line, from 1 (0: the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.reason)
        } else {
            write!(f, "line {}: {}", self.line, self.reason)
        }
    }
}

impl std::error::Error for TrfError {}

/// One round's entry of a player line.
#[derive(Clone, Copy, Debug)]
struct Entry {
    opponent: Option<usize>,
    side: Option<Side>,
    result: u8,
}

impl Entry {
    /// The half points it scores, the pairing-allocated bye `bye`.
    fn half_points(self, bye: u32) -> u32 {
        match self.result {
            b'U' => bye,
            b'1' | b'+' | b'W' | b'F' => 2,
            b'=' | b'D' | b'H' => 1,
            _ => 0,
        }
    }

    /// Whether it is a game played over the board.
    fn played(self) -> bool {
        self.opponent.is_some() && matches!(self.result, b'1' | b'=' | b'0' | b'W' | b'D' | b'L')
    }
}

fn error(line: usize, reason: impl Into<String>) -> TrfError {
    TrfError {
        line,
        reason: reason.into(),
    }
}

/// Reads one player line: its pairing number and its entries per round.
fn player_line(line: &str, number: usize) -> Result<(usize, Vec<Option<Entry>>), TrfError> {
    let bytes = line.as_bytes();
    let field = |from: usize, to: usize| line.get(from..to.min(line.len())).unwrap_or("").trim();
    let pairing: usize = field(4, 8).parse().map_err(|_| {
        error(
            number,
            format!("no pairing number in columns 5-8: {:?}", field(4, 8)),
        )
    })?;
    let mut entries = Vec::new();
    let mut at = 91;
    while at < bytes.len() {
        let block = field(at, at + 10);
        if block.is_empty() {
            entries.push(None);
            at += 10;
            continue;
        }
        let opponent = field(at, at + 4);
        let opponent: usize = opponent.parse().map_err(|_| {
            error(
                number,
                format!("column {}: bad opponent {opponent:?}", at + 1),
            )
        })?;
        let side = match bytes.get(at + 5) {
            Some(b'w' | b'W') => Some(Side::First),
            Some(b'b' | b'B') => Some(Side::Second),
            Some(b'-' | b' ') | None => None,
            Some(&c) => {
                return Err(error(
                    number,
                    format!("column {}: bad colour {:?}", at + 6, c as char),
                ))
            }
        };
        let result = bytes.get(at + 7).copied().unwrap_or(b' ');
        if !b"10=+-WDLUHFZ".contains(&result) {
            return Err(error(
                number,
                format!("column {}: bad result {:?}", at + 8, result as char),
            ));
        }
        let opponent = (opponent != 0).then_some(opponent);
        if opponent.is_some()
            != matches!(
                result,
                b'1' | b'0' | b'=' | b'+' | b'-' | b'W' | b'D' | b'L'
            )
        {
            return Err(error(
                number,
                format!(
                    "column {}: result {:?} with opponent {:?}",
                    at + 8,
                    result as char,
                    opponent
                ),
            ));
        }
        entries.push(Some(Entry {
            opponent,
            side,
            result,
        }));
        at += 10;
    }
    Ok((pairing, entries))
}

/// Reads a TRF-2026 `162` line (the points of each result: a letter from column 6, then its
/// points in four columns, every nine columns) and returns what the pairing-allocated bye
/// scores, in half points. Wins, draws and losses must score 1, ½ and 0.
fn point_system(line: &str) -> Result<u32, String> {
    let mut bye = 2;
    let chars: Vec<char> = line.chars().collect();
    for entry in chars.get(5..).unwrap_or(&[]).chunks(9) {
        let letter = entry[0];
        let text: String = entry.get(1..5).unwrap_or(&[]).iter().collect();
        let half = match text.trim().split_once('.') {
            Some((whole, "0" | "")) => whole.parse::<u32>().ok().map(|w| 2 * w),
            Some((whole, "5")) => whole.parse::<u32>().ok().map(|w| 2 * w + 1),
            None => text.trim().parse::<u32>().ok().map(|w| 2 * w),
            _ => None,
        }
        .ok_or_else(|| format!("bad points {:?} for {letter:?}", text.trim()))?;
        match (letter, half) {
            ('P', half) => bye = half,
            ('W', 2) | ('D', 1) | ('L', 0) => {}
            _ => return Err(format!("points {letter} {} are not supported", text.trim())),
        }
    }
    Ok(bye)
}

/// The tournament of a TRF file (TRF-16 or TRF-2026) as TRF-2026: `XXR` becomes `142`, `XXC`
/// becomes `152`, a `192 FIDE_DUTCH_2025` line is added where none names the system, and every
/// other line (the player lines' columns are the same in both) is kept. The file must read as
/// [`next_round`] reads it.
pub fn to_trf2026(text: &str) -> Result<String, TrfError> {
    let field = next_round(text)?;
    let mut out = String::new();
    let mut system = text.lines().any(|line| line.starts_with("192"));
    for line in text.lines() {
        let rest = line.get(3..).unwrap_or("").trim();
        match line.get(..3).unwrap_or("") {
            "XXR" => out.push_str(&format!("142 {rest}")),
            "XXC" => out.push_str(match field.initial {
                Side::First => "152 W",
                Side::Second => "152 B",
            }),
            code => {
                if code == "001" && !system {
                    // The system goes with the tournament's records, before the players.
                    out.push_str("192 FIDE_DUTCH_2025\n");
                    system = true;
                }
                out.push_str(line);
            }
        }
        out.push('\n');
    }
    Ok(out)
}

/// What every reader takes from a file: the number of rounds (if given), the initial colour,
/// the pairing-allocated bye's half points, and the player lines with their ratings.
struct Parsed {
    rounds: Option<usize>,
    tie_breaks: Vec<TieBreak>,
    initial: Side,
    bye: u32,
    lines: Vec<(usize, Vec<Option<Entry>>)>,
    ratings: Vec<u32>,
}

/// Reads the records every reader needs, the player lines sorted by pairing number.
fn parse(text: &str) -> Result<Parsed, TrfError> {
    let mut rounds = None;
    let mut tie_breaks = Vec::new();
    let mut initial = Side::First;
    let mut bye = 2;
    let mut lines: Vec<(usize, Vec<Option<Entry>>, u32)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let code = line.get(..3).unwrap_or("");
        let rest = line.get(3..).unwrap_or("").trim();
        match code {
            "001" => {
                let (pairing, entries) = player_line(line, number)?;
                let rating = line.get(48..52.min(line.len())).unwrap_or("").trim();
                let rating = if rating.is_empty() {
                    0
                } else {
                    rating.parse().map_err(|_| {
                        error(number, format!("bad rating in columns 49-52: {rating:?}"))
                    })?
                };
                lines.push((pairing, entries, rating));
            }
            "XXR" | "142" => {
                rounds = Some(
                    rest.parse::<usize>()
                        .map_err(|_| error(number, format!("bad number of rounds {rest:?}")))?,
                );
            }
            "XXC" | "152" => {
                initial = match rest.split_whitespace().next().unwrap_or("") {
                    "white1" | "W" | "w" => Side::First,
                    "black1" | "B" | "b" => Side::Second,
                    other => return Err(error(number, format!("bad initial colour {other:?}"))),
                }
            }
            "162" => bye = point_system(line).map_err(|reason| error(number, reason))?,
            "202" => {
                tie_breaks = rest
                    .split([',', ' '])
                    .filter(|name| !name.is_empty() && *name != "PTS")
                    .map(str::parse)
                    .collect::<Result<_, String>>()
                    .map_err(|reason| error(number, reason))?;
            }
            _ => {}
        }
    }
    if lines.is_empty() {
        return Err(error(0, "no player (001 line)"));
    }
    lines.sort_by_key(|(number, _, _)| *number);
    if let Some(w) = lines.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(error(0, format!("pairing number {} twice", w[0].0)));
    }
    let ratings = lines.iter().map(|(_, _, rating)| *rating).collect();
    Ok(Parsed {
        rounds,
        tie_breaks,
        initial,
        bye,
        lines: lines.into_iter().map(|(n, e, _)| (n, e)).collect(),
        ratings,
    })
}

/// A tournament as a TRF file reports it, for its standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The pairing numbers, in order; entrant `i` is the player numbered `numbers[i]`.
    pub numbers: Vec<usize>,
    /// Each entrant's rating (0 unrated).
    pub ratings: Vec<u32>,
    /// The rounds reported (as many as the longest player line has).
    pub rounds: Vec<PlayedRound>,
    /// What the pairing-allocated bye scores, in half points.
    pub bye_half_points: u32,
    /// The tie-breaks the file names (`202`, TRF-2026), in order; empty when none.
    pub tie_breaks: Vec<TieBreak>,
}

/// Reads the rounds a TRF file reports: games (`1 = 0`, `W D L`), forfeits (`+ -`), the
/// pairing-allocated bye (`U`), byes (`H` ½, `F` 1, `Z` 0) and absences (a blank round), and
/// the tie-breaks it names (`202 BH/C1,BH,SB`).
pub fn report(text: &str) -> Result<Report, TrfError> {
    let Parsed {
        bye,
        lines,
        ratings,
        tie_breaks,
        ..
    } = parse(text)?;
    let count = lines.iter().map(|(_, e)| e.len()).max().unwrap_or(0);
    let index_of = |number: usize| lines.binary_search_by_key(&number, |(n, _)| *n).ok();
    let mut rounds = vec![PlayedRound::default(); count];
    for (i, (number, entries)) in lines.iter().enumerate() {
        for (r, entry) in entries.iter().enumerate() {
            let Some(entry) = *entry else { continue };
            let round = &mut rounds[r];
            let Some(opponent) = entry.opponent else {
                match entry.result {
                    b'U' if round.bye.is_some() => {
                        return Err(error(
                            0,
                            format!("two pairing-allocated byes in round {}", r + 1),
                        ))
                    }
                    b'U' => round.bye = Some(Entrant(i)),
                    result => round.requested.push(RequestedBye {
                        entrant: Entrant(i),
                        half_points: match result {
                            b'H' => 1,
                            b'F' => 2,
                            _ => 0,
                        },
                    }),
                }
                continue;
            };
            let j = index_of(opponent).ok_or_else(|| {
                error(
                    0,
                    format!("player {number} meets {opponent}, who is not listed"),
                )
            })?;
            let theirs = lines[j].1.get(r).copied().flatten();
            let first = match entry.side {
                Some(side) => side == Side::First,
                None => i < j,
            };
            if !first {
                continue;
            }
            let outcome = match (entry.result, theirs.map(|t| t.result)) {
                (b'1' | b'W', _) => Outcome::FirstWon,
                (b'0' | b'L', _) => Outcome::SecondWon,
                (b'=' | b'D', _) => Outcome::Draw,
                (b'+', _) => Outcome::FirstWonByForfeit,
                (b'-', Some(b'+')) => Outcome::SecondWonByForfeit,
                _ => Outcome::DoubleForfeit,
            };
            round.results.push(GameResult {
                pairing: Pairing {
                    first: Entrant(i),
                    second: Entrant(j),
                },
                outcome,
            });
        }
    }
    for (r, round) in rounds.iter().enumerate() {
        round
            .check(lines.len(), r + 1)
            .map_err(|e| error(0, e.to_string()))?;
    }
    Ok(Report {
        numbers: lines.iter().map(|(n, _)| *n).collect(),
        ratings,
        rounds,
        bye_half_points: bye,
        tie_breaks,
    })
}

/// Reads a TRF file and returns the round to pair next.
pub fn next_round(text: &str) -> Result<Field, TrfError> {
    let Parsed {
        rounds,
        initial,
        bye,
        lines,
        ..
    } = parse(text)?;
    let rounds = rounds.ok_or_else(|| error(0, "no number of rounds (XXR or 142 line)"))?;
    let index_of = |number: usize| lines.binary_search_by_key(&number, |(n, _)| *n).ok();
    let round = lines
        .iter()
        .map(|(_, e)| e.iter().rposition(Option::is_some).map_or(0, |p| p + 1))
        .min()
        .unwrap_or(0)
        + 1;
    if round > rounds {
        return Err(error(0, format!("all {rounds} rounds have been played")));
    }
    let n = lines.len();
    let mut players: Vec<Player> = lines
        .iter()
        .map(|(number, _)| Player::new(*number))
        .collect();
    for r in 0..round - 1 {
        let before: Vec<u32> = players.iter().map(|p| p.score).collect();
        for i in 0..n {
            let entry = lines[i].1.get(r).copied().flatten();
            let player = &mut players[i];
            let Some(entry) = entry else {
                player.colours.push(None);
                player.floats.push(Float::None);
                continue;
            };
            let points = entry.half_points(bye);
            player.score += points;
            player.bye_barred |= matches!(entry.result, b'U' | b'F' | b'+');
            if entry.played() {
                let opponent = entry.opponent.unwrap_or(0);
                let j = index_of(opponent).ok_or_else(|| {
                    error(
                        0,
                        format!("player {} meets {opponent}, who is not listed", lines[i].0),
                    )
                })?;
                player.colours.push(entry.side);
                player.opponents.push(opponent);
                player.floats.push(match before[i].cmp(&before[j]) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                });
            } else {
                player.colours.push(None);
                player
                    .floats
                    .push(if points > 0 { Float::Down } else { Float::None });
            }
        }
    }
    let present: Vec<bool> = lines
        .iter()
        .map(|(_, e)| e.get(round - 1).is_none_or(Option::is_none))
        .collect();
    let absent_paired = lines
        .iter()
        .zip(&present)
        .filter(|((_, entries), &here)| {
            !here
                && entries
                    .iter()
                    .flatten()
                    .any(|e| e.opponent.is_some() || e.result == b'U')
        })
        .map(|((number, _), _)| *number)
        .collect();
    let players = players
        .into_iter()
        .zip(present)
        .filter_map(|(p, here)| here.then_some(p))
        .collect();
    Ok(Field {
        players,
        round,
        rounds,
        initial,
        absent_paired,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Four players after round 1 (1-3 played, 2 beat 4 by forfeit), 4 absent in round 2 with a
    /// half-point bye already entered.
    const FILE: &str = "012 Test\nXXR 3\nXXC black1\n\
001    1      Player 0001                       2500                             1.0    1     3 w 1\n\
001    2      Player 0002                       2400                             1.0    2     4 b +\n\
001    3      Player 0003                       2300                             0.0    3     1 b 0\n\
001    4      Player 0004                       2200                             0.5    4     2 w -  0000 - H\n";

    #[test]
    fn reads_the_round_to_pair() {
        let field = next_round(FILE).unwrap();
        assert_eq!(
            (field.round, field.rounds, field.initial),
            (2, 3, Side::Second)
        );
        let numbers: Vec<usize> = field.players.iter().map(|p| p.number).collect();
        assert_eq!(numbers, vec![1, 2, 3], "4 has an entry in round 2: absent");
        assert_eq!(
            field.absent_paired,
            vec![4],
            "4 was paired in round 1 (a forfeit), so keeps its place for the colour lot"
        );
        let [one, two, three] = &field.players[..] else {
            unreachable!()
        };
        assert_eq!((one.score, two.score, three.score), (2, 2, 0));
        assert_eq!(one.opponents, vec![3]);
        assert_eq!(
            two.opponents,
            Vec::<usize>::new(),
            "a forfeit is not a game played"
        );
        assert!(two.bye_barred && !one.bye_barred);
        assert_eq!(two.floats, vec![Float::Down]);
        assert_eq!(three.colours, vec![Some(Side::Second)]);
    }

    #[test]
    fn trf16_converts_to_trf2026_and_pairs_the_same() {
        let converted = to_trf2026(FILE).unwrap();
        assert!(
            converted.contains("\n142 3\n152 B\n192 FIDE_DUTCH_2025\n001    1 "),
            "{converted}"
        );
        assert!(!converted.contains("XXR") && !converted.contains("XXC"));
        let (before, after) = (next_round(FILE).unwrap(), next_round(&converted).unwrap());
        assert_eq!(before, after);
        assert_eq!(crate::dutch::pair(&before), crate::dutch::pair(&after));
        assert_eq!(
            to_trf2026(&converted).unwrap(),
            converted,
            "already TRF-2026"
        );
    }

    #[test]
    fn the_point_system_sets_the_bye() {
        let half = FILE
            .replace(
                "XXC black1\n",
                "XXC black1\n162  W 1.0    D 0.5    L 0.0    P 0.5\n",
            )
            .replace("     1 b 0\n", "     1 b 0  0000 - U\n")
            .replace("    4 b +\n", "    4 b +     1 w 0\n")
            .replace("     3 w 1\n", "     3 w 1     2 b 1\n")
            .replace("  0000 - H\n", "  0000 - H  0000 - H\n");
        let field = next_round(&half).unwrap();
        assert_eq!(field.round, 3);
        let three = field.players.iter().find(|p| p.number == 3).unwrap();
        assert_eq!(three.score, 1, "the bye is worth half a point");
        assert_eq!(
            next_round(&half.replace("D 0.5", "D 1.0"))
                .unwrap_err()
                .to_string(),
            "line 4: points D 1.0 are not supported"
        );
    }

    #[test]
    fn bad_files_say_where() {
        let broken = FILE.replace("     3 w 1", "     3 w 7");
        assert_eq!(
            next_round(&broken).unwrap_err().to_string(),
            "line 4: column 99: bad result '7'"
        );
        assert_eq!(
            next_round("001    1\n").unwrap_err().to_string(),
            "no number of rounds (XXR or 142 line)"
        );
    }
}

//! Reading FIDE's Tournament Report File (TRF-16, and TRF-2026 as pairing programs read it)
//! into the round to pair next ([`crate::dutch::Field`]).
//!
//! Read: the number of rounds (`XXR n` or `142 n`), the initial colour (`XXC white1|black1` or
//! `152 W|B`; white when absent) and the `001` player lines: the pairing number (columns 5–8)
//! and, from column 92, one 10-column block per round: the opponent (4 columns, `0000` for
//! none), the colour (`w`, `b`, `-`) and the result. Results: `1 = 0` played; `+ -` forfeits
//! (not played; a forfeit win bars the bye); `W D L` as `1 = 0` unrated; `U` the
//! pairing-allocated bye (a win); `H` a half-point bye, `F` a full-point bye (bars the bye), `Z`
//! a zero-point bye. The round to pair is the first round some player has no entry for; a
//! player with an entry in it is absent and not paired. Scores are counted from the results
//! (the points column is not read).

use std::fmt;

use crate::dutch::{Field, Float, Player};
use crate::Side;

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
    /// The half points it scores.
    fn half_points(self) -> u32 {
        match self.result {
            b'1' | b'+' | b'W' | b'U' | b'F' => 2,
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

/// Reads a TRF file and returns the round to pair next.
pub fn next_round(text: &str) -> Result<Field, TrfError> {
    let mut rounds = None;
    let mut initial = Side::First;
    let mut lines: Vec<(usize, Vec<Option<Entry>>)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let code = line.get(..3).unwrap_or("");
        let rest = line.get(3..).unwrap_or("").trim();
        match code {
            "001" => lines.push(player_line(line, number)?),
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
            _ => {}
        }
    }
    let rounds = rounds.ok_or_else(|| error(0, "no number of rounds (XXR or 142 line)"))?;
    if lines.is_empty() {
        return Err(error(0, "no player (001 line)"));
    }
    lines.sort_by_key(|(number, _)| *number);
    if let Some(w) = lines.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(error(0, format!("pairing number {} twice", w[0].0)));
    }
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
            let points = entry.half_points();
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
    let present = lines
        .iter()
        .map(|(_, e)| e.get(round - 1).is_none_or(Option::is_none));
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

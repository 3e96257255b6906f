//! FIDE's Tournament Report File, TRF-16 (FIDE Handbook C.04, Annex 2: "Format of TRF", the
//! version approved in 2015 and read by the endorsed pairing programs, JaVaFo and bbpPairings),
//! or TRF-2026, its 2025 revision ([`TrfVersion`]), which keeps the player lines' columns and
//! adds tournament records.
//!
//! A file is the tournament's lines (`012` name, `022` city, `032` federation, `042`/`052`
//! dates, `062` players, `072` rated players, `092` type, `102` chief arbiter, `122` time
//! control; empty ones are left out), the number of rounds (`XXR`, the extension JaVaFo and
//! bbpPairings read; `142` in TRF-2026) and the colour lot when known (`XXC white1|black1`;
//! `152 W|B`), so that the file can be paired again; in TRF-2026 also `162` (the points, when
//! the pairing-allocated bye is not worth a win), `192` (the pairing system) and `202` (the
//! tie-breaks in order, as FIDE's TieBreakServer reads them: `BH/C1,BH,SB,DE`). Then a `001`
//! line per player in pairing-number order: its number (5–8), name (15–47), rating (49–52),
//! points (81–84), place (86–89), then per round, from column 92 every ten columns, the
//! opponent's number (`0000` for none), the colour (`w` for the first move, `b`, `-`) and the
//! result: `1`, `=`, `0`, `+` and `-` for forfeits, `U` for the pairing-allocated bye, `H` and
//! `F` for a requested half- or full-point bye, `Z` for a round not played otherwise; a withdrawn
//! player's next round is `0000 - Z` (absent), one with a bye requested for it `0000 - H` (or
//! `Z`, `F`). Columns count
//! characters; every line ends with a line feed (TRF-16 asks for a carriage return; the
//! programs that read TRF accept either).

use serde::{Deserialize, Serialize};

use crate::standings::{standings, StandingsRules};
use crate::swiss::pairing_numbers;
use crate::{Entrant, PlayedRound, RoundError, Side};

/// The tournament's lines of a TRF file; empty fields are left out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrfHeader {
    /// The tournament's name (`012`).
    pub name: String,
    /// Where it was played (`022`).
    pub city: String,
    /// The federation (`032`), three letters.
    pub federation: String,
    /// The first day, `YYYY/MM/DD` (`042`).
    pub start_date: String,
    /// The last day, `YYYY/MM/DD` (`052`).
    pub end_date: String,
    /// The type of tournament (`092`).
    pub kind: String,
    /// The chief arbiter (`102`).
    pub chief_arbiter: String,
    /// The time control (`122`).
    pub time_control: String,
    /// The number of rounds (`XXR`, or `142` in TRF-2026; left out when 0).
    pub rounds: usize,
    /// Which revision of the format to write.
    #[serde(default)]
    pub version: TrfVersion,
    /// The side pairing number 1 had in round 1, drawn by lot (`XXC white1|black1`, or `152 W|B`
    /// in TRF-2026): what a pairing program needs to pair the next round as the Swiss would.
    #[serde(default)]
    pub initial: Option<Side>,
    /// The pairing system (`192`, TRF-2026 only; left out when empty), e.g. `FIDE_DUTCH_2025`.
    #[serde(default)]
    pub system: String,
}

/// Which revision of the Tournament Report File to write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TrfVersion {
    /// TRF-16 (2016) with the pairing programs' extensions `XXR` and `XXC`.
    #[default]
    Trf16,
    /// TRF-2026 (the 2025 revision): `142` the rounds, `152` the initial colour, `162` the
    /// points when the pairing-allocated bye is not worth a win, `192` the pairing system,
    /// `202` the tie-breaks.
    Trf2026,
}

/// A player as TRF names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrfPlayer {
    /// "Lastname, Firstname", or the player's name as the tournament knows it (33 characters
    /// at most are written).
    pub name: String,
    /// The rating, 0 for none.
    pub rating: u32,
    /// Whether it has withdrawn: the round after the last one written then reads `0000 - Z`, so
    /// that a pairing program leaves it out of the next round.
    #[serde(default)]
    pub withdrawn: bool,
    /// A bye it requested for the round after the last one written, in half points (0, 1 or
    /// 2): that round then reads `0000 - Z`, `H` or `F`, and a pairing program leaves it out.
    #[serde(default)]
    pub next_bye: Option<u32>,
}

/// The TRF-16 file of a tournament played in rounds: `players` in the tournament's order,
/// `rounds` as played, `rules` the standings' (for the bye's points and the places).
pub fn export(
    header: &TrfHeader,
    players: &[TrfPlayer],
    rounds: &[PlayedRound],
    rules: &StandingsRules,
) -> Result<String, RoundError> {
    let ratings: Vec<u32> = players.iter().map(|p| p.rating).collect();
    let lines = standings(players.len(), rounds, rules, &ratings)?;
    let numbers = pairing_numbers(&ratings);
    let mut text = String::new();
    let rated = players.iter().filter(|p| p.rating > 0).count();
    let mut tournament = vec![
        ("012", header.name.clone()),
        ("022", header.city.clone()),
        ("032", header.federation.clone()),
        ("042", header.start_date.clone()),
        ("052", header.end_date.clone()),
        ("062", players.len().to_string()),
        ("072", rated.to_string()),
        ("092", header.kind.clone()),
        ("102", header.chief_arbiter.clone()),
        ("122", header.time_control.clone()),
    ];
    let rounds_code = match header.version {
        TrfVersion::Trf16 => "XXR",
        TrfVersion::Trf2026 => "142",
    };
    if header.rounds > 0 {
        tournament.push((rounds_code, header.rounds.to_string()));
    }
    if let Some(side) = header.initial {
        tournament.push(match (header.version, side) {
            (TrfVersion::Trf16, Side::First) => ("XXC", "white1".into()),
            (TrfVersion::Trf16, Side::Second) => ("XXC", "black1".into()),
            (TrfVersion::Trf2026, Side::First) => ("152", "W".into()),
            (TrfVersion::Trf2026, Side::Second) => ("152", "B".into()),
        });
    }
    if header.version == TrfVersion::Trf2026 {
        if rules.bye_half_points != 2 {
            // Each entry: the result's letter, then its points in four columns, then four blanks.
            let points = |half: u32| format!("{:>4}", format!("{}.{}", half / 2, 5 * (half % 2)));
            let entries = [('W', 2), ('D', 1), ('L', 0), ('P', rules.bye_half_points)];
            let line: Vec<String> = entries
                .iter()
                .map(|&(letter, half)| format!("{letter}{}", points(half)))
                .collect();
            tournament.push(("162", format!(" {}", line.join("    "))));
        }
        tournament.push(("192", header.system.clone()));
        let tie_breaks: Vec<String> = rules
            .tie_breaks
            .iter()
            .map(|t| t.to_string().replace('-', "/"))
            .collect();
        tournament.push(("202", tie_breaks.join(",")));
    }
    for (code, value) in tournament {
        if !value.is_empty() {
            text.push_str(&format!("{code} {value}\n"));
        }
    }
    let mut by_number: Vec<usize> = (0..players.len()).collect();
    by_number.sort_by_key(|&i| numbers[i]);
    for i in by_number {
        let entrant = Entrant(i);
        let standing = lines
            .iter()
            .find(|line| line.entrant == entrant)
            .expect("every entrant has a standing");
        let mut line = Line::default();
        line.put(1, "001");
        line.right(5, 4, &numbers[i].to_string());
        line.put(15, &players[i].name.chars().take(33).collect::<String>());
        if players[i].rating > 0 {
            line.right(49, 4, &players[i].rating.to_string());
        }
        let points = standing.points;
        line.right(81, 4, &format!("{}.{}", points / 2, 5 * (points % 2)));
        line.right(86, 4, &standing.rank.to_string());
        for (index, round) in rounds.iter().enumerate() {
            let (opponent, colour, result) = round_entry(round, entrant, &numbers);
            let column = 92 + 10 * index;
            line.right(column, 4, &opponent);
            line.put(column + 5, &colour.to_string());
            line.put(column + 7, &result.to_string());
        }
        let next = match (players[i].withdrawn, players[i].next_bye) {
            (true, _) => Some(0),
            (false, bye) => bye,
        };
        if let (Some(half_points), true) = (next, rounds.len() < header.rounds) {
            line.put(
                92 + 10 * rounds.len(),
                &format!("0000 - {}", bye_letter(half_points)),
            );
        }
        text.push_str(line.0.iter().collect::<String>().trim_end());
        text.push('\n');
    }
    Ok(text)
}

/// What a player's line says for one round: the opponent's number, the colour, the result.
fn round_entry(round: &PlayedRound, entrant: Entrant, numbers: &[usize]) -> (String, char, char) {
    if let Some(result) = round.game_of(entrant) {
        let (side, half_points) = result
            .side_and_half_points(entrant)
            .expect("the game involves the entrant");
        let opponent = result.pairing.opponent_of(entrant).expect("a game has two");
        let colour = if side == Side::First { 'w' } else { 'b' };
        let mark = match (result.outcome.was_played(), half_points) {
            (true, 2) => '1',
            (true, 1) => '=',
            (true, _) => '0',
            (false, 0) => '-',
            (false, _) => '+',
        };
        (numbers[opponent.0].to_string(), colour, mark)
    } else if round.bye == Some(entrant) {
        ("0000".into(), '-', 'U')
    } else {
        let half_points = round.requested_bye(entrant).unwrap_or(0);
        ("0000".into(), '-', bye_letter(half_points))
    }
}

/// The result letter of a round not paired that scores `half_points`: `Z`, `H` or `F`.
fn bye_letter(half_points: u32) -> char {
    match half_points {
        0 => 'Z',
        1 => 'H',
        _ => 'F',
    }
}

/// A fixed-column line, columns counted from 1 in characters.
#[derive(Default)]
struct Line(Vec<char>);

impl Line {
    /// Writes `text` from `column` on.
    fn put(&mut self, column: usize, text: &str) {
        for (offset, c) in text.chars().enumerate() {
            let at = column - 1 + offset;
            if self.0.len() <= at {
                self.0.resize(at + 1, ' ');
            }
            self.0[at] = c;
        }
    }

    /// Writes `text` right-aligned in the `width` columns from `column`.
    fn right(&mut self, column: usize, width: usize, text: &str) {
        let length = text.chars().count();
        self.put(column + width.saturating_sub(length), text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameResult, Outcome, Pairing};

    /// A game between pairing numbers `first` and `second` (entrants `first − 1`, ...).
    fn game(first: usize, second: usize, outcome: Outcome) -> GameResult {
        GameResult {
            pairing: Pairing {
                first: Entrant(first - 1),
                second: Entrant(second - 1),
            },
            outcome,
        }
    }

    /// Five players (numbered by rating), three rounds, byes worth a point, a forfeit:
    /// round 1: 1 beats 3, 4 beats 2, 5 has the bye; round 2: 5 beats 1, 3-4 drawn, 2 has the
    /// bye; round 3: 5 beats 4, 1 wins by forfeit against 2, 3 has the bye.
    ///
    /// Points: 1: 1 + 0 + 1 = 2; 2: 0 + 1 + 0 = 1; 3: 0 + ½ + 1 = 1½; 4: 1 + ½ + 0 = 1½;
    /// 5: 1 + 1 + 1 = 3. Places: 5, 1, then 3 and 4 on Sonneborn-Berger with the unplayed rounds
    /// as draws for opponents (1 counts 1½, 2 and 3 count 1): 4 = 2's 1·1 + 3's 1·½ = 1½;
    /// 3 = 1's 1½·0 + 4's 1½·½ + virtual (½ before, won the bye: ½)·1 = 1¼. So 4 third, 3 fourth,
    /// 2 fifth. Columns checked by hand against the TRF-16 table.
    #[test]
    fn a_hand_checked_file() {
        use Outcome::*;
        let players: Vec<TrfPlayer> = [
            ("Aalto, Aino", 2000),
            ("Berg, Bo", 1900),
            ("Cruz, Cai", 1800),
            ("Dahl, Dag", 1700),
            ("Eik, Eva", 1600),
        ]
        .iter()
        .map(|&(name, rating)| TrfPlayer {
            name: name.into(),
            rating,
            withdrawn: false,
            next_bye: None,
        })
        .collect();
        let rounds = vec![
            PlayedRound {
                results: vec![game(1, 3, FirstWon), game(4, 2, FirstWon)],
                bye: Some(Entrant(4)),
                requested: vec![],
            },
            PlayedRound {
                results: vec![game(5, 1, FirstWon), game(3, 4, Draw)],
                bye: Some(Entrant(1)),
                requested: vec![],
            },
            PlayedRound {
                results: vec![game(4, 5, SecondWon), game(2, 1, SecondWonByForfeit)],
                bye: Some(Entrant(2)),
                requested: vec![],
            },
        ];
        let header = TrfHeader {
            name: "Club Swiss".into(),
            city: "Novouralsk".into(),
            start_date: "2026/11/26".into(),
            kind: "Swiss, FIDE Dutch system".into(),
            rounds: 3,
            ..TrfHeader::default()
        };
        let file = export(&header, &players, &rounds, &StandingsRules::default()).unwrap();
        let expected = "\
012 Club Swiss
022 Novouralsk
042 2026/11/26
062 5
072 5
092 Swiss, FIDE Dutch system
XXR 3
001    1      Aalto, Aino                       2000                             2.0    2     3 w 1     5 b 0     2 b +
001    2      Berg, Bo                          1900                             1.0    5     4 b 0  0000 - U     1 w -
001    3      Cruz, Cai                         1800                             1.5    4     1 b 0     4 w =  0000 - U
001    4      Dahl, Dag                         1700                             1.5    3     2 w 1     3 b =     5 w 0
001    5      Eik, Eva                          1600                             3.0    1  0000 - U     1 w 1     4 b 1
";
        assert_eq!(file, expected);
        let first_player = file.lines().nth(7).unwrap();
        // Spot checks by column (1-based): number in 5–8, points in 81–84, round 1 from 92.
        assert_eq!(&first_player[4..8], "   1");
        assert_eq!(&first_player[80..84], " 2.0");
        assert_eq!(&first_player[91..99], "   3 w 1");
    }

    /// TRF-2026: the tournament's records `142`, `152`, `162` (a bye worth half a point) and
    /// `192`; a player withdrawn after round 1 is absent (`0000 - Z`) from round 2.
    #[test]
    fn trf2026_records_and_a_withdrawal() {
        let players: Vec<TrfPlayer> = [("A", 1900, false), ("B", 1800, true), ("C", 1700, false)]
            .iter()
            .map(|&(name, rating, withdrawn)| TrfPlayer {
                name: name.into(),
                rating,
                withdrawn,
                next_bye: None,
            })
            .collect();
        let rounds = vec![PlayedRound {
            results: vec![game(1, 2, Outcome::FirstWon)],
            bye: Some(Entrant(2)),
            requested: vec![],
        }];
        let header = TrfHeader {
            name: "Club".into(),
            rounds: 3,
            version: TrfVersion::Trf2026,
            initial: Some(Side::Second),
            system: "FIDE_DUTCH_2025".into(),
            ..TrfHeader::default()
        };
        let rules = StandingsRules {
            bye_half_points: 1,
            ..StandingsRules::default()
        };
        let text = export(&header, &players, &rounds, &rules).unwrap();
        let records: Vec<&str> = text.lines().filter(|l| !l.starts_with("001")).collect();
        assert_eq!(
            records,
            [
                "012 Club",
                "062 3",
                "072 3",
                "142 3",
                "152 B",
                "162  W 1.0    D 0.5    L 0.0    P 0.5",
                "192 FIDE_DUTCH_2025",
                "202 BH/C1,BH,SB,DE"
            ]
        );
        let report = crate::trf_read::report(&text).unwrap();
        assert_eq!(
            report.tie_breaks, rules.tie_breaks,
            "the tie-breaks read back"
        );
        let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("001")).collect();
        assert_eq!(
            &lines[1][91..],
            "   1 b 0  0000 - Z",
            "B withdrew: absent in round 2"
        );
        assert_eq!(&lines[2][80..84], " 0.5", "C's bye is worth half a point");
        let field = crate::trf_read::next_round(&text).unwrap();
        assert_eq!((field.round, field.initial), (2, Side::Second));
        let scores: Vec<(usize, u32)> = field.players.iter().map(|p| (p.number, p.score)).collect();
        assert_eq!(
            scores,
            [(1, 2), (3, 1)],
            "B is not paired; the bye read as half a point"
        );
        assert_eq!(field.absent_paired, [2]);
    }

    #[test]
    fn an_absent_player_and_an_unknown_entrant() {
        let players = vec![
            TrfPlayer {
                name: "A".into(),
                rating: 0,
                withdrawn: false,
                next_bye: None,
            };
            3
        ];
        let rounds = vec![PlayedRound {
            results: vec![game(1, 2, Outcome::Draw)],
            bye: None,
            requested: vec![],
        }];
        let file = export(
            &TrfHeader::default(),
            &players,
            &rounds,
            &StandingsRules::default(),
        )
        .unwrap();
        assert!(file.starts_with("062 3\n072 0\n001"));
        assert!(file.lines().last().unwrap().ends_with("0000 - Z"));
        let bad = vec![PlayedRound {
            results: vec![game(1, 9, Outcome::Draw)],
            bye: None,
            requested: vec![],
        }];
        assert!(export(
            &TrfHeader::default(),
            &players,
            &bad,
            &StandingsRules::default()
        )
        .is_err());
    }
}

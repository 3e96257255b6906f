//! A puzzle as the data files hold it (`data/puzzles/<game>.jsonl`): one JSON object a line,
//! a [`Kept`] puzzle. This format is read by the server, which loads the shipped puzzles; its
//! fields are the contract between the generator and whoever shows the puzzles. The server
//! poses and stores the [`Puzzle`] alone: the [`Check`] is the generator's evidence.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// One puzzle: a position, the answer and where it came from (what a server poses).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Puzzle {
    /// Unique and stable for a seed: the game's name and a number (`karls-race-0001`).
    pub id: String,
    /// The game's name, as the registry names it.
    pub game: String,
    /// The settings that differ from the game's defaults.
    pub settings: BTreeMap<String, String>,
    /// The position in the game's own code; the side to move solves it (a dice game's code
    /// carries the die already rolled).
    pub code: String,
    /// The answer in move notation: the solver's moves at even indexes, the opponent's replies
    /// between them (odd length).
    pub solution: Vec<String>,
    /// What the answer's first move does ("race", "capture", ...).
    pub themes: Vec<String>,
    /// The game it was found in.
    pub source: Source,
}

/// A puzzle as the generator keeps it and a data file's line holds it: the puzzle's fields,
/// then `check`, the values that made it a puzzle.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Kept {
    /// The puzzle.
    #[serde(flatten)]
    pub puzzle: Puzzle,
    /// The values that made it a puzzle.
    pub check: Check,
}

/// Where a puzzle was found: a game between two computer levels, or a game played on a
/// server (`tafel puzzles generate GAME --database URL`). The JSON has no tag: the fields
/// tell them apart.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Source {
    /// A game between two computer levels, played by the generator.
    Generated {
        /// The generator's seed.
        seed: u64,
        /// The game's number for that seed, from 0.
        game: u64,
        /// The moves played before the position (chance outcomes included).
        ply: u32,
        /// The levels of the first and the second seat.
        levels: [u32; 2],
    },
    /// A finished game of a server's database.
    Played {
        /// The game's id on that server (its page is `/game/<id>`).
        server_game: String,
        /// The moves played before the position (chance outcomes included).
        ply: u32,
    },
}

/// The values of the best and second-best first move, for the player to move (a win 1, a
/// draw 1/2, a loss 0, or the chance of winning in between).
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct Check {
    /// Whether the values come from a solver (else from a search).
    pub exact: bool,
    /// The best move's value.
    pub best: f64,
    /// The best other move's value.
    pub second: f64,
}

impl Kept {
    /// The puzzle as one line of a data file (no newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a puzzle always serialises")
    }

    /// The puzzles of a data file's text, one a line (blank lines skipped); the error names
    /// the line, from 1.
    pub fn parse_lines(text: &str) -> Result<Vec<Kept>, String> {
        text.lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty())
            .map(|(i, line)| serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 1)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_puzzle_is_one_line_with_the_fields_in_the_contract_order() {
        let puzzle = Puzzle {
            id: "karls-race-0001".into(),
            game: "karls-race".into(),
            settings: BTreeMap::new(),
            code: "w3:ABC:MNP".into(),
            solution: vec!["P-K".into()],
            themes: vec!["race".into()],
            source: Source::Generated {
                seed: 1,
                game: 17,
                ply: 23,
                levels: [2, 5],
            },
        };
        let kept = Kept {
            puzzle: puzzle.clone(),
            check: Check {
                exact: true,
                best: 1.0,
                second: 0.0,
            },
        };
        let line = kept.to_line();
        assert_eq!(
            line,
            r#"{"id":"karls-race-0001","game":"karls-race","settings":{},"code":"w3:ABC:MNP","solution":["P-K"],"themes":["race"],"source":{"seed":1,"game":17,"ply":23,"levels":[2,5]},"check":{"exact":true,"best":1.0,"second":0.0}}"#
        );
        let text = format!("{line}\n\n{line}\n");
        assert_eq!(
            Kept::parse_lines(&text).unwrap(),
            vec![kept.clone(), kept.clone()]
        );
        let played = Kept {
            puzzle: Puzzle {
                source: Source::Played {
                    server_game: "g1".into(),
                    ply: 4,
                },
                ..puzzle
            },
            ..kept
        };
        let line = played.to_line();
        assert!(
            line.contains(r#""source":{"server_game":"g1","ply":4}"#),
            "{line}"
        );
        assert_eq!(Kept::parse_lines(&line).unwrap(), vec![played]);
        assert!(Kept::parse_lines("{}").unwrap_err().starts_with("line 1:"));
    }
}

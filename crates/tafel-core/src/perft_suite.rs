//! Perft suites: named positions with their perft counts, kept as data files (one per game,
//! `crates/tafel-games/tests/perft/<game>.perft`) and checked by one runner for every game,
//! from the tests and from `tafel perft --suite FILE`.
//!
//! The format is line-based:
//!
//! ```text
//! # A comment: from `#` to the end of the line. Blank lines are ignored.
//! game kauri                  # the game, once, before the first position
//!
//! position twelve-seed-sowing # an entry: a name (no spaces) ...
//! set tiebreak=old            # ... settings over the defaults, any number of lines ...
//! code a/12+0,0+0,...         # ... its position code under those settings, once ...
//! perft 1 3                   # ... and counts: `perft DEPTH COUNT`, depths increasing
//! perft 2 9
//! ```
//!
//! ```
//! use tafel_core::perft_suite::parse;
//!
//! let suite = parse("game nim\nposition two\ncode 2\nperft 1 2\nperft 2 1\n").unwrap();
//! assert_eq!(suite.game, "nim");
//! assert_eq!(suite.entries[0].counts, [(1, 2), (2, 1)]);
//! let err = parse("game nim\nposition two\nperft 1 2\n").unwrap_err();
//! assert_eq!(err.to_string(), "line 2: position `two` has no `code` line");
//! ```

use std::fmt;

use crate::registry::Registry;

/// A perft suite: the game and its entries, in file order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Suite {
    /// The game's registered name.
    pub game: String,
    /// The positions.
    pub entries: Vec<Entry>,
}

/// One position of a suite.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Entry {
    /// The entry's name.
    pub name: String,
    /// The line of its `position` line (from 1), for messages.
    pub line: usize,
    /// Its settings as `key=value` pairs over the game's defaults.
    pub settings: Vec<(String, String)>,
    /// The position code.
    pub code: String,
    /// `(depth, count)` pairs, depths increasing.
    pub counts: Vec<(u32, u64)>,
}

/// A suite that could not be read or run, with the line at fault.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SuiteError {
    /// The line (from 1).
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for SuiteError {}

/// Reads a suite.
pub fn parse(text: &str) -> Result<Suite, SuiteError> {
    let mut game: Option<String> = None;
    let mut entries: Vec<Entry> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let error = |reason: String| SuiteError { line, reason };
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let (keyword, rest) = content
            .split_once(char::is_whitespace)
            .map_or((content, ""), |(k, r)| (k, r.trim()));
        let single_word = |what: &str| {
            if rest.is_empty() || rest.contains(char::is_whitespace) {
                Err(error(format!("`{keyword}` takes one {what}")))
            } else {
                Ok(rest.to_string())
            }
        };
        match keyword {
            "game" if game.is_none() => game = Some(single_word("game name")?),
            "game" => return Err(error("a suite names its game once".into())),
            _ if game.is_none() => {
                return Err(error("the first line must be `game NAME`".into()));
            }
            "position" => {
                let name = single_word("name (no spaces)")?;
                if let Some(other) = entries.iter().find(|e| e.name == name) {
                    return Err(error(format!(
                        "position `{name}` is already on line {}",
                        other.line
                    )));
                }
                finish(entries.last())?;
                entries.push(Entry {
                    name,
                    line,
                    settings: Vec::new(),
                    code: String::new(),
                    counts: Vec::new(),
                });
            }
            _ => {
                let entry = entries
                    .last_mut()
                    .ok_or_else(|| error(format!("`{keyword}` before the first `position`")))?;
                match keyword {
                    "set" => {
                        let pair = single_word("KEY=VALUE")?;
                        let (key, value) =
                            crate::settings::split_pair(&pair).map_err(|e| error(e.to_string()))?;
                        entry.settings.push((key, value));
                    }
                    "code" if entry.code.is_empty() => {
                        if rest.is_empty() {
                            return Err(error("`code` needs a position code".into()));
                        }
                        entry.code = rest.to_string();
                    }
                    "code" => return Err(error(format!("`{}` has two codes", entry.name))),
                    "perft" => {
                        let (depth, count) = rest
                            .split_once(char::is_whitespace)
                            .and_then(|(d, c)| Some((d.parse().ok()?, c.trim().parse().ok()?)))
                            .ok_or_else(|| {
                                error("expected `perft DEPTH COUNT` (whole numbers)".into())
                            })?;
                        if entry.counts.last().is_some_and(|&(last, _)| depth <= last) {
                            return Err(error("depths must increase".into()));
                        }
                        entry.counts.push((depth, count));
                    }
                    other => {
                        return Err(error(format!(
                            "unknown keyword `{other}` (game, position, set, code, perft)"
                        )))
                    }
                }
            }
        }
    }
    finish(entries.last())?;
    let game = game.ok_or(SuiteError {
        line: 1,
        reason: "the suite is empty: it needs `game NAME` and positions".into(),
    })?;
    Ok(Suite { game, entries })
}

/// Checks that the entry just ended has a code and counts.
fn finish(entry: Option<&Entry>) -> Result<(), SuiteError> {
    let Some(entry) = entry else { return Ok(()) };
    let error = |what: &str| SuiteError {
        line: entry.line,
        reason: format!("position `{}` has no `{what}` line", entry.name),
    };
    if entry.code.is_empty() {
        return Err(error("code"));
    }
    if entry.counts.is_empty() {
        return Err(error("perft"));
    }
    Ok(())
}

/// One count of a suite, checked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Checked {
    /// The entry's name.
    pub name: String,
    /// The depth.
    pub depth: u32,
    /// The count the suite gives.
    pub expected: u64,
    /// The count the engine gives.
    pub found: u64,
}

impl Checked {
    /// Whether the engine agrees with the suite.
    pub fn agrees(&self) -> bool {
        self.expected == self.found
    }
}

impl Suite {
    /// Counts every entry's perft to each of its depths with the game from `registry`, and
    /// returns every count next to the suite's, in file order. An unknown game, settings the
    /// game refuses or a code it cannot read is an error at the entry's line.
    pub fn run(&self, registry: &Registry) -> Result<Vec<Checked>, SuiteError> {
        let entry_game = registry.get(&self.game).map_err(|e| SuiteError {
            line: 1,
            reason: e.to_string(),
        })?;
        let mut checked = Vec::new();
        for entry in &self.entries {
            let error = |reason: String| SuiteError {
                line: entry.line,
                reason: format!("position `{}`: {reason}", entry.name),
            };
            let game = entry_game
                .build(&entry.settings)
                .map_err(|e| error(e.to_string()))?;
            let position = game
                .parse_position(&entry.code)
                .map_err(|e| error(e.to_string()))?;
            for &(depth, expected) in &entry.counts {
                checked.push(Checked {
                    name: entry.name.clone(),
                    depth,
                    expected,
                    found: position.perft(depth),
                });
            }
        }
        Ok(checked)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suite_reads_with_comments_settings_and_several_entries() {
        let text =
            "# header\ngame kauri\n\nposition a # first\nset tiebreak=old\nset ply-limit=9\n\
                    code a/1+1 x\nperft 1 3\nperft 3 40\nposition b\ncode start\nperft 2 36\n";
        let suite = parse(text).unwrap();
        assert_eq!(suite.game, "kauri");
        let a = &suite.entries[0];
        assert_eq!((a.name.as_str(), a.line), ("a", 4));
        assert_eq!(
            a.settings,
            [
                ("tiebreak".to_string(), "old".to_string()),
                ("ply-limit".to_string(), "9".to_string())
            ]
        );
        assert_eq!(a.code, "a/1+1 x");
        assert_eq!(a.counts, [(1, 3), (3, 40)]);
        assert_eq!(suite.entries[1].counts, [(2, 36)]);
    }

    #[test]
    fn bad_suites_name_the_line_and_the_problem() {
        let error = |text: &str| parse(text).unwrap_err().to_string();
        assert_eq!(
            error("position a\n"),
            "line 1: the first line must be `game NAME`"
        );
        assert_eq!(
            error(""),
            "line 1: the suite is empty: it needs `game NAME` and positions"
        );
        assert_eq!(
            error("game g\ngame h\n"),
            "line 2: a suite names its game once"
        );
        assert_eq!(
            error("game g\ncode x\n"),
            "line 2: `code` before the first `position`"
        );
        assert_eq!(
            error("game g\nposition a\ncode x\nperft 2 5\nperft 1 3\n"),
            "line 5: depths must increase"
        );
        assert_eq!(
            error("game g\nposition a\ncode x\nperft two 5\n"),
            "line 4: expected `perft DEPTH COUNT` (whole numbers)"
        );
        assert_eq!(
            error("game g\nposition a\ncode x\nperft 1 5\nposition a\n"),
            "line 5: position `a` is already on line 2"
        );
        assert_eq!(
            error("game g\nposition a\ncode x\nposition b\ncode y\nperft 1 1\n"),
            "line 2: position `a` has no `perft` line"
        );
        assert_eq!(
            error("game g\nposition a\nset tiebreak\n"),
            "line 3: malformed setting `tiebreak`: expected key=value"
        );
        assert_eq!(
            error("game g\nposition a\ndepth 3\n"),
            "line 3: unknown keyword `depth` (game, position, set, code, perft)"
        );
    }
}

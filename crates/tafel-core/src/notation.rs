//! The error for text that could not be read: moves, position codes, records.

use std::fmt;

/// Text that could not be parsed, with what was being read, where, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    /// What was being read: "move", "position code", "record", ...
    pub what: &'static str,
    /// The offending text (truncated when long).
    pub input: String,
    /// The character offset of the problem within `input`, when one place is to blame.
    pub at: Option<usize>,
    /// What is wrong, as a sentence fragment ("expected a digit 1 to 3").
    pub reason: String,
}

impl ParseError {
    /// A parse error about `input` as a whole.
    pub fn new(what: &'static str, input: &str, reason: impl Into<String>) -> Self {
        ParseError {
            what,
            input: shorten(input),
            at: None,
            reason: reason.into(),
        }
    }

    /// A parse error that points at character offset `at` of `input`.
    pub fn at(what: &'static str, input: &str, at: usize, reason: impl Into<String>) -> Self {
        ParseError {
            what,
            input: shorten(input),
            at: Some(at),
            reason: reason.into(),
        }
    }
}

fn shorten(input: &str) -> String {
    const LIMIT: usize = 120;
    if input.chars().count() <= LIMIT {
        input.to_string()
    } else {
        let mut s: String = input.chars().take(LIMIT).collect();
        s.push('…');
        s
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {} `{}`", self.what, self.input)?;
        if let Some(at) = self.at {
            write!(f, " at character {}", at + 1)?;
        }
        write!(f, ": {}", self.reason)
    }
}

impl std::error::Error for ParseError {}

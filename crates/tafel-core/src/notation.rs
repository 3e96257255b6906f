//! The error for text that could not be read: moves, position codes, records.

use std::fmt;

use crate::reason::Reason;

/// Text that could not be parsed, with what was being read, where, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    /// What was being read: "move", "position code", "record", ...
    pub what: &'static str,
    /// The offending text (truncated when long).
    pub input: String,
    /// The character offset of the problem within `input`, when one place is to blame.
    pub at: Option<usize>,
    /// What is wrong, by code ("expected a digit 1 to 3").
    pub reason: Reason,
}

impl ParseError {
    /// A parse error about `input` as a whole.
    pub fn new(what: &'static str, input: &str, reason: Reason) -> Self {
        ParseError {
            what,
            input: shorten(input),
            at: None,
            reason,
        }
    }

    /// A parse error that points at character offset `at` of `input`.
    pub fn at(what: &'static str, input: &str, at: usize, reason: Reason) -> Self {
        ParseError {
            what,
            input: shorten(input),
            at: Some(at),
            reason,
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

impl ParseError {
    /// The whole error as a reason by code (`unreadable`, or `unreadable-at` with the
    /// character's number `at`, counted from 1): `what` as written and as a word without
    /// spaces (`kind`: `move`, `position-code`) for catalogues to choose their words by,
    /// `input`, and the game's `reason`.
    pub fn as_reason(&self) -> Reason {
        let reason = match self.at {
            None => Reason::new("unreadable", "invalid {what} `{input}`: {reason}"),
            Some(at) => Reason::new(
                "unreadable-at",
                "invalid {what} `{input}` at character {at}: {reason}",
            )
            .with("at", at + 1),
        };
        reason
            .with("what", self.what)
            .with("kind", self.what.replace(' ', "-"))
            .with("input", &self.input)
            .with_reason("reason", self.reason.clone())
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_reason().fmt(f)
    }
}

impl std::error::Error for ParseError {}

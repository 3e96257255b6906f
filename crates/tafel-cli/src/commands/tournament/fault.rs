//! Why an engine lost a game other than over the board: it crashed, hung, answered an illegal
//! or malformed move, refused a command, or ran out of time.

use std::fmt;
use std::time::Duration;

/// An engine's fault, which loses it the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The program could not start, or its input or output closed (it exited or crashed).
    Crashed {
        /// What happened, with the exit status.
        what: String,
        /// The tail of its standard error.
        stderr: String,
    },
    /// No answer within its clock and the margin: the program was killed.
    Hung {
        /// The command it did not answer.
        what: String,
        /// The tail of its standard error.
        stderr: String,
    },
    /// A line that is not an answer of the protocol.
    Malformed(String),
    /// `error ...` where the referee's command was valid.
    Refused(String),
    /// A move the rules do not allow here (or that is not in the game's notation).
    Illegal {
        /// The move as answered.
        answered: String,
        /// The rules' reason.
        reason: String,
    },
    /// A move that came after the clock and the margin ran out.
    OutOfTime {
        /// How long the move took.
        used: Duration,
        /// What was on the clock.
        had: Duration,
    },
    /// An in-process level failed (a bug in it).
    Failed(String),
}

/// How a fault ends the game in its record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// A loss on time (`Termination "time forfeit"`): hangs and late moves.
    Time,
    /// A loss by breaking the rules of play (`Termination "rules infraction"`).
    Infraction,
}

impl Fault {
    /// A crash: `what` happened, with the tail of standard error.
    pub fn crashed(what: String, stderr: String) -> Fault {
        Fault::Crashed { what, stderr }
    }

    /// Whether a program must be started again before its next game: it is dead, was
    /// killed, or said something out of the protocol (its next answers cannot be trusted to
    /// be in step).
    pub fn needs_restart(&self) -> bool {
        matches!(
            self,
            Fault::Crashed { .. } | Fault::Hung { .. } | Fault::Malformed(_)
        )
    }

    /// How the game ends.
    pub fn kind(&self) -> FaultKind {
        match self {
            Fault::Hung { .. } | Fault::OutOfTime { .. } => FaultKind::Time,
            _ => FaultKind::Infraction,
        }
    }

    /// A one-word name for the tables: crash, hang, illegal, malformed, refused, time, failed.
    pub fn label(&self) -> &'static str {
        match self {
            Fault::Crashed { .. } => "crash",
            Fault::Hung { .. } => "hang",
            Fault::Malformed(_) => "malformed",
            Fault::Refused(_) => "refused",
            Fault::Illegal { .. } => "illegal",
            Fault::OutOfTime { .. } => "time",
            Fault::Failed(_) => "failed",
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let stderr_part = |stderr: &str| {
            if stderr.is_empty() {
                "nothing on stderr".to_string()
            } else {
                format!("stderr: {stderr}")
            }
        };
        match self {
            Fault::Crashed { what, stderr } => {
                write!(f, "crashed: {what}; {}", stderr_part(stderr))
            }
            Fault::Hung { what, stderr } => write!(
                f,
                "hung: no answer to `{what}` within its clock and the margin, killed; {}",
                stderr_part(stderr)
            ),
            Fault::Malformed(what) => write!(f, "malformed answer: {what}"),
            Fault::Refused(line) => write!(f, "refused a valid command: `{line}`"),
            Fault::Illegal { answered, reason } => {
                write!(f, "illegal move `{answered}`: {reason}")
            }
            Fault::OutOfTime { used, had } => write!(
                f,
                "out of time: the move took {} ms with {} ms on the clock",
                used.as_millis(),
                had.as_millis()
            ),
            Fault::Failed(what) => write!(f, "the level failed: {what}"),
        }
    }
}

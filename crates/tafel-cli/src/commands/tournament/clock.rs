//! The time control (`--tc BASE+INC`, in seconds) and each side's clock, kept by the referee.

use std::fmt;
use std::time::Duration;

use anyhow::{ensure, Context, Result};

/// The longest base time accepted (a day).
const MAX_BASE: Duration = Duration::from_secs(24 * 3600);
/// The largest increment accepted (an hour).
const MAX_INCREMENT: Duration = Duration::from_secs(3600);

/// Fischer time control: `base` for the game, `increment` added after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub base: Duration,
    /// Added to a side's clock after each of its moves.
    pub increment: Duration,
}

impl TimeControl {
    /// Reads `BASE+INC` or `BASE` in seconds (`10+0.1`, `60`).
    pub fn parse(text: &str) -> Result<TimeControl> {
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        let seconds = |part: &str, what: &str| -> Result<Duration> {
            let value: f64 = part.trim().parse().with_context(|| {
                format!("--tc `{text}`: the {what} `{part}` is not a number of seconds")
            })?;
            ensure!(
                value.is_finite() && value >= 0.0,
                "--tc `{text}`: the {what} must be zero or more seconds"
            );
            Ok(Duration::from_secs_f64(value.min(1e9)))
        };
        let tc = TimeControl {
            base: seconds(base, "base time")?,
            increment: seconds(increment, "increment")?,
        };
        ensure!(
            tc.base >= Duration::from_millis(10),
            "--tc `{text}`: the base time must be at least 0.01 s"
        );
        ensure!(
            tc.base <= MAX_BASE && tc.increment <= MAX_INCREMENT,
            "--tc `{text}`: at most {} s base and {} s increment",
            MAX_BASE.as_secs(),
            MAX_INCREMENT.as_secs()
        );
        Ok(tc)
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

/// One side's clock.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    /// What is left.
    pub remaining: Duration,
    increment: Duration,
}

impl Clock {
    /// A full clock.
    pub fn new(tc: TimeControl) -> Clock {
        Clock {
            remaining: tc.base,
            increment: tc.increment,
        }
    }

    /// A clock with `remaining` left that gains `increment` after each move (a server's
    /// clock, as `tafel bot` reads it).
    pub fn left(remaining: Duration, increment: Duration) -> Clock {
        Clock {
            remaining,
            increment,
        }
    }

    /// The time the referee offers for the next move (`go time MS`, or an in-process level's
    /// time cap): a twentieth of what is left plus the increment, at most half of what is
    /// left, at least a millisecond.
    pub fn allotment(&self) -> Duration {
        (self.remaining / 20 + self.increment)
            .min(self.remaining / 2)
            .max(Duration::from_millis(1))
    }

    /// Charges a move that took `used`, with `margin` of grace past the flag. Returns `false`
    /// when the side is out of time (used more than what was left plus the margin); otherwise
    /// the clock keeps what was left (none, if the move came within the margin) plus the
    /// increment.
    pub fn charge(&mut self, used: Duration, margin: Duration) -> bool {
        if used > self.remaining + margin {
            self.remaining = Duration::ZERO;
            return false;
        }
        self.remaining = self.remaining.saturating_sub(used) + self.increment;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_read_and_checked() {
        let tc = TimeControl::parse("10+0.1").unwrap();
        assert_eq!(tc.base, Duration::from_secs(10));
        assert_eq!(tc.increment, Duration::from_millis(100));
        assert_eq!(tc.to_string(), "10+0.1");
        assert_eq!(TimeControl::parse("60").unwrap().increment, Duration::ZERO);
        for bad in [
            "", "ten", "-1+0", "1+x", "0+1", "100000+0", "10+4000", "inf",
        ] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_clock_runs_down_and_flags() {
        let mut clock = Clock::new(TimeControl::parse("2+0.1").unwrap());
        assert_eq!(clock.allotment(), Duration::from_millis(200));
        assert!(clock.charge(Duration::from_millis(500), Duration::ZERO));
        assert_eq!(clock.remaining, Duration::from_millis(1600));
        // Past the flag but within the margin: accepted, with only the increment left.
        assert!(clock.charge(Duration::from_millis(1650), Duration::from_millis(100)));
        assert_eq!(clock.remaining, Duration::from_millis(100));
        assert_eq!(clock.allotment(), Duration::from_millis(50));
        assert!(!clock.charge(Duration::from_millis(300), Duration::from_millis(100)));
    }
}

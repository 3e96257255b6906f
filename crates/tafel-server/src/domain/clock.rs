//! Game clocks: the time control chosen when a game is created, each seat's time left, and
//! whose clock runs since when.
//!
//! - **Controls.** None; Fischer (an initial time and an increment added after each move of
//!   the seat, such as 5+3); correspondence (so many days for each move, the time not used
//!   is not kept).
//! - **Decided from stored timestamps.** A clock is the time each seat had left when its
//!   clock last stopped, the seat whose clock runs, and the wall-clock moment it started
//!   (milliseconds since the Unix epoch). All of it is stored with every change of the game,
//!   so any server instance reading the store decides a clock the same way, and a restart
//!   does not reset it. The moment the running clock falls ([`Clock::flag_at`]) is stored
//!   too, for the timers that end games on time.
//! - **Downtime is not charged.** A server that comes back after no instance was alive moves
//!   the start of every running clock forward by the time it was down (see
//!   [`crate::store::Store::credit_downtime`]).
//! - **When a clock runs.** Only while a seat is to move in a game whose every seat is taken
//!   (an invited person has joined) and that has not ended; the server's dice take no time.
//!   A takeback keeps the times as they are (no time is given back); the clock of the seat
//!   to move after it runs from then.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::domain::error::Error;
use crate::msg;

/// The longest initial time of a Fischer clock (a day).
pub const MAX_INITIAL_SECONDS: u32 = 24 * 3600;
/// The largest Fischer increment (an hour).
pub const MAX_INCREMENT_SECONDS: u32 = 3600;
/// The most days for one move of a correspondence game.
pub const MAX_DAYS_PER_MOVE: u32 = 60;

const DAY_MS: i64 = 24 * 3600 * 1000;

/// The time control of a game, chosen at creation. Sent and stored as
/// `{"kind": "none"}`, `{"kind": "fischer", "initial_seconds": 300, "increment_seconds": 3}`
/// or `{"kind": "correspondence", "days_per_move": 3}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum TimeControl {
    /// No clock.
    #[default]
    None,
    /// Each seat starts with `initial_seconds` and gains `increment_seconds` after each of
    /// its moves (5+3 is 300 and 3).
    Fischer {
        /// The time each seat starts with, 1 s to a day.
        initial_seconds: u32,
        /// The time added after each move, 0 to an hour.
        increment_seconds: u32,
    },
    /// Each move must be made within so many days (1 to 60); unused time is not kept.
    Correspondence {
        /// Days for each move.
        days_per_move: u32,
    },
}

impl TimeControl {
    /// Checks the bounds; the reason otherwise.
    pub fn check(&self) -> Result<(), Error> {
        match *self {
            TimeControl::None => Ok(()),
            TimeControl::Fischer {
                initial_seconds,
                increment_seconds,
            } => {
                if !(1..=MAX_INITIAL_SECONDS).contains(&initial_seconds) {
                    Err(Error::invalid(msg!(
                        "fischer-clock-initial-time-is-1",
                        max_initial_seconds = MAX_INITIAL_SECONDS
                    )))
                } else if increment_seconds > MAX_INCREMENT_SECONDS {
                    Err(Error::invalid(msg!(
                        "fischer-clock-increment-is-0-to",
                        max_increment_seconds = MAX_INCREMENT_SECONDS
                    )))
                } else {
                    Ok(())
                }
            }
            TimeControl::Correspondence { days_per_move } => {
                if (1..=MAX_DAYS_PER_MOVE).contains(&days_per_move) {
                    Ok(())
                } else {
                    Err(Error::invalid(msg!(
                        "correspondence-game-gives-1-to-max",
                        max_days_per_move = MAX_DAYS_PER_MOVE
                    )))
                }
            }
        }
    }

    /// The time a seat has at the start of the game (and, by correspondence, of each move).
    fn initial_ms(&self) -> i64 {
        match *self {
            TimeControl::None => 0,
            TimeControl::Fischer {
                initial_seconds, ..
            } => i64::from(initial_seconds) * 1000,
            TimeControl::Correspondence { days_per_move } => i64::from(days_per_move) * DAY_MS,
        }
    }
}

/// The clocks of a game with a time control.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// The time control (never [`TimeControl::None`]).
    pub control: TimeControl,
    /// Each seat's time left, in milliseconds, when its clock last stopped (for the seat
    /// whose clock runs: when it started).
    pub remaining_ms: Vec<i64>,
    /// The seat whose clock runs, if one does.
    pub running: Option<usize>,
    /// When the running clock started, in milliseconds since the Unix epoch. Stored in a
    /// column of its own, so that a restart can credit its downtime to every running clock
    /// at once.
    #[serde(skip)]
    pub since_ms: Option<i64>,
    /// The seats that went berserk in an Arena game: half their initial time given up, and
    /// no increment (empty when nobody did).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub berserk: Vec<bool>,
}

impl Clock {
    /// The clocks of a game of `seats` seats under `control`, none running; `None` without a
    /// time control.
    pub fn new(control: TimeControl, seats: usize) -> Option<Clock> {
        (control != TimeControl::None).then(|| Clock {
            control,
            remaining_ms: vec![control.initial_ms(); seats],
            running: None,
            since_ms: None,
            berserk: Vec::new(),
        })
    }

    /// Whether `seat` went berserk.
    pub fn is_berserk(&self, seat: usize) -> bool {
        self.berserk.get(seat).copied().unwrap_or(false)
    }

    /// `seat` goes berserk (lichess's Arena): it gives up half its initial time, and its
    /// moves gain no increment. Only a clock in minutes and seconds can be halved.
    pub fn go_berserk(&mut self, seat: usize) -> Result<(), Error> {
        let TimeControl::Fischer {
            initial_seconds, ..
        } = self.control
        else {
            return Err(Error::invalid(msg!("only-a-clock-in-minutes-and")));
        };
        let initial = Duration::from_secs(u64::from(initial_seconds));
        let kept = tafel_tournament::arena::berserk_time(initial).unwrap_or_default();
        self.remaining_ms[seat] -= (initial - kept).as_millis() as i64;
        self.berserk.resize(self.remaining_ms.len(), false);
        self.berserk[seat] = true;
        Ok(())
    }

    /// The time `seat` has left at `now`.
    pub fn left(&self, seat: usize, now: i64) -> i64 {
        let remaining = self.remaining_ms[seat];
        match (self.running, self.since_ms) {
            (Some(running), Some(since)) if running == seat => {
                remaining - now.saturating_sub(since).max(0)
            }
            _ => remaining,
        }
    }

    /// When the running clock falls (milliseconds since the Unix epoch).
    pub fn flag_at(&self) -> Option<i64> {
        Some(self.since_ms? + self.remaining_ms[self.running?])
    }

    /// The seat whose running clock has fallen at `now`, if one has.
    pub fn fallen(&self, now: i64) -> Option<usize> {
        self.running.filter(|&seat| self.left(seat, now) <= 0)
    }

    /// Stops the running clock at `now`, charging its seat the time used.
    pub fn stop(&mut self, now: i64) {
        if let Some(seat) = self.running {
            self.remaining_ms[seat] = self.left(seat, now).max(0);
        }
        self.running = None;
        self.since_ms = None;
    }

    /// `seat` has moved at `now`: its clock stops, charged, and gains the increment.
    pub fn moved(&mut self, seat: usize, now: i64) {
        let was_running = self.running == Some(seat);
        self.stop(now);
        if let (
            true,
            TimeControl::Fischer {
                increment_seconds, ..
            },
        ) = (was_running, self.control)
        {
            if self.is_berserk(seat) {
                return;
            }
            self.remaining_ms[seat] += i64::from(increment_seconds) * 1000;
        }
    }

    /// Makes `to_move`'s clock the one that runs from `now` (none: every clock stopped). A
    /// clock already running for that seat keeps running; by correspondence, a seat whose
    /// clock starts gets the whole time for its move.
    pub fn settle(&mut self, to_move: Option<usize>, now: i64) {
        if self.running == to_move {
            return;
        }
        self.stop(now);
        if let Some(seat) = to_move {
            if let TimeControl::Correspondence { .. } = self.control {
                self.remaining_ms[seat] = self.control.initial_ms();
            }
            self.running = Some(seat);
            self.since_ms = Some(now);
        }
    }

    /// How long the computer in `seat` may think at `now`: a share of its time left (a
    /// twenty-fifth, plus most of the increment), at most `cap`, at least a few milliseconds
    /// and never more than half of what is left.
    pub fn thinking_time(&self, seat: usize, now: i64, cap: Duration) -> Duration {
        let left = self.left(seat, now).max(0);
        let increment = match self.control {
            TimeControl::Fischer {
                increment_seconds, ..
            } => i64::from(increment_seconds) * 1000,
            _ => 0,
        };
        let share = (left / 25 + increment * 3 / 4)
            .min(left / 2)
            .max(MIN_THINKING_MS);
        Duration::from_millis(share as u64).min(cap)
    }
}

/// The least time a computer on the clock is given for a move, in milliseconds.
const MIN_THINKING_MS: i64 = 5;

/// The time line a server reads, in milliseconds since the Unix epoch: the wall clock, ahead
/// of it by what [`Timeline::advance`] added. Game clocks, no-shows, tournaments' times,
/// sessions and every stored moment read it, so a test moves a server's time on by hand
/// instead of waiting for it (`tafel serve` never moves it). Clones share one time line: the
/// servers of a test that restarts one share it, and so do the instances of one test.
///
/// Moving the time line on wakes no timer that already sleeps: the tasks that look at their
/// deadlines again every so often (the tournament director, every half second; the clocks'
/// keeper, whenever a game's deadline changes) see the new time when they next look.
#[derive(Clone, Debug, Default)]
pub struct Timeline {
    ahead_ms: Arc<AtomicI64>,
}

impl Timeline {
    /// Now on this time line.
    pub fn now_ms(&self) -> i64 {
        let wall = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64);
        wall + self.ahead_ms.load(Ordering::Relaxed)
    }

    /// Moves this time line (and every clone of it) on by `by`.
    pub fn advance(&self, by: Duration) {
        self.ahead_ms
            .fetch_add(by.as_millis() as i64, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_line_moved_on_moves_its_clones_and_no_other() {
        let timeline = Timeline::default();
        let clone = timeline.clone();
        let before = clone.now_ms();
        timeline.advance(Duration::from_secs(3600));
        let moved = clone.now_ms() - before;
        assert!((3_600_000..3_660_000).contains(&moved), "{moved}");
        let wall = Timeline::default().now_ms();
        assert!(clone.now_ms() - wall >= 3_600_000);
    }

    fn fischer(initial: u32, increment: u32) -> Clock {
        Clock::new(
            TimeControl::Fischer {
                initial_seconds: initial,
                increment_seconds: increment,
            },
            2,
        )
        .unwrap()
    }

    #[test]
    fn a_fischer_clock_charges_the_mover_and_adds_the_increment() {
        let mut clock = fischer(300, 3);
        assert_eq!(clock.running, None);
        clock.settle(Some(0), 1_000);
        assert_eq!(clock.flag_at(), Some(301_000));
        assert_eq!(clock.left(0, 11_000), 290_000);
        assert_eq!(clock.left(1, 11_000), 300_000);
        clock.moved(0, 11_000);
        clock.settle(Some(1), 11_000);
        assert_eq!(clock.remaining_ms, vec![293_000, 300_000]);
        assert_eq!(clock.fallen(311_000), Some(1));
        assert_eq!(clock.fallen(310_999), None);
        assert_eq!(clock.left(1, 12_000), 299_000);
        assert_eq!(clock.running, Some(1));
        // Settling on the seat already running changes nothing.
        clock.settle(Some(1), 20_000);
        assert_eq!(clock.since_ms, Some(11_000));
        clock.stop(20_000);
        assert_eq!(clock.remaining_ms, vec![293_000, 291_000]);
        assert_eq!(clock.flag_at(), None);
    }

    #[test]
    fn going_berserk_halves_the_initial_time_and_drops_the_increment() {
        let mut clock = fischer(300, 3);
        clock.settle(Some(0), 0);
        clock.go_berserk(0).unwrap();
        // 10 s used before going berserk: 150 s given up, 140 s left.
        assert_eq!(clock.left(0, 10_000), 140_000);
        clock.moved(0, 10_000);
        assert_eq!(clock.remaining_ms, vec![140_000, 300_000]);
        clock.settle(Some(1), 10_000);
        clock.moved(1, 11_000);
        assert_eq!(clock.remaining_ms[1], 302_000);
        assert!(clock.is_berserk(0) && !clock.is_berserk(1));
        let mut days = Clock::new(TimeControl::Correspondence { days_per_move: 1 }, 2).unwrap();
        assert!(days.go_berserk(0).is_err());
    }

    #[test]
    fn a_move_while_the_clock_did_not_run_gains_nothing() {
        let mut clock = fischer(60, 5);
        clock.moved(0, 5_000);
        assert_eq!(clock.remaining_ms, vec![60_000, 60_000]);
    }

    #[test]
    fn correspondence_gives_the_whole_time_for_each_move() {
        let mut clock = Clock::new(TimeControl::Correspondence { days_per_move: 2 }, 2).unwrap();
        clock.settle(Some(0), 0);
        clock.moved(0, DAY_MS);
        assert_eq!(clock.remaining_ms[0], DAY_MS);
        clock.settle(Some(1), DAY_MS);
        clock.moved(1, DAY_MS + 1);
        clock.settle(Some(0), DAY_MS + 1);
        assert_eq!(clock.left(0, DAY_MS + 1), 2 * DAY_MS);
    }

    #[test]
    fn the_computer_thinks_within_its_time() {
        let mut clock = fischer(180, 0);
        clock.settle(Some(1), 0);
        let cap = Duration::from_secs(10);
        assert_eq!(clock.thinking_time(1, 0, cap), Duration::from_millis(7_200));
        assert_eq!(
            clock.thinking_time(1, 179_990, cap),
            Duration::from_millis(5)
        );
        let mut long = fischer(3600, 30);
        long.settle(Some(0), 0);
        assert_eq!(long.thinking_time(0, 0, cap), cap);
    }

    #[test]
    fn controls_are_bounded_and_read_from_json() {
        let three: TimeControl = serde_json::from_str(
            r#"{"kind": "fischer", "initial_seconds": 180, "increment_seconds": 0}"#,
        )
        .unwrap();
        assert!(three.check().is_ok());
        let none: TimeControl = serde_json::from_str(r#"{"kind": "none"}"#).unwrap();
        assert_eq!(Clock::new(none, 2), None);
        for bad in [
            TimeControl::Fischer {
                initial_seconds: 0,
                increment_seconds: 0,
            },
            TimeControl::Fischer {
                initial_seconds: 60,
                increment_seconds: MAX_INCREMENT_SECONDS + 1,
            },
            TimeControl::Correspondence { days_per_move: 0 },
        ] {
            assert!(bad.check().is_err(), "{bad:?}");
        }
        assert!(serde_json::from_str::<TimeControl>(
            r#"{"kind": "fischer", "initial_seconds": 1, "increment_seconds": 0, "delay": 2}"#
        )
        .is_err());
    }
}

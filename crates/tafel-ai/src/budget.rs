//! How much one search may spend: a number of work units (MCTS iterations or search nodes),
//! wall-clock time, or both, whichever runs out first; and a [`StopFlag`] through which
//! another thread can end a running search early and watch how far it got.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A limit on one search. Work budgets make a seeded search reproducible; time budgets make
/// it stop on time whatever the machine. Every budget has at least one of the two limits, and
/// may carry a [`StopFlag`] that ends it early.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Budget {
    work: Option<u64>,
    time: Option<Duration>,
    stop: Option<StopFlag>,
}

/// A flag shared between a running search and the thread that may stop it (the engine
/// protocol's `stop`, a server shutting down): every searcher's [`Meter`] looks at it where it
/// looks at the clock, and reports there the work it has done, so the other thread can also
/// show progress. Clones share the flag.
#[derive(Clone, Default)]
pub struct StopFlag(Arc<StopState>);

#[derive(Default)]
struct StopState {
    stopped: AtomicBool,
    work: AtomicU64,
}

impl StopFlag {
    /// A flag not raised, with no work reported.
    pub fn new() -> Self {
        StopFlag::default()
    }

    /// Asks every search using this flag to end as soon as it next looks (within a few
    /// nodes or iterations); each then answers with what it found so far.
    pub fn stop(&self) {
        self.0.stopped.store(true, Ordering::Relaxed);
    }

    /// Whether [`StopFlag::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.0.stopped.load(Ordering::Relaxed)
    }

    /// The work units (nodes or iterations) the searches using this flag have reported so
    /// far, all threads together; reported every few units, so slightly behind.
    pub fn work_done(&self) -> u64 {
        self.0.work.load(Ordering::Relaxed)
    }

    fn report(&self, units: u64) {
        self.0.work.fetch_add(units, Ordering::Relaxed);
    }
}

impl PartialEq for StopFlag {
    /// Two flags are equal when they are the same shared flag.
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for StopFlag {}

impl fmt::Debug for StopFlag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StopFlag")
            .field("stopped", &self.is_stopped())
            .field("work_done", &self.work_done())
            .finish()
    }
}

impl Budget {
    /// At most `units` iterations (MCTS) or nodes (alpha-beta, expectimax).
    pub fn work(units: u64) -> Self {
        Budget {
            work: Some(units),
            time: None,
            stop: None,
        }
    }

    /// At most `limit` of wall-clock time.
    pub fn time(limit: Duration) -> Self {
        Budget {
            work: None,
            time: Some(limit),
            stop: None,
        }
    }

    /// This budget with a time limit added (or replaced).
    pub fn and_time(self, limit: Duration) -> Self {
        Budget {
            time: Some(limit),
            ..self
        }
    }

    /// This budget, ended early when `flag` is raised (and reporting its work there).
    pub fn and_stop(self, flag: StopFlag) -> Self {
        Budget {
            stop: Some(flag),
            ..self
        }
    }

    /// This budget with the stop flag `flag` if there is one.
    pub fn and_maybe_stop(self, flag: Option<StopFlag>) -> Self {
        Budget { stop: flag, ..self }
    }

    /// The work limit, if any.
    pub fn work_limit(&self) -> Option<u64> {
        self.work
    }

    /// The time limit, if any.
    pub fn time_limit(&self) -> Option<Duration> {
        self.time
    }

    /// This budget with the work limit divided among `parts` searchers (each gets at least one
    /// unit); the time limit is shared as it is, since the searchers run at the same time.
    pub fn split(self, parts: usize) -> Self {
        Budget {
            work: self.work.map(|w| (w / parts.max(1) as u64).max(1)),
            ..self
        }
    }

    /// Starts counting against this budget now.
    pub fn start(&self) -> Meter {
        Meter {
            work: self.work.unwrap_or(u64::MAX),
            deadline: self.time.map(|t| Instant::now() + t),
            stop: self.stop.clone(),
            spent: 0,
            reported: 0,
        }
    }
}

/// A budget being spent: counts work units, watches the clock and the stop flag.
#[derive(Clone, Debug)]
pub struct Meter {
    work: u64,
    deadline: Option<Instant>,
    stop: Option<StopFlag>,
    spent: u64,
    reported: u64,
}

/// How many units pass between two looks at the clock (reading it costs more than a node);
/// a power of two.
const CLOCK_INTERVAL: u64 = 64;

impl Meter {
    /// Counts one unit of work; returns whether the budget is now used up. The clock and the
    /// stop flag are read every few units, so a time limit can be overrun by the time of that
    /// many units.
    pub fn spend(&mut self) -> bool {
        self.spent += 1;
        if self.spent >= self.work {
            self.report();
            return true;
        }
        self.spent & (CLOCK_INTERVAL - 1) == 0 && {
            self.report();
            self.out_of_time()
        }
    }

    /// Whether the time limit has passed or the search was asked to stop.
    pub fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.stop.as_ref().is_some_and(StopFlag::is_stopped)
    }

    /// Adds the work done since the last report to the stop flag's count.
    fn report(&mut self) {
        if let Some(flag) = &self.stop {
            flag.report(self.spent - self.reported);
            self.reported = self.spent;
        }
    }

    /// Whether the budget is used up.
    pub fn exhausted(&self) -> bool {
        self.spent >= self.work || self.out_of_time()
    }

    /// The units spent so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_budget_runs_out_after_its_units() {
        let mut meter = Budget::work(3).start();
        assert!(!meter.spend());
        assert!(!meter.spend());
        assert!(meter.spend());
        assert!(meter.exhausted());
        assert_eq!(meter.spent(), 3);
    }

    #[test]
    fn split_shares_work_but_not_time() {
        let b = Budget::work(10).and_time(Duration::from_secs(1)).split(4);
        assert_eq!(b.work_limit(), Some(2));
        assert_eq!(b.time_limit(), Some(Duration::from_secs(1)));
        assert_eq!(Budget::work(1).split(4).work_limit(), Some(1));
    }

    #[test]
    fn a_raised_stop_flag_ends_the_budget_and_sees_its_work() {
        let flag = StopFlag::new();
        let mut meter = Budget::work(1_000_000).and_stop(flag.clone()).start();
        for _ in 0..CLOCK_INTERVAL - 1 {
            assert!(!meter.spend());
        }
        assert!(!meter.exhausted());
        flag.stop();
        assert!(meter.exhausted());
        assert!(meter.spend(), "the flag is seen where the clock is read");
        assert_eq!(flag.work_done(), CLOCK_INTERVAL);
        assert!(!Budget::work(5).start().exhausted(), "other budgets go on");
    }

    #[test]
    fn time_budget_runs_out() {
        let meter = Budget::time(Duration::ZERO).start();
        assert!(meter.exhausted());
    }
}

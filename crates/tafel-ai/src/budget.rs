//! How much one search may spend: a number of work units (MCTS iterations or search nodes),
//! wall-clock time, or both, whichever runs out first.

use std::time::{Duration, Instant};

/// A limit on one search. Work budgets make a seeded search reproducible; time budgets make
/// it stop on time whatever the machine. Every budget has at least one of the two limits.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    work: Option<u64>,
    time: Option<Duration>,
}

impl Budget {
    /// At most `units` iterations (MCTS) or nodes (alpha-beta, expectimax).
    pub fn work(units: u64) -> Self {
        Budget {
            work: Some(units),
            time: None,
        }
    }

    /// At most `limit` of wall-clock time.
    pub fn time(limit: Duration) -> Self {
        Budget {
            work: None,
            time: Some(limit),
        }
    }

    /// This budget with a time limit added (or replaced).
    pub fn and_time(self, limit: Duration) -> Self {
        Budget {
            time: Some(limit),
            ..self
        }
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
    pub fn start(self) -> Meter {
        Meter {
            work: self.work.unwrap_or(u64::MAX),
            deadline: self.time.map(|t| Instant::now() + t),
            spent: 0,
        }
    }
}

/// A budget being spent: counts work units and watches the clock.
#[derive(Clone, Debug)]
pub struct Meter {
    work: u64,
    deadline: Option<Instant>,
    spent: u64,
}

/// How many units pass between two looks at the clock (reading it costs more than a node);
/// a power of two.
const CLOCK_INTERVAL: u64 = 64;

impl Meter {
    /// Counts one unit of work; returns whether the budget is now used up. The clock is read
    /// every few units, so a time limit can be overrun by the time of that many units.
    pub fn spend(&mut self) -> bool {
        self.spent += 1;
        if self.spent >= self.work {
            return true;
        }
        self.spent & (CLOCK_INTERVAL - 1) == 0 && self.out_of_time()
    }

    /// Whether the time limit has passed.
    pub fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
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
    fn time_budget_runs_out() {
        let meter = Budget::time(Duration::ZERO).start();
        assert!(meter.exhausted());
    }
}

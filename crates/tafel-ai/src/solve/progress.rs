//! How long computations (the Karl's Race solvers) report how far they have got: a small
//! callback trait that the caller implements. The library draws nothing; the command line
//! turns the reports into a progress bar.

use std::sync::atomic::{AtomicU64, Ordering};

/// Receives a computation's progress. It may be called from several worker threads at once.
pub trait Progress: Sync {
    /// The whole work is `total` units (positions, say); called before any
    /// [`Progress::advance`].
    fn start(&self, total: u64);

    /// `units` more units are done.
    fn advance(&self, units: u64);
}

/// Reports nowhere: for callers that want no progress.
#[derive(Clone, Copy, Default, Debug)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn start(&self, _total: u64) {}
    fn advance(&self, _units: u64) {}
}

/// Counts what it is told: the total and the units done so far (for tests, or for a caller
/// that polls instead of drawing).
#[derive(Default, Debug)]
pub struct Counter {
    total: AtomicU64,
    done: AtomicU64,
}

impl Counter {
    /// The total announced by [`Progress::start`] (0 before it).
    pub fn total(&self) -> u64 {
        self.total.load(Ordering::Relaxed)
    }

    /// The units done so far.
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }
}

impl Progress for Counter {
    fn start(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
    }
    fn advance(&self, units: u64) {
        self.done.fetch_add(units, Ordering::Relaxed);
    }
}

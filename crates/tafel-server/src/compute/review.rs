//! The searches behind analyses and hints, as jobs for the [pool](super::pool): how much search
//! a position gets, and how far an analysis got.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use tafel_ai::review::ReviewOptions;
use tafel_ai::scale::AssessOptions;

/// How much search each position of an analysis (and each hint) gets.
#[derive(Clone, Copy, Debug)]
pub struct AnalysisBudget {
    /// Nodes (iterations for MCTS) per position.
    pub work: u64,
    /// Time per position at most.
    pub time: Duration,
}

impl AnalysisBudget {
    /// The search of one position within this budget.
    pub fn assess_options(&self) -> AssessOptions {
        AssessOptions {
            work: Some(self.work),
            time_cap: self.time,
            ..AssessOptions::default()
        }
    }

    /// A whole game's review, each position within this budget.
    pub fn review_options(&self) -> ReviewOptions {
        ReviewOptions {
            assess: self.assess_options(),
            ..ReviewOptions::default()
        }
    }
}

/// An analysis on its way: how far it got, or why it failed.
#[derive(Debug, Default)]
pub struct AnalysisProgress {
    done: AtomicUsize,
    total: AtomicUsize,
    failure: Mutex<Option<String>>,
}

impl AnalysisProgress {
    /// The moves reviewed so far and the moves to review.
    pub fn counts(&self) -> (usize, usize) {
        (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }

    /// Why the analysis failed, if it did.
    pub fn failure(&self) -> Option<String> {
        self.failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Records how far the analysis got: `done` of `total` moves reviewed.
    pub fn set(&self, (done, total): (usize, usize)) {
        self.done.store(done, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
    }

    /// Records why the analysis failed.
    pub fn fail(&self, why: String) {
        *self.failure.lock().unwrap_or_else(|e| e.into_inner()) = Some(why);
    }
}

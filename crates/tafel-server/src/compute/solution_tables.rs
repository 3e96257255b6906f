//! The solution tables that perfect levels need, built in the background when `tafel serve`
//! is asked to (`--build-tables`): each game's AI says which table its perfect play lacks with
//! the default settings ([`tafel_ai::GameAi::missing_table`]); they are built one after
//! another on their own low-priority threads, with progress in the log. A level plays
//! perfectly from the moment its table is written (the file appears under its name only when
//! complete); until then it plays as its notice says, and the lobby shows it unavailable.

use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::Instant;

use tafel_ai::solve::Progress;
use tafel_ai::MissingTable;

/// Every table that a registered game's perfect play lacks with its default settings.
pub fn missing() -> Vec<MissingTable> {
    tafel_games::registry()
        .entries()
        .iter()
        .filter_map(|entry| {
            let game = entry.build(&[]).ok()?;
            tafel_ai::game_ai(game.as_ref())
                .ok()?
                .missing_table(game.as_ref())
                .ok()
                .flatten()
        })
        .collect()
}

/// Builds `tables` one after another on a thread of their own, each with `threads` worker
/// threads at a lower priority than the request handlers; progress and the outcome go to the
/// log. Returns the thread (`None` when there is nothing to build).
pub fn build_in_background(tables: Vec<MissingTable>, threads: usize) -> Option<JoinHandle<()>> {
    if tables.is_empty() {
        tracing::info!("every solution table is in place; nothing to build");
        return None;
    }
    let spawned = std::thread::Builder::new()
        .name("tables".into())
        .spawn(move || {
            let workers = match rayon::ThreadPoolBuilder::new()
                .num_threads(threads.max(1))
                .thread_name(|i| format!("tables-{i}"))
                .start_handler(|_| crate::compute::pool::lower_priority())
                .build()
            {
                Ok(workers) => workers,
                Err(e) => {
                    tracing::error!("cannot start the threads that build tables: {e}");
                    return;
                }
            };
            for table in tables {
                build_one(&workers, table, threads.max(1));
            }
        });
    match spawned {
        Ok(handle) => Some(handle),
        Err(e) => {
            tracing::error!("cannot start the thread that builds tables: {e}");
            None
        }
    }
}

/// Builds one table on `workers`, logging its start, progress and end.
fn build_one(workers: &rayon::ThreadPool, table: MissingTable, threads: usize) {
    let (what, path) = (table.what, table.path.clone());
    tracing::info!(
        "building {what} at {} in the background on {threads} thread(s); its perfect level \
         plays as soon as it is written",
        path.display()
    );
    let started = Instant::now();
    let progress = LogProgress::new(what);
    match workers.install(|| table.build(&progress)) {
        Ok(()) => tracing::info!(
            "{what} built in {:.0} s and written to {}",
            started.elapsed().as_secs_f64(),
            path.display()
        ),
        Err(e) => tracing::error!("building {what} failed: {e}"),
    }
}

/// The share of the work between two lines in the log, in percent.
const REPORT_EVERY: u64 = 5;

/// Progress written to the log every [`REPORT_EVERY`] percent.
struct LogProgress {
    what: &'static str,
    total: AtomicU64,
    done: AtomicU64,
    /// The next percentage to report.
    next: AtomicU64,
}

impl LogProgress {
    fn new(what: &'static str) -> LogProgress {
        LogProgress {
            what,
            total: AtomicU64::new(0),
            done: AtomicU64::new(0),
            next: AtomicU64::new(REPORT_EVERY),
        }
    }
}

impl Progress for LogProgress {
    fn start(&self, total: u64) {
        self.total.store(total, Ordering::Relaxed);
    }

    fn advance(&self, units: u64) {
        let done = self.done.fetch_add(units, Ordering::Relaxed) + units;
        let total = self.total.load(Ordering::Relaxed).max(1);
        let percent = done.saturating_mul(100) / total;
        let next = self.next.load(Ordering::Relaxed);
        // One worker reports each step: the one whose exchange moves `next` past it.
        if percent >= next
            && self
                .next
                .compare_exchange(
                    next,
                    (percent / REPORT_EVERY + 1) * REPORT_EVERY,
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                )
                .is_ok()
        {
            tracing::info!("{}: {percent}% ({done} of {total})", self.what);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;
    use std::sync::{Arc, Mutex};

    #[test]
    fn tables_are_built_one_after_another_with_their_progress() {
        let built = Arc::new(Mutex::new(Vec::new()));
        let table = |what: &'static str| {
            let built = built.clone();
            MissingTable::new(what, PathBuf::from(what), move |progress| {
                progress.start(40);
                for _ in 0..40 {
                    progress.advance(1);
                }
                built.lock().unwrap().push(what);
                Ok(())
            })
        };
        let handle = build_in_background(vec![table("first"), table("second")], 2).unwrap();
        handle.join().unwrap();
        assert_eq!(*built.lock().unwrap(), ["first", "second"]);
        assert!(build_in_background(Vec::new(), 1).is_none());
    }

    #[test]
    fn progress_is_reported_once_per_step() {
        let progress = LogProgress::new("a table");
        progress.start(1000);
        let mut reported = Vec::new();
        for _ in 0..1000 {
            let before = progress.next.load(Ordering::Relaxed);
            progress.advance(1);
            if progress.next.load(Ordering::Relaxed) != before {
                reported.push(before);
            }
        }
        assert_eq!(
            reported,
            (1..=20).map(|i| i * REPORT_EVERY).collect::<Vec<_>>()
        );
    }
}

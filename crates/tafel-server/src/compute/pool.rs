//! A fixed set of threads for long computations (the computer's searches; later, analysis),
//! fed from one first-come, first-served queue of bounded length.
//!
//! A search may take seconds of CPU, so it must neither run on the async runtime (it would
//! stall requests) nor get a thread of its own per request (a hundred games thinking at once
//! would mean a hundred threads fighting over the cores and their memory). The pool runs at
//! most as many jobs as it has threads; the others wait their turn in order. Each job comes
//! with a cancellation check, asked just before the job starts, so that work nobody wants any
//! more (the position was taken back, the game left memory) is skipped, not done. On Linux the
//! threads run at a lower priority (nice 10) than the request handlers, so a human's move is
//! answered at once even while every thread searches.

use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use tokio::sync::oneshot;

/// How a job submitted to the pool ended.
#[derive(Debug, PartialEq, Eq)]
pub enum JobOutcome<T> {
    /// It ran and returned this.
    Done(T),
    /// Its cancellation check said it was no longer wanted (or the pool shut down) before it
    /// started.
    Cancelled,
    /// It panicked, with this message; the pool's thread lives on.
    Panicked(String),
}

/// The queue is full: the job was not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueueFull;

impl std::fmt::Display for QueueFull {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "too many searches are waiting; try again shortly")
    }
}

impl std::error::Error for QueueFull {}

/// Counts of what the pool has done, for tests and measurements.
#[derive(Debug, Default)]
pub struct PoolStats {
    /// Jobs that ran to the end (or panicked).
    pub finished: AtomicU64,
    /// Jobs skipped because their cancellation check said so.
    pub cancelled: AtomicU64,
    /// Jobs that panicked.
    pub panicked: AtomicU64,
}

type Job = Box<dyn FnOnce() + Send>;

struct Queue {
    jobs: VecDeque<Job>,
    running: usize,
    closed: bool,
}

struct Shared {
    queue: Mutex<Queue>,
    work: Condvar,
    stats: PoolStats,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        // A job never runs under this lock, so it cannot be poisoned by a job's panic.
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A fixed number of worker threads and a bounded FIFO queue of jobs.
pub struct SearchPool {
    shared: Arc<Shared>,
    threads: usize,
    max_queued: usize,
}

impl SearchPool {
    /// A pool of `threads` workers (at least one) taking at most `max_queued` waiting jobs.
    pub fn new(threads: usize, max_queued: usize) -> SearchPool {
        let threads = threads.max(1);
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue {
                jobs: VecDeque::new(),
                running: 0,
                closed: false,
            }),
            work: Condvar::new(),
            stats: PoolStats::default(),
        });
        for i in 0..threads {
            let shared = shared.clone();
            std::thread::Builder::new()
                .name(format!("tafel-search-{i}"))
                .spawn(move || work(&shared))
                .expect("the operating system starts a search thread");
        }
        SearchPool {
            shared,
            threads,
            max_queued,
        }
    }

    /// Queues `job`; it runs on a pool thread once every job queued before it has started,
    /// unless `cancelled()` is true when its turn comes. Returns a future of how it ended (the
    /// job runs whether or not the future is polled, unless the future is dropped first).
    pub fn submit<T, F, C>(
        &self,
        cancelled: C,
        job: F,
    ) -> Result<impl std::future::Future<Output = JobOutcome<T>> + Send + 'static, QueueFull>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
        C: Fn() -> bool + Send + 'static,
    {
        let (tx, rx) = oneshot::channel();
        let shared = Arc::downgrade(&self.shared);
        let wrapped: Job = Box::new(move || {
            let stats = shared.upgrade();
            let count = |counter: fn(&PoolStats) -> &AtomicU64| {
                if let Some(shared) = &stats {
                    counter(&shared.stats).fetch_add(1, Ordering::Relaxed);
                }
            };
            if tx.is_closed() || cancelled() {
                count(|s| &s.cancelled);
                let _ = tx.send(JobOutcome::Cancelled);
                return;
            }
            let outcome = match catch_unwind(AssertUnwindSafe(job)) {
                Ok(value) => JobOutcome::Done(value),
                Err(payload) => {
                    count(|s| &s.panicked);
                    JobOutcome::Panicked(panic_message(payload.as_ref()))
                }
            };
            count(|s| &s.finished);
            let _ = tx.send(outcome);
        });
        {
            let mut queue = self.shared.lock();
            if queue.jobs.len() >= self.max_queued {
                return Err(QueueFull);
            }
            queue.jobs.push_back(wrapped);
        }
        self.shared.work.notify_one();
        Ok(async move { rx.await.unwrap_or(JobOutcome::Cancelled) })
    }

    /// The number of worker threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Jobs waiting for a thread.
    pub fn queued(&self) -> usize {
        self.shared.lock().jobs.len()
    }

    /// Jobs running now.
    pub fn running(&self) -> usize {
        self.shared.lock().running
    }

    /// What the pool has done so far.
    pub fn stats(&self) -> &PoolStats {
        &self.shared.stats
    }
}

impl Drop for SearchPool {
    /// Lets the threads end once the running jobs finish; queued jobs are dropped (their
    /// futures answer [`JobOutcome::Cancelled`]).
    fn drop(&mut self) {
        let mut queue = self.shared.lock();
        queue.closed = true;
        queue.jobs.clear();
        drop(queue);
        self.shared.work.notify_all();
    }
}

/// A worker thread: takes jobs in order until the pool closes.
fn work(shared: &Shared) {
    lower_priority();
    loop {
        let job = {
            let mut queue = shared.lock();
            loop {
                if queue.closed {
                    return;
                }
                if let Some(job) = queue.jobs.pop_front() {
                    queue.running += 1;
                    break job;
                }
                queue = shared.work.wait(queue).unwrap_or_else(|e| e.into_inner());
            }
        };
        job();
        shared.lock().running -= 1;
    }
}

/// Gives the calling thread a nice value of 10, so that request handlers come first (Linux:
/// the nice value belongs to each thread). Elsewhere the thread keeps the normal priority.
pub(crate) fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only reads its integer arguments; gettid has no preconditions.
    unsafe {
        let tid = libc::gettid();
        libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, 10);
    }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, AtomicUsize};
    use std::time::Duration;

    /// A job that blocks its thread until `gate` opens, so tests control what runs when.
    fn gate() -> (Arc<(Mutex<bool>, Condvar)>, impl Fn() + Send + 'static) {
        let gate = Arc::new((Mutex::new(false), Condvar::new()));
        let waiter = gate.clone();
        let wait = move || {
            let (lock, cv) = &*waiter;
            let mut open = lock.lock().unwrap();
            while !*open {
                open = cv.wait(open).unwrap();
            }
        };
        (gate, wait)
    }

    fn open(gate: &(Mutex<bool>, Condvar)) {
        *gate.0.lock().unwrap() = true;
        gate.1.notify_all();
    }

    #[tokio::test]
    async fn jobs_run_in_the_order_they_came_one_thread_at_a_time() {
        let pool = SearchPool::new(1, 100);
        let (blocker, wait) = gate();
        let first = pool.submit(|| false, wait).unwrap();
        while pool.running() == 0 {
            std::thread::yield_now();
        }
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut results = Vec::new();
        for i in 0..5 {
            let order = order.clone();
            results.push(
                pool.submit(|| false, move || order.lock().unwrap().push(i))
                    .unwrap(),
            );
        }
        assert_eq!(pool.queued(), 5);
        open(&blocker);
        assert_eq!(first.await, JobOutcome::Done(()));
        for result in results {
            assert_eq!(result.await, JobOutcome::Done(()));
        }
        assert_eq!(*order.lock().unwrap(), vec![0, 1, 2, 3, 4]);
    }

    #[tokio::test]
    async fn no_more_jobs_run_at_once_than_there_are_threads() {
        let pool = SearchPool::new(3, 100);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs: Vec<_> = (0..24)
            .map(|_| {
                let (running, most) = (running.clone(), most.clone());
                pool.submit(
                    || false,
                    move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(5));
                        running.fetch_sub(1, Ordering::SeqCst);
                    },
                )
                .unwrap()
            })
            .collect();
        for job in jobs {
            job.await;
        }
        assert!(most.load(Ordering::SeqCst) <= 3);
        assert!(
            most.load(Ordering::SeqCst) >= 2,
            "the threads ran in parallel"
        );
    }

    #[tokio::test]
    async fn a_job_no_longer_wanted_when_its_turn_comes_is_skipped() {
        let pool = SearchPool::new(1, 100);
        let (blocker, wait) = gate();
        let first = pool.submit(|| false, wait).unwrap();
        let stale = Arc::new(AtomicBool::new(false));
        let ran = Arc::new(AtomicBool::new(false));
        let check = stale.clone();
        let flag = ran.clone();
        let second = pool
            .submit(
                move || check.load(Ordering::SeqCst),
                move || flag.store(true, Ordering::SeqCst),
            )
            .unwrap();
        stale.store(true, Ordering::SeqCst);
        open(&blocker);
        first.await;
        assert_eq!(second.await, JobOutcome::Cancelled);
        assert!(!ran.load(Ordering::SeqCst));
        assert_eq!(pool.stats().cancelled.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_panicking_job_is_reported_and_the_thread_goes_on() {
        let pool = SearchPool::new(1, 100);
        let failed = pool
            .submit(|| false, || -> u8 { panic!("search exploded") })
            .unwrap();
        assert_eq!(
            failed.await,
            JobOutcome::Panicked("search exploded".to_string())
        );
        assert_eq!(
            pool.submit(|| false, || 7).unwrap().await,
            JobOutcome::Done(7)
        );
    }

    #[tokio::test]
    async fn the_queue_has_a_limit() {
        let pool = SearchPool::new(1, 2);
        let (blocker, wait) = gate();
        let first = pool.submit(|| false, wait).unwrap();
        while pool.running() == 0 {
            std::thread::yield_now();
        }
        while pool.queued() < 2 {
            drop(pool.submit(|| false, || ()).unwrap());
        }
        assert_eq!(pool.submit(|| false, || ()).err(), Some(QueueFull));
        open(&blocker);
        first.await;
    }
}

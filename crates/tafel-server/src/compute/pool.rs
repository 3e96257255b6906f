//! A fixed set of threads for long computations (the computer's moves, hints, analyses), fed
//! from bounded queues in an order that is fair to people.
//!
//! A search may take seconds of CPU, so it must neither run on the async runtime (it would
//! stall requests) nor get a thread of its own per request (a hundred games thinking at once
//! would mean a hundred threads fighting over the cores and their memory). Each job comes
//! with a cancellation check, asked just before the job starts, so that work nobody wants any
//! more (the position was taken back, the game left memory) is skipped, not done.
//!
//! **Who comes first.** Every job has a [`Ticket`]: its [`Class`] and its [`Owner`] (the
//! address of the person it is for, or the game when nobody is known). The classes run on two
//! lanes of threads, as many threads each as the pool was given:
//!
//! - the **people's lane** runs the computer's replies to a person ([`Class::Reply`]), then
//!   hints ([`Class::Hint`]), on threads at nice 10 (request handlers come first);
//! - the **background lane** runs the moves of games without a person ([`Class::Unattended`]),
//!   then analyses one position at a time ([`Class::Analysis`]), on threads at nice 19; one
//!   turn in four is kept for analyses, so that they never starve.
//!
//! So a person's reply never waits behind background work: when both lanes have work, the
//! kernel gives the people's threads about seven times the CPU of the background ones (the
//! weights of nice 10 and 19), and a search started for a person runs at once even while every
//! background thread searches. Within a class, owners take turns: the next job is the oldest
//! one of the owner whose turn it is, so one address with a hundred jobs waiting holds up
//! another address's single job by at most one job. On other systems than Linux the lanes
//! keep their order but not their nice values.
//!
//! **Bounds.** At most `max_queued` jobs of the first three classes wait; past that a job is
//! refused ([`QueueFull`]). An analysis has at most one position waiting at a time, and the
//! number of analyses is limited where they are started, so analysis steps are not counted.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
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

impl From<QueueFull> for crate::domain::message::Message {
    fn from(_: QueueFull) -> Self {
        crate::msg!("search-queue-full")
    }
}

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

/// What a job is for; it decides the lane and the order (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// The computer's move in a game where a person waits for it.
    Reply,
    /// A hint for a person to move.
    Hint,
    /// The computer's move in a game without a person.
    Unattended,
    /// One position of an analysis.
    Analysis,
}

impl Class {
    /// Every class, in the order of their rank (first: served first).
    pub const ALL: [Class; 4] = [
        Class::Reply,
        Class::Hint,
        Class::Unattended,
        Class::Analysis,
    ];

    /// The class's name in the server's metrics: `reply`, `hint`, `unattended`, `analysis`.
    pub fn name(self) -> &'static str {
        match self {
            Class::Reply => "reply",
            Class::Hint => "hint",
            Class::Unattended => "unattended",
            Class::Analysis => "analysis",
        }
    }

    fn rank(self) -> usize {
        self as usize
    }

    fn lane(self) -> Lane {
        match self {
            Class::Reply | Class::Hint => Lane::People,
            Class::Unattended | Class::Analysis => Lane::Background,
        }
    }
}

/// The two sets of threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lane {
    People,
    Background,
}

impl Lane {
    const ALL: [Lane; 2] = [Lane::People, Lane::Background];

    fn index(self) -> usize {
        self as usize
    }

    /// The nice value of the lane's threads (Linux).
    fn nice(self) -> i32 {
        match self {
            Lane::People => 10,
            Lane::Background => 19,
        }
    }
}

/// Whose job it is, for taking turns within a class.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Owner {
    /// A client address (an IPv6 client by its /64: see [`crate::domain::client`]).
    Address(IpAddr),
    /// A game whose person is not known here (a game resumed after a restart, say).
    Game(String),
}

/// A job's class and owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ticket {
    /// What the job is for.
    pub class: Class,
    /// Whose it is.
    pub owner: Owner,
}

impl Ticket {
    /// A job of `class` for `owner`.
    pub fn new(class: Class, owner: Owner) -> Ticket {
        Ticket { class, owner }
    }
}

/// Analyses are the lowest class, yet never starve: when analysis steps wait, at least one
/// background turn in this many is theirs (so with a hundred games of the computer against
/// itself running, analyses go on at a quarter of the background lane).
const ANALYSIS_SHARE: usize = 4;

type Job = Box<dyn FnOnce() + Send>;

/// One class's waiting jobs, by owner, with the owners in the order of their turns.
#[derive(Default)]
struct Turns {
    order: VecDeque<Owner>,
    jobs: HashMap<Owner, VecDeque<Job>>,
    len: usize,
}

impl Turns {
    fn push(&mut self, owner: Owner, job: Job) {
        let jobs = self.jobs.entry(owner.clone()).or_default();
        if jobs.is_empty() {
            self.order.push_back(owner);
        }
        jobs.push_back(job);
        self.len += 1;
    }

    /// The oldest job of the owner whose turn it is; that owner goes to the back.
    fn pop(&mut self) -> Option<Job> {
        let owner = self.order.pop_front()?;
        let jobs = self
            .jobs
            .get_mut(&owner)
            .expect("an owner in line has jobs");
        let job = jobs.pop_front().expect("an owner in line has jobs");
        if jobs.is_empty() {
            self.jobs.remove(&owner);
        } else {
            self.order.push_back(owner);
        }
        self.len -= 1;
        Some(job)
    }

    fn clear(&mut self) {
        *self = Turns::default();
    }
}

struct Queue {
    /// By class rank.
    classes: [Turns; 4],
    /// Jobs running, by lane.
    running: [usize; 2],
    /// Background jobs taken since the last analysis step (see [`ANALYSIS_SHARE`]).
    since_analysis: usize,
    closed: bool,
}

impl Queue {
    /// The next job for a thread of `lane`: its first class with a job waiting, except that
    /// an analysis step waiting gets every [`ANALYSIS_SHARE`]th background turn.
    fn next(&mut self, lane: Lane) -> Option<Job> {
        let analyses = &mut self.classes[Class::Analysis.rank()];
        if lane == Lane::Background && self.since_analysis + 1 >= ANALYSIS_SHARE {
            if let Some(job) = analyses.pop() {
                self.since_analysis = 0;
                return Some(job);
            }
        }
        let (class, job) = Class::ALL
            .iter()
            .filter(|class| class.lane() == lane)
            .find_map(|&class| Some((class, self.classes[class.rank()].pop()?)))?;
        match class {
            Class::Analysis => self.since_analysis = 0,
            Class::Unattended => self.since_analysis += 1,
            Class::Reply | Class::Hint => {}
        }
        Some(job)
    }

    /// The jobs waiting that count against the bound (every class but analyses).
    fn bounded(&self) -> usize {
        Class::ALL
            .iter()
            .filter(|&&class| class != Class::Analysis)
            .map(|class| self.classes[class.rank()].len)
            .sum()
    }
}

struct Shared {
    queue: Mutex<Queue>,
    /// One per lane.
    work: [Condvar; 2],
    stats: PoolStats,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        // A job never runs under this lock, so it cannot be poisoned by a job's panic.
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Two lanes of worker threads and bounded queues of jobs taken in a fair order.
pub struct SearchPool {
    shared: Arc<Shared>,
    threads: usize,
    max_queued: usize,
}

impl SearchPool {
    /// A pool of `threads` workers (at least one) in each lane, taking at most `max_queued`
    /// waiting jobs (analysis steps aside).
    pub fn new(threads: usize, max_queued: usize) -> SearchPool {
        let threads = threads.max(1);
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue {
                classes: Default::default(),
                running: [0; 2],
                since_analysis: 0,
                closed: false,
            }),
            work: [Condvar::new(), Condvar::new()],
            stats: PoolStats::default(),
        });
        for lane in Lane::ALL {
            for i in 0..threads {
                let shared = shared.clone();
                let name = match lane {
                    Lane::People => format!("tafel-search-{i}"),
                    Lane::Background => format!("tafel-background-{i}"),
                };
                std::thread::Builder::new()
                    .name(name)
                    .spawn(move || work(&shared, lane))
                    .expect("the operating system starts a search thread");
            }
        }
        SearchPool {
            shared,
            threads,
            max_queued,
        }
    }

    /// Queues `job` as `ticket` says; it runs on a pool thread when its turn comes (see the
    /// module documentation), unless `cancelled()` is true then. Returns a future of how it
    /// ended (the job runs whether or not the future is polled, unless the future is dropped
    /// first).
    pub fn submit<T, F, C>(
        &self,
        ticket: Ticket,
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
            if ticket.class != Class::Analysis && queue.bounded() >= self.max_queued {
                return Err(QueueFull);
            }
            queue.classes[ticket.class.rank()].push(ticket.owner, wrapped);
        }
        self.shared.work[ticket.class.lane().index()].notify_one();
        Ok(async move { rx.await.unwrap_or(JobOutcome::Cancelled) })
    }

    /// The number of worker threads in each lane.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Jobs waiting for a thread, of every class.
    pub fn queued(&self) -> usize {
        self.shared
            .lock()
            .classes
            .iter()
            .map(|turns| turns.len)
            .sum()
    }

    /// Jobs of `class` waiting for a thread.
    pub fn queued_of(&self, class: Class) -> usize {
        self.shared.lock().classes[class.rank()].len
    }

    /// Jobs running now, in both lanes.
    pub fn running(&self) -> usize {
        self.shared.lock().running.iter().sum()
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
        queue.classes.iter_mut().for_each(Turns::clear);
        drop(queue);
        for work in &self.shared.work {
            work.notify_all();
        }
    }
}

/// A worker thread of `lane`: takes the lane's jobs in turn until the pool closes.
fn work(shared: &Shared, lane: Lane) {
    set_nice(lane.nice());
    let index = lane.index();
    loop {
        let job = {
            let mut queue = shared.lock();
            loop {
                if queue.closed {
                    return;
                }
                if let Some(job) = queue.next(lane) {
                    queue.running[index] += 1;
                    break job;
                }
                queue = shared.work[index]
                    .wait(queue)
                    .unwrap_or_else(|e| e.into_inner());
            }
        };
        job();
        shared.lock().running[index] -= 1;
    }
}

/// Gives the calling thread a nice value of 10, so that request handlers come first.
pub(crate) fn lower_priority() {
    set_nice(Lane::People.nice());
}

/// Gives the calling thread the nice value `nice` (Linux: the nice value belongs to each
/// thread). Elsewhere the thread keeps the normal priority.
fn set_nice(nice: i32) {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only reads its integer arguments; gettid has no preconditions.
    unsafe {
        let tid = libc::gettid();
        libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, nice);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = nice;
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

#[cfg(test)]
mod tests;

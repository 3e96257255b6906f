//! The pool's tests: order, turns, lanes, bounds.

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

fn ticket(class: Class, owner: u8) -> Ticket {
    Ticket::new(class, Owner::Address(IpAddr::from([10, 0, 0, owner])))
}

/// A reply to the person at 10.0.0.1.
fn reply() -> Ticket {
    ticket(Class::Reply, 1)
}

/// Waits until `count` jobs run.
fn until_running(pool: &SearchPool, count: usize) {
    while pool.running() < count {
        std::thread::yield_now();
    }
}

/// Submits jobs that record `label` in `order` when they run.
fn recorder(
    pool: &SearchPool,
    order: &Arc<Mutex<Vec<&'static str>>>,
    jobs: &[(Ticket, &'static str)],
) -> Vec<impl std::future::Future<Output = JobOutcome<()>>> {
    jobs.iter()
        .map(|(ticket, label)| {
            let (order, label) = (order.clone(), *label);
            pool.submit(
                ticket.clone(),
                || false,
                move || order.lock().unwrap().push(label),
            )
            .unwrap()
        })
        .collect()
}

#[tokio::test]
async fn jobs_run_in_the_order_they_came_one_thread_at_a_time() {
    let pool = SearchPool::new(1, 100);
    let (blocker, wait) = gate();
    let first = pool.submit(reply(), || false, wait).unwrap();
    while pool.running() == 0 {
        std::thread::yield_now();
    }
    let order = Arc::new(Mutex::new(Vec::new()));
    let mut results = Vec::new();
    for i in 0..5 {
        let order = order.clone();
        results.push(
            pool.submit(reply(), || false, move || order.lock().unwrap().push(i))
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
                reply(),
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
    let first = pool.submit(reply(), || false, wait).unwrap();
    let stale = Arc::new(AtomicBool::new(false));
    let ran = Arc::new(AtomicBool::new(false));
    let check = stale.clone();
    let flag = ran.clone();
    let second = pool
        .submit(
            reply(),
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
        .submit(reply(), || false, || -> u8 { panic!("search exploded") })
        .unwrap();
    assert_eq!(
        failed.await,
        JobOutcome::Panicked("search exploded".to_string())
    );
    assert_eq!(
        pool.submit(reply(), || false, || 7).unwrap().await,
        JobOutcome::Done(7)
    );
}

#[tokio::test]
async fn the_queue_has_a_limit() {
    let pool = SearchPool::new(1, 2);
    let (blocker, wait) = gate();
    let first = pool.submit(reply(), || false, wait).unwrap();
    while pool.running() == 0 {
        std::thread::yield_now();
    }
    while pool.queued() < 2 {
        drop(pool.submit(reply(), || false, || ()).unwrap());
    }
    assert_eq!(pool.submit(reply(), || false, || ()).err(), Some(QueueFull));
    open(&blocker);
    first.await;
}

/// The order in which `jobs` run when they are queued while a job of `holder` holds its
/// lane's only thread.
async fn order_behind(holder: Ticket, jobs: &[(Ticket, &'static str)]) -> Vec<&'static str> {
    let pool = SearchPool::new(1, 100);
    let (blocker, wait) = gate();
    let first = pool.submit(holder, || false, wait).unwrap();
    until_running(&pool, 1);
    let order = Arc::new(Mutex::new(Vec::new()));
    let jobs = recorder(&pool, &order, jobs);
    open(&blocker);
    first.await;
    for job in jobs {
        job.await;
    }
    let order = order.lock().unwrap().clone();
    order
}

#[tokio::test]
async fn a_reply_comes_before_hints_and_people_take_turns() {
    let order = order_behind(
        reply(),
        &[
            (ticket(Class::Hint, 1), "hint"),
            (ticket(Class::Reply, 2), "a1"),
            (ticket(Class::Reply, 2), "a2"),
            (ticket(Class::Reply, 2), "a3"),
            (ticket(Class::Reply, 3), "b1"),
            (ticket(Class::Reply, 4), "c1"),
        ],
    )
    .await;
    // The person at .2 queued three replies first, yet .3 and .4 wait for one of them
    // only; the hint, queued before them all, comes after every reply.
    assert_eq!(order, vec!["a1", "b1", "c1", "a2", "a3", "hint"]);
}

#[tokio::test]
async fn games_without_a_person_come_before_analyses_and_take_turns() {
    let order = order_behind(
        ticket(Class::Unattended, 9),
        &[
            (ticket(Class::Analysis, 1), "analysis"),
            (ticket(Class::Unattended, 2), "a1"),
            (ticket(Class::Unattended, 2), "a2"),
            (ticket(Class::Unattended, 3), "b1"),
        ],
    )
    .await;
    // Games first, addresses taking turns, though the analysis came first; after three
    // background turns (the holder's, a1's, b1's) the fourth is the analysis's.
    assert_eq!(order, vec!["a1", "b1", "analysis", "a2"]);
}

#[tokio::test]
async fn analyses_get_one_background_turn_in_four_however_many_games_wait() {
    let mut jobs: Vec<(Ticket, &'static str)> = vec![
        (ticket(Class::Analysis, 1), "x1"),
        (ticket(Class::Analysis, 1), "x2"),
    ];
    jobs.extend((0..8).map(|_| (ticket(Class::Unattended, 2), "game")));
    let order = order_behind(ticket(Class::Unattended, 9), &jobs).await;
    // The holder was the first background turn.
    let expected = [
        "game", "game", "x1", "game", "game", "game", "x2", "game", "game", "game",
    ];
    assert_eq!(order, expected);
}

#[tokio::test]
async fn background_work_never_holds_up_a_reply() {
    let pool = SearchPool::new(1, 100);
    let (blocker, wait) = gate();
    let unattended = pool
        .submit(ticket(Class::Unattended, 2), || false, wait)
        .unwrap();
    until_running(&pool, 1);
    let analysis = pool
        .submit(ticket(Class::Analysis, 3), || false, || "analysed")
        .unwrap();
    // Every background thread is busy, and a reply still runs at once.
    assert_eq!(
        pool.submit(reply(), || false, || "replied").unwrap().await,
        JobOutcome::Done("replied")
    );
    assert_eq!(pool.queued(), 1, "the analysis still waits");
    open(&blocker);
    unattended.await;
    assert_eq!(analysis.await, JobOutcome::Done("analysed"));
}

#[cfg(target_os = "linux")]
#[tokio::test]
async fn the_background_lane_runs_at_the_lowest_priority() {
    fn nice() -> i32 {
        // SAFETY: getpriority only reads its integer arguments; gettid has none.
        unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) }
    }
    let pool = SearchPool::new(1, 100);
    let people = pool.submit(reply(), || false, nice).unwrap().await;
    let background = pool
        .submit(ticket(Class::Analysis, 1), || false, nice)
        .unwrap()
        .await;
    assert_eq!(
        (people, background),
        (JobOutcome::Done(10), JobOutcome::Done(19))
    );
}

#[tokio::test]
async fn analysis_steps_do_not_count_against_the_bound() {
    let pool = SearchPool::new(1, 1);
    let (blocker, wait) = gate();
    let first = pool
        .submit(ticket(Class::Unattended, 1), || false, wait)
        .unwrap();
    until_running(&pool, 1);
    let steps: Vec<_> = (0..5)
        .map(|i| {
            pool.submit(ticket(Class::Analysis, i), || false, || ())
                .unwrap()
        })
        .collect();
    drop(
        pool.submit(ticket(Class::Unattended, 2), || false, || ())
            .unwrap(),
    );
    assert_eq!(
        pool.submit(ticket(Class::Unattended, 3), || false, || ())
            .err(),
        Some(QueueFull)
    );
    open(&blocker);
    first.await;
    for step in steps {
        assert_eq!(step.await, JobOutcome::Done(()));
    }
}

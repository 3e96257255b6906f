//! Waiting for a condition with a deadline: the one short poll the server's tests keep, for
//! the states the server announces by no event a test could wait on (a background task done, a
//! counter reached, an external program ready).
//!
//! The condition is looked at right away, then again after 5 ms, 10 ms, 20 ms and so on up
//! to every 100 ms, until it holds or `within` has passed; then the test fails with `what` and
//! the last state the condition saw. Nothing here waits for time itself to pass: a test that
//! needs the server's time to move on says so where it does.

use std::fmt::Display;
use std::future::Future;
use std::time::{Duration, Instant};

/// The first pause between two looks.
const FIRST_PAUSE: Duration = Duration::from_millis(5);
/// The longest pause between two looks.
const LONGEST_PAUSE: Duration = Duration::from_millis(100);

/// Looks at `check` until it returns `Ok`, and returns that value; panics with `what` and the
/// last `Err` (the state seen) when `within` passes first.
pub async fn until<T, E, F, Fut>(within: Duration, what: &str, mut check: F) -> T
where
    E: Display,
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, E>>,
{
    let mut pauses = Pauses::new(within);
    loop {
        match check().await {
            Ok(done) => return done,
            Err(seen) => match pauses.next() {
                Some(pause) => tokio::time::sleep(pause).await,
                None => panic!("{what}: not within {within:?}; last seen: {seen}"),
            },
        }
    }
}

/// [`until`] for a condition looked at without waiting (a counter, a flag), in async code.
pub async fn until_holds(within: Duration, what: &str, mut holds: impl FnMut() -> bool) {
    until(within, what, || {
        std::future::ready(if holds() { Ok(()) } else { Err("not yet") })
    })
    .await;
}

/// [`until`] for a condition checked without waiting (a child process, a counter), on the
/// calling thread.
pub fn until_blocking<T, E: Display>(
    within: Duration,
    what: &str,
    mut check: impl FnMut() -> Result<T, E>,
) -> T {
    let mut pauses = Pauses::new(within);
    loop {
        match check() {
            Ok(done) => return done,
            Err(seen) => match pauses.next() {
                Some(pause) => std::thread::sleep(pause),
                None => panic!("{what}: not within {within:?}; last seen: {seen}"),
            },
        }
    }
}

/// The pauses between looks: doubling from [`FIRST_PAUSE`] to [`LONGEST_PAUSE`], none once
/// the deadline has passed.
struct Pauses {
    deadline: Instant,
    next: Duration,
}

impl Pauses {
    fn new(within: Duration) -> Pauses {
        Pauses {
            deadline: Instant::now() + within,
            next: FIRST_PAUSE,
        }
    }
}

impl Iterator for Pauses {
    type Item = Duration;

    fn next(&mut self) -> Option<Duration> {
        let left = self
            .deadline
            .checked_duration_since(Instant::now())
            .filter(|left| !left.is_zero())?;
        let pause = self.next.min(left);
        self.next = (self.next * 2).min(LONGEST_PAUSE);
        Some(pause)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_double_up_to_the_longest_and_stop_at_the_deadline() {
        let mut pauses = Pauses::new(Duration::from_secs(60));
        let first: Vec<u64> = pauses
            .by_ref()
            .take(7)
            .map(|p| p.as_millis() as u64)
            .collect();
        assert_eq!(first, [5, 10, 20, 40, 80, 100, 100]);
        assert_eq!(Pauses::new(Duration::ZERO).next(), None);
    }

    #[test]
    fn until_blocking_returns_the_value_once_it_holds() {
        let mut looks = 0;
        let found = until_blocking(Duration::from_secs(5), "three looks", || {
            looks += 1;
            if looks == 3 {
                Ok(looks)
            } else {
                Err(looks)
            }
        });
        assert_eq!(found, 3);
    }

    #[test]
    #[should_panic(expected = "never: not within 20ms; last seen: still no")]
    fn until_blocking_fails_with_what_it_waited_for_and_the_last_state() {
        until_blocking(Duration::from_millis(20), "never", || {
            Err::<(), _>("still no")
        });
    }
}

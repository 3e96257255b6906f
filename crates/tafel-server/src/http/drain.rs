//! Stopping without losing anything (SIGTERM, `tafel serve`'s Ctrl-C): the server first says
//! it is not ready (`/readyz`), refuses new WebSockets and tells the open ones to reconnect
//! (`{"type": "reconnect"}`: the page opens its socket again, through the load balancer to
//! another instance, or to this one when it is back); after `delay` it stops accepting
//! connections, lets every request under way finish (each open connection is closed after its
//! answer) and waits at most `timeout` for the connections to close.
//!
//! [`Drain`] is the signal every part of the server watches: [`Phase::Serving`], then
//! [`Phase::Draining`] (unready, sockets told), then [`Phase::Closing`] (no new connections).

use std::time::Duration;

use tokio::sync::watch;

/// The type of the message that tells a client the server is stopping and its socket or
/// stream is to be opened again: `{"type": "reconnect"}`.
pub const RECONNECT_TYPE: &str = "reconnect";

/// Where the server is in stopping.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Phase {
    /// Serving as usual.
    Serving,
    /// Unready: load balancers are to send nothing new; WebSockets are told to reconnect and
    /// new ones refused; connections are still accepted.
    Draining,
    /// No new connections; those open close after the request they are answering.
    Closing,
}

/// How long each step of a drain takes.
#[derive(Clone, Copy, Debug)]
pub struct DrainTimes {
    /// From unready to no longer accepting connections, so that load balancers checking
    /// `/readyz` notice first (`--drain-delay`).
    pub delay: Duration,
    /// The longest the connections under way are waited for once no new ones are taken
    /// (`--drain-timeout`); those still open then are dropped.
    pub timeout: Duration,
}

/// The server's phase, shared by the listener, the sockets and the health checks.
#[derive(Clone, Debug)]
pub struct Drain {
    phase: watch::Sender<Phase>,
    /// How long each step takes.
    pub times: DrainTimes,
}

impl Drain {
    /// A server serving, that will drain in `times`.
    pub fn new(times: DrainTimes) -> Drain {
        Drain {
            phase: watch::Sender::new(Phase::Serving),
            times,
        }
    }

    /// The phase now.
    pub fn phase(&self) -> Phase {
        *self.phase.borrow()
    }

    /// Whether the server is draining or closing (not ready for new work).
    pub fn is_draining(&self) -> bool {
        self.phase() >= Phase::Draining
    }

    /// Moves on to `phase` (never back).
    pub fn enter(&self, phase: Phase) {
        self.phase.send_if_modified(|now| {
            let later = phase > *now;
            if later {
                *now = phase;
            }
            later
        });
    }

    /// Resolves once the server has reached `phase` (at once if it has).
    pub async fn reached(&self, phase: Phase) {
        let mut watching = self.phase.subscribe();
        // The sender lives in `self`, so waiting cannot fail while it is borrowed.
        let _ = watching.wait_for(|now| *now >= phase).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_phase_only_moves_on_and_waiters_wake() {
        let drain = Drain::new(DrainTimes {
            delay: Duration::ZERO,
            timeout: Duration::from_secs(1),
        });
        assert!(!drain.is_draining());
        let waiting = {
            let drain = drain.clone();
            tokio::spawn(async move { drain.reached(Phase::Closing).await })
        };
        drain.enter(Phase::Draining);
        assert!(drain.is_draining());
        assert!(!waiting.is_finished());
        drain.enter(Phase::Closing);
        drain.enter(Phase::Serving);
        assert_eq!(drain.phase(), Phase::Closing);
        tokio::time::timeout(Duration::from_secs(1), waiting)
            .await
            .unwrap()
            .unwrap();
    }
}

//! Time: the clock keeper that ends games on time, and the heartbeat that lets a restarted
//! server credit its downtime to the running clocks.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Weak};
use std::time::Duration;

use tokio::sync::Notify;

use super::Hub;
use crate::domain::clock::Timeline;
use crate::domain::ids::GameId;

/// How often a server says in the store that it is alive: a server that comes back after a
/// crash credits the running clocks with the downtime counted from the last of these, so a
/// crash gives back at most this much time.
pub const HEARTBEAT: Duration = Duration::from_millis(100);

/// How often, on a shared database, the computer's leases are renewed and lapsed ones taken
/// over (every so many heartbeats).
pub const LEASE_RENEWAL: Duration = Duration::from_secs(1);

/// A silence of the store's heartbeat longer than this means no server was alive: a server
/// starting after it credits the downtime to the running clocks.
pub const SILENCE: Duration = Duration::from_secs(3);

/// How often the clock keeper looks in the store for flags about to fall.
pub const CLOCK_SCAN: Duration = Duration::from_secs(1);

/// How far ahead the clock keeper looks.
pub const CLOCK_AHEAD: Duration = Duration::from_secs(3);

/// Deadlines the clock keeper holds at most (the soonest; the store has the others).
const MAX_DEADLINES: usize = 10_000;

/// Flags the keeper reads from the store per look at most.
const SCAN_LIMIT: i64 = 1_000;

/// The moments running clocks fall, for the games the keeper watches.
#[derive(Default)]
pub(super) struct Deadlines {
    by_time: BTreeSet<(i64, String)>,
    by_game: HashMap<String, i64>,
}

impl Deadlines {
    /// Game `id`'s clock falls at `at` (`None`: no clock runs).
    fn set(&mut self, id: &str, at: Option<i64>) {
        if let Some(old) = self.by_game.remove(id) {
            self.by_time.remove(&(old, id.to_string()));
        }
        if let Some(at) = at {
            if self.by_game.len() < MAX_DEADLINES {
                self.by_game.insert(id.to_string(), at);
                self.by_time.insert((at, id.to_string()));
            }
        }
    }

    /// The games whose deadline is `now` or earlier, taken out.
    fn take_due(&mut self, now: i64) -> Vec<String> {
        let mut due = Vec::new();
        while let Some((at, id)) = self.by_time.first().cloned() {
            if at > now {
                break;
            }
            self.by_time.pop_first();
            self.by_game.remove(&id);
            due.push(id);
        }
        due
    }

    /// The earliest deadline.
    fn next(&self) -> Option<i64> {
        self.by_time.first().map(|(at, _)| *at)
    }
}

/// When the clock keeper must look at games: the deadlines it holds, and the bell that wakes
/// it when a nearer one is set. Shared by the hub's keeper and every change stored
/// ([`Committer`](super::commit::Committer)).
pub struct Schedule {
    deadlines: std::sync::Mutex<Deadlines>,
    keeper: Notify,
    timeline: Timeline,
}

impl Schedule {
    /// An empty schedule whose deadlines are moments of `timeline`.
    pub(super) fn on(timeline: Timeline) -> Schedule {
        Schedule {
            deadlines: std::sync::Mutex::default(),
            keeper: Notify::new(),
            timeline,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Deadlines> {
        self.deadlines.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Game `id`'s running clock falls at `at` (`None`: none runs). Deadlines further away
    /// than the keeper looks are left to its next look in the store.
    pub(super) fn set(&self, id: &str, at: Option<i64>) {
        let near = at.filter(|&at| at <= self.timeline.now_ms() + CLOCK_AHEAD.as_millis() as i64);
        let mut deadlines = self.lock();
        let earliest = deadlines.next();
        deadlines.set(id, near);
        if near.is_some_and(|at| earliest.is_none_or(|e| at < e)) {
            self.keeper.notify_one();
        }
    }

    /// Wakes the keeper (to stop, or to look again).
    pub(super) fn wake(&self) {
        self.keeper.notify_one();
    }

    /// The earliest deadline held, if any.
    #[cfg(test)]
    pub(super) fn next(&self) -> Option<i64> {
        self.lock().next()
    }
}

impl Hub {
    /// Ends game `id` on time if its running clock has fallen, or aborts it if its rated
    /// game's first move is overdue; otherwise schedules it again.
    pub async fn flag(self: &Arc<Self>, id: &str) {
        let locked = async { self.lock_game(&GameId::parse(id)?).await };
        let (_, mut live) = match locked.await {
            Ok(locked) => locked,
            Err(e) => {
                tracing::warn!("cannot look at the clock of game {id}: {}", e.message);
                return;
            }
        };
        self.flagger.flag(&mut live).await;
    }
}

/// Starts the heartbeat: every [`HEARTBEAT`] the store hears that this server is alive and,
/// on a shared database, every [`LEASE_RENEWAL`] the computer's leases are kept.
pub(super) fn heartbeat(hub: &Arc<Hub>) {
    let weak = Arc::downgrade(hub);
    let renew_every = (LEASE_RENEWAL.as_millis() / HEARTBEAT.as_millis()).max(1) as u64;
    tokio::spawn(async move {
        let mut beats: u64 = 0;
        loop {
            tokio::time::sleep(HEARTBEAT).await;
            let Some(hub) = weak.upgrade().filter(|h| !h.is_stopped()) else {
                return;
            };
            if let Err(e) = hub.store.alive(hub.store.now_ms()).await {
                tracing::warn!("cannot write the heartbeat: {e:#}");
            }
            beats += 1;
            if hub.store.is_shared() && beats.is_multiple_of(renew_every) {
                hub.keep_leases().await;
            }
        }
    });
}

/// Ends games on time: looks in the store every [`CLOCK_SCAN`] for clocks falling within
/// [`CLOCK_AHEAD`], and wakes at the earliest deadline (or when a nearer one is scheduled).
pub(super) async fn keep_clocks(hub: Weak<Hub>, schedule: Arc<Schedule>) {
    let mut next_scan = 0;
    loop {
        let Some(strong) = hub.upgrade().filter(|h| !h.is_stopped()) else {
            return;
        };
        let now = schedule.timeline.now_ms();
        if now >= next_scan {
            let ahead = now + CLOCK_AHEAD.as_millis() as i64;
            let flags = strong.store.flags_due(ahead, SCAN_LIMIT).await;
            let aborts = strong.store.aborts_due(ahead, SCAN_LIMIT).await;
            match flags.and_then(|flags| Ok([flags, aborts?].concat())) {
                Ok(flags) => {
                    let mut deadlines = schedule.lock();
                    for (id, at) in flags {
                        deadlines.set(&id, Some(at));
                    }
                }
                Err(e) => tracing::warn!("cannot read the clocks' deadlines: {e:#}"),
            }
            next_scan = now + CLOCK_SCAN.as_millis() as i64;
        }
        let due = schedule.lock().take_due(schedule.timeline.now_ms());
        for id in due {
            strong.flag(&id).await;
        }
        let next = schedule
            .lock()
            .next()
            .map_or(next_scan, |at| at.min(next_scan));
        drop(strong);
        let wait =
            Duration::from_millis(next.saturating_sub(schedule.timeline.now_ms()).max(0) as u64);
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = schedule.keeper.notified() => {}
        }
    }
}

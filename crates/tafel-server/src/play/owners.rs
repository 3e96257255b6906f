//! Where each game in play lives, as this instance last heard it (issue #51): so that a
//! request for a game another instance owns is forwarded there without asking the database
//! first.
//!
//! A game's owner is the instance that wrote it last, while that instance lives
//! (`store/leases.rs`). Every change another instance writes is announced with its writer
//! (`NOTIFY`, [`crate::store::Heard::Changed`]), and every lease renewal here reads which
//! instances live and where they are reached; together they name a game's owner as the
//! database would, but for the moments in between:
//!
//! - an owner that died still counts as alive until its lease lapses (as in the database);
//!   a request forwarded to it that cannot reach it is served here, and it counts as gone
//!   from then on ([`Owners::unreachable`]);
//! - a game handed over (`http::forward`) is forgotten by the instance it was handed to, as
//!   the owner's answer says, so that its next request is served there; the owner's answer
//!   names the version it handed over, and an announcement of that version or an older one
//!   that arrives later (the owner's last change, announced while its answer was on the way)
//!   does not make the old owner heard of again ([`Owners::handed_over`]);
//! - a game never heard of (its last change came before this instance listened) is looked up
//!   in the database, and the answer kept.
//!
//! None of these can store a wrong move: every change is written over the stored version it
//! was worked out from. At worst a request is served by another instance than the owner.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::domain::instance::Owner;

/// Games whose writers are kept at most (past this, the list starts again: a game not heard
/// of is looked up).
const MAX_GAMES: usize = 100_000;

/// The last writer heard of each game, and the living instances that take forwarded requests.
#[derive(Default)]
pub struct Owners {
    known: Mutex<Known>,
}

/// What [`Owners`] holds.
#[derive(Default)]
struct Known {
    /// Game id → the instance that wrote it last, as heard (none: handed over here), and the
    /// game's version then (0: not known).
    writers: HashMap<String, (Option<Arc<str>>, i64)>,
    /// Instance id → where it is reached, and until when it lives (ms on the store's time
    /// line).
    living: HashMap<Arc<str>, (Owner, i64)>,
}

impl Owners {
    fn lock(&self) -> MutexGuard<'_, Known> {
        self.known.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Game `id` was stored at `version` by instance `writer` (another one); an announcement
    /// older than what is known of the game changes nothing.
    pub fn heard(&self, id: &str, writer: &str, version: i64) {
        let mut known = self.lock();
        if known.writers.get(id).is_some_and(|(_, v)| *v >= version) {
            return;
        }
        known.set(id, Some(writer), version);
    }

    /// Game `id`, at `version`, was handed over to this instance: its next request is served
    /// here, and announcements of that version or older are not heard.
    pub fn handed_over(&self, id: &str, version: i64) {
        self.lock().set(id, None, version);
    }

    /// The database said that `owner`, alive until `until_ms`, owns game `id`.
    pub fn looked_up(&self, id: &str, owner: &Owner, until_ms: i64) {
        let mut known = self.lock();
        let version = known.writers.get(id).map_or(0, |(_, v)| *v);
        known.set(id, Some(&owner.holder), version);
        let holder: Arc<str> = Arc::from(owner.holder.as_str());
        let living = known
            .living
            .entry(holder)
            .or_insert((owner.clone(), until_ms));
        if living.1 < until_ms {
            *living = (owner.clone(), until_ms);
        }
    }

    /// Forgets every game's owner (the notices of changes were interrupted).
    pub fn forget_all(&self) {
        self.lock().writers.clear();
    }

    /// The living instances that take forwarded requests, as the database has them now
    /// (each with the moment its lease lapses).
    pub fn living(&self, instances: Vec<(Owner, i64)>) {
        self.lock().living = instances
            .into_iter()
            .map(|(owner, until)| (Arc::from(owner.holder.as_str()), (owner, until)))
            .collect();
    }

    /// Instance `holder` could not be reached: it counts as gone until the database says
    /// it lives.
    pub fn unreachable(&self, holder: &str) {
        self.lock().living.remove(holder);
    }

    /// The other living instance that owns game `id` at `now_ms`, as far as heard; `None`
    /// when not heard of (the database says), or when its writer's lease has lapsed or it
    /// was not reached.
    pub fn owner(&self, id: &str, now_ms: i64) -> Option<Owner> {
        let known = self.lock();
        let writer = known.writers.get(id)?.0.as_ref()?;
        let (owner, until) = known.living.get(writer)?;
        (*until >= now_ms).then(|| owner.clone())
    }
}

impl Known {
    /// Notes `writer` (none: this instance) as game `id`'s owner at `version`.
    fn set(&mut self, id: &str, writer: Option<&str>, version: i64) {
        if self.writers.len() >= MAX_GAMES && !self.writers.contains_key(id) {
            self.writers.clear();
        }
        let writer = writer.map(|writer| {
            self.living
                .get_key_value(writer)
                .map_or_else(|| Arc::from(writer), |(k, _)| k.clone())
        });
        self.writers.insert(id.to_string(), (writer, version));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owner(holder: &str) -> Owner {
        Owner {
            holder: holder.to_string(),
            address: format!("http://{holder}.example:8080"),
            token: format!("token-{holder}"),
        }
    }

    #[test]
    fn a_game_is_owned_by_its_last_writer_while_that_instance_lives() {
        let owners = Owners::default();
        owners.living(vec![(owner("a"), 1_000), (owner("b"), 5_000)]);
        assert_eq!(owners.owner("g", 0), None, "not heard of: looked up");
        owners.heard("g", "a", 1);
        assert_eq!(owners.owner("g", 900), Some(owner("a")));
        assert_eq!(owners.owner("g", 1_001), None, "a's lease lapsed");
        owners.heard("g", "b", 2);
        assert_eq!(owners.owner("g", 1_001), Some(owner("b")));
        owners.heard("h", "c", 1);
        assert_eq!(
            owners.owner("h", 0),
            None,
            "c is not known to live: looked up"
        );
    }

    #[test]
    fn a_game_forgotten_or_an_owner_unreachable_is_looked_up_again() {
        let owners = Owners::default();
        owners.living(vec![(owner("a"), 1_000)]);
        owners.heard("g", "a", 1);
        owners.heard("h", "a", 1);
        owners.handed_over("g", 1);
        assert_eq!(owners.owner("g", 0), None);
        assert_eq!(owners.owner("h", 0), Some(owner("a")));
        owners.unreachable("a");
        assert_eq!(owners.owner("h", 0), None);
        owners.looked_up("h", &owner("a"), 2_000);
        assert_eq!(owners.owner("h", 1_500), Some(owner("a")));
        owners.forget_all();
        assert_eq!(owners.owner("h", 0), None);
    }

    #[test]
    fn the_living_are_replaced_by_each_reading() {
        let owners = Owners::default();
        owners.living(vec![(owner("a"), 1_000)]);
        owners.heard("g", "a", 1);
        owners.living(vec![(owner("b"), 1_000)]);
        assert_eq!(owners.owner("g", 0), None, "a no longer lives");
    }

    #[test]
    fn an_announcement_older_than_the_hand_over_is_not_heard() {
        let owners = Owners::default();
        owners.living(vec![(owner("a"), 1_000)]);
        owners.heard("g", "a", 4);
        owners.handed_over("g", 5);
        // A's announcement of version 5 arrives after its answer: the game stays here.
        owners.heard("g", "a", 5);
        owners.heard("g", "a", 3);
        assert_eq!(owners.owner("g", 0), None);
        // A changes it again later: A owns it.
        owners.heard("g", "a", 6);
        assert_eq!(owners.owner("g", 0), Some(owner("a")));
        owners.heard("g", "a", 2);
        assert_eq!(
            owners.owner("g", 0),
            Some(owner("a")),
            "an old announcement"
        );
    }
}

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
//!   the owner's answer says, so that its next request is served there;
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
    /// Game id → the instance that wrote it last, as heard.
    writers: HashMap<String, Arc<str>>,
    /// Instance id → where it is reached, and until when it lives (ms on the store's time
    /// line).
    living: HashMap<Arc<str>, (Owner, i64)>,
}

impl Owners {
    fn lock(&self) -> MutexGuard<'_, Known> {
        self.known.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Game `id` was written by instance `writer` (another one).
    pub fn heard(&self, id: &str, writer: &str) {
        let mut known = self.lock();
        if known.writers.len() >= MAX_GAMES && !known.writers.contains_key(id) {
            known.writers.clear();
        }
        let writer = known
            .living
            .get_key_value(writer)
            .map_or_else(|| Arc::from(writer), |(k, _)| k.clone());
        known.writers.insert(id.to_string(), writer);
    }

    /// The database said that `owner`, alive until `until_ms`, owns game `id`.
    pub fn looked_up(&self, id: &str, owner: &Owner, until_ms: i64) {
        self.heard(id, &owner.holder);
        let mut known = self.lock();
        let holder: Arc<str> = Arc::from(owner.holder.as_str());
        let living = known
            .living
            .entry(holder)
            .or_insert((owner.clone(), until_ms));
        if living.1 < until_ms {
            *living = (owner.clone(), until_ms);
        }
    }

    /// Forgets game `id`'s owner (this instance wrote it, or it was handed over here): its
    /// next request, if the game is not in memory here, is looked up.
    pub fn forget(&self, id: &str) {
        self.lock().writers.remove(id);
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
        let writer = known.writers.get(id)?;
        let (owner, until) = known.living.get(writer)?;
        (*until >= now_ms).then(|| owner.clone())
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
        owners.heard("g", "a");
        assert_eq!(owners.owner("g", 900), Some(owner("a")));
        assert_eq!(owners.owner("g", 1_001), None, "a's lease lapsed");
        owners.heard("g", "b");
        assert_eq!(owners.owner("g", 1_001), Some(owner("b")));
        owners.heard("h", "c");
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
        owners.heard("g", "a");
        owners.heard("h", "a");
        owners.forget("g");
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
        owners.heard("g", "a");
        owners.living(vec![(owner("b"), 1_000)]);
        assert_eq!(owners.owner("g", 0), None, "a no longer lives");
    }
}

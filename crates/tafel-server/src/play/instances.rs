//! Several instances on one database: following the changes the others announce, the
//! computer's leases, and the owner of each game in play (issue #51): the instance that wrote
//! it last, while it lives, to which the others forward its requests (`http::forward`), as
//! heard ([`Owners`]) or looked up.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use super::owners::Owners;
use super::viewers::Event;
use super::{GameHandle, Hub};
use crate::domain::instance::{Contact, Owner};
use crate::store::{Changes, Heard, LEASE};

/// Games without a living lease an instance takes over per heartbeat at most.
const TAKEOVERS: i64 = 20;

impl Hub {
    /// On a shared database, once per heartbeat: renews this instance's leases on computer
    /// moves, reads which other instances live (the owners of their games), and takes over
    /// the games whose computer is to move and which no living instance holds (their
    /// instance died), loading them (which starts their computer).
    pub(super) async fn keep_leases(self: &Arc<Self>) {
        let now = self.store.now_ms();
        if let Err(e) = self
            .store
            .renew_leases(now + LEASE.as_millis() as i64)
            .await
        {
            tracing::warn!("cannot renew the computer's leases: {e:#}");
        }
        match self.store.living_instances(now).await {
            Ok(living) => self.owners.living(living),
            Err(e) => tracing::warn!("cannot read which instances live: {e:#}"),
        }
        let orphans = match self.store.unleased_computer_games(now, TAKEOVERS).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!("cannot look for games to take over: {e:#}");
                return;
            }
        };
        for id in orphans {
            if self.pool.queued() >= self.pool.threads() * 2 {
                break;
            }
            if let Err(e) = self.get_listed(&id).await {
                tracing::warn!("cannot take over game {id}: {}", e.message);
            }
        }
    }

    /// The other instance that owns game `id`, if a request for it is to be forwarded there:
    /// on a shared database, when the game is not in memory here and another living instance
    /// that takes forwarded requests wrote it last, as heard ([`Owners`]) or else as the
    /// database says. A game in memory here is served here (it leaves memory when another
    /// instance changes it); a failed look-up serves it here too (the store's version check
    /// keeps that correct).
    pub async fn owner_elsewhere(&self, id: &str) -> Option<Owner> {
        if !self.store.is_shared() || self.lock_games().slots.contains_key(id) {
            return None;
        }
        let now = self.store.now_ms();
        if let Some(owner) = self.owners.owner(id, now) {
            return Some(owner);
        }
        self.stats.owners_looked_up.fetch_add(1, Ordering::Relaxed);
        match self.store.owner_of(id, now).await {
            Ok(Some((owner, until))) => {
                self.owners.looked_up(id, &owner, until);
                Some(owner)
            }
            Ok(None) => None,
            Err(e) => {
                tracing::warn!("cannot look up the owner of game {id}: {e:#}");
                None
            }
        }
    }

    /// Where this instance has heard that the games in play live.
    pub fn owners(&self) -> &Owners {
        &self.owners
    }

    /// Hands game `id` over to whichever instance asks for it next (its requests keep
    /// arriving through another instance): it leaves memory here and this instance gives up
    /// its lease, so that the next request elsewhere finds no owner and is served there.
    /// Returns the version handed over (0 when the game was no longer in memory here).
    pub async fn hand_over(&self, id: &str) -> i64 {
        let mut version = 0;
        if let Some(handle) = self.in_memory(id) {
            let mut live = handle.lock().await;
            version = live.stored_version;
            self.forget(&mut live, &handle);
        }
        self.stats.handed_over.fetch_add(1, Ordering::Relaxed);
        if let Err(e) = self.store.release_lease(id).await {
            tracing::warn!("cannot hand game {id} over: {e:#}");
        }
        version
    }

    /// Game `id`'s copy in memory here, if it is loaded.
    fn in_memory(&self, id: &str) -> Option<GameHandle> {
        let games = self.lock_games();
        games.slots.get(id).and_then(|s| s.cell.get()).cloned()
    }

    /// This instance's id in the shared database.
    pub fn instance(&self) -> &str {
        self.store.instance()
    }

    /// Publishes where the other instances reach this one, at once, so that they forward
    /// requests for its games here.
    pub async fn advertise(&self, contact: Contact) {
        self.store.advertise(contact);
        let until = self.store.now_ms() + LEASE.as_millis() as i64;
        if let Err(e) = self.store.renew_leases(until).await {
            tracing::warn!("cannot say where this instance is reached: {e:#}");
        }
    }

    /// The server is stopping: the background tasks stop, and the computer's games this
    /// instance holds are left to the other instances (on a shared database), which take
    /// them over at their next heartbeat.
    pub async fn leave(&self) {
        self.stop();
        if self.store.is_shared() {
            if let Err(e) = self.store.release_leases().await {
                tracing::warn!("cannot leave the computer's games to other instances: {e:#}");
            }
        }
    }

    /// Follows the changes other instances make to the shared database: a game changed
    /// elsewhere leaves memory here (the next request loads it again) and its viewers here
    /// are told, as they are of chat messages written elsewhere; the end of a game done
    /// elsewhere is announced here too ([`super::finisher::Finisher::subscribe`]). If the connection was lost, every game in memory leaves it.
    pub fn follow(self: &Arc<Self>, mut changes: Changes) {
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                let heard = changes.next().await;
                let Some(hub) = weak.upgrade().filter(|h| !h.is_stopped()) else {
                    return;
                };
                match heard {
                    Ok(Heard::Changed { id, version, by }) => {
                        hub.owners.heard(&id, &by, version);
                        hub.changed_elsewhere(&id, version).await;
                    }
                    Ok(Heard::Chat { id, room, seq }) => hub.chat_elsewhere(&id, room, seq).await,
                    Ok(Heard::Ended { id }) => hub.finisher.heard(id),
                    Ok(Heard::Lost) => {
                        tracing::warn!("lost the database's change announcements; reloading");
                        hub.owners.forget_all();
                        let ids: Vec<String> = hub.lock_games().slots.keys().cloned().collect();
                        for id in ids {
                            hub.changed_elsewhere(&id, i64::MAX).await;
                        }
                    }
                    Err(e) => {
                        tracing::error!("cannot hear the database's changes: {e:#}");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }
            }
        });
    }

    /// Game `id` was stored at `version` by another instance: a copy here at an older
    /// version leaves memory, and the viewers here are told (they ask for the game again).
    async fn changed_elsewhere(self: &Arc<Self>, id: &str, version: i64) {
        if let Some(handle) = self.in_memory(id) {
            let mut live = handle.lock().await;
            if live.stored_version < version {
                self.forget(&mut live, &handle);
            }
        }
        self.tell(id, Event::Changed);
    }
}

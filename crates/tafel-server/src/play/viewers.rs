//! Who watches a game and what they are told: every event is sent from one method, `Hub::tell`.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Serialize;
use tokio::sync::broadcast;
use utoipa::ToSchema;

use super::{Games, Hub};
use crate::domain::ids::GameId;
use crate::domain::name::PersonName;

/// What viewers of a game are told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The game changed: send its view again.
    Changed,
    /// A person took an invited seat.
    Joined {
        /// The seat.
        seat: usize,
        /// The name they gave.
        name: PersonName,
    },
    /// Somebody asked for a rematch: the new game's id.
    Rematch {
        /// The rematch's id.
        id: GameId,
    },
    /// Who is watching changed.
    Presence,
}

/// Who watches a game: viewers by the seats they hold, and spectators.
#[derive(Default)]
pub(super) struct Presence {
    seats: BTreeMap<usize, u32>,
    spectators: u32,
}

/// Who is online in a game, as its viewers are told.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct PresenceView {
    /// The seats whose holder has the game open.
    pub seats: Vec<usize>,
    /// Viewers who hold no seat.
    pub spectators: u32,
}

/// A viewer's subscription to a game's changes; it ends when dropped.
pub struct Watch {
    hub: Arc<Hub>,
    id: String,
    changes: Option<broadcast::Receiver<Event>>,
    seats: Vec<usize>,
}

impl Watch {
    /// Waits for the next event of the game (after missed events, [`Event::Changed`]).
    /// Never returns while the game has none.
    pub async fn changed(&mut self) -> Event {
        let Some(changes) = self.changes.as_mut() else {
            return std::future::pending().await;
        };
        match changes.recv().await {
            Ok(event) => event,
            Err(broadcast::error::RecvError::Lagged(_)) => Event::Changed,
            Err(broadcast::error::RecvError::Closed) => std::future::pending().await,
        }
    }

    /// This viewer holds `seats` (it showed their tokens): it counts for them, not as a
    /// spectator.
    pub fn identify(&mut self, seats: Vec<usize>) {
        if seats == self.seats {
            return;
        }
        let mut games = self.hub.lock_games();
        games.count(&self.id, &self.seats, -1);
        games.count(&self.id, &seats, 1);
        self.seats = seats;
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        drop(self.changes.take());
        let mut games = self.hub.lock_games();
        games.count(&self.id, &self.seats, -1);
        if !games.slots.contains_key(&self.id)
            && games
                .channels
                .get(&self.id)
                .is_some_and(|c| c.receiver_count() == 0)
        {
            games.channels.remove(&self.id);
        }
    }
}

impl Games {
    /// Counts a viewer of game `id` holding `seats` (none: a spectator) in (`by` 1) or out
    /// (`by` -1), and tells the game's viewers.
    pub(super) fn count(&mut self, id: &str, seats: &[usize], by: i32) {
        let presence = self.presence.entry(id.to_string()).or_default();
        let add = |n: &mut u32| *n = n.saturating_add_signed(by);
        if seats.is_empty() {
            add(&mut presence.spectators);
        }
        for &seat in seats {
            add(presence.seats.entry(seat).or_default());
        }
        presence.seats.retain(|_, n| *n > 0);
        if presence.spectators == 0 && presence.seats.is_empty() {
            self.presence.remove(id);
        }
        self.tell(id, Event::Presence);
    }

    /// Sends `event` to the viewers of game `id`, if anybody watches it: the one place where
    /// viewers are told anything.
    pub(super) fn tell(&self, id: &str, event: Event) {
        if let Some(channel) = self.channels.get(id) {
            let _ = channel.send(event);
        }
    }
}

impl Hub {
    /// Tells the viewers of game `id` of `event`.
    pub(super) fn tell(&self, id: &str, event: Event) {
        self.lock_games().tell(id, event);
    }

    /// The events of game `id` from now on (for the computer, which stops searching when the
    /// game changes).
    pub(super) fn subscribe(&self, id: &str) -> broadcast::Receiver<Event> {
        self.lock_games().channel(id).subscribe()
    }

    /// Subscribes to the events of game `id` (which need not be in memory), as a spectator
    /// until [`Watch::identify`].
    pub fn watch(self: &Arc<Self>, id: &GameId) -> Watch {
        let mut games = self.lock_games();
        let changes = games.channel(id).subscribe();
        games.count(id, &[], 1);
        Watch {
            hub: self.clone(),
            id: id.to_string(),
            changes: Some(changes),
            seats: Vec::new(),
        }
    }

    /// Who has game `id` open.
    pub fn presence(&self, id: &GameId) -> PresenceView {
        let games = self.lock_games();
        games
            .presence
            .get(id.as_str())
            .map(|p| PresenceView {
                seats: p.seats.keys().copied().collect(),
                spectators: p.spectators,
            })
            .unwrap_or_default()
    }
}

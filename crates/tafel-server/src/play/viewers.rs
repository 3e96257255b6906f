//! Who watches a game and what they are told: every event is sent from one place, the
//! telling of [`Viewers`] (which the hub and the units hold).

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Serialize;
use tokio::sync::broadcast;
use utoipa::ToSchema;

use super::{Games, Hub};
use crate::domain::chat::ChatMessage;
use crate::domain::consent::{Lapse, Proposals};
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
    /// The rematch was agreed on and made: the new game's id.
    Rematch {
        /// The rematch's id.
        id: GameId,
        /// The seat (in this game) of who agreed last.
        seat: usize,
    },
    /// A draw offer, a takeback request or a rematch offer came to nothing: declined,
    /// withdrawn, ended by a move, or its player left.
    Lapsed(Lapse),
    /// Who is watching changed.
    Presence,
    /// A chat message was written, and whether the game is over (which decides who reads the
    /// spectators' room: [`Room::read_by`](crate::domain::chat::Room::read_by)).
    Chat(ChatMessage, bool),
}

/// Who watches a game: viewers by the seats they hold (all of them, and those whose page is
/// hidden), and spectators.
#[derive(Default)]
pub(super) struct Presence {
    seats: BTreeMap<usize, u32>,
    away: BTreeMap<usize, u32>,
    spectators: u32,
}

/// Who is online in a game, as its viewers are told.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct PresenceView {
    /// The seats whose holder has the game open.
    pub seats: Vec<usize>,
    /// Those of `seats` whose every open page is hidden (another tab or window in front).
    pub away: Vec<usize>,
    /// Viewers who hold no seat.
    pub spectators: u32,
}

/// A viewer's subscription to a game's changes; it ends when dropped.
pub struct Watch {
    hub: Arc<Hub>,
    id: String,
    changes: Option<broadcast::Receiver<Event>>,
    seats: Vec<usize>,
    away: bool,
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

    /// Whether this viewer holds a seat (it showed a seat's token).
    pub fn holds_seats(&self) -> bool {
        !self.seats.is_empty()
    }

    /// This viewer holds `seats` (it showed their tokens): it counts for them, not as a
    /// spectator.
    pub fn identify(&mut self, seats: Vec<usize>) {
        self.recount(seats, self.away);
    }

    /// This viewer's page is hidden (`away`) or shown again.
    pub fn set_away(&mut self, away: bool) {
        self.recount(self.seats.clone(), away);
    }

    /// Counts this viewer for `seats`, `away` or not, instead of as before.
    fn recount(&mut self, seats: Vec<usize>, away: bool) {
        if seats == self.seats && away == self.away {
            return;
        }
        let mut games = self.hub.lock_games();
        games.count(&self.id, &self.seats, self.away, -1);
        games.count(&self.id, &seats, away, 1);
        self.seats = seats;
        self.away = away;
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        drop(self.changes.take());
        let mut games = self.hub.lock_games();
        games.count(&self.id, &self.seats, self.away, -1);
        // The seats whose last page closed: a rematch offer in the game goes (`Hub::left`).
        let open = games.presence.get(&self.id).map(|p| &p.seats);
        let gone: Vec<usize> = (self.seats.iter().copied())
            .filter(|s| !open.is_some_and(|open| open.contains_key(s)))
            .collect();
        if let (false, Ok(runtime), Ok(id)) = (
            gone.is_empty(),
            tokio::runtime::Handle::try_current(),
            GameId::parse(&self.id),
        ) {
            let hub = self.hub.clone();
            runtime.spawn(async move { hub.left(id, gone).await });
        }
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
    /// Counts a viewer of game `id` holding `seats` (none: a spectator), its page hidden when
    /// `away`, in (`by` 1) or out (`by` -1), and tells the game's viewers.
    pub(super) fn count(&mut self, id: &str, seats: &[usize], away: bool, by: i32) {
        let presence = self.presence.entry(id.to_string()).or_default();
        let add = |n: &mut u32| *n = n.saturating_add_signed(by);
        if seats.is_empty() {
            add(&mut presence.spectators);
        }
        for &seat in seats {
            add(presence.seats.entry(seat).or_default());
            if away {
                add(presence.away.entry(seat).or_default());
            }
        }
        presence.seats.retain(|_, n| *n > 0);
        presence.away.retain(|_, n| *n > 0);
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

/// The viewers of every game, as the units that change games see them: they may tell a
/// game's viewers of an event, and take a stale copy of a game out of memory, and nothing
/// more of the games in memory.
#[derive(Clone, Default)]
pub struct Viewers {
    games: Arc<std::sync::Mutex<Games>>,
}

impl Viewers {
    /// The viewers of the games in `games` (the hub's).
    pub(super) fn of(games: &Arc<std::sync::Mutex<Games>>) -> Viewers {
        Viewers {
            games: games.clone(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Games> {
        // Nothing panics while holding this lock; a poisoned map is still consistent.
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Tells the viewers of game `id` of `event`.
    pub(super) fn tell(&self, id: &str, event: Event) {
        self.lock().tell(id, event);
    }

    /// Tells the viewers of game `id` of the proposals of `before` that the change by `seat`
    /// (a move, when `moved`) ended without carrying them out; `after` holds what stays.
    pub(super) fn tell_lapses(
        &self,
        id: &str,
        before: &Proposals,
        after: &Proposals,
        seat: usize,
        moved: bool,
    ) {
        for lapse in before.lapses(after, seat, moved) {
            self.tell(id, Event::Lapsed(lapse));
        }
    }

    /// The copy of game `id` in memory is stale (marked so by the caller): it leaves memory,
    /// and its viewers are told to look again.
    pub(super) fn stale(&self, id: &str) {
        let mut games = self.lock();
        games.remove(id);
        games.tell(id, Event::Changed);
    }

    /// The events of game `id` from now on.
    pub(super) fn subscribe(&self, id: &str) -> broadcast::Receiver<Event> {
        self.lock().channel(id).subscribe()
    }
}

impl Hub {
    /// Tells the viewers of game `id` of `event`.
    pub(super) fn tell(&self, id: &str, event: Event) {
        self.viewers.tell(id, event);
    }

    /// The events of game `id` from now on (for the computer, which stops searching when the
    /// game changes).
    pub(super) fn subscribe(&self, id: &str) -> broadcast::Receiver<Event> {
        self.viewers.subscribe(id)
    }

    /// Subscribes to the events of game `id` (which need not be in memory), as a spectator
    /// until [`Watch::identify`].
    pub fn watch(self: &Arc<Self>, id: &GameId) -> Watch {
        let mut games = self.lock_games();
        let changes = games.channel(id).subscribe();
        games.count(id, &[], false, 1);
        Watch {
            hub: self.clone(),
            id: id.to_string(),
            changes: Some(changes),
            seats: Vec::new(),
            away: false,
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
                away: (p.seats.iter())
                    .filter(|(seat, n)| p.away.get(seat) == Some(n))
                    .map(|(&seat, _)| seat)
                    .collect(),
                spectators: p.spectators,
            })
            .unwrap_or_default()
    }
}

//! New games: created from a request, or as the rematch of a finished game.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

use tafel_core::record::Ending;
use tokio::sync::{Mutex, OnceCell};

use super::accounts::SignedIn;
use super::commit::Committer;
use super::memory::Slot;
use super::seats::Seater;
use super::viewers::Event;
use super::Hub;
use crate::compute::computer::max_level;
use crate::domain::client::client_key;
use crate::domain::clock::{Clock, TimeControl};
use crate::domain::game::{StoredGame, Summary, Table};
use crate::domain::ids::{GameId, InviteCode, SeatToken};
use crate::domain::live::{Change, LiveGame};
use crate::domain::rated::check_rated;
use crate::domain::seat::{SeatKind, SeatRequest, StoredSeat};
use crate::domain::Error;
use crate::msg;
use crate::store::Store;

/// What to create: a game, its settings and start, moves already played (an imported
/// record), the seats, and the options chosen.
pub struct NewGame {
    /// The registry name.
    pub game: String,
    /// The settings as `key=value` pairs.
    pub settings: Vec<(String, String)>,
    /// The start position's code, if not the default start.
    pub start: Option<String>,
    /// Moves already played (an imported record).
    pub moves: Vec<String>,
    /// Who sits where.
    pub seats: Vec<SeatRequest>,
    /// Whether to list the game as an open challenge while a seat is free.
    pub public: bool,
    /// The time control.
    pub time_control: TimeControl,
    /// How an imported game ended, when not by its rules.
    pub ending: Option<Ending>,
    /// The address of the client creating it, if known: the computer's replies are for that
    /// person, and games without a person count against that address.
    pub origin: Option<IpAddr>,
    /// The account of the person creating it, if signed in: it plays the creator's seat when
    /// the creator has one seat (a game at one screen between several people is nobody's).
    pub account: Option<SignedIn>,
    /// Whether the game is rated (see [`crate::domain::rated::check_rated`]).
    pub rated: bool,
}

/// A person's seats in a game (a rematch): seat numbers with their tokens, and the
/// invitations of seats nobody holds yet.
pub struct Held {
    /// The game's id.
    pub id: GameId,
    /// `(seat, token)` for each seat the person holds.
    pub tokens: Vec<(usize, SeatToken)>,
    /// `(seat, invitation code)` for each seat still to be taken.
    pub invites: Vec<(usize, InviteCode)>,
}

/// Makes new games: checks what is asked for, stores the game (a rematch together with the
/// old game's change naming it), and hands it back live, for the hub to keep in memory.
#[derive(Clone)]
pub struct Creator {
    store: Store,
    committer: Committer,
    seater: Seater,
}

impl Creator {
    /// A creator storing new games in `store` and changes of old ones through `committer`,
    /// checking seats' names with `seater`.
    pub(super) fn new(store: Store, committer: Committer, seater: Seater) -> Creator {
        Creator {
            store,
            committer,
            seater,
        }
    }

    /// The game `new` asks for, checked (its seats, their names, hints, a public game's free
    /// seat, the time control, a rated game's conditions), as it is to be stored.
    pub(super) async fn checked(&self, new: NewGame) -> Result<StoredGame, Error> {
        let mut seats = new
            .seats
            .iter()
            .map(|s| s.to_stored(max_level(&new.game)))
            .collect::<Result<Vec<_>, _>>()?;
        let local: Vec<usize> = (0..seats.len())
            .filter(|&i| seats[i].kind == SeatKind::Local)
            .collect();
        if let (Some(account), [seat]) = (&new.account, local.as_slice()) {
            seats[*seat].played_by(account.id.clone(), &account.username);
        }
        for seat in seats.iter().filter(|s| s.account.is_none()) {
            if let Some(name) = &seat.name {
                self.seater
                    .check_free_name(name, new.account.as_ref())
                    .await?;
            }
        }
        if seats.iter().any(|s| s.hints) && !seats.iter().any(|s| s.kind == SeatKind::Computer) {
            return Err(Error::invalid(msg!("hints-are-only-for-games-against")));
        }
        if new.public && !seats.iter().any(StoredSeat::is_open) {
            return Err(Error::invalid(msg!("public-game-needs-a-seat-for")));
        }
        new.time_control.check()?;
        if new.rated {
            check_rated(&seats, new.time_control)?;
        }
        let mut stored = StoredGame::new(
            GameId::random(),
            new.game,
            new.settings,
            new.start,
            seats,
            new.moves,
        );
        stored.public = new.public;
        stored.rated = new.rated;
        stored.time_control = new.time_control;
        stored.table.clock = Clock::new(new.time_control, stored.table.seats.len());
        stored.table.ending = new.ending;
        Ok(stored)
    }

    /// Stores new game `stored` (for `old`'s rematch, with `old`'s change naming it, when
    /// given), its first dice rolled and its clock started; returns it live. Nobody sees it
    /// before it is stored. Its accounts' seats are indexed once it is in memory
    /// ([`Hub::keep`]).
    pub(super) async fn store(
        &self,
        mut stored: StoredGame,
        old: Option<(&mut LiveGame, Change)>,
    ) -> Result<LiveGame, Error> {
        let (live, summary) = opened(&mut stored, self.store.now_ms())?;
        match old {
            None => (self.store.create(&stored, &summary).await)
                .map_err(|e| Error::storage(e.into()))?,
            Some((old, change)) => {
                let snapshot = old.snapshot_after(&change)?;
                let result = self
                    .store
                    .rematch(&old.id, old.stored_version, &snapshot, &stored, &summary)
                    .await;
                self.committer.stored(old, result)?;
                old.apply(change);
                self.committer.tell(&old.id, Event::Changed);
            }
        }
        Ok(live)
    }

    /// The rematch of finished game `old`, agreed on with the answer of the holder of `seat`
    /// (`table`: `old`'s table with the offer settled): the same game, settings, start, time
    /// control and people, sides swapped (every seat moves one place, which swaps the two
    /// sides of a two-player game and the two teams of a four-player one), stored with
    /// `old`'s change naming it; everyone in `old` is told. Returns it live, its clock just
    /// started.
    pub(super) async fn rematch(
        &self,
        old: &mut LiveGame,
        seat: usize,
        mut table: Table,
    ) -> Result<LiveGame, Error> {
        let n = old.table.seats.len();
        let seats = (0..n)
            .map(|i| {
                let was = &old.table.seats[(i + 1) % n];
                match was.kind {
                    SeatKind::Computer => StoredSeat::computer(was.level.unwrap_or(1)),
                    _ if was.is_open() => StoredSeat::invited(),
                    kind => StoredSeat {
                        hints: was.hints,
                        account: was.account.clone(),
                        bot: was.bot,
                        ..StoredSeat::person(kind, was.name.clone())
                    },
                }
            })
            .collect();
        let mut stored = StoredGame::new(
            GameId::random(),
            old.game.info().name,
            old.settings.clone(),
            old.start.clone(),
            seats,
            Vec::new(),
        );
        stored.time_control = old.time_control;
        stored.rematch_of = Some(old.id.to_string());
        stored.rated = old.rated;
        stored.table.clock = Clock::new(old.time_control, n);
        table.rematch = Some(stored.id.clone());
        let change = old.table_change(table, self.store.now_ms());
        let mut new = self.store(stored, Some((&mut *old, change))).await?;
        new.origin = old.origin;
        let id = new.id.clone();
        (self.committer).tell(&old.id, Event::Rematch { id, seat });
        Ok(new)
    }
}

impl Hub {
    /// Creates a game ([`Creator`]), stores it, and starts its computer seats. Returns the id.
    pub async fn create(self: &Arc<Self>, new: NewGame) -> Result<GameId, Error> {
        let origin = new.origin.map(client_key);
        let stored = self.creator.checked(new).await?;
        // A game of the computer against itself that its computer will play.
        let unattended = origin.filter(|_| stored.table.seats.iter().all(|s| !s.kind.is_person()));
        let id = stored.id.clone();
        if let Some(owner) = unattended {
            let limit = self.limits.unattended_per_address;
            self.unattended.start(owner, &id, limit)?;
        }
        let created = self.store_new(stored, origin).await;
        if created.is_err() {
            self.unattended.end(unattended, &id);
        }
        created
    }

    /// Stores a new game ([`Creator`]), puts it in memory and lets its computer play (for
    /// the person at `origin`).
    pub(super) async fn store_new(
        self: &Arc<Self>,
        stored: StoredGame,
        origin: Option<IpAddr>,
    ) -> Result<GameId, Error> {
        let mut live = self.creator.store(stored, None).await?;
        live.origin = origin;
        Ok(self.keep(live).await)
    }

    /// Keeps new game `live`, stored, in memory, lets its computer play, and then indexes its
    /// accounts' seats: only then can a player find the game in their list and play in it,
    /// so no request loads it from the store before the copy here is in memory (a copy kept
    /// after one loaded would hide the moves played on that one).
    pub(super) async fn keep(self: &Arc<Self>, live: LiveGame) -> GameId {
        let id = live.id.clone();
        let seats = live.table.seats.clone();
        let flag = live.table.clock.as_ref().and_then(Clock::flag_at);
        let handle = {
            let mut games = self.lock_games();
            games.channel(&id);
            let handle = Arc::new(Mutex::new(live));
            let slot = Slot {
                cell: Arc::new(OnceCell::new_with(Some(handle.clone()))),
                last_used: Instant::now(),
            };
            games.slots.insert(id.to_string(), slot);
            handle
        };
        self.schedule.set(&id, flag);
        self.trim();
        self.wake_computer(handle);
        self.seater.index_accounts(&id, &seats).await;
        id
    }
}

/// New game `stored` made live at `now_ms`, its first dice rolled and its clock started: `stored` takes
/// the moves and table to store, and the summary for the lists comes with the game.
pub(super) fn opened(stored: &mut StoredGame, now_ms: i64) -> Result<(LiveGame, Summary), Error> {
    let mut live = LiveGame::from_stored(stored)?;
    let opening = live.opening_change(now_ms)?;
    let summary = live.snapshot_after(&opening)?.summary;
    live.apply(opening);
    stored.moves = live.moves.clone();
    stored.table = live.table.clone();
    Ok((live, summary))
}

#[cfg(test)]
mod tests;

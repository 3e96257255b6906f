//! New games: created from a request, or as the rematch of a finished game.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

use tafel_core::record::Ending;
use tokio::sync::{Mutex, OnceCell};

use super::accounts::SignedIn;
use super::memory::Slot;
use super::viewers::Event;
use super::Hub;
use crate::compute::computer::max_level;
use crate::domain::client::client_key;
use crate::domain::clock::{now_ms, Clock, TimeControl};
use crate::domain::game::StoredGame;
use crate::domain::ids::{GameId, InviteCode, SeatToken};
use crate::domain::live::{Change, LiveGame};
use crate::domain::rated::check_rated;
use crate::domain::seat::{SeatKind, SeatRequest, StoredSeat};
use crate::domain::Error;
use crate::msg;

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

impl Hub {
    /// Creates a game, stores it, and starts its computer seats. Returns the id.
    pub async fn create(self: &Arc<Self>, new: NewGame) -> Result<GameId, Error> {
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
                self.check_free_name(name, new.account.as_ref()).await?;
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
        let origin = new.origin.map(client_key);
        // A game of the computer against itself that its computer will play.
        let unattended = origin.filter(|_| stored.table.seats.iter().all(|s| !s.kind.is_person()));
        let id = stored.id.clone();
        if let Some(owner) = unattended {
            let limit = self.limits.unattended_per_address;
            self.unattended.start(owner, &id, limit)?;
        }
        let accounts = stored.table.seats.clone();
        let created = self.store_new(stored, None, origin).await;
        match &created {
            Ok(id) => self.index_accounts(id, &accounts).await,
            Err(_) => self.unattended.end(unattended, &id),
        }
        created
    }

    /// Stores a new game (for `old`'s rematch, with `old`'s change naming it, when given),
    /// rolls its first dice and starts its clock; nobody sees it before it is stored. Puts it
    /// in memory and lets its computer play.
    pub(super) async fn store_new(
        self: &Arc<Self>,
        mut stored: StoredGame,
        old: Option<(&mut LiveGame, Change)>,
        origin: Option<IpAddr>,
    ) -> Result<GameId, Error> {
        let mut live = LiveGame::from_stored(&stored)?;
        live.origin = origin;
        let id = live.id.clone();
        let now = now_ms();
        let opening = live.opening_change(now)?;
        let summary = live.snapshot_after(&opening)?.summary;
        live.apply(opening);
        stored.moves = live.moves.clone();
        stored.table = live.table.clone();
        match old {
            None => self
                .store
                .create(&stored, &summary)
                .await
                .map_err(|e| Error::storage(e.into()))?,
            Some((old, change)) => {
                let snapshot = old.snapshot_after(&change)?;
                let result = self
                    .store
                    .rematch(&old.id, old.stored_version, &snapshot, &stored, &summary)
                    .await;
                self.stored(old, result)?;
                old.apply(change);
                self.tell(&old.id, Event::Changed);
            }
        }
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
        self.schedule(&id, flag);
        self.trim();
        self.wake_computer(handle);
        Ok(id)
    }

    /// The rematch of finished game `id` for the holder of `token`: made on the first
    /// request (same game, settings, start, time control and people, sides swapped: every
    /// seat moves one place, which swaps the two sides of a two-player game and the two
    /// teams of a four-player one), and everyone in the old game is told. Returns the seats
    /// the holder has in it, with their new tokens (at one screen, every seat there), and the
    /// invitations of seats nobody took in the old game.
    pub async fn rematch(self: &Arc<Self>, id: &GameId, token: &SeatToken) -> Result<Held, Error> {
        let (_, mut live) = self.lock_game(id).await?;
        let seat = live.seat_for(token)?;
        if !live.is_over() {
            return Err(Error::conflict(msg!("game-is-not-over-yet-a")));
        }
        let mine = live.sides(&live.table).speaking_with(seat);
        let n = live.table.seats.len();
        let new_id = match live.table.rematch.clone() {
            Some(rematch) => GameId::parse(&rematch)?,
            None => {
                let seats = (0..n)
                    .map(|i| {
                        let old = &live.table.seats[(i + 1) % n];
                        match old.kind {
                            SeatKind::Computer => StoredSeat::computer(old.level.unwrap_or(1)),
                            _ if old.is_open() => StoredSeat::invited(),
                            kind => StoredSeat {
                                hints: old.hints,
                                account: old.account.clone(),
                                bot: old.bot,
                                ..StoredSeat::person(kind, old.name.clone())
                            },
                        }
                    })
                    .collect();
                let mut stored = StoredGame::new(
                    GameId::random(),
                    live.game.info().name,
                    live.settings.clone(),
                    live.start.clone(),
                    seats,
                    Vec::new(),
                );
                stored.time_control = live.time_control;
                stored.rematch_of = Some(live.id.to_string());
                stored.rated = live.rated;
                stored.table.clock = Clock::new(live.time_control, n);
                let mut table = live.table.clone();
                table.rematch = Some(stored.id.clone());
                let change = live.table_change(table, now_ms());
                let origin = live.origin;
                let accounts = stored.table.seats.clone();
                let new_id = self
                    .store_new(stored, Some((&mut live, change)), origin)
                    .await?;
                self.index_accounts(&new_id, &accounts).await;
                self.tell(
                    &live.id,
                    Event::Rematch {
                        id: new_id.clone(),
                        seat,
                    },
                );
                new_id
            }
        };
        drop(live);
        let (_, rematch) = self.lock_game(&new_id).await?;
        let seats = &rematch.table.seats;
        Ok(Held {
            id: new_id.clone(),
            tokens: mine
                .iter()
                .map(|old| (old + n - 1) % n)
                .filter(|&new| seats[new].joined)
                .map(|new| (new, seats[new].token.clone()))
                .collect(),
            invites: seats
                .iter()
                .enumerate()
                .filter_map(|(i, s)| Some((i, s.invite.clone()?)).filter(|_| s.is_open()))
                .collect(),
        })
    }
}

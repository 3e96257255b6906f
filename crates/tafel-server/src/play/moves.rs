//! Moves and undo, and the one place where a change of a game is stored before it is applied.

use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tafel_core::Player;
use tokio::sync::OwnedMutexGuard;

use super::memory::Check;
use super::viewers::Event;
use super::GameHandle;
use super::Hub;
use crate::domain::client::client_key;
use crate::domain::clock::now_ms;
use crate::domain::ids::{GameId, SeatToken};
use crate::domain::live::{Change, LiveGame, Moves};
use crate::domain::message::Message;
use crate::domain::{Error, ErrorKind};
use crate::msg;
use crate::store::WriteError;

impl Hub {
    /// Stores `change` of `live`, then applies it, tells the viewers and schedules the clock.
    /// If storing fails, the store's transaction is rolled back and the game is unchanged here
    /// too.
    pub(super) async fn commit(&self, live: &mut LiveGame, change: Change) -> Result<(), Error> {
        let progress = live.snapshot_after(&change)?;
        let started = Instant::now();
        let version = live.stored_version;
        let stored = match &change.moves {
            Moves::Same => self.store.update(&live.id, version, &progress).await,
            Moves::Extend(continuation) => {
                self.store
                    .append(
                        &live.id,
                        version,
                        live.moves.len(),
                        continuation.moves(),
                        &progress,
                    )
                    .await
            }
            Moves::Truncate(keep) => {
                self.store
                    .truncate(&live.id, version, *keep, &progress)
                    .await
            }
        };
        self.stored(live, stored)?;
        let was_over = live.is_over();
        let took = started.elapsed();
        if took > SLOW_STORE {
            tracing::warn!("storing a change of game {} took {took:?}", live.id);
        }
        live.apply(change);
        self.after_change(live, was_over).await;
        self.tell(&live.id, Event::Changed);
        self.schedule(&live.id, self.deadline(live));
        Ok(())
    }

    /// How storing a change of `live` went: on success `live` is at the next stored version;
    /// if another instance changed the game first, this copy is stale and leaves memory, and
    /// the change is refused as a conflict.
    pub(super) fn stored(
        &self,
        live: &mut LiveGame,
        stored: Result<(), WriteError>,
    ) -> Result<(), Error> {
        match stored {
            Ok(()) => {
                live.stored_version += 1;
                Ok(())
            }
            Err(WriteError::Conflict(_)) => {
                live.evict();
                let mut games = self.lock_games();
                games.remove(&live.id);
                games.tell(&live.id, Event::Changed);
                Err(Error::conflict(msg!(
                    "game-was-changed-meanwhile-another-move"
                )))
            }
            Err(WriteError::Failed(e)) => Err(Error::storage(e)),
        }
    }

    /// Plays `text` for the seat holding `token` (a client at `from`, if known), if that seat
    /// is to move and `ply` (when given) is the current number of moves; then rolls the dice,
    /// stores everything, tells the viewers and lets a computer seat reply (to that client).
    /// Returns the game as this instance keeps it, current as of the move: an answer built from
    /// it needs no second check against the store.
    ///
    /// On a shared database the move is first worked out on the copy in memory as it is,
    /// without asking the store for the game's version: a move worked out from a stale copy
    /// is not stored, and a refusal from one is worked out again on the stored game.
    pub async fn play(
        self: &Arc<Self>,
        id: &GameId,
        token: &SeatToken,
        text: &str,
        ply: Option<usize>,
        from: Option<IpAddr>,
    ) -> Result<GameHandle, Error> {
        let mut check = Check::Skip;
        loop {
            let (handle, mut live) = self.lock_game_as(id, check).await?;
            let refusal = match self.play_on(&mut live, token, text, ply, from).await {
                Ok(()) => {
                    drop(live);
                    self.stats.moves.fetch_add(1, Ordering::Relaxed);
                    self.wake_computer(handle.clone());
                    return Ok(handle);
                }
                Err(refusal) => refusal,
            };
            if check == Check::Version
                || !self.refused_by_stale_copy(live, &handle, &refusal).await?
            {
                return Err(refusal);
            }
            check = Check::Version;
        }
    }

    /// [`Hub::play`] on the game `live`.
    async fn play_on(
        &self,
        live: &mut LiveGame,
        token: &SeatToken,
        text: &str,
        ply: Option<usize>,
        from: Option<IpAddr>,
    ) -> Result<(), Error> {
        let seat = live.seat_for(token)?;
        if let Some(from) = from {
            live.origin = Some(client_key(from));
        }
        if let Some(ply) = ply.filter(|&p| p != live.moves.len()) {
            return Err(Error::conflict(msg!(
                "game-is-at-move-count-not",
                count = live.moves.len(),
                ply
            )));
        }
        match live.seat_to_move() {
            Some(s) if s == seat => {}
            Some(s) => {
                let name = live.game.player_name(Player(s as u8));
                let turn = Message::new("it-is-name-turn").with_side("name", name);
                return Err(Error::conflict(turn));
            }
            None => return Err(Error::conflict(msg!("game-is-over"))),
        }
        self.play_for(live, seat, text).await
    }

    /// Plays `text` for `seat` (which is to move): unless its time ran out, which ends the
    /// game on time instead.
    pub(super) async fn play_for(
        &self,
        live: &mut LiveGame,
        seat: usize,
        text: &str,
    ) -> Result<(), Error> {
        let now = now_ms();
        if let Some(fallen) = live.fallen(now) {
            self.end_on_time(live, fallen, now).await?;
            let name = live.game.player_name(Player(fallen as u8));
            let late = Message::new("name-time-ran-out-before-the").with_side("name", name);
            return Err(Error::conflict(late));
        }
        let change = live.move_change(seat, text, now)?;
        let before = live.table.proposals.clone();
        self.commit(live, change).await?;
        if !live.is_over() {
            self.tell_lapses(&live.id, &before, &live.table.proposals, seat, true);
        }
        Ok(())
    }

    /// Takes back the last move of the seat holding `token`, with everything played after it,
    /// where no other person is in the game (only the computer, or people at the same
    /// screen). Elsewhere a takeback must be asked for ([`Hub::takeback`]), since it would
    /// remove another person's moves or undo what they saw. The shorter game is stored first
    /// and only then shown.
    pub async fn undo(self: &Arc<Self>, id: &GameId, token: &SeatToken) -> Result<(), Error> {
        let mut check = Check::Skip;
        loop {
            let (handle, mut live) = self.lock_game_as(id, check).await?;
            let refusal = match self.undo_on(&mut live, token).await {
                Ok(()) => {
                    drop(live);
                    self.wake_computer(handle);
                    return Ok(());
                }
                Err(refusal) => refusal,
            };
            if check == Check::Version
                || !self.refused_by_stale_copy(live, &handle, &refusal).await?
            {
                return Err(refusal);
            }
            check = Check::Version;
        }
    }

    /// [`Hub::undo`] on the game `live`.
    async fn undo_on(&self, live: &mut LiveGame, token: &SeatToken) -> Result<(), Error> {
        let seat = live.seat_for(token)?;
        if live.table.ending.is_some() {
            return Err(Error::conflict(msg!("game-is-over")));
        }
        if live.sides(&live.table).others_present(seat) {
            return Err(Error::conflict(msg!("another-person-plays-in-this-game")));
        }
        let keep = live.undo_point(seat)?;
        let change = live.takeback_change(keep, now_ms());
        self.commit(live, change).await
    }

    /// Whether a change that `live` (locked, held by `handle`) refused with `refusal` must be
    /// worked out again on the stored game, because the copy was stale. For a change that is
    /// stored whenever it succeeds (a move, an undo), made on a shared database on the copy
    /// in memory as it is ([`Check::Skip`]), without asking the store for the game's version
    /// first (a round trip on PostgreSQL for every move):
    ///
    /// - a change worked out from a stale copy is not stored, because the store writes a
    ///   change only over the version it was worked out from ([`Hub::commit`]); so a change
    ///   that succeeds was worked out from the stored game, as if the copy had been checked;
    /// - a refusal (not this seat's turn, a stale ply, an illegal move, a token that holds no
    ///   seat, the store's conflict) may come from a stale copy: then the copy is checked
    ///   (unless the store's conflict already took it out of memory), and if it was stale the
    ///   change is made again on the stored game ([`Check::Version`]), whose answer stands.
    ///   A failure of the server is answered as it is: a change whose storing failed may have
    ///   been stored all the same, and must not be made twice.
    async fn refused_by_stale_copy(
        &self,
        live: OwnedMutexGuard<LiveGame>,
        handle: &GameHandle,
        refusal: &Error,
    ) -> Result<bool, Error> {
        if !self.store.is_shared() || !may_come_from_stale_copy(refusal) {
            return Ok(false);
        }
        let evicted = live.is_evicted();
        drop(live);
        Ok(evicted || !self.is_current(handle).await?)
    }
}

/// Whether `error` is a refusal worked out from the game's copy in memory (which a stale copy
/// may give wrongly), rather than a failure of the server or a limit.
fn may_come_from_stale_copy(error: &Error) -> bool {
    matches!(
        error.kind,
        ErrorKind::Invalid
            | ErrorKind::Forbidden
            | ErrorKind::NotFound
            | ErrorKind::Conflict
            | ErrorKind::Illegal
    )
}

/// A store write slower than this is logged (the disk is the usual suspect).
const SLOW_STORE: Duration = Duration::from_millis(200);

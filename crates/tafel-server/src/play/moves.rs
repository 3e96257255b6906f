//! Moves and undo: the [`Mover`], and the hub's way of making a change that is stored only
//! over the version it was worked out from (first on the copy in memory as it is).

use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use tafel_core::Player;
use tokio::sync::OwnedMutexGuard;

use super::commit::Committer;
use super::flagger::Flagger;
use super::memory::Check;
use super::GameHandle;
use super::Hub;
use crate::domain::client::client_key;
use crate::domain::ids::{GameId, SeatToken};
use crate::domain::live::LiveGame;
use crate::domain::message::Message;
use crate::domain::{Error, ErrorKind};
use crate::msg;

/// Plays moves, and takes back one's own where nobody else is there to ask.
#[derive(Clone)]
pub struct Mover {
    committer: Committer,
    flagger: Flagger,
}

impl Mover {
    /// A mover storing through `committer`, ending games on time with `flagger` when a move
    /// comes too late.
    pub(super) fn new(committer: Committer, flagger: Flagger) -> Mover {
        Mover { committer, flagger }
    }

    /// Plays `text` in `live` for the seat holding `token` (a client at `from`, if known:
    /// the computer's replies are for it), if that seat is to move and `ply` (when given) is
    /// the current number of moves; rolls the dice and stores everything.
    pub(super) async fn play(
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
    /// game on time instead. A draw offer or takeback request the move ends is told as lapsed.
    pub(super) async fn play_for(
        &self,
        live: &mut LiveGame,
        seat: usize,
        text: &str,
    ) -> Result<(), Error> {
        let now = self.committer.now_ms();
        if let Some(fallen) = live.fallen(now) {
            self.flagger.end_on_time(live, fallen, now).await?;
            let name = live.game.player_name(Player(fallen as u8));
            let late = Message::new("name-time-ran-out-before-the").with_side("name", name);
            return Err(Error::conflict(late));
        }
        let change = live.move_change(seat, text, now)?;
        let before = live.table.proposals.clone();
        self.committer.commit(live, change).await?;
        if !live.is_over() {
            (self.committer).tell_lapses(&live.id, &before, &live.table.proposals, seat, true);
        }
        Ok(())
    }

    /// Takes back the last move of the seat holding `token` in `live`, with everything played
    /// after it, where no other person is in the game (only the computer, or people at the
    /// same screen). Elsewhere a takeback must be asked for
    /// ([`Takebacker`](super::takebacker::Takebacker)), since it would remove another
    /// person's moves or undo what they saw. The shorter game is stored first and only then
    /// shown.
    pub(super) async fn undo(&self, live: &mut LiveGame, token: &SeatToken) -> Result<(), Error> {
        let seat = live.seat_for(token)?;
        if live.table.ending.is_some() {
            return Err(Error::conflict(msg!("game-is-over")));
        }
        if live.sides(&live.table).others_present(seat) {
            return Err(Error::conflict(msg!("another-person-plays-in-this-game")));
        }
        let keep = live.undo_point(seat)?;
        let change = live.takeback_change(keep, self.committer.now_ms());
        self.committer.commit(live, change).await
    }
}

impl Hub {
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
        let step = Step::Move {
            token,
            text,
            ply,
            from,
        };
        let handle = self.on_copy(id, step).await?;
        self.stats.moves.fetch_add(1, Ordering::Relaxed);
        Ok(handle)
    }

    /// Takes back the last move of the seat holding `token` where no other person is in the
    /// game ([`Mover`]'s undo), and lets the computer play again if it is to move.
    pub async fn undo(self: &Arc<Self>, id: &GameId, token: &SeatToken) -> Result<(), Error> {
        self.on_copy(id, Step::Undo(token)).await?;
        Ok(())
    }

    /// Makes `step` in game `id`, then wakes the computer; returns the game. On a shared
    /// database the step is first made on the copy in memory as it is ([`Check::Skip`]), and
    /// made again on the stored game if the copy refused it and was stale
    /// ([`Hub::refused_by_stale_copy`]).
    async fn on_copy(self: &Arc<Self>, id: &GameId, step: Step<'_>) -> Result<GameHandle, Error> {
        let mut check = Check::Skip;
        loop {
            let (handle, mut live) = self.lock_game_as(id, check).await?;
            let made = match step {
                Step::Move {
                    token,
                    text,
                    ply,
                    from,
                } => self.mover.play(&mut live, token, text, ply, from).await,
                Step::Undo(token) => self.mover.undo(&mut live, token).await,
            };
            let refusal = match made {
                Ok(()) => {
                    drop(live);
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
            self.stats.reworked.fetch_add(1, Ordering::Relaxed);
            check = Check::Version;
        }
    }

    /// Whether a change that `live` (locked, held by `handle`) refused with `refusal` must be
    /// worked out again on the stored game, because the copy was stale. For a change that is
    /// stored whenever it succeeds (a move, an undo), made on a shared database on the copy
    /// in memory as it is ([`Check::Skip`]), without asking the store for the game's version
    /// first (a round trip on PostgreSQL for every move):
    ///
    /// - a change worked out from a stale copy is not stored, because the store writes a
    ///   change only over the version it was worked out from ([`Committer`]); so a change
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

/// A change of a game that is stored whenever it succeeds, so that it may be made on the
/// game's copy in memory as it is ([`Hub::on_copy`]).
#[derive(Clone, Copy)]
enum Step<'a> {
    /// A move ([`Mover::play`]).
    Move {
        token: &'a SeatToken,
        text: &'a str,
        ply: Option<usize>,
        from: Option<IpAddr>,
    },
    /// An undo ([`Mover::undo`]).
    Undo(&'a SeatToken),
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

#[cfg(test)]
mod tests;

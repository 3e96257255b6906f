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
use crate::domain::clock::now_ms;
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
        let now = now_ms();
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
        let change = live.takeback_change(keep, now_ms());
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
mod tests {
    use super::super::testing::{a_move, received, token, two_people, Bench};
    use super::super::viewers::Event;
    use super::*;
    use crate::domain::consent::Answer;
    use crate::domain::consent::Lapse;
    use crate::domain::seat::{SeatKind, StoredSeat};
    use tafel_core::record::{Ending, Termination};

    fn mover(bench: &Bench) -> Mover {
        Mover::new(bench.committer.clone(), bench.flagger())
    }

    #[tokio::test]
    async fn a_move_is_stored_then_applied_and_told() {
        let bench = Bench::new().await;
        let mut live = bench.black_path(two_people()).await;
        let mut events = bench.events(&live.id);
        let mv = a_move(&live);
        let ann = token(&live, 0);
        mover(&bench)
            .play(&mut live, &ann, &mv, Some(0), None)
            .await
            .unwrap();
        assert_eq!(live.moves, [mv.clone()]);
        assert_eq!(bench.reload(&live.id).await.moves, [mv]);
        assert_eq!(received(&mut events), [Event::Changed]);
        // The next change is stored over the version this one left.
        let mv = a_move(&live);
        let bob = token(&live, 1);
        mover(&bench)
            .play(&mut live, &bob, &mv, None, None)
            .await
            .unwrap();
        assert_eq!(bench.reload(&live.id).await.moves.len(), 2);
    }

    #[tokio::test]
    async fn a_move_out_of_turn_at_a_stale_ply_or_illegal_is_refused_and_not_stored() {
        let bench = Bench::new().await;
        let mut live = bench.black_path(two_people()).await;
        let mv = a_move(&live);
        let (ann, bob) = (token(&live, 0), token(&live, 1));
        let mover = mover(&bench);
        let refused = mover.play(&mut live, &bob, &mv, None, None).await;
        assert_eq!(refused.unwrap_err().code(), "it-is-name-turn");
        let refused = mover.play(&mut live, &ann, &mv, Some(3), None).await;
        assert_eq!(refused.unwrap_err().code(), "game-is-at-move-count-not");
        let refused = mover
            .play(&mut live, &ann, "no such move", None, None)
            .await;
        assert_eq!(refused.unwrap_err().kind, ErrorKind::Illegal);
        let nobody = SeatToken::random();
        let refused = mover.play(&mut live, &nobody, &mv, None, None).await;
        assert_eq!(refused.unwrap_err().kind, ErrorKind::Forbidden);
        assert!(live.moves.is_empty());
        assert!(bench.reload(&live.id).await.moves.is_empty());
    }

    #[tokio::test]
    async fn a_move_ends_a_draw_offer_and_its_viewers_are_told() {
        let bench = Bench::new().await;
        let mut live = bench.black_path(two_people()).await;
        let (ann, bob) = (token(&live, 0), token(&live, 1));
        let drawer = super::super::drawer::Drawer::new(bench.committer.clone());
        drawer.draw(&mut live, &bob, Answer::Offer).await.unwrap();
        let mut events = bench.events(&live.id);
        let mv = a_move(&live);
        mover(&bench)
            .play(&mut live, &ann, &mv, None, None)
            .await
            .unwrap();
        let lapse = Lapse {
            proposal: "draw",
            seat: 0,
            answer: "expired",
        };
        assert_eq!(
            received(&mut events),
            [Event::Changed, Event::Lapsed(lapse)]
        );
        assert_eq!(bench.reload(&live.id).await.table.proposals.draw, None);
    }

    #[tokio::test]
    async fn a_move_after_the_flag_fell_ends_the_game_on_time_instead() {
        let bench = Bench::new().await;
        let mut live = bench.clocked(false, 61_000).await;
        let (mv, ann) = (a_move(&live), token(&live, 0));
        let late = mover(&bench).play(&mut live, &ann, &mv, None, None).await;
        assert_eq!(late.unwrap_err().code(), "name-time-ran-out-before-the");
        let ending = bench.reload(&live.id).await.table.ending.unwrap();
        assert_eq!(ending.termination, Termination::TimeForfeit);
        assert_eq!(ending, Ending::out_of_time(Player(0), &live.seat_names()));
        assert!(live.moves.is_empty());
        assert_eq!(bench.stats.flags.load(Ordering::Relaxed), 1);
    }

    #[tokio::test]
    async fn undo_takes_a_move_back_at_one_screen_but_not_against_another_person() {
        let bench = Bench::new().await;
        let mover = mover(&bench);
        let local = StoredSeat::person(SeatKind::Local, None);
        let mut live = bench.black_path(vec![local.clone(), local]).await;
        let (mv, first) = (a_move(&live), token(&live, 0));
        mover
            .play(&mut live, &first, &mv, None, None)
            .await
            .unwrap();
        mover.undo(&mut live, &first).await.unwrap();
        assert!(live.moves.is_empty());
        assert!(bench.reload(&live.id).await.moves.is_empty());

        let mut live = bench.black_path(two_people()).await;
        let (mv, ann) = (a_move(&live), token(&live, 0));
        mover.play(&mut live, &ann, &mv, None, None).await.unwrap();
        let refused = mover.undo(&mut live, &ann).await.unwrap_err();
        assert_eq!(refused.code(), "another-person-plays-in-this-game");
        assert_eq!(bench.reload(&live.id).await.moves, [mv]);
    }
}

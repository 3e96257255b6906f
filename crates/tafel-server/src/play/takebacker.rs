//! The takebacker: takebacks asked for, accepted and declined (the rules are
//! [`crate::domain::consent`]'s).

use std::sync::Arc;

use super::commit::Committer;
use super::Hub;
use crate::domain::clock::now_ms;
use crate::domain::consent::{Answer, Decided};
use crate::domain::ids::{GameId, SeatToken};
use crate::domain::live::LiveGame;
use crate::domain::Error;

/// Asks for, accepts and declines takebacks.
#[derive(Clone)]
pub struct Takebacker {
    committer: Committer,
}

impl Takebacker {
    /// A takebacker storing through `committer`.
    pub(super) fn new(committer: Committer) -> Takebacker {
        Takebacker { committer }
    }

    /// The seat holding `token` asks to take back its last move in `live` (with everything
    /// after it), or accepts or declines the takeback asked for. It happens when every other
    /// person in the game has accepted (at once where there is nobody else). A request that
    /// comes to nothing is told as lapsed.
    pub(super) async fn takeback(
        &self,
        live: &mut LiveGame,
        token: &SeatToken,
        answer: Answer,
    ) -> Result<(), Error> {
        let seat = live.playing_seat(token)?;
        let mut table = live.table.clone();
        let mut proposals = std::mem::take(&mut table.proposals);
        let keep = match answer {
            Answer::Offer => {
                let keep = live.undo_point(seat)?;
                match proposals.request_takeback(&live.sides(&table), seat, keep)? {
                    Decided::Done => Some(keep),
                    Decided::Waiting => None,
                }
            }
            Answer::Accept => proposals.answer_takeback(&live.sides(&table), seat, true)?,
            Answer::Decline => proposals.answer_takeback(&live.sides(&table), seat, false)?,
        };
        table.proposals = proposals;
        let now = now_ms();
        let before = live.table.proposals.clone();
        match keep {
            Some(keep) => {
                let change = live.takeback_change(keep, now);
                self.committer.commit(live, change).await?;
            }
            None => {
                let change = live.table_change(table, now);
                self.committer.commit(live, change).await?;
                let after = &live.table.proposals;
                (self.committer).tell_lapses(&live.id, &before, after, seat, false);
            }
        }
        Ok(())
    }
}

impl Hub {
    /// The seat holding `token` asks for, accepts or declines a takeback in game `id`
    /// ([`Takebacker`]); the computer plays again if it is to move after it.
    pub async fn takeback(
        self: &Arc<Self>,
        id: &GameId,
        token: &SeatToken,
        answer: Answer,
    ) -> Result<(), Error> {
        let (handle, mut live) = self.lock_game(id).await?;
        self.takebacker.takeback(&mut live, token, answer).await?;
        drop(live);
        self.wake_computer(handle);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::moves::Mover;
    use super::super::testing::{a_move, received, token, two_people, Bench};
    use super::super::viewers::Event;
    use super::*;
    use crate::domain::consent::Lapse;

    /// A game between two people in which Ann (seat 0) has moved once.
    async fn after_one_move(bench: &Bench) -> LiveGame {
        let mut live = bench.black_path(two_people()).await;
        let mover = Mover::new(bench.committer.clone(), bench.flagger());
        let (mv, ann) = (a_move(&live), token(&live, 0));
        mover.play(&mut live, &ann, &mv, None, None).await.unwrap();
        live
    }

    #[tokio::test]
    async fn a_takeback_asked_for_and_accepted_takes_the_move_back() {
        let bench = Bench::new().await;
        let takebacker = Takebacker::new(bench.committer.clone());
        let mut live = after_one_move(&bench).await;
        let (ann, bob) = (token(&live, 0), token(&live, 1));
        takebacker
            .takeback(&mut live, &ann, Answer::Offer)
            .await
            .unwrap();
        let asked = bench.reload(&live.id).await;
        assert_eq!(asked.moves.len(), 1);
        assert_eq!(asked.table.proposals.takeback.map(|t| t.keep), Some(0));
        takebacker
            .takeback(&mut live, &bob, Answer::Accept)
            .await
            .unwrap();
        assert!(live.moves.is_empty());
        let taken = bench.reload(&live.id).await;
        assert!(taken.moves.is_empty());
        assert_eq!(taken.table.proposals.takeback, None);
    }

    #[tokio::test]
    async fn a_takeback_declined_lapses_and_the_move_stays() {
        let bench = Bench::new().await;
        let takebacker = Takebacker::new(bench.committer.clone());
        let mut live = after_one_move(&bench).await;
        let (ann, bob) = (token(&live, 0), token(&live, 1));
        takebacker
            .takeback(&mut live, &ann, Answer::Offer)
            .await
            .unwrap();
        let mut events = bench.events(&live.id);
        takebacker
            .takeback(&mut live, &bob, Answer::Decline)
            .await
            .unwrap();
        let lapse = Lapse {
            proposal: "takeback",
            seat: 1,
            answer: "declined",
        };
        assert_eq!(
            received(&mut events),
            [Event::Changed, Event::Lapsed(lapse)]
        );
        assert_eq!(bench.reload(&live.id).await.moves.len(), 1);
    }

    #[tokio::test]
    async fn nobody_takes_back_a_move_they_did_not_make() {
        let bench = Bench::new().await;
        let takebacker = Takebacker::new(bench.committer.clone());
        let mut live = bench.black_path(two_people()).await;
        let ann = token(&live, 0);
        let refused = takebacker.takeback(&mut live, &ann, Answer::Offer).await;
        assert!(refused.is_err());
        assert_eq!(bench.reload(&live.id).await.table.proposals.takeback, None);
    }
}

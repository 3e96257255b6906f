//! The drawer: draws offered, accepted and declined (the rules are
//! [`crate::domain::consent`]'s).

use std::sync::Arc;

use tafel_core::record::Ending;

use super::commit::Committer;
use super::Hub;
use crate::domain::clock::now_ms;
use crate::domain::consent::{Answer, Decided};
use crate::domain::ids::{GameId, SeatToken};
use crate::domain::live::LiveGame;
use crate::domain::Error;

/// Offers, accepts and declines draws.
#[derive(Clone)]
pub struct Drawer {
    committer: Committer,
}

impl Drawer {
    /// A drawer storing through `committer`.
    pub(super) fn new(committer: Committer) -> Drawer {
        Drawer { committer }
    }

    /// The seat holding `token` offers, accepts or declines a draw in `live`; the game ends
    /// drawn when every side has agreed. An offer that comes to nothing is told as lapsed.
    pub(super) async fn draw(
        &self,
        live: &mut LiveGame,
        token: &SeatToken,
        answer: Answer,
    ) -> Result<(), Error> {
        let seat = live.playing_seat(token)?;
        let mut table = live.table.clone();
        let mut proposals = std::mem::take(&mut table.proposals);
        let decided = proposals.draw(&live.sides(&table), seat, answer)?;
        table.proposals = proposals;
        let now = now_ms();
        let before = live.table.proposals.clone();
        match decided {
            Decided::Done => {
                let change = live.ending_change(Ending::agreed_draw(), now);
                self.committer.commit(live, change).await
            }
            Decided::Waiting => {
                let change = live.table_change(table, now);
                self.committer.commit(live, change).await?;
                let after = &live.table.proposals;
                (self.committer).tell_lapses(&live.id, &before, after, seat, false);
                Ok(())
            }
        }
    }
}

impl Hub {
    /// The seat holding `token` offers, accepts or declines a draw in game `id` ([`Drawer`]).
    pub async fn draw(
        self: &Arc<Self>,
        id: &GameId,
        token: &SeatToken,
        answer: Answer,
    ) -> Result<(), Error> {
        let (_, mut live) = self.lock_game(id).await?;
        self.drawer.draw(&mut live, token, answer).await
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{received, token, two_people, Bench};
    use super::super::viewers::Event;
    use super::*;
    use crate::domain::consent::Lapse;

    #[tokio::test]
    async fn a_draw_offered_and_accepted_ends_the_game_drawn() {
        let bench = Bench::new().await;
        let drawer = Drawer::new(bench.committer.clone());
        let mut live = bench.black_path(two_people()).await;
        let (ann, bob) = (token(&live, 0), token(&live, 1));
        drawer.draw(&mut live, &ann, Answer::Offer).await.unwrap();
        let offered = bench.reload(&live.id).await;
        assert_eq!(offered.table.proposals.draw, Some(vec![0]));
        assert!(!offered.is_over());
        drawer.draw(&mut live, &bob, Answer::Accept).await.unwrap();
        assert_eq!(
            bench.reload(&live.id).await.table.ending,
            Some(Ending::agreed_draw())
        );
        let late = drawer
            .draw(&mut live, &ann, Answer::Offer)
            .await
            .unwrap_err();
        assert_eq!(late.code(), "game-is-over");
    }

    #[tokio::test]
    async fn a_draw_declined_lapses_and_the_game_goes_on() {
        let bench = Bench::new().await;
        let drawer = Drawer::new(bench.committer.clone());
        let mut live = bench.black_path(two_people()).await;
        let (ann, bob) = (token(&live, 0), token(&live, 1));
        drawer.draw(&mut live, &ann, Answer::Offer).await.unwrap();
        let mut events = bench.events(&live.id);
        drawer.draw(&mut live, &bob, Answer::Decline).await.unwrap();
        let lapse = Lapse {
            proposal: "draw",
            seat: 1,
            answer: "declined",
        };
        assert_eq!(
            received(&mut events),
            [Event::Changed, Event::Lapsed(lapse)]
        );
        let stored = bench.reload(&live.id).await;
        assert_eq!(stored.table.proposals.draw, None);
        assert!(!stored.is_over());
    }

    #[tokio::test]
    async fn only_a_seats_holder_offers_a_draw() {
        let bench = Bench::new().await;
        let drawer = Drawer::new(bench.committer.clone());
        let mut live = bench.black_path(two_people()).await;
        let nobody = SeatToken::random();
        let refused = drawer.draw(&mut live, &nobody, Answer::Offer).await;
        assert_eq!(
            refused.unwrap_err().kind,
            crate::domain::ErrorKind::Forbidden
        );
        assert_eq!(bench.reload(&live.id).await.stored_version, 0);
    }
}

//! The drawer: draws offered, accepted and declined (the rules are
//! [`crate::domain::consent`]'s).

use std::sync::Arc;

use tafel_core::record::Ending;

use super::commit::Committer;
use super::Hub;
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
        match decided {
            Decided::Done => {
                let change = live.ending_change(Ending::agreed_draw(), self.committer.now_ms());
                self.committer.commit(live, change).await
            }
            Decided::Waiting => self.committer.propose(live, table, seat).await,
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
mod tests;

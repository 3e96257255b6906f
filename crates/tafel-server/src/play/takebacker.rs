//! The takebacker: takebacks asked for, accepted and declined (the rules are
//! [`crate::domain::consent`]'s).

use std::sync::Arc;

use super::commit::Committer;
use super::Hub;
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
        match keep {
            Some(keep) => {
                let change = live.takeback_change(keep, self.committer.now_ms());
                self.committer.commit(live, change).await
            }
            None => self.committer.propose(live, table, seat).await,
        }
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
mod tests;

//! The resigner: a side gives the game up (the rules are [`crate::domain::consent`]'s).

use std::sync::Arc;

use tafel_core::record::Ending;
use tafel_core::Player;

use super::commit::Committer;
use super::Hub;
use crate::domain::consent::Decided;
use crate::domain::ids::{AccountId, GameId, SeatToken};
use crate::domain::live::LiveGame;
use crate::domain::Error;

/// Resigns for a side.
#[derive(Clone)]
pub struct Resigner {
    committer: Committer,
}

impl Resigner {
    /// A resigner storing through `committer`.
    pub(super) fn new(committer: Committer) -> Resigner {
        Resigner { committer }
    }

    /// The seat holding `token` resigns for its side in `live`: the game ends when every
    /// person of the side has resigned (in a two-player game, at once).
    pub(super) async fn resign(&self, live: &mut LiveGame, token: &SeatToken) -> Result<(), Error> {
        let seat = live.playing_seat(token)?;
        let mut table = live.table.clone();
        let mut proposals = std::mem::take(&mut table.proposals);
        let decided = proposals.resign(&live.sides(&table), seat);
        table.proposals = proposals;
        let now = self.committer.now_ms();
        let change = match decided {
            Decided::Done => live.ending_change(
                Ending::resigned(Player(seat as u8), &live.seat_names()),
                now,
            ),
            Decided::Waiting => live.table_change(table, now),
        };
        self.committer.commit(live, change).await
    }

    /// The account `account` resigns `live` if it plays a seat of it and the game goes on (an
    /// account closed or deleted); whether it did.
    pub(super) async fn resign_account(
        &self,
        live: &mut LiveGame,
        account: &AccountId,
    ) -> Result<bool, Error> {
        let seats = &live.table.seats;
        let playing = seats
            .iter()
            .find(|seat| seat.account.as_ref() == Some(account));
        let Some(token) = playing.map(|seat| seat.token.clone()) else {
            return Ok(false);
        };
        if live.is_over() {
            return Ok(false);
        }
        self.resign(live, &token).await?;
        Ok(true)
    }
}

impl Hub {
    /// The seat holding `token` resigns for its side in game `id` ([`Resigner`]).
    pub async fn resign(self: &Arc<Self>, id: &GameId, token: &SeatToken) -> Result<(), Error> {
        let (_, mut live) = self.lock_game(id).await?;
        self.resigner.resign(&mut live, token).await
    }
}

#[cfg(test)]
mod tests;

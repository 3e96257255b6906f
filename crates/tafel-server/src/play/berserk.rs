//! Berserk in an Arena game (lichess's): a player still to make its first move halves its
//! clock (half its initial time given up, no increment) for a point more on a win of at least
//! 14 moves. It is a change of the game's table like a resignation, stored and told to both
//! players and the spectators (the clock's view says who went berserk).

use std::sync::Arc;

use super::commit::Committer;
use super::Hub;
use crate::domain::ids::{GameId, SeatToken};
use crate::domain::live::LiveGame;
use crate::domain::tournament::arena::check_berserk;
use crate::domain::tournament::Kind;
use crate::domain::Error;
use crate::msg;
use crate::store::Store;

/// Lets a player of an Arena game go berserk.
#[derive(Clone)]
pub struct Berserker {
    store: Store,
    committer: Committer,
}

impl Berserker {
    /// A berserker asking `store` which tournament a game is of, storing through `committer`.
    pub(super) fn new(store: Store, committer: Committer) -> Berserker {
        Berserker { store, committer }
    }

    /// The seat holding `token` goes berserk in Arena game `live`: refused for anyone but a
    /// seat's holder (403), in a game of no Arena (400), and after the seat's first move or a
    /// second time (409).
    pub(super) async fn berserk(
        &self,
        live: &mut LiveGame,
        token: &SeatToken,
    ) -> Result<(), Error> {
        let seat = live.playing_seat(token)?;
        let kind =
            (self.store.tournament_kind_of_game(live.id.as_str()).await).map_err(Error::storage)?;
        if kind != Some(Kind::Arena) {
            return Err(Error::invalid(msg!("berserk-is-only-for-the-games")));
        }
        check_berserk(live, seat)?;
        let mut table = live.table.clone();
        if let Some(clock) = table.clock.as_mut() {
            clock.go_berserk(seat)?;
        }
        let change = live.table_change(table, self.store.now_ms());
        self.committer.commit(live, change).await
    }
}

impl Hub {
    /// The seat holding `token` goes berserk in Arena game `id` ([`Berserker`]).
    pub async fn berserk(self: &Arc<Self>, id: &GameId, token: &SeatToken) -> Result<(), Error> {
        let (_, mut live) = self.lock_game(id).await?;
        self.berserker.berserk(&mut live, token).await
    }
}

#[cfg(test)]
mod tests;

//! The seats of deleted accounts: each is rewritten, through the normal change path, to keep
//! neither the account nor its name and to show a deleted player
//! ([`StoredSeat::forget_player`](crate::domain::seat::StoredSeat::forget_player)); the games
//! themselves stay, since they are the other players' games too. A game still in play is
//! resigned for the deleted account first (as lichess does when an account is closed), so
//! that its opponents' win counts, and is rated when the game is.
//!
//! The store's index of accounts' seats says which games are left to rewrite: a game's rows
//! of a deleted account leave the index once its seats are rewritten. The work runs in the
//! background, one game at a time and `FORGET_BATCH` (50) games a query, after each deletion
//! and when a server starts (so that a deletion a stopped server left halfway is finished).

use std::sync::Arc;

use super::viewers::Event;
use super::Hub;
use crate::domain::ids::{AccountId, GameId};
use crate::domain::live::LiveGame;
use crate::domain::seat::StoredSeat;
use crate::domain::{Error, ErrorKind};

/// Games read from the index at a time.
const FORGET_BATCH: i64 = 50;

impl Hub {
    /// Starts rewriting, in the background, the seats of deleted accounts that are still to
    /// be rewritten (two such tasks at once do no harm: each rewrite is idempotent).
    pub fn forget_deleted_accounts(self: &Arc<Self>) {
        let hub = self.clone();
        tokio::spawn(async move {
            if let Err(error) = hub.forget_seats_of_deleted_accounts().await {
                tracing::warn!(
                    "cannot rewrite the seats of deleted accounts now (done at the next \
                     deletion or start): {}",
                    error.message
                );
            }
        });
    }

    /// Rewrites the seats of deleted accounts until none is left (or the hub stops).
    async fn forget_seats_of_deleted_accounts(self: &Arc<Self>) -> Result<(), Error> {
        loop {
            let batch = self
                .store
                .seats_of_deleted_accounts(FORGET_BATCH)
                .await
                .map_err(Error::storage)?;
            if batch.is_empty() {
                return Ok(());
            }
            for (account, game) in batch {
                if self.is_stopped() {
                    return Ok(());
                }
                self.forget_in_game(&account, &game).await?;
            }
        }
    }

    /// Rewrites the seats `account` (deleted) played in game `game`, then takes them out of
    /// the index.
    async fn forget_in_game(
        self: &Arc<Self>,
        account: &AccountId,
        game: &str,
    ) -> Result<(), Error> {
        match self.rewrite_seats(account, game).await {
            Err(error) if error.kind != ErrorKind::NotFound => return Err(error),
            _ => {}
        }
        self.store
            .unindex_seats(account, game)
            .await
            .map_err(Error::storage)
    }

    /// The change that shows `account`'s seats of game `game` as a deleted player's; a game
    /// still in play is resigned for the account first.
    async fn rewrite_seats(self: &Arc<Self>, account: &AccountId, game: &str) -> Result<(), Error> {
        let (_handle, mut live) = self.lock_game(&GameId::parse(game)?).await?;
        // While the seat is still the account's, so that the game ends with both accounts in
        // it: the opponent's win counts, and is rated if the game is.
        self.resigner.resign_account(&mut live, account).await?;
        (self.rewrite_seats_of(&mut live, account, StoredSeat::forget_player)).await
    }

    /// Stores, through the normal change path, `live`'s seats that `account` plays as
    /// `rewrite` makes them (nothing if it plays none), and tells the viewers.
    pub(super) async fn rewrite_seats_of(
        self: &Arc<Self>,
        live: &mut LiveGame,
        account: &AccountId,
        rewrite: impl Fn(&mut StoredSeat),
    ) -> Result<(), Error> {
        let mut table = live.table.clone();
        let mut changed = false;
        for seat in &mut table.seats {
            if seat.account.as_ref() == Some(account) {
                rewrite(seat);
                changed = true;
            }
        }
        if changed {
            let change = live.table_change(table, self.store.now_ms());
            self.committer.commit(live, change).await?;
            self.tell(&live.id, Event::Changed);
        }
        Ok(())
    }
}

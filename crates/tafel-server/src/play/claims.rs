//! An account's seats in games it played without being signed in: the seats whose tokens a
//! browser holds become the account's when it signs up or in ([`Hub::claim_seats`]), and a
//! session opens the account's seats on any device ([`Hub::seats_of_account`]).
//!
//! A claim follows the rules of seats taken while signed in: an account takes one seat of a
//! game; a seat another account plays stays that account's; a game at one screen between
//! several people (more than one seat at the creator's screen) stays nobody's; a seat whose
//! account was deleted stays a deleted player's. A finished game claimed counts in the
//! account's results as if played signed in (never in its ratings).

use std::collections::BTreeMap;
use std::sync::Arc;

use super::accounts::SignedIn;
use super::commit::Committer;
use super::seats::Seater;
use super::viewers::Event;
use super::Hub;
use crate::domain::ids::{GameId, SeatToken};
use crate::domain::live::LiveGame;
use crate::domain::rated;
use crate::domain::seat::{SeatKind, StoredSeat};
use crate::domain::{Error, ErrorKind};
use crate::msg;

/// Seat tokens one claim may carry at most (a browser with more sends them in parts).
pub const MAX_CLAIMED_TOKENS: usize = 200;

/// Makes seats accounts': claimed with their tokens, or marked as a bot's.
#[derive(Clone)]
pub struct Claimer {
    committer: Committer,
    seater: Seater,
}

impl Claimer {
    /// A claimer storing through `committer`, indexing accounts' seats with `seater`.
    pub(super) fn new(committer: Committer, seater: Seater) -> Claimer {
        Claimer { committer, seater }
    }

    /// Claims for `account` the first seat of `live` that `tokens` hold and the module's
    /// rules let it take; whether one became its.
    pub(super) async fn claim(
        &self,
        live: &mut LiveGame,
        account: &SignedIn,
        tokens: &[SeatToken],
    ) -> Result<bool, Error> {
        let seats = &live.table.seats;
        if seats
            .iter()
            .any(|s| s.account.as_ref() == Some(&account.id))
        {
            return Ok(false);
        }
        let at_one_screen = seats.iter().filter(|s| s.kind == SeatKind::Local).count() > 1;
        let claimable = |seat: &StoredSeat| {
            seat.account.is_none()
                && !seat.deleted
                && !(at_one_screen && seat.kind == SeatKind::Local)
        };
        let Some(seat) = tokens
            .iter()
            .filter_map(|token| live.seat_of(token))
            .find(|&seat| claimable(&seats[seat]))
        else {
            return Ok(false);
        };
        let mut table = live.table.clone();
        table.seats[seat].played_by(account.id.clone(), &account.username);
        let change = live.table_change(table, self.committer.now_ms());
        self.committer.commit(live, change).await?;
        self.seater
            .index_accounts(&live.id, &live.table.seats)
            .await;
        if live.is_over() {
            // A game claimed after its end counts in the account's results as one played
            // signed in (its outcome in the list of games, its totals); never rated.
            if let Some(finished) = rated::finished(live) {
                self.committer
                    .store()
                    .record_late_results(&finished)
                    .await
                    .map_err(Error::storage)?;
            }
        }
        self.committer.tell(&live.id, Event::Changed);
        Ok(true)
    }

    /// Marks seat `seat` of `live` as played by a bot, so that every view of the game labels
    /// it (done once, when the bot accepts the challenge that made the game).
    pub(super) async fn mark_bot(&self, live: &mut LiveGame, seat: usize) -> Result<(), Error> {
        let mut table = live.table.clone();
        let Some(stored) = table.seats.get_mut(seat) else {
            let id = &live.id;
            return Err(Error::invalid(msg!("game-id-has-no-seat-seat", id, seat)));
        };
        stored.bot = true;
        let change = live.table_change(table, self.committer.now_ms());
        self.committer.commit(live, change).await?;
        self.committer.tell(&live.id, Event::Changed);
        Ok(())
    }
}

impl Hub {
    /// Makes the seats that `tokens` (each with its game) hold `account`'s, under its
    /// username, as the module's rules allow; tokens that hold no seat, and games that do not
    /// exist, are passed over. Returns the number of games in which a seat became the
    /// account's.
    pub async fn claim_seats(
        self: &Arc<Self>,
        account: &SignedIn,
        tokens: Vec<(GameId, SeatToken)>,
    ) -> Result<usize, Error> {
        if tokens.len() > MAX_CLAIMED_TOKENS {
            return Err(Error::invalid(msg!(
                "claim-carries-at-most-max-claimed",
                max_claimed_tokens = MAX_CLAIMED_TOKENS,
                count = tokens.len()
            )));
        }
        let mut by_game: BTreeMap<String, (GameId, Vec<SeatToken>)> = BTreeMap::new();
        for (game, token) in tokens {
            let entry = by_game
                .entry(game.to_string())
                .or_insert_with(|| (game, Vec::new()));
            entry.1.push(token);
        }
        let mut claimed = 0;
        for (game, tokens) in by_game.into_values() {
            match self.claim_in_game(account, &game, &tokens).await {
                Ok(true) => claimed += 1,
                Ok(false) => {}
                Err(error) if error.kind == ErrorKind::NotFound => {}
                Err(error) => return Err(error),
            }
        }
        Ok(claimed)
    }

    /// Claims for `account` the first seat of game `id` that `tokens` hold and the rules let
    /// it take ([`Claimer`]); whether one became its.
    async fn claim_in_game(
        self: &Arc<Self>,
        account: &SignedIn,
        id: &GameId,
        tokens: &[SeatToken],
    ) -> Result<bool, Error> {
        let (_handle, mut live) = self.lock_game(id).await?;
        self.claimer.claim(&mut live, account, tokens).await
    }

    /// Marks seat `seat` of game `id` as played by a bot ([`Claimer`]).
    pub async fn mark_bot_seat(self: &Arc<Self>, id: &GameId, seat: usize) -> Result<(), Error> {
        let (_handle, mut live) = self.lock_game(id).await?;
        self.claimer.mark_bot(&mut live, seat).await
    }

    /// The seats `account` plays in game `id`, with their tokens: what opens them on a
    /// device that does not hold the tokens.
    pub async fn seats_of_account(
        self: &Arc<Self>,
        account: &SignedIn,
        id: &GameId,
    ) -> Result<Vec<(usize, SeatToken)>, Error> {
        let handle = self.get(id).await?;
        let live = handle.lock().await;
        Ok(live
            .table
            .seats
            .iter()
            .enumerate()
            .filter(|(_, seat)| seat.account.as_ref() == Some(&account.id))
            .map(|(number, seat)| (number, seat.token.clone()))
            .collect())
    }
}

#[cfg(test)]
mod tests;

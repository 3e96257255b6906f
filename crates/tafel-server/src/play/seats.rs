//! Taking a seat: an invitation claimed once, or a free seat of a public game.

use std::sync::Arc;

use tafel_core::Player;

use super::accounts::SignedIn;
use super::commit::Committer;
use super::moderation::keep_apart;
use super::viewers::Event;
use super::Hub;
use crate::domain::account::username::speaks_for_the_site;
use crate::domain::account::Username;
use crate::domain::ids::{AccountId, GameId, InviteCode, OfInvitation, SeatToken, SecretKind};
use crate::domain::live::LiveGame;
use crate::domain::message::Message;
use crate::domain::name::skeleton;
use crate::domain::name::PersonName;
use crate::domain::seat::{SeatKind, StoredSeat};
use crate::domain::Error;
use crate::msg;
use crate::store::Store;

/// How a person claims a seat: with its invitation code, or (in a public game) by its number.
pub enum Claim {
    /// The invitation code.
    Invite(InviteCode),
    /// A free seat of a public game.
    Seat(usize),
}

/// Seats people: an invitation claimed, a public game's free seat taken; and the names and
/// accounts of seats checked and indexed.
#[derive(Clone)]
pub struct Seater {
    store: Store,
    committer: Committer,
}

impl Seater {
    /// A seater asking `store` about accounts' names and indexing their seats there, storing
    /// changes through `committer`.
    pub(super) fn new(store: Store, committer: Committer) -> Seater {
        Seater { store, committer }
    }

    /// A person claims a seat of `live`, once: with its invitation code or, in a public game,
    /// by its number; gives the name shown to everyone (a signed-in `account` plays it under
    /// its username, unless it blocks, or is blocked by, an account that plays another seat). Returns the seat and its token. The host and everyone watching are told.
    pub(super) async fn join(
        &self,
        live: &mut LiveGame,
        claim: Claim,
        name: PersonName,
        account: Option<&SignedIn>,
    ) -> Result<(usize, SeatToken), Error> {
        let seats = &live.table.seats;
        let seat = match claim {
            Claim::Invite(code) => seats
                .iter()
                .position(|s| s.invite.as_ref() == Some(&code))
                .ok_or_else(OfInvitation::refused)?,
            Claim::Seat(seat) => {
                if !live.public {
                    return Err(Error::forbidden(msg!("this-game-is-not-public-joining")));
                }
                if seats.get(seat).is_none_or(|s| s.kind != SeatKind::Invite) {
                    return Err(Error::not_found(msg!("seat-seat-of-this-game-is", seat)));
                }
                seat
            }
        };
        let seat_name = live.game.player_name(Player(seat as u8));
        if live.table.seats[seat].joined {
            return Err(Error::conflict(
                Message::new("seat-name-seat-is-taken-already").with_side("seat_name", seat_name),
            ));
        }
        if live.is_over() {
            return Err(Error::conflict(msg!("game-is-over")));
        }
        if live.rated && account.is_none() {
            return Err(Error::unauthorized(msg!("this-game-is-rated-so-it")));
        }
        let mut table = live.table.clone();
        table.seats[seat].joined = true;
        let name = match account {
            Some(account) => {
                if table
                    .seats
                    .iter()
                    .any(|s| s.account.as_ref() == Some(&account.id))
                {
                    return Err(Error::conflict(msg!("you-play-in-this-game-already")));
                }
                for other in table.seats.iter().filter_map(|s| s.account.as_ref()) {
                    keep_apart(&self.store, other, &account.id).await?;
                }
                table.seats[seat].played_by(account.id.clone(), &account.username);
                PersonName::parse(&account.username)?
            }
            None => {
                self.check_free_name(name.as_str(), None).await?;
                table.seats[seat].name = Some(name.to_string());
                name
            }
        };
        let token = table.seats[seat].token.clone();
        let change = live.table_change(table, self.store.now_ms());
        self.committer.commit(live, change).await?;
        self.index_accounts(&live.id, &live.table.seats).await;
        (self.committer).tell(&live.id, Event::Joined { seat, name });
        Ok((seat, token))
    }

    /// Records in the store's index of accounts' games the seats of game `id` that accounts
    /// play (`seats` as stored), so that each account's list finds the game. The seats
    /// themselves, stored with the game, are what counts; a failure here is logged, and the
    /// game stays as it was stored.
    pub(super) async fn index_accounts(&self, id: &GameId, seats: &[StoredSeat]) {
        for (seat, stored) in seats.iter().enumerate() {
            let Some(account) = &stored.account else {
                continue;
            };
            if let Err(error) = self.store.own_seat(id, seat, account).await {
                tracing::error!("game {id}: cannot index seat {seat}'s account: {error:#}");
            }
        }
    }

    /// Refuses `name` for a seat played without an account when it would pass for an account
    /// (its username, or one that looks like it, a deleted account's included) other than
    /// `own` (the signed-in person naming a seat at their screen), or speak for the site
    /// ([`speaks_for_the_site`]; `Guest` and `Player 2` are fine). Both are judged on the
    /// name's confusable skeleton (Unicode TS39, [`skeleton`]), so that letters of other
    /// scripts or styles that look like ASCII ones (`Mаgnus` with a Cyrillic `а`, `𝐓afel`)
    /// pass for nobody either.
    pub(super) async fn check_free_name(
        &self,
        name: &str,
        own: Option<&SignedIn>,
    ) -> Result<(), Error> {
        let seen = skeleton(name);
        if let Some(reserved) = speaks_for_the_site(&seen) {
            return Err(Error::invalid(msg!(
                "name-is-kept-for-the-site",
                name,
                reserved
            )));
        }
        // A name with spaces passes for the username with `_` in their place.
        let Ok(username) = Username::parse(&seen.replace(' ', "_")) else {
            return Ok(());
        };
        let theirs = own.and_then(|own| Username::parse(&own.username).ok());
        if theirs.is_some_and(|theirs| theirs.lookalike_key() == username.lookalike_key()) {
            return Ok(());
        }
        let taken = self
            .store
            .name_is_an_accounts(&username.key(), &username.lookalike_key())
            .await
            .map_err(Error::storage)?;
        if taken {
            return Err(Error::conflict(msg!("name-belongs-to-an-account", name)));
        }
        Ok(())
    }
}

impl Hub {
    /// A person claims a seat of game `id` ([`Seater`]); the computer plays if it is to move.
    pub async fn join(
        self: &Arc<Self>,
        id: &GameId,
        claim: Claim,
        name: PersonName,
        account: Option<&SignedIn>,
    ) -> Result<(usize, SeatToken), Error> {
        let (handle, mut live) = self.lock_game(id).await?;
        let joined = self.seater.join(&mut live, claim, name, account).await?;
        drop(live);
        self.wake_computer(handle);
        Ok(joined)
    }

    /// What the lobby hands out of a game it made (see [`crate::play::lobby`]): the token of
    /// seat `own` for its owner, and the invitation code of seat `invited` for its taker.
    pub async fn seats_to_hand_out(
        self: &Arc<Self>,
        id: &GameId,
        own: usize,
        invited: usize,
    ) -> Result<(SeatToken, InviteCode), Error> {
        let handle = self.get(id).await?;
        let live = handle.lock().await;
        let seats = &live.table.seats;
        match (
            seats.get(own),
            seats.get(invited).and_then(|s| s.invite.clone()),
        ) {
            (Some(own), Some(code)) => Ok((own.token.clone(), code)),
            _ => Err(Error::failed(msg!("lobby-game-lacks-the-seats-it"))),
        }
    }

    /// The seats of game `id` held by `tokens` (a viewer's, to count it as their holder).
    pub async fn seats_held(self: &Arc<Self>, id: &GameId, tokens: &[SeatToken]) -> Vec<usize> {
        let Ok(handle) = self.get(id).await else {
            return Vec::new();
        };
        let live = handle.lock().await;
        let mut seats: Vec<usize> = tokens.iter().filter_map(|t| live.seat_of(t)).collect();
        seats.sort_unstable();
        seats.dedup();
        seats
    }
}

impl Hub {
    /// The seat `account` plays in game `id` and its token: what a bot acts with through the
    /// game's own actions. Refused (403) when the account plays no seat of the game.
    pub async fn seat_of_account(
        self: &Arc<Self>,
        id: &GameId,
        account: &AccountId,
    ) -> Result<(usize, SeatToken), Error> {
        let handle = self.get(id).await?;
        let live = handle.lock().await;
        live.table
            .seats
            .iter()
            .enumerate()
            .find(|(_, seat)| seat.account.as_ref() == Some(account))
            .map(|(seat, stored)| (seat, stored.token.clone()))
            .ok_or_else(|| Error::forbidden(msg!("you-play-no-seat-of-game", id)))
    }
}

#[cfg(test)]
mod tests;

//! Chat in a game (the rules are [`crate::domain::chat`]'s): who writes in which room, the
//! messages stored and told to the viewers who read their room, here and, through the
//! store's announcements, on the other instances.

use std::sync::Arc;

use serde::Serialize;
use utoipa::ToSchema;

use super::accounts::SignedIn;
use super::viewers::{Event, Viewers};
use super::{GameHandle, Hub};
use crate::domain::chat::{Author, ChatMessage, ChatText, Room};
use crate::domain::ids::{AccountId, GameId, SeatToken};
use crate::domain::live::LiveGame;
use crate::domain::moderation::utc_minute;
use crate::domain::seat::DELETED_PLAYER;
use crate::domain::Error;
use crate::msg;
use crate::store::chat::{ChatRefused, StoredChat};
use crate::store::Store;

/// The chat of a game as one reader sees it: the rooms it reads, and the one it may write in.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ChatRooms {
    /// The players' messages, oldest first; null for whoever does not read them (spectators,
    /// and everyone where nobody plays at another screen).
    pub players: Option<Vec<ChatMessage>>,
    /// The spectators' messages, oldest first; null for the players while the game goes on.
    pub spectators: Option<Vec<ChatMessage>>,
    /// The room the reader may write in: `players` for a player where another person plays,
    /// `spectators` for a signed-in account that plays no seat, null for anybody else.
    pub write: Option<Room>,
}

/// 403 when a moderator has muted `account` until later than now.
pub(in crate::play) async fn check_not_muted(
    store: &Store,
    account: &AccountId,
) -> Result<(), Error> {
    let standing = store.standing(account).await.map_err(Error::storage)?;
    if let Some(until) = standing.muted_until_ms.filter(|u| *u > store.now_ms()) {
        return Err(Error::forbidden(msg!(
            "you-are-muted-until",
            until = utc_minute(until)
        )));
    }
    Ok(())
}

/// Writes games' chat messages and reads them, told to the viewers who read their room.
#[derive(Clone)]
pub struct Messenger {
    store: Store,
    viewers: Viewers,
    per_room: usize,
}

impl Messenger {
    /// A messenger keeping messages in `store`, at most `per_room` a room, telling `viewers`.
    pub(super) fn new(store: Store, viewers: Viewers, per_room: usize) -> Messenger {
        Messenger {
            store,
            viewers,
            per_room,
        }
    }

    /// Stores `text` by `author` as the next message of its room in game `id` (409 when the
    /// room holds its cap already; 403 when the author's account is muted or, in the players'
    /// room, blocked by the account of one of the `others` who play); returns its number in
    /// the room.
    pub(super) async fn write(
        &self,
        id: &GameId,
        author: &Author,
        others: &[AccountId],
        text: &ChatText,
    ) -> Result<i64, Error> {
        self.check_author(author, others).await?;
        let cap = self.per_room;
        let room = author.room();
        (self
            .store
            .add_chat(id, author, text, self.store.now_ms(), cap)
            .await)
            .map_err(|e| match e {
                ChatRefused::Full => Error::conflict(msg!(
                    "this-game-room-chat-holds-cap",
                    room = room.as_str(),
                    cap
                )),
                ChatRefused::Failed(error) => Error::storage(error),
            })
    }

    /// 403 when `author`'s account is muted, or writes in the players' room and one of the
    /// other players' accounts `others` blocks it.
    async fn check_author(&self, author: &Author, others: &[AccountId]) -> Result<(), Error> {
        let Some(account) = author.account() else {
            return Ok(());
        };
        check_not_muted(&self.store, account).await?;
        if author.room() == Room::Players {
            for other in others {
                let blocked = self.store.blocked_between(other, account).await;
                if blocked.map_err(Error::storage)? {
                    return Err(Error::forbidden(msg!("this-player-takes-no-messages-from")));
                }
            }
        }
        Ok(())
    }

    /// Tells the viewers of the game behind `handle` of message `seq` of `room`, read from
    /// the store; returns it (`None` if it is not there).
    pub(super) async fn tell(
        &self,
        handle: &GameHandle,
        room: Room,
        seq: i64,
    ) -> Result<Option<ChatMessage>, Error> {
        let id = handle.lock().await.id.clone();
        let stored = self.store.chat_message(&id, room, seq).await;
        let Some(stored) = stored.map_err(Error::storage)? else {
            return Ok(None);
        };
        let live = handle.lock().await;
        let message = named(&live, stored);
        let over = live.is_over();
        drop(live);
        self.viewers.tell(&id, Event::Chat(message.clone(), over));
        Ok(Some(message))
    }

    /// The chat of the game behind `handle` for whoever holds `tokens` or is signed in as
    /// `account`: the rooms they read, each with its messages (but those of the accounts
    /// `account` blocks), and where they may write.
    pub(super) async fn rooms(
        &self,
        handle: &GameHandle,
        tokens: &[SeatToken],
        account: Option<&SignedIn>,
    ) -> Result<ChatRooms, Error> {
        let (id, seat, players_open, over, spectator) = {
            let live = handle.lock().await;
            let seats = &live.table.seats;
            let seat = (tokens.iter().find_map(|t| live.seat_of(t))).or_else(|| {
                account.and_then(|a| seats.iter().position(|s| s.account.as_ref() == Some(&a.id)))
            });
            let sides = live.sides(&live.table);
            let players_open = seat.is_some_and(|s| Author::player(&sides, seats, s).is_ok());
            let spectator = account.is_some_and(|a| Author::spectator(seats, &a.id).is_ok());
            (
                live.id.clone(),
                seat,
                players_open,
                live.is_over(),
                spectator,
            )
        };
        let player = seat.is_some();
        let blocked: Vec<AccountId> = match account {
            Some(account) => (self.store.blocked_by(&account.id).await)
                .map_err(Error::storage)?
                .into_iter()
                .map(|(id, _)| id)
                .collect(),
            None => Vec::new(),
        };
        let mut rooms = ChatRooms {
            players: None,
            spectators: None,
            write: None,
        };
        for room in [Room::Players, Room::Spectators] {
            let open = room != Room::Players || players_open;
            if !open || !room.read_by(player, over) {
                continue;
            }
            let stored = self.store.chat(&id, room).await.map_err(Error::storage)?;
            let live = handle.lock().await;
            let messages = (stored.into_iter())
                .filter(|m| m.account.as_ref().is_none_or(|a| !blocked.contains(a)))
                .map(|m| named(&live, m))
                .collect();
            match room {
                Room::Players => rooms.players = Some(messages),
                Room::Spectators => rooms.spectators = Some(messages),
            }
        }
        rooms.write = match (players_open, spectator && !player) {
            (true, _) => Some(Room::Players),
            (false, true) => Some(Room::Spectators),
            (false, false) => None,
        };
        Ok(rooms)
    }
}

/// The author of a message for `room` of `live`. The players' room: the seat `token` holds
/// or, without a token, the seat the signed-in `account` plays (403 for anybody else; 409
/// where nobody else plays at another screen). The spectators' room: the signed-in `account`
/// (401 without), playing no seat of the game (403).
fn author(
    live: &LiveGame,
    room: Room,
    token: Option<&SeatToken>,
    account: Option<&SignedIn>,
) -> Result<Author, Error> {
    let seats = &live.table.seats;
    match (room, token, account) {
        (Room::Players, Some(token), _) => {
            let seat = live.seat_for(token)?;
            Author::player(&live.sides(&live.table), seats, seat)
        }
        (Room::Players, None, account) => {
            let seat = account
                .and_then(|a| seats.iter().position(|s| s.account.as_ref() == Some(&a.id)))
                .ok_or_else(|| Error::forbidden(msg!("only-the-players-write-in-the")))?;
            Author::player(&live.sides(&live.table), seats, seat)
        }
        (Room::Spectators, Some(_), _) => {
            Err(Error::invalid(msg!("spectators-chat-is-written-by-signed")))
        }
        (Room::Spectators, None, None) => Err(Error::unauthorized(msg!("sign-in-to-write-in-the"))),
        (Room::Spectators, None, Some(account)) => Author::spectator(seats, &account.id),
    }
}

impl Hub {
    /// The author of a message for `room` of game `id`, as [`Messenger`] checks it: the seat
    /// `token` holds or the seat `account` plays for the players' room, the signed-in
    /// `account` playing no seat for the spectators'.
    pub async fn chat_author(
        self: &Arc<Self>,
        id: &GameId,
        room: Room,
        token: Option<&SeatToken>,
        account: Option<&SignedIn>,
    ) -> Result<Author, Error> {
        let handle = self.get(id).await?;
        let live = handle.lock().await;
        author(&live, room, token, account)
    }

    /// Stores `text` by `author` as the next message of its room in game `id` (409 when the
    /// room holds its cap; 403 when the author's account is muted or, in the players' room,
    /// blocked by another player's account), and tells the viewers who read the room.
    pub async fn say(
        self: &Arc<Self>,
        id: &GameId,
        author: &Author,
        text: &ChatText,
    ) -> Result<ChatMessage, Error> {
        let handle = self.get(id).await?;
        let others: Vec<AccountId> = (handle.lock().await.table.seats.iter())
            .filter_map(|seat| seat.account.clone())
            .filter(|other| Some(other) != author.account())
            .collect();
        let seq = self.messenger.write(id, author, &others, text).await?;
        (self.messenger.tell(&handle, author.room(), seq).await?)
            .ok_or_else(|| Error::failed(msg!("chat-message-just-stored-cannot-be")))
    }

    /// Message `seq` of `room` in game `id` was stored by another instance: the viewers here,
    /// if any, are told.
    pub(super) async fn chat_elsewhere(self: &Arc<Self>, id: &str, room: Room, seq: i64) {
        if !self.lock_games().channels.contains_key(id) {
            return;
        }
        let told = async {
            let handle = self.get(&GameId::parse(id)?).await?;
            self.messenger.tell(&handle, room, seq).await
        };
        if let Err(error) = told.await {
            tracing::warn!("cannot tell game {id}'s viewers of a chat message: {error}");
        }
    }

    /// The chat of game `id` for whoever holds `tokens` or is signed in as `account`
    /// ([`Messenger`]).
    pub async fn chat(
        self: &Arc<Self>,
        id: &GameId,
        tokens: &[SeatToken],
        account: Option<&SignedIn>,
    ) -> Result<ChatRooms, Error> {
        let handle = self.get(id).await?;
        self.messenger.rooms(&handle, tokens, account).await
    }
}

/// `stored` as its readers see it, its author named: a seat by its player's name (or the
/// game's name for the seat), an account by its username.
fn named(live: &LiveGame, stored: StoredChat) -> ChatMessage {
    let (name, account) = match stored.seat {
        Some(seat) => match live.seat_views(&live.table).into_iter().nth(seat) {
            Some(view) => (view.player.unwrap_or(view.name), view.account),
            None => (format!("seat {seat}"), false),
        },
        None => match stored.username {
            Some(username) => (username, true),
            None => (DELETED_PLAYER.to_string(), false),
        },
    };
    ChatMessage {
        room: stored.room,
        seq: stored.seq,
        seat: stored.seat,
        name,
        account,
        text: stored.text,
        at_ms: stored.at_ms,
    }
}

#[cfg(test)]
mod tests;

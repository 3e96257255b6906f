//! Chat in a game (the rules are [`crate::domain::chat`]'s): who writes in which room, the
//! messages stored and told to the viewers who read their room, here and, through the
//! store's announcements, on the other instances.

use std::sync::Arc;

use serde::Serialize;
use utoipa::ToSchema;

use super::accounts::SignedIn;
use super::viewers::Event;
use super::Hub;
use crate::domain::chat::{Author, ChatMessage, ChatText, Room};
use crate::domain::clock::now_ms;
use crate::domain::ids::{GameId, SeatToken};
use crate::domain::live::LiveGame;
use crate::domain::seat::DELETED_PLAYER;
use crate::domain::Error;
use crate::msg;
use crate::store::chat::{ChatRefused, StoredChat};

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

impl Hub {
    /// The author of a message for `room` of game `id`. The players' room: the seat `token`
    /// holds or, without a token, the seat the signed-in `account` plays (403 for anybody
    /// else; 409 where nobody else plays at another screen). The spectators' room: the
    /// signed-in `account` (401 without), playing no seat of the game (403).
    pub async fn chat_author(
        self: &Arc<Self>,
        id: &GameId,
        room: Room,
        token: Option<&SeatToken>,
        account: Option<&SignedIn>,
    ) -> Result<Author, Error> {
        let handle = self.get(id).await?;
        let live = handle.lock().await;
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
            (Room::Spectators, None, None) => {
                Err(Error::unauthorized(msg!("sign-in-to-write-in-the")))
            }
            (Room::Spectators, None, Some(account)) => Author::spectator(seats, &account.id),
        }
    }

    /// Stores `text` by `author` as the next message of its room in game `id` (409 when the
    /// room holds its cap already), and tells the viewers who read the room.
    pub async fn say(
        self: &Arc<Self>,
        id: &GameId,
        author: &Author,
        text: &ChatText,
    ) -> Result<ChatMessage, Error> {
        let cap = self.limits.chat_messages_per_room;
        let room = author.room();
        let seq =
            (self.store.add_chat(id, author, text, now_ms(), cap).await).map_err(|e| match e {
                ChatRefused::Full => Error::conflict(msg!(
                    "this-game-room-chat-holds-cap",
                    room = room.as_str(),
                    cap
                )),
                ChatRefused::Failed(error) => Error::storage(error),
            })?;
        self.tell_chat(id, room, seq)
            .await?
            .ok_or_else(|| Error::failed(msg!("chat-message-just-stored-cannot-be")))
    }

    /// Tells the viewers of game `id` of message `seq` of `room`, read from the store;
    /// returns it (`None` if it is not there).
    async fn tell_chat(
        self: &Arc<Self>,
        id: &GameId,
        room: Room,
        seq: i64,
    ) -> Result<Option<ChatMessage>, Error> {
        let stored = self.store.chat_message(id, room, seq).await;
        let Some(stored) = stored.map_err(Error::storage)? else {
            return Ok(None);
        };
        let handle = self.get(id).await?;
        let live = handle.lock().await;
        let message = named(&live, stored);
        let over = live.is_over();
        drop(live);
        self.tell(id, Event::Chat(message.clone(), over));
        Ok(Some(message))
    }

    /// Message `seq` of `room` in game `id` was stored by another instance: the viewers here,
    /// if any, are told.
    pub(super) async fn chat_elsewhere(self: &Arc<Self>, id: &str, room: Room, seq: i64) {
        if !self.lock_games().channels.contains_key(id) {
            return;
        }
        let Ok(id) = GameId::parse(id) else {
            return;
        };
        if let Err(error) = self.tell_chat(&id, room, seq).await {
            tracing::warn!("cannot tell game {id}'s viewers of a chat message: {error}");
        }
    }

    /// The chat of game `id` for whoever holds `tokens` or is signed in as `account`: the
    /// rooms they read, each with its messages, and where they may write.
    pub async fn chat(
        self: &Arc<Self>,
        id: &GameId,
        tokens: &[SeatToken],
        account: Option<&SignedIn>,
    ) -> Result<ChatRooms, Error> {
        let handle = self.get(id).await?;
        let (seat, players_open, over, spectator) = {
            let live = handle.lock().await;
            let seats = &live.table.seats;
            let seat = (tokens.iter().find_map(|t| live.seat_of(t))).or_else(|| {
                account.and_then(|a| seats.iter().position(|s| s.account.as_ref() == Some(&a.id)))
            });
            let sides = live.sides(&live.table);
            let players_open = seat.is_some_and(|s| Author::player(&sides, seats, s).is_ok());
            let spectator = account.is_some_and(|a| Author::spectator(seats, &a.id).is_ok());
            (seat, players_open, live.is_over(), spectator)
        };
        let player = seat.is_some();
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
            let stored = self.store.chat(id, room).await.map_err(Error::storage)?;
            let live = handle.lock().await;
            let messages = stored.into_iter().map(|m| named(&live, m)).collect();
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

//! The changes other server instances make, as PostgreSQL announces them (`NOTIFY` inside
//! each change's transaction), and the chat messages they store.

use std::sync::Arc;

use anyhow::{Context, Result};
use sqlx::postgres::PgListener;

use super::chat::CHAT_CHANNEL;
use super::finishes::ENDS_CHANNEL;
use super::{Backend, Store};
use crate::domain::chat::Room;

/// The channel on which PostgreSQL tells every instance that a game changed.
pub(super) const CHANGES_CHANNEL: &str = "tafel_games";

impl Store {
    /// Listens for the changes other instances make (PostgreSQL only: `None` on SQLite,
    /// where this instance is the only one).
    pub async fn listen(&self) -> Result<Option<Changes>> {
        if self.backend != Backend::Postgres {
            return Ok(None);
        }
        let mut listener = PgListener::connect(&self.url)
            .await
            .context("cannot listen for changes")?;
        listener
            .listen_all([CHANGES_CHANNEL, CHAT_CHANNEL, ENDS_CHANNEL])
            .await?;
        Ok(Some(Changes {
            listener,
            instance: self.instance.clone(),
        }))
    }
}

/// The changes other server instances make, as PostgreSQL announces them.
pub struct Changes {
    listener: PgListener,
    instance: Arc<str>,
}

/// What [`Changes::next`] heard.
#[derive(Debug, PartialEq, Eq)]
pub enum Heard {
    /// Game `id` was stored at `version` by another instance.
    Changed {
        /// The game.
        id: String,
        /// Its stored version now.
        version: i64,
    },
    /// Message `seq` of `room` in game `id` was stored by another instance.
    Chat {
        /// The game.
        id: String,
        /// The room.
        room: Room,
        /// The message's number in the room.
        seq: i64,
    },
    /// The work of game `id`'s end (results, ratings, a tournament board's score) was done by
    /// another instance.
    Ended {
        /// The game.
        id: String,
    },
    /// The connection was lost and made again: changes may have been missed.
    Lost,
}

impl Changes {
    /// Waits for the next change made by another instance.
    pub async fn next(&mut self) -> Result<Heard> {
        loop {
            let Some(notification) = self.listener.try_recv().await? else {
                return Ok(Heard::Lost);
            };
            let words: Vec<&str> = notification.payload().split(' ').collect();
            if words.last() == Some(&&*self.instance) {
                continue;
            }
            if notification.channel() == ENDS_CHANNEL {
                if let [id, _] = words[..] {
                    return Ok(Heard::Ended { id: id.to_string() });
                }
                continue;
            }
            if notification.channel() == CHAT_CHANNEL {
                if let [id, room, seq, _] = words[..] {
                    if let (Some(room), Ok(seq)) = (Room::parse(room), seq.parse()) {
                        let id = id.to_string();
                        return Ok(Heard::Chat { id, room, seq });
                    }
                }
                continue;
            }
            let [id, version, _] = words[..] else {
                continue;
            };
            let Ok(version) = version.parse() else {
                continue;
            };
            return Ok(Heard::Changed {
                id: id.to_string(),
                version,
            });
        }
    }
}

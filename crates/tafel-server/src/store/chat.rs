//! The chat messages of games, kept with them (see [`crate::domain::chat`]). Written directly,
//! not through the writer (a message is not a change of the game), and announced on
//! PostgreSQL to the other instances (on the channel `tafel_chat`).

use anyhow::{Context, Result};

use super::rows::{value, Reading};
use super::Store;
use crate::domain::chat::{Author, ChatText, Room};
use crate::domain::ids::{AccountId, GameId};

/// The channel on which PostgreSQL tells every instance of a new chat message: the payload is
/// `GAME ROOM SEQ INSTANCE`.
pub(super) const CHAT_CHANNEL: &str = "tafel_chat";

/// How often a message is tried again when another one took its number at the same moment
/// (another instance writing in the same room).
const NUMBER_ATTEMPTS: usize = 5;

/// A message as stored; the play layer names its author.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredChat {
    /// Its room.
    pub room: Room,
    /// Its number in the room, from 1.
    pub seq: i64,
    /// The author's seat (players' room).
    pub seat: Option<usize>,
    /// The author's account, if one wrote it.
    pub account: Option<AccountId>,
    /// That account's username, unless the account was deleted.
    pub username: Option<String>,
    /// The text.
    pub text: String,
    /// When it was written.
    pub at_ms: i64,
}

/// Why a message was not stored.
#[derive(Debug)]
pub enum ChatRefused {
    /// The room holds its cap of messages already.
    Full,
    /// The database failed.
    Failed(anyhow::Error),
}

/// The columns a [`StoredChat`] is read from, a [`ChatRow`] (`m` the message, `a` its
/// account).
const COLUMNS: &str = "m.room AS room, m.seq AS seq, m.seat AS seat,
                       m.account_id AS account_id, a.username AS username,
                       m.text AS text, m.at_ms AS at_ms";

impl Store {
    /// Stores `text` by `author` in its room of game `id` as the room's next message, unless
    /// the room holds `cap` messages already; returns its number. On PostgreSQL the other
    /// instances are told.
    pub async fn add_chat(
        &self,
        id: &GameId,
        author: &Author,
        text: &ChatText,
        at_ms: i64,
        cap: usize,
    ) -> Result<i64, ChatRefused> {
        let room = author.room();
        for _ in 0..NUMBER_ATTEMPTS {
            let inserted = sqlx::query(&self.sql(
                "INSERT INTO chat_messages (game_id, room, seq, seat, account_id, text, at_ms)
                 SELECT ?, ?, highest + 1, ?, ?, ?, ?
                 FROM (SELECT coalesce(max(seq), 0) AS highest FROM chat_messages
                       WHERE game_id = ? AND room = ?) AS numbered
                 WHERE highest < ?
                 RETURNING seq",
            ))
            .bind(id.as_str())
            .bind(room.as_str())
            .bind(author.seat().map(|seat| seat as i64))
            .bind(author.account().map(|a| a.as_str()))
            .bind(text.as_str())
            .bind(at_ms)
            .bind(id.as_str())
            .bind(room.as_str())
            .bind(cap as i64)
            .fetch_optional(&self.pool)
            .await;
            let seq: i64 = match inserted {
                Ok(Some(row)) => {
                    value(&row, "chat_messages", "seq").map_err(ChatRefused::Failed)?
                }
                Ok(None) => return Err(ChatRefused::Full),
                Err(sqlx::Error::Database(error)) if error.is_unique_violation() => continue,
                Err(error) => {
                    return Err(ChatRefused::Failed(
                        anyhow::Error::new(error).context("cannot store a chat message"),
                    ))
                }
            };
            if self.is_shared() {
                self.announce_chat(id, room, seq).await;
            }
            return Ok(seq);
        }
        Err(ChatRefused::Failed(anyhow::anyhow!(
            "cannot number a chat message: others took {NUMBER_ATTEMPTS} numbers meanwhile"
        )))
    }

    /// Tells the other instances of message `seq` of `room` in game `id` (failures logged:
    /// the message is stored, and shown by them on the next reading).
    async fn announce_chat(&self, id: &GameId, room: Room, seq: i64) {
        let payload = format!("{id} {} {seq} {}", room.as_str(), self.instance);
        let told = sqlx::query(&self.sql("SELECT pg_notify(?, ?)"))
            .bind(CHAT_CHANNEL)
            .bind(payload)
            .execute(&self.pool)
            .await;
        if let Err(error) = told {
            tracing::warn!("cannot announce a chat message of game {id}: {error}");
        }
    }

    /// The messages of `room` in game `id`, oldest first.
    pub async fn chat(&self, id: &GameId, room: Room) -> Result<Vec<StoredChat>> {
        let rows = sqlx::query_as::<_, ChatRow>(&self.sql(&format!(
            "SELECT {COLUMNS} FROM chat_messages m LEFT JOIN accounts a ON a.id = m.account_id
             WHERE m.game_id = ? AND m.room = ? ORDER BY m.seq"
        )))
        .bind(id.as_str())
        .bind(room.as_str())
        .fetch_all(&self.pool)
        .await
        .reading("chat_messages")
        .context("cannot read a game's chat")?;
        rows.into_iter().map(StoredChat::try_from).collect()
    }

    /// Message `seq` of `room` in game `id`, if it exists.
    pub async fn chat_message(
        &self,
        id: &GameId,
        room: Room,
        seq: i64,
    ) -> Result<Option<StoredChat>> {
        let row = sqlx::query_as::<_, ChatRow>(&self.sql(&format!(
            "SELECT {COLUMNS} FROM chat_messages m LEFT JOIN accounts a ON a.id = m.account_id
             WHERE m.game_id = ? AND m.room = ? AND m.seq = ?"
        )))
        .bind(id.as_str())
        .bind(room.as_str())
        .bind(seq)
        .fetch_optional(&self.pool)
        .await
        .reading("chat_messages")
        .context("cannot read a chat message")?;
        row.map(StoredChat::try_from).transpose()
    }
}

impl Store {
    /// The latest `limit` messages the account `account` wrote, in any game, the latest
    /// first, each with its game's id.
    pub async fn chat_of_account(
        &self,
        account: &AccountId,
        limit: i64,
    ) -> Result<Vec<(String, StoredChat)>> {
        let rows = sqlx::query_as::<_, GameChatRow>(&self.sql(&format!(
            "SELECT m.game_id AS game_id, {COLUMNS}
             FROM chat_messages m LEFT JOIN accounts a ON a.id = m.account_id
             WHERE m.account_id = ? ORDER BY m.at_ms DESC, m.game_id, m.seq DESC LIMIT ?"
        )))
        .bind(account.as_str())
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("chat_messages")
        .context("cannot read an account's chat")?;
        rows.into_iter()
            .map(|row| Ok((row.game_id, StoredChat::try_from(row.message)?)))
            .collect()
    }
}

/// A message's row of [`COLUMNS`] with its game's id.
#[derive(sqlx::FromRow)]
struct GameChatRow {
    game_id: String,
    #[sqlx(flatten)]
    message: ChatRow,
}

/// A message's row of [`COLUMNS`] (the username `None` without an account, or once deleted).
#[derive(sqlx::FromRow)]
struct ChatRow {
    room: String,
    seq: i64,
    seat: Option<i64>,
    account_id: Option<String>,
    username: Option<String>,
    text: String,
    at_ms: i64,
}

impl TryFrom<ChatRow> for StoredChat {
    type Error = anyhow::Error;

    fn try_from(row: ChatRow) -> Result<StoredChat> {
        Ok(StoredChat {
            room: Room::parse(&row.room)
                .with_context(|| format!("unknown chat room `{}`", row.room))?,
            seq: row.seq,
            seat: row.seat.map(|seat| seat as usize),
            account: row.account_id.map(AccountId::from_stored),
            username: row.username,
            text: row.text,
            at_ms: row.at_ms,
        })
    }
}

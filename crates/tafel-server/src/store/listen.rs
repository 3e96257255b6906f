//! The changes server instances make, as PostgreSQL announces them (`NOTIFY` after their
//! groups of changes commit, `Announcer`), and the chat messages they store.

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use sqlx::postgres::PgListener;
use sqlx::{AnyConnection, AnyPool};
use tokio::sync::mpsc;

use super::chat::CHAT_CHANNEL;
use super::finishes::ENDS_CHANNEL;
use super::held::Held;
use super::{with_waiting, Backend, Store};
use crate::domain::chat::Room;

/// The channel on which PostgreSQL tells every instance that a game changed.
pub(super) const CHANGES_CHANNEL: &str = "tafel_games";

/// Tells the other instances of changes committed (their `notices`, [`Heard::Changed`]), in
/// a transaction of its own that waits for no flush to disk.
///
/// Not in the changes' own transaction: PostgreSQL lets one committing transaction that
/// notifies through at a time, from its `NOTIFY` until its commit is flushed, so commits that
/// would share one flush of the log waited for one flush each (16 writers: about 350 commits
/// a second with the notice inside, 2,700 with it after, on this project's test machine).
/// The notice carries nothing to keep: if it is lost (the instance died after the commit),
/// another instance's copy is stale and its next change of the game is refused by the stored
/// version and worked out again on the stored game.
async fn announce_changes(connection: &mut AnyConnection, notices: &[String]) -> Result<()> {
    sqlx::query(
        "SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, notice)
         FROM json_array_elements_text(CAST($2 AS json)) AS notice",
    )
    .bind(CHANGES_CHANNEL)
    .bind(serde_json::to_string(notices)?)
    .execute(&mut *connection)
    .await?;
    Ok(())
}

/// The writer's groups whose notices wait at most; past this a group's notices are dropped
/// with a warning (they carry nothing to keep).
const MAX_GROUPS_WAITING: usize = 1024;

/// The writer's groups whose notices are sent in one statement at most.
const MAX_GROUPS_TOGETHER: usize = 64;

/// The pause after sending notices, during which the next ones gather: a notice waits at
/// most this long (none when the instance was idle), and an instance sends at most one
/// statement of notices per pause.
const GATHER: Duration = Duration::from_millis(5);

/// Where the writer hands the notices of each group it committed: a task of its own sends
/// them ([`announce_changes`]) on a connection of its own, those of every group that came
/// during the last statement and the [`GATHER`] pause after it in one statement. So the
/// writer does not wait for the notice before its next group, and under load one notice
/// statement (and the wake-up of every listening instance it causes) serves several groups:
/// with three instances on one PostgreSQL, a notice statement had followed every group of
/// about two moves.
pub(super) struct Announcer(mpsc::Sender<Vec<String>>);

impl Announcer {
    /// Starts the task that sends the notices, on connections from `pool`.
    pub(super) fn start(pool: AnyPool) -> Announcer {
        let (groups, mut waiting) = mpsc::channel::<Vec<String>>(MAX_GROUPS_WAITING);
        tokio::spawn(async move {
            let mut held = Held::default();
            while let Some(first) = waiting.recv().await {
                let notices = with_waiting(first, &mut waiting, MAX_GROUPS_TOGETHER).concat();
                let sent = async {
                    let mut connection = held.take(&pool).await?;
                    announce_changes(&mut connection, &notices).await?;
                    held.keep(connection, Backend::Postgres);
                    anyhow::Ok(())
                };
                if let Err(error) = sent.await {
                    tracing::warn!("cannot tell the other instances of changes: {error:#}");
                }
                tokio::time::sleep(GATHER).await;
            }
        });
        Announcer(groups)
    }

    /// Hands over the notices of one group committed, to be sent after the groups before.
    pub(super) fn announce(&self, notices: Vec<String>) {
        if self.0.try_send(notices).is_err() {
            tracing::warn!("too many notices wait to be sent: the other instances miss some");
        }
    }
}

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
        /// The instance that stored it (the game's owner now).
        by: String,
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
            let [id, version, by] = words[..] else {
                continue;
            };
            let Ok(version) = version.parse() else {
                continue;
            };
            return Ok(Heard::Changed {
                id: id.to_string(),
                version,
                by: by.to_string(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::super::tests::{game, going_on, postgres};
    use super::*;
    use crate::domain::game::Summary;
    use crate::store::WriteError;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_change_is_announced_once_stored_with_its_writer_and_a_refused_one_not() {
        let Some(url) = postgres().await else {
            return;
        };
        let (a, b) = (
            Store::open(&url).await.unwrap(),
            Store::open(&url).await.unwrap(),
        );
        let mut heard = b.listen().await.unwrap().unwrap();
        let stored = game("g");
        let snapshot = going_on(&stored);
        a.create(&stored, &Summary::default()).await.unwrap();
        let one = ["1".to_string()];
        let refused = a.append("g", 5, 0, &one, &snapshot).await;
        assert!(
            matches!(refused, Err(WriteError::Conflict(_))),
            "{refused:?}"
        );
        a.append("g", 0, 0, &one, &snapshot).await.unwrap();
        let next = tokio::time::timeout(Duration::from_secs(5), heard.next()).await;
        let expected = Heard::Changed {
            id: "g".to_string(),
            version: 1,
            by: a.instance().to_string(),
        };
        assert_eq!(next.unwrap().unwrap(), expected);
    }
}

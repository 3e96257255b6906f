//! A tournament's chat: one room per tournament, its messages numbered from 1 (the number is
//! how its cap is kept and how a page asks for what it has not read yet). Read by the page's
//! polling, so nothing is announced to the other instances.

use anyhow::{Context, Result};

use super::Store;
use crate::domain::chat::ChatText;
use crate::domain::ids::AccountId;
use crate::store::chat::ChatRefused;
use crate::store::rows::{value, Reading};

/// How often a message is tried again when another one took its number at the same moment.
const NUMBER_ATTEMPTS: usize = 5;

/// A message of a tournament's chat as stored, with its author's username (`None` once the
/// account is deleted).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentChatRow {
    /// Its number, from 1.
    pub seq: i64,
    /// The author's username, unless the account was deleted.
    pub username: Option<String>,
    /// The text.
    pub text: String,
    /// When it was written (ms since the Unix epoch).
    pub at_ms: i64,
}

impl Store {
    /// Stores `text` by `account` as the next message of tournament `id`'s chat, unless it
    /// holds `cap` messages already; returns its number.
    pub async fn add_tournament_chat(
        &self,
        id: &str,
        account: &AccountId,
        text: &ChatText,
        at_ms: i64,
        cap: usize,
    ) -> Result<i64, ChatRefused> {
        for _ in 0..NUMBER_ATTEMPTS {
            let inserted = sqlx::query(&self.sql(
                "INSERT INTO tournament_chat (tournament_id, seq, account_id, text, at_ms)
                 SELECT ?, highest + 1, ?, ?, ?
                 FROM (SELECT coalesce(max(seq), 0) AS highest FROM tournament_chat
                       WHERE tournament_id = ?) AS numbered
                 WHERE highest < ?
                 RETURNING seq",
            ))
            .bind(id)
            .bind(account.as_str())
            .bind(text.as_str())
            .bind(at_ms)
            .bind(id)
            .bind(cap as i64)
            .fetch_optional(&self.pool)
            .await;
            return match inserted {
                Ok(Some(row)) => value(&row, "tournament_chat", "seq").map_err(ChatRefused::Failed),
                Ok(None) => Err(ChatRefused::Full),
                Err(sqlx::Error::Database(error)) if error.is_unique_violation() => continue,
                Err(error) => Err(ChatRefused::Failed(
                    anyhow::Error::new(error).context("cannot store a tournament's chat message"),
                )),
            };
        }
        Err(ChatRefused::Failed(anyhow::anyhow!(
            "cannot number a chat message: others took {NUMBER_ATTEMPTS} numbers meanwhile"
        )))
    }

    /// The account that wrote message `seq` of tournament `id`'s chat, if there is one.
    pub async fn tournament_chat_author(&self, id: &str, seq: i64) -> Result<Option<AccountId>> {
        let author: Option<String> = sqlx::query_scalar(
            &self.sql("SELECT account_id FROM tournament_chat WHERE tournament_id = ? AND seq = ?"),
        )
        .bind(id)
        .bind(seq)
        .fetch_optional(&self.pool)
        .await
        .reading("tournament_chat")?;
        Ok(author.map(AccountId::from_stored))
    }

    /// The messages of tournament `id`'s chat after number `after`, oldest first.
    pub async fn tournament_chat(&self, id: &str, after: i64) -> Result<Vec<TournamentChatRow>> {
        sqlx::query_as::<_, TournamentChatRow>(&self.sql(
            "SELECT m.seq AS seq, a.username AS username, m.text AS text, m.at_ms AS at_ms
             FROM tournament_chat m LEFT JOIN accounts a ON a.id = m.account_id
             WHERE m.tournament_id = ? AND m.seq > ? ORDER BY m.seq",
        ))
        .bind(id)
        .bind(after)
        .fetch_all(&self.pool)
        .await
        .reading("tournament_chat")
        .context("cannot read a tournament's chat")
    }
}

//! Accounts and the seats they play (their sessions: [`super::sessions`]). These rows change rarely (a sign-up, a
//! sign-in, a seat claimed), so they are written directly, not through the group commit of
//! games' changes; each statement stands alone and is safe to repeat.

use anyhow::{Context, Result};

use super::rows::{value, values, Reading};
use super::Store;
use crate::domain::account::{PasswordHash, Username};
use crate::domain::ids::AccountId;

/// An account as stored, while it is not deleted.
#[derive(Debug)]
pub struct StoredAccount {
    /// Its id.
    pub id: AccountId,
    /// The username as chosen, with its capitals.
    pub username: String,
    /// The hash of its password.
    pub password_hash: PasswordHash,
    /// When a moderator closed it, if one did.
    pub closed_ms: Option<i64>,
}

/// The account a session belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionAccount {
    /// The account's id.
    pub id: AccountId,
    /// Its username.
    pub username: String,
}

/// Why an account was not created: its username, or one that looks like it, is taken.
#[derive(Debug)]
pub struct NameTaken;

impl Store {
    /// Creates an account, unless its username (without regard to case, or a name that looks
    /// like it) is taken, by a living or a deleted account.
    pub async fn create_account(
        &self,
        id: &AccountId,
        username: &Username,
        password_hash: &PasswordHash,
        now_ms: i64,
    ) -> Result<Result<(), NameTaken>> {
        let inserted = sqlx::query(&self.sql(
            "INSERT INTO accounts (id, username, username_key, lookalike_key, password_hash,
                                   created_ms)
             VALUES (?, ?, ?, ?, ?, ?)",
        ))
        .bind(id.as_str())
        .bind(username.as_str())
        .bind(username.key())
        .bind(username.lookalike_key())
        .bind(password_hash.as_stored())
        .bind(now_ms)
        .execute(&self.pool)
        .await;
        match inserted {
            Ok(_) => Ok(Ok(())),
            Err(sqlx::Error::Database(error)) if error.is_unique_violation() => Ok(Err(NameTaken)),
            Err(error) => Err(error).context("cannot store a new account"),
        }
    }

    /// The living account with the username `key` ([`Username::key`]), if any.
    pub async fn account_by_key(&self, key: &str) -> Result<Option<StoredAccount>> {
        let row = sqlx::query_as::<_, AccountRow>(&self.sql(
            "SELECT id, username, password_hash, closed_ms FROM accounts
             WHERE username_key = ? AND username IS NOT NULL",
        ))
        .bind(key)
        .fetch_optional(&self.pool)
        .await
        .reading("accounts")?;
        row.map(AccountRow::into_stored).transpose()
    }

    /// Whether an account (a deleted one too: its name is never reused) has the username key
    /// `key` or the lookalike key `lookalike`, or had it before a moderator renamed it.
    pub async fn name_is_an_accounts(&self, key: &str, lookalike: &str) -> Result<bool> {
        let row = sqlx::query(&self.sql(
            "SELECT id FROM accounts WHERE username_key = ? OR lookalike_key = ?
                 UNION ALL SELECT account_id FROM former_names
                 WHERE username_key = ? OR lookalike_key = ? LIMIT 1",
        ))
        .bind(key)
        .bind(lookalike)
        .bind(key)
        .bind(lookalike)
        .fetch_optional(&self.pool)
        .await
        .reading("accounts")?;
        Ok(row.is_some())
    }

    /// The living account `id`, if it is not deleted.
    pub async fn account_by_id(&self, id: &AccountId) -> Result<Option<StoredAccount>> {
        let row = sqlx::query_as::<_, AccountRow>(&self.sql(
            "SELECT id, username, password_hash, closed_ms FROM accounts
             WHERE id = ? AND username IS NOT NULL",
        ))
        .bind(id.as_str())
        .fetch_optional(&self.pool)
        .await
        .reading("accounts")?;
        row.map(AccountRow::into_stored).transpose()
    }

    /// Replaces the password hash of the living account `id`.
    pub async fn set_password_hash(&self, id: &AccountId, hash: &PasswordHash) -> Result<()> {
        sqlx::query(
            &self
                .sql("UPDATE accounts SET password_hash = ? WHERE id = ? AND username IS NOT NULL"),
        )
        .bind(hash.as_stored())
        .bind(id.as_str())
        .execute(&self.pool)
        .await
        .context("cannot store a new password hash")?;
        Ok(())
    }

    /// Deletes the account `id` at `now_ms`: its username and password hash go, its sessions
    /// end, its devices, e-mail address, mails' links, blocks (its and of it), tutorials' progress, puzzle ratings and attempts are forgotten; the row keeps its id and its name's keys (so the name
    /// is never taken again) and when it was made and deleted. Its seats in games stay indexed until
    /// [`Store::seats_of_deleted_accounts`] finds them.
    pub async fn delete_account(&self, id: &AccountId, now_ms: i64) -> Result<()> {
        let mut transaction = self.begin_write().await?;
        sqlx::query(&self.sql(
            "UPDATE accounts SET username = NULL, password_hash = NULL, deleted_ms = ?
             WHERE id = ?",
        ))
        .bind(now_ms)
        .bind(id.as_str())
        .execute(&mut *transaction)
        .await
        .context("cannot delete an account")?;
        for table in [
            "sessions",
            "known_devices",
            "account_emails",
            "mail_links",
            "second_factors",
            "recovery_codes",
            "learn_progress",
            "puzzle_ratings",
            "puzzle_attempts",
        ] {
            sqlx::query(&self.sql(&format!("DELETE FROM {table} WHERE account_id = ?")))
                .bind(id.as_str())
                .execute(&mut *transaction)
                .await?;
        }
        sqlx::query(&self.sql("DELETE FROM blocks WHERE account_id = ? OR blocked_id = ?"))
            .bind(id.as_str())
            .bind(id.as_str())
            .execute(&mut *transaction)
            .await?;
        transaction.commit().await?;
        Ok(())
    }

    /// At most `limit` games (with the deleted account) in which a deleted account still
    /// has seats indexed: the seats still to be shown as a deleted player's.
    pub async fn seats_of_deleted_accounts(&self, limit: i64) -> Result<Vec<(AccountId, String)>> {
        Ok(sqlx::query_as::<_, AccountGame>(&self.sql(
            "SELECT DISTINCT game_accounts.account_id AS account_id,
                             game_accounts.game_id AS game_id
             FROM game_accounts JOIN accounts ON accounts.id = game_accounts.account_id
             WHERE accounts.deleted_ms IS NOT NULL
             ORDER BY game_accounts.account_id, game_accounts.game_id LIMIT ?",
        ))
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("game_accounts")?
        .into_iter()
        .map(|row| (AccountId::from_stored(row.account_id), row.game_id))
        .collect())
    }

    /// Removes from the index the seats `account` plays in game `game`.
    pub async fn unindex_seats(&self, account: &AccountId, game: &str) -> Result<()> {
        sqlx::query(&self.sql("DELETE FROM game_accounts WHERE account_id = ? AND game_id = ?"))
            .bind(account.as_str())
            .bind(game)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records that `account` plays `seat` of game `game` (nothing if it did already; a seat
    /// another account plays stays that account's). Returns whether the seat is `account`'s.
    pub async fn own_seat(&self, game: &str, seat: usize, account: &AccountId) -> Result<bool> {
        sqlx::query(&self.sql(
            "INSERT INTO game_accounts (game_id, seat, account_id) VALUES (?, ?, ?)
             ON CONFLICT (game_id, seat) DO NOTHING",
        ))
        .bind(game)
        .bind(seat as i64)
        .bind(account.as_str())
        .execute(&self.pool)
        .await
        .context("cannot record whose seat it is")?;
        Ok(self.seat_owner(game, seat).await?.as_ref() == Some(account))
    }

    /// The account that plays `seat` of game `game`, if any.
    pub async fn seat_owner(&self, game: &str, seat: usize) -> Result<Option<AccountId>> {
        let row = sqlx::query(
            &self.sql("SELECT account_id FROM game_accounts WHERE game_id = ? AND seat = ?"),
        )
        .bind(game)
        .bind(seat as i64)
        .fetch_optional(&self.pool)
        .await
        .reading("game_accounts")?;
        row.map(|row| value(&row, "game_accounts", "account_id").map(AccountId::from_stored))
            .transpose()
    }

    /// The seats `account` plays in game `game`, in order.
    pub async fn seats_of(&self, account: &AccountId, game: &str) -> Result<Vec<usize>> {
        let rows = sqlx::query(&self.sql(
            "SELECT seat FROM game_accounts WHERE account_id = ? AND game_id = ? ORDER BY seat",
        ))
        .bind(account.as_str())
        .bind(game)
        .fetch_all(&self.pool)
        .await
        .reading("game_accounts")?;
        Ok(values::<i64>(&rows, "game_accounts", "seat")?
            .into_iter()
            .map(|seat| seat as usize)
            .collect())
    }
}

/// A living account's row: its name and password hash (NULL once deleted: a bad row here).
#[derive(sqlx::FromRow)]
struct AccountRow {
    id: String,
    username: String,
    password_hash: String,
    closed_ms: Option<i64>,
}

impl AccountRow {
    /// The account of this row.
    fn into_stored(self) -> Result<StoredAccount> {
        Ok(StoredAccount {
            id: AccountId::from_stored(self.id),
            username: self.username,
            password_hash: PasswordHash::from_stored(&self.password_hash)?,
            closed_ms: self.closed_ms,
        })
    }
}

/// An account's `id` and `username` (a living account's: a NULL username is a bad row).
#[derive(sqlx::FromRow)]
pub(super) struct AccountName {
    id: String,
    username: String,
}

impl From<AccountName> for SessionAccount {
    fn from(row: AccountName) -> SessionAccount {
        SessionAccount {
            id: AccountId::from_stored(row.id),
            username: row.username,
        }
    }
}

/// A game in which an account has a seat.
#[derive(sqlx::FromRow)]
struct AccountGame {
    account_id: String,
    game_id: String,
}

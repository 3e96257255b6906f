//! E-mail, optional: each account's address (verified or not, with the language of its
//! mails) and the links sent by mail, of which only each token's SHA-256 is kept. A link
//! works once, until it expires ([`Store::follow_mail_link`]).

use anyhow::{Context, Result};

use super::rows::{value, Reading};
use super::Store;
use crate::domain::account::EmailAddress;
use crate::domain::ids::{AccountId, MailToken};

/// What a link sent by mail is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkPurpose {
    /// It verifies the address it was sent to.
    Verify,
    /// It resets the account's password.
    Reset,
}

impl LinkPurpose {
    /// As stored.
    fn as_str(self) -> &'static str {
        match self {
            LinkPurpose::Verify => "verify",
            LinkPurpose::Reset => "reset",
        }
    }
}

/// An account's address as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredEmail {
    /// The address as typed.
    pub address: String,
    /// The code of the language its mails are written in (`en`, `de`).
    pub language: String,
    /// When its link was followed, if it was.
    pub verified_ms: Option<i64>,
}

/// Someone a mail goes to: a living account with a verified address.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Recipient {
    /// The account.
    pub account_id: String,
    /// Its username.
    pub username: String,
    /// Its verified address.
    pub address: String,
    /// The code of the language its mails are written in.
    pub language: String,
}

/// A link followed: whose it is and, for [`LinkPurpose::Verify`], the address it verifies.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct FollowedLink {
    /// The account the link was sent for.
    pub account_id: String,
    /// The address a verifying link confirms.
    pub address: Option<String>,
}

impl Store {
    /// Gives `account` the address `address`, its mails in `language`; the address is
    /// unverified unless it is the one the account has verified already.
    pub async fn set_email(
        &self,
        account: &AccountId,
        address: &EmailAddress,
        language: &str,
    ) -> Result<()> {
        sqlx::query(&self.sql(
            "INSERT INTO account_emails (account_id, address, address_key, language, verified_ms)
             VALUES (?, ?, ?, ?, NULL)
             ON CONFLICT (account_id) DO UPDATE SET
               address = excluded.address, address_key = excluded.address_key,
               language = excluded.language,
               verified_ms = CASE WHEN account_emails.address_key = excluded.address_key
                             THEN account_emails.verified_ms ELSE NULL END",
        ))
        .bind(account.as_str())
        .bind(address.as_str())
        .bind(address.key())
        .bind(language)
        .execute(&self.pool)
        .await
        .context("cannot store an e-mail address")?;
        Ok(())
    }

    /// Removes the address of `account`, and the links sent to it that are not used yet.
    pub async fn remove_email(&self, account: &AccountId) -> Result<()> {
        let mut transaction = self.begin_write().await?;
        for table in ["account_emails", "mail_links"] {
            sqlx::query(&self.sql(&format!("DELETE FROM {table} WHERE account_id = ?")))
                .bind(account.as_str())
                .execute(&mut *transaction)
                .await
                .context("cannot remove an e-mail address")?;
        }
        transaction.commit().await?;
        Ok(())
    }

    /// The address of `account`, if it has one.
    pub async fn email_of(&self, account: &AccountId) -> Result<Option<StoredEmail>> {
        sqlx::query_as::<_, StoredEmail>(
            &self.sql(
                "SELECT address, language, verified_ms FROM account_emails WHERE account_id = ?",
            ),
        )
        .bind(account.as_str())
        .fetch_optional(&self.pool)
        .await
        .reading("account_emails")
    }

    /// At most `limit` living accounts whose verified address has the key `address_key`, or
    /// whose username has the key `username_key`, the latter first.
    pub async fn recipients(
        &self,
        username_key: &str,
        address_key: &str,
        limit: i64,
    ) -> Result<Vec<Recipient>> {
        sqlx::query_as::<_, Recipient>(&self.sql(
            "SELECT a.id AS account_id, a.username AS username, e.address AS address,
                    e.language AS language
             FROM account_emails e JOIN accounts a ON a.id = e.account_id
             WHERE e.verified_ms IS NOT NULL AND a.username IS NOT NULL
               AND (a.username_key = ? OR e.address_key = ?)
             ORDER BY CASE WHEN a.username_key = ? THEN 0 ELSE 1 END, a.id LIMIT ?",
        ))
        .bind(username_key)
        .bind(address_key)
        .bind(username_key)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("account_emails")
    }

    /// Keeps the link `token` for `account`: for `purpose`, confirming `address` (a verifying
    /// link), made at `now_ms` and working until `expires_ms`.
    pub async fn add_mail_link(
        &self,
        token: &MailToken,
        account: &AccountId,
        purpose: LinkPurpose,
        address: Option<&str>,
        now_ms: i64,
        expires_ms: i64,
    ) -> Result<()> {
        sqlx::query(&self.sql(
            "INSERT INTO mail_links
               (token_hash, account_id, purpose, address, created_ms, expires_ms, used_ms)
             VALUES (?, ?, ?, ?, ?, ?, NULL)",
        ))
        .bind(token.digest())
        .bind(account.as_str())
        .bind(purpose.as_str())
        .bind(address)
        .bind(now_ms)
        .bind(expires_ms)
        .execute(&self.pool)
        .await
        .context("cannot store a mail's link")?;
        Ok(())
    }

    /// How many links for `purpose` were made for `account` since `since_ms`.
    pub async fn mail_links_since(
        &self,
        account: &AccountId,
        purpose: LinkPurpose,
        since_ms: i64,
    ) -> Result<i64> {
        let row = sqlx::query(&self.sql(
            "SELECT COUNT(*) AS made FROM mail_links
             WHERE account_id = ? AND purpose = ? AND created_ms >= ?",
        ))
        .bind(account.as_str())
        .bind(purpose.as_str())
        .bind(since_ms)
        .fetch_one(&self.pool)
        .await
        .reading("mail_links")?;
        value(&row, "mail_links", "made")
    }

    /// Follows the link `token` for `purpose` at `now_ms`: marks it used and answers whose it
    /// is, if it exists, is for `purpose`, is unused and has not expired; otherwise `None`.
    /// Of two who follow one link at once, one gets it.
    pub async fn follow_mail_link(
        &self,
        token: &MailToken,
        purpose: LinkPurpose,
        now_ms: i64,
    ) -> Result<Option<FollowedLink>> {
        sqlx::query_as::<_, FollowedLink>(&self.sql(
            "UPDATE mail_links SET used_ms = ?
             WHERE token_hash = ? AND purpose = ? AND used_ms IS NULL AND expires_ms > ?
             RETURNING account_id, address",
        ))
        .bind(now_ms)
        .bind(token.digest())
        .bind(purpose.as_str())
        .bind(now_ms)
        .fetch_optional(&self.pool)
        .await
        .reading("mail_links")
    }

    /// The link `token` for `purpose`, if it works at `now_ms` (exists, unused, unexpired),
    /// without using it.
    pub async fn mail_link(
        &self,
        token: &MailToken,
        purpose: LinkPurpose,
        now_ms: i64,
    ) -> Result<Option<FollowedLink>> {
        sqlx::query_as::<_, FollowedLink>(&self.sql(
            "SELECT account_id, address FROM mail_links
             WHERE token_hash = ? AND purpose = ? AND used_ms IS NULL AND expires_ms > ?",
        ))
        .bind(token.digest())
        .bind(purpose.as_str())
        .bind(now_ms)
        .fetch_optional(&self.pool)
        .await
        .reading("mail_links")
    }

    /// Marks `address` verified at `now_ms` for `account`, if it is still the account's
    /// address; returns whether it was.
    pub async fn verify_email(
        &self,
        account: &AccountId,
        address: &str,
        now_ms: i64,
    ) -> Result<bool> {
        let done =
            sqlx::query(&self.sql(
                "UPDATE account_emails SET verified_ms = ? WHERE account_id = ? AND address = ?",
            ))
            .bind(now_ms)
            .bind(account.as_str())
            .bind(address)
            .execute(&self.pool)
            .await
            .context("cannot verify an e-mail address")?;
        Ok(done.rows_affected() > 0)
    }

    /// Forgets the links that expired before `now_ms` (used or not); returns how many.
    pub async fn forget_expired_mail_links(&self, now_ms: i64) -> Result<u64> {
        Ok(
            sqlx::query(&self.sql("DELETE FROM mail_links WHERE expires_ms <= ?"))
                .bind(now_ms)
                .execute(&self.pool)
                .await?
                .rows_affected(),
        )
    }
}

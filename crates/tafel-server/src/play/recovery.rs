//! E-mail and recovering an account, optional: an address verified by a link, and a password
//! reset by a single-use link that expires. Without a mailer (`--smtp`) these are refused as
//! unsupported, and the operator hands out a reset link (`tafel account reset-password`,
//! [`reset_link`]).
//!
//! Asking for a reset tells nothing about who exists: the answer is the same whether a name or
//! address has an account, a verified address or none, and the mail is sent after the answer.
//! At most [`MAILS_PER_HOUR`] links of each kind are sent for an account an hour, so that
//! nobody can fill someone's inbox.

use std::sync::{Arc, Weak};
use std::time::Duration;

use crate::domain::account::{EmailAddress, Username};
use crate::domain::ids::{AccountId, MailToken};
use crate::domain::language::Language;
use crate::domain::Error;
use crate::msg;
use crate::play::accounts::{account_named, Accounts, SignedIn, SESSION_SWEEP};
use crate::play::mailer::{self, Letter, Mailer};
use crate::store::mail::{LinkPurpose, Recipient};
use crate::store::Store;

/// An account's address as the store keeps it.
pub use crate::store::mail::StoredEmail;

/// How long a link that verifies an address works: a day.
pub const VERIFY_LINK_LIFETIME: Duration = Duration::from_secs(24 * 60 * 60);

/// How long a link that resets a password works: an hour.
pub const RESET_LINK_LIFETIME: Duration = Duration::from_secs(60 * 60);

/// Links of each kind sent for one account in an hour at most.
pub const MAILS_PER_HOUR: i64 = 3;

/// Accounts a reset asked for by address reaches at most (several may share an address).
const ACCOUNTS_PER_ADDRESS: i64 = 5;

/// The page that follows a link that verifies an address.
pub const VERIFY_PAGE: &str = "/verify-email";

/// The page that follows a link that resets a password.
pub const RESET_PAGE: &str = "/reset-password";

/// Accounts' e-mail addresses and password resets.
pub struct Recovery {
    store: Store,
    accounts: Arc<Accounts>,
    mailer: Option<Arc<Mailer>>,
}

impl Recovery {
    /// Recovery for the accounts of `store`, sending mail by `mailer` if there is one; a
    /// background task forgets expired links every [`SESSION_SWEEP`] while it is in use.
    pub fn new(store: Store, accounts: Arc<Accounts>, mailer: Option<Mailer>) -> Arc<Recovery> {
        let recovery = Arc::new(Recovery {
            store,
            accounts,
            mailer: mailer.map(Arc::new),
        });
        tokio::spawn(sweep_links(Arc::downgrade(&recovery)));
        recovery
    }

    /// Whether the server sends mail.
    pub fn sends_mail(&self) -> bool {
        self.mailer.is_some()
    }

    /// The address of `account`, if it has one.
    pub async fn email(&self, account: &SignedIn) -> Result<Option<StoredEmail>, Error> {
        self.store
            .email_of(&account.id)
            .await
            .map_err(Error::storage)
    }

    /// Gives `account` the address `address` (if `password` is its password), its mails in
    /// `language`, and sends a link that verifies it, unless it is verified already.
    pub async fn set_email(
        &self,
        account: &SignedIn,
        password: &str,
        address: &str,
        language: Language,
    ) -> Result<StoredEmail, Error> {
        let mailer = self.mailer()?;
        let address = EmailAddress::parse(address)?;
        self.accounts.check_password(account, password).await?;
        self.store
            .set_email(&account.id, &address, language.code())
            .await
            .map_err(Error::storage)?;
        let stored = self.email(account).await?.ok_or_else(|| {
            Error::failed(msg!("storage-failed", detail = "the address was not kept"))
        })?;
        if stored.verified_ms.is_some() {
            return Ok(stored);
        }
        if !self.may_send(&account.id, LinkPurpose::Verify).await? {
            return Err(Error::quota(msg!(
                "mails-for-this-account-are-many",
                count = MAILS_PER_HOUR
            )));
        }
        let token = self
            .new_link(
                &account.id,
                LinkPurpose::Verify,
                Some(address.as_str()),
                VERIFY_LINK_LIFETIME,
            )
            .await?;
        let letter = Letter {
            subject: msg!("mail-verify-subject"),
            body: msg!(
                "mail-verify-body",
                username = &account.username,
                link = mailer.link(VERIFY_PAGE, &token),
                hours = VERIFY_LINK_LIFETIME.as_secs() / 3600
            ),
        };
        mailer
            .send(&address, &letter, language)
            .await
            .map_err(|error| {
                tracing::warn!("cannot send a mail: {error:#}");
                Error::failed(msg!("the-mail-could-not-be-sent"))
            })?;
        Ok(stored)
    }

    /// Removes the address of `account` (if `password` is its password).
    pub async fn remove_email(&self, account: &SignedIn, password: &str) -> Result<(), Error> {
        self.accounts.check_password(account, password).await?;
        self.store
            .remove_email(&account.id)
            .await
            .map_err(Error::storage)
    }

    /// Follows the link that verifies an address, with its `token`: the address it was sent
    /// to is verified, if it is still its account's. Returns the address.
    pub async fn verify_email(&self, token: &str) -> Result<String, Error> {
        let token = MailToken::parse(token)?;
        let refused = || Error::invalid(msg!("that-link-is-used-expired-or-wrong"));
        let link = self
            .store
            .follow_mail_link(&token, LinkPurpose::Verify, self.store.now_ms())
            .await
            .map_err(Error::storage)?
            .ok_or_else(refused)?;
        let address = link.address.ok_or_else(refused)?;
        let account = AccountId::from_stored(link.account_id);
        if self
            .store
            .verify_email(&account, &address, self.store.now_ms())
            .await
            .map_err(Error::storage)?
        {
            Ok(address)
        } else {
            Err(refused())
        }
    }

    /// Asks for a password reset for `who`, a username or an e-mail address: every living
    /// account so named, or with that verified address, gets a link by mail in its own
    /// language. The answer is the same whoever exists.
    pub async fn request_reset(&self, who: &str) -> Result<(), Error> {
        let mailer = self.mailer()?.clone();
        let username = Username::parse(who).map(|name| name.key()).ok();
        let address = EmailAddress::parse(who).map(|address| address.key()).ok();
        if username.is_none() && address.is_none() {
            return Err(Error::invalid(msg!("that-is-neither-a-username-nor-an")));
        }
        let recipients = self
            .store
            .recipients(
                username.as_deref().unwrap_or(""),
                address.as_deref().unwrap_or(""),
                ACCOUNTS_PER_ADDRESS,
            )
            .await
            .map_err(Error::storage)?;
        for recipient in recipients {
            let account = AccountId::from_stored(recipient.account_id.clone());
            if !self.may_send(&account, LinkPurpose::Reset).await? {
                continue;
            }
            let token = self
                .new_link(&account, LinkPurpose::Reset, None, RESET_LINK_LIFETIME)
                .await?;
            tokio::spawn(send_reset(mailer.clone(), recipient, token));
        }
        Ok(())
    }

    /// Follows the link that resets a password, with its `token`: the account's password
    /// becomes `password` and every session of it ends. The link is used only when the new
    /// password is accepted.
    pub async fn reset_password(&self, token: &str, password: &str) -> Result<(), Error> {
        let token = MailToken::parse(token)?;
        let refused = || Error::invalid(msg!("that-link-is-used-expired-or-wrong"));
        let link = self
            .store
            .mail_link(&token, LinkPurpose::Reset, self.store.now_ms())
            .await
            .map_err(Error::storage)?
            .ok_or_else(refused)?;
        let account = AccountId::from_stored(link.account_id);
        let hash = self.accounts.new_password_hash(&account, password).await?;
        self.store
            .follow_mail_link(&token, LinkPurpose::Reset, self.store.now_ms())
            .await
            .map_err(Error::storage)?
            .ok_or_else(refused)?;
        self.accounts.set_password_hash(&account, &hash).await
    }

    /// The mailer, or the refusal of a server that sends no mail.
    fn mailer(&self) -> Result<&Arc<Mailer>, Error> {
        self.mailer
            .as_ref()
            .ok_or_else(|| Error::unsupported(msg!("this-server-sends-no-mail")))
    }

    /// Whether another link for `purpose` may be sent for `account` this hour.
    async fn may_send(&self, account: &AccountId, purpose: LinkPurpose) -> Result<bool, Error> {
        let hour_ago = self.store.now_ms() - 3_600_000;
        let sent = self
            .store
            .mail_links_since(account, purpose, hour_ago)
            .await
            .map_err(Error::storage)?;
        Ok(sent < MAILS_PER_HOUR)
    }

    /// A new link's token for `account`, kept for `purpose` (confirming `address`) for
    /// `lifetime`.
    async fn new_link(
        &self,
        account: &AccountId,
        purpose: LinkPurpose,
        address: Option<&str>,
        lifetime: Duration,
    ) -> Result<MailToken, Error> {
        new_link(&self.store, account, purpose, address, lifetime).await
    }
}

/// The link that resets the password of the living account `username` of `store`, at
/// `origin`, for the operator to hand over (`tafel account reset-password`); it works once,
/// for [`RESET_LINK_LIFETIME`].
pub async fn reset_link(store: &Store, username: &str, origin: &str) -> Result<String, Error> {
    let account = account_named(store, username).await?;
    let token = new_link(
        store,
        &account,
        LinkPurpose::Reset,
        None,
        RESET_LINK_LIFETIME,
    )
    .await?;
    Ok(mailer::link(origin, RESET_PAGE, &token))
}

/// A new link's token for `account` in `store`, kept for `purpose` (confirming `address`) for
/// `lifetime`.
async fn new_link(
    store: &Store,
    account: &AccountId,
    purpose: LinkPurpose,
    address: Option<&str>,
    lifetime: Duration,
) -> Result<MailToken, Error> {
    let token = MailToken::random();
    let now = store.now_ms();
    store
        .add_mail_link(
            &token,
            account,
            purpose,
            address,
            now,
            now + lifetime.as_millis() as i64,
        )
        .await
        .map_err(Error::storage)?;
    Ok(token)
}

/// Sends `recipient` the link `token` that resets its password, in its language; a failure is
/// logged (without the link).
async fn send_reset(mailer: Arc<Mailer>, recipient: Recipient, token: MailToken) {
    let language = Language::from_code(&recipient.language).unwrap_or_default();
    let letter = Letter {
        subject: msg!("mail-reset-subject"),
        body: msg!(
            "mail-reset-body",
            username = &recipient.username,
            link = mailer.link(RESET_PAGE, &token),
            minutes = RESET_LINK_LIFETIME.as_secs() / 60
        ),
    };
    let sent = match EmailAddress::parse(&recipient.address) {
        Ok(address) => mailer.send(&address, &letter, language).await,
        Err(error) => Err(anyhow::anyhow!("{error}")),
    };
    if let Err(error) = sent {
        tracing::warn!(
            "cannot send a password reset to {}: {error:#}",
            recipient.username
        );
    }
}

/// Forgets expired links every [`SESSION_SWEEP`], until the recovery is dropped.
async fn sweep_links(recovery: Weak<Recovery>) {
    loop {
        tokio::time::sleep(SESSION_SWEEP).await;
        let Some(recovery) = recovery.upgrade() else {
            return;
        };
        match recovery
            .store
            .forget_expired_mail_links(recovery.store.now_ms())
            .await
        {
            Ok(0) => {}
            Ok(count) => tracing::info!("forgot {count} expired mail links"),
            Err(error) => tracing::warn!("cannot forget expired mail links: {error:#}"),
        }
    }
}

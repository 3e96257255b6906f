//! Accounts in use: signing up, in and out, who a session belongs to, the devices an account
//! signed in from, changing a password and deleting an account; ended sessions are forgotten every [`SESSION_SWEEP`].
//!
//! Hashing or checking a password costs about 19 MiB and tens of milliseconds of one core
//! (Argon2id, [`crate::domain::account::password_hash`]), so it runs on the blocking threads,
//! at most [`AccountLimits::hashes_at_once`] at a time; at most
//! [`AccountLimits::hashes_waiting`] more wait, and past that a sign-up or sign-in is refused as
//! busy (503) rather than queued without end. Signing in to a name that has no account checks
//! the password all the same (against a hash nobody can match), so that the answer and its
//! time do not tell which names exist.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use tokio::sync::Semaphore;

use crate::domain::account::session::StoredSession;
use crate::domain::account::{Password, PasswordHash, SessionPlace, Username};
use crate::domain::ids::{AccountId, DeviceId, SessionId};
use crate::domain::moderation::Role;
use crate::domain::Error;
use crate::msg;
use crate::store::accounts::{SessionAccount, StoredAccount};
use crate::store::sessions;
use crate::store::Store;

/// How long a session lasts from sign-in: 30 days, then its holder signs in again.
pub const SESSION_LIFETIME: Duration = Duration::from_secs(30 * 24 * 60 * 60);

/// A session in use is written as seen (its time and address) at most this often.
pub const SEEN_EVERY: Duration = Duration::from_secs(60);

/// How often the sessions that ended (by expiry) are removed from the store.
pub const SESSION_SWEEP: Duration = Duration::from_secs(60 * 60);

/// The bounds on password hashing.
#[derive(Clone, Debug)]
pub struct AccountLimits {
    /// Passwords hashed or checked at once at most (each takes 19 MiB and a core).
    pub hashes_at_once: usize,
    /// Sign-ups and sign-ins waiting for their turn to hash at most.
    pub hashes_waiting: usize,
}

/// A person signed in: the account a session belongs to.
pub type SignedIn = SessionAccount;

/// Signing up, in and out, and sessions.
pub struct Accounts {
    store: Store,
    hashing: Arc<Semaphore>,
    waiting: AtomicUsize,
    limits: AccountLimits,
}

impl Accounts {
    /// Accounts kept in `store`, with password hashing bounded by `limits`; a background
    /// task forgets ended sessions every [`SESSION_SWEEP`] while the accounts are in use.
    pub fn new(store: Store, limits: AccountLimits) -> Arc<Accounts> {
        let accounts = Arc::new(Accounts {
            store,
            hashing: Arc::new(Semaphore::new(limits.hashes_at_once.max(1))),
            waiting: AtomicUsize::new(0),
            limits,
        });
        tokio::spawn(sweep_sessions(Arc::downgrade(&accounts)));
        accounts
    }

    /// Creates the account `username` with `password` and opens a session for it, used from
    /// `place`.
    pub async fn sign_up(
        &self,
        username: &str,
        password: &str,
        place: &SessionPlace,
    ) -> Result<(SignedIn, SessionId), Error> {
        let username = Username::choose(username)?;
        let password = Password::choose(password, &username)?;
        let hash = self.hash(move || PasswordHash::new(&password)).await??;
        let id = AccountId::random();
        let former = (self.store)
            .is_a_former_name(&username.key(), &username.lookalike_key())
            .await
            .map_err(Error::storage)?;
        if former {
            return Err(taken(&username));
        }
        self.store
            .create_account(&id, &username, &hash, self.store.now_ms())
            .await
            .map_err(Error::storage)?
            .map_err(|_| taken(&username))?;
        let account = SignedIn {
            id,
            username: username.as_str().to_string(),
        };
        let session = self.open_session(&account.id, place).await?;
        Ok((account, session))
    }

    /// Checks `password` for the account `username`, then `code` if it signs in in two steps
    /// ([`super::second_factor`]), and opens a new session for it, used from `place`. A wrong
    /// name and a wrong password get the same answer, after about the same time.
    pub async fn sign_in(
        &self,
        username: &str,
        password: &str,
        code: Option<&str>,
        place: &SessionPlace,
    ) -> Result<(SignedIn, SessionId), Error> {
        let password = Password::entered(password)?;
        // A name that cannot be a username has no account: checked like an unknown one.
        let account = match Username::parse(username) {
            Ok(username) => self
                .store
                .account_by_key(&username.key())
                .await
                .map_err(Error::storage)?,
            Err(_) => None,
        };
        let hash = account.as_ref().map(|a| a.password_hash.clone());
        let matches = self
            .hash(move || PasswordHash::verify(&password, hash.as_ref()))
            .await?;
        let Some(account) = account.filter(|_| matches) else {
            return Err(Error::unauthorized(msg!(
                "that-username-and-password-do-not"
            )));
        };
        if account.closed_ms.is_some() {
            // Said only to whoever knows the password: it tells nobody else the name exists.
            return Err(Error::forbidden(msg!("this-account-is-closed")));
        }
        self.second_step(&account.id, code).await?;
        let session = self.open_session(&account.id, place).await?;
        Ok((
            SignedIn {
                id: account.id,
                username: account.username,
            },
            session,
        ))
    }

    /// What `account` may do beyond playing ([`Role`]).
    pub async fn role(&self, account: &SignedIn) -> Result<Role, Error> {
        (self.store.role_of(&account.id).await).map_err(Error::storage)
    }

    /// Whether `device` has signed in to the account named `username` before (the account's
    /// sign-in limits never refuse it).
    pub async fn knows_device(&self, device: &DeviceId, username: &str) -> Result<bool, Error> {
        let Ok(username) = Username::parse(username) else {
            return Ok(false);
        };
        self.store
            .knows_device(device, &username.key())
            .await
            .map_err(Error::storage)
    }

    /// Notes that the browser holding `device` (a new device if `None`) signed in to
    /// `account`; returns the device's id.
    pub async fn remember_device(
        &self,
        account: &SignedIn,
        device: Option<DeviceId>,
    ) -> Result<DeviceId, Error> {
        let device = device.unwrap_or_else(DeviceId::random);
        self.store
            .remember_device(&device, &account.id, self.store.now_ms())
            .await
            .map_err(Error::storage)?;
        Ok(device)
    }

    /// Ends `session` on the server: its cookie opens nothing afterwards.
    pub async fn sign_out(&self, session: &SessionId) -> Result<(), Error> {
        self.store
            .end_session(session)
            .await
            .map_err(Error::storage)
    }

    /// Who `session`, used from `place`, belongs to, if it is open; the session is written as
    /// seen from there when it was last seen [`SEEN_EVERY`] ago or longer (a failed write
    /// is logged, and the request goes on).
    pub async fn signed_in(
        &self,
        session: &SessionId,
        place: &SessionPlace,
    ) -> Result<Option<SignedIn>, Error> {
        let now = self.store.now_ms();
        let Some((account, seen)) = self
            .store
            .session_account(session, now)
            .await
            .map_err(Error::storage)?
        else {
            return Ok(None);
        };
        if seen.is_none_or(|seen| now - seen >= SEEN_EVERY.as_millis() as i64) {
            // Only the list of sessions reads it: the request goes on without it.
            if let Err(e) = self.store.session_seen(session, place, now).await {
                tracing::warn!("cannot write when a session was last seen: {e:#}");
            }
        }
        Ok(Some(account))
    }

    /// The open sessions of `account`, the last seen first, and the name of `current` (the
    /// one asking) among them.
    pub async fn sessions(
        &self,
        account: &SignedIn,
        current: &SessionId,
    ) -> Result<(Vec<StoredSession>, String), Error> {
        let listed = self
            .store
            .sessions_of(&account.id, self.store.now_ms())
            .await
            .map_err(Error::storage)?;
        Ok((listed, sessions::handle(current)))
    }

    /// Ends the session of `account` named `handle` in its list (404 when it has none by that
    /// name: another account's session is never ended).
    pub async fn end_session(&self, account: &SignedIn, handle: &str) -> Result<(), Error> {
        if self
            .store
            .end_session_of(&account.id, handle)
            .await
            .map_err(Error::storage)?
        {
            Ok(())
        } else {
            Err(Error::not_found(msg!("no-session-of-yours-by-that-name")))
        }
    }

    /// Everything stored about `account` (see [`crate::store::own_data`]), and when it was
    /// read.
    pub async fn own_data(
        &self,
        account: &SignedIn,
    ) -> Result<(serde_json::Map<String, serde_json::Value>, i64), Error> {
        let now = self.store.now_ms();
        let data = self
            .store
            .own_data(&account.id)
            .await
            .map_err(Error::storage)?;
        Ok((data, now))
    }

    /// Ends every session of `account` but `current`.
    pub async fn end_other_sessions(
        &self,
        account: &SignedIn,
        current: &SessionId,
    ) -> Result<(), Error> {
        self.store
            .end_other_sessions(&account.id, current)
            .await
            .map_err(Error::storage)
    }

    /// Changes the password of `account` from `old` to `new`, if `old` is its password; every
    /// other session of the account ends, `current` stays open.
    pub async fn change_password(
        &self,
        account: &SignedIn,
        current: &SessionId,
        old: &str,
        new: &str,
    ) -> Result<(), Error> {
        let username = Username::parse(&account.username)?;
        let new = Password::choose(new, &username)?;
        self.check_password(account, old).await?;
        let hash = self.hash(move || PasswordHash::new(&new)).await??;
        self.store
            .set_password_hash(&account.id, &hash)
            .await
            .map_err(Error::storage)?;
        self.store
            .end_other_sessions(&account.id, current)
            .await
            .map_err(Error::storage)
    }

    /// Deletes `account`, if `password` is its password: its username and password hash are
    /// forgotten and every session of it ends (the seats it played are the hub's to forget:
    /// [`crate::play::Hub::forget_deleted_accounts`]).
    pub async fn delete(&self, account: &SignedIn, password: &str) -> Result<(), Error> {
        self.check_password(account, password).await?;
        self.store
            .delete_account(&account.id, self.store.now_ms())
            .await
            .map_err(Error::storage)
    }

    /// The hash of `new` as the next password of the living account `account`, if it is a
    /// password the account may choose.
    pub async fn new_password_hash(
        &self,
        account: &AccountId,
        new: &str,
    ) -> Result<PasswordHash, Error> {
        let stored = self
            .store
            .account_by_id(account)
            .await
            .map_err(Error::storage)?
            .ok_or_else(|| Error::unauthorized(msg!("this-account-does-not-exist-any")))?;
        let username = Username::parse(&stored.username)?;
        let new = Password::choose(new, &username)?;
        self.hash(move || PasswordHash::new(&new)).await?
    }

    /// Gives the account `account` the password whose hash is `hash` (its password was reset):
    /// every session of it ends.
    pub async fn set_password_hash(
        &self,
        account: &AccountId,
        hash: &PasswordHash,
    ) -> Result<(), Error> {
        self.store
            .set_password_hash(account, hash)
            .await
            .map_err(Error::storage)?;
        self.store
            .end_sessions(account)
            .await
            .map_err(Error::storage)
    }

    /// The store the accounts are kept in.
    pub(super) fn store(&self) -> &Store {
        &self.store
    }

    /// Checks that `password` is the password of `account` (401 otherwise).
    pub async fn check_password(&self, account: &SignedIn, password: &str) -> Result<(), Error> {
        let password = Password::entered(password)?;
        let stored = self
            .store
            .account_by_id(&account.id)
            .await
            .map_err(Error::storage)?
            .ok_or_else(|| Error::unauthorized(msg!("this-account-does-not-exist-any")))?;
        let hash = stored.password_hash;
        if self
            .hash(move || PasswordHash::verify(&password, Some(&hash)))
            .await?
        {
            Ok(())
        } else {
            Err(Error::unauthorized(msg!("current-password-is-not-right")))
        }
    }

    /// A fresh session for `account`, used from `place`.
    async fn open_session(
        &self,
        account: &AccountId,
        place: &SessionPlace,
    ) -> Result<SessionId, Error> {
        let session = SessionId::random();
        let now = self.store.now_ms();
        let expires = now + SESSION_LIFETIME.as_millis() as i64;
        self.store
            .create_session(&session, account, place, now, expires)
            .await
            .map_err(Error::storage)?;
        Ok(session)
    }

    /// Runs `work` (hashing or checking a password) on the blocking threads, within the
    /// bounds: busy when too many wait already.
    async fn hash<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Error> {
        let waiting = self.waiting.fetch_add(1, Ordering::SeqCst);
        let _waiting = Waiting(&self.waiting);
        if waiting >= self.limits.hashes_at_once + self.limits.hashes_waiting {
            return Err(Error::busy(msg!("too-many-people-are-signing-up")));
        }
        let _permit = self
            .hashing
            .acquire()
            .await
            .map_err(|_| Error::failed(msg!("password-checks-have-stopped")))?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|error| Error::failed(msg!("password-check-failed-error", error)))
    }
}

/// The refusal of `username` because it, or a name like it, is taken (or was once).
pub(super) fn taken(username: &Username) -> Error {
    Error::conflict(msg!(
        "username-username-is-taken-or-looks",
        username = username.as_str()
    ))
}

/// The id of the living account named `username` in `store` (404 otherwise): what the
/// operator's commands act on.
pub(super) async fn account_named(store: &Store, username: &str) -> Result<AccountId, Error> {
    Ok(stored_account_named(store, username).await?.id)
}

/// The living account named `username` in `store` (404 otherwise).
pub(super) async fn stored_account_named(
    store: &Store,
    username: &str,
) -> Result<StoredAccount, Error> {
    let username = Username::parse(username)?;
    store
        .account_by_key(&username.key())
        .await
        .map_err(Error::storage)?
        .ok_or_else(|| Error::not_found(msg!("no-account-is-named-name", name = username)))
}

/// Forgets the ended sessions every [`SESSION_SWEEP`], until the accounts are dropped.
async fn sweep_sessions(accounts: Weak<Accounts>) {
    loop {
        tokio::time::sleep(SESSION_SWEEP).await;
        let Some(accounts) = accounts.upgrade() else {
            return;
        };
        match accounts
            .store
            .forget_ended_sessions(accounts.store.now_ms())
            .await
        {
            Ok(0) => {}
            Ok(count) => tracing::info!("forgot {count} ended sessions"),
            Err(error) => tracing::warn!("cannot forget ended sessions: {error:#}"),
        }
    }
}

/// One sign-up or sign-in counted among those waiting or hashing, until dropped.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

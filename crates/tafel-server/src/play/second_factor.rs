//! Two-step sign-in (issue #45), optional: an account sets up a secret with its password, its
//! authenticator app takes it (from a QR code), and the app's first code turns it on and
//! gives the account its recovery codes, shown once. From then on signing in asks for a code
//! of the app or an unused recovery code after the password; turning it off, or making new
//! recovery codes, asks for both.
//! The codes' rules are [`crate::domain::account::second_factor`]'s; each code is taken
//! once, by the store. Someone who lost both the app and the recovery codes asks the server's
//! operator ([`turn_off_for`]).

use super::accounts::{account_named, Accounts, SignedIn};
use crate::domain::account::second_factor::{recovery_codes, recovery_digest, TotpSecret};
use crate::domain::ids::AccountId;
use crate::domain::Error;
use crate::msg;
use crate::store::Store;

/// Turns two-step sign-in off for the account `username` in `store`, for an operator whose
/// user lost both the app and the recovery codes (`tafel account two-step-off`); whether it
/// was on or set up. The operator is to make sure first that the person asking owns the
/// account.
pub async fn turn_off_for(store: &Store, username: &str) -> Result<bool, Error> {
    let account = account_named(store, username).await?;
    let had = store
        .second_factor(&account)
        .await
        .map_err(Error::storage)?
        .is_some();
    store
        .remove_second_factor(&account)
        .await
        .map_err(Error::storage)?;
    Ok(had)
}

/// What an account's settings show of its two-step sign-in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecondFactorState {
    /// Whether signing in asks for a code.
    pub on: bool,
    /// The recovery codes not used yet.
    pub recovery_codes_left: i64,
}

/// A secret set up for an account, for its app to take (no `Debug`: it holds the secret).
#[derive(Clone)]
pub struct SetUp {
    /// The secret in base32, for an app that cannot scan.
    pub secret: String,
    /// The `otpauth://` address the QR code holds.
    pub url: String,
}

impl Accounts {
    /// Whether `account` signs in in two steps, and its recovery codes left.
    pub async fn second_factor_state(
        &self,
        account: &SignedIn,
    ) -> Result<SecondFactorState, Error> {
        let store = self.store();
        let stored = store
            .second_factor(&account.id)
            .await
            .map_err(Error::storage)?;
        let on = stored.is_some_and(|s| s.enabled_ms.is_some());
        let recovery_codes_left = if on {
            store
                .recovery_codes_left(&account.id)
                .await
                .map_err(Error::storage)?
        } else {
            0
        };
        Ok(SecondFactorState {
            on,
            recovery_codes_left,
        })
    }

    /// Sets up a new secret for `account`, if `password` is its password and two-step
    /// sign-in is not on already (a secret set up before and not turned on is replaced).
    pub async fn set_up_second_factor(
        &self,
        account: &SignedIn,
        password: &str,
    ) -> Result<SetUp, Error> {
        self.check_password(account, password).await?;
        let secret = TotpSecret::random();
        let set_up = self
            .store()
            .set_up_second_factor(&account.id, &secret.as_base32(), self.store().now_ms())
            .await
            .map_err(Error::storage)?;
        if !set_up {
            return Err(Error::conflict(msg!("two-step-sign-in-is-on-already")));
        }
        Ok(SetUp {
            url: secret.url(&account.username)?,
            secret: secret.as_base32(),
        })
    }

    /// Turns two-step sign-in on for `account` with `code`, the first code of the app that
    /// took the secret set up: the recovery codes, to be shown once.
    pub async fn turn_on_second_factor(
        &self,
        account: &SignedIn,
        code: &str,
    ) -> Result<Vec<String>, Error> {
        let store = self.store();
        let stored = store
            .second_factor(&account.id)
            .await
            .map_err(Error::storage)?
            .ok_or_else(|| Error::conflict(msg!("set-up-two-step-sign-in-first")))?;
        if stored.enabled_ms.is_some() {
            return Err(Error::conflict(msg!("two-step-sign-in-is-on-already")));
        }
        let secret = TotpSecret::from_stored(&stored.secret)?;
        let step = secret
            .step_of(code, store.now_ms())
            .ok_or_else(|| Error::unauthorized(msg!("that-code-is-not-right")))?;
        let (codes, digests) = new_codes();
        let enabled = store
            .enable_second_factor(&account.id, &stored.secret, step, &digests, store.now_ms())
            .await
            .map_err(Error::storage)?;
        if !enabled {
            // Turned on, or set up anew, by another request meanwhile.
            return Err(Error::conflict(msg!("set-up-two-step-sign-in-first")));
        }
        Ok(codes)
    }

    /// New recovery codes for `account` in place of those it had (used or not), with its
    /// password and a code (of the app, or a recovery code): to be shown once.
    pub async fn new_recovery_codes(
        &self,
        account: &SignedIn,
        password: &str,
        code: &str,
    ) -> Result<Vec<String>, Error> {
        self.check_password(account, password).await?;
        if !self.second_step(&account.id, Some(code)).await? {
            return Err(Error::conflict(msg!("two-step-sign-in-is-off")));
        }
        let store = self.store();
        let (codes, digests) = new_codes();
        let replaced = store
            .replace_recovery_codes(&account.id, &digests, store.now_ms())
            .await
            .map_err(Error::storage)?;
        if !replaced {
            // Turned off by another request meanwhile.
            return Err(Error::conflict(msg!("two-step-sign-in-is-off")));
        }
        Ok(codes)
    }

    /// Turns two-step sign-in off for `account`, with its password and a code (of the app,
    /// or a recovery code).
    pub async fn turn_off_second_factor(
        &self,
        account: &SignedIn,
        password: &str,
        code: &str,
    ) -> Result<(), Error> {
        self.check_password(account, password).await?;
        if !self.second_step(&account.id, Some(code)).await? {
            return Err(Error::conflict(msg!("two-step-sign-in-is-off")));
        }
        self.store()
            .remove_second_factor(&account.id)
            .await
            .map_err(Error::storage)
    }

    /// The second step of signing in to `account`, whose password was right: `code` must be
    /// a code of its app not taken before, or an unused recovery code, when two-step sign-in
    /// is on. Whether it is on.
    pub(super) async fn second_step(
        &self,
        account: &AccountId,
        code: Option<&str>,
    ) -> Result<bool, Error> {
        let store = self.store();
        let Some(stored) = store.second_factor(account).await.map_err(Error::storage)? else {
            return Ok(false);
        };
        if stored.enabled_ms.is_none() {
            return Ok(false);
        }
        let code = code
            .filter(|code| !code.trim().is_empty())
            .ok_or_else(|| Error::unauthorized(msg!("this-account-asks-for-a-code")))?;
        let secret = TotpSecret::from_stored(&stored.secret)?;
        if let Some(step) = secret.step_of(code, store.now_ms()) {
            return if store
                .take_step(account, step)
                .await
                .map_err(Error::storage)?
            {
                Ok(true)
            } else {
                Err(Error::unauthorized(msg!("that-code-was-used-already")))
            };
        }
        if let Some(digest) = recovery_digest(code) {
            let used = store
                .use_recovery_code(account, &digest, store.now_ms())
                .await
                .map_err(Error::storage)?;
            if used {
                return Ok(true);
            }
        }
        Err(Error::unauthorized(msg!("that-code-is-not-right")))
    }
}

/// Fresh recovery codes, as shown, and their digests, as stored.
fn new_codes() -> (Vec<String>, Vec<String>) {
    let codes = recovery_codes();
    let digests = codes.iter().filter_map(|c| recovery_digest(c)).collect();
    (codes, digests)
}

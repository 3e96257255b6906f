//! E-mail and recovering an account, optional ([`Recovery`]): whether the server sends mail,
//! an account's address (set with its password, verified by a link), and a password reset by
//! a link sent by mail. A link's token reaches the server only in a request's body.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::accounts::no_session;
use super::tags;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::language::Language;
use crate::http::rate::{AccountRates, ClientAddress};
use crate::http::session::{Session, SignedIn};
use crate::play::recovery::{Recovery, StoredEmail};

/// Whether the server sends mail.
#[derive(Serialize, ToSchema)]
pub struct MailView {
    /// Whether the server sends mail (`--smtp`): addresses can be verified and passwords
    /// reset by mail. Otherwise the server's operator hands out reset links.
    sends_mail: bool,
}

/// Whether the server sends mail (the pages offer e-mail only then).
#[utoipa::path(get, path = "/api/mail", tag = tags::ACCOUNTS,
    responses((status = 200, description = "Whether the server sends mail", body = MailView)))]
pub async fn mail(State(recovery): State<Arc<Recovery>>) -> Json<MailView> {
    Json(MailView {
        sends_mail: recovery.sends_mail(),
    })
}

/// An account's e-mail address.
#[derive(Serialize, ToSchema)]
pub struct EmailView {
    /// The address, if the account has one.
    address: Option<String>,
    /// Whether its link was followed.
    verified: bool,
}

impl From<Option<StoredEmail>> for EmailView {
    fn from(stored: Option<StoredEmail>) -> EmailView {
        EmailView {
            verified: stored.as_ref().is_some_and(|s| s.verified_ms.is_some()),
            address: stored.map(|s| s.address),
        }
    }
}

/// The e-mail address of the account signed in.
#[utoipa::path(get, path = "/api/account/email", tag = tags::ACCOUNTS,
    responses((status = 200, description = "The account's address, if any", body = EmailView),
              (status = 401, description = "Nobody is signed in", body = ErrorBody)))]
pub async fn email(
    State(recovery): State<Arc<Recovery>>,
    SignedIn(account): SignedIn,
) -> Result<Json<EmailView>, ApiError> {
    Ok(Json(EmailView::from(recovery.email(&account).await?)))
}

/// A new address, with the account's password.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EmailChange {
    /// The address (at most 254 bytes).
    #[schema(max_length = 254)]
    address: String,
    /// The account's password.
    password: String,
}

/// Sets the account's address and mails it a link that verifies it (unless it is the
/// verified address already). Its mails are written in the request's language.
#[utoipa::path(put, path = "/api/account/email", tag = tags::ACCOUNTS, request_body = EmailChange,
    responses((status = 202, description = "The address is set; a link that verifies it is on its way", body = EmailView),
              (status = 400, description = "Not an e-mail address", body = ErrorBody),
              (status = 401, description = "Nobody is signed in, or the password is not right", body = ErrorBody),
              (status = 429, description = "Too many password checks in this session, or mails for this account this hour", body = ErrorBody),
              (status = 500, description = "The mail could not be sent", body = ErrorBody),
              (status = 501, description = "This server sends no mail", body = ErrorBody)))]
pub async fn set_email(
    State(recovery): State<Arc<Recovery>>,
    State(rates): State<Arc<AccountRates>>,
    SignedIn(account): SignedIn,
    Session(session): Session,
    language: Language,
    Json(request): Json<EmailChange>,
) -> Result<(StatusCode, Json<EmailView>), ApiError> {
    let session = session.ok_or_else(|| ApiError::from(no_session()))?;
    rates.password_check(&session)?;
    let stored = recovery
        .set_email(&account, &request.password, &request.address, language)
        .await?;
    Ok((StatusCode::ACCEPTED, Json(EmailView::from(Some(stored)))))
}

/// The account's password, to confirm a change.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EmailRemoval {
    /// The account's password.
    password: String,
}

/// Removes the account's address (a forgotten password can then no longer be reset by mail).
#[utoipa::path(delete, path = "/api/account/email", tag = tags::ACCOUNTS, request_body = EmailRemoval,
    responses((status = 204, description = "The address is removed"),
              (status = 401, description = "Nobody is signed in, or the password is not right", body = ErrorBody),
              (status = 429, description = "Too many password checks in this session", body = ErrorBody)))]
pub async fn remove_email(
    State(recovery): State<Arc<Recovery>>,
    State(rates): State<Arc<AccountRates>>,
    SignedIn(account): SignedIn,
    Session(session): Session,
    Json(request): Json<EmailRemoval>,
) -> Result<StatusCode, ApiError> {
    let session = session.ok_or_else(|| ApiError::from(no_session()))?;
    rates.password_check(&session)?;
    recovery.remove_email(&account, &request.password).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A link's token, from the mail.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkToken {
    /// The token (after `#token=` in the link).
    token: String,
}

/// The address a link verified.
#[derive(Serialize, ToSchema)]
pub struct Verified {
    /// The address.
    address: String,
}

/// Follows a link that verifies an address (it works once, for a day).
#[utoipa::path(post, path = "/api/account/email/verify", tag = tags::ACCOUNTS, request_body = LinkToken,
    responses((status = 200, description = "The address is verified", body = Verified),
              (status = 400, description = "The link is used, expired or wrong", body = ErrorBody)))]
pub async fn verify_email(
    State(recovery): State<Arc<Recovery>>,
    Json(request): Json<LinkToken>,
) -> Result<Json<Verified>, ApiError> {
    let address = recovery.verify_email(&request.token).await?;
    Ok(Json(Verified { address }))
}

/// Who forgot a password.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResetRequest {
    /// A username or an e-mail address.
    #[schema(max_length = 254)]
    who: String,
}

/// Asks for a password reset: every account with that name, or with that verified address,
/// gets a link by mail (it works once, for an hour). The answer is the same whether or not
/// any account does.
#[utoipa::path(post, path = "/api/password-reset", tag = tags::ACCOUNTS, request_body = ResetRequest,
    responses((status = 202, description = "If an account has that name or verified address, a link is on its way"),
              (status = 400, description = "Neither a username nor an e-mail address", body = ErrorBody),
              (status = 429, description = "Many resets from this address in a short time; see Retry-After", body = ErrorBody),
              (status = 501, description = "This server sends no mail: its operator hands out reset links", body = ErrorBody)))]
pub async fn request_reset(
    State(recovery): State<Arc<Recovery>>,
    State(rates): State<Arc<AccountRates>>,
    ClientAddress(address): ClientAddress,
    Json(request): Json<ResetRequest>,
) -> Result<StatusCode, ApiError> {
    rates.recovery(address)?;
    recovery.request_reset(&request.who).await?;
    Ok(StatusCode::ACCEPTED)
}

/// A new password, with the token of the link that resets it.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordReset {
    /// The token (after `#token=` in the link).
    token: String,
    /// The new password (at least 10 characters, not a common one).
    password: String,
}

/// Follows a link that resets a password: the account gets the new password and every session
/// of it ends. The link is used up only when the password is accepted.
#[utoipa::path(post, path = "/api/password-reset/confirm", tag = tags::ACCOUNTS, request_body = PasswordReset,
    responses((status = 204, description = "The password is reset; sign in with it"),
              (status = 400, description = "The link is used, expired or wrong, or the password breaks a rule", body = ErrorBody),
              (status = 429, description = "Many resets from this address in a short time; see Retry-After", body = ErrorBody),
              (status = 503, description = "Too many password checks at once; see Retry-After", body = ErrorBody)))]
pub async fn reset_password(
    State(recovery): State<Arc<Recovery>>,
    State(rates): State<Arc<AccountRates>>,
    ClientAddress(address): ClientAddress,
    Json(request): Json<PasswordReset>,
) -> Result<StatusCode, ApiError> {
    rates.recovery(address)?;
    recovery
        .reset_password(&request.token, &request.password)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

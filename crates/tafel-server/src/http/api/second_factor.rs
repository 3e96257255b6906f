//! Two-step sign-in (issue #45): whether it is on, setting it up (the secret and its QR code),
//! turning it on with a first code (the recovery codes, shown once) and off with the password
//! and a code, and new recovery codes with the password and a code. Each request that checks the password or a code counts among the session's
//! password checks ([`AccountRates::password_check`]).

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use qrcode::render::svg;
use qrcode::QrCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::accounts::no_session;
use super::tags;
use crate::domain::Error;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::rate::AccountRates;
use crate::http::session::{Session, SignedIn};
use crate::msg;
use crate::play::accounts::Accounts;

/// Whether the account signs in in two steps.
#[derive(Serialize, ToSchema)]
pub struct SecondFactorView {
    /// Whether signing in asks for a code after the password.
    on: bool,
    /// The recovery codes not used yet (0 while it is off).
    recovery_codes_left: i64,
}

/// The password, to set up two-step sign-in.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetUpRequest {
    /// The account's password.
    password: String,
}

/// A secret set up, for the authenticator app to take.
#[derive(Serialize, ToSchema)]
pub struct SetUpView {
    /// The secret in base32, to type into an app that cannot scan.
    secret: String,
    /// The `otpauth://` address the QR code holds.
    url: String,
    /// The QR code of `url`, an SVG image.
    qr_svg: String,
}

/// The first code of the app, to turn two-step sign-in on.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnOn {
    /// The six digits the app shows.
    code: String,
}

/// The recovery codes, shown once.
#[derive(Serialize, ToSchema)]
pub struct RecoveryCodes {
    /// Ten codes; each signs in once in place of the app's code.
    recovery_codes: Vec<String>,
}

/// The password and a code, to turn two-step sign-in off or make new recovery codes.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordAndCode {
    /// The account's password.
    password: String,
    /// A code of the app, or a recovery code.
    code: String,
}

/// Whether the signed-in account signs in in two steps.
#[utoipa::path(get, path = "/api/account/second-factor", tag = tags::ACCOUNTS,
    responses((status = 200, description = "Whether it is on", body = SecondFactorView),
              (status = 401, description = "Nobody is signed in", body = ErrorBody)))]
pub async fn state(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
) -> Result<Json<SecondFactorView>, ApiError> {
    let state = accounts.second_factor_state(&account).await?;
    Ok(Json(SecondFactorView {
        on: state.on,
        recovery_codes_left: state.recovery_codes_left,
    }))
}

/// Sets up a new secret for the signed-in account (replacing one set up and not turned on):
/// the secret and its QR code, for the authenticator app. Nothing changes at sign-in until a
/// first code turns it on.
#[utoipa::path(post, path = "/api/account/second-factor/setup", tag = tags::ACCOUNTS, request_body = SetUpRequest,
    responses((status = 200, description = "The secret set up", body = SetUpView),
              (status = 401, description = "Nobody is signed in, or the password is not right", body = ErrorBody),
              (status = 409, description = "Two-step sign-in is on already", body = ErrorBody),
              (status = 429, description = "Too many password checks in this session; see Retry-After", body = ErrorBody)))]
pub async fn set_up(
    State(accounts): State<Arc<Accounts>>,
    State(rates): State<Arc<AccountRates>>,
    SignedIn(account): SignedIn,
    Session(session): Session,
    Json(request): Json<SetUpRequest>,
) -> Result<Json<SetUpView>, ApiError> {
    let session = session.ok_or_else(|| ApiError::from(no_session()))?;
    rates.password_check(&session)?;
    let set_up = accounts
        .set_up_second_factor(&account, &request.password)
        .await?;
    let qr = QrCode::new(set_up.url.as_bytes())
        .map_err(|_| Error::failed(msg!("second-factor-address-cannot-be-made")))?;
    let qr_svg = qr
        .render::<svg::Color>()
        .min_dimensions(200, 200)
        .quiet_zone(true)
        .build();
    Ok(Json(SetUpView {
        secret: set_up.secret,
        url: set_up.url,
        qr_svg,
    }))
}

/// Turns two-step sign-in on with the first code of the app that took the secret set up;
/// answers the ten recovery codes, which are never shown again.
#[utoipa::path(post, path = "/api/account/second-factor", tag = tags::ACCOUNTS, request_body = TurnOn,
    responses((status = 200, description = "On; the recovery codes", body = RecoveryCodes),
              (status = 401, description = "Nobody is signed in, or the code is not right", body = ErrorBody),
              (status = 409, description = "Nothing set up, or it is on already", body = ErrorBody),
              (status = 429, description = "Too many checks in this session; see Retry-After", body = ErrorBody)))]
pub async fn turn_on(
    State(accounts): State<Arc<Accounts>>,
    State(rates): State<Arc<AccountRates>>,
    SignedIn(account): SignedIn,
    Session(session): Session,
    Json(request): Json<TurnOn>,
) -> Result<Json<RecoveryCodes>, ApiError> {
    let session = session.ok_or_else(|| ApiError::from(no_session()))?;
    rates.password_check(&session)?;
    let recovery_codes = accounts
        .turn_on_second_factor(&account, &request.code)
        .await?;
    Ok(Json(RecoveryCodes { recovery_codes }))
}

/// Turns two-step sign-in off, with the password and a code (of the app, or a recovery code):
/// the account signs in with its password alone again.
#[utoipa::path(delete, path = "/api/account/second-factor", tag = tags::ACCOUNTS, request_body = PasswordAndCode,
    responses((status = 204, description = "Off"),
              (status = 401, description = "Nobody is signed in, or the password or the code is not right", body = ErrorBody),
              (status = 409, description = "It is off", body = ErrorBody),
              (status = 429, description = "Too many checks in this session; see Retry-After", body = ErrorBody)))]
pub async fn turn_off(
    State(accounts): State<Arc<Accounts>>,
    State(rates): State<Arc<AccountRates>>,
    SignedIn(account): SignedIn,
    Session(session): Session,
    Json(request): Json<PasswordAndCode>,
) -> Result<StatusCode, ApiError> {
    let session = session.ok_or_else(|| ApiError::from(no_session()))?;
    rates.password_check(&session)?;
    accounts
        .turn_off_second_factor(&account, &request.password, &request.code)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// New recovery codes in place of those the account had (used or not), with the password and
/// a code (of the app, or a recovery code); answers the ten codes, never shown again.
#[utoipa::path(post, path = "/api/account/second-factor/recovery-codes", tag = tags::ACCOUNTS, request_body = PasswordAndCode,
    responses((status = 200, description = "The new recovery codes", body = RecoveryCodes),
              (status = 401, description = "Nobody is signed in, or the password or the code is not right", body = ErrorBody),
              (status = 409, description = "It is off", body = ErrorBody),
              (status = 429, description = "Too many checks in this session; see Retry-After", body = ErrorBody)))]
pub async fn new_recovery_codes(
    State(accounts): State<Arc<Accounts>>,
    State(rates): State<Arc<AccountRates>>,
    SignedIn(account): SignedIn,
    Session(session): Session,
    Json(request): Json<PasswordAndCode>,
) -> Result<Json<RecoveryCodes>, ApiError> {
    let session = session.ok_or_else(|| ApiError::from(no_session()))?;
    rates.password_check(&session)?;
    let recovery_codes = accounts
        .new_recovery_codes(&account, &request.password, &request.code)
        .await?;
    Ok(Json(RecoveryCodes { recovery_codes }))
}

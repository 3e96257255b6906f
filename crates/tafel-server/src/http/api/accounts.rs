//! Accounts: signing up, in and out, who is signed in, changing the password, deleting the
//! account, claiming the seats a browser holds and opening the account's seats on any
//! device. A session travels in the [`COOKIE`](crate::http::session::COOKIE) cookie, set by
//! sign-up and sign-in. Sign-ins are limited per client address and per account, sign-ups
//! per address ([`AccountRates`]).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::response::{AppendHeaders, IntoResponse};
use axum::Json;
use axum_extra::extract::cookie::CookieJar;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::tags;
use crate::domain::ids::{DeviceId, GameId, SeatToken, SessionId};
use crate::domain::moderation::Role;
use crate::domain::Error;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::rate::{AccountRates, ClientAddress};
use crate::http::session::{Browser, CookiePolicy, Session, SignedIn};
use crate::msg;
use crate::play::accounts::{Accounts, SignedIn as Account};
use crate::play::Hub;

/// A username and a password, to sign up or in.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The username: letters a-z and A-Z, digits, `_` and `-`.
    username: String,
    /// The password (to sign up: long enough, and not a common one).
    password: String,
}

/// A username, a password and, for an account that signs in in two steps, a code, to sign in.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignIn {
    /// The username.
    username: String,
    /// The password.
    password: String,
    /// The code the account's authenticator app shows, or one of its recovery codes: only
    /// for an account with two-step sign-in on (asked for with 401
    /// `this-account-asks-for-a-code`).
    #[serde(default)]
    code: Option<String>,
}

/// Who is signed in.
#[derive(Serialize, ToSchema)]
pub struct Me {
    /// The account's username.
    username: String,
    /// Whether the account is a moderator (the page then links to `/moderation`).
    moderator: bool,
}

impl Me {
    /// `account` as it is told who it is; a `moderator` or not.
    fn of(account: &Account, moderator: bool) -> Me {
        Me {
            username: account.username.clone(),
            moderator,
        }
    }
}

/// Creates an account and signs in to it (the session cookie is set).
#[utoipa::path(post, path = "/api/account", tag = tags::ACCOUNTS, request_body = Credentials,
    responses((status = 201, description = "Signed up and in; the session cookie is set", body = Me),
              (status = 400, description = "A username or password that breaks a rule (the message says which)", body = ErrorBody),
              (status = 409, description = "The username is taken, or looks like one that is", body = ErrorBody),
              (status = 429, description = "This address signed up many accounts in a short time; see Retry-After", body = ErrorBody),
              (status = 503, description = "Too many sign-ups and sign-ins at once; see Retry-After", body = ErrorBody)))]
pub async fn sign_up(
    State(accounts): State<Arc<Accounts>>,
    State(policy): State<CookiePolicy>,
    State(rates): State<Arc<AccountRates>>,
    ClientAddress(address): ClientAddress,
    browser: Browser,
    jar: CookieJar,
    Json(request): Json<Credentials>,
) -> Result<impl IntoResponse, ApiError> {
    rates.sign_up(address)?;
    let (account, session) = accounts
        .sign_up(&request.username, &request.password, &browser.place)
        .await?;
    let jar = opened(&accounts, policy, jar, browser.session, &session).await?;
    let device = known_device(&accounts, policy, &account, browser.device).await?;
    Ok((
        StatusCode::CREATED,
        jar,
        device,
        Json(Me::of(&account, false)),
    ))
}

/// The browser's cookies with `session` in place of the session it had (`old`), which ends on
/// the server: a new session id at every sign-up and sign-in.
async fn opened(
    accounts: &Accounts,
    policy: CookiePolicy,
    jar: CookieJar,
    old: Option<SessionId>,
    session: &SessionId,
) -> Result<CookieJar, ApiError> {
    if let Some(old) = old {
        accounts.sign_out(&old).await?;
    }
    Ok(jar.add(policy.session(session)))
}

/// The device cookie of a browser that just signed in to `account` with `device` (none, or
/// one another account knows: a new one), which the account now knows; after the session's
/// cookie, so that the session's comes first.
async fn known_device(
    accounts: &Accounts,
    policy: CookiePolicy,
    account: &Account,
    device: Option<DeviceId>,
) -> Result<AppendHeaders<[(HeaderName, HeaderValue); 1]>, ApiError> {
    let device = match device {
        Some(device) if accounts.knows_device(&device, &account.username).await? => Some(device),
        _ => None,
    };
    let device = accounts.remember_device(account, device).await?;
    let cookie = HeaderValue::try_from(policy.device(&device).to_string())
        .map_err(|_| ApiError::from(Error::failed(msg!("internal"))))?;
    Ok(AppendHeaders([(header::SET_COOKIE, cookie)]))
}

/// Who the session cookie signs in, if anyone.
#[utoipa::path(get, path = "/api/account", tag = tags::ACCOUNTS,
    responses((status = 200, description = "The account signed in", body = Me),
              (status = 401, description = "Nobody is signed in", body = ErrorBody)))]
pub async fn me(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
) -> Result<Json<Me>, ApiError> {
    let moderator = accounts.role(&account).await? == Role::Moderator;
    Ok(Json(Me::of(&account, moderator)))
}

/// Signs in: a new session (the cookie is set; a session the browser had is ended). An
/// account with two-step sign-in on needs a code as well.
#[utoipa::path(post, path = "/api/session", tag = tags::ACCOUNTS, request_body = SignIn,
    responses((status = 200, description = "Signed in; the session cookie is set", body = Me),
              (status = 400, description = "A password longer than the limit", body = ErrorBody),
              (status = 401, description = "The username and password do not match an account; or the account asks for a code (`this-account-asks-for-a-code`), or the code is not right or was used already", body = ErrorBody),
              (status = 429, description = "Too many sign-in attempts from this address, or for this account from this address or this device; see Retry-After", body = ErrorBody),
              (status = 503, description = "Too many sign-ups and sign-ins at once; see Retry-After", body = ErrorBody)))]
pub async fn sign_in(
    State(accounts): State<Arc<Accounts>>,
    State(policy): State<CookiePolicy>,
    State(rates): State<Arc<AccountRates>>,
    ClientAddress(address): ClientAddress,
    browser: Browser,
    jar: CookieJar,
    Json(request): Json<SignIn>,
) -> Result<impl IntoResponse, ApiError> {
    let known = match &browser.device {
        Some(device) => accounts
            .knows_device(device, &request.username)
            .await?
            .then_some(device),
        None => None,
    };
    rates.sign_in(address, &request.username, known).await?;
    let (account, session) = accounts
        .sign_in(
            &request.username,
            &request.password,
            request.code.as_deref(),
            &browser.place,
        )
        .await?;
    let jar = opened(&accounts, policy, jar, browser.session, &session).await?;
    let device = known_device(&accounts, policy, &account, browser.device).await?;
    let moderator = accounts.role(&account).await? == Role::Moderator;
    Ok((jar, device, Json(Me::of(&account, moderator))))
}

/// Signs out: the session ends on the server and the cookie is removed (also when there was
/// no session).
#[utoipa::path(delete, path = "/api/session", tag = tags::ACCOUNTS,
    responses((status = 204, description = "Signed out")))]
pub async fn sign_out(
    State(accounts): State<Arc<Accounts>>,
    State(policy): State<CookiePolicy>,
    Session(session): Session,
    jar: CookieJar,
) -> Result<impl IntoResponse, ApiError> {
    if let Some(session) = session {
        accounts.sign_out(&session).await?;
    }
    Ok((StatusCode::NO_CONTENT, jar.add(policy.removal())))
}

/// A new password, with the current one.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    /// The current password.
    password: String,
    /// The new password (long enough, and not a common one).
    new_password: String,
}

/// Changes the password: every other session of the account ends; this one stays open.
#[utoipa::path(put, path = "/api/account/password", tag = tags::ACCOUNTS, request_body = PasswordChange,
    responses((status = 204, description = "The password is changed; the account's other sessions have ended"),
              (status = 400, description = "A new password that breaks a rule (the message says which)", body = ErrorBody),
              (status = 401, description = "Nobody is signed in, or the current password is not right", body = ErrorBody),
              (status = 429, description = "Too many password checks in this session; see Retry-After", body = ErrorBody),
              (status = 503, description = "Too many password checks at once; see Retry-After", body = ErrorBody)))]
pub async fn change_password(
    State(accounts): State<Arc<Accounts>>,
    State(rates): State<Arc<AccountRates>>,
    SignedIn(account): SignedIn,
    Session(session): Session,
    Json(request): Json<PasswordChange>,
) -> Result<StatusCode, ApiError> {
    let session = session.ok_or_else(|| ApiError::from(no_session()))?;
    rates.password_check(&session)?;
    accounts
        .change_password(&account, &session, &request.password, &request.new_password)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The password, to confirm a deletion.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Confirmation {
    /// The account's password.
    password: String,
}

/// Deletes the account: its username and password hash are forgotten, every session of it
/// ends (the cookie is removed), and its games stay, shown as played by a deleted player.
/// The username is never given to anyone again.
#[utoipa::path(delete, path = "/api/account", tag = tags::ACCOUNTS, request_body = Confirmation,
    responses((status = 204, description = "The account is deleted and signed out"),
              (status = 401, description = "Nobody is signed in, or the password is not right", body = ErrorBody),
              (status = 429, description = "Too many password checks in this session; see Retry-After", body = ErrorBody),
              (status = 503, description = "Too many password checks at once; see Retry-After", body = ErrorBody)))]
pub async fn delete_account(
    State(accounts): State<Arc<Accounts>>,
    State(hub): State<Arc<Hub>>,
    State(rates): State<Arc<AccountRates>>,
    State(policy): State<CookiePolicy>,
    SignedIn(account): SignedIn,
    Session(session): Session,
    Json(request): Json<Confirmation>,
) -> Result<impl IntoResponse, ApiError> {
    let session = session.ok_or_else(|| ApiError::from(no_session()))?;
    rates.password_check(&session)?;
    accounts.delete(&account, &request.password).await?;
    hub.forget_deleted_accounts();
    Ok((
        StatusCode::NO_CONTENT,
        CookieJar::new().add(policy.removal()),
    ))
}

/// A seat this browser holds: its game and its token.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClaimedSeat {
    /// The game's id.
    game: String,
    /// The seat's token.
    #[schema(value_type = String)]
    token: SeatToken,
}

/// The seats a browser holds, to make the signed-in account's.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    /// At most 200 seats (their games and tokens).
    seats: Vec<ClaimedSeat>,
}

/// How many games gained the account's seat.
#[derive(Serialize, ToSchema)]
pub struct Claimed {
    /// The number of games in which a seat became the account's.
    claimed: usize,
}

/// Makes the seats whose tokens the browser holds the signed-in account's (sent at sign-up
/// and sign-in): one seat a game; not a seat another account plays, not a seat of a game at
/// one screen between several people, not a deleted player's. Tokens that hold no seat are
/// passed over.
#[utoipa::path(post, path = "/api/account/claims", tag = tags::ACCOUNTS, request_body = Claim,
    responses((status = 200, description = "The number of games whose seat became the account's", body = Claimed),
              (status = 400, description = "More than 200 seats at once", body = ErrorBody),
              (status = 401, description = "Nobody is signed in", body = ErrorBody)))]
pub async fn claim(
    State(hub): State<Arc<Hub>>,
    SignedIn(account): SignedIn,
    Json(request): Json<Claim>,
) -> Result<Json<Claimed>, ApiError> {
    let seats = request
        .seats
        .into_iter()
        .filter_map(|held| Some((GameId::parse(&held.game).ok()?, held.token)))
        .collect();
    let claimed = hub.claim_seats(&account, seats).await?;
    Ok(Json(Claimed { claimed }))
}

/// A seat of the account, with its token.
#[derive(Serialize, ToSchema)]
pub struct AccountSeat {
    /// The seat number, from 0.
    seat: usize,
    /// The seat's token (acts for the seat, as the creator's or joiner's token does).
    #[schema(value_type = String)]
    token: SeatToken,
}

/// The seats the signed-in account plays in a game.
#[derive(Serialize, ToSchema)]
pub struct AccountSeats {
    /// The seats, in order (none if the account does not play in the game).
    seats: Vec<AccountSeat>,
}

/// The seats the signed-in account plays in game `id`, with their tokens: how the account's
/// session opens its seats on a device that does not hold their tokens.
#[utoipa::path(get, path = "/api/games/{id}/my-seats", tag = tags::ACCOUNTS,
    params(("id" = String, Path, description = "The game's id")),
    responses((status = 200, description = "The account's seats in the game", body = AccountSeats),
              (status = 401, description = "Nobody is signed in", body = ErrorBody)))]
pub async fn my_seats(
    State(hub): State<Arc<Hub>>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
) -> Result<Json<AccountSeats>, ApiError> {
    let id = GameId::parse(&id)?;
    let seats = hub
        .seats_of_account(&account, &id)
        .await?
        .into_iter()
        .map(|(seat, token)| AccountSeat { seat, token })
        .collect();
    Ok(Json(AccountSeats { seats }))
}

/// The refusal when a request is signed in but carries no session (cannot happen through
/// [`SignedIn`], which reads the session).
pub(super) fn no_session() -> Error {
    Error::unauthorized(msg!("sign-in-first-no-session-or"))
}

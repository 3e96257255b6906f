//! Accounts: signing up, in and out, and who is signed in. A session travels in the
//! [`COOKIE`](crate::http::session::COOKIE) cookie, set by sign-up and sign-in.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::Json;
use axum_extra::extract::cookie::CookieJar;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::tags;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::session::{CookiePolicy, Session, SignedIn};
use crate::play::accounts::{Accounts, SignedIn as Account};

/// A username and a password, to sign up or in.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The username: 3 to 20 letters a-z and A-Z, digits, `_` and `-`.
    username: String,
    /// The password (at least 10 characters to sign up, and not a common one).
    password: String,
}

/// Who is signed in.
#[derive(Serialize, ToSchema)]
pub struct Me {
    /// The account's username.
    username: String,
}

impl From<&Account> for Me {
    fn from(account: &Account) -> Me {
        Me {
            username: account.username.clone(),
        }
    }
}

/// Creates an account and signs in to it (the session cookie is set).
#[utoipa::path(post, path = "/api/account", tag = tags::ACCOUNTS, request_body = Credentials,
    responses((status = 201, description = "Signed up and in; the session cookie is set", body = Me),
              (status = 400, description = "A username or password that breaks a rule (the message says which)", body = ErrorBody),
              (status = 409, description = "The username is taken, or looks like one that is", body = ErrorBody),
              (status = 503, description = "Too many sign-ups and sign-ins at once; see Retry-After", body = ErrorBody)))]
pub async fn sign_up(
    State(accounts): State<Arc<Accounts>>,
    State(policy): State<CookiePolicy>,
    Session(old): Session,
    jar: CookieJar,
    Json(request): Json<Credentials>,
) -> Result<impl IntoResponse, ApiError> {
    let (account, session) = accounts
        .sign_up(&request.username, &request.password)
        .await?;
    if let Some(old) = old {
        accounts.sign_out(&old).await?;
    }
    Ok((
        StatusCode::CREATED,
        jar.add(policy.session(&session)),
        Json(Me::from(&account)),
    ))
}

/// Who the session cookie signs in, if anyone.
#[utoipa::path(get, path = "/api/account", tag = tags::ACCOUNTS,
    responses((status = 200, description = "The account signed in", body = Me),
              (status = 401, description = "Nobody is signed in", body = ErrorBody)))]
pub async fn me(SignedIn(account): SignedIn) -> Json<Me> {
    Json(Me::from(&account))
}

/// Signs in: a new session (the cookie is set; a session the browser had is ended).
#[utoipa::path(post, path = "/api/session", tag = tags::ACCOUNTS, request_body = Credentials,
    responses((status = 200, description = "Signed in; the session cookie is set", body = Me),
              (status = 400, description = "A password longer than the limit", body = ErrorBody),
              (status = 401, description = "The username and password do not match an account", body = ErrorBody),
              (status = 503, description = "Too many sign-ups and sign-ins at once; see Retry-After", body = ErrorBody)))]
pub async fn sign_in(
    State(accounts): State<Arc<Accounts>>,
    State(policy): State<CookiePolicy>,
    Session(old): Session,
    jar: CookieJar,
    Json(request): Json<Credentials>,
) -> Result<impl IntoResponse, ApiError> {
    let (account, session) = accounts
        .sign_in(&request.username, &request.password)
        .await?;
    if let Some(old) = old {
        accounts.sign_out(&old).await?;
    }
    Ok((jar.add(policy.session(&session)), Json(Me::from(&account))))
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

//! One's sessions (issue #45): the list (the browser, the address last seen from, when opened
//! and last seen, which one is asking), ending one of them, and ending all but the one asking.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use super::accounts::no_session;
use super::tags;
use crate::domain::account::session::StoredSession;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::session::{Session, SignedIn};
use crate::play::accounts::Accounts;

/// A session in its account's list.
#[derive(Serialize, ToSchema)]
pub struct SessionView {
    /// Its name in the list: the first 16 characters of its id's SHA-256 (it opens nothing).
    id: String,
    /// The browser that opened it (its `User-Agent`, at most 200 characters), if it said.
    device: Option<String>,
    /// The address it was last seen from, if known.
    address: Option<String>,
    /// When it was opened, in milliseconds since the Unix epoch.
    created_ms: i64,
    /// When it was last seen (while in use, at most five minutes ago).
    seen_ms: i64,
    /// Whether it is the session asking.
    current: bool,
}

impl SessionView {
    fn of(session: StoredSession, current: &str) -> SessionView {
        SessionView {
            current: session.handle == current,
            id: session.handle,
            device: session.place.device,
            address: session.place.address,
            created_ms: session.created_ms,
            seen_ms: session.seen_ms,
        }
    }
}

/// The signed-in account's open sessions, the last seen first (at most 100).
#[utoipa::path(get, path = "/api/account/sessions", tag = tags::ACCOUNTS,
    responses((status = 200, description = "The sessions", body = [SessionView]),
              (status = 401, description = "Nobody is signed in", body = ErrorBody)))]
pub async fn list(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
    Session(session): Session,
) -> Result<Json<Vec<SessionView>>, ApiError> {
    let session = session.ok_or_else(|| ApiError::from(no_session()))?;
    let (sessions, current) = accounts.sessions(&account, &session).await?;
    Ok(Json(
        sessions
            .into_iter()
            .map(|s| SessionView::of(s, &current))
            .collect(),
    ))
}

/// Ends the signed-in account's session named `id` in its list (its browser is signed out).
#[utoipa::path(delete, path = "/api/account/sessions/{id}", tag = tags::ACCOUNTS,
    params(("id" = String, Path, description = "The session's name in the list")),
    responses((status = 204, description = "The session has ended"),
              (status = 401, description = "Nobody is signed in", body = ErrorBody),
              (status = 404, description = "No open session of this account has that name", body = ErrorBody)))]
pub async fn end(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    accounts.end_session(&account, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Ends every session of the signed-in account but the one asking (signs out every other
/// device).
#[utoipa::path(delete, path = "/api/account/sessions", tag = tags::ACCOUNTS,
    responses((status = 204, description = "Every other session has ended"),
              (status = 401, description = "Nobody is signed in", body = ErrorBody)))]
pub async fn end_others(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
    Session(session): Session,
) -> Result<StatusCode, ApiError> {
    let session = session.ok_or_else(|| ApiError::from(no_session()))?;
    accounts.end_other_sessions(&account, &session).await?;
    Ok(StatusCode::NO_CONTENT)
}

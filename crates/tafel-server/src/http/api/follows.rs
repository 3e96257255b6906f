//! Following players (docs/accounts.md, "People"): follow and unfollow by name, and the list
//! of those followed with who is online and who is playing.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use super::tags;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::session::SignedIn;
use crate::play::follows::{FollowedPlayer, Follows};

/// The players an account follows.
#[derive(Serialize, ToSchema)]
pub struct Following {
    /// By name: whether each is online, and a game each is playing.
    players: Vec<FollowedPlayer>,
    /// How many players one may follow at most.
    cap: usize,
}

/// The players the account follows, by name: who is online and who is playing.
#[utoipa::path(get, path = "/api/account/following", tag = tags::ACCOUNTS,
    responses((status = 200, description = "The players followed", body = Following),
              (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn following(
    SignedIn(account): SignedIn,
    State(follows): State<Arc<Follows>>,
) -> Result<Json<Following>, ApiError> {
    Ok(Json(Following {
        players: follows.followed_by(&account).await?,
        cap: follows.cap(),
    }))
}

/// Follows the player `name` (following twice is following once).
#[utoipa::path(put, path = "/api/account/following/{name}", tag = tags::ACCOUNTS,
    params(("name" = String, Path, description = "The player's username")),
    responses((status = 204, description = "Followed"),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 404, description = "No living account of that name", body = ErrorBody),
              (status = 409, description = "Oneself", body = ErrorBody),
              (status = 429, description = "As many players followed as one may", body = ErrorBody)))]
pub async fn follow(
    SignedIn(account): SignedIn,
    State(follows): State<Arc<Follows>>,
    Path(name): Path<String>,
) -> Result<StatusCode, ApiError> {
    follows.follow(&account, &name).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Follows the player `name` no more.
#[utoipa::path(delete, path = "/api/account/following/{name}", tag = tags::ACCOUNTS,
    params(("name" = String, Path, description = "The player's username")),
    responses((status = 204, description = "Not followed (any more)"),
              (status = 401, description = "Not signed in", body = ErrorBody),
              (status = 404, description = "No account of that name", body = ErrorBody)))]
pub async fn unfollow(
    SignedIn(account): SignedIn,
    State(follows): State<Arc<Follows>>,
    Path(name): Path<String>,
) -> Result<StatusCode, ApiError> {
    follows.unfollow(&account, &name).await?;
    Ok(StatusCode::NO_CONTENT)
}

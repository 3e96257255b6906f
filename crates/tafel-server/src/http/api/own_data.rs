//! One's data (issue #45): everything the server stores about the signed-in account, as a
//! JSON file to keep ([`crate::store::own_data`] says what is in it and what is left out).

use std::sync::Arc;

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::Json;
use serde::Serialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::tags;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::session::SignedIn;
use crate::play::accounts::Accounts;

/// Everything stored about an account.
#[derive(Serialize, ToSchema)]
pub struct OwnData {
    /// When this was read, in milliseconds since the Unix epoch.
    exported_ms: i64,
    /// For each table that names the account (`account`, `email`, `sessions`, `devices`,
    /// `mail_links`, `ratings`, `rating_changes`, `results`, `seats`, `chat_messages`, `seeks`,
    /// `tournaments_organised`, `tournaments_entered`, `tournament_byes`, `tournament_chat_messages`, `learn_progress`, `puzzle_ratings`, `puzzle_attempts`, `bot_token`, `challenges_made`,
    /// `challenges_received`, `following`, `followed_by`), its rows as objects of column and value, the secrets left
    /// out.
    #[schema(value_type = Object)]
    tables: Map<String, Value>,
}

/// Everything stored about the signed-in account, as a file to download
/// (`tafel-USERNAME.json`).
#[utoipa::path(get, path = "/api/account/data", tag = tags::ACCOUNTS,
    responses((status = 200, description = "The account's data", body = OwnData),
              (status = 401, description = "Nobody is signed in", body = ErrorBody)))]
pub async fn own_data(
    State(accounts): State<Arc<Accounts>>,
    SignedIn(account): SignedIn,
) -> Result<impl IntoResponse, ApiError> {
    let (tables, exported_ms) = accounts.own_data(&account).await?;
    // A username is letters, digits, `_` and `-`: nothing to quote.
    let file = format!("attachment; filename=\"tafel-{}.json\"", account.username);
    Ok((
        [(header::CONTENT_DISPOSITION, file)],
        Json(OwnData {
            exported_ms,
            tables,
        }),
    ))
}

//! API errors: a status code and a message, sent as JSON `{"error": "..."}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// An error answer of the API.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, for people.
    pub message: String,
}

impl ApiError {
    /// 400: the request itself is malformed or names something invalid.
    pub fn bad_request(message: impl ToString) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.to_string(),
        }
    }

    /// 403: the caller may not do this (wrong or missing seat token).
    pub fn forbidden(message: impl ToString) -> Self {
        ApiError {
            status: StatusCode::FORBIDDEN,
            message: message.to_string(),
        }
    }

    /// 404: no such game.
    pub fn not_found(message: impl ToString) -> Self {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.to_string(),
        }
    }

    /// 409: the request conflicts with the game's state (not your turn, stale ply).
    pub fn conflict(message: impl ToString) -> Self {
        ApiError {
            status: StatusCode::CONFLICT,
            message: message.to_string(),
        }
    }

    /// 422: a well-formed move that the rules refuse.
    pub fn unprocessable(message: impl ToString) -> Self {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.to_string(),
        }
    }

    /// 500: storage failed; the change was not made.
    pub fn internal(error: anyhow::Error) -> Self {
        tracing::error!("{error:#}");
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: format!("storage failed: {error:#}"),
        }
    }
}

impl ApiError {
    /// 500: a stored game no longer replays under the rules (it cannot happen unless the rules
    /// changed under stored data).
    pub fn internal_replay(error: tafel_core::record::ReplayError) -> Self {
        tracing::error!("stored game does not replay: {error}");
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: format!("the stored game does not replay: {error}"),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(serde_json::json!({ "error": self.message })),
        )
            .into_response()
    }
}

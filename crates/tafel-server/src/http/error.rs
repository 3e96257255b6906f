//! API errors: a status code and a message, sent as JSON `{"error": "..."}`; and the layers
//! that make every other error answer (the framework's own rejections) look the same.

use std::time::Duration;

use axum::extract::Request;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::domain::{Error, ErrorKind};

/// The body of every error answer: `{"error": "..."}`.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// What went wrong, in words for people.
    pub error: String,
}

/// An error answer of the API.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, for people.
    pub message: String,
    /// When to try again (sent as `Retry-After`, in whole seconds), for 429 and 503.
    pub retry_after: Option<Duration>,
}

impl ApiError {
    /// 400: the request itself is malformed or names something invalid.
    pub fn bad_request(message: impl ToString) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.to_string(),
            retry_after: None,
        }
    }

    /// 403: the caller may not do this (wrong or missing seat token).
    pub fn forbidden(message: impl ToString) -> Self {
        ApiError {
            status: StatusCode::FORBIDDEN,
            message: message.to_string(),
            retry_after: None,
        }
    }

    /// 404: no such game.
    pub fn not_found(message: impl ToString) -> Self {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.to_string(),
            retry_after: None,
        }
    }

    /// 409: the request conflicts with the game's state (not your turn, stale ply).
    pub fn conflict(message: impl ToString) -> Self {
        ApiError {
            status: StatusCode::CONFLICT,
            message: message.to_string(),
            retry_after: None,
        }
    }

    /// 422: a well-formed move that the rules refuse.
    pub fn unprocessable(message: impl ToString) -> Self {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.to_string(),
            retry_after: None,
        }
    }

    /// 404, 405...: an error with any status.
    pub fn with_status(status: StatusCode, message: impl ToString) -> Self {
        ApiError {
            status,
            message: message.to_string(),
            retry_after: None,
        }
    }

    /// 429: this client asked for too much too quickly; it may try again after `retry_after`.
    pub fn too_many_requests(message: impl ToString, retry_after: Duration) -> Self {
        ApiError {
            status: StatusCode::TOO_MANY_REQUESTS,
            message: message.to_string(),
            retry_after: Some(retry_after),
        }
    }

    /// 503: a limit of the server is reached for now; try again in a few seconds.
    pub fn unavailable(message: impl ToString) -> Self {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.to_string(),
            retry_after: Some(Duration::from_secs(5)),
        }
    }
}

impl From<Error> for ApiError {
    /// Each kind of error with its status: 400, 401, 403, 404, 409, 422, 503 (with `Retry-After`)
    /// and 500.
    fn from(error: Error) -> ApiError {
        let status = match error.kind {
            ErrorKind::Invalid => StatusCode::BAD_REQUEST,
            ErrorKind::Unauthorized => StatusCode::UNAUTHORIZED,
            ErrorKind::Forbidden => StatusCode::FORBIDDEN,
            ErrorKind::NotFound => StatusCode::NOT_FOUND,
            ErrorKind::Conflict => StatusCode::CONFLICT,
            ErrorKind::Illegal => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorKind::Busy => return ApiError::unavailable(error.message),
            ErrorKind::Quota => return ApiError::too_many_requests(error.message, QUOTA_RETRY),
            ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError::with_status(status, error.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (
            self.status,
            Json(ErrorBody {
                error: self.message,
            }),
        )
            .into_response();
        if let Some(after) = self.retry_after {
            // Whole seconds, rounded up: a client that waits that long is let through.
            let seconds = after.as_secs() + u64::from(after.subsec_nanos() > 0);
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds.max(1)));
        }
        response
    }
}

/// The largest error body of the framework that [`json_errors`] rewrites (they are one line).
/// When a client that reached a quota of its address is told to try again: analyses and games
/// without a person last seconds to minutes, so a few seconds apart is often enough.
const QUOTA_RETRY: Duration = Duration::from_secs(5);

const MAX_ERROR_BODY: usize = 16 * 1024;

/// Turns every error answer that is not JSON already (the framework's rejections: 400, 405,
/// 408, 413, 415, 422...) into `{"error": "..."}` with the same status, so that every client
/// gets a message it can show. HTML pages (the 404 page) are left as they are.
pub async fn json_errors(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let response = next.run(request).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let kind = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|k| k.to_str().ok())
        .unwrap_or("");
    if kind.starts_with("application/json") || kind.starts_with("text/html") {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, MAX_ERROR_BODY)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => {
            let allowed = parts
                .headers
                .get(header::ALLOW)
                .and_then(|a| a.to_str().ok())
                .unwrap_or("");
            format!("{method} is not allowed here (allowed: {allowed})")
        }
        StatusCode::PAYLOAD_TOO_LARGE => format!(
            "the request body is larger than the limit of {} KiB",
            crate::http::MAX_BODY / 1024
        ),
        StatusCode::REQUEST_TIMEOUT => "the request took too long to arrive".to_string(),
        _ if !text.is_empty() => text,
        _ => status
            .canonical_reason()
            .unwrap_or("error")
            .to_ascii_lowercase(),
    };
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    let body = serde_json::json!({ "error": message }).to_string();
    Response::from_parts(parts, axum::body::Body::from(body))
}

/// Answers `OPTIONS` with the methods the path takes (`204` and `Allow`), instead of 405.
/// No cross-origin use is allowed, so there are no CORS headers.
pub async fn options(request: Request, next: Next) -> Response {
    if request.method() != Method::OPTIONS {
        return next.run(request).await;
    }
    let response = next.run(request).await;
    if response.status() != StatusCode::METHOD_NOT_ALLOWED {
        return response;
    }
    match response
        .headers()
        .get(header::ALLOW)
        .and_then(|a| a.to_str().ok())
    {
        Some(allowed) => {
            let allowed = if allowed.is_empty() {
                "OPTIONS".to_string()
            } else {
                format!("{allowed},OPTIONS")
            };
            let mut answer = StatusCode::NO_CONTENT.into_response();
            if let Ok(value) = HeaderValue::from_str(&allowed) {
                answer.headers_mut().insert(header::ALLOW, value);
            }
            answer
        }
        None => response,
    }
}

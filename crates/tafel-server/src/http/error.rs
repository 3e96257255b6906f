//! API errors: a status code and a message by key, sent as JSON `{"error": "...", "code":
//! "...", "params": {...}, "request_id": "..."}` with the words in the request's language; the
//! layers that make every other error answer (the framework's own rejections, a panic) look
//! the same.

use std::collections::BTreeMap;
use std::time::Duration;

use axum::extract::Request;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::domain::language::Language;
use crate::domain::message::Message;
use crate::domain::{Error, ErrorKind};
use crate::msg;

/// The header that carries a request's id, in the request (made by the server unless a
/// trusted proxy set it) and in the answer; the log names the same id.
pub const REQUEST_ID: &str = "x-request-id";

/// The body of every error answer.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// What went wrong, in words for people, in the request's language (the `tafel_language`
    /// cookie, else `Accept-Language`, else English).
    pub error: String,
    /// What went wrong for programs: a stable code (`game-is-over`), the key of the message in
    /// the server's catalogues (`crates/tafel-server/messages/`).
    pub code: String,
    /// The message's parameters by name, each a text (`{"name": "Alice"}`).
    pub params: BTreeMap<String, String>,
    /// The request's id, as its log lines name it (also in the `x-request-id` header).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
}

impl ErrorBody {
    /// The body of `message` in `language`, for the request `request_id`.
    pub fn new(message: &Message, language: Language, request_id: Option<String>) -> ErrorBody {
        ErrorBody {
            error: message.render(language),
            code: message.key.to_string(),
            params: message
                .args
                .iter()
                .flat_map(|(name, value)| value.params(name))
                .collect(),
            request_id,
        }
    }
}

/// An error answer of the API.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, by key.
    pub message: Message,
    /// When to try again (sent as `Retry-After`, in whole seconds), for 429 and 503.
    pub retry_after: Option<Duration>,
}

impl ApiError {
    /// 400: the request itself is malformed or names something invalid.
    pub fn bad_request(message: impl Into<Message>) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
            retry_after: None,
        }
    }

    /// 403: the caller may not do this (wrong or missing seat token).
    pub fn forbidden(message: impl Into<Message>) -> Self {
        ApiError {
            status: StatusCode::FORBIDDEN,
            message: message.into(),
            retry_after: None,
        }
    }

    /// 404: no such game.
    pub fn not_found(message: impl Into<Message>) -> Self {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
            retry_after: None,
        }
    }

    /// 409: the request conflicts with the game's state (not your turn, stale ply).
    pub fn conflict(message: impl Into<Message>) -> Self {
        ApiError {
            status: StatusCode::CONFLICT,
            message: message.into(),
            retry_after: None,
        }
    }

    /// 422: a well-formed move that the rules refuse.
    pub fn unprocessable(message: impl Into<Message>) -> Self {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            message: message.into(),
            retry_after: None,
        }
    }

    /// 404, 405...: an error with any status.
    pub fn with_status(status: StatusCode, message: impl Into<Message>) -> Self {
        ApiError {
            status,
            message: message.into(),
            retry_after: None,
        }
    }

    /// 429: this client asked for too much too quickly; it may try again after `retry_after`.
    pub fn too_many_requests(message: impl Into<Message>, retry_after: Duration) -> Self {
        ApiError {
            status: StatusCode::TOO_MANY_REQUESTS,
            message: message.into(),
            retry_after: Some(retry_after),
        }
    }

    /// 503: a limit of the server is reached for now; try again in a few seconds.
    pub fn unavailable(message: impl Into<Message>) -> Self {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.into(),
            retry_after: Some(Duration::from_secs(5)),
        }
    }
}

impl From<Error> for ApiError {
    /// Each kind of error with its status: 400, 401, 403, 404, 409, 422, 503 (with `Retry-After`),
    /// 501 and 500.
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
            ErrorKind::Unsupported => StatusCode::NOT_IMPLEMENTED,
            ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError::with_status(status, error.message)
    }
}

impl IntoResponse for ApiError {
    /// The answer in English; [`json_errors`] words it again in the request's language and adds
    /// the request's id, from the message kept in the answer's extensions.
    fn into_response(self) -> Response {
        let body = ErrorBody::new(&self.message, Language::English, None);
        let mut response = (self.status, Json(body)).into_response();
        response.extensions_mut().insert(self.message);
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

/// Words every error answer in the request's language with its code and the request's id:
/// the API's own (which keep their [`Message`] in the answer's extensions) and the
/// framework's rejections (400, 405, 408, 413, 415, 422...), which get a code here. HTML pages
/// (the 404 page) are left as they are.
pub async fn json_errors(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let language = Language::of_headers(request.headers());
    let request_id = request
        .headers()
        .get(REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let response = next.run(request).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let kind = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|k| k.to_str().ok())
        .unwrap_or("")
        .to_string();
    if kind.starts_with("text/html") {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let message = match parts.extensions.remove::<Message>() {
        Some(message) => message,
        None if kind.starts_with("application/json") => {
            return Response::from_parts(parts, body);
        }
        None => {
            let text = axum::body::to_bytes(body, MAX_ERROR_BODY)
                .await
                .map(|b| String::from_utf8_lossy(&b).trim().to_string())
                .unwrap_or_default();
            rejection(status, &method, &parts.headers, text)
        }
    };
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    let body = ErrorBody::new(&message, language, request_id);
    let body = serde_json::to_string(&body).unwrap_or_default();
    Response::from_parts(parts, axum::body::Body::from(body))
}

/// The message of one of the framework's rejections, with the text it gave.
fn rejection(
    status: StatusCode,
    method: &Method,
    headers: &axum::http::HeaderMap,
    text: String,
) -> Message {
    match status {
        StatusCode::METHOD_NOT_ALLOWED => {
            let allowed = headers
                .get(header::ALLOW)
                .and_then(|a| a.to_str().ok())
                .unwrap_or("");
            msg!("method-not-allowed", method, allowed)
        }
        StatusCode::PAYLOAD_TOO_LARGE => {
            msg!("body-too-large", kib = crate::http::MAX_BODY / 1024)
        }
        StatusCode::REQUEST_TIMEOUT => msg!("request-took-too-long"),
        _ if !text.is_empty() => msg!("request-refused", detail = text),
        _ => msg!(
            "request-refused",
            detail = status
                .canonical_reason()
                .unwrap_or("error")
                .to_ascii_lowercase()
        ),
    }
}

/// The WebSocket message that tells of `error` (a game's socket, the lobby's): its words in
/// `language`, its code and parameters, and the status the same request over HTTP would get.
pub fn socket_error(error: &ApiError, language: Language) -> serde_json::Value {
    let body = ErrorBody::new(&error.message, language, None);
    serde_json::json!({
        "type": "error", "error": body.error, "code": body.code, "params": body.params,
        "status": error.status.as_u16(),
    })
}

/// A panic in a handler answered as 500 with the code `internal`; the log line, in the
/// request's span, names the request's id, which the answer also carries ([`json_errors`]).
pub fn panicked(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let what = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("a panic");
    tracing::error!("a request panicked: {what}");
    ApiError::with_status(StatusCode::INTERNAL_SERVER_ERROR, msg!("internal")).into_response()
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

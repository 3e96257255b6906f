//! Requests to the router in this process, as a browser sends them: with the session cookie
//! when given, a JSON body when given. Shared by the tests of accounts and of ratings.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use serde_json::Value;
use tower::ServiceExt;

/// An answer: its status, its `Set-Cookie` header if any, its body as JSON (`Null` when it is
/// not JSON) and as text.
pub struct Answer {
    pub status: StatusCode,
    pub cookie: Option<String>,
    pub body: Value,
    pub text: String,
}

/// Sends `method path` to `router` with the cookie `cookie` and the JSON `body`, if given.
pub async fn send(
    router: &Router,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> Answer {
    let mut request = Request::builder().method(method).uri(path);
    if let Some(cookie) = cookie {
        request = request.header(header::COOKIE, cookie);
    }
    let request = match body {
        Some(body) => request
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string())),
        None => request.body(Body::empty()),
    }
    .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let cookie = response
        .headers()
        .get(header::SET_COOKIE)
        .map(|c| c.to_str().unwrap().to_string());
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 22)
        .await
        .unwrap();
    let text = String::from_utf8_lossy(&bytes).to_string();
    let body = serde_json::from_str(&text).unwrap_or(Value::Null);
    Answer {
        status,
        cookie,
        body,
        text,
    }
}

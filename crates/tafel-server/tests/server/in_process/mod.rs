//! Requests to the router in this process, as a browser sends them: with the session cookie
//! when given, a JSON body when given. Shared by the tests of accounts and of ratings.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use serde_json::Value;
use tower::ServiceExt;

/// An answer: its status, its first `Set-Cookie` header if any (the session's), every
/// `Set-Cookie` header, its `Retry-After` header if any, its body as JSON (`Null` when it is
/// not JSON) and as text.
pub struct Answer {
    pub status: StatusCode,
    pub cookie: Option<String>,
    pub cookies: Vec<String>,
    pub retry_after: Option<String>,
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
    send_from(router, None, method, path, cookie, body).await
}

/// [`send`] from client `address` (`None`: no address, as in-process requests have), as the
/// listener would record it.
pub async fn send_from(
    router: &Router,
    address: Option<&str>,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> Answer {
    send_as(router, address, None, method, path, cookie, body).await
}

/// [`send_from`] by a browser whose `User-Agent` is `user_agent`, if given.
pub async fn send_as(
    router: &Router,
    address: Option<&str>,
    user_agent: Option<&str>,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> Answer {
    let mut request = Request::builder().method(method).uri(path);
    if let Some(user_agent) = user_agent {
        request = request.header(header::USER_AGENT, user_agent);
    }
    if let Some(cookie) = cookie {
        request = request.header(header::COOKIE, cookie);
    }
    if let Some(address) = address {
        let address: std::net::SocketAddr = format!("{address}:40000").parse().unwrap();
        request = request.extension(axum::extract::ConnectInfo(address));
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
    let cookies: Vec<String> = response
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .map(|c| c.to_str().unwrap().to_string())
        .collect();
    let retry_after = response
        .headers()
        .get(header::RETRY_AFTER)
        .map(|r| r.to_str().unwrap().to_string());
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 22)
        .await
        .unwrap();
    let text = String::from_utf8_lossy(&bytes).to_string();
    let body = serde_json::from_str(&text).unwrap_or(Value::Null);
    Answer {
        status,
        cookie: cookies.first().cloned(),
        cookies,
        retry_after,
        body,
        text,
    }
}

//! Who may talk to the server, and what every answer carries for the browser's protection.
//!
//! - **Host.** A request must name this server: `localhost`, a loopback address, the address it
//!   listens on (any address of the machine when it listens on all of them), or the host of a
//!   public URL given with `--public-url`. Anything else is refused with 403, which defeats
//!   DNS rebinding (a hostile page whose name was pointed at this machine: its requests carry
//!   its own name).
//! - **Origin.** A request that changes something (any method but GET, HEAD and OPTIONS) and
//!   every WebSocket opening must come from the server's own pages: when the browser sends an
//!   `Origin`, it must be a public URL or the very host the request is addressed to. Other
//!   programs send no `Origin` and are let through (they hold the seat tokens they use).
//! - **Headers.** Every answer carries a Content-Security-Policy without inline script, no
//!   framing, `nosniff` and no referrer ([`SECURITY_HEADERS`]).

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::http::error::ApiError;
use crate::msg;
use crate::public_url::{default_port, normal_host, PublicUrl};

/// The Content-Security-Policy of every answer: the page's own scripts, styles, images (and
/// inline `data:` images), WebSocket and fetches only; no plugins, no `<base>`, no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; \
    object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The headers every answer carries (unless the handler set them itself).
pub const SECURITY_HEADERS: &[(&str, &str)] = &[
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "no-referrer"),
    ("cross-origin-opener-policy", "same-origin"),
];

/// Adds [`SECURITY_HEADERS`] to an answer.
pub async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers
            .entry(*name)
            .or_insert(HeaderValue::from_static(value));
    }
    response
}

/// The hosts and origins the server accepts requests for.
#[derive(Clone, Debug)]
pub struct Origins {
    public: Vec<PublicUrl>,
    bound: IpAddr,
}

impl Origins {
    /// Accepting the public URLs, loopback, and `bound` (the address listened on).
    pub fn new(public: Vec<PublicUrl>, bound: IpAddr) -> Origins {
        Origins { public, bound }
    }

    /// Whether `host` (a host name or address, without port) names this server.
    fn host_allowed(&self, host: &str) -> bool {
        let host = normal_host(host);
        if host == "localhost" || self.public.iter().any(|p| p.host() == host) {
            return true;
        }
        match host.parse::<IpAddr>() {
            Ok(ip) => ip.is_loopback() || ip == self.bound || self.bound.is_unspecified(),
            Err(_) => false,
        }
    }

    /// Whether a request with this method and headers may go on; the refusal otherwise.
    pub fn admit(&self, method: &Method, uri: &Uri, headers: &HeaderMap) -> Result<(), ApiError> {
        let mut hosts = headers.get_all(header::HOST).iter();
        let host_header = hosts.next();
        if hosts.next().is_some() {
            return Err(ApiError::bad_request(msg!(
                "request-may-carry-one-host-header"
            )));
        }
        let host = host_header
            .and_then(|h| h.to_str().ok())
            .or_else(|| uri.authority().map(|a| a.as_str()));
        let authority = match host {
            Some(text) => Some(
                text.parse::<axum::http::uri::Authority>()
                    .map_err(|_| ApiError::bad_request(msg!("host-header-is-malformed")))?,
            ),
            None => None,
        };
        if let Some(authority) = &authority {
            if authority.as_str().contains('@') {
                return Err(ApiError::bad_request(msg!("host-header-names-a-host-and")));
            }
            if !self.host_allowed(authority.host()) {
                return Err(ApiError::forbidden(msg!(
                    "this-server-does-not-answer-for",
                    host = authority.host()
                )));
            }
        }
        let changes = !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
        let websocket = headers
            .get(header::UPGRADE)
            .and_then(|u| u.to_str().ok())
            .is_some_and(|u| u.eq_ignore_ascii_case("websocket"));
        if !(changes || websocket) {
            return Ok(());
        }
        let Some(origin) = headers.get(header::ORIGIN) else {
            return Ok(());
        };
        let origin = origin.to_str().unwrap_or("");
        let same_site = self.public.iter().any(|p| p.origin() == origin)
            || authority.is_some_and(|a| same_authority(origin, &a));
        if same_site {
            Ok(())
        } else {
            Err(ApiError::forbidden(msg!(
                "requests-from-pages-of-origin-are",
                origin
            )))
        }
    }
}

/// Refuses requests that [`Origins::admit`] does not let through.
pub async fn check(State(origins): State<Arc<Origins>>, request: Request, next: Next) -> Response {
    match origins.admit(request.method(), request.uri(), request.headers()) {
        Ok(()) => next.run(request).await,
        Err(refusal) => refusal.into_response(),
    }
}

/// Whether the browser origin `origin` (`http://host:port`) is the host the request went to.
fn same_authority(origin: &str, authority: &axum::http::uri::Authority) -> bool {
    let Ok(uri) = origin.parse::<Uri>() else {
        return false;
    };
    let (Some(scheme), Some(from)) = (uri.scheme_str(), uri.authority()) else {
        return false;
    };
    let default = default_port(&scheme.to_ascii_lowercase());
    normal_host(from.host()) == normal_host(authority.host())
        && from.port_u16().or(default) == authority.port_u16().or(default)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        pairs
            .iter()
            .map(|(k, v)| {
                (
                    k.parse::<header::HeaderName>().unwrap(),
                    HeaderValue::from_static(v),
                )
            })
            .collect()
    }

    fn origins() -> Origins {
        Origins::new(
            vec!["https://games.example.org".parse().unwrap()],
            "127.0.0.1".parse().unwrap(),
        )
    }

    fn admits(method: Method, pairs: &[(&'static str, &'static str)]) -> bool {
        origins()
            .admit(&method, &Uri::from_static("/api/games"), &headers(pairs))
            .is_ok()
    }

    #[test]
    fn only_this_servers_hosts_are_answered() {
        assert!(admits(Method::GET, &[("host", "127.0.0.1:8080")]));
        assert!(admits(Method::GET, &[("host", "localhost:8080")]));
        assert!(admits(Method::GET, &[("host", "[::1]:8080")]));
        assert!(admits(Method::GET, &[("host", "games.example.org")]));
        assert!(admits(Method::GET, &[]), "no Host: not a browser");
        assert!(!admits(Method::GET, &[("host", "evil.example:8080")]));
        assert!(!admits(Method::GET, &[("host", "192.168.1.9:8080")]));
        let everywhere = Origins::new(vec![], "0.0.0.0".parse().unwrap());
        assert!(everywhere
            .admit(
                &Method::GET,
                &Uri::from_static("/"),
                &headers(&[("host", "192.168.1.9:8080")])
            )
            .is_ok());
    }

    #[test]
    fn a_host_is_one_header_without_a_user() {
        assert!(!admits(Method::GET, &[("host", "user@127.0.0.1:8080")]));
        assert!(!admits(Method::GET, &[("host", "evil@localhost")]));
        let two = [("host", "127.0.0.1:8080"), ("host", "evil.example")];
        let refusal = origins()
            .admit(&Method::GET, &Uri::from_static("/"), &headers(&two))
            .unwrap_err();
        assert_eq!(refusal.status, axum::http::StatusCode::BAD_REQUEST);
        assert!(
            refusal.message.to_string().contains("one Host header"),
            "{}",
            refusal.message
        );
        let same_twice = [("host", "127.0.0.1:8080"), ("host", "127.0.0.1:8080")];
        assert!(
            !admits(Method::GET, &same_twice),
            "two are refused even when equal"
        );
        assert!(admits(Method::GET, &[("host", "127.0.0.1:8080")]));
    }

    #[test]
    fn changes_and_websockets_only_from_the_servers_own_pages() {
        let same = [
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8080"),
        ];
        assert!(admits(Method::POST, &same));
        assert!(admits(
            Method::POST,
            &[
                ("host", "127.0.0.1:8080"),
                ("origin", "https://games.example.org")
            ]
        ));
        assert!(admits(
            Method::POST,
            &[
                ("host", "games.example.org"),
                ("origin", "https://games.example.org")
            ]
        ));
        assert!(admits(Method::POST, &[("host", "127.0.0.1:8080")]));
        for origin in [
            "https://evil.example",
            "http://127.0.0.1:9999",
            "null",
            "http://localhost:8080",
        ] {
            let pairs = [("host", "127.0.0.1:8080"), ("origin", origin)];
            let pairs: Vec<_> = pairs.to_vec();
            assert!(!admits(Method::POST, &pairs), "{origin}");
        }
        let socket = [
            ("host", "127.0.0.1:8080"),
            ("origin", "https://evil.example"),
            ("upgrade", "websocket"),
        ];
        assert!(!admits(Method::GET, &socket));
        assert!(
            admits(
                Method::GET,
                &[
                    ("host", "127.0.0.1:8080"),
                    ("origin", "https://evil.example")
                ]
            ),
            "reading is not changing (and the browser keeps the answer from the other page)"
        );
    }
}

//! The language of the pages the server renders itself (the page shell, the 404 page, the rules
//! pages) and of every answer's words: the one a `lang` query parameter names (what the page's
//! WebSockets say they speak, since a browser's WebSocket cannot set headers), else the one chosen
//! with the site's language switch (the cookie [`COOKIE`], set by `web/i18n.js`), else the first
//! language of the request's `Accept-Language` that Tafel offers, else English. The browser's own
//! texts are translated by `web/i18n.js`; the languages themselves are the domain's ([`Language`]).

use axum::extract::FromRequestParts;
use axum::http::header::ACCEPT_LANGUAGE;
use axum::http::request::Parts;
use axum::http::HeaderMap;
use axum_extra::extract::cookie::CookieJar;

/// The cookie the language switch sets: `en` or `de`.
pub const COOKIE: &str = "tafel_language";

pub use crate::domain::language::Language;

impl Language {
    /// The language of a request: its `lang` query parameter's, else the cookie's, else
    /// `Accept-Language`'s, else English.
    pub fn of_request(parts: &Parts) -> Language {
        parts
            .uri
            .query()
            .into_iter()
            .flat_map(|query| query.split('&'))
            .find_map(|pair| pair.strip_prefix("lang="))
            .and_then(Language::from_code)
            .unwrap_or_else(|| Language::of_headers(&parts.headers))
    }

    /// The language of a request's headers: the cookie's, else `Accept-Language`'s, else
    /// English.
    pub fn of_headers(headers: &HeaderMap) -> Language {
        let chosen = CookieJar::from_headers(headers)
            .get(COOKIE)
            .and_then(|c| Language::from_code(c.value()));
        chosen
            .or_else(|| {
                headers
                    .get(ACCEPT_LANGUAGE)
                    .and_then(|v| v.to_str().ok())
                    .and_then(Language::from_accept_language)
            })
            .unwrap_or_default()
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Language {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Language::of_request(parts))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(cookie: Option<&str>, accept: Option<&str>) -> Language {
        let mut request = axum::http::Request::builder();
        if let Some(c) = cookie {
            request = request.header("cookie", c);
        }
        if let Some(a) = accept {
            request = request.header("accept-language", a);
        }
        Language::of_request(&request.body(()).unwrap().into_parts().0)
    }

    #[test]
    fn the_cookie_then_accept_language_then_english() {
        assert_eq!(of(None, None), Language::English);
        assert_eq!(of(None, Some("de-DE,de;q=0.9,en;q=0.8")), Language::German);
        assert_eq!(of(None, Some("fr-FR,en;q=0.5,de;q=0.7")), Language::German);
        assert_eq!(of(None, Some("en-GB,de;q=0.9")), Language::English);
        assert_eq!(of(None, Some("fr, *;q=0.5")), Language::English);
        assert_eq!(of(None, Some("de;q=0, en;q=0.1")), Language::English);
        assert_eq!(of(Some("tafel_language=en"), Some("de")), Language::English);
        assert_eq!(
            of(Some("other=1; tafel_language=de"), Some("en")),
            Language::German
        );
        assert_eq!(
            of(Some("tafel_language=xx"), Some("de-AT")),
            Language::German
        );
        assert_eq!(Language::German.code(), "de");
    }

    /// A request to `uri` with `cookie` and `accept` headers.
    fn of_uri(uri: &str, cookie: &str, accept: &str) -> Language {
        let request = axum::http::Request::builder()
            .uri(uri)
            .header("cookie", cookie)
            .header("accept-language", accept)
            .body(())
            .unwrap();
        Language::of_request(&request.into_parts().0)
    }

    #[test]
    fn a_lang_parameter_comes_before_the_cookie_and_the_header() {
        let (cookie, accept) = ("tafel_language=en", "en-US,en;q=0.9");
        assert_eq!(
            of_uri("/api/games/x/ws?lang=de", cookie, accept),
            Language::German
        );
        assert_eq!(
            of_uri("/ws?a=1&lang=de-AT", cookie, accept),
            Language::German
        );
        assert_eq!(
            of_uri("/ws?lang=de", "tafel_language=de", "de"),
            Language::German
        );
        // Not a language Tafel offers, or no such parameter: the cookie, then the header.
        assert_eq!(
            of_uri("/ws?lang=xx", "tafel_language=de", "en"),
            Language::German
        );
        assert_eq!(of_uri("/ws?language=de", "x=1", "en"), Language::English);
        assert_eq!(of_uri("/ws?slang=de", "x=1", "en"), Language::English);
    }
}

//! An address people reach the server by (`--public-url`), and how hosts are spelt when
//! they are compared.

use std::str::FromStr;

use axum::http::Uri;

/// An address people reach the server by, from `--public-url`: a scheme and a host with an
/// optional port, such as `https://games.example.org`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicUrl {
    origin: String,
    host: String,
}

impl PublicUrl {
    /// Whether people reach the server over https (its cookies are then sent over https only).
    pub fn is_https(&self) -> bool {
        self.origin().starts_with("https://")
    }

    /// The origin as browsers send it (`https://games.example.org`, default port left out).
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The host in one spelling (lower case, no brackets).
    pub fn host(&self) -> &str {
        &self.host
    }
}

impl FromStr for PublicUrl {
    type Err = String;

    fn from_str(text: &str) -> Result<PublicUrl, String> {
        let bad = |why: &str| format!("invalid public URL `{text}`: {why}");
        let uri: Uri = text
            .trim()
            .parse()
            .map_err(|_| bad("expected e.g. https://games.example.org"))?;
        let scheme = uri
            .scheme_str()
            .ok_or_else(|| bad("it needs http:// or https://"))?
            .to_ascii_lowercase();
        if scheme != "http" && scheme != "https" {
            return Err(bad("the scheme must be http or https"));
        }
        let authority = uri.authority().ok_or_else(|| bad("it names no host"))?;
        if authority.as_str().contains('@') {
            return Err(bad("it must not carry a user name"));
        }
        if !matches!(uri.path(), "" | "/") || uri.query().is_some() {
            return Err(bad(
                "only the scheme, host and port are used; leave out the path",
            ));
        }
        let host = normal_host(authority.host());
        let origin = match authority.port_u16() {
            Some(port) if Some(port) != default_port(&scheme) => {
                format!("{scheme}://{}:{port}", bracketed(&host))
            }
            _ => format!("{scheme}://{}", bracketed(&host)),
        };
        Ok(PublicUrl { origin, host })
    }
}

/// The port a scheme uses when none is written.
pub(crate) fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" => Some(80),
        "https" => Some(443),
        _ => None,
    }
}

/// A host in one spelling: lower case, without IPv6 brackets or a final dot.
pub(crate) fn normal_host(host: &str) -> String {
    host.trim_start_matches('[')
        .trim_end_matches(']')
        .trim_end_matches('.')
        .to_ascii_lowercase()
}

/// A host as written in a URL (IPv6 addresses in brackets).
fn bracketed(host: &str) -> String {
    if host.contains(':') {
        format!("[{host}]")
    } else {
        host.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_urls_are_read_as_browser_origins() {
        let url: PublicUrl = "https://Games.Example.org:443/".parse().unwrap();
        assert_eq!(url.origin(), "https://games.example.org");
        let url: PublicUrl = "http://[::1]:8080".parse().unwrap();
        assert_eq!(url.origin(), "http://[::1]:8080");
        for bad in [
            "games.example.org",
            "ftp://x.org",
            "https://x.org/play",
            "https://u@x.org",
        ] {
            assert!(bad.parse::<PublicUrl>().is_err(), "{bad}");
        }
    }
}

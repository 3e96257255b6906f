//! What the list of one's sessions shows of each (issue #45): the browser that uses it, the
//! address it was last seen from, and when. Both come from the client and are only shown back to the
//! account's owner, so they are kept as text, cut short and without control characters.

use std::net::IpAddr;

/// The most characters of a browser's description kept (User-Agent headers run to about 150).
pub const MAX_DEVICE_CHARS: usize = 200;

/// Where a session is used from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SessionPlace {
    /// The browser's own description (its `User-Agent` header), cut to [`MAX_DEVICE_CHARS`];
    /// none when it sent none (or only control characters).
    pub device: Option<String>,
    /// The client's address (behind a trusted proxy, the one the proxy names).
    pub address: Option<String>,
}

impl SessionPlace {
    /// The place of a request whose `User-Agent` is `user_agent`, from `address`.
    pub fn new(user_agent: Option<&str>, address: Option<IpAddr>) -> SessionPlace {
        let device: String = user_agent
            .unwrap_or_default()
            .chars()
            .filter(|c| !c.is_control())
            .take(MAX_DEVICE_CHARS)
            .collect();
        let device = device.trim();
        SessionPlace {
            device: (!device.is_empty()).then(|| device.to_string()),
            address: address.map(|a| a.to_string()),
        }
    }
}

/// A session as its account's list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSession {
    /// Its name in the list: the start of its id's digest.
    pub handle: String,
    /// Where it was opened and last seen from.
    pub place: SessionPlace,
    /// When it was opened.
    pub created_ms: i64,
    /// When it was last seen (while in use, a few minutes ago at most).
    pub seen_ms: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_is_kept_short_and_without_control_characters() {
        let place = SessionPlace::new(
            Some("Mozilla/5.0\r\n\u{1b}[31m (X11)"),
            Some("192.0.2.7".parse().unwrap()),
        );
        assert_eq!(place.device.as_deref(), Some("Mozilla/5.0[31m (X11)"));
        assert_eq!(place.address.as_deref(), Some("192.0.2.7"));
        let long = "x".repeat(1000);
        let place = SessionPlace::new(Some(&long), None);
        assert_eq!(place.device.unwrap().len(), MAX_DEVICE_CHARS);
        assert_eq!(place.address, None);
        assert_eq!(SessionPlace::new(Some(" \t "), None).device, None);
        assert_eq!(SessionPlace::new(None, None), SessionPlace::default());
    }
}

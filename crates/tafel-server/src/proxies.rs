//! The reverse proxies the server trusts (`--trusted-proxies`) and the client's address they
//! pass on.
//!
//! A request from a trusted proxy names its client in `X-Forwarded-For` (a comma list, each
//! proxy appending the address it was reached from) or `Forwarded` (RFC 7239, its `for=`
//! parameters). The client is the rightmost address of that chain that is not a trusted proxy
//! itself: every address to its right was written by a proxy the server trusts, while what is
//! to its left the client may have written. `X-Forwarded-For` is read when present (nginx,
//! Caddy, HAProxy set it), `Forwarded` otherwise; a proxy that sets only `Forwarded` must drop
//! the `X-Forwarded-For` clients send. From any other peer both headers are ignored. A chain
//! that cannot be read up to the client (an entry that is not an address, `unknown`, an
//! obfuscated name) leaves the peer as the client: the proxy is misconfigured, and its
//! clients then share its address.

use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

use axum::http::HeaderMap;
use ipnet::IpNet;

/// One entry of `--trusted-proxies`: an address (`127.0.0.1`, `::1`) or a network in CIDR
/// notation (`10.0.0.0/8`, `fd00::/8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProxyNet(IpNet);

impl FromStr for ProxyNet {
    type Err = String;

    fn from_str(text: &str) -> Result<ProxyNet, String> {
        let text = text.trim();
        text.parse::<IpNet>()
            .or_else(|_| text.parse::<IpAddr>().map(IpNet::from))
            .map(|net| ProxyNet(net.trunc()))
            .map_err(|_| {
                format!(
                    "invalid trusted proxy `{text}`: expected an address or a network, \
                     e.g. 127.0.0.1 or 10.0.0.0/8"
                )
            })
    }
}

/// The proxies whose forwarding headers are believed (none by default, loopback included).
#[derive(Clone, Debug, Default)]
pub struct TrustedProxies(Vec<ProxyNet>);

impl TrustedProxies {
    /// Trusting the peers within `nets`.
    pub fn new(nets: Vec<ProxyNet>) -> TrustedProxies {
        TrustedProxies(nets)
    }

    /// Whether `ip` (an IPv4 address also when written as IPv6) is a trusted proxy.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|ProxyNet(net)| net.contains(&ip))
    }

    /// The address of the client whose request came from `peer` with `headers` (see the
    /// module documentation).
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.trusts(peer) {
            return peer;
        }
        let chain = if headers.contains_key("x-forwarded-for") {
            joined(headers, "x-forwarded-for").map(|list| forwarded_for(&list))
        } else {
            joined(headers, "forwarded").map(|list| forwarded(&list))
        };
        match chain {
            Some(chain) => self.rightmost_untrusted(&chain).unwrap_or(peer),
            None => peer,
        }
    }

    /// The rightmost address of `chain` that is not a trusted proxy; the leftmost if all are
    /// (the request began at a proxy); `None` if an entry before it is not an address.
    fn rightmost_untrusted(&self, chain: &[Option<IpAddr>]) -> Option<IpAddr> {
        let mut leftmost = None;
        for entry in chain.iter().rev() {
            let ip = (*entry)?;
            if !self.trusts(ip) {
                return Some(ip);
            }
            leftmost = Some(ip);
        }
        leftmost
    }
}

/// Every line of header `name` joined into one comma list, in order; `None` if there is none
/// or one is not text.
fn joined(headers: &HeaderMap, name: &str) -> Option<String> {
    let mut lines = Vec::new();
    for value in headers.get_all(name) {
        lines.push(value.to_str().ok()?);
    }
    (!lines.is_empty()).then(|| lines.join(","))
}

/// The entries of an `X-Forwarded-For` list, left to right: an address each (`None` for an
/// entry that is not one).
fn forwarded_for(list: &str) -> Vec<Option<IpAddr>> {
    list.split(',').map(node).collect()
}

/// The `for=` of each element of a `Forwarded` list (RFC 7239), left to right (`None` for an
/// element without one or whose node is not an address).
fn forwarded(list: &str) -> Vec<Option<IpAddr>> {
    split_outside_quotes(list, ',')
        .into_iter()
        .map(|element| {
            split_outside_quotes(element, ';')
                .into_iter()
                .filter_map(|pair| pair.split_once('='))
                .find(|(name, _)| name.trim().eq_ignore_ascii_case("for"))
                .and_then(|(_, value)| node(&unquoted(value.trim())))
        })
        .collect()
}

/// `text` split at `separator` where it is not within a quoted string.
fn split_outside_quotes(text: &str, separator: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut start, mut quoted, mut escaped) = (0, false, false);
    for (at, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            _ if c == separator && !quoted => {
                parts.push(&text[start..at]);
                start = at + c.len_utf8();
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// A value without its quotes and escapes, if it is a quoted string.
fn unquoted(value: &str) -> String {
    match value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
        Some(inner) => {
            let mut text = String::with_capacity(inner.len());
            let mut chars = inner.chars();
            while let Some(c) = chars.next() {
                text.push(if c == '\\' {
                    chars.next().unwrap_or(c)
                } else {
                    c
                });
            }
            text
        }
        None => value.to_string(),
    }
}

/// The address of a node: `192.0.2.1`, `192.0.2.1:4711`, `2001:db8::1`, `[2001:db8::1]` or
/// `[2001:db8::1]:4711`; `None` for anything else (`unknown`, `_hidden`).
fn node(text: &str) -> Option<IpAddr> {
    let text = text.trim();
    let bare = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .unwrap_or(text);
    if let Ok(ip) = bare.parse::<IpAddr>() {
        return Some(ip.to_canonical());
    }
    if let Ok(socket) = text.parse::<SocketAddr>() {
        return Some(socket.ip().to_canonical());
    }
    // A port written as an obfuscated name (`[::1]:_port`, `10.0.0.1:_port`).
    let (host, port) = text.rsplit_once(':')?;
    if !port.starts_with('_') {
        return None;
    }
    let host = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    host.parse::<IpAddr>().ok().map(|ip| ip.to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn trusting(nets: &[&str]) -> TrustedProxies {
        TrustedProxies::new(nets.iter().map(|n| n.parse().unwrap()).collect())
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn entries_are_addresses_or_networks() {
        let proxies = trusting(&["127.0.0.1", "10.1.2.3/8", "fd00::/8", " ::1 "]);
        assert!(proxies.trusts(ip("127.0.0.1")));
        assert!(!proxies.trusts(ip("127.0.0.2")));
        assert!(
            proxies.trusts(ip("10.200.0.1")),
            "the network of 10.1.2.3/8"
        );
        assert!(
            proxies.trusts(ip("::ffff:10.0.0.1")),
            "IPv4 written as IPv6"
        );
        assert!(proxies.trusts(ip("fd12::1")));
        assert!(proxies.trusts(ip("::1")));
        assert!(!proxies.trusts(ip("2001:db8::1")));
        for bad in ["", "localhost", "10.0.0.0/33", "10.0.0.1/", "1.2.3.4.5"] {
            let error = bad.parse::<ProxyNet>().unwrap_err();
            assert!(error.contains("invalid trusted proxy"), "{error}");
        }
    }

    #[test]
    fn nobody_is_trusted_by_default_loopback_included() {
        let forged = headers(&[
            ("x-forwarded-for", "203.0.113.9"),
            ("forwarded", "for=1.2.3.4"),
        ]);
        let proxies = TrustedProxies::default();
        assert_eq!(proxies.client(ip("127.0.0.1"), &forged), ip("127.0.0.1"));
        assert_eq!(proxies.client(ip("::1"), &forged), ip("::1"));
    }

    #[test]
    fn an_untrusted_peers_headers_are_ignored() {
        let proxies = trusting(&["10.0.0.0/8"]);
        let forged = headers(&[("x-forwarded-for", "203.0.113.9")]);
        assert_eq!(proxies.client(ip("192.0.2.7"), &forged), ip("192.0.2.7"));
        let forged = headers(&[("forwarded", "for=203.0.113.9")]);
        assert_eq!(proxies.client(ip("192.0.2.7"), &forged), ip("192.0.2.7"));
    }

    #[test]
    fn the_rightmost_untrusted_address_of_an_x_forwarded_for_chain() {
        let proxies = trusting(&["10.0.0.0/8", "127.0.0.1"]);
        let peer = ip("127.0.0.1");
        let client = |list: &str| proxies.client(peer, &headers(&[("x-forwarded-for", list)]));
        assert_eq!(client("203.0.113.9"), ip("203.0.113.9"));
        // What the client wrote itself, to the left, does not count.
        assert_eq!(client("1.1.1.1, 203.0.113.9"), ip("203.0.113.9"));
        // Proxies of its own to the right are passed over.
        assert_eq!(client("1.1.1.1, 203.0.113.9, 10.0.0.2"), ip("203.0.113.9"));
        assert_eq!(client(" 203.0.113.9 ,10.0.0.2,10.9.9.9"), ip("203.0.113.9"));
        // Ports, brackets and IPv6.
        assert_eq!(client("203.0.113.9:4711"), ip("203.0.113.9"));
        assert_eq!(client("[2001:db8::7]:4711"), ip("2001:db8::7"));
        assert_eq!(client("2001:db8::7"), ip("2001:db8::7"));
        assert_eq!(client("::ffff:203.0.113.9"), ip("203.0.113.9"));
        // Every entry a trusted proxy: the request began at the leftmost.
        assert_eq!(client("10.0.0.3, 10.0.0.2"), ip("10.0.0.3"));
        // Several lines are one list, in order.
        let two_lines = headers(&[
            ("x-forwarded-for", "1.1.1.1"),
            ("x-forwarded-for", "203.0.113.9, 10.0.0.2"),
        ]);
        assert_eq!(proxies.client(peer, &two_lines), ip("203.0.113.9"));
    }

    #[test]
    fn a_malformed_chain_leaves_the_peer() {
        let proxies = trusting(&["10.0.0.0/8"]);
        let peer = ip("10.0.0.1");
        let client = |list: &str| proxies.client(peer, &headers(&[("x-forwarded-for", list)]));
        for bad in [
            "",
            "unknown",
            "garbage, 10.0.0.2",
            "203.0.113.9,,",
            "300.1.1.1",
            "[::1",
        ] {
            assert_eq!(client(bad), peer, "{bad:?}");
        }
        // Garbage to the left of the client is the client's own and does not matter.
        assert_eq!(client("garbage, 203.0.113.9"), ip("203.0.113.9"));
        let mut not_text = HeaderMap::new();
        not_text.insert(
            "x-forwarded-for",
            HeaderValue::from_bytes(b"\xff203.0.113.9").unwrap(),
        );
        assert_eq!(proxies.client(peer, &not_text), peer);
        let forwarded = |list: &str| proxies.client(peer, &headers(&[("forwarded", list)]));
        for bad in [
            "for",
            "for=",
            "by=10.0.0.2",
            "for=unknown",
            "for=_hidden",
            "for=\"[::1\"",
        ] {
            assert_eq!(forwarded(bad), peer, "{bad:?}");
        }
    }

    #[test]
    fn forwarded_with_quotes_ports_and_ipv6() {
        let proxies = trusting(&["10.0.0.0/8"]);
        let peer = ip("10.0.0.1");
        let client = |list: &str| proxies.client(peer, &headers(&[("forwarded", list)]));
        assert_eq!(client("for=192.0.2.60"), ip("192.0.2.60"));
        assert_eq!(client("For=\"192.0.2.60:8080\""), ip("192.0.2.60"));
        assert_eq!(
            client("for=\"[2001:db8:cafe::17]\""),
            ip("2001:db8:cafe::17")
        );
        assert_eq!(
            client("for=\"[2001:db8:cafe::17]:4711\""),
            ip("2001:db8:cafe::17")
        );
        assert_eq!(
            client("for=\"[2001:db8:cafe::17]:_port\""),
            ip("2001:db8:cafe::17")
        );
        assert_eq!(
            client("for=192.0.2.43;proto=https;by=10.0.0.1, for=198.51.100.17;host=\"a,b;c\""),
            ip("198.51.100.17")
        );
        assert_eq!(
            client("for=192.0.2.43, for=198.51.100.17;by=x, for=\"10.0.0.5:80\""),
            ip("198.51.100.17")
        );
        // A forged element to the left is passed over; an unknown one to the left too.
        assert_eq!(
            client("for=unknown, for=198.51.100.17"),
            ip("198.51.100.17")
        );
        // X-Forwarded-For, when present, is the chain read.
        let both = headers(&[
            ("forwarded", "for=1.2.3.4"),
            ("x-forwarded-for", "198.51.100.17"),
        ]);
        assert_eq!(proxies.client(peer, &both), ip("198.51.100.17"));
    }
}

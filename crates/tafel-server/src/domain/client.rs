//! The address a client is counted by, for limits and for taking turns: IPv4 as it is (also
//! when written as IPv6), IPv6 by its /64, since an IPv6 client usually controls a whole /64.

use std::net::IpAddr;

/// The address `ip` counts as (see the module documentation).
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn ipv4_stays_and_ipv6_counts_by_its_slash_64() {
        assert_eq!(client_key(ip("10.1.2.3")), ip("10.1.2.3"));
        assert_eq!(client_key(ip("::ffff:10.1.2.3")), ip("10.1.2.3"));
        assert_eq!(client_key(ip("2001:db8::1")), ip("2001:db8::"));
        assert_eq!(client_key(ip("2001:db8::ffff:2")), ip("2001:db8::"));
        assert_ne!(client_key(ip("2001:db8:0:1::1")), ip("2001:db8::"));
    }
}

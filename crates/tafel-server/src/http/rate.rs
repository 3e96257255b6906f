//! Rate limits by a key (a token bucket each), with a bounded table: per client address (the
//! games a client creates, its sign-ups and sign-ins), per account (sign-in attempts, by
//! the username tried, per address and device: [`AccountRates`]) and per chat writer; and the client's address as handlers read it,
//! worked out once per request (behind a trusted proxy, the client it names).
//!
//! Each key may spend `burst` requests at once, and gets `per_minute` back per minute.
//! An IPv6 client usually controls a whole /64, so an address key counts a /64 as one address
//! ([`LimitKey`]). The table never holds more than a fixed number of keys: a key whose bucket
//! has refilled is the same as an unknown one and is dropped first; if every remembered key
//! is still limited, a new key must wait as well (the server is being flooded from many
//! addresses or names, and its memory comes first).

use std::collections::HashMap;
use std::hash::Hash;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, FromRef, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::Response;

use crate::domain::chat::{account_rate_key, Author};
use crate::domain::client::client_key;
use crate::domain::ids::{AccountId, DeviceId, GameId, SessionId};
use crate::http::error::ApiError;
use crate::msg;
use crate::proxies::TrustedProxies;

/// A request from a client address that still has allowance for creations (games created,
/// imported or joined): taking this extractor spends one, or refuses the request with 429
/// and `Retry-After`. Requests without a client address (in-process tests) pass.
pub struct Allowance;

impl<S> FromRequestParts<S> for Allowance
where
    Arc<RateLimiter>: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Allowance, ApiError> {
        let limiter = Arc::<RateLimiter>::from_ref(state);
        match client_ip(parts).map(|ip| limiter.check(ip)) {
            Some(Err(wait)) => Err(ApiError::too_many_requests(
                msg!("this-address-has-created-or-joined"),
                wait,
            )),
            _ => Ok(Allowance),
        }
    }
}

/// The limits on signing up and in, made so that they protect an account rather than lock
/// its owner out (`docs/accounts.md`):
///
/// - from a device the account knows (its device cookie signed in to it before), attempts
///   count per device only: a stranger's attempts never refuse it;
/// - from any other device, attempts count per client address, and per account (the
///   username tried, whether or not an account has it, so that the answer tells nothing) and
///   address together: a stranger is refused at their own address, not at the owner's; and
///   once an account has had many such attempts from all addresses together, each further one
///   is slowed ([`SLOWED_SIGN_IN`]), never refused;
/// - a password change or deletion, which checks the password too, counts per session;
/// - sign-ups, and password resets asked for or done, count per client address.
pub struct AccountRates {
    /// Sign-in attempts per client address, from devices the account does not know.
    pub sign_ins_per_address: RateLimiter<IpAddr>,
    /// Sign-in attempts per username and client address, from devices the account does not
    /// know.
    pub sign_ins_per_account: RateLimiter<(String, Option<IpAddr>)>,
    /// Sign-in attempts per username from devices it does not know, all addresses together:
    /// past it they are slowed.
    pub unknown_devices_per_account: RateLimiter<String>,
    /// Sign-in attempts per known device (by its id's digest).
    pub sign_ins_per_device: RateLimiter<String>,
    /// Password checks (a password change, a deletion) per session (by its id's digest).
    pub password_checks_per_session: RateLimiter<String>,
    /// Sign-ups per client address.
    pub sign_ups_per_address: RateLimiter<IpAddr>,
    /// Password resets asked for or done per client address.
    pub recoveries_per_address: RateLimiter<IpAddr>,
}

/// The longest part of a username tried that the per-account limits keep as their key.
const NAME_KEY_CHARS: usize = 64;

/// How long a sign-in attempt from a device an account does not know waits once the account
/// has had many of them.
pub const SLOWED_SIGN_IN: Duration = Duration::from_secs(3);

impl AccountRates {
    /// Counts a sign-in attempt from `address` (if known) for `username`, from `device`
    /// when it is one the account knows: 429 with `Retry-After` when the device, or else the
    /// address or the account at this address, has none left; slowed by [`SLOWED_SIGN_IN`]
    /// when the account has had many attempts from devices it does not know.
    pub async fn sign_in(
        &self,
        address: Option<IpAddr>,
        username: &str,
        known_device: Option<&DeviceId>,
    ) -> Result<(), ApiError> {
        let too_many =
            |wait| ApiError::too_many_requests(msg!("too-many-sign-in-attempts-for"), wait);
        if let Some(device) = known_device {
            return self
                .sign_ins_per_device
                .check(device.digest())
                .map_err(too_many);
        }
        if let Some(Err(wait)) = address.map(|ip| self.sign_ins_per_address.check(ip)) {
            return Err(ApiError::too_many_requests(
                msg!("too-many-sign-in-attempts-from"),
                wait,
            ));
        }
        let name = name_key(username);
        self.sign_ins_per_account
            .check((name.clone(), address))
            .map_err(too_many)?;
        if self.unknown_devices_per_account.check(name).is_err() {
            tokio::time::sleep(SLOWED_SIGN_IN).await;
        }
        Ok(())
    }

    /// Counts a password check in `session` (a password change, a deletion): 429 with
    /// `Retry-After` when it has none left.
    pub fn password_check(&self, session: &SessionId) -> Result<(), ApiError> {
        self.password_checks_per_session
            .check(session.digest())
            .map_err(|wait| {
                ApiError::too_many_requests(msg!("too-many-sign-in-attempts-for"), wait)
            })
    }

    /// Counts a sign-up from `address` (if known): 429 with `Retry-After` when it has none
    /// left.
    pub fn sign_up(&self, address: Option<IpAddr>) -> Result<(), ApiError> {
        match address.map(|ip| self.sign_ups_per_address.check(ip)) {
            Some(Err(wait)) => Err(ApiError::too_many_requests(
                msg!("this-address-has-signed-up-many"),
                wait,
            )),
            _ => Ok(()),
        }
    }

    /// Counts a password reset asked for or done from `address` (if known): 429 with
    /// `Retry-After` when it has none left.
    pub fn recovery(&self, address: Option<IpAddr>) -> Result<(), ApiError> {
        match address.map(|ip| self.recoveries_per_address.check(ip)) {
            Some(Err(wait)) => Err(ApiError::too_many_requests(
                msg!("this-address-has-asked-for-many"),
                wait,
            )),
            _ => Ok(()),
        }
    }
}

/// The key a username tried counts by: trimmed, in lower case, at most [`NAME_KEY_CHARS`].
fn name_key(username: &str) -> String {
    username
        .trim()
        .to_lowercase()
        .chars()
        .take(NAME_KEY_CHARS)
        .collect()
}

/// The limit on chat messages per writer: an account wherever it writes, or a seat played
/// without an account ([`Author::rate_key`]).
pub struct ChatRates(pub RateLimiter<String>);

impl ChatRates {
    /// Counts a message by `author` in game `id`: 429 with `Retry-After` when the author has
    /// none left.
    pub fn write(&self, author: &Author, id: &GameId) -> Result<(), ApiError> {
        self.count(author.rate_key(id))
    }

    /// Counts a message by signed-in `account` in a chat of no game (a tournament's), against
    /// the same allowance as its messages in games.
    pub fn write_by(&self, account: &AccountId) -> Result<(), ApiError> {
        self.count(account_rate_key(account))
    }

    /// Counts a message against `key`'s allowance.
    fn count(&self, key: String) -> Result<(), ApiError> {
        self.0.check(key).map_err(|wait| {
            ApiError::too_many_requests(msg!("you-are-writing-faster-than-the"), wait)
        })
    }
}

/// The address of the client making a request: the peer the listener accepted, or, from a
/// trusted proxy, the client its forwarding headers name ([`TrustedProxies::client`]);
/// `None` without a peer (in-process tests). Every per-address limit counts by it.
#[derive(Clone, Copy, Debug)]
pub struct ClientAddress(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        _: &S,
    ) -> Result<ClientAddress, Self::Rejection> {
        Ok(ClientAddress(client_ip(parts)))
    }
}

/// Works out the request's [`ClientAddress`] once, from its peer and headers, and keeps it in
/// the request's extensions for the log's span and the handlers.
pub async fn client_address(
    State(proxies): State<Arc<TrustedProxies>>,
    mut request: Request,
    next: Next,
) -> Response {
    let client = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(peer)| proxies.client(peer.ip(), request.headers()));
    request.extensions_mut().insert(ClientAddress(client));
    next.run(request).await
}

fn client_ip(parts: &Parts) -> Option<IpAddr> {
    parts
        .extensions
        .get::<ClientAddress>()
        .and_then(|ClientAddress(ip)| *ip)
}

/// What a [`RateLimiter`] counts by: each key is first brought to the form it counts as.
pub trait LimitKey: Hash + Eq {
    /// The key this one counts as.
    fn counted_as(self) -> Self;
}

impl LimitKey for IpAddr {
    /// An address counts by [`client_key`]: an IPv6 client by its /64.
    fn counted_as(self) -> IpAddr {
        client_key(self)
    }
}

impl LimitKey for (String, Option<IpAddr>) {
    /// A name at an address counts as the name at the address's [`client_key`].
    fn counted_as(self) -> (String, Option<IpAddr>) {
        (self.0, self.1.map(client_key))
    }
}

impl LimitKey for String {
    /// A name (a username's key) counts as it is.
    fn counted_as(self) -> String {
        self
    }
}

/// Token buckets by key: client addresses unless said otherwise.
pub struct RateLimiter<K = IpAddr> {
    per_second: f64,
    burst: f64,
    max_clients: usize,
    buckets: Mutex<HashMap<K, Bucket>>,
}

#[derive(Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn refilled(self, now: Instant, per_second: f64, burst: f64) -> Bucket {
        let earned = now.saturating_duration_since(self.at).as_secs_f64() * per_second;
        Bucket {
            tokens: (self.tokens + earned).min(burst),
            at: now,
        }
    }
}

impl<K: LimitKey> RateLimiter<K> {
    /// `per_minute` requests a minute per key after a first `burst` (0 per minute: no
    /// limit), remembering at most `max_clients` keys.
    pub fn new(per_minute: u32, burst: u32, max_clients: usize) -> RateLimiter<K> {
        RateLimiter {
            per_second: f64::from(per_minute) / 60.0,
            burst: f64::from(burst.max(1)),
            max_clients: max_clients.max(1),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one request from `client`'s allowance now; `Err(wait)` if it has none left, with
    /// how long until it has.
    pub fn check(&self, client: K) -> Result<(), Duration> {
        self.check_at(client, Instant::now())
    }

    fn check_at(&self, client: K, now: Instant) -> Result<(), Duration> {
        if self.per_second == 0.0 {
            return Ok(());
        }
        let key = client.counted_as();
        let one_token = Duration::from_secs_f64(1.0 / self.per_second);
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if !buckets.contains_key(&key) && buckets.len() >= self.max_clients {
            let (per_second, burst) = (self.per_second, self.burst);
            buckets.retain(|_, b| b.refilled(now, per_second, burst).tokens < burst);
            if buckets.len() >= self.max_clients {
                return Err(one_token);
            }
        }
        let bucket = buckets.entry(key).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        *bucket = bucket.refilled(now, self.per_second, self.burst);
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64(
                (1.0 - bucket.tokens) / self.per_second,
            ))
        }
    }

    /// The number of keys remembered now.
    pub fn remembered(&self) -> usize {
        self.buckets.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_burst_then_the_rate() {
        let limiter = RateLimiter::<IpAddr>::new(60, 3, 100);
        let start = Instant::now();
        for _ in 0..3 {
            assert!(limiter.check_at(ip("10.0.0.1"), start).is_ok());
        }
        let wait = limiter.check_at(ip("10.0.0.1"), start).unwrap_err();
        assert!(wait > Duration::from_millis(900) && wait <= Duration::from_secs(1));
        assert!(
            limiter.check_at(ip("10.0.0.2"), start).is_ok(),
            "others are not limited"
        );
        let later = start + Duration::from_secs(1);
        assert!(limiter.check_at(ip("10.0.0.1"), later).is_ok());
        assert!(limiter.check_at(ip("10.0.0.1"), later).is_err());
    }

    #[test]
    fn an_ipv6_client_is_its_slash_64() {
        let limiter = RateLimiter::<IpAddr>::new(60, 1, 100);
        let now = Instant::now();
        assert!(limiter.check_at(ip("2001:db8::1"), now).is_ok());
        assert!(limiter.check_at(ip("2001:db8::ffff:2"), now).is_err());
        assert!(limiter.check_at(ip("2001:db8:0:1::1"), now).is_ok());
    }

    #[test]
    fn the_table_stays_bounded() {
        let limiter = RateLimiter::<IpAddr>::new(60, 2, 10);
        let start = Instant::now();
        for i in 0..10 {
            assert!(limiter.check_at(ip(&format!("10.0.0.{i}")), start).is_ok());
        }
        assert!(
            limiter.check_at(ip("10.0.1.1"), start).is_err(),
            "all remembered addresses are still limited"
        );
        assert_eq!(limiter.remembered(), 10);
        // A second later every bucket is full again: they are forgotten to make room.
        let later = start + Duration::from_secs(1);
        assert!(limiter.check_at(ip("10.0.1.1"), later).is_ok());
        assert_eq!(limiter.remembered(), 1);
    }

    #[test]
    fn names_are_keys_too() {
        let limiter = RateLimiter::<String>::new(60, 2, 10);
        let now = Instant::now();
        assert!(limiter.check_at("ada".into(), now).is_ok());
        assert!(limiter.check_at("ada".into(), now).is_ok());
        assert!(limiter.check_at("ada".into(), now).is_err());
        assert!(limiter.check_at("bob".into(), now).is_ok());
    }

    #[test]
    fn zero_per_minute_is_no_limit() {
        let limiter = RateLimiter::<IpAddr>::new(0, 1, 1);
        for _ in 0..100 {
            assert!(limiter.check(ip("10.0.0.1")).is_ok());
        }
        assert_eq!(limiter.remembered(), 0);
    }
}

//! The session cookie, and who a request comes from: [`Session`] (the cookie's session id, if
//! any) and [`SignedIn`] (the account it opens, or 401).
//!
//! The cookie [`COOKIE`] holds the session id only; the server keeps the session (its
//! account, when it ends) in the database, so signing out ends it everywhere and it works on
//! every instance. It is `HttpOnly` (no script reads it), `SameSite=Lax` (other sites' pages
//! do not send it with their requests), `Path=/`, and `Secure` when the server is reached over
//! https (a `--public-url` with https).
//!
//! The device cookie [`DEVICE_COOKIE`] holds a random device id, given at a browser's first
//! sign-in to an account and kept 400 days: a device the account knows is never refused by
//! the account's sign-in limits (`http/rate.rs`). It is `HttpOnly`, `SameSite=Strict`, and
//! sent only to the sign-in (`Path=/api/session`).

use std::sync::Arc;

use axum::extract::{FromRef, FromRequestParts};
use axum::http::header;
use axum::http::request::Parts;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};

use crate::domain::account::SessionPlace;
use crate::domain::ids::{DeviceId, SessionId};
use crate::http::error::ApiError;
use crate::http::rate::ClientAddress;
use crate::msg;
use crate::play::accounts::{Accounts, SignedIn as Account, SESSION_LIFETIME};

/// The cookie's name.
pub const COOKIE: &str = "tafel_session";

/// The device cookie's name: a browser that signed in to an account keeps its device id
/// ([`DeviceId`]), sent back only when it signs in again (its path is the sign-in's).
pub const DEVICE_COOKIE: &str = "tafel_device";

/// How long a browser keeps its device cookie: 400 days, the longest browsers allow.
pub const DEVICE_LIFETIME: std::time::Duration = std::time::Duration::from_secs(400 * 24 * 60 * 60);

/// How the session cookie is made.
#[derive(Clone, Copy, Debug)]
pub struct CookiePolicy {
    /// Whether browsers send it over https only.
    pub secure: bool,
}

impl CookiePolicy {
    /// The cookie that carries `session`.
    pub fn session(self, session: &SessionId) -> Cookie<'static> {
        let mut cookie = self.base(session.as_str().to_string());
        cookie.set_max_age(time_span(SESSION_LIFETIME));
        cookie
    }

    /// The cookie that removes the session cookie from the browser.
    pub fn removal(self) -> Cookie<'static> {
        let mut cookie = self.base(String::new());
        cookie.make_removal();
        cookie
    }

    /// The cookie that carries `device`, for the sign-in only.
    pub fn device(self, device: &DeviceId) -> Cookie<'static> {
        let mut cookie = Cookie::build((DEVICE_COOKIE, device.as_str().to_string()))
            .http_only(true)
            .same_site(SameSite::Strict)
            .secure(self.secure)
            .path("/api/session")
            .build();
        cookie.set_max_age(time_span(DEVICE_LIFETIME));
        cookie
    }

    fn base(self, value: String) -> Cookie<'static> {
        Cookie::build((COOKIE, value))
            .http_only(true)
            .same_site(SameSite::Lax)
            .secure(self.secure)
            .path("/")
            .build()
    }
}

/// `duration` as the cookie crate's time span.
fn time_span(duration: std::time::Duration) -> time::Duration {
    time::Duration::seconds(duration.as_secs() as i64)
}

/// The session id a request's cookie carries, if any (a cookie that cannot be a session id
/// counts as none).
pub struct Session(pub Option<SessionId>);

impl<S: Send + Sync> FromRequestParts<S> for Session {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Session, Self::Rejection> {
        let jar = CookieJar::from_request_parts(parts, state).await?;
        Ok(Session(
            jar.get(COOKIE)
                .and_then(|cookie| SessionId::parse(cookie.value()).ok()),
        ))
    }
}

/// What a browser that signs up or in brings: its session cookie's id and its device
/// cookie's id, if any (a cookie that cannot be one counts as none), and where it is.
pub struct Browser {
    /// The session it had.
    pub session: Option<SessionId>,
    /// The device it is.
    pub device: Option<DeviceId>,
    /// Its `User-Agent` and address, for the new session's list.
    pub place: SessionPlace,
}

impl<S: Send + Sync> FromRequestParts<S> for Browser {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Browser, Self::Rejection> {
        let jar = CookieJar::from_request_parts(parts, state).await?;
        let Place(place) = Place::from_request_parts(parts, state).await?;
        Ok(Browser {
            place,
            session: jar
                .get(COOKIE)
                .and_then(|cookie| SessionId::parse(cookie.value()).ok()),
            device: jar
                .get(DEVICE_COOKIE)
                .and_then(|cookie| DeviceId::parse(cookie.value()).ok()),
        })
    }
}

/// Where a request comes from, as a session's list shows it: its `User-Agent` and the
/// client's address.
pub struct Place(pub SessionPlace);

impl<S: Send + Sync> FromRequestParts<S> for Place {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Place, Self::Rejection> {
        let ClientAddress(address) = ClientAddress::from_request_parts(parts, state).await?;
        let user_agent = parts
            .headers
            .get(header::USER_AGENT)
            .and_then(|value| value.to_str().ok());
        Ok(Place(SessionPlace::new(user_agent, address)))
    }
}

/// The account whose open session the request carries; 401 when there is none.
pub struct SignedIn(pub Account);

impl<S> FromRequestParts<S> for SignedIn
where
    Arc<Accounts>: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<SignedIn, ApiError> {
        match MaybeSignedIn::from_request_parts(parts, state).await? {
            MaybeSignedIn(Some(account)) => Ok(SignedIn(account)),
            MaybeSignedIn(None) => {
                Err(crate::domain::Error::unauthorized(msg!("sign-in-first-no-session-or")).into())
            }
        }
    }
}

/// The account whose open session the request carries, if any: requests without one go on
/// as before accounts existed.
pub struct MaybeSignedIn(pub Option<Account>);

impl<S> FromRequestParts<S> for MaybeSignedIn
where
    Arc<Accounts>: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<MaybeSignedIn, ApiError> {
        let Session(session) = Session::from_request_parts(parts, state)
            .await
            .unwrap_or(Session(None));
        let Some(session) = session else {
            return Ok(MaybeSignedIn(None));
        };
        let accounts = Arc::<Accounts>::from_ref(state);
        let Ok(Place(place)) = Place::from_request_parts(parts, state).await;
        Ok(MaybeSignedIn(accounts.signed_in(&session, &place).await?))
    }
}

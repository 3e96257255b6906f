//! Game ids and secrets, as types that parse their input: a [`GameId`] given by a client is
//! checked once, where it comes in, and typed after that; a [`SeatToken`] or an
//! [`InviteCode`] compares in constant time and never shows itself in `Debug` output (logs,
//! panics).

use std::fmt;
use std::marker::PhantomData;
use std::ops::Deref;
use std::str::FromStr;

use rand::Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::domain::error::Error;
use crate::msg;

/// The longest game id accepted.
pub const MAX_ID: usize = 64;

/// The longest secret accepted (the server makes them of 32 hex digits).
pub const MAX_SECRET: usize = 64;

/// A game's id: 1 to [`MAX_ID`] ASCII letters, digits, `-` and `_` (fresh ones are 12
/// lowercase letters and digits). Shown and stored as its text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameId(String);

impl GameId {
    /// A fresh id: 12 random lowercase letters and digits (without the easily confused
    /// `l`, `o`, `0` and `1`).
    pub fn random() -> GameId {
        const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
        let mut rng = rand::rng();
        GameId(
            (0..12)
                .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
                .collect(),
        )
    }

    /// `text` as a game id, if it could be one; anything else is "no such game" (not found)
    /// without asking the store.
    pub fn parse(text: &str) -> Result<GameId, Error> {
        let plausible = !text.is_empty()
            && text.len() <= MAX_ID
            && text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if plausible {
            Ok(GameId(text.to_string()))
        } else {
            Err(Error::not_found(msg!("no-game-text", text = shorten(text))))
        }
    }

    /// The id's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An id reads as its text wherever text is wanted (the store's queries, log lines).
impl Deref for GameId {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for GameId {
    type Err = Error;

    fn from_str(text: &str) -> Result<GameId, Error> {
        GameId::parse(text)
    }
}

impl From<GameId> for String {
    fn from(id: GameId) -> String {
        id.0
    }
}

impl Serialize for GameId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

/// An account's id: 16 random hex digits, made by the server, never chosen or shown to
/// people (they know an account by its username, which a deleted account no longer has).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AccountId(String);

impl AccountId {
    /// A fresh id.
    pub fn random() -> AccountId {
        AccountId(format!("{:016x}", rand::rng().random::<u64>()))
    }

    /// An id as the store keeps it.
    pub fn from_stored(text: String) -> AccountId {
        AccountId(text)
    }

    /// The id's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// At most 64 characters of `text`, for error messages that echo input.
pub fn shorten(text: &str) -> String {
    match text.char_indices().nth(64) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

/// What a kind of [`Secret`] is called and how a text that cannot be one is refused.
pub trait SecretKind {
    /// The type's name, for `Debug` output.
    const NAME: &'static str;

    /// The error for a text that cannot be such a secret: the same as for a well-formed
    /// one that matches nothing.
    fn refused() -> Error;
}

/// A secret the server hands out: 128 random bits as 32 hex digits; as given back by a
/// client, 1 to [`MAX_SECRET`] ASCII letters and digits. Two secrets compare in constant
/// time; `Debug` shows the kind, never the text.
pub struct Secret<K: SecretKind> {
    text: String,
    kind: PhantomData<fn() -> K>,
}

/// The kind of [`SeatToken`]s.
pub enum OfSeat {}

impl SecretKind for OfSeat {
    const NAME: &'static str = "SeatToken";

    fn refused() -> Error {
        Error::forbidden(msg!("that-token-holds-no-seat-in"))
    }
}

/// The kind of [`InviteCode`]s.
pub enum OfInvitation {}

impl SecretKind for OfInvitation {
    const NAME: &'static str = "InviteCode";

    fn refused() -> Error {
        Error::not_found(msg!("no-invitation-with-that-code-in"))
    }
}

/// The kind of [`SessionId`]s.
pub enum OfSession {}

impl SecretKind for OfSession {
    const NAME: &'static str = "SessionId";

    fn refused() -> Error {
        Error::unauthorized(msg!("not-signed-in-the-session-has"))
    }
}

/// The kind of [`DeviceId`]s.
pub enum OfDevice {}

impl SecretKind for OfDevice {
    const NAME: &'static str = "DeviceId";

    fn refused() -> Error {
        Error::unauthorized(msg!("that-device-is-not-known"))
    }
}

/// The kind of [`MailToken`]s.
pub enum OfMailLink {}

impl SecretKind for OfMailLink {
    const NAME: &'static str = "MailToken";

    fn refused() -> Error {
        Error::invalid(msg!("that-link-is-used-expired-or-wrong"))
    }
}

/// The kind of [`BotToken`]s.
pub enum OfBot {}

impl SecretKind for OfBot {
    const NAME: &'static str = "BotToken";

    fn refused() -> Error {
        Error::unauthorized(msg!("that-bot-token-opens-no-bot"))
    }
}

/// A bot's secret, sent as `Authorization: Bearer TOKEN` (the store keeps its SHA-256).
pub type BotToken = Secret<OfBot>;

/// A seat's secret: whoever shows it acts for the seat.
pub type SeatToken = Secret<OfSeat>;

/// A signed-in session's secret, kept in the browser's cookie only (the store keeps its
/// SHA-256, [`Secret::digest`]).
pub type SessionId = Secret<OfSession>;

/// A device's secret: a browser that signed in to an account keeps it in a long-lived cookie,
/// and the account's sign-in limits never refuse it (the store keeps its SHA-256).
pub type DeviceId = Secret<OfDevice>;

/// The token of a link sent by mail (to verify an address or reset a password): it works
/// once, until it expires, and the store keeps only its SHA-256.
pub type MailToken = Secret<OfMailLink>;

/// An invited seat's invitation code, exchanged once for the seat's token.
pub type InviteCode = Secret<OfInvitation>;

/// The SHA-256 of `text` as 64 hex digits: how the store keeps a secret it must recognise
/// but never hand out.
pub fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

impl<K: SecretKind> Secret<K> {
    /// A fresh secret: 128 random bits as 32 hex digits.
    pub fn random() -> Secret<K> {
        Secret::new(format!("{:032x}", rand::rng().random::<u128>()))
    }

    /// `text` as a secret of this kind, if it could be one; otherwise refused as a secret
    /// that matches nothing would be ([`SecretKind::refused`]).
    pub fn parse(text: &str) -> Result<Secret<K>, Error> {
        let plausible = !text.is_empty()
            && text.len() <= MAX_SECRET
            && text.bytes().all(|b| b.is_ascii_alphanumeric());
        if plausible {
            Ok(Secret::new(text.to_string()))
        } else {
            Err(K::refused())
        }
    }

    /// The secret itself, to hand to its holder or to store.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The secret's SHA-256 as 64 hex digits: what is stored of a secret that the store must
    /// recognise without being able to hand it out (a session id).
    pub fn digest(&self) -> String {
        sha256_hex(&self.text)
    }

    fn new(text: String) -> Secret<K> {
        Secret {
            text,
            kind: PhantomData,
        }
    }
}

impl<K: SecretKind> Clone for Secret<K> {
    fn clone(&self) -> Self {
        Secret::new(self.text.clone())
    }
}

/// Compares without leaking through timing where two secrets of the same length differ.
impl<K: SecretKind> PartialEq for Secret<K> {
    fn eq(&self, other: &Self) -> bool {
        self.text.as_bytes().ct_eq(other.text.as_bytes()).into()
    }
}

impl<K: SecretKind> Eq for Secret<K> {}

impl<K: SecretKind> fmt::Debug for Secret<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(<secret>)", K::NAME)
    }
}

impl<K: SecretKind> FromStr for Secret<K> {
    type Err = Error;

    fn from_str(text: &str) -> Result<Secret<K>, Error> {
        Secret::parse(text)
    }
}

/// Stored as its text.
impl<K: SecretKind> Serialize for Secret<K> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

/// Read back from storage, checked as a client's would be.
impl<'de, K: SecretKind> Deserialize<'de> for Secret<K> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Secret::parse(&text).map_err(|_| {
            serde::de::Error::custom(format!(
                "`{}` is not a {} (1 to {MAX_SECRET} letters and digits)",
                shorten(&text),
                K::NAME
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ErrorKind;

    #[test]
    fn ids_are_checked_before_any_lookup() {
        assert_eq!(GameId::parse("abc-12_x").unwrap().as_str(), "abc-12_x");
        assert_eq!(
            "abc".parse::<GameId>().unwrap(),
            GameId::parse("abc").unwrap()
        );
        assert_eq!(GameId::parse("a_b").unwrap().to_string(), "a_b");
        assert!(GameId::parse(&"a".repeat(MAX_ID)).is_ok());
        for bad in ["", "a/b", "a b", "é", "../x", "a%2Fb"] {
            let error = GameId::parse(bad).unwrap_err();
            assert_eq!(error.kind, ErrorKind::NotFound, "{bad:?}");
            assert_eq!(error.to_string(), format!("no game `{bad}`"));
            assert_eq!(error.code(), "no-game-text");
        }
        assert!(GameId::parse(&"a".repeat(MAX_ID + 1)).is_err());
        let error = GameId::parse(&"é".repeat(100)).unwrap_err();
        assert!(error.to_string().ends_with("...`"), "{error}");
        let fresh = GameId::random();
        assert_eq!(fresh.len(), 12);
        assert_eq!(GameId::parse(fresh.as_str()), Ok(fresh.clone()));
        assert_eq!(
            serde_json::to_string(&fresh).unwrap(),
            format!("\"{fresh}\"")
        );
    }

    #[test]
    fn secrets_compare_by_content_and_stay_out_of_debug_output() {
        let token = SeatToken::random();
        assert_eq!(token.as_str().len(), 32);
        assert_eq!(token, SeatToken::parse(token.as_str()).unwrap());
        assert_ne!(token, SeatToken::random());
        assert_ne!(
            SeatToken::parse("ab").unwrap(),
            SeatToken::parse("abc").unwrap()
        );
        let shown = format!("{token:?} {:?}", Some(InviteCode::random()));
        assert_eq!(shown, "SeatToken(<secret>) Some(InviteCode(<secret>))");
        assert!(!shown.contains(token.as_str()));
    }

    #[test]
    fn texts_that_cannot_be_secrets_are_refused_as_matching_nothing() {
        assert!("0123abcdEF".parse::<SeatToken>().is_ok());
        assert!(SeatToken::parse(&"a".repeat(MAX_SECRET)).is_ok());
        for bad in [
            String::new(),
            "not a token".to_string(),
            "abc\u{0}".to_string(),
            "a".repeat(MAX_SECRET + 1),
        ] {
            let refused = SeatToken::parse(&bad).unwrap_err();
            assert_eq!(refused.kind, ErrorKind::Forbidden, "{bad:?}");
            let refused = bad.parse::<InviteCode>().unwrap_err();
            assert_eq!(refused.kind, ErrorKind::NotFound, "{bad:?}");
        }
    }

    #[test]
    fn secrets_are_stored_as_their_text_and_checked_when_read() {
        let token = SeatToken::random();
        let json = serde_json::to_string(&token).unwrap();
        assert_eq!(json, format!("\"{}\"", token.as_str()));
        assert_eq!(serde_json::from_str::<SeatToken>(&json).unwrap(), token);
        let error = serde_json::from_str::<SeatToken>("\"a b\"").unwrap_err();
        assert!(error.to_string().contains("is not a SeatToken"), "{error}");
    }

    #[test]
    fn a_session_is_stored_as_its_digest_and_refused_as_signed_out() {
        let session = SessionId::random();
        let digest = session.digest();
        assert_eq!(digest.len(), 64);
        assert!(!digest.contains(session.as_str()));
        assert_eq!(SessionId::parse(session.as_str()).unwrap().digest(), digest);
        assert_ne!(SessionId::random().digest(), digest);
        // SHA-256 of "abc" (FIPS 180-2, appendix B.1).
        assert_eq!(
            SessionId::parse("abc").unwrap().digest(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(format!("{session:?}"), "SessionId(<secret>)");
        let refused = SessionId::parse("no session").unwrap_err();
        assert_eq!(refused.kind, ErrorKind::Unauthorized);
        let account = AccountId::random();
        assert_eq!(account.as_str().len(), 16);
        assert_ne!(account, AccountId::random());
    }
}

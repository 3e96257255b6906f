//! Two-step sign-in, pure: the secret an authenticator app shares with the server, the six-digit
//! codes it shows (TOTP, RFC 6238: HMAC-SHA-1 over 30-second steps, through the `totp-rs`
//! crate), and the recovery codes that stand in for the app when it is lost.
//!
//! - **A code is taken once.** A code names its 30-second step; a code of the step before or
//!   after is taken too (clocks drift), but never of a step at or before the last one taken
//!   ([`TotpSecret::step_of`] says the step, the store takes it only past the last one).
//! - **Recovery codes** are [`RECOVERY_CODES`] random codes of 12 hex digits (48 bits), shown
//!   once; the store keeps only their SHA-256, and each works once.

use std::fmt;

use rand::Rng;
use totp_rs::{Algorithm, Builder, Secret, Totp};

use crate::domain::error::Error;
use crate::domain::ids::sha256_hex;
use crate::msg;

/// The recovery codes made at a time.
pub const RECOVERY_CODES: usize = 10;

/// The issuer an authenticator app lists the account under.
pub const ISSUER: &str = "Tafel";

/// The secret an account shares with its authenticator app (160 random bits, as RFC 4226
/// recommends). Its `Debug` shows nothing of it.
#[derive(Clone, PartialEq, Eq)]
pub struct TotpSecret(Vec<u8>);

impl fmt::Debug for TotpSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TotpSecret(..)")
    }
}

impl TotpSecret {
    /// A fresh secret.
    pub fn random() -> TotpSecret {
        TotpSecret(rand::rng().random::<[u8; 20]>().to_vec())
    }

    /// The secret as stored (base32), if it is one.
    pub fn from_stored(base32: &str) -> Result<TotpSecret, Error> {
        Secret::try_from_base32(base32)
            .map(|secret| TotpSecret(secret.as_bytes().to_vec()))
            .map_err(|_| Error::failed(msg!("stored-second-factor-cannot-be-read")))
    }

    /// The secret in base32, as stored and as typed into an app that cannot scan.
    pub fn as_base32(&self) -> String {
        Secret::new(self.0.clone().into_boxed_slice()).to_base32()
    }

    /// The `otpauth://` address an app reads (from the QR code) for the account `username`.
    pub fn url(&self, username: &str) -> Result<String, Error> {
        self.totp(username)
            .and_then(|totp| totp.to_url().ok())
            .ok_or_else(|| Error::failed(msg!("second-factor-address-cannot-be-made")))
    }

    /// The step (30 seconds since the Unix epoch) whose code `code` is, if it is the code of
    /// the step at `now_ms`, the one before or the one after. Spaces in `code` are ignored.
    pub fn step_of(&self, code: &str, now_ms: i64) -> Option<u64> {
        let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
        if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let now = u64::try_from(now_ms / 1000).ok()?;
        self.totp("")?.check(&code, now)
    }

    /// The code of the step at `now_ms`, as an app shows it (for tests and tools).
    pub fn code_at(&self, now_ms: i64) -> String {
        let now = u64::try_from(now_ms / 1000).unwrap_or_default();
        self.totp("")
            .map(|totp| totp.generate(now).to_string())
            .unwrap_or_default()
    }

    fn totp(&self, username: &str) -> Option<Totp> {
        Builder::new()
            .with_algorithm(Algorithm::SHA1)
            .with_digits(6)
            .with_skew(1)
            .with_step_duration(30)
            .with_secret(Secret::new(self.0.clone().into_boxed_slice()))
            .with_issuer(Some(ISSUER))
            .with_account_name(username)
            .build()
            .ok()
    }
}

/// A recovery code as shown: 12 hex digits in three groups (`3f9a-07c2-b5e1`).
pub fn recovery_codes() -> Vec<String> {
    let mut random = rand::rng();
    (0..RECOVERY_CODES)
        .map(|_| {
            let digits = format!("{:012x}", random.random::<u64>() >> 16);
            format!("{}-{}-{}", &digits[..4], &digits[4..8], &digits[8..])
        })
        .collect()
}

/// What the store keeps of recovery code `code` as typed: the SHA-256 of its hex digits in
/// lower case (dashes and spaces left out), or `None` when it cannot be one.
pub fn recovery_digest(code: &str) -> Option<String> {
    let digits: String = code
        .chars()
        .filter(|c| *c != '-' && !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if digits.len() != 12 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    Some(sha256_hex(&digits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_taken_in_its_step_and_the_ones_beside_it_only() {
        // RFC 6238's test secret and its first test vector (59 s: 94287082, of 8 digits).
        let secret = TotpSecret(b"12345678901234567890".to_vec());
        assert_eq!(secret.code_at(59_000), "287082");
        assert_eq!(secret.step_of("287082", 59_000), Some(1));
        assert_eq!(
            secret.step_of("287 082", 89_000),
            Some(1),
            "the step before"
        );
        assert_eq!(secret.step_of("287082", 29_000), Some(1), "the step after");
        assert_eq!(secret.step_of("287082", 120_000), None, "two steps later");
        for bad in ["", "28708", "2870822", "28708x", "287082\u{0}"] {
            assert_eq!(secret.step_of(bad, 59_000), None, "{bad:?}");
        }
    }

    #[test]
    fn a_secret_is_stored_and_read_back_and_never_shown_by_debug() {
        let secret = TotpSecret::random();
        let stored = secret.as_base32();
        assert_eq!(stored.len(), 32);
        assert_eq!(TotpSecret::from_stored(&stored).unwrap(), secret);
        assert!(TotpSecret::from_stored("not base32!").is_err());
        assert_eq!(format!("{secret:?}"), "TotpSecret(..)");
        let url = secret.url("Ada").unwrap();
        assert!(url.starts_with("otpauth://totp/Tafel:Ada?"), "{url}");
        assert!(url.contains(&format!("secret={stored}")), "{url}");
    }

    #[test]
    fn recovery_codes_are_recognised_however_they_are_typed() {
        let codes = recovery_codes();
        assert_eq!(codes.len(), RECOVERY_CODES);
        let code = &codes[0];
        assert_eq!(code.len(), 14);
        let digest = recovery_digest(code).unwrap();
        assert_eq!(
            recovery_digest(&code.to_uppercase().replace('-', " ")),
            Some(digest)
        );
        assert_ne!(recovery_digest(code), recovery_digest(&codes[1]));
        for bad in ["", "3f9a-07c2", "3f9a-07c2-b5e1-0", "zf9a-07c2-b5e1"] {
            assert_eq!(recovery_digest(bad), None, "{bad:?}");
        }
    }
}

//! Password hashes: how a password is kept (never the password itself) and checked.
//!
//! Argon2id (RFC 9106), with OWASP's recommended parameters for it: 19 MiB of memory, 2
//! passes, 1 lane ([`MEMORY_KIB`], [`PASSES`], [`LANES`]), a random 16-byte salt per hash and
//! a 32-byte output, kept as a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), which
//! carries its parameters: a hash made under other parameters still verifies, by its own.
//! Hashing or verifying one password takes about 19 MiB and tens of milliseconds of one core,
//! so the layers above run it off the async threads and bound how many run at once.
//!
//! Signing in to a name that has no account verifies the password against a hash of a secret
//! nobody knows, made with the same parameters ([`PasswordHash::verify`] with `None`), so the
//! answer takes about as long as for a wrong password and does not tell which names exist.

use std::fmt;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::domain::account::password::Password;
use crate::domain::error::Error;
use crate::msg;

/// Argon2id's memory, in KiB (19 MiB).
pub const MEMORY_KIB: u32 = 19 * 1024;

/// Argon2id's passes over the memory (its time cost).
pub const PASSES: u32 = 2;

/// Argon2id's lanes (its parallelism).
pub const LANES: u32 = 1;

/// The length of the hash itself, in bytes.
const OUTPUT_BYTES: usize = 32;

/// A hash of a random secret that was thrown away, made with the parameters above, for
/// [`PasswordHash::verify`] to check against when there is no account.
const NOBODY: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$C25qLSovAtg5el7NGgqtAA$zf/LoBexHnVIhiWpr9d6L9Kttayh14uONuWodw5dJEM";

/// A password's Argon2id hash as a PHC string. Its `Debug` hides the hash, which must not be
/// logged either: with it, a password can be guessed offline.
#[derive(Clone, PartialEq, Eq)]
pub struct PasswordHash {
    phc: String,
}

impl PasswordHash {
    /// Hashes `password` with a fresh random salt.
    pub fn new(password: &Password) -> Result<PasswordHash, Error> {
        let salt = SaltString::generate(&mut OsRng);
        let hash = hasher()?
            .hash_password(password.as_bytes(), &salt)
            .map_err(|error| Error::failed(msg!("hashing-a-password-failed-error", error)))?;
        Ok(PasswordHash {
            phc: hash.to_string(),
        })
    }

    /// A hash as it was stored ([`PasswordHash::as_stored`]), checked to be an Argon2id PHC
    /// string. Anything else is an internal error: the store holds only what `new` made.
    pub fn from_stored(phc: &str) -> Result<PasswordHash, Error> {
        let parsed = argon2::PasswordHash::new(phc)
            .map_err(|error| Error::failed(msg!("stored-password-hash-is-not-a", error)))?;
        if parsed.algorithm != Algorithm::Argon2id.ident() {
            return Err(Error::failed(msg!(
                "stored-password-hash-is-algorithm-not",
                algorithm = parsed.algorithm
            )));
        }
        Ok(PasswordHash {
            phc: phc.to_string(),
        })
    }

    /// The PHC string, to store.
    pub fn as_stored(&self) -> &str {
        &self.phc
    }

    /// Whether `password` is the one `hash` was made from; with no hash (no such account),
    /// false, after the same work as checking a real one.
    pub fn verify(password: &Password, hash: Option<&PasswordHash>) -> bool {
        let matches = |phc: &str| {
            argon2::PasswordHash::new(phc).is_ok_and(|parsed| {
                Argon2::default()
                    .verify_password(password.as_bytes(), &parsed)
                    .is_ok()
            })
        };
        match hash {
            Some(hash) => matches(&hash.phc),
            None => {
                matches(NOBODY);
                false
            }
        }
    }
}

/// Argon2id with the parameters above.
fn hasher() -> Result<Argon2<'static>, Error> {
    let params = Params::new(MEMORY_KIB, PASSES, LANES, Some(OUTPUT_BYTES))
        .map_err(|error| Error::failed(msg!("argon2-parameters-error", error)))?;
    Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
}

impl fmt::Debug for PasswordHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PasswordHash(argon2id, hidden)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entered(text: &str) -> Password {
        Password::entered(text).unwrap()
    }

    #[test]
    fn a_hash_verifies_its_password_and_no_other() {
        let hash = PasswordHash::new(&entered("kauri-at-dawn")).unwrap();
        assert!(PasswordHash::verify(&entered("kauri-at-dawn"), Some(&hash)));
        for wrong in ["kauri-at-dusk", "Kauri-at-dawn", "kauri-at-dawn ", ""] {
            assert!(
                !PasswordHash::verify(&entered(wrong), Some(&hash)),
                "{wrong:?}"
            );
        }
        // Through the store and back.
        let stored = PasswordHash::from_stored(hash.as_stored()).unwrap();
        assert!(PasswordHash::verify(
            &entered("kauri-at-dawn"),
            Some(&stored)
        ));
        // The same password as typed on another system (a ligature, decomposed accents).
        let hash = PasswordHash::new(&entered("ﬁve café tables")).unwrap();
        assert!(PasswordHash::verify(
            &entered("five cafe\u{0301} tables"),
            Some(&hash)
        ));
    }

    #[test]
    fn hashes_are_argon2id_with_owasps_parameters_and_a_fresh_salt() {
        let password = entered("kauri-at-dawn");
        let (one, two) = (
            PasswordHash::new(&password).unwrap(),
            PasswordHash::new(&password).unwrap(),
        );
        assert_ne!(one.as_stored(), two.as_stored());
        assert!(
            one.as_stored()
                .starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{}",
            one.as_stored()
        );
        let parsed = argon2::PasswordHash::new(one.as_stored()).unwrap();
        assert_eq!(parsed.salt.unwrap().len(), 22, "16 bytes in base64");
        assert_eq!(parsed.hash.unwrap().len(), OUTPUT_BYTES);
    }

    #[test]
    fn no_account_takes_the_same_work_and_never_matches() {
        // The stand-in hash has exactly the parameters of a new hash, so it costs the same.
        let new = PasswordHash::new(&entered("x")).unwrap();
        let params = |phc: &str| argon2::PasswordHash::new(phc).unwrap().params.to_string();
        assert_eq!(params(NOBODY), params(new.as_stored()));
        assert!(PasswordHash::from_stored(NOBODY).is_ok());
        for guess in ["", "x", "password", "kauri-at-dawn"] {
            assert!(!PasswordHash::verify(&entered(guess), None), "{guess:?}");
        }
    }

    #[test]
    fn only_argon2id_phc_strings_are_read_from_the_store() {
        for wrong in [
            "",
            "plain text",
            "$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW",
            "$argon2i$v=19$m=19456,t=2,p=1$C25qLSovAtg5el7NGgqtAA$zf/LoBexHnVIhiWpr9d6L9Kttayh14uONuWodw5dJEM",
        ] {
            let error = PasswordHash::from_stored(wrong).unwrap_err();
            assert_eq!(error.kind, crate::domain::ErrorKind::Internal);
            assert!(wrong.is_empty() || !error.to_string().contains(wrong), "{error}");
        }
    }

    #[test]
    fn debug_never_shows_a_hash() {
        let hash = PasswordHash::new(&entered("kauri-at-dawn")).unwrap();
        let shown = format!("{hash:?} {hash:#?}");
        assert!(!shown.contains("$argon2id"), "{shown}");
        let salt_and_hash = hash.as_stored().rsplit('$').next().unwrap();
        assert!(!shown.contains(salt_and_hash));
    }
}

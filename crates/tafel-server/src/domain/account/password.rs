//! Passwords: the one type that holds a password, and the rules a newly chosen one must meet.
//!
//! The rules, after NIST SP 800-63B and OWASP's ASVS (no composition rules, no expiry, a list
//! of passwords known to be common):
//!
//! - **At least [`MIN_PASSWORD`] (10) characters**, counted as Unicode code points after
//!   normalization. ASVS asks for 8 at least; NIST's fourth revision (2025) asks for 15 where a
//!   password is the only factor. An account here guards a game history and ratings, not money
//!   or private data, and behind the length stand the list of common passwords, the limits on
//!   sign-in attempts and Argon2id; 10 is our choice between the two.
//! - **At most [`MAX_PASSWORD_BYTES`] (256) bytes** as typed, which bounds the work of reading
//!   and hashing one and still lets 64 characters of any script through (NIST: at least 64).
//! - **Any character but control characters** (a line break, a tab), which no one types into
//!   a password field on purpose.
//! - **Not one of the 20,000 most common passwords**, compared in lower case: the list Django
//!   ships (`common-passwords.txt`, Royce Williams' list of 2020, lowercased and deduplicated;
//!   BSD licence in `common-passwords.LICENSE`).
//! - **The username and the site's name do not count** towards the length: `alice2024!!` is
//!   refused for `alice` (NIST: context-specific words).
//!
//! Every password is normalized to NFKC first (NIST's advice), so the same password typed on
//! another keyboard or system (composed or decomposed accents, full-width letters) matches. A
//! password typed to sign in is only normalized and bounded ([`Password::entered`]): one chosen
//! under older rules keeps working.

use std::collections::HashSet;
use std::fmt;
use std::sync::LazyLock;

use unicode_normalization::UnicodeNormalization;
use zeroize::Zeroizing;

use crate::domain::account::username::Username;
use crate::domain::error::Error;
use crate::msg;

/// The fewest characters (code points, after normalization) a new password has.
pub const MIN_PASSWORD: usize = 10;

/// The most bytes (UTF-8, as typed) a password has.
pub const MAX_PASSWORD_BYTES: usize = 256;

/// The site's name, which does not count towards a password's length.
const SITE_NAME: &str = "tafel";

/// The common passwords, one a line, in lower case.
static COMMON_PASSWORDS: LazyLock<HashSet<&'static str>> =
    LazyLock::new(|| include_str!("common-passwords.txt").lines().collect());

/// A password, normalized (NFKC). It is wiped from memory when dropped, and neither shown nor
/// printed: its `Debug` says only that it is hidden, and it has no `Display`.
pub struct Password(Zeroizing<String>);

impl Password {
    /// A password being chosen (at sign-up, or a new one), checked against the rules in the
    /// module's documentation, with an error that says which it breaks.
    pub fn choose(text: &str, username: &Username) -> Result<Password, Error> {
        let password = Password::entered(text)?;
        if password.0.chars().any(char::is_control) {
            return Err(Error::invalid(msg!(
                "password-may-not-contain-control-characters"
            )));
        }
        let length = password.0.chars().count();
        if length < MIN_PASSWORD {
            return Err(Error::invalid(msg!(
                "password-needs-at-least-min-password-length",
                min_password = MIN_PASSWORD,
                length
            )));
        }
        let lower = Zeroizing::new(password.0.to_lowercase());
        if COMMON_PASSWORDS.contains(lower.trim()) {
            return Err(Error::invalid(msg!("this-password-is-one-of-the")));
        }
        let mut rest = lower;
        for word in [username.key().as_str(), SITE_NAME] {
            rest = Zeroizing::new(rest.replace(word, ""));
        }
        if rest.chars().count() < MIN_PASSWORD {
            return Err(Error::invalid(msg!(
                "password-needs-at-least-min-besides-names",
                min_password = MIN_PASSWORD
            )));
        }
        Ok(password)
    }

    /// A password typed to sign in (or to confirm a change): normalized and bounded in
    /// length, never refused for the rules of [`Password::choose`].
    pub fn entered(text: &str) -> Result<Password, Error> {
        if text.len() > MAX_PASSWORD_BYTES {
            return Err(Error::invalid(msg!(
                "password-has-at-most-max-password",
                max_password_bytes = MAX_PASSWORD_BYTES,
                count = text.len()
            )));
        }
        Ok(Password(Zeroizing::new(text.nfkc().collect())))
    }

    /// The normalized password's bytes, for hashing.
    pub(super) fn as_bytes(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(hidden)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alice() -> Username {
        Username::parse("alice").unwrap()
    }

    /// The error for choosing `text`, checked not to repeat the password.
    fn refused(text: &str) -> String {
        let message = Password::choose(text, &alice()).unwrap_err().to_string();
        assert!(!message.contains(text), "{message}");
        message
    }

    #[test]
    fn a_password_has_at_least_10_characters() {
        assert_eq!(
            refused("kauri-123"),
            "a password needs at least 10 characters (this one has 9)"
        );
        assert!(Password::choose("kauri-1234", &alice()).is_ok());
        // Counted in code points after normalization: nine e's with a combining accent are
        // eighteen code points as typed and nine characters.
        let accents = "e\u{0301}".repeat(9);
        assert!(refused(&accents).contains("has 9"));
        assert!(Password::choose("ŝpaĉjo-ĉiam", &alice()).is_ok());
    }

    #[test]
    fn a_password_has_at_most_256_bytes() {
        let longest = "ü".repeat(MAX_PASSWORD_BYTES / 2);
        assert!(Password::choose(&longest, &alice()).is_ok());
        let message = refused(&format!("{longest}x"));
        assert_eq!(
            message,
            "a password has at most 256 bytes (this one has 257)"
        );
        // Also when signing in, which bounds the work of hashing whatever is sent.
        assert!(Password::entered(&"x".repeat(257)).is_err());
        // 64 characters of any script fit, as NIST asks.
        assert!(Password::choose(&"😀".repeat(64), &alice()).is_ok());
    }

    #[test]
    fn control_characters_are_refused() {
        for text in ["kauri-1234\n", "kauri\t-1234", "kauri-\u{0}1234"] {
            assert!(refused(text).contains("control characters"), "{text:?}");
        }
        // Spaces and every script are fine; no composition rules.
        assert!(Password::choose("correct horse battery", &alice()).is_ok());
        assert!(Password::choose("密码是一只蓝色的鸟儿", &alice()).is_ok());
    }

    #[test]
    fn common_passwords_are_refused_in_any_case() {
        assert_eq!(COMMON_PASSWORDS.len(), 19_640);
        for common in [
            "1234567890",
            "qwertyuiop",
            "QwertyUIOP",
            "password123",
            " 1q2w3e4r5t ",
        ] {
            assert!(refused(common).contains("most common"), "{common}");
        }
        // Full-width letters are normalized to the common password they spell.
        assert!(refused("ｑｗｅｒｔｙｕｉｏｐ").contains("most common"));
    }

    #[test]
    fn the_username_and_the_sites_name_do_not_count() {
        for context in [
            "alice2024!!",
            "ALICE-alice-1",
            "Tafel12345",
            "tafelalice1234",
        ] {
            assert!(
                refused(context).contains("besides your username"),
                "{context}"
            );
        }
        assert!(Password::choose("alice plays kauri", &alice()).is_ok());
    }

    #[test]
    fn a_password_typed_to_sign_in_is_not_judged() {
        for old in ["short", "1234567890", "alice2024!!", "tab\there"] {
            assert!(Password::entered(old).is_ok(), "{old}");
        }
        // The same normalization as when it was chosen.
        assert_eq!(
            Password::entered("ﬁsh").unwrap().as_bytes(),
            Password::entered("fish").unwrap().as_bytes()
        );
    }

    #[test]
    fn debug_never_shows_a_password() {
        let password = Password::choose("kauri-1234", &alice()).unwrap();
        let shown = format!("{password:?} {password:#?}");
        assert!(!shown.contains("kauri"), "{shown}");
        assert_eq!(format!("{password:?}"), "Password(hidden)");
    }
}

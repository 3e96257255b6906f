//! Game ids and secrets: making fresh ones, checking ids given by clients, and comparing
//! secrets without leaking where they differ.

use rand::Rng;

use crate::domain::error::Error;

/// The longest game id accepted.
pub const MAX_ID: usize = 64;

/// A fresh secret: 128 random bits as hex.
pub fn new_token() -> String {
    format!("{:032x}", rand::rng().random::<u128>())
}

/// A fresh game id: 12 random lowercase letters and digits.
pub fn new_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut rng = rand::rng();
    (0..12)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// `id` if it could be a game id (letters, digits, `-` and `_`, at most [`MAX_ID`]); anything
/// else is "no such game" without asking the store.
pub fn game_id(id: &str) -> Result<&str, Error> {
    let plausible = !id.is_empty()
        && id.len() <= MAX_ID
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if plausible {
        Ok(id)
    } else {
        Err(Error::not_found(format!("no game `{}`", shorten(id))))
    }
}

/// At most 64 characters of `text`, for error messages that echo input.
pub fn shorten(text: &str) -> String {
    match text.char_indices().nth(64) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

/// Compares two secrets without leaking where they differ through timing.
pub fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_checked_before_any_lookup() {
        assert_eq!(game_id("abc-12_x").unwrap(), "abc-12_x");
        assert!(game_id("").is_err());
        assert!(game_id("a/b").is_err());
        assert!(game_id(&"a".repeat(MAX_ID + 1)).is_err());
        let error = game_id(&"é".repeat(100)).unwrap_err();
        assert!(error.message.ends_with("...`"), "{}", error.message);
        assert!(game_id(&new_id()).is_ok());
    }

    #[test]
    fn secrets_compare_by_content() {
        let token = new_token();
        assert_eq!(token.len(), 32);
        assert!(constant_time_eq(&token, &token.clone()));
        assert!(!constant_time_eq(&token, &new_token()));
        assert!(!constant_time_eq("ab", "abc"));
    }
}

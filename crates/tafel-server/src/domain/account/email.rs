//! An account's e-mail address, optional: what it may be and how it is looked up. An address
//! is checked by the mail crate's parser (`lettre::Address`, RFC 5321's forms) and kept as
//! typed; it is looked up by its key, the address in lower case.

use std::fmt;

use crate::domain::Error;
use crate::msg;

/// The longest address accepted, in bytes (RFC 5321's limit on a path).
pub const MAX_EMAIL: usize = 254;

/// An e-mail address that a mail can be sent to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmailAddress(lettre::Address);

impl EmailAddress {
    /// `text` (spaces around it ignored) as an address, or why it cannot be one.
    pub fn parse(text: &str) -> Result<EmailAddress, Error> {
        let text = text.trim();
        if text.len() > MAX_EMAIL {
            return Err(Error::invalid(msg!(
                "that-e-mail-address-is-too-long",
                max = MAX_EMAIL
            )));
        }
        let address: lettre::Address = text
            .parse()
            .map_err(|_| Error::invalid(msg!("that-is-not-an-e-mail-address")))?;
        // The parser takes a domain without a dot (`me@localhost`); no mail of ours reaches one.
        if !address.domain().contains('.') {
            return Err(Error::invalid(msg!("that-is-not-an-e-mail-address")));
        }
        Ok(EmailAddress(address))
    }

    /// The address as typed.
    pub fn as_str(&self) -> &str {
        self.0.as_ref()
    }

    /// The key it is looked up by: the address in lower case.
    pub fn key(&self) -> String {
        self.as_str().to_lowercase()
    }

    /// The address for the mail crate.
    pub fn address(&self) -> &lettre::Address {
        &self.0
    }
}

impl fmt::Display for EmailAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_checked_and_keyed_in_lower_case() {
        let address = EmailAddress::parse("  Ada.Lovelace@Example.org ").unwrap();
        assert_eq!(address.as_str(), "Ada.Lovelace@Example.org");
        assert_eq!(address.key(), "ada.lovelace@example.org");
        for bad in [
            "",
            "ada",
            "ada@",
            "@example.org",
            "ada@localhost",
            "ada lovelace@example.org",
            "ada@exa mple.org",
            "<ada@example.org>",
        ] {
            let error = EmailAddress::parse(bad).unwrap_err();
            assert_eq!(error.code(), "that-is-not-an-e-mail-address", "{bad:?}");
        }
        let long = format!("{}@example.org", "a".repeat(250));
        assert_eq!(
            EmailAddress::parse(&long).unwrap_err().code(),
            "that-e-mail-address-is-too-long"
        );
    }
}

//! Usernames: the name an account signs in with and is shown and found under (`/@/NAME`).
//!
//! A username has 3 to 20 characters, each an ASCII letter, a digit, `_` or `-`; it starts and
//! ends with a letter or digit and never has two of `_` and `-` in a row. It keeps the spelling
//! it was chosen with, but is compared without regard to case ([`Username::key`]).
//!
//! Letters outside ASCII are refused, so no name can imitate another with a lookalike letter of
//! another script (Cyrillic `а` for Latin `a`) or with characters that show nothing or turn
//! the text around: those cannot be in a username at all. What ASCII itself has of lookalikes
//! (`I`, `l` and `1`; `O` and `0`; `rn`, `nn` and `m`; `cl` and `d`) is caught by
//! [`Username::lookalike_key`], which the store keeps unique as well, and which the
//! [`RESERVED`] names are compared by.

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::domain::error::Error;
use crate::domain::name::is_hidden;
use crate::msg;

/// The fewest characters a username has.
pub const MIN_USERNAME: usize = 3;

/// The most characters a username has.
pub const MAX_USERNAME: usize = 20;

/// Words no name may contain anywhere, because they would speak for the site: found in the
/// name as [`reserved_in`] reads it (`tafel_admin`, `T4fel`, `TheModerator`, `support-1`).
pub const RESERVED_ANYWHERE: &[&str] = &[
    "tafel",
    "admin",
    "moderator",
    "sysop",
    "staff",
    "support",
    "official",
    "security",
    "webmaster",
    "postmaster",
];

/// Names nobody may take, because they would speak for the site, stand for nobody, or name
/// what is not a person: refused as a whole name or as one of its words (split at `_`, `-`
/// and digits: `Tafel-Bot`, `bot_7`), as [`reserved_in`] reads them, so `Adm1n` is refused too; a
/// longer word that only contains one (`robot`, `modern`) is not.
pub const RESERVED: &[&str] = &[
    // The site and the people who run it.
    "tafel",
    "admin",
    "administrator",
    "root",
    "system",
    "sysop",
    "moderator",
    "mod",
    "staff",
    "support",
    "help",
    "official",
    "security",
    "abuse",
    "webmaster",
    "postmaster",
    // Nobody in particular.
    "anonymous",
    "anon",
    "guest",
    "nobody",
    "everyone",
    "player",
    "null",
    "none",
    "undefined",
    // What games show in place of a person: a deleted account, the computer.
    "deleted",
    "deleted-player",
    "bot",
    "computer",
    "engine",
    "server",
    "api",
];

/// A username, checked: see the module's documentation for the rules.
#[derive(Clone)]
pub struct Username {
    name: String,
}

impl Username {
    /// Reads a username as typed (white space around it is ignored), with an error that says
    /// which rule of its form it breaks; a name being chosen is checked by
    /// [`Username::choose`].
    pub fn parse(text: &str) -> Result<Username, Error> {
        let name = text.trim();
        let length = name.chars().count();
        if !(MIN_USERNAME..=MAX_USERNAME).contains(&length) {
            return Err(Error::invalid(msg!(
                "username-has-min-username-to-max",
                min_username = MIN_USERNAME,
                max_username = MAX_USERNAME,
                length
            )));
        }
        if let Some(wrong) = name.chars().find(|&c| !is_username_char(c)) {
            return Err(Error::invalid(msg!(
                "username-may-have-only-the-letters",
                wrong = describe(wrong)
            )));
        }
        let is_separator = |c: char| c == '_' || c == '-';
        if name.starts_with(is_separator) || name.ends_with(is_separator) {
            return Err(Error::invalid(msg!("username-starts-and-ends-with-a")));
        }
        if name
            .as_bytes()
            .windows(2)
            .any(|pair| pair.iter().all(|&b| is_separator(char::from(b))))
        {
            return Err(Error::invalid(msg!("username-may-not-have-two-of")));
        }
        let username = Username {
            name: name.to_string(),
        };
        Ok(username)
    }

    /// [`Username::parse`] for a name being chosen (a sign-up): also refused when it reads as
    /// or contains a reserved word ([`reserved_in`]). Names already taken are only parsed, so
    /// that an account named before a word was reserved still signs in and has its page, and
    /// the server's own bots (`tafel-level-1`) may carry the site's name.
    pub fn choose(text: &str) -> Result<Username, Error> {
        let username = Username::parse(text)?;
        if let Some(reserved) = reserved_in(username.as_str()) {
            return Err(Error::invalid(msg!(
                "username-name-is-kept-for-the",
                name = username.as_str(),
                reserved
            )));
        }
        Ok(username)
    }

    /// The username as it was chosen, with its capitals.
    pub fn as_str(&self) -> &str {
        &self.name
    }

    /// The username in lower case: two usernames with the same key are the same name, and
    /// the store keeps it unique.
    pub fn key(&self) -> String {
        self.name.to_ascii_lowercase()
    }

    /// A key under which names that look alike are equal: the [`key`](Username::key) with
    /// `i`, `l` and `1` made `l`, `0` made `o`, then `rn` made `m`, `vv` made `w`, `cl` made
    /// `d` and `nn` made `m`. The store
    /// keeps it unique too, so a name that could pass for another one (`PauI` for `Paul`,
    /// `b0b` for `bob`) is refused as taken. It is broad on purpose: the cost of a false
    /// match is picking another name.
    pub fn lookalike_key(&self) -> String {
        lookalike_key(&self.name)
    }
}

/// The [`Username::lookalike_key`] of `name`.
fn lookalike_key(name: &str) -> String {
    let folded: String = name
        .chars()
        .map(|c| match c.to_ascii_lowercase() {
            'i' | '1' => 'l',
            '0' => 'o',
            lower => lower,
        })
        .collect();
    // Migration 0025 made the stored keys anew after the last two were added: a pair added
    // here needs a migration that does the same.
    folded
        .replace("rn", "m")
        .replace("vv", "w")
        .replace("cl", "d")
        .replace("nn", "m")
}

/// How `text` reads for the reserved words: in lower case, with the letters that look alike
/// made one ([`lookalike_key`]'s folding), digits read as the letters they stand for (`4` as
/// `a`, `3` as `e`, `5` as `s`, `7` as `t`, `8` as `b`), and every character that is not a
/// letter kept as a break between words.
fn reading(text: &str) -> String {
    let letters: String = text
        .chars()
        .map(|c| match c.to_ascii_lowercase() {
            '4' => 'a',
            '3' => 'e',
            '5' => 's',
            '7' => 't',
            '8' => 'b',
            c if c.is_ascii_alphanumeric() => c,
            _ => ' ',
        })
        .collect();
    lookalike_key(&letters)
}

/// The reserved word `name` reads as or contains, if any (see [`RESERVED`] and
/// [`RESERVED_ANYWHERE`]): for usernames.
pub fn reserved_in(name: &str) -> Option<&'static str> {
    let read = reading(name);
    let joined: String = read.chars().filter(|c| *c != ' ').collect();
    let words: Vec<String> = read
        .split(|c: char| c == ' ' || c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    speaks_for_the_site(name).or_else(|| {
        RESERVED
            .iter()
            .find(|word| {
                let word = lookalike_key(word);
                joined == word || words.contains(&word)
            })
            .copied()
    })
}

/// The word of [`RESERVED_ANYWHERE`] that `name` contains as [`reserved_in`] reads it, if
/// any: a name that would speak for the site. The names of seats played without an account
/// are checked by this alone (`Guest`, `Anonymous` or `Player 2` are fine there).
pub fn speaks_for_the_site(name: &str) -> Option<&'static str> {
    let joined: String = reading(name).chars().filter(|c| *c != ' ').collect();
    RESERVED_ANYWHERE
        .iter()
        .find(|word| joined.contains(&lookalike_key(word)))
        .copied()
}

/// Whether `c` may be in a username.
fn is_username_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// A character for an error message: itself if it shows, with its code point.
fn describe(c: char) -> String {
    let code = format!("U+{:04X}", u32::from(c));
    if is_hidden(c) || c.is_whitespace() {
        code
    } else {
        format!("`{c}`, {code}")
    }
}

impl PartialEq for Username {
    fn eq(&self, other: &Username) -> bool {
        self.name.eq_ignore_ascii_case(&other.name)
    }
}

impl Eq for Username {}

impl Hash for Username {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl fmt::Display for Username {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl fmt::Debug for Username {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Username({:?})", self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str) -> String {
        Username::choose(text).unwrap_err().to_string()
    }

    #[test]
    fn letters_digits_underscores_and_hyphens_make_a_username() {
        for fine in [
            "bob",
            "Ada_Lovelace",
            "kauri-fan-2024",
            "X9z",
            "a1b2c3d4e5f6g7h8i9j0",
        ] {
            assert_eq!(Username::parse(fine).unwrap().as_str(), fine);
        }
        assert_eq!(Username::parse("  Ada \n").unwrap().as_str(), "Ada");
    }

    #[test]
    fn the_length_is_3_to_20_characters() {
        assert!(refused("ab").contains("has 2"), "{}", refused("ab"));
        assert!(refused("").contains("has 0"));
        assert!(Username::parse(&"a".repeat(20)).is_ok());
        assert!(refused(&"a".repeat(21)).contains("has 21"));
        // Counted in characters, not bytes, so the message is right for any input.
        assert!(refused("ééééééééééééééééééééé").contains("has 21"));
    }

    #[test]
    fn other_characters_are_refused_and_named() {
        assert!(refused("bob smith").contains("U+0020"));
        assert!(refused("bob.smith").contains("`.`, U+002E"));
        assert!(refused("bob@home").contains("`@`"));
        // Lookalike letters of other scripts: Cyrillic а and о, Greek ο, a fullwidth a.
        for lookalike in ["b\u{043E}b", "\u{0430}dmin", "b\u{03BF}b", "\u{FF41}da"] {
            assert!(
                refused(lookalike).contains("other alphabets"),
                "{lookalike}"
            );
        }
        // Invisible and direction-changing characters are named only by their code point.
        let message = refused("bo\u{200B}b");
        assert!(message.contains("(this one has U+200B)"), "{message}");
        assert!(refused("\u{202E}nimda").contains("U+202E"));
    }

    #[test]
    fn separators_stand_between_letters_or_digits() {
        assert!(refused("_bob").contains("starts and ends"));
        assert!(refused("bob-").contains("starts and ends"));
        for doubled in ["bo__b", "bo--b", "bo_-b", "bo-_b"] {
            assert!(refused(doubled).contains("in a row"), "{doubled}");
        }
        assert!(Username::parse("b_o-b").is_ok());
    }

    #[test]
    fn usernames_compare_without_regard_to_case() {
        let bob = Username::parse("Bob").unwrap();
        assert_eq!(bob, Username::parse("bOB").unwrap());
        assert_ne!(bob, Username::parse("Bobby").unwrap());
        assert_eq!(bob.key(), "bob");
        assert_eq!(bob.to_string(), "Bob");
        let hash = |name: &Username| {
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            name.hash(&mut hasher);
            hasher.finish()
        };
        assert_eq!(hash(&bob), hash(&Username::parse("BOB").unwrap()));
    }

    #[test]
    fn reserved_words_are_refused_anywhere_in_a_name_however_spelled() {
        for name in [
            "tafel_admin",
            "Tafel-Bot",
            "T4fel",
            "admin-team",
            "support-1",
            "the_moderator",
            "TheModerator",
            "xAdm1nx",
            "TAFELfan",
            "bot_7",
            "guest-2",
            "Sup-p0rt",
            "nobody",
        ] {
            let refused = Username::choose(name).expect_err(name);
            assert!(
                Username::parse(name).is_ok(),
                "a taken name still parses: {name}"
            );
            assert!(
                refused.message.to_string().contains("kept for the site"),
                "{name}: {}",
                refused.message
            );
            assert!(reserved_in(name).is_some(), "{name}");
        }
        // Words that only contain a short reserved word are names like any other.
        for name in [
            "robot",
            "modern",
            "helper",
            "canon",
            "rapid_fire",
            "nonesuch",
            "Abbott",
        ] {
            assert!(Username::choose(name).is_ok(), "{name}");
        }
    }

    #[test]
    fn lookalike_names_share_a_key() {
        let key = |name: &str| Username::parse(name).unwrap().lookalike_key();
        assert_eq!(key("Paul"), key("PauI"));
        assert_eq!(key("Paul"), key("Pau1"));
        assert_eq!(key("bob"), key("B0B"));
        assert_eq!(key("modern"), key("modem"));
        assert_eq!(key("vvolf"), key("wolf"));
        assert_eq!(key("clave"), key("dave"));
        assert_eq!(key("cIave"), key("dave"));
        assert_eq!(key("nnike"), key("mike"));
        // The key never separates names that compare equal.
        assert_eq!(key("Ivan"), key("ivan"));
        assert_ne!(key("bob"), key("bab"));
        assert_ne!(key("bob_1"), key("bob-1"));
    }

    #[test]
    fn reserved_names_are_refused_in_any_case_and_lookalike() {
        for reserved in [
            "admin",
            "ADMIN",
            "Adm1n",
            "tafel",
            "TafeI",
            "deleted",
            "Anonymous",
        ] {
            let message = refused(reserved);
            assert!(
                message.contains("kept for the site"),
                "{reserved}: {message}"
            );
        }
        // Every reserved name would otherwise be a username: none of them is dead weight.
        for reserved in RESERVED {
            assert!(
                (MIN_USERNAME..=MAX_USERNAME).contains(&reserved.len())
                    && reserved.chars().all(is_username_char),
                "{reserved}"
            );
        }
        // The words that speak for the site are refused anywhere, innocent ones included: the
        // cost of a false match is picking another name.
        assert!(Username::choose("administrators").is_err());
        assert!(Username::choose("badminton").is_err());
    }

    #[test]
    fn debug_shows_the_name() {
        assert_eq!(
            format!("{:?}", Username::parse("Bob").unwrap()),
            "Username(\"Bob\")"
        );
    }
}

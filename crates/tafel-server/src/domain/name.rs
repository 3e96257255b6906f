//! People's names as the server shows them: a [`PersonName`] is checked once, where it comes
//! in, for every name (seats now, accounts later), so that no name can hide characters or
//! impersonate another by invisible or direction-changing characters. Other lines people
//! write for others to read (chat messages) pass the same check, [`shown_line`].

use std::fmt;
use std::str::FromStr;

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

use crate::domain::error::Error;
use crate::msg;

/// The longest name a person may give, in characters.
pub const MAX_NAME: usize = 32;

/// A person's name, checked: trimmed, inner runs of white space made one space, 1 to
/// [`MAX_NAME`] characters, without a character that shows nothing or changes how the text
/// around it is shown (see [`is_hidden`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PersonName(String);

impl PersonName {
    /// The name `text` gives, or why it cannot be one (invalid).
    pub fn parse(text: &str) -> Result<PersonName, Error> {
        shown_line(text, "name", MAX_NAME).map(PersonName)
    }

    /// The name's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The name's text, owned (to store it).
    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for PersonName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for PersonName {
    type Err = Error;

    fn from_str(text: &str) -> Result<PersonName, Error> {
        PersonName::parse(text)
    }
}

/// `text` as one line that others read: trimmed, inner runs of white space (line breaks
/// included) made one space, 1 to `max` characters, none of them hidden (see [`is_hidden`]);
/// or why not (invalid), naming the text as `what` (`name`, `message`: the messages say it in words).
pub fn shown_line(text: &str, what: &str, max: usize) -> Result<String, Error> {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.is_empty() {
        return Err(Error::invalid(msg!(
            "what-needs-at-least-one-character",
            what
        )));
    }
    if line.chars().count() > max {
        return Err(Error::invalid(msg!("what-may-have-at-most-max", what, max)));
    }
    if let Some(hidden) = line.chars().find(|&c| is_hidden(c)) {
        return Err(Error::invalid(msg!(
            "what-may-not-contain-invisible-characters",
            what,
            code = format!("{:04X}", u32::from(hidden))
        )));
    }
    Ok(line)
}

/// How `text` looks, as Unicode's confusable detection (TS39's skeleton, from the
/// `unicode-security` crate) reads it: every character replaced by the one of its confusables
/// that stands for them all, mostly ASCII (`Mаgnus` with a Cyrillic `а` and `𝐌agnus` read
/// `Magnus`). Names are compared for what they pass for by their skeletons.
pub fn skeleton(text: &str) -> String {
    unicode_security::skeleton(text).collect()
}

/// Whether `c` shows nothing or changes how the text around it is shown: control and format
/// characters (zero-width spaces and joiners, the soft hyphen, the byte-order mark, every
/// bidirectional embedding, override and isolate), private-use, surrogate and unassigned code
/// points, line and paragraph separators, and the letters and marks that are drawn blank
/// (Hangul fillers, variation selectors, the combining grapheme joiner, Braille blank).
pub fn is_hidden(c: char) -> bool {
    use GeneralCategory::*;
    matches!(
        c.general_category(),
        Control | Format | PrivateUse | Surrogate | Unassigned | LineSeparator | ParagraphSeparator
    ) || matches!(
        u32::from(c),
        0x034F | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F | 0x2800 | 0x3164
            | 0xFE00..=0xFE0F | 0xFFA0 | 0xE0100..=0xE01EF
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ErrorKind;

    #[test]
    fn lookalikes_of_other_scripts_and_styles_share_a_skeleton() {
        // Latin `a`, Cyrillic `а` (U+0430); Latin `T`, Cyrillic `Т` (U+0422); mathematical
        // bold `𝐌` (U+1D40C) and fullwidth `Ｍ` (U+FF2D) for `M`.
        for (plain, lookalike) in [
            ("Magnus", "M\u{430}gnus"),
            ("Tafel", "\u{422}afel"),
            ("Magnus", "\u{1D40C}agnus"),
            ("Magnus", "\u{FF2D}agnus"),
        ] {
            assert_eq!(skeleton(plain), skeleton(lookalike), "{lookalike}");
        }
        assert_ne!(skeleton("Magnus"), skeleton("Magnolia"));
        // TS39 reads `m` as `rn`: the reserved words are found after `rn` is folded back.
        assert_eq!(skeleton("\u{422}afel Admin"), "Tafel Adrnin");
    }

    #[test]
    fn invisible_and_direction_changing_characters_are_refused() {
        for hidden in [
            '\u{202E}',  // right-to-left override: "\u{202E}nimdA" shows as "Admin"
            '\u{200B}',  // zero-width space
            '\u{00AD}',  // soft hyphen
            '\u{FEFF}',  // byte-order mark, zero-width no-break space
            '\u{2066}',  // left-to-right isolate
            '\u{200D}',  // zero-width joiner
            '\u{061C}',  // Arabic letter mark
            '\u{3164}',  // Hangul filler
            '\u{FE0F}',  // variation selector
            '\u{E0041}', // tag letter
            '\u{E000}',  // private use
        ] {
            let error = PersonName::parse(&format!("Ad{hidden}min")).unwrap_err();
            assert!(
                error.to_string().contains("U+"),
                "{hidden:?}: {}",
                error.message
            );
        }
        // Letters of every script, and spaces of every width (made one plain space), are fine.
        for fine in [
            "Ünal Çelik",
            "Дмитрий",
            "李小龙",
            "محمد",
            "Ngô Bảo Châu",
            "Ann\u{00A0}Lee",
        ] {
            assert!(PersonName::parse(fine).is_ok(), "{fine}");
        }
        // Separators that are white space become one plain space.
        assert_eq!(
            PersonName::parse("Ann\u{3000}Lee").unwrap().as_str(),
            "Ann Lee"
        );
        assert_eq!(
            PersonName::parse("Ann\u{2028}Lee").unwrap().as_str(),
            "Ann Lee"
        );
    }

    #[test]
    fn names_parse_from_text_and_show_as_given_once_checked() {
        let name: PersonName = "  Ann   Lee ".parse().unwrap();
        assert_eq!(name.to_string(), "Ann Lee");
        assert_eq!(name.clone().into_string(), "Ann Lee");
        assert_eq!(PersonName::parse("Ann Lee"), Ok(name));
        assert!(PersonName::parse(&"é".repeat(MAX_NAME)).is_ok());
        for bad in ["", &"é".repeat(MAX_NAME + 1), "a\u{202E}b"] {
            let error = PersonName::parse(bad).unwrap_err();
            assert_eq!(error.kind, ErrorKind::Invalid, "{bad:?}");
        }
    }
}

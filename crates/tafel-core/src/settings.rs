//! Typed game settings with defaults, allowed values and `key=value` text.
//!
//! Each game has a settings struct implementing [`GameSettings`]: its [`SettingSpec`] list says
//! which keys exist, their defaults and allowed values, and whether a setting is the original's
//! rule, our reconstruction, an exploration variant or an engine safety net. Parsing starts from
//! the defaults and applies `key=value` pairs, so every stored record can carry every setting.

use std::fmt;

use crate::reason::Reason;

/// Where a setting comes from, so that listings can label reconstructions and variants.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Origin {
    /// A choice the original rules offer or imply.
    Rules,
    /// Our reconstruction of something the original lost (a diagram, a start position).
    Reconstructed,
    /// An exploration variant that is not the designer's game.
    Variant,
    /// An engine safety net the rules do not have (a ply limit).
    Engine,
}

/// The values a setting accepts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SettingValues {
    /// One of a fixed list of words.
    Choice(&'static [&'static str]),
    /// One of a list of words that depends on another setting's value: for each value of the
    /// setting `key`, the words allowed with it (Karl's Race's first player: `white|black`
    /// with two players, the four corners with four).
    ChoiceBy {
        /// The setting the words depend on.
        key: &'static str,
        /// Each value of `key` with the words allowed then.
        choices: &'static [(&'static str, &'static [&'static str])],
    },
    /// Free text of the described form ("MxN, each side 1 to 32").
    Text(&'static str),
}

/// The description of one setting key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SettingSpec {
    /// The key written before `=`.
    pub key: &'static str,
    /// The setting's name for people ("Who moves first"), as the web lobby shows it.
    pub label: &'static str,
    /// The default value, as text.
    pub default: &'static str,
    /// What values are allowed.
    pub values: SettingValues,
    /// One line saying what the setting does.
    pub help: &'static str,
    /// Whether this is a rule, a reconstruction, a variant or an engine limit.
    pub origin: Origin,
    /// `Some((key, value))` when the setting matters only while setting `key` has that value
    /// (Karl's Race's `start4` only with `players=4`); interfaces hide it otherwise.
    pub applies_when: Option<(&'static str, &'static str)>,
}

impl SettingSpec {
    /// The allowed values as one line of text (`a|b|c`, or the described form).
    pub fn allowed(&self) -> String {
        match self.values {
            SettingValues::Choice(words) => words.join("|"),
            SettingValues::ChoiceBy { key, choices } => choices
                .iter()
                .map(|(value, words)| format!("{} with {key}={value}", words.join("|")))
                .collect::<Vec<_>>()
                .join("; "),
            SettingValues::Text(form) => form.to_string(),
        }
    }
}

/// A setting's description as JSON, for listings and the web lobby: `key`, `label`,
/// `default`, `allowed` (one line), `choices` (the words, or `null`), `choices_by` (for words
/// that depend on another setting: `{"key": ..., "choices": {value: [words]}}`, else `null`),
/// `help`, `origin`, and `applies_when` (`{"key": ..., "value": ...}` or `null`).
impl serde::Serialize for SettingSpec {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        use std::collections::BTreeMap;
        let choices = match self.values {
            SettingValues::Choice(words) => Some(words),
            _ => None,
        };
        let choices_by = match self.values {
            SettingValues::ChoiceBy { key, choices } => Some(serde_json::json!({
                "key": key,
                "choices": choices.iter().copied().collect::<BTreeMap<_, _>>(),
            })),
            _ => None,
        };
        let applies_when = self
            .applies_when
            .map(|(key, value)| serde_json::json!({ "key": key, "value": value }));
        let mut out = serializer.serialize_struct("SettingSpec", 9)?;
        out.serialize_field("key", self.key)?;
        out.serialize_field("label", self.label)?;
        out.serialize_field("default", self.default)?;
        out.serialize_field("allowed", &self.allowed())?;
        out.serialize_field("choices", &choices)?;
        out.serialize_field("choices_by", &choices_by)?;
        out.serialize_field("help", self.help)?;
        out.serialize_field("origin", &self.origin)?;
        out.serialize_field("applies_when", &applies_when)?;
        out.end()
    }
}

/// A settings value that could not be accepted.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SettingsError {
    /// The key is not a setting of this game.
    UnknownKey {
        /// The game's name.
        game: &'static str,
        /// The key asked for.
        key: String,
        /// The game's keys.
        known: Vec<&'static str>,
    },
    /// The value is not allowed for the key.
    InvalidValue {
        /// The key.
        key: String,
        /// The value refused.
        value: String,
        /// Why.
        reason: Box<ValueError>,
    },
    /// A `key=value` pair without `=`.
    Malformed {
        /// The text given.
        text: String,
    },
}

impl SettingsError {
    /// The error as a reason by code.
    pub fn reason(&self) -> Reason {
        match self {
            SettingsError::UnknownKey { game, key, known } => Reason::new(
                "setting-unknown",
                "unknown setting `{key}` for {game} (known: {known})",
            )
            .with("key", key)
            .with("game", game)
            .with("known", known.join(", ")),
            SettingsError::InvalidValue { key, value, reason } => Reason::new(
                "setting-invalid",
                "invalid value `{value}` for setting `{key}`: {reason}",
            )
            .with("value", value)
            .with("key", key)
            .with_reason("reason", reason.reason()),
            SettingsError::Malformed { text } => Reason::new(
                "setting-malformed",
                "malformed setting `{text}`: expected key=value",
            )
            .with("text", text),
        }
    }
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.reason().fmt(f)
    }
}

impl std::error::Error for SettingsError {}

/// Why one setting's value is refused ([`GameSettings::set`], or a game's check of its
/// settings together in [`crate::Game::new`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ValueError {
    /// The value is not one of the setting's words.
    NotAChoice {
        /// The words allowed.
        choices: &'static [&'static str],
    },
    /// The value does not have the setting's form.
    Malformed {
        /// The form expected ("ROWSxCOLUMNS such as 8x8").
        expected: Reason,
        /// The text given, where showing it helps.
        got: Option<String>,
    },
    /// The value has the right form but is not allowed (out of range, or not with the other
    /// settings); the reason says why.
    NotAllowed(Reason),
}

impl ValueError {
    /// Why, as a reason by code.
    pub fn reason(&self) -> Reason {
        match self {
            ValueError::NotAChoice { choices } => {
                Reason::new("setting-choices", "expected one of {choices}")
                    .with("choices", choices.join(", "))
            }
            ValueError::Malformed {
                expected,
                got: Some(got),
            } => Reason::new("setting-form-got", "expected {expected}, got `{got}`")
                .with_reason("expected", expected.clone())
                .with("got", got),
            ValueError::Malformed {
                expected,
                got: None,
            } => Reason::new("setting-form", "expected {expected}")
                .with_reason("expected", expected.clone()),
            ValueError::NotAllowed(why) => why.clone(),
        }
    }
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.reason().fmt(f)
    }
}

impl std::error::Error for ValueError {}

/// A game's typed settings.
///
/// Implementors list their keys in [`GameSettings::SPECS`] and convert single values with
/// [`GameSettings::set`] and [`GameSettings::get`]; everything else (parsing lists of pairs,
/// canonical text) is provided.
pub trait GameSettings: Clone + Default + PartialEq + fmt::Debug + Send + Sync + 'static {
    /// Every key, in the order listings show them.
    const SPECS: &'static [SettingSpec];

    /// Sets `key` (one of `SPECS`) from text; returns why the value is refused otherwise.
    fn set(&mut self, key: &str, value: &str) -> Result<(), ValueError>;

    /// The current value of `key` (one of `SPECS`) as text that [`GameSettings::set`] accepts.
    fn get(&self, key: &str) -> String;

    /// The defaults with the given `key=value` pairs applied in order.
    fn from_pairs<K: AsRef<str>, V: AsRef<str>>(
        game: &'static str,
        pairs: &[(K, V)],
    ) -> Result<Self, SettingsError> {
        let mut settings = Self::default();
        for (key, value) in pairs {
            let (key, value) = (key.as_ref(), value.as_ref());
            if !Self::SPECS.iter().any(|s| s.key == key) {
                return Err(SettingsError::UnknownKey {
                    game,
                    key: key.to_string(),
                    known: Self::SPECS.iter().map(|s| s.key).collect(),
                });
            }
            settings
                .set(key, value)
                .map_err(|reason| SettingsError::InvalidValue {
                    key: key.to_string(),
                    value: value.to_string(),
                    reason: Box::new(reason),
                })?;
        }
        Ok(settings)
    }

    /// Every setting as a `(key, value)` pair, in `SPECS` order.
    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        Self::SPECS
            .iter()
            .map(|s| (s.key, self.get(s.key)))
            .collect()
    }
}

/// Splits `key=value` into its parts.
pub fn split_pair(text: &str) -> Result<(String, String), SettingsError> {
    match text.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(SettingsError::Malformed {
            text: text.to_string(),
        }),
    }
}

/// Checks `value` against a [`SettingValues::Choice`] list; the error names the choices.
pub fn choose(value: &str, choices: &'static [&'static str]) -> Result<&'static str, ValueError> {
    choices
        .iter()
        .find(|c| **c == value)
        .copied()
        .ok_or(ValueError::NotAChoice { choices })
}

/// Formats pairs as `key=value key=value`.
pub fn pairs_to_string(pairs: &[(&str, String)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Default, PartialEq, Debug)]
    struct Demo {
        big: bool,
    }

    impl GameSettings for Demo {
        const SPECS: &'static [SettingSpec] = &[SettingSpec {
            key: "big",
            label: "Big",
            default: "no",
            values: SettingValues::Choice(&["no", "yes"]),
            help: "make it big",
            origin: Origin::Variant,
            applies_when: None,
        }];
        fn set(&mut self, _key: &str, value: &str) -> Result<(), ValueError> {
            self.big = choose(value, &["no", "yes"])? == "yes";
            Ok(())
        }
        fn get(&self, _key: &str) -> String {
            if self.big { "yes" } else { "no" }.to_string()
        }
    }

    #[test]
    fn pairs_parse_and_errors_name_the_problem() {
        assert!(Demo::from_pairs("demo", &[("big", "yes")]).unwrap().big);
        assert_eq!(
            Demo::from_pairs::<&str, &str>("demo", &[]).unwrap(),
            Demo::default()
        );
        let e = Demo::from_pairs("demo", &[("small", "yes")])
            .unwrap_err()
            .to_string();
        assert_eq!(e, "unknown setting `small` for demo (known: big)");
        let e = Demo::from_pairs("demo", &[("big", "maybe")])
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "invalid value `maybe` for setting `big`: expected one of no, yes"
        );
        assert_eq!(split_pair("a=b").unwrap(), ("a".into(), "b".into()));
        assert!(split_pair("ab").is_err());
        assert_eq!(pairs_to_string(&Demo::default().to_pairs()), "big=no");
    }
}

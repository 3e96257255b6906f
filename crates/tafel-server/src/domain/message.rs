//! A message for people, by key: what the server says (an error, a notice) as a stable key
//! with named arguments, rendered in a reader's language from the catalogues
//! ([`crate::domain::catalogue`]). The key is what clients may rely on (an error's `code`);
//! the words may change.

use std::fmt;

use crate::domain::catalogue::{self, Arg};
use crate::domain::language::Language;

/// A message: a key of the catalogues and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The message's key in every catalogue (`game-is-over`), stable.
    pub key: &'static str,
    /// The arguments the message names, in the order given (`name` = `Alice`).
    pub args: Vec<(&'static str, Arg)>,
}

impl Message {
    /// The message `key` without arguments.
    pub fn new(key: &'static str) -> Message {
        Message {
            key,
            args: Vec::new(),
        }
    }

    /// The message with one more argument.
    pub fn with(mut self, name: &'static str, value: impl fmt::Display) -> Message {
        self.args.push((name, Arg::Text(value.to_string())));
        self
    }

    /// The message with one more argument, a side's name as the games give it.
    pub fn with_side(mut self, name: &'static str, side: &'static str) -> Message {
        self.args.push((name, Arg::Side(side)));
        self
    }

    /// The message with one more argument, a reason by code from the games or the engine.
    pub fn with_reason(mut self, name: &'static str, reason: tafel_core::Reason) -> Message {
        self.args.push((name, Arg::Reason(reason)));
        self
    }

    /// The message in `language`.
    pub fn render(&self, language: Language) -> String {
        catalogue::render(self.key, &self.args, language)
    }
}

impl fmt::Display for Message {
    /// The message in English (for logs and the command line).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Language::English))
    }
}

/// A [`Message`]: `msg!("key")`, `msg!("key", name)` (the variable `name`) or
/// `msg!("key", name = expression)`; every argument is shown as its `Display`.
#[macro_export]
macro_rules! msg {
    ($key:literal $(, $name:ident $(= $value:expr)?)* $(,)?) => {
        $crate::domain::message::Message::new($key)
            $(.with(stringify!($name), $crate::msg!(@value $name $(= $value)?)))*
    };
    (@value $name:ident) => { &$name };
    (@value $name:ident = $value:expr) => { &$value };
}

/// An unknown game's name, with the games there are.
impl From<tafel_core::registry::UnknownGame> for Message {
    fn from(error: tafel_core::registry::UnknownGame) -> Message {
        Message::new("unknown-game")
            .with("game", &error.name)
            .with("known", error.known.join(", "))
    }
}

/// A move that cannot be read, is not legal here, or comes after the end.
impl From<tafel_core::MoveError> for Message {
    fn from(error: tafel_core::MoveError) -> Message {
        match error {
            tafel_core::MoveError::Malformed(e) => Message::from(e),
            tafel_core::MoveError::Illegal { text, legal } => Message::new("move-illegal")
                .with("move", text)
                .with("legal", legal.join(" ")),
            tafel_core::MoveError::GameOver => Message::new("game-is-over"),
        }
    }
}

/// A move, a position code or a record that cannot be read: the game's reason by code.
impl From<tafel_core::ParseError> for Message {
    fn from(error: tafel_core::ParseError) -> Message {
        Message::new("unreadable").with_reason("reason", error.as_reason())
    }
}

/// Settings the game refuses: the game's reason by code.
impl From<tafel_core::SettingsError> for Message {
    fn from(error: tafel_core::SettingsError) -> Message {
        Message::new("settings-refused").with_reason("reason", error.reason())
    }
}

/// A record whose moves or result do not replay: the rules' reason by code.
impl From<tafel_core::record::ReplayError> for Message {
    fn from(error: tafel_core::record::ReplayError) -> Message {
        Message::new("record-refused").with_reason("reason", error.as_reason())
    }
}

/// What a computer player cannot do: the engine's own words.
impl From<tafel_ai::AiError> for Message {
    fn from(error: tafel_ai::AiError) -> Message {
        Message::new("computer-refused").with("detail", error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_render_with_their_arguments_in_each_language() {
        let turn = crate::msg!("it-is-name-turn", name = "Alice");
        assert_eq!(turn.render(Language::English), "it is Alice's turn");
        assert_eq!(turn.render(Language::German), "Alice ist am Zug");
        assert_eq!(
            Message::new("no-such-key").render(Language::German),
            "no-such-key"
        );
        let sides = ["White", "first player", "North-West", "Sente"]
            .map(|side| Message::new("it-is-name-turn").with_side("name", side));
        let german = sides.clone().map(|m| m.render(Language::German));
        assert_eq!(
            german,
            [
                "Weiß ist am Zug",
                "Spieler 1 ist am Zug",
                "Nordwest ist am Zug",
                "Sente ist am Zug"
            ]
        );
        assert_eq!(
            sides[1].render(Language::English),
            "it is first player's turn"
        );
    }

    #[test]
    fn reasons_render_in_each_language_with_nested_reasons_and_sides() {
        let error = tafel_core::ParseError::at(
            "move",
            "3333x1111",
            5,
            tafel_core::Reason::new("quarx-no-piece", "no {side} piece on {cell}")
                .with("cell", "3333")
                .with_side("side", "White"),
        );
        let message = Message::from(error);
        assert_eq!(
            message.render(Language::English),
            "invalid move `3333x1111` at character 6: no White piece on 3333"
        );
        assert_eq!(
            message.render(Language::German),
            "ungültiger Zug `3333x1111` bei Zeichen 6: kein Stein von Weiß auf 3333"
        );
        let params: std::collections::BTreeMap<_, _> =
            message.args[0].1.params("reason").into_iter().collect();
        assert_eq!(params["reason"], "unreadable-at");
        assert_eq!(params["reason.reason"], "quarx-no-piece");
        assert_eq!(params["reason.reason.side"], "White");
        assert_eq!(params["reason.at"], "6");
    }
}

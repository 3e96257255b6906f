//! Why a text cannot be read or a value is refused, for people in any language: a stable
//! code with named parameters ([`Reason`]), whose English words are written beside the code
//! where the reason is made (`reason!`) and shown by `Display` (the command line); an
//! interface in another language words it from its own catalogue by the code (the server's
//! `messages/*.ftl`, key `reason-CODE`), filling in the same parameters.

use std::fmt;

/// A reason by code: what is wrong, with its parameters, and its English words.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Reason {
    /// The stable code (`kauri-row-holes`): what clients and catalogues rely on.
    pub code: &'static str,
    /// The English words, with each parameter written `{name}`.
    pub english: &'static str,
    /// The parameters, by name, in the order given.
    pub params: Vec<(&'static str, Param)>,
}

/// A parameter of a [`Reason`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Param {
    /// Text shown as it is in every language (a number, a cell, a piece of the input).
    Text(String),
    /// A side's name as the games give it ("White", "first player"), which a catalogue may
    /// word in its language.
    Side(&'static str),
    /// Another reason, worded in the same language (a setting's form, a part of a sentence).
    Reason(Box<Reason>),
}

impl Reason {
    /// The reason `code` with its English words and no parameters yet.
    pub const fn new(code: &'static str, english: &'static str) -> Reason {
        Reason {
            code,
            english,
            params: Vec::new(),
        }
    }

    /// The reason with one more parameter, shown as its `Display` in every language.
    pub fn with(mut self, name: &'static str, value: impl fmt::Display) -> Reason {
        self.params.push((name, Param::Text(value.to_string())));
        self
    }

    /// The reason with one more parameter, a side's name.
    pub fn with_side(mut self, name: &'static str, side: &'static str) -> Reason {
        self.params.push((name, Param::Side(side)));
        self
    }

    /// The reason with one more parameter, another reason.
    pub fn with_reason(mut self, name: &'static str, reason: Reason) -> Reason {
        self.params.push((name, Param::Reason(Box::new(reason))));
        self
    }

    /// The parameter `name`, if given.
    pub fn param(&self, name: &str) -> Option<&Param> {
        self.params.iter().find(|(n, _)| *n == name).map(|(_, p)| p)
    }

    /// `template` (words with parameters written `{name}`) with each parameter of this reason
    /// as `word` gives it; a name without a parameter stays as written.
    pub fn fill(&self, template: &str, word: &mut dyn FnMut(&Param) -> String) -> String {
        let mut out = String::with_capacity(template.len());
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            match after.find('}').and_then(|close| {
                let name = &after[..close];
                self.param(name).map(|param| (close, param))
            }) {
                Some((close, param)) => {
                    out.push_str(&word(param));
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

impl fmt::Display for Param {
    /// The parameter in English.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Param::Text(text) => f.write_str(text),
            Param::Side(side) => f.write_str(side),
            Param::Reason(reason) => reason.fmt(f),
        }
    }
}

impl fmt::Display for Reason {
    /// The reason in English.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fill(self.english, &mut |param| param.to_string()))
    }
}

/// A [`Reason`]: `reason!("code", "English words with {name}")`, then its parameters as
/// `name` (the variable) or `name = expression`, each shown as its `Display`.
#[macro_export]
macro_rules! reason {
    ($code:literal, $english:expr $(, $name:ident $(= $value:expr)?)* $(,)?) => {
        $crate::Reason::new($code, $english)
            $(.with(stringify!($name), $crate::reason!(@value $name $(= $value)?)))*
    };
    (@value $name:ident) => { &$name };
    (@value $name:ident = $value:expr) => { &$value };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_fills_its_english_words_and_nests() {
        let inner = reason!("demo-inner", "{n} seeds", n = 5);
        let outer = Reason::new("demo-outer", "hole {hole}: {why}, not {missing}")
            .with("hole", "c")
            .with_reason("why", inner);
        assert_eq!(outer.to_string(), "hole c: 5 seeds, not {missing}");
        let shout = outer.fill("{why}!", &mut |p| p.to_string().to_uppercase());
        assert_eq!(shout, "5 SEEDS!");
        let side = Reason::new("demo-side", "{side} wins").with_side("side", "White");
        assert_eq!(side.to_string(), "White wins");
    }
}

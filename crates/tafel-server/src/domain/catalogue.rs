//! The message catalogues: every message the server says, in each [`Language`], written
//! in Project Fluent's syntax in `crates/tafel-server/messages/<code>.ftl` and built into the
//! binary. A test checks that every catalogue has every key of the English one, with the same
//! arguments.

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use tafel_core::{Param, Reason};

use crate::domain::language::Language;

/// The English catalogue's source: every key is here first.
pub const ENGLISH: &str = include_str!("../../messages/en.ftl");
/// The German catalogue's source.
pub const GERMAN: &str = include_str!("../../messages/de.ftl");

/// The source of `language`'s catalogue.
pub fn source(language: Language) -> &'static str {
    match language {
        Language::English => ENGLISH,
        Language::German => GERMAN,
    }
}

/// An argument of a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A text shown as it is (a name, a number, a move).
    Text(String),
    /// A side's name as the games give it ("White", "first player"), shown in the reader's
    /// language (the catalogues' `side`).
    Side(&'static str),
    /// A reason by code from the games or the engine, worded by the catalogues' message
    /// `reason-CODE` (in English by the reason's own words when a catalogue has none).
    Reason(Reason),
}

impl Arg {
    /// The argument for programs, as an error's `params` show it: `name` with the text as it
    /// is, in English; a reason as `name` with its code and each of its parameters as
    /// `name.param` (nested reasons the same way, `name.param.inner`).
    pub fn params(&self, name: &str) -> Vec<(String, String)> {
        match self {
            Arg::Text(text) => vec![(name.to_string(), text.clone())],
            Arg::Side(side) => vec![(name.to_string(), side.to_string())],
            Arg::Reason(reason) => {
                let mut out = vec![(name.to_string(), reason.code.to_string())];
                for (param, value) in &reason.params {
                    out.extend(Arg::from(value).params(&format!("{name}.{param}")));
                }
                out
            }
        }
    }
}

/// A reason's parameter as a message's argument.
impl From<&Param> for Arg {
    fn from(param: &Param) -> Arg {
        match param {
            Param::Text(text) => Arg::Text(text.clone()),
            Param::Side(side) => Arg::Side(side),
            Param::Reason(reason) => Arg::Reason((**reason).clone()),
        }
    }
}

/// The catalogues' key of a reason's words: `reason-` and its code.
pub fn reason_key(code: &str) -> String {
    format!("reason-{code}")
}

/// A language's catalogue, parsed once.
struct Catalogue {
    bundle: FluentBundle<FluentResource>,
}

impl Catalogue {
    fn load(language: Language) -> Catalogue {
        let locale = language
            .code()
            .parse()
            .expect("a language's code is a locale");
        let mut bundle = FluentBundle::new_concurrent(vec![locale]);
        // Plain text: no Unicode isolation marks around the arguments.
        bundle.set_use_isolating(false);
        let resource = FluentResource::try_new(source(language).to_string())
            .unwrap_or_else(|(resource, _)| resource);
        bundle
            .add_resource(resource)
            .expect("a catalogue names each key once (tested)");
        Catalogue { bundle }
    }

    /// The message `key` with `args` in this catalogue's words, or none if the key is not here.
    fn render(&self, key: &str, args: &[(&'static str, Arg)]) -> Option<String> {
        let pattern = self.bundle.get_message(key)?.value()?;
        let given = args;
        let mut args = FluentArgs::new();
        for (name, value) in given {
            match value {
                Arg::Text(text) => args.set(*name, text.as_str()),
                Arg::Side(side) => args.set(*name, self.side(side)),
                Arg::Reason(reason) => args.set(*name, self.reason(reason)),
            }
        }
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(&args), &mut errors);
        Some(text.into_owned())
    }
}

impl Catalogue {
    /// A reason in this catalogue's words: its message `reason-CODE` with the reason's
    /// parameters, or, where the catalogue has none (English), the reason's own words with
    /// its parameters in this catalogue's words.
    fn reason(&self, reason: &Reason) -> String {
        let args: Vec<(&'static str, Arg)> = reason
            .params
            .iter()
            .map(|(name, param)| (*name, Arg::from(param)))
            .collect();
        self.render(&reason_key(reason.code), &args)
            .unwrap_or_else(|| {
                reason.fill(reason.english, &mut |param| match param {
                    Param::Text(text) => text.clone(),
                    Param::Side(side) => self.side(side),
                    Param::Reason(inner) => self.reason(inner),
                })
            })
    }

    /// A side's name in this catalogue's words: the message `side`, which chooses by the
    /// name's words joined by `-` (`first-player`), and shows the name as it is otherwise.
    fn side(&self, side: &str) -> String {
        let slug = side.to_ascii_lowercase().replace(' ', "-");
        let args = [
            ("side", Arg::Text(slug)),
            ("name", Arg::Text(side.to_string())),
        ];
        self.render("side", &args)
            .unwrap_or_else(|| side.to_string())
    }
}

static CATALOGUES: LazyLock<[Catalogue; 2]> = LazyLock::new(|| Language::ALL.map(Catalogue::load));

fn catalogue(language: Language) -> &'static Catalogue {
    &CATALOGUES[Language::ALL
        .iter()
        .position(|l| *l == language)
        .unwrap_or(0)]
}

/// The message `key` with `args` in `language`; in English where that catalogue lacks the key
/// (a test forbids it), and as its key where even English does.
pub fn render(key: &str, args: &[(&'static str, Arg)], language: Language) -> String {
    catalogue(language)
        .render(key, args)
        .or_else(|| catalogue(Language::English).render(key, args))
        .unwrap_or_else(|| key.to_string())
}

/// A reason by code from the games or the engine (a computer level's notice, a search's
/// effort) in `language`.
pub fn reason(reason: &Reason, language: Language) -> String {
    catalogue(language).reason(reason)
}

/// A side's name as the games give it ("White", "first player") in `language`.
pub fn side(name: &str, language: Language) -> String {
    catalogue(language).side(name)
}

/// Whether `language`'s catalogue has the message `key` (for the tests of the keys other
/// modules make, such as the games' texts).
#[cfg(test)]
pub(crate) fn has(key: &str, language: Language) -> bool {
    catalogue(language).bundle.has_message(key)
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use fluent_syntax::ast;

    use super::*;

    /// Each key of a catalogue's source with the arguments its message names.
    fn keys(source: &str) -> BTreeMap<String, BTreeSet<String>> {
        let resource = fluent_syntax::parser::parse(source)
            .unwrap_or_else(|(_, errors)| panic!("a catalogue does not parse: {errors:?}"));
        let mut keys = BTreeMap::new();
        for entry in resource.body {
            if let ast::Entry::Message(message) = entry {
                let mut names = BTreeSet::new();
                if let Some(pattern) = &message.value {
                    variables(pattern, &mut names);
                }
                let id = message.id.name.to_string();
                assert!(keys.insert(id.clone(), names).is_none(), "{id} twice");
            }
        }
        keys
    }

    fn variables(pattern: &ast::Pattern<&str>, names: &mut BTreeSet<String>) {
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_variables(expression, names);
            }
        }
    }

    fn expression_variables(expression: &ast::Expression<&str>, names: &mut BTreeSet<String>) {
        match expression {
            ast::Expression::Inline(inline) => inline_variables(inline, names),
            ast::Expression::Select { selector, variants } => {
                inline_variables(selector, names);
                for variant in variants {
                    variables(&variant.value, names);
                }
            }
        }
    }

    fn inline_variables(inline: &ast::InlineExpression<&str>, names: &mut BTreeSet<String>) {
        match inline {
            ast::InlineExpression::VariableReference { id } => {
                names.insert(id.name.to_string());
            }
            ast::InlineExpression::Placeable { expression } => {
                expression_variables(expression, names)
            }
            _ => {}
        }
    }

    #[test]
    fn every_catalogue_has_every_key_with_the_same_arguments() {
        let english = keys(ENGLISH);
        assert!(
            english.len() > 150,
            "{} keys: is the catalogue read?",
            english.len()
        );
        for language in Language::ALL {
            let other = keys(source(language));
            let missing: Vec<_> = english.keys().filter(|k| !other.contains_key(*k)).collect();
            assert!(missing.is_empty(), "{language:?} lacks {missing:?}");
            let extra: Vec<_> = other
                .keys()
                .filter(|k| !english.contains_key(*k) && !k.starts_with("reason-"))
                .collect();
            assert!(
                extra.is_empty(),
                "{language:?} has keys English lacks: {extra:?}"
            );
            for (key, names) in other.iter().filter(|(k, _)| english.contains_key(*k)) {
                assert!(
                    names.is_subset(&english[key]),
                    "{language:?} {key} names {names:?}, English only {:?}",
                    english[key]
                );
            }
        }
    }

    /// The code of every reason the games, the rules and the engine make (`reason!("code"`,
    /// `Reason::new("code"` in the source of tafel-core, tafel-games and tafel-ai, tests and
    /// comments left out), and the terminations' codes, which are made from a list.
    fn reason_codes() -> BTreeSet<String> {
        let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut codes: BTreeSet<String> = tafel_core::record::Termination::ALL
            .iter()
            .map(|t| t.reason().code.to_string())
            .collect();
        let roots =
            ["tafel-core", "tafel-games", "tafel-ai"].map(|name| crates.join(name).join("src"));
        for (_, code) in rust_code(roots.to_vec()) {
            codes.extend(literal_keys(&code, &["reason!(", "Reason::new("]));
        }
        codes
    }

    /// Every Rust file under the folders `roots`, with its code ([`code_of`]).
    fn rust_code(mut roots: Vec<std::path::PathBuf>) -> Vec<(std::path::PathBuf, String)> {
        let mut files = Vec::new();
        while let Some(dir) = roots.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    roots.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let code = code_of(&std::fs::read_to_string(&path).unwrap());
                    files.push((path, code));
                }
            }
        }
        files
    }

    /// A source file without its tests and its comment lines.
    fn code_of(source: &str) -> String {
        source
            .split("#[cfg(test)]")
            .next()
            .unwrap_or_default()
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The string literals that open the calls `openings` in `code` (calls whose first
    /// argument is not a literal are skipped: a macro's own definition).
    fn literal_keys(code: &str, openings: &[&str]) -> Vec<String> {
        let mut keys = Vec::new();
        for opening in openings {
            for (at, _) in code.match_indices(opening) {
                let rest = code[at + opening.len()..].trim_start();
                if let Some(key) = rest.strip_prefix('"') {
                    keys.push(key.split('"').next().unwrap().to_string());
                }
            }
        }
        keys
    }

    /// What `source` (a catalogue) lacks of the reasons `codes`, and the `reason-` keys it has
    /// that no reason uses.
    fn reason_gaps(source: &str, codes: &BTreeSet<String>) -> (Vec<String>, Vec<String>) {
        let keys = keys(source);
        let missing = codes
            .iter()
            .filter(|code| !keys.contains_key(&reason_key(code)))
            .cloned()
            .collect();
        let stale = keys
            .keys()
            .filter_map(|key| key.strip_prefix("reason-"))
            .filter(|code| !codes.contains(*code))
            .map(str::to_string)
            .collect();
        (missing, stale)
    }

    #[test]
    fn every_reason_has_its_words_in_every_other_language() {
        let codes = reason_codes();
        assert!(
            codes.len() > 150,
            "{} codes: is the scan broken?",
            codes.len()
        );
        for code in [
            "unreadable-at",
            "kauri-hole",
            "setting-choices",
            "termination-aborted",
        ] {
            assert!(codes.contains(code), "{code} not found");
        }
        for language in Language::ALL {
            let (missing, stale) = reason_gaps(source(language), &codes);
            if language == Language::English {
                // English words are written where the reason is made, once.
                assert_eq!(
                    missing.len(),
                    codes.len(),
                    "English words a reason: {stale:?}"
                );
                continue;
            }
            assert!(
                missing.is_empty(),
                "{language:?} lacks words for {missing:?}"
            );
            assert!(
                stale.is_empty(),
                "{language:?} words reasons no code makes: {stale:?}"
            );
        }
        // The check fails on a catalogue that lacks a reason.
        let without: String = GERMAN
            .lines()
            .filter(|line| !line.starts_with("reason-die-value ="))
            .collect::<Vec<_>>()
            .join("\n");
        assert_eq!(reason_gaps(&without, &codes).0, ["die-value"]);
    }

    #[test]
    fn every_key_used_in_the_source_is_in_the_catalogue() {
        // The keys the server's code passes to `msg!` and `Message::new` (read from its source,
        // tests left out, so that a key with no message fails here rather than showing as its
        // key).
        let english = keys(ENGLISH);
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut missing = Vec::new();
        let mut used = 0;
        // The code without its tests and comments (which show `msg!` in examples).
        for (path, code) in rust_code(vec![root]) {
            for key in literal_keys(&code, &["msg!(", "Message::new("]) {
                used += 1;
                if !english.contains_key(&key) {
                    missing.push(format!("{}: {key}", path.display()));
                }
            }
        }
        assert!(
            used > 150,
            "only {used} messages found: is the scan broken?"
        );
        assert!(missing.is_empty(), "keys without a message: {missing:?}");
    }
}

//! The message catalogues: every message the server says, in each [`Language`], written
//! in Project Fluent's syntax in `crates/tafel-server/messages/<code>.ftl` and built into the
//! binary. A test checks that every catalogue has every key of the English one, with the same
//! arguments.

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

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
}

impl Arg {
    /// The argument as it is, in English: what a program reads in an error's `params`.
    pub fn as_str(&self) -> &str {
        match self {
            Arg::Text(text) => text,
            Arg::Side(side) => side,
        }
    }
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
            let extra: Vec<_> = other.keys().filter(|k| !english.contains_key(*k)).collect();
            assert!(
                extra.is_empty(),
                "{language:?} has keys English lacks: {extra:?}"
            );
            for (key, names) in &other {
                assert!(
                    names.is_subset(&english[key]),
                    "{language:?} {key} names {names:?}, English only {:?}",
                    english[key]
                );
            }
        }
    }

    #[test]
    fn every_key_used_in_the_source_is_in_the_catalogue() {
        // The keys the server's code passes to `msg!` and `Message::new` (read from its source,
        // tests left out, so that a key with no message fails here rather than showing as its
        // key).
        let english = keys(ENGLISH);
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut missing = Vec::new();
        let mut stack = vec![root];
        let mut used = 0;
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    // The code without its tests and comments (which show `msg!` in examples).
                    let source = std::fs::read_to_string(&path).unwrap();
                    let code: String = source
                        .split("#[cfg(test)]")
                        .next()
                        .unwrap_or_default()
                        .lines()
                        .filter(|line| !line.trim_start().starts_with("//"))
                        .collect::<Vec<_>>()
                        .join("\n");
                    for opening in ["msg!(", "Message::new("] {
                        for (at, _) in code.match_indices(opening) {
                            let rest = code[at + opening.len()..].trim_start();
                            let Some(key) = rest.strip_prefix('"') else {
                                continue; // the macro's own definition
                            };
                            let key = key.split('"').next().unwrap();
                            used += 1;
                            if !english.contains_key(key) {
                                missing.push(format!("{}: {key}", path.display()));
                            }
                        }
                    }
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

//! The server's shape, checked on its source (docs/architecture.md draws it):
//!
//! - every layer imports only the layers below it: `http` → `play` → `compute` and `store` →
//!   `domain` (and `config` → `public_url`, `proxies`, `tls` and `domain`, for the time line it
//!   carries; `lib.rs` wires them all together);
//! - no import circle between the server's modules (a module using what its parent module
//!   defines is not a circle: the parent owns it);
//! - the domain imports no HTTP, database or socket crate, and knows no wire format: no
//!   OpenAPI (`utoipa`: the schemas of its values are stated in `http/schemas/`);
//! - no source file is over 600 lines.
//!
//! Imports are read from the source as text: `use` declarations and paths written in code
//! (`crate::store::Store::open(...)`), not comments.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The longest a source file of the server may be.
const MAX_LINES: usize = 600;

/// Which layers each layer may import (besides itself).
const ALLOWED: &[(&str, &[&str])] = &[
    ("domain", &[]),
    ("store", &["domain"]),
    ("compute", &["domain"]),
    ("play", &["domain", "store", "compute"]),
    (
        "http",
        &["domain", "compute", "play", "public_url", "proxies", "tls"],
    ),
    ("config", &["domain", "public_url", "proxies", "tls"]),
    ("public_url", &[]),
    ("proxies", &[]),
    ("tls", &[]),
];

/// Words that must not appear in the domain's code: HTTP (its crates and their types, the
/// OpenAPI descriptions of the wire), databases, sockets. An address (`std::net::IpAddr`,
/// which the domain counts clients by) is a value, not a socket.
const NOT_IN_DOMAIN: &[&str] = &[
    "axum",
    "http::",
    "StatusCode",
    "HeaderMap",
    "utoipa",
    "ToSchema",
    "sqlx",
    "hyper",
    "tower",
    "tokio::net",
    "TcpListener",
    "TcpStream",
    "UdpSocket",
    "UnixListener",
    "UnixStream",
    "reqwest",
    "utoipa_axum",
];

/// One source file: its module path (`["play", "moves"]`; `[]` for `lib.rs`) and its code
/// without comments.
struct Source {
    path: PathBuf,
    module: Vec<String>,
    code: String,
    lines: usize,
}

fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&root, &mut files);
    files
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(&root).unwrap().with_extension("");
            let mut module: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).unwrap();
            Source {
                lines: text.lines().count(),
                code: without_comments(&text),
                module,
                path,
            }
        })
        .collect()
}

fn collect(folder: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// The code of `text` with line comments (`//`, `///`, `//!`) left out.
fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The modules `source` names: `crate::a::b`, `super::x` and, in a module with children,
/// `child::x` at the start of a `use`; each resolved to the longest known module it names.
fn imports(source: &Source, modules: &BTreeSet<Vec<String>>) -> BTreeSet<Vec<String>> {
    let code = &source.code;
    let mut found = BTreeSet::new();
    let mut resolve = |path: Vec<String>| {
        let known = (1..=path.len())
            .rev()
            .map(|n| path[..n].to_vec())
            .find(|prefix| modules.contains(prefix));
        if let Some(module) = known {
            if module != source.module {
                found.insert(module);
            }
        }
    };
    for (at, _) in code.match_indices("crate::") {
        resolve(path_at(&code[at + "crate::".len()..]));
    }
    for (at, _) in code.match_indices("super::") {
        if code[..at].ends_with("super::") {
            continue;
        }
        let mut base = source.module.clone();
        let mut rest = &code[at..];
        while let Some(tail) = rest.strip_prefix("super::") {
            base.pop();
            rest = tail;
        }
        base.extend(path_at(rest));
        resolve(base);
    }
    for statement in code.split("use ").skip(1) {
        let first = path_at(statement);
        if let Some(head) = first.first() {
            let mut child = source.module.clone();
            child.push(head.clone());
            if modules.contains(&child) {
                child.extend(first.into_iter().skip(1));
                resolve(child);
            }
        }
    }
    found
}

/// The `a::b::c` path at the start of `text` (braces and everything after them left out).
fn path_at(text: &str) -> Vec<String> {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(text.len());
    text[..end]
        .split("::")
        .filter(|part| !part.is_empty())
        .map(str::to_string)
        .collect()
}

/// The layer of a module: its first name (`lib.rs` is the root).
fn layer(module: &[String]) -> &str {
    module.first().map_or("", String::as_str)
}

/// Each module with the modules it imports.
type Graph = BTreeMap<Vec<String>, BTreeSet<Vec<String>>>;

/// The server's sources and the import graph between its modules.
fn graph() -> (Vec<Source>, Graph) {
    let sources = sources();
    let modules: BTreeSet<Vec<String>> = sources.iter().map(|s| s.module.clone()).collect();
    let graph = sources
        .iter()
        .map(|s| (s.module.clone(), imports(s, &modules)))
        .collect();
    (sources, graph)
}

#[test]
fn every_layer_imports_only_the_layers_below_it() {
    let (_, graph) = graph();
    let mut wrong = Vec::new();
    for (module, imported) in &graph {
        let from = layer(module);
        if from.is_empty() {
            continue;
        }
        let allowed = ALLOWED
            .iter()
            .find(|(name, _)| *name == from)
            .unwrap_or_else(|| panic!("the layer `{from}` is not in ALLOWED"))
            .1;
        for to in imported {
            let to_layer = layer(to);
            if to_layer != from && !allowed.contains(&to_layer) {
                wrong.push(format!("{} imports {}", module.join("::"), to.join("::")));
            }
        }
    }
    assert!(wrong.is_empty(), "imports against the layers:\n{wrong:#?}");
}

#[test]
fn there_is_no_import_circle() {
    let (_, graph) = graph();
    // A module using its parent (or any ancestor) is not a circle: the parent owns it.
    let edges = |from: &Vec<String>| -> Vec<Vec<String>> {
        graph[from]
            .iter()
            .filter(|to| !from.starts_with(to))
            .cloned()
            .collect()
    };
    // Depth-first search; a module met again while still on the path closes a circle.
    let mut done = BTreeSet::new();
    for start in graph.keys() {
        let mut path: Vec<Vec<String>> = Vec::new();
        let mut stack = vec![(start.clone(), false)];
        while let Some((module, leaving)) = stack.pop() {
            if leaving {
                path.pop();
                done.insert(module);
                continue;
            }
            if done.contains(&module) {
                continue;
            }
            if let Some(at) = path.iter().position(|m| *m == module) {
                let circle: Vec<String> = path[at..].iter().map(|m| m.join("::")).collect();
                panic!("an import circle: {} -> {}", circle.join(" -> "), circle[0]);
            }
            path.push(module.clone());
            stack.push((module.clone(), true));
            for next in edges(&module) {
                if !done.contains(&next) {
                    stack.push((next, false));
                }
            }
        }
    }
}

#[test]
fn the_domain_knows_no_http_database_or_socket() {
    let (sources, _) = graph();
    let mut found = Vec::new();
    for source in sources.iter().filter(|s| layer(&s.module) == "domain") {
        for word in NOT_IN_DOMAIN {
            if source.code.contains(word) {
                found.push(format!("{} uses {word}", source.path.display()));
            }
        }
    }
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn no_source_file_is_longer_than_the_limit() {
    let (sources, _) = graph();
    let long: Vec<String> = sources
        .iter()
        .filter(|s| s.lines > MAX_LINES)
        .map(|s| format!("{}: {} lines", s.path.display(), s.lines))
        .collect();
    assert!(long.is_empty(), "over {MAX_LINES} lines: {long:#?}");
}

#[test]
fn the_checks_see_what_they_check() {
    // The reader finds imports of each kind, so that the tests above cannot pass by
    // reading nothing.
    let (sources, graph) = graph();
    assert!(sources.len() > 30, "{} files", sources.len());
    let named = |module: &str| module.split("::").map(str::to_string).collect::<Vec<_>>();
    let commit = &graph[&named("play::commit")];
    assert!(
        commit.contains(&named("store")),
        "crate:: paths: {commit:?}"
    );
    assert!(
        commit.contains(&named("play::viewers")),
        "super:: paths: {commit:?}"
    );
    assert!(
        graph[&named("play")].contains(&named("play::memory")),
        "child modules"
    );
    assert!(graph[&named("http::api::games")].contains(&named("play")));
    // A circle is found where there is one.
    let (a, b) = (named("a"), named("b"));
    let modules = BTreeSet::from([a.clone(), b.clone()]);
    let source = |module: &Vec<String>, code: &str| Source {
        path: PathBuf::new(),
        module: module.clone(),
        code: code.to_string(),
        lines: 1,
    };
    assert!(imports(&source(&a, "use crate::b::X;"), &modules).contains(&b));
    assert!(imports(&source(&b, "let x = crate::a::f();"), &modules).contains(&a));
    assert!(imports(&source(&b, "// crate::a"), &modules).contains(&a));
    assert!(!imports(&source(&b, &without_comments("// crate::a")), &modules).contains(&a));
}

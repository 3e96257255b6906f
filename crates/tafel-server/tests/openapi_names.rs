//! Every OpenAPI schema of the server has a name of its own. utoipa names a schema after its
//! type, so two types of one name (a join of a game and of a tournament) would leave one of
//! them out of the document and describe its operation with the other's fields. The types are
//! read from the source (those deriving `ToSchema`).

use std::collections::BTreeMap;
use std::path::Path;

/// The names of the types that derive `ToSchema`, with the files that define them.
fn schema_types() -> BTreeMap<String, Vec<String>> {
    let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let code = std::fs::read_to_string(&path).unwrap();
            let mut deriving = false;
            // A derive written over several lines, read whole.
            let mut derive = String::new();
            for line in code.lines().map(str::trim) {
                if line.starts_with("#[derive(") || !derive.is_empty() {
                    derive.push_str(line);
                    if derive.ends_with(")]") {
                        deriving = derive.contains("ToSchema");
                        derive.clear();
                    }
                } else if deriving && !line.starts_with("#[") && !line.starts_with("///") {
                    let name = line
                        .strip_prefix("pub struct ")
                        .or_else(|| line.strip_prefix("pub enum "))
                        .and_then(|rest| rest.split([' ', '{', '(', '<', ';']).next());
                    if let Some(name) = name {
                        let file = path.display().to_string();
                        found.entry(name.to_string()).or_default().push(file);
                    }
                    deriving = false;
                }
            }
        }
    }
    found
}

#[test]
fn every_schema_name_is_the_name_of_one_type() {
    let types = schema_types();
    assert!(types.len() > 50, "only {} schema types found", types.len());
    let twice: Vec<_> = types.iter().filter(|(_, files)| files.len() > 1).collect();
    assert!(twice.is_empty(), "schema names of two types: {twice:?}");
    // Each name the document holds is that of one of them (the scan sees what it checks).
    let document = tafel_server::openapi();
    let schemas = document.components.expect("components").schemas;
    let unknown: Vec<_> = schemas
        .keys()
        .filter(|name| !types.contains_key(*name))
        .collect();
    assert!(
        unknown.is_empty(),
        "schemas the scan did not find: {unknown:?}"
    );
}

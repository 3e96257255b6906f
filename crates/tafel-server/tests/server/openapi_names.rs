//! Every OpenAPI schema name stands for one schema. utoipa names a schema after its type, and
//! the document keeps one schema per name: two types of one name (a join of a game and of a
//! tournament) would leave one of them out and describe its operations with the other's
//! fields. The check reads what every operation registers, before the document merges it,
//! and every reference of the document must name a schema it holds.

use std::collections::BTreeMap;

use serde_json::Value;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;

/// The names registered with two different schemas, each once.
fn names_of_two_schemas(registered: &[(String, RefOr<Schema>)]) -> Vec<String> {
    let mut seen: BTreeMap<&str, Value> = BTreeMap::new();
    let mut twice = Vec::new();
    for (name, schema) in registered {
        let schema = serde_json::to_value(schema).unwrap();
        match seen.get(name.as_str()) {
            Some(first) if *first != schema && !twice.contains(name) => twice.push(name.clone()),
            Some(_) => {}
            None => {
                seen.insert(name, schema);
            }
        }
    }
    twice
}

/// Every `$ref` in `value`.
fn references(value: &Value, found: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                match (key.as_str(), inner) {
                    ("$ref", Value::String(target)) => found.push(target.clone()),
                    _ => references(inner, found),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|inner| references(inner, found)),
        _ => {}
    }
}

#[test]
fn every_schema_name_stands_for_one_schema() {
    let registered = tafel_server::http::openapi_schemas();
    assert!(
        registered.len() > 50,
        "only {} schemas registered",
        registered.len()
    );
    assert_eq!(names_of_two_schemas(&registered), Vec::<String>::new());
}

#[test]
fn two_types_of_one_name_are_caught() {
    // `GameView` registered again as another type with its name, as a second `GameView` in
    // another module would be.
    let mut registered = tafel_server::http::openapi_schemas();
    let other = ObjectBuilder::new()
        .property("id", ObjectBuilder::new().schema_type(Type::Integer))
        .required("id");
    registered.push(("GameView".to_string(), other.into()));
    assert_eq!(names_of_two_schemas(&registered), vec!["GameView"]);
}

#[test]
fn every_reference_names_a_schema_of_the_document() {
    let document = serde_json::to_value(tafel_server::openapi()).unwrap();
    let schemas = document["components"]["schemas"].as_object().unwrap();
    let mut found = Vec::new();
    references(&document, &mut found);
    assert!(found.len() > 50, "only {} references", found.len());
    let dangling: Vec<_> = found
        .iter()
        .filter(|target| {
            let name = target
                .strip_prefix("#/components/schemas/")
                .unwrap_or(target);
            !schemas.contains_key(name)
        })
        .collect();
    assert!(dangling.is_empty(), "references to no schema: {dangling:?}");
}

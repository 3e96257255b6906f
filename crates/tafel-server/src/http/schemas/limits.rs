//! The limits the server enforces on what the handlers' own request types carry (derived by
//! utoipa, whose attributes take only literal numbers), stated in the OpenAPI document from
//! the constants the checks use. The schemas of the domain's values state theirs where they
//! are described ([`super::play`], [`super::lobby`]).

use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::schema::{Object, Schema};
use utoipa::openapi::{OpenApi, RefOr};

use crate::domain::account::password::MIN_PASSWORD;
use crate::domain::account::username::{MAX_USERNAME, MIN_USERNAME};
use crate::domain::chat::MAX_CHAT_TEXT;
use crate::domain::moderation::MAX_REASON;
use crate::domain::name::MAX_NAME;
use crate::http::api::players::MAX_PAGE;
use crate::play::players::MAX_PAGE_SIZE;

/// A limit on a value.
#[derive(Clone, Copy, Debug)]
pub enum Bound {
    /// A string of so many characters, at least and at most.
    Length(usize, usize),
    /// A string of at least so many characters.
    MinLength(usize),
    /// A whole number within these, both included.
    Range(i64, i64),
}

impl Bound {
    /// States the limit on `object`.
    fn state(self, object: &mut Object) {
        match self {
            Bound::Length(min, max) => {
                object.min_length = Some(min);
                object.max_length = Some(max);
            }
            Bound::MinLength(min) => object.min_length = Some(min),
            Bound::Range(min, max) => {
                object.minimum = Some(min.into());
                object.maximum = Some(max.into());
            }
        }
    }
}

/// The fields of the handlers' request types and their limits: schema, field, bound.
pub const FIELDS: &[(&str, &str, Bound)] = &[
    (
        "Credentials",
        "username",
        Bound::Length(MIN_USERNAME, MAX_USERNAME),
    ),
    ("Credentials", "password", Bound::MinLength(MIN_PASSWORD)),
    (
        "PasswordChange",
        "new_password",
        Bound::MinLength(MIN_PASSWORD),
    ),
    ("ChatRequest", "text", Bound::Length(1, MAX_CHAT_TEXT)),
    ("JoinRequest", "name", Bound::Length(1, MAX_NAME)),
    ("ReportRequest", "details", Bound::Length(0, MAX_REASON)),
    ("Reason", "reason", Bound::Length(1, MAX_REASON)),
];

/// The query parameters and their limits: path, parameter, bound.
pub const PARAMETERS: &[(&str, &str, Bound)] = &[
    (
        "/api/players/{name}/games",
        "page",
        Bound::Range(1, MAX_PAGE as i64),
    ),
    (
        "/api/players/{name}/games",
        "per_page",
        Bound::Range(1, MAX_PAGE_SIZE),
    ),
];

/// States every limit of [`FIELDS`] and [`PARAMETERS`] in `document`; the ones whose schema
/// and field, or path and parameter, it lacks (a type or a field renamed) are returned.
pub fn state(document: &mut OpenApi) -> Vec<String> {
    let mut missing = Vec::new();
    let mut components = document.components.as_mut();
    for &(schema, field, bound) in FIELDS {
        let object = components
            .as_mut()
            .and_then(|components| components.schemas.get_mut(schema))
            .and_then(|schema| match schema {
                RefOr::T(Schema::Object(object)) => object.properties.get_mut(field),
                _ => None,
            })
            .and_then(object_of);
        match object {
            Some(object) => bound.state(object),
            None => missing.push(format!("{schema}.{field}")),
        }
    }
    for &(path, name, bound) in PARAMETERS {
        let object = document
            .paths
            .paths
            .get_mut(path)
            .and_then(|item| parameter(item, name));
        match object {
            Some(object) => bound.state(object),
            None => missing.push(format!("{path} {name}")),
        }
    }
    missing
}

/// The object schema of a property: itself, or the one of its choices that is not null.
fn object_of(property: &mut RefOr<Schema>) -> Option<&mut Object> {
    match property {
        RefOr::T(Schema::Object(object)) => Some(object),
        RefOr::T(Schema::OneOf(one_of)) => one_of.items.iter_mut().find_map(object_of),
        _ => None,
    }
}

/// The schema of the query parameter `name` of the operation at `item` that has one.
fn parameter<'a>(item: &'a mut PathItem, name: &str) -> Option<&'a mut Object> {
    let operations: [Option<&mut Operation>; 5] = [
        item.get.as_mut(),
        item.post.as_mut(),
        item.put.as_mut(),
        item.delete.as_mut(),
        item.patch.as_mut(),
    ];
    operations
        .into_iter()
        .flatten()
        .flat_map(|operation| operation.parameters.iter_mut().flatten())
        .find_map(|parameter| match parameter {
            RefOr::T(parameter) if parameter.name == name => parameter.schema.as_mut(),
            _ => None,
        })
        .and_then(object_of)
}

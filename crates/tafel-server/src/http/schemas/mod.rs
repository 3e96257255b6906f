//! The OpenAPI schemas of the domain's values that travel as JSON. The domain knows no wire
//! format: its values keep their serde form (what is stored, and sent as it is), and their
//! descriptions for the API are stated here, in the HTTP layer, with the limits the server
//! enforces taken from the domain's own constants.
//!
//! - A value sent as one of its words (a domain enum) is described by `words!` from the
//!   domain's own list of its values (`ALL`), each as serde writes it: no second list.
//! - A value sent as an object is described field by field ([`Fields`]) in [`play`] (clocks,
//!   seats, proposals, chat) and [`lobby`] (seeks, challenges, tournaments);
//!   `tests/server/openapi_schemas.rs` checks each description against the JSON of a value.
//! - The limits of the handlers' own request types are stated by [`limits`].

pub mod limits;
pub mod lobby;
pub mod play;

use serde::Serialize;
use utoipa::openapi::schema::{Object, ObjectBuilder, Schema, SchemaType, Type};
use utoipa::openapi::RefOr;
use utoipa::ToSchema;

/// The named schemas a schema refers to, as utoipa collects them.
pub type Named = Vec<(String, RefOr<Schema>)>;

/// Describes domain enums sent as their words: `words!(Type: "what it is", ...)` implements
/// `ToSchema` for each, a string schema named after the type whose values are those of
/// `Type::ALL`.
macro_rules! words {
    ($($ty:ty: $doc:literal),* $(,)?) => {$(
        impl utoipa::PartialSchema for $ty {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                $crate::http::schemas::word_schema(&<$ty>::ALL, $doc)
            }
        }

        impl utoipa::ToSchema for $ty {}
    )*};
}
pub(crate) use words;

/// Describes domain values sent as objects: `described!(Type => refers A, B; schema)`
/// implements `ToSchema` for `Type` with the schema `schema` (an expression), registering the
/// named schemas `A`, `B` it refers to.
macro_rules! described {
    ($($ty:ty => refers $($refers:ty),*; $schema:expr;)*) => {$(
        impl utoipa::PartialSchema for $ty {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                $schema.into()
            }
        }

        impl utoipa::ToSchema for $ty {
            fn schemas(named: &mut $crate::http::schemas::Named) {
                let refers: &[fn(&mut $crate::http::schemas::Named)] =
                    &[$($crate::http::schemas::refer::<$refers>),*];
                refers.iter().for_each(|refer| refer(named));
            }
        }
    )*};
}
pub(crate) use described;

/// The string schema of the words `all` are written as, described by `doc`.
pub fn word_schema<T: Serialize>(all: &[T], doc: &str) -> RefOr<Schema> {
    let words = all
        .iter()
        .map(|word| serde_json::to_value(word).expect("a word serializes"));
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(words))
        .description(Some(doc))
        .into()
}

/// Registers `T`'s schema under its name, with those it refers to.
pub fn refer<T: ToSchema>(named: &mut Named) {
    named.push((T::name().into_owned(), T::schema()));
    T::schemas(named);
}

/// `schema` with `doc` as its description (a reference carries it beside itself).
fn with_doc(schema: RefOr<Schema>, doc: &str) -> RefOr<Schema> {
    match schema {
        RefOr::Ref(mut reference) => {
            reference.description = doc.to_string();
            RefOr::Ref(reference)
        }
        RefOr::T(Schema::Object(mut object)) => {
            object.description = Some(doc.to_string());
            RefOr::T(Schema::Object(object))
        }
        RefOr::T(Schema::Array(mut array)) => {
            array.description = Some(doc.to_string());
            RefOr::T(Schema::Array(array))
        }
        RefOr::T(Schema::OneOf(mut one_of)) => {
            one_of.description = Some(doc.to_string());
            RefOr::T(Schema::OneOf(one_of))
        }
        other => other,
    }
}

/// An object's schema, described field by field.
pub struct Fields(ObjectBuilder);

impl Fields {
    /// An object described by `doc`, with no fields yet.
    pub fn new(doc: &str) -> Fields {
        Fields(
            ObjectBuilder::new()
                .schema_type(SchemaType::Type(Type::Object))
                .description(Some(doc)),
        )
    }

    /// A field the object always has.
    pub fn field(self, name: &str, schema: impl Into<RefOr<Schema>>, doc: &str) -> Fields {
        Fields(
            self.0
                .property(name, with_doc(schema.into(), doc))
                .required(name),
        )
    }

    /// A field that may be left out: a request's field with a default, or one sent only when
    /// it says something (or as null).
    pub fn optional(self, name: &str, schema: impl Into<RefOr<Schema>>, doc: &str) -> Fields {
        Fields(self.0.property(name, with_doc(schema.into(), doc)))
    }

    /// The object's schema.
    pub fn build(self) -> Object {
        self.0.build()
    }
}

impl From<Fields> for RefOr<Schema> {
    fn from(fields: Fields) -> RefOr<Schema> {
        fields.build().into()
    }
}

/// A string of `min` to `max` characters.
pub fn text(min: usize, max: usize) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(min))
        .max_length(Some(max))
        .build()
}

/// A whole number from `min` to `max`.
pub fn whole(min: impl Into<utoipa::Number>, max: impl Into<utoipa::Number>) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(min))
        .maximum(Some(max))
        .build()
}

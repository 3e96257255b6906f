//! Rows read by column name, and what several modules read alike.
//!
//! Every read decodes its columns by name: a row of a shape into a `#[derive(FromRow)]`
//! struct through `query_as`, a single value with [`value`]. A row that does not decode (a
//! NULL where a value belongs, a text where a number does, a missing column) is an error,
//! never a panic: sqlx's error names the column, [`Reading::reading`] adds the table.

use anyhow::{Context, Result};
use sqlx::any::AnyRow;
use sqlx::{Any, Decode, Row, Type};

/// A failed read named by the table it read.
pub(super) trait Reading<T> {
    /// `self`, a failure turned into an error that names `table` (sqlx's names the column).
    fn reading(self, table: &str) -> Result<T>;
}

impl<T> Reading<T> for Result<T, sqlx::Error> {
    fn reading(self, table: &str) -> Result<T> {
        self.with_context(|| format!("cannot read from the table `{table}`"))
    }
}

/// The value of column `column` in `row`, read from `table`.
pub(super) fn value<'r, T>(row: &'r AnyRow, table: &str, column: &str) -> Result<T>
where
    T: Decode<'r, Any> + Type<Any>,
{
    row.try_get(column).reading(table)
}

/// The values of column `column` in `rows`, read from `table`.
pub(super) fn values<'r, T>(rows: &'r [AnyRow], table: &str, column: &str) -> Result<Vec<T>>
where
    T: Decode<'r, Any> + Type<Any>,
{
    rows.iter().map(|row| value(row, table, column)).collect()
}

/// A game's `id` and a moment, `at_ms`: when its flag falls, when it is to be aborted.
#[derive(sqlx::FromRow)]
pub(super) struct GameAt {
    id: String,
    at_ms: i64,
}

impl From<GameAt> for (String, i64) {
    fn from(row: GameAt) -> (String, i64) {
        (row.id, row.at_ms)
    }
}

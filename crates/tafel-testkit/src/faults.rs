//! Failures made on purpose in a real database, for the tests of what the server does when a
//! write fails: a trigger that refuses every insert into a table until it is dropped.

use anyhow::{Context, Result};
use sqlx::AnyPool;

/// Makes every insert into `table` fail (with the message `refused by the test`) until
/// [`allow_inserts`]; `postgres` says which database `pool` is on. `table` is a plain name.
pub async fn refuse_inserts(pool: &AnyPool, postgres: bool, table: &str) -> Result<()> {
    let statements = if postgres {
        vec![
            "CREATE FUNCTION refused_by_the_test() RETURNS trigger LANGUAGE plpgsql AS \
             $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$"
                .to_string(),
            format!(
                "CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table} \
                 FOR EACH ROW EXECUTE FUNCTION refused_by_the_test()"
            ),
        ]
    } else {
        vec![format!(
            "CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table} \
             BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
        )]
    };
    for statement in statements {
        sqlx::raw_sql(&statement)
            .execute(pool)
            .await
            .with_context(|| format!("cannot make inserts into `{table}` fail"))?;
    }
    Ok(())
}

/// Undoes [`refuse_inserts`] for `table`.
pub async fn allow_inserts(pool: &AnyPool, postgres: bool, table: &str) -> Result<()> {
    let statements = if postgres {
        vec![
            format!("DROP TRIGGER refuse_{table} ON {table}"),
            "DROP FUNCTION refused_by_the_test()".to_string(),
        ]
    } else {
        vec![format!("DROP TRIGGER refuse_{table}")]
    };
    for statement in statements {
        sqlx::raw_sql(&statement)
            .execute(pool)
            .await
            .with_context(|| format!("cannot let inserts into `{table}` through again"))?;
    }
    Ok(())
}

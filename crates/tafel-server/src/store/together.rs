//! A group of changes of games' rows made in one statement on PostgreSQL (issue #29): where
//! the writer's group was `BEGIN`, a statement per change and `COMMIT`, each a round trip,
//! the changes of games (moves, undos, tables; [`Touch`]) are the parts of one `WITH`, a
//! transaction by itself: one round trip and one flush for the whole group.
//!
//! **Each change on its own.** A change over a stale version writes nothing (its row is not
//! returned to the parts that follow it), while the others are written: the statement
//! answers, per change, whether its row was written. An error of the statement stores none
//! of them; the writer then makes the group again the slow way.
//!
//! **One lock order.** The statement's answer reads the changes' written rows in the group's
//! order (games by id, as the writer sorts it): PostgreSQL runs the updates, and takes their
//! rows' locks, in that order. The moves are added afterwards, each to the row its change
//! locked.

use anyhow::Context;
use sqlx::AnyConnection;

use super::backend::Backend;
use super::changes::{written, Touch, WriteError, WriterContext};
use super::rows::{value, Reading};

/// Makes the changes `touches` (of different games, in the writer's lock order) in one
/// statement; returns how each went, or the error that stopped the statement (then nothing
/// was stored).
pub(super) async fn touch_together(
    connection: &mut AnyConnection,
    context: &WriterContext,
    touches: &[Touch<'_>],
) -> Result<Vec<Result<(), WriteError>>, WriteError> {
    let backend = context.backend;
    debug_assert_eq!(backend, Backend::Postgres);
    let prefix = |i: usize| format!("c{i}_");
    let parts: Vec<String> = (0..touches.len())
        .map(|i| touches[i].postgres_parts(backend, &prefix(i)))
        .collect();
    let answers: Vec<String> = (0..touches.len())
        .map(|i| {
            let written = written(&prefix(i));
            format!("(SELECT count(*) FROM {written}) AS {written}")
        })
        .collect();
    let sql = backend.sql(&format!(
        "WITH {} SELECT {}",
        parts.join(",\n"),
        answers.join(", ")
    ));
    let mut query = sqlx::query(&sql);
    for touch in touches {
        query = touch.bind_postgres(query, context)?;
    }
    let row = query.fetch_one(&mut *connection).await.reading("games")?;
    let mut outcomes = Vec::with_capacity(touches.len());
    for (i, touch) in touches.iter().enumerate() {
        let written: i64 = value(&row, "games", &written(&prefix(i)))
            .with_context(|| format!("the answer for game {}", touch.id()))?;
        outcomes.push(if written == 1 {
            Ok(())
        } else {
            Err(touch.refused(backend, connection).await)
        });
    }
    Ok(outcomes)
}

/// Whether `touches` (sorted by game) can be made together: each of another game, since the
/// parts of one statement do not see each other's changes.
pub(super) fn of_different_games(touches: &[Touch<'_>]) -> bool {
    touches.windows(2).all(|pair| pair[0].id() != pair[1].id())
}

//! The changes the [writer](super::writer) makes: what they are (`Mutation`), why one is not
//! stored ([`WriteError`], [`Conflict`]), and the SQL of each. On SQLite a change is a few
//! statements one after another (calls within this process). On PostgreSQL each statement is
//! a round trip to the server, so a change of a game is one statement: its row written over
//! the stored version and its moves added or removed, chained in one `WITH` (a move costs one
//! round trip, not the six it took before issue #29). The notice to the other instances
//! follows the commit ([`Touch::notice`], sent by the writer).
//!
//! A change writes nothing when it is refused ([`WriteError::Conflict`], or no such game):
//! the writer counts on it to commit a group without a savepoint per change.

use std::sync::Arc;

use anyhow::anyhow;
use sqlx::AnyConnection;

use super::backend::Backend;
use super::columns::{
    bind_new_game, bind_snapshot, players_json, AnyQuery, GAME_COLUMNS, SNAPSHOT_COLUMNS,
};
use super::rows::{value, Reading};
use crate::domain::game::{Snapshot, StoredGame, Summary};

/// A change refused because the game was changed meanwhile (by another server instance):
/// it was worked out from a version of the game that is no longer the stored one.
#[derive(Debug)]
pub struct Conflict {
    /// The game.
    pub id: String,
}

impl std::fmt::Display for Conflict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game {} was changed meanwhile", self.id)
    }
}

impl std::error::Error for Conflict {}

/// Why a change was not stored.
#[derive(Debug)]
pub enum WriteError {
    /// The game was changed meanwhile: the change was worked out from a stale version.
    Conflict(Conflict),
    /// The database failed or refused the change otherwise.
    Failed(anyhow::Error),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::Conflict(conflict) => conflict.fmt(f),
            WriteError::Failed(error) => write!(f, "{error:#}"),
        }
    }
}

impl std::error::Error for WriteError {}

impl From<anyhow::Error> for WriteError {
    fn from(error: anyhow::Error) -> WriteError {
        WriteError::Failed(error)
    }
}

impl From<sqlx::Error> for WriteError {
    fn from(error: sqlx::Error) -> WriteError {
        WriteError::Failed(error.into())
    }
}

impl From<serde_json::Error> for WriteError {
    fn from(error: serde_json::Error) -> WriteError {
        WriteError::Failed(error.into())
    }
}

/// A change of the stored games. `version` is the stored version a change of an existing
/// game was worked out from: it is written only over that version.
#[derive(Debug)]
pub(super) enum Mutation {
    Create {
        game: Box<StoredGame>,
        summary: Summary,
    },
    Append {
        id: String,
        version: i64,
        first: usize,
        moves: Vec<String>,
        snapshot: Box<Snapshot>,
    },
    Truncate {
        id: String,
        version: i64,
        keep: usize,
        snapshot: Box<Snapshot>,
    },
    Update {
        id: String,
        version: i64,
        snapshot: Box<Snapshot>,
    },
    Rematch {
        old: String,
        version: i64,
        snapshot: Box<Snapshot>,
        game: Box<StoredGame>,
        summary: Summary,
    },
    Summary {
        id: String,
        summary: Summary,
    },
    ComputerToMove {
        id: String,
        computer_to_move: bool,
    },
    Alive {
        at_ms: i64,
    },
    Analysis {
        id: String,
        played: Vec<String>,
        review: String,
    },
}

impl Mutation {
    /// Where the change comes in its group, so that every transaction locks rows in one
    /// order: the heartbeat's row first (an empty id), then by game (a rematch by the game
    /// it follows: its new game is locked by nobody else), then by kind.
    pub(super) fn lock_order(&self) -> (&str, u8) {
        match self {
            Mutation::Alive { .. } => ("", 0),
            Mutation::Create { game, .. } => (&game.id, 1),
            Mutation::Append { id, .. } => (id, 2),
            Mutation::Truncate { id, .. } => (id, 3),
            Mutation::Update { id, .. } => (id, 4),
            Mutation::Rematch { old, .. } => (old, 5),
            Mutation::Summary { id, .. } => (id, 6),
            Mutation::ComputerToMove { id, .. } => (id, 7),
            Mutation::Analysis { id, .. } => (id, 8),
        }
    }
}

impl Mutation {
    /// Whether the change is one statement on `backend`, which is then a transaction of its
    /// own: a group of this change alone needs no `BEGIN` and `COMMIT` around it (two round
    /// trips fewer on PostgreSQL). A change that touches a game checks afterwards, in a
    /// second statement, why its row was not written; that only reads.
    pub(super) fn is_one_statement(&self, backend: Backend) -> bool {
        match self {
            Mutation::Create { .. }
            | Mutation::Append { .. }
            | Mutation::Truncate { .. }
            | Mutation::Update { .. } => backend == Backend::Postgres,
            Mutation::Summary { .. } | Mutation::ComputerToMove { .. } | Mutation::Alive { .. } => {
                true
            }
            Mutation::Rematch { .. } | Mutation::Analysis { .. } => false,
        }
    }
}

impl Mutation {
    /// The change as a [`Touch`], if it changes an existing game's row and moves and nothing
    /// else (a move, an undo, a change of the table).
    pub(super) fn as_touch(&self) -> Option<Touch<'_>> {
        let (id, version, snapshot, moves) = match self {
            Mutation::Append {
                id,
                version,
                first,
                moves,
                snapshot,
            } => (
                id,
                version,
                snapshot,
                MovesChange::Add {
                    first: *first,
                    moves,
                },
            ),
            Mutation::Truncate {
                id,
                version,
                keep,
                snapshot,
            } => (id, version, snapshot, MovesChange::Keep(*keep)),
            Mutation::Update {
                id,
                version,
                snapshot,
            } => (id, version, snapshot, MovesChange::Same),
            _ => return None,
        };
        Some(Touch {
            id,
            version: *version,
            snapshot,
            moves,
        })
    }
}

/// What the writer needs to know beside the pool: the backend's SQL and whom to name as the
/// author of the changes it announces.
pub(super) struct WriterContext {
    pub(super) backend: Backend,
    pub(super) instance: Arc<str>,
}

/// Makes one change inside the writer's transaction.
pub(super) async fn apply(
    tx: &mut AnyConnection,
    context: &WriterContext,
    change: &Mutation,
) -> Result<(), WriteError> {
    let backend = context.backend;
    match change {
        Mutation::Create { game, summary } => create(context, tx, game, summary).await,
        Mutation::Append { .. } | Mutation::Truncate { .. } | Mutation::Update { .. } => {
            let touch = change.as_touch().expect("a change of a game's row");
            touch.make(context, tx).await
        }
        Mutation::Rematch {
            old,
            version,
            snapshot,
            game,
            summary,
        } => {
            // The old game first: if it changed meanwhile, the rematch is not stored either.
            let touch = Touch {
                id: old,
                version: *version,
                snapshot,
                moves: MovesChange::Same,
            };
            touch.make(context, tx).await?;
            create(context, tx, game, summary).await
        }
        Mutation::Summary { id, summary } => {
            sqlx::query(
                &backend.sql("UPDATE games SET players = ?, record_moves = ? WHERE id = ?"),
            )
            .bind(players_json(summary)?)
            .bind(summary.record_moves.map(i64::from))
            .bind(id)
            .execute(&mut *tx)
            .await?;
            Ok(())
        }
        Mutation::ComputerToMove {
            id,
            computer_to_move,
        } => {
            sqlx::query(&backend.sql("UPDATE games SET computer_to_move = ? WHERE id = ?"))
                .bind(i64::from(*computer_to_move))
                .bind(id)
                .execute(&mut *tx)
                .await?;
            Ok(())
        }
        Mutation::Alive { at_ms } => Ok(mark_alive(backend, tx, *at_ms).await?),
        Mutation::Analysis { id, played, review } => {
            sqlx::query(&backend.sql("DELETE FROM analyses WHERE game_id = ?"))
                .bind(id)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                &backend.sql(
                    "INSERT INTO analyses (game_id, moves, played, review) VALUES (?, ?, ?, ?)",
                ),
            )
            .bind(id)
            .bind(played.len() as i64)
            .bind(serde_json::to_string(played)?)
            .bind(review.as_str())
            .execute(&mut *tx)
            .await?;
            Ok(())
        }
    }
}

/// How a change of a stored game changes its moves.
pub(super) enum MovesChange<'a> {
    /// Not at all.
    Same,
    /// `moves` added from index `first` on.
    Add { first: usize, moves: &'a [String] },
    /// Every move from index `keep` on removed (an undo or takeback).
    Keep(usize),
}

impl MovesChange<'_> {
    /// How many moves the game has after the change (`None`: as many as before).
    fn plies(&self) -> Option<i64> {
        match self {
            MovesChange::Same => None,
            MovesChange::Add { first, moves } => Some((first + moves.len()) as i64),
            MovesChange::Keep(keep) => Some(*keep as i64),
        }
    }

    /// The one statement that changes the moves of the game that `game` names (a table of
    /// one row with its `id`, whose parameters come first), its other parameters bound by
    /// [`bind`](Self::bind) (`None`: nothing to do).
    fn statement(&self, backend: Backend, game: &str) -> Option<String> {
        match self {
            MovesChange::Same => None,
            MovesChange::Add { moves: [], .. } => None,
            MovesChange::Add { .. } => Some(format!(
                "INSERT INTO moves (game_id, ply, notation)
                 SELECT g.id, s.first + m.key, m.value
                 FROM {game} AS g, (SELECT CAST(? AS BIGINT) AS first) AS s, {}",
                backend.json_list()
            )),
            MovesChange::Keep(_) => Some(format!(
                "DELETE FROM moves WHERE game_id IN (SELECT id FROM {game} AS g) AND ply >= ?"
            )),
        }
    }

    /// Binds the parameters of [`statement`](Self::statement).
    fn bind<'q>(&self, query: AnyQuery<'q>) -> Result<AnyQuery<'q>, WriteError> {
        Ok(match self {
            MovesChange::Same => query,
            MovesChange::Add { first, moves } => query
                .bind(*first as i64)
                .bind(serde_json::to_string(moves)?),
            MovesChange::Keep(keep) => query.bind(*keep as i64),
        })
    }
}

/// The game named by the first parameter, as [`MovesChange::statement`] wants it, in a
/// statement of its own.
const BOUND_GAME: &str = "(SELECT ? AS id)";

/// The game just written, as [`MovesChange::statement`] wants it, inside the `WITH` that
/// wrote it (PostgreSQL).
const WRITTEN_GAME: &str = "written";

/// Stores a new game (at version 0) with its first moves, table and summary.
async fn create(
    context: &WriterContext,
    tx: &mut AnyConnection,
    game: &StoredGame,
    summary: &Summary,
) -> Result<(), WriteError> {
    let backend = context.backend;
    let columns: Vec<&str> = GAME_COLUMNS
        .iter()
        .chain(&SNAPSHOT_COLUMNS)
        .copied()
        .collect();
    let insert = format!(
        "INSERT INTO games ({}) VALUES ({})",
        columns.join(", "),
        vec!["?"; columns.len()].join(", ")
    );
    let bind_game = |query| bind_new_game(query, game, summary, &context.instance);
    let moves = MovesChange::Add {
        first: 0,
        moves: &game.moves,
    };
    if backend == Backend::Postgres {
        // One statement: the row, then the moves.
        let sql = match moves.statement(backend, WRITTEN_GAME) {
            Some(add) => format!("WITH {WRITTEN_GAME} AS ({insert} RETURNING id) {add}"),
            None => insert,
        };
        let sql = backend.sql(&sql);
        moves
            .bind(bind_game(sqlx::query(&sql))?)?
            .execute(&mut *tx)
            .await?;
        return Ok(());
    }
    bind_game(sqlx::query(&insert))?.execute(&mut *tx).await?;
    if let Some(add) = moves.statement(backend, BOUND_GAME) {
        moves
            .bind(sqlx::query(&add).bind(game.id.as_str()))?
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

/// A change of an existing game: `snapshot` written over game `id`'s stored `version`, and
/// the change to its `moves`. It advances the version and marks the game changed now; once
/// it is committed, the other instances are told (on PostgreSQL, [`Touch::notice`]). Over
/// another version
/// it is a [`Conflict`], and nothing is written; it fails if there is no game `id`.
pub(super) struct Touch<'a> {
    id: &'a str,
    version: i64,
    snapshot: &'a Snapshot,
    moves: MovesChange<'a>,
}

impl Touch<'_> {
    /// The game it changes.
    pub(super) fn id(&self) -> &str {
        self.id
    }

    /// Makes the change inside the writer's transaction.
    async fn make(
        &self,
        context: &WriterContext,
        tx: &mut AnyConnection,
    ) -> Result<(), WriteError> {
        let backend = context.backend;
        let written = if backend == Backend::Postgres {
            // One statement: the row over its version, the moves.
            let sql = backend.sql(&format!(
                "WITH {} SELECT count(*) AS written FROM {}",
                self.postgres_parts(backend, ""),
                written("")
            ));
            let row = self
                .bind_postgres(sqlx::query(&sql), context)?
                .fetch_one(&mut *tx)
                .await
                .reading("games")?;
            value::<i64>(&row, "games", "written")? == 1
        } else {
            let update = self.update(backend);
            let update = self
                .bind_update(sqlx::query(&update), context)?
                .execute(&mut *tx)
                .await?;
            let written = update.rows_affected() == 1;
            let statement = self.moves.statement(backend, BOUND_GAME);
            if let Some(statement) = statement.filter(|_| written) {
                self.moves
                    .bind(sqlx::query(&statement).bind(self.id))?
                    .execute(&mut *tx)
                    .await?;
            }
            written
        };
        if written {
            return Ok(());
        }
        Err(self.refused(backend, tx).await)
    }

    /// The statement that writes the game's row over its version.
    fn update(&self, backend: Backend) -> String {
        format!(
            "UPDATE games SET {}, updated_at = {}, version = version + 1{}
             WHERE id = ? AND version = ?",
            SNAPSHOT_COLUMNS.map(|c| format!("{c} = ?")).join(", "),
            backend.now(),
            if self.moves.plies().is_some() {
                ", plies = ?"
            } else {
                ""
            },
        )
    }

    /// Binds the parameters of [`update`](Self::update).
    fn bind_update<'q>(
        &self,
        query: AnyQuery<'q>,
        context: &WriterContext,
    ) -> Result<AnyQuery<'q>, WriteError> {
        let (table, summary) = (&self.snapshot.table, &self.snapshot.summary);
        let query = bind_snapshot(query, table, summary, &context.instance)?;
        Ok(bind_plies(query, self.moves.plies())
            .bind(self.id.to_string())
            .bind(self.version))
    }

    /// The change on PostgreSQL as the parts of a `WITH`, named after `prefix`: the row
    /// written over its version (`{prefix}written`: one row if it was written) and the moves
    /// (`{prefix}moved`).
    pub(super) fn postgres_parts(&self, backend: Backend, prefix: &str) -> String {
        let written = written(prefix);
        let moved = self
            .moves
            .statement(backend, &written)
            .map(|statement| format!(", {prefix}moved AS ({statement})"))
            .unwrap_or_default();
        format!(
            "{written} AS ({} RETURNING id){moved}",
            self.update(backend)
        )
    }

    /// Binds the parameters of [`postgres_parts`](Self::postgres_parts).
    pub(super) fn bind_postgres<'q>(
        &self,
        query: AnyQuery<'q>,
        context: &WriterContext,
    ) -> Result<AnyQuery<'q>, WriteError> {
        self.moves.bind(self.bind_update(query, context)?)
    }

    /// The notice of the change once committed, for the other instances: the game, its
    /// version now and the instance that wrote it ([`super::listen::Heard::Changed`]).
    pub(super) fn notice(&self, context: &WriterContext) -> String {
        format!("{} {} {}", self.id, self.version + 1, context.instance)
    }

    /// Why the change was not written: the game changed meanwhile ([`Conflict`]), or there is
    /// no such game (or the database failed to say).
    pub(super) async fn refused(&self, backend: Backend, tx: &mut AnyConnection) -> WriteError {
        let exists = sqlx::query(&backend.sql("SELECT 1 FROM games WHERE id = ?"))
            .bind(self.id)
            .fetch_optional(&mut *tx)
            .await;
        match exists {
            Ok(Some(_)) => WriteError::Conflict(Conflict {
                id: self.id.to_string(),
            }),
            Ok(None) => WriteError::Failed(anyhow!("there is no game `{}`", self.id)),
            Err(error) => error.into(),
        }
    }
}

/// The name of the row written by the change named after `prefix` in a `WITH`
/// ([`Touch::postgres_parts`]).
pub(super) fn written(prefix: &str) -> String {
    format!("{prefix}{WRITTEN_GAME}")
}

/// Binds `plies`, if the moves changed.
fn bind_plies(query: AnyQuery<'_>, plies: Option<i64>) -> AnyQuery<'_> {
    match plies {
        Some(plies) => query.bind(plies),
        None => query,
    }
}

/// Records that a server instance is alive at `at_ms`, inside a transaction.
pub(super) async fn mark_alive(
    backend: Backend,
    connection: &mut AnyConnection,
    at_ms: i64,
) -> anyhow::Result<()> {
    sqlx::query(&backend.sql(&format!(
        "INSERT INTO server_alive (id, at_ms) VALUES (1, ?)
         ON CONFLICT (id) DO UPDATE SET at_ms = {}(server_alive.at_ms, excluded.at_ms)",
        backend.greatest()
    )))
    .bind(at_ms)
    .execute(connection)
    .await?;
    Ok(())
}

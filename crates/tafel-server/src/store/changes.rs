//! The changes the [writer](super::writer) makes: what they are (`Mutation`), why one is not
//! stored ([`WriteError`], [`Conflict`]), and the SQL of each. On SQLite a change is a few
//! statements one after another (calls within this process). On PostgreSQL each statement is
//! a round trip to the server, so a change of a game is one statement: its row written over
//! the stored version, its moves added or removed, and the notice to the other instances,
//! chained in one `WITH` (a move costs one round trip, not the six it took before issue #29).
//!
//! A change writes nothing when it is refused ([`WriteError::Conflict`], or no such game):
//! the writer counts on it to commit a group without a savepoint per change.

use std::sync::Arc;

use anyhow::anyhow;
use sqlx::any::{Any, AnyArguments};
use sqlx::query::Query;
use sqlx::{AnyConnection, Row};

use super::backend::Backend;
use super::ending::StoredEnding;
use super::listen::CHANGES_CHANNEL;
use crate::domain::clock::{Clock, TimeControl};
use crate::domain::consent::Proposals;
use crate::domain::game::{Snapshot, StoredGame, Summary, Table};

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

/// What the writer needs to know beside the pool: the backend's SQL and whom to name as the
/// author of the changes it announces.
pub(super) struct WriterContext {
    pub(super) backend: Backend,
    pub(super) instance: Arc<str>,
}

type AnyQuery<'q> = Query<'q, Any, AnyArguments<'q>>;

/// Makes one change inside the writer's transaction.
pub(super) async fn apply(
    tx: &mut AnyConnection,
    context: &WriterContext,
    change: &Mutation,
) -> Result<(), WriteError> {
    let backend = context.backend;
    match change {
        Mutation::Create { game, summary } => create(context, tx, game, summary).await,
        Mutation::Append {
            id,
            version,
            first,
            moves,
            snapshot,
        } => {
            let moves = MovesChange::Add {
                first: *first,
                moves,
            };
            touch(context, tx, id, *version, snapshot, &moves).await
        }
        Mutation::Truncate {
            id,
            version,
            keep,
            snapshot,
        } => {
            touch(
                context,
                tx,
                id,
                *version,
                snapshot,
                &MovesChange::Keep(*keep),
            )
            .await
        }
        Mutation::Update {
            id,
            version,
            snapshot,
        } => touch(context, tx, id, *version, snapshot, &MovesChange::Same).await,
        Mutation::Rematch {
            old,
            version,
            snapshot,
            game,
            summary,
        } => {
            // The old game first: if it changed meanwhile, the rematch is not stored either.
            touch(context, tx, old, *version, snapshot, &MovesChange::Same).await?;
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
enum MovesChange<'a> {
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

/// The columns of a game's row that a [`Snapshot`] sets: its table, its summary, the columns
/// made from them (the open seats, when the running clock started and falls), and the holder
/// of the lease on the next computer move. The instance that writes a change holds it (it
/// has the game in memory, and a computer playing on keeps its lease).
const SNAPSHOT_COLUMNS: [&str; 13] = [
    "seats",
    "open_seats",
    "clock",
    "clock_since",
    "flag_at",
    "ending",
    "proposals",
    "rematch",
    "result",
    "computer_to_move",
    "players",
    "record_moves",
    "lease_owner",
];

/// Binds the values of [`SNAPSHOT_COLUMNS`] for `table` and `summary`, written by `instance`.
fn bind_snapshot<'q>(
    query: AnyQuery<'q>,
    table: &Table,
    summary: &Summary,
    instance: &str,
) -> Result<AnyQuery<'q>, WriteError> {
    let clock = table.clock.as_ref();
    let ending = table
        .ending
        .as_ref()
        .map(|e| serde_json::to_string(&StoredEnding::of(e)))
        .transpose()?;
    let proposals = (table.proposals != Proposals::default())
        .then(|| serde_json::to_string(&table.proposals))
        .transpose()?;
    Ok(query
        .bind(serde_json::to_string(&table.seats)?)
        .bind(table.seats.iter().filter(|s| s.is_open()).count() as i64)
        .bind(clock.map(serde_json::to_string).transpose()?)
        .bind(clock.and_then(|c| c.since_ms))
        .bind(clock.and_then(Clock::flag_at))
        .bind(ending)
        .bind(proposals)
        .bind(table.rematch.clone())
        .bind(summary.result.clone())
        .bind(i64::from(summary.computer_to_move))
        .bind(players_json(summary)?)
        .bind(summary.record_moves.map(i64::from))
        .bind(instance.to_string()))
}

/// The columns of a new game's row beside [`SNAPSHOT_COLUMNS`].
const GAME_COLUMNS: [&str; 10] = [
    "id",
    "game",
    "settings",
    "start",
    "dice_seed",
    "public",
    "time_control",
    "rematch_of",
    "plies",
    "rated",
];

/// Binds the values of [`GAME_COLUMNS`] and [`SNAPSHOT_COLUMNS`] for a new `game`.
fn bind_new_game<'q>(
    query: AnyQuery<'q>,
    game: &StoredGame,
    summary: &Summary,
    instance: &str,
) -> Result<AnyQuery<'q>, WriteError> {
    let time_control = match game.time_control {
        TimeControl::None => None,
        control => Some(serde_json::to_string(&control)?),
    };
    let query = query
        .bind(game.id.clone())
        .bind(game.game.clone())
        .bind(serde_json::to_string(&game.settings)?)
        .bind(game.start.clone())
        .bind(game.dice.to_hex())
        .bind(i64::from(game.public))
        .bind(time_control)
        .bind(game.rematch_of.clone())
        .bind(game.moves.len() as i64)
        .bind(i64::from(game.rated));
    bind_snapshot(query, &game.table, summary, instance)
}

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

/// Writes `snapshot` over game `id`'s stored `version` and makes the change to its `moves`:
/// advances the version, marks the game changed now, and (on PostgreSQL) tells the other
/// instances when the transaction commits. Over another version it is a [`Conflict`], and
/// nothing is written; it fails if there is no game `id`.
async fn touch(
    context: &WriterContext,
    tx: &mut AnyConnection,
    id: &str,
    version: i64,
    snapshot: &Snapshot,
    moves: &MovesChange<'_>,
) -> Result<(), WriteError> {
    let backend = context.backend;
    let plies = moves.plies();
    let update = format!(
        "UPDATE games SET {}, updated_at = {}, version = version + 1{}
         WHERE id = ? AND version = ?",
        SNAPSHOT_COLUMNS.map(|c| format!("{c} = ?")).join(", "),
        backend.now(),
        if plies.is_some() { ", plies = ?" } else { "" },
    );
    let bind_update = |query| {
        let query = bind_snapshot(query, &snapshot.table, &snapshot.summary, &context.instance)?;
        Ok::<_, WriteError>(bind_plies(query, plies).bind(id.to_string()).bind(version))
    };
    let written = if backend == Backend::Postgres {
        // One statement: the row over its version, the moves, the notice.
        let moved = moves
            .statement(backend, WRITTEN_GAME)
            .map(|statement| format!(", moved AS ({statement})"))
            .unwrap_or_default();
        let sql = backend.sql(&format!(
            "WITH {WRITTEN_GAME} AS ({update} RETURNING id){moved},
                  told AS (SELECT pg_notify(?, ?) FROM {WRITTEN_GAME})
             SELECT count(*) FROM told"
        ));
        let payload = format!("{id} {} {}", version + 1, context.instance);
        let told: i64 = moves
            .bind(bind_update(sqlx::query(&sql))?)?
            .bind(CHANGES_CHANNEL)
            .bind(payload)
            .fetch_one(&mut *tx)
            .await?
            .get(0);
        told == 1
    } else {
        let update = bind_update(sqlx::query(&update))?.execute(&mut *tx).await?;
        let written = update.rows_affected() == 1;
        if let Some(statement) = moves.statement(backend, BOUND_GAME).filter(|_| written) {
            moves
                .bind(sqlx::query(&statement).bind(id))?
                .execute(&mut *tx)
                .await?;
        }
        written
    };
    if written {
        return Ok(());
    }
    let exists = sqlx::query(&backend.sql("SELECT 1 FROM games WHERE id = ?"))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .is_some();
    Err(if exists {
        WriteError::Conflict(Conflict { id: id.to_string() })
    } else {
        WriteError::Failed(anyhow!("there is no game `{id}`"))
    })
}

/// Binds `plies`, if the moves changed.
fn bind_plies(query: AnyQuery<'_>, plies: Option<i64>) -> AnyQuery<'_> {
    match plies {
        Some(plies) => query.bind(plies),
        None => query,
    }
}

fn players_json(summary: &Summary) -> anyhow::Result<Option<String>> {
    Ok(summary
        .players
        .as_ref()
        .map(serde_json::to_string)
        .transpose()?)
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

//! The columns of a game's row that the [changes](super::changes) write, and their values
//! bound to a statement: the table and summary of a [`Snapshot`](crate::domain::game::Snapshot),
//! and what a new game adds.

use sqlx::any::{Any, AnyArguments};
use sqlx::query::Query;

use super::ending::StoredEnding;
use crate::domain::clock::{Clock, TimeControl};
use crate::domain::consent::Proposals;
use crate::domain::game::{StoredGame, Summary, Table};

/// A statement of the `Any` driver with its parameters.
pub(super) type AnyQuery<'q> = Query<'q, Any, AnyArguments<'q>>;

/// The columns of a game's row that a [`Snapshot`](crate::domain::game::Snapshot) sets: its table, its summary, the columns
/// made from them (the open seats, when the running clock started and falls), and the holder
/// of the lease on the next computer move. The instance that writes a change holds it (it
/// has the game in memory, and a computer playing on keeps its lease).
pub(super) const SNAPSHOT_COLUMNS: [&str; 13] = [
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
pub(super) fn bind_snapshot<'q>(
    query: AnyQuery<'q>,
    table: &Table,
    summary: &Summary,
    instance: &str,
) -> serde_json::Result<AnyQuery<'q>> {
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
pub(super) const GAME_COLUMNS: [&str; 10] = [
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
pub(super) fn bind_new_game<'q>(
    query: AnyQuery<'q>,
    game: &StoredGame,
    summary: &Summary,
    instance: &str,
) -> serde_json::Result<AnyQuery<'q>> {
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

/// The summary's players as stored (JSON), if it names them.
pub(super) fn players_json(summary: &Summary) -> serde_json::Result<Option<String>> {
    summary
        .players
        .as_ref()
        .map(serde_json::to_string)
        .transpose()
}

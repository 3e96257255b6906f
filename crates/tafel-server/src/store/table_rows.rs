//! Rows of the tables beside `games`, as they are stored, column by column: what `tafel db
//! copy` carries of the people (accounts, their sessions, devices, e-mail addresses, second
//! factors, blocks, tutorials' progress, reports, the moderators' log, former names, ratings and
//! puzzle ratings, tournaments) and
//! of each game (which account plays which seat, rating changes and refunds, results, chat
//! messages). Each table is
//! described once ([`Table`]); reading and writing work from that description on both
//! databases.
//!
//! Not copied: seeks (they live only while their owner's lobby connection is open), bots'
//! challenges (they wait ten minutes at most), mail links (an hour or a day; one is asked for
//! again), leases and instances (they belong to the servers of the source).

use anyhow::{Context, Result};
use sqlx::any::AnyArguments;
use sqlx::{AnyConnection, Row};

use super::Backend;

/// What a column holds, for reading it through sqlx's `Any` driver.
#[derive(Clone, Copy, Debug)]
pub(super) enum Kind {
    /// `TEXT`.
    Text,
    /// `INTEGER` or `BIGINT`.
    Integer,
    /// `REAL` (SQLite) or `DOUBLE PRECISION` (PostgreSQL).
    Real,
}

/// A copied table: its name, its columns and which of them make its key.
#[derive(Debug)]
pub(super) struct Table {
    /// The table's name.
    pub name: &'static str,
    /// Every column, with what it holds.
    pub columns: &'static [(&'static str, Kind)],
    /// The primary key's columns.
    pub key: &'static [&'static str],
}

/// One stored value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A text column's value.
    Text(Option<String>),
    /// An integer column's value.
    Integer(Option<i64>),
    /// A real column's value.
    Real(Option<f64>),
}

/// The people's tables and the tournaments, in an order that respects their references:
/// accounts first. (A tournament's boards name their games without a reference.)
pub(super) const PEOPLE: &[Table] = &[
    Table {
        name: "accounts",
        columns: &[
            ("id", Kind::Text),
            ("username", Kind::Text),
            ("username_key", Kind::Text),
            ("lookalike_key", Kind::Text),
            ("password_hash", Kind::Text),
            ("created_ms", Kind::Integer),
            ("deleted_ms", Kind::Integer),
            ("bot", Kind::Integer),
            ("role", Kind::Text),
            ("muted_until_ms", Kind::Integer),
            ("closed_ms", Kind::Integer),
        ],
        key: &["id"],
    },
    Table {
        name: "bot_tokens",
        columns: &[
            ("digest", Kind::Text),
            ("account_id", Kind::Text),
            ("created_ms", Kind::Integer),
        ],
        key: &["digest"],
    },
    Table {
        name: "sessions",
        columns: &[
            ("id_hash", Kind::Text),
            ("account_id", Kind::Text),
            ("created_ms", Kind::Integer),
            ("expires_ms", Kind::Integer),
            ("device", Kind::Text),
            ("address", Kind::Text),
            ("seen_ms", Kind::Integer),
        ],
        key: &["id_hash"],
    },
    Table {
        name: "known_devices",
        columns: &[
            ("id_hash", Kind::Text),
            ("account_id", Kind::Text),
            ("created_ms", Kind::Integer),
            ("used_ms", Kind::Integer),
        ],
        key: &["id_hash"],
    },
    Table {
        name: "account_emails",
        columns: &[
            ("account_id", Kind::Text),
            ("address", Kind::Text),
            ("address_key", Kind::Text),
            ("language", Kind::Text),
            ("verified_ms", Kind::Integer),
        ],
        key: &["account_id"],
    },
    Table {
        name: "second_factors",
        columns: &[
            ("account_id", Kind::Text),
            ("secret", Kind::Text),
            ("created_ms", Kind::Integer),
            ("enabled_ms", Kind::Integer),
            ("last_step", Kind::Integer),
        ],
        key: &["account_id"],
    },
    Table {
        name: "recovery_codes",
        columns: &[
            ("account_id", Kind::Text),
            ("digest", Kind::Text),
            ("created_ms", Kind::Integer),
            ("used_ms", Kind::Integer),
        ],
        key: &["account_id", "digest"],
    },
    Table {
        name: "blocks",
        columns: &[
            ("account_id", Kind::Text),
            ("blocked_id", Kind::Text),
            ("created_ms", Kind::Integer),
        ],
        key: &["account_id", "blocked_id"],
    },
    Table {
        name: "follows",
        columns: &[
            ("follower", Kind::Text),
            ("followed", Kind::Text),
            ("created_ms", Kind::Integer),
        ],
        key: &["follower", "followed"],
    },
    Table {
        name: "learn_progress",
        columns: &[
            ("account_id", Kind::Text),
            ("game", Kind::Text),
            ("steps", Kind::Integer),
            ("updated_ms", Kind::Integer),
        ],
        key: &["account_id", "game"],
    },
    Table {
        name: "reports",
        columns: &[
            ("id", Kind::Text),
            ("reporter_id", Kind::Text),
            ("account_id", Kind::Text),
            ("reason", Kind::Text),
            ("details", Kind::Text),
            ("game_id", Kind::Text),
            ("room", Kind::Text),
            ("seq", Kind::Integer),
            ("created_ms", Kind::Integer),
            ("closed_ms", Kind::Integer),
            ("closed_by", Kind::Text),
            ("tournament_id", Kind::Text),
        ],
        key: &["id"],
    },
    Table {
        name: "moderation_log",
        columns: &[
            ("id", Kind::Text),
            ("moderator_id", Kind::Text),
            ("account_id", Kind::Text),
            ("tournament_id", Kind::Text),
            ("action", Kind::Text),
            ("reason", Kind::Text),
            ("detail", Kind::Text),
            ("at_ms", Kind::Integer),
        ],
        key: &["id"],
    },
    Table {
        name: "former_names",
        columns: &[
            ("username_key", Kind::Text),
            ("lookalike_key", Kind::Text),
            ("account_id", Kind::Text),
            ("renamed_ms", Kind::Integer),
        ],
        key: &["username_key"],
    },
    Table {
        name: "ratings",
        columns: &[
            ("account_id", Kind::Text),
            ("game", Kind::Text),
            ("rating", Kind::Real),
            ("deviation", Kind::Real),
            ("volatility", Kind::Real),
            ("games", Kind::Integer),
            ("rated_ms", Kind::Integer),
        ],
        key: &["account_id", "game"],
    },
    Table {
        name: "puzzle_ratings",
        columns: &[
            ("account_id", Kind::Text),
            ("game", Kind::Text),
            ("rating", Kind::Real),
            ("deviation", Kind::Real),
            ("volatility", Kind::Real),
            ("plays", Kind::Integer),
            ("rated_ms", Kind::Integer),
        ],
        key: &["account_id", "game"],
    },
    Table {
        name: "tournaments",
        columns: &[
            ("id", Kind::Text),
            ("name", Kind::Text),
            ("organiser_id", Kind::Text),
            ("game", Kind::Text),
            ("settings", Kind::Text),
            ("time_control", Kind::Text),
            ("rated", Kind::Integer),
            ("kind", Kind::Text),
            ("entry", Kind::Text),
            ("invite", Kind::Text),
            ("max_entrants", Kind::Integer),
            ("starts_ms", Kind::Integer),
            ("state", Kind::Text),
            ("round", Kind::Integer),
            ("rounds", Kind::Integer),
            ("round_pause_ms", Kind::Integer),
            ("next_round_ms", Kind::Integer),
            ("minutes", Kind::Integer),
            ("created_ms", Kind::Integer),
            ("ended_ms", Kind::Integer),
            ("late_bye_half_points", Kind::Integer),
            ("half_point_byes", Kind::Integer),
            ("tie_breaks", Kind::Text),
        ],
        key: &["id"],
    },
    Table {
        name: "tournament_entrants",
        columns: &[
            ("tournament_id", Kind::Text),
            ("account_id", Kind::Text),
            ("number", Kind::Integer),
            ("entered_ms", Kind::Integer),
            ("withdrawn_ms", Kind::Integer),
        ],
        key: &["tournament_id", "account_id"],
    },
    Table {
        name: "tournament_byes",
        columns: &[
            ("tournament_id", Kind::Text),
            ("account_id", Kind::Text),
            ("round", Kind::Integer),
            ("half_points", Kind::Integer),
            ("requested", Kind::Integer),
            ("requested_ms", Kind::Integer),
        ],
        key: &["tournament_id", "account_id", "round"],
    },
    Table {
        name: "tournament_chat",
        columns: &[
            ("tournament_id", Kind::Text),
            ("seq", Kind::Integer),
            ("account_id", Kind::Text),
            ("text", Kind::Text),
            ("at_ms", Kind::Integer),
        ],
        key: &["tournament_id", "seq"],
    },
    Table {
        name: "tournament_boards",
        columns: &[
            ("tournament_id", Kind::Text),
            ("round", Kind::Integer),
            ("board", Kind::Integer),
            ("first", Kind::Integer),
            ("second", Kind::Integer),
            ("game_id", Kind::Text),
            ("outcome", Kind::Text),
            ("plies", Kind::Integer),
            ("first_berserk", Kind::Integer),
            ("second_berserk", Kind::Integer),
        ],
        key: &["tournament_id", "round", "board"],
    },
];

/// The tables whose rows belong to one game (`game_id`), written after the game's own row.
pub(super) const OF_A_GAME: &[Table] = &[
    Table {
        name: "game_accounts",
        columns: &[
            ("game_id", Kind::Text),
            ("seat", Kind::Integer),
            ("account_id", Kind::Text),
        ],
        key: &["game_id", "seat"],
    },
    Table {
        name: "rating_changes",
        columns: &[
            ("game_id", Kind::Text),
            ("seat", Kind::Integer),
            ("account_id", Kind::Text),
            ("game", Kind::Text),
            ("rating_before", Kind::Real),
            ("deviation_before", Kind::Real),
            ("rating_after", Kind::Real),
            ("deviation_after", Kind::Real),
            ("volatility_after", Kind::Real),
            ("opponent_seat", Kind::Integer),
            ("opponent_before", Kind::Real),
            ("opponent_deviation_before", Kind::Real),
            ("opponent_after", Kind::Real),
            ("opponent_deviation_after", Kind::Real),
            ("rated_ms", Kind::Integer),
        ],
        key: &["game_id", "seat"],
    },
    Table {
        name: "account_results",
        columns: &[
            ("game_id", Kind::Text),
            ("seat", Kind::Integer),
            ("account_id", Kind::Text),
            ("outcome", Kind::Text),
            ("ended_ms", Kind::Integer),
        ],
        key: &["game_id", "seat"],
    },
    Table {
        name: "rating_refunds",
        columns: &[
            ("game_id", Kind::Text),
            ("account_id", Kind::Text),
            ("game", Kind::Text),
            ("points", Kind::Real),
            ("refunded_ms", Kind::Integer),
        ],
        key: &["game_id", "account_id"],
    },
    Table {
        name: "chat_messages",
        columns: &[
            ("game_id", Kind::Text),
            ("room", Kind::Text),
            ("seq", Kind::Integer),
            ("seat", Kind::Integer),
            ("account_id", Kind::Text),
            ("text", Kind::Text),
            ("at_ms", Kind::Integer),
        ],
        key: &["game_id", "room", "seq"],
    },
];

impl Table {
    /// The table's rows (those whose column `where_.0` holds `where_.1`, when given), in the
    /// order of its key.
    pub(super) async fn read(
        &self,
        backend: Backend,
        connection: &mut AnyConnection,
        where_: Option<(&str, &str)>,
    ) -> Result<Vec<Vec<Value>>> {
        let columns: Vec<&str> = self.columns.iter().map(|(name, _)| *name).collect();
        let filter = match where_ {
            Some((column, _)) => format!(" WHERE {column} = ?"),
            None => String::new(),
        };
        let sql = backend.sql(&format!(
            "SELECT {} FROM {}{filter} ORDER BY {}",
            columns.join(", "),
            self.name,
            self.key.join(", ")
        ));
        let mut query = sqlx::query(&sql);
        if let Some((_, value)) = where_ {
            query = query.bind(value);
        }
        let rows = query
            .fetch_all(&mut *connection)
            .await
            .with_context(|| format!("cannot read the table {}", self.name))?;
        rows.iter()
            .map(|row| {
                self.columns
                    .iter()
                    .map(|&(name, kind)| {
                        Ok(match kind {
                            Kind::Text => Value::Text(row.try_get(name)?),
                            Kind::Integer => Value::Integer(row.try_get(name)?),
                            Kind::Real => Value::Real(row.try_get(name)?),
                        })
                    })
                    .collect::<Result<Vec<Value>, sqlx::Error>>()
                    .with_context(|| format!("cannot read a row of {}", self.name))
            })
            .collect()
    }

    /// Writes `rows`: each one inserted, or put in place of the row with its key.
    pub(super) async fn write(
        &self,
        backend: Backend,
        connection: &mut AnyConnection,
        rows: &[Vec<Value>],
    ) -> Result<()> {
        let columns: Vec<&str> = self.columns.iter().map(|(name, _)| *name).collect();
        let updates: Vec<String> = columns
            .iter()
            .filter(|column| !self.key.contains(column))
            .map(|column| format!("{column} = excluded.{column}"))
            .collect();
        let sql = backend.sql(&format!(
            "INSERT INTO {} ({}) VALUES ({}) ON CONFLICT ({}) DO UPDATE SET {}",
            self.name,
            columns.join(", "),
            vec!["?"; columns.len()].join(", "),
            self.key.join(", "),
            updates.join(", ")
        ));
        for row in rows {
            let mut insert = sqlx::query_with(&sql, AnyArguments::default());
            for value in row {
                insert = match value {
                    Value::Text(text) => insert.bind(text.clone()),
                    Value::Integer(number) => insert.bind(*number),
                    Value::Real(number) => insert.bind(*number),
                };
            }
            insert
                .execute(&mut *connection)
                .await
                .with_context(|| format!("cannot write a row of {}", self.name))?;
        }
        Ok(())
    }
}

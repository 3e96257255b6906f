//! Everything stored about one account (issue #45, "one's data"): every row of every table
//! that names the account, column by column, but its secrets (the password's hash; the
//! digests of sessions', devices', mail links', recovery codes' and bots' secrets; the
//! authenticator's secret; seat tokens, which act for a seat). Each such table and the column that names the account are listed once (`own`);
//! a test reads the schema's references to `accounts` and fails when a table is missing.
//! The games themselves are public and not repeated: `game_accounts` names them.

use anyhow::Result;
use serde_json::{Map, Value as Json};

use super::table_rows::{Kind, Table, Value, OF_A_GAME, PEOPLE};
use super::Store;
use crate::domain::ids::AccountId;

/// A table of one's data: where its rows are described, the column that names the account,
/// the columns left out, and its name in the download.
pub(super) struct Own {
    /// The table.
    pub table: &'static Table,
    /// The column whose value is the account's id.
    pub account: &'static str,
    /// Columns never shown (secrets).
    pub hidden: &'static [&'static str],
    /// The table's name in the download.
    pub shown_as: &'static str,
}

/// The tables copied by `tafel db copy` and those only a server's running makes.
fn described(name: &str) -> &'static Table {
    PEOPLE
        .iter()
        .chain(OF_A_GAME)
        .chain(RUNNING)
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("no description of table {name}"))
}

/// The tables not copied (a server's running makes them), described for one's data.
const RUNNING: &[Table] = &[
    Table {
        name: "puzzle_attempts",
        columns: &[
            ("puzzle_id", Kind::Text),
            ("player", Kind::Text),
            ("attempt", Kind::Integer),
            ("account_id", Kind::Text),
            ("solved", Kind::Integer),
            ("moves", Kind::Text),
            ("rating_before", Kind::Real),
            ("rating_after", Kind::Real),
            ("puzzle_before", Kind::Real),
            ("puzzle_after", Kind::Real),
            ("played_ms", Kind::Integer),
        ],
        key: &["played_ms", "puzzle_id", "attempt"],
    },
    Table {
        name: "mail_links",
        columns: &[
            ("token_hash", Kind::Text),
            ("account_id", Kind::Text),
            ("purpose", Kind::Text),
            ("address", Kind::Text),
            ("created_ms", Kind::Integer),
            ("expires_ms", Kind::Integer),
            ("used_ms", Kind::Integer),
        ],
        key: &["created_ms", "token_hash"],
    },
    Table {
        name: "seeks",
        columns: &[
            ("id", Kind::Text),
            ("holder", Kind::Text),
            ("connection", Kind::Text),
            ("account_id", Kind::Text),
            ("name", Kind::Text),
            ("game", Kind::Text),
            ("settings", Kind::Text),
            ("time_control", Kind::Text),
            ("rated", Kind::Integer),
            ("rating_min", Kind::Integer),
            ("rating_max", Kind::Integer),
            ("created_ms", Kind::Integer),
            ("taken_by", Kind::Text),
            ("game_id", Kind::Text),
            ("seat", Kind::Integer),
            ("token", Kind::Text),
        ],
        key: &["created_ms", "id"],
    },
    Table {
        name: "challenges",
        columns: &[
            ("id", Kind::Text),
            ("challenger", Kind::Text),
            ("challenged", Kind::Text),
            ("game", Kind::Text),
            ("settings", Kind::Text),
            ("time_control", Kind::Text),
            ("side", Kind::Text),
            ("rated", Kind::Integer),
            ("created_ms", Kind::Integer),
            ("status", Kind::Text),
            ("reason", Kind::Text),
            ("game_id", Kind::Text),
            ("seat", Kind::Integer),
            ("token", Kind::Text),
        ],
        key: &["created_ms", "id"],
    },
];

/// Every table that names an account, and how (see the module's notes).
pub(super) fn own() -> Vec<Own> {
    let own = |name: &'static str, account, hidden, shown_as| Own {
        table: described(name),
        account,
        hidden,
        shown_as,
    };
    vec![
        own("accounts", "id", &["password_hash"], "account"),
        own("account_emails", "account_id", &[], "email"),
        own("sessions", "account_id", &["id_hash"], "sessions"),
        own("known_devices", "account_id", &["id_hash"], "devices"),
        own("mail_links", "account_id", &["token_hash"], "mail_links"),
        own("second_factors", "account_id", &["secret"], "second_factor"),
        own(
            "recovery_codes",
            "account_id",
            &["digest"],
            "recovery_codes",
        ),
        own("blocks", "account_id", &[], "blocks"),
        // Who blocks one is not said: only when.
        own("blocks", "blocked_id", &["account_id"], "blocked_by"),
        own("follows", "follower", &[], "following"),
        // Nor who follows one: only when.
        own("follows", "followed", &["follower"], "followed_by"),
        own("learn_progress", "account_id", &[], "learn_progress"),
        own("puzzle_ratings", "account_id", &[], "puzzle_ratings"),
        own("puzzle_attempts", "account_id", &[], "puzzle_attempts"),
        own("reports", "reporter_id", &["closed_by"], "reports_made"),
        // Nor who reported one, nor which moderator closed it.
        own(
            "reports",
            "account_id",
            &["reporter_id", "closed_by"],
            "reports_about",
        ),
        own("reports", "closed_by", &["reporter_id"], "reports_closed"),
        own("moderation_log", "moderator_id", &[], "moderation_done"),
        own(
            "moderation_log",
            "account_id",
            &["moderator_id"],
            "moderation_of_account",
        ),
        own("former_names", "account_id", &[], "former_names"),
        own("rating_refunds", "account_id", &[], "rating_refunds"),
        own("ratings", "account_id", &[], "ratings"),
        own("rating_changes", "account_id", &[], "rating_changes"),
        own("account_results", "account_id", &[], "results"),
        own("game_accounts", "account_id", &[], "seats"),
        own("chat_messages", "account_id", &[], "chat_messages"),
        own("seeks", "account_id", &["token"], "seeks"),
        own("tournaments", "organiser_id", &[], "tournaments_organised"),
        own(
            "tournament_entrants",
            "account_id",
            &[],
            "tournaments_entered",
        ),
        own("tournament_byes", "account_id", &[], "tournament_byes"),
        own(
            "tournament_chat",
            "account_id",
            &[],
            "tournament_chat_messages",
        ),
        own("bot_tokens", "account_id", &["digest"], "bot_token"),
        own("challenges", "challenger", &["token"], "challenges_made"),
        own(
            "challenges",
            "challenged",
            &["token"],
            "challenges_received",
        ),
    ]
}

impl Store {
    /// Everything stored about `account`, as one JSON object: for each table that names it, its
    /// rows for the account (objects of column and value, the hidden columns left out).
    pub async fn own_data(&self, account: &AccountId) -> Result<Map<String, Json>> {
        let mut tx = self.pool.begin().await?;
        let mut data = Map::new();
        for own in own() {
            let rows = own
                .table
                .read(self.backend, &mut tx, Some((own.account, account.as_str())))
                .await?;
            let rows = rows
                .into_iter()
                .map(|row| {
                    let shown =
                        own.table
                            .columns
                            .iter()
                            .zip(row)
                            .filter_map(|((name, _), value)| {
                                (!own.hidden.contains(name))
                                    .then(|| (name.to_string(), json(value)))
                            });
                    Json::Object(shown.collect())
                })
                .collect();
            data.insert(own.shown_as.to_string(), Json::Array(rows));
        }
        tx.commit().await?;
        Ok(data)
    }
}

/// A stored value as JSON.
fn json(value: Value) -> Json {
    match value {
        Value::Text(text) => text.map_or(Json::Null, Json::String),
        Value::Integer(number) => number.map_or(Json::Null, Json::from),
        Value::Real(number) => number.map_or(Json::Null, Json::from),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::domain::account::SessionPlace;
    use crate::domain::ids::SessionId;
    use crate::store::tests::HASH;

    /// The names of the rows `sql` reads from the in-memory SQLite store.
    async fn names(store: &Store, sql: &str) -> BTreeSet<String> {
        sqlx::query_scalar::<_, String>(sql)
            .fetch_all(&store.pool)
            .await
            .unwrap()
            .into_iter()
            .collect()
    }

    #[tokio::test]
    async fn every_reference_to_an_account_is_in_ones_data_with_every_column_described() {
        let store = Store::open("sqlite::memory:").await.unwrap();
        let tables = names(
            &store,
            "SELECT name FROM sqlite_master WHERE type = 'table'
             AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_sqlx%'",
        )
        .await;
        let own = own();
        let listed: BTreeSet<(&str, &str)> =
            own.iter().map(|o| (o.table.name, o.account)).collect();
        let mut references = BTreeSet::from([("accounts".to_string(), "id".to_string())]);
        for table in &tables {
            let sql = format!(
                "SELECT \"from\" FROM pragma_foreign_key_list('{table}') WHERE \"table\" = 'accounts'"
            );
            for column in names(&store, &sql).await {
                references.insert((table.clone(), column));
            }
        }
        let references: BTreeSet<(&str, &str)> = references
            .iter()
            .map(|(t, c)| (t.as_str(), c.as_str()))
            .collect();
        assert_eq!(listed, references, "the tables that name an account");
        for own in &own {
            let sql = format!("SELECT name FROM pragma_table_info('{}')", own.table.name);
            let stored = names(&store, &sql).await;
            let described: BTreeSet<String> = own
                .table
                .columns
                .iter()
                .map(|(c, _)| c.to_string())
                .collect();
            assert_eq!(stored, described, "the columns of {}", own.table.name);
            assert!(own.hidden.iter().all(|h| described.contains(*h)));
        }
    }

    #[tokio::test]
    async fn ones_data_holds_ones_rows_and_no_secret_or_anyone_elses() {
        let store = Store::open("sqlite::memory:").await.unwrap();
        let [ann, bob] = crate::store::tests::ann_and_bob(&store).await;
        let place = SessionPlace::new(Some("Laptop/1.0"), Some("192.0.2.1".parse().unwrap()));
        let session = SessionId::random();
        store
            .create_session(&session, &ann, &place, 10, 1_000_000)
            .await
            .unwrap();
        store
            .create_session(&SessionId::random(), &bob, &place, 10, 1_000_000)
            .await
            .unwrap();
        let data = store.own_data(&ann).await.unwrap();
        let keys: Vec<&str> = data.keys().map(String::as_str).collect();
        let shown: BTreeSet<&str> = own().iter().map(|o| o.shown_as).collect();
        assert_eq!(keys.iter().copied().collect::<BTreeSet<_>>(), shown);
        assert_eq!(data["account"][0]["username"], "ann");
        assert_eq!(data["account"][0]["created_ms"], 7);
        assert_eq!(data["sessions"].as_array().unwrap().len(), 1);
        assert_eq!(data["sessions"][0]["device"], "Laptop/1.0");
        assert_eq!(data["sessions"][0]["address"], "192.0.2.1");
        let text = Json::Object(data).to_string();
        assert!(!text.contains(HASH) && !text.contains("password_hash"));
        assert!(!text.contains(&session.digest()) && !text.contains("id_hash"));
        assert!(!text.contains("bob") && !text.contains(bob.as_str()));
    }
}

//! The store's tests run on SQLite, and on PostgreSQL too when `TAFEL_TEST_POSTGRES` is
//! the URL of a PostgreSQL database whose user may create databases (`scripts/test` starts
//! such a server): each test gets a database of its own there.
use super::*;
use crate::domain::account::{PasswordHash, Username};
use crate::domain::clock::{Clock, TimeControl};
use crate::domain::game::{Snapshot, StoredGame, Summary};
use crate::domain::ids::AccountId;
use crate::domain::seat::{SeatKind, StoredSeat};
use tafel_core::record::Ending;
use tafel_core::Player;

/// A stored password hash (the store does not check it), so that no test waits for Argon2.
pub(super) const HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG";

/// The databases to test on: a fresh in-memory SQLite one, and a fresh PostgreSQL one
/// when `TAFEL_TEST_POSTGRES` is set.
pub(super) async fn databases() -> Vec<Store> {
    let mut stores = vec![Store::open("sqlite::memory:").await.unwrap()];
    if let Some(url) = postgres().await {
        stores.push(Store::open(&url).await.unwrap());
    }
    stores
}

/// Two accounts in `store`, `ann` and `bob` (signed up at 7 ms, with the password of [`HASH`]).
pub(super) async fn ann_and_bob(store: &Store) -> [AccountId; 2] {
    let accounts = [(); 2].map(|_| AccountId::random());
    let hash = PasswordHash::from_stored(HASH).unwrap();
    for (id, name) in accounts.iter().zip(["ann", "bob"]) {
        let name = Username::parse(name).unwrap();
        let created = store.create_account(id, &name, &hash, 7).await;
        created.unwrap().unwrap();
    }
    accounts
}

/// A new empty PostgreSQL database, when `TAFEL_TEST_POSTGRES` names a server.
pub(super) async fn postgres() -> Option<String> {
    tafel_testkit::postgres::test_database("store").await
}

pub(super) fn game(id: &str) -> StoredGame {
    let seat = StoredSeat::person(SeatKind::Local, None);
    StoredGame::new(
        id,
        "black-path",
        vec![],
        None,
        vec![seat.clone(), seat],
        vec![],
    )
}

pub(super) fn going_on(game: &StoredGame) -> Snapshot {
    Snapshot {
        table: game.table.clone(),
        summary: Summary::default(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changes_made_together_succeed_or_fail_each_on_its_own() {
    for store in databases().await {
        let snapshot = going_on(&game("g0"));
        for i in 0..40 {
            store
                .create(&game(&format!("g{i}")), &Summary::default())
                .await
                .unwrap();
        }
        // Forty moves at once, and two changes the database refuses among them.
        let mut writes = Vec::new();
        for i in 0..40 {
            let (store, snapshot) = (store.clone(), snapshot.clone());
            writes.push(tokio::spawn(async move {
                store
                    .append(&format!("g{i}"), 0, 0, &["2".to_string()], &snapshot)
                    .await
            }));
        }
        // Four over a version they are not at: refused alone (on PostgreSQL the moves of a
        // group are one statement, `store/together.rs`).
        let mut stale = Vec::new();
        for i in 0..4 {
            let id = format!("stale{i}");
            store.create(&game(&id), &Summary::default()).await.unwrap();
            let (store, snapshot) = (store.clone(), snapshot.clone());
            stale.push(tokio::spawn(async move {
                store.append(&id, 7, 0, &["2".to_string()], &snapshot).await
            }));
        }
        let (two, again, summary) = (["2".to_string()], game("g0"), Summary::default());
        let refused = store.append("nosuchgame", 0, 0, &two, &snapshot);
        let twice = store.create(&again, &summary);
        let (refused, twice) = tokio::join!(refused, twice);
        assert!(refused.is_err());
        assert!(twice.is_err());
        for write in writes {
            write.await.unwrap().unwrap();
        }
        for write in stale {
            let refused = write.await.unwrap();
            assert!(
                matches!(refused, Err(WriteError::Conflict(_))),
                "{refused:?}"
            );
        }
        for i in 0..40 {
            let stored = store.load(&format!("g{i}")).await.unwrap().unwrap();
            assert_eq!(stored.moves, ["2"]);
            assert_eq!(stored.version, 1);
        }
        for i in 0..4 {
            let stored = store.load(&format!("stale{i}")).await.unwrap().unwrap();
            assert!(stored.moves.is_empty());
            assert_eq!(stored.version, 0);
        }
        assert!(store.load("nosuchgame").await.unwrap().is_none());
        assert!(store.update("nosuchgame", 0, &snapshot).await.is_err());
        let listed = store.list(100).await.unwrap();
        assert_eq!(listed.len(), 44);
        assert_eq!(listed.iter().filter(|g| g.moves == 1).count(), 40);
    }
}

#[tokio::test]
async fn the_table_and_the_secret_dice_come_back_as_stored() {
    for store in databases().await {
        let mut stored = game("tabled");
        stored.time_control = TimeControl::Fischer {
            initial_seconds: 180,
            increment_seconds: 2,
        };
        stored.table.seats[1] = StoredSeat::invited();
        let mut clock = Clock::new(stored.time_control, 2).unwrap();
        clock.settle(Some(0), 1_000);
        stored.table.clock = Some(clock);
        stored.table.proposals.draw = Some(vec![0]);
        stored.table.ending = Some(Ending::resigned(Player(1), &[("White", 0), ("Black", 1)]));
        stored.public = true;
        store.create(&stored, &Summary::default()).await.unwrap();
        let loaded = store.load("tabled").await.unwrap().unwrap();
        assert_eq!(loaded.table, stored.table);
        assert_eq!(loaded.dice, stored.dice);
        assert_eq!(loaded.time_control, stored.time_control);
        assert!(loaded.public);
        // The flag is stored for the timers.
        assert_eq!(
            store.flags_due(i64::MAX, 10).await.unwrap(),
            vec![("tabled".to_string(), 181_000)]
        );
        // A public game with a free seat is an open challenge.
        let challenges = store.challenges(10).await.unwrap();
        assert_eq!(challenges.len(), 1);
        assert_eq!(challenges[0].id, "tabled");
    }
}

#[tokio::test]
async fn downtime_is_credited_once_to_running_clocks() {
    for store in databases().await {
        let mut stored = game("ticking");
        stored.time_control = TimeControl::Fischer {
            initial_seconds: 60,
            increment_seconds: 0,
        };
        let mut clock = Clock::new(stored.time_control, 2).unwrap();
        clock.settle(Some(0), 10_000);
        stored.table.clock = Some(clock);
        store.create(&stored, &Summary::default()).await.unwrap();
        assert_eq!(store.credit_downtime(20_000, 3_000).await.unwrap(), None);
        store.alive(21_000).await.unwrap();
        // Silent from 21 s to 40 s: 19 s are credited, once.
        assert_eq!(
            store.credit_downtime(40_000, 3_000).await.unwrap(),
            Some(19_000)
        );
        assert_eq!(store.credit_downtime(41_000, 3_000).await.unwrap(), None);
        let clock = store
            .load("ticking")
            .await
            .unwrap()
            .unwrap()
            .table
            .clock
            .unwrap();
        assert_eq!(clock.since_ms, Some(29_000));
        assert_eq!(clock.flag_at(), Some(89_000));
    }
}

#[tokio::test]
async fn a_change_over_a_stale_version_is_a_conflict() {
    for store in databases().await {
        let stored = game("raced");
        let snapshot = going_on(&stored);
        store.create(&stored, &Summary::default()).await.unwrap();
        let one = ["1".to_string()];
        store.append("raced", 0, 0, &one, &snapshot).await.unwrap();
        // Worked out from version 0 again: refused, as a conflict, and nothing changes.
        for refused in [
            store.append("raced", 0, 1, &one, &snapshot).await,
            store.update("raced", 0, &snapshot).await,
            store.truncate("raced", 0, 0, &snapshot).await,
        ] {
            let error = refused.unwrap_err();
            assert!(matches!(error, WriteError::Conflict(_)), "{error:#}");
        }
        let loaded = store.load("raced").await.unwrap().unwrap();
        assert_eq!((loaded.moves.len(), loaded.version), (1, 1));
        store.truncate("raced", 1, 0, &snapshot).await.unwrap();
        assert_eq!(store.version("raced").await.unwrap(), Some(2));
        assert_eq!(store.version("nothing").await.unwrap(), None);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_stores_racing_for_a_ply_are_decided_once_by_the_database() {
    // Two stores on one database are two instances' stores; on SQLite a file is shared.
    let folder = tempfile::tempdir().unwrap();
    let mut urls = vec![format!("sqlite://{}/race.db", folder.path().display())];
    urls.extend(postgres().await);
    for url in urls {
        let (a, b) = (
            Store::open(&url).await.unwrap(),
            Store::open(&url).await.unwrap(),
        );
        for trial in 0..100 {
            let id = format!("race{trial}");
            let stored = game(&id);
            let snapshot = going_on(&stored);
            a.create(&stored, &Summary::default()).await.unwrap();
            let (x, y) = (["1".to_string()], ["2".to_string()]);
            let (first, second) = tokio::join!(
                a.append(&id, 0, 0, &x, &snapshot),
                b.append(&id, 0, 0, &y, &snapshot)
            );
            assert!(
                first.is_ok() != second.is_ok(),
                "{url}: {first:?} {second:?}"
            );
            let loser = first.err().or(second.err()).unwrap();
            assert!(matches!(loser, WriteError::Conflict(_)), "{loser:#}");
            let loaded = b.load(&id).await.unwrap().unwrap();
            assert_eq!((loaded.moves.len(), loaded.version), (1, 1));
        }
    }
}

#[tokio::test]
async fn a_lease_is_held_by_one_store_until_it_lapses_or_the_game_changes() {
    let folder = tempfile::tempdir().unwrap();
    let mut urls = vec![format!("sqlite://{}/lease.db", folder.path().display())];
    urls.extend(postgres().await);
    for url in urls {
        let (a, b) = (
            Store::open(&url).await.unwrap(),
            Store::open(&url).await.unwrap(),
        );
        let stored = game("leased");
        let summary = Summary {
            computer_to_move: true,
            ..Summary::default()
        };
        a.create(&stored, &summary).await.unwrap();
        // Both stores renew their leases until 4 s into this test's time.
        a.renew_leases(4_000).await.unwrap();
        b.renew_leases(4_000).await.unwrap();
        // The writer of the game holds its lease.
        assert!(!b.take_lease("leased", 0, 1_000).await.unwrap());
        a.release_lease("leased").await.unwrap();
        assert_eq!(
            a.unleased_computer_games(1_000, 10).await.unwrap(),
            ["leased"]
        );
        assert!(a.take_lease("leased", 0, 1_000).await.unwrap());
        assert!(!b.take_lease("leased", 0, 2_000).await.unwrap());
        assert!(a
            .unleased_computer_games(2_000, 10)
            .await
            .unwrap()
            .is_empty());
        a.renew_leases(6_000).await.unwrap();
        assert!(!b.take_lease("leased", 0, 5_000).await.unwrap());
        // A's lease lapses (it died): B takes over, but only at the stored version.
        assert_eq!(
            b.unleased_computer_games(7_000, 10).await.unwrap(),
            ["leased"]
        );
        assert!(!b.take_lease("leased", 1, 7_000).await.unwrap());
        assert!(b.take_lease("leased", 0, 7_000).await.unwrap());
        // B holds it as long as B renews.
        b.renew_leases(10_000).await.unwrap();
        assert!(!a.take_lease("leased", 0, 9_000).await.unwrap());
        b.release_lease("leased").await.unwrap();
        assert!(a.take_lease("leased", 0, 9_000).await.unwrap());
        // Whoever changes the game holds the lease on its next computer move.
        let snapshot = Snapshot {
            table: stored.table.clone(),
            summary,
        };
        b.update("leased", 0, &snapshot).await.unwrap();
        assert!(!a.take_lease("leased", 1, 9_000).await.unwrap());
        assert!(b.take_lease("leased", 1, 9_000).await.unwrap());
        // A store holds its leases from the moment it opens.
        b.renew_leases(b.now_ms() + 60_000).await.unwrap();
        let c = Store::open(&url).await.unwrap();
        assert!(!c.take_lease("leased", 1, b.now_ms()).await.unwrap());
        b.release_lease("leased").await.unwrap();
        assert!(c.take_lease("leased", 1, b.now_ms()).await.unwrap());
        assert!(!b.take_lease("leased", 1, b.now_ms()).await.unwrap());
    }
}

#[tokio::test]
async fn a_game_exported_and_imported_is_stored_the_same() {
    let stores = databases().await;
    for from in &stores {
        for to in &stores {
            let mut stored = game(&format!("copied{}", rand::random::<u32>()));
            stored.moves = vec!["1".into(), "2".into()];
            stored.public = true;
            stored.table.seats[1] = StoredSeat::invited();
            from.create(&stored, &Summary::default()).await.unwrap();
            let played = stored.moves.clone();
            from.put_analysis(&stored.id, &played, "{}").await.unwrap();
            let rows = from.export(&stored.id).await.unwrap().unwrap();
            to.import(&rows).await.unwrap();
            // Twice: the same game replaced by itself.
            to.import(&rows).await.unwrap();
            assert_eq!(to.export(&stored.id).await.unwrap().unwrap(), rows);
            let loaded = to.load(&stored.id).await.unwrap().unwrap();
            assert_eq!(loaded.moves, stored.moves);
            assert_eq!(loaded.table, stored.table);
            assert_eq!(loaded.dice, stored.dice);
            let analysis = to.analysis(&stored.id, &played).await.unwrap();
            assert_eq!(analysis.as_deref(), Some("{}"));
        }
    }
}

/// Asserts that `error` names `table` and `column` (sqlx quotes the column).
fn assert_names(error: &anyhow::Error, table: &str, column: &str) {
    let text = format!("{error:#}");
    assert!(
        text.contains(&format!("`{table}`")) && text.contains(&format!("\"{column}\"")),
        "the error does not name `{table}` and \"{column}\": {text}"
    );
}

/// A seek of `store` whose game is made but whose owner's seat is NULL (a value the code
/// expects, in a column both databases let hold NULL): reading it is an error naming the
/// column, the bad row stays, and the store goes on answering.
async fn a_played_seek_without_its_seat(store: &Store) {
    let kauri = serde_json::from_str(r#"{"game": "kauri"}"#).unwrap();
    store
        .add_seek("s1", "c1", None, "Ann", &kauri, store.now_ms())
        .await
        .unwrap();
    sqlx::query("UPDATE seeks SET game_id = 'g1', seat = NULL, token = 't' WHERE id = 's1'")
        .execute(&store.pool)
        .await
        .unwrap();
    let error = store.take_played_seeks("c1").await.unwrap_err();
    assert_names(&error, "seeks", "seat");
    assert_eq!(store.seeks_of("c1").await.unwrap(), 1);
}

#[tokio::test]
async fn a_bad_row_on_sqlite_is_an_error_naming_its_table_and_column() {
    let store = Store::open("sqlite::memory:").await.unwrap();
    a_played_seek_without_its_seat(&store).await;
    // SQLite keeps a text written into an integer column as it is.
    store
        .create(&game("bad"), &Summary::default())
        .await
        .unwrap();
    sqlx::query("UPDATE games SET version = 'seven' WHERE id = 'bad'")
        .execute(&store.pool)
        .await
        .unwrap();
    assert_names(&store.load("bad").await.unwrap_err(), "games", "version");
    store
        .create(&game("good"), &Summary::default())
        .await
        .unwrap();
    assert!(store.load("good").await.unwrap().is_some());
}

#[tokio::test]
async fn a_bad_row_on_postgres_is_an_error_naming_its_table_and_column() {
    let Some(url) = postgres().await else {
        return;
    };
    let store = Store::open(&url).await.unwrap();
    a_played_seek_without_its_seat(&store).await;
    // PostgreSQL keeps its columns' types, but a column may lose its NOT NULL.
    store
        .create(&game("bad"), &Summary::default())
        .await
        .unwrap();
    for statement in [
        "ALTER TABLE games ALTER COLUMN version DROP NOT NULL",
        "UPDATE games SET version = NULL WHERE id = 'bad'",
    ] {
        sqlx::query(statement).execute(&store.pool).await.unwrap();
    }
    assert_names(&store.load("bad").await.unwrap_err(), "games", "version");
    store
        .create(&game("good"), &Summary::default())
        .await
        .unwrap();
    assert!(store.load("good").await.unwrap().is_some());
}

#[tokio::test]
async fn sessions_are_listed_seen_and_ended_within_their_account() {
    use crate::domain::account::{PasswordHash, SessionPlace, Username};
    use crate::domain::ids::{AccountId, SessionId};
    for store in databases().await {
        let [ann, bob] = ["ann", "bob"].map(|_| AccountId::random());
        for (id, name) in [(&ann, "ann"), (&bob, "bob")] {
            let hash = PasswordHash::from_stored(HASH).unwrap();
            let name = Username::parse(name).unwrap();
            store
                .create_account(id, &name, &hash, 0)
                .await
                .unwrap()
                .unwrap();
        }
        let place = |agent: &str, address: &str| {
            SessionPlace::new(Some(agent), Some(address.parse().unwrap()))
        };
        let [first, second, bobs] = [(); 3].map(|_| SessionId::random());
        store
            .create_session(&first, &ann, &place("A", "192.0.2.1"), 1_000, 100_000)
            .await
            .unwrap();
        store
            .create_session(&second, &ann, &place("B", "192.0.2.2"), 2_000, 100_000)
            .await
            .unwrap();
        store
            .create_session(&bobs, &bob, &place("C", "192.0.2.3"), 3_000, 100_000)
            .await
            .unwrap();
        store
            .session_seen(&first, &place("A", "2001:db8::1"), 5_000)
            .await
            .unwrap();
        let listed = store.sessions_of(&ann, 4_000).await.unwrap();
        let handles: Vec<&str> = listed.iter().map(|s| s.handle.as_str()).collect();
        assert_eq!(handles, [&first.digest()[..16], &second.digest()[..16]]);
        assert_eq!(listed[0].place.address.as_deref(), Some("2001:db8::1"));
        assert_eq!(listed[0].place.device.as_deref(), Some("A"));
        assert_eq!((listed[0].created_ms, listed[0].seen_ms), (1_000, 5_000));
        assert!(
            store.sessions_of(&ann, 100_000).await.unwrap().is_empty(),
            "expired"
        );
        // Bob's session is not Ann's to end.
        let bobs_handle = &bobs.digest()[..16];
        assert!(!store.end_session_of(&ann, bobs_handle).await.unwrap());
        assert!(store.session_account(&bobs, 4_000).await.unwrap().is_some());
        assert!(store
            .end_session_of(&ann, &second.digest()[..16])
            .await
            .unwrap());
        assert!(store
            .session_account(&second, 4_000)
            .await
            .unwrap()
            .is_none());
        let (account, seen) = store.session_account(&first, 4_000).await.unwrap().unwrap();
        assert_eq!((account.id, seen), (ann, Some(5_000)));
    }
}

#[tokio::test]
async fn the_lookalike_keys_are_made_anew_and_of_two_that_meet_the_older_keeps_its() {
    use crate::domain::account::Username;
    const SQLITE: &str = include_str!("../../migrations/sqlite/0025_more_lookalikes.sql");
    const POSTGRES: &str = include_str!("../../migrations/postgres/0025_more_lookalikes.sql");
    assert_eq!(SQLITE, POSTGRES, "one migration for both backends");
    // Accounts with their keys as made before `cl` and `nn` were folded, in the order made,
    // and the key each has after the migration.
    let accounts = [
        ("dave", "dave"),
        ("clave", "clave"), // `dave` keeps `dave`
        ("nnike", "mlke"),
        ("clinn", "dlm"), // older than `dlnn`, whose key would meet its
        ("dlnn", "dlnn"),
        ("Glenn", "glem"),
    ];
    for store in databases().await {
        for (made, (name, _)) in accounts.iter().enumerate() {
            let old_key = name.to_lowercase().replace('i', "l");
            sqlx::query(&store.sql(
                "INSERT INTO accounts (id, username, username_key, lookalike_key, created_ms)
                 VALUES (?, ?, ?, ?, ?)",
            ))
            .bind(format!("account-{made}"))
            .bind(*name)
            .bind(name.to_lowercase())
            .bind(old_key)
            .bind(made as i64)
            .execute(&store.pool)
            .await
            .unwrap();
        }
        sqlx::query(SQLITE).execute(&store.pool).await.unwrap();
        for (made, (name, expected)) in accounts.iter().enumerate() {
            let row = sqlx::query(&store.sql("SELECT lookalike_key FROM accounts WHERE id = ?"))
                .bind(format!("account-{made}"))
                .fetch_one(&store.pool)
                .await
                .unwrap();
            let key: String = rows::value(&row, "accounts", "lookalike_key").unwrap();
            assert_eq!(key, *expected, "{name}");
            let made_anew = Username::parse(name).unwrap().lookalike_key();
            assert!(
                key == made_anew || ["clave", "dlnn"].contains(name),
                "{name}"
            );
        }
    }
}

#[tokio::test]
async fn a_second_factor_is_set_up_turned_on_and_each_code_taken_once() {
    use crate::domain::account::{PasswordHash, Username};
    use crate::domain::ids::AccountId;
    for store in databases().await {
        let ann = AccountId::random();
        let hash = PasswordHash::from_stored(HASH).unwrap();
        let name = Username::parse("ann").unwrap();
        store
            .create_account(&ann, &name, &hash, 0)
            .await
            .unwrap()
            .unwrap();
        assert!(store.set_up_second_factor(&ann, "FIRST", 1).await.unwrap());
        assert!(
            store.set_up_second_factor(&ann, "SECOND", 2).await.unwrap(),
            "again"
        );
        assert!(!store.take_step(&ann, 9).await.unwrap(), "not on yet");
        let digests = ["a".to_string(), "b".to_string()];
        assert!(!store
            .enable_second_factor(&ann, "FIRST", 5, &digests, 3)
            .await
            .unwrap());
        assert!(store
            .enable_second_factor(&ann, "SECOND", 5, &digests, 3)
            .await
            .unwrap());
        assert!(
            !store.set_up_second_factor(&ann, "THIRD", 4).await.unwrap(),
            "on"
        );
        let stored = store.second_factor(&ann).await.unwrap().unwrap();
        assert_eq!(
            (stored.secret.as_str(), stored.enabled_ms),
            ("SECOND", Some(3))
        );
        assert!(
            !store.take_step(&ann, 5).await.unwrap(),
            "taken when turned on"
        );
        assert!(store.take_step(&ann, 6).await.unwrap());
        assert!(!store.take_step(&ann, 6).await.unwrap());
        assert!(!store.take_step(&ann, 4).await.unwrap(), "an earlier step");
        assert!(store.use_recovery_code(&ann, "a", 7).await.unwrap());
        assert!(!store.use_recovery_code(&ann, "a", 8).await.unwrap());
        assert!(!store.use_recovery_code(&ann, "c", 8).await.unwrap());
        assert_eq!(store.recovery_codes_left(&ann).await.unwrap(), 1);
        let renewed = ["x".to_string(), "y".to_string(), "z".to_string()];
        assert!(store
            .replace_recovery_codes(&ann, &renewed, 9)
            .await
            .unwrap());
        assert_eq!(store.recovery_codes_left(&ann).await.unwrap(), 3);
        assert!(
            !store.use_recovery_code(&ann, "b", 10).await.unwrap(),
            "replaced"
        );
        store.remove_second_factor(&ann).await.unwrap();
        assert!(
            !store
                .replace_recovery_codes(&ann, &renewed, 11)
                .await
                .unwrap(),
            "off"
        );
        assert!(store.second_factor(&ann).await.unwrap().is_none());
        assert_eq!(store.recovery_codes_left(&ann).await.unwrap(), 0);
    }
}

//! Moderation in the store, on SQLite and (with `TAFEL_TEST_POSTGRES`) PostgreSQL: blocks and
//! reports, roles, mutes, closing, renaming with former names, refunds given once, the log.

use crate::domain::account::{PasswordHash, Username};
use crate::domain::game::{StoredGame, Summary};
use crate::domain::ids::AccountId;
use crate::domain::moderation::Role;
use crate::domain::seat::{SeatKind, StoredSeat};
use crate::store::moderation::NewLogEntry;
use crate::store::reports::NewReport;
use crate::store::tests::{databases, HASH};
use crate::store::Store;

async fn account(store: &Store, name: &str) -> AccountId {
    let id = AccountId::random();
    let username = Username::parse(name).unwrap();
    let hash = PasswordHash::from_stored(HASH).unwrap();
    (store.create_account(&id, &username, &hash, 0).await)
        .unwrap()
        .unwrap();
    id
}

#[tokio::test]
async fn blocks_and_reports_are_kept_and_closed() {
    for store in databases().await {
        let (ann, bob, cid) = (
            account(&store, "ann").await,
            account(&store, "bob").await,
            account(&store, "cid").await,
        );
        assert!(store.block(&ann, &bob, 1, 2).await.unwrap());
        assert!(
            store.block(&ann, &bob, 2, 2).await.unwrap(),
            "twice is once"
        );
        assert!(
            store.blocked_between(&bob, &ann).await.unwrap(),
            "either way"
        );
        assert!(!store.blocked_between(&bob, &cid).await.unwrap());
        assert!(store.block(&ann, &cid, 3, 2).await.unwrap());
        let third = account(&store, "dan").await;
        assert!(!store.block(&ann, &third, 4, 2).await.unwrap(), "the cap");
        let names: Vec<String> = (store.blocked_by(&ann).await.unwrap().into_iter())
            .map(|(_, name)| name)
            .collect();
        assert_eq!(names, ["bob", "cid"]);
        store.unblock(&ann, &bob).await.unwrap();
        assert!(!store.blocked_between(&ann, &bob).await.unwrap());

        for (id, account, at) in [("r1", &bob, 10), ("r2", &cid, 20)] {
            let report = NewReport {
                id,
                reporter: &ann,
                account,
                reason: "abuse",
                details: "rude",
                game: Some("g1"),
                tournament: None,
                line: Some(("players", 3)),
                at_ms: at,
            };
            store.add_report(&report).await.unwrap();
        }
        assert_eq!(store.open_reports_by(&ann, &bob).await.unwrap(), (2, 1));
        let open = store.open_reports(10).await.unwrap();
        let seen: Vec<_> = open
            .iter()
            .map(|r| (r.id.as_str(), r.player.as_deref()))
            .collect();
        assert_eq!(seen, [("r1", Some("bob")), ("r2", Some("cid"))]);
        assert_eq!(
            (open[0].room.as_deref(), open[0].seq),
            (Some("players"), Some(3))
        );
        let judge = account(&store, "judge").await;
        assert_eq!(
            store.dismiss_report("r2", &judge, 30).await.unwrap(),
            Some(cid.clone())
        );
        assert_eq!(
            store.dismiss_report("r2", &judge, 31).await.unwrap(),
            None,
            "once"
        );
        store.close_reports_about(&bob, &judge, 40).await.unwrap();
        assert!(store.open_reports(10).await.unwrap().is_empty());
        assert_eq!(store.open_reports_by(&ann, &bob).await.unwrap(), (0, 0));
    }
}

#[tokio::test]
async fn roles_mutes_closing_and_renaming_are_stored() {
    for store in databases().await {
        let (bob, judge) = (account(&store, "bob").await, account(&store, "judge").await);
        assert_eq!(store.role_of(&judge).await.unwrap(), Role::Player);
        store.set_role(&judge, Role::Moderator).await.unwrap();
        assert_eq!(store.role_of(&judge).await.unwrap(), Role::Moderator);

        store.mute(&bob, 5_000).await.unwrap();
        assert_eq!(
            store.standing(&bob).await.unwrap().muted_until_ms,
            Some(5_000)
        );

        let (old, new) = (
            Username::parse("bob").unwrap(),
            Username::parse("Robert").unwrap(),
        );
        store
            .rename_account(&bob, &old, &new, 7)
            .await
            .unwrap()
            .unwrap();
        let renamed = store.account_by_key("robert").await.unwrap().unwrap();
        assert_eq!(
            (renamed.id, renamed.username.as_str()),
            (bob.clone(), "Robert")
        );
        assert!(store.account_by_key("bob").await.unwrap().is_none());
        assert!(store
            .is_a_former_name("bob", &old.lookalike_key())
            .await
            .unwrap());
        assert!(
            store.name_is_an_accounts("bob", "bob").await.unwrap(),
            "kept"
        );
        let taken = Username::parse("judge").unwrap();
        assert!(store
            .rename_account(&bob, &new, &taken, 8)
            .await
            .unwrap()
            .is_err());
        let back = store.rename_account(&judge, &taken, &old, 9).await.unwrap();
        assert!(back.is_err(), "a former name is nobody's again");

        let token = crate::domain::ids::BotToken::random();
        store.make_bot(&bob).await.unwrap();
        store.set_bot_token(&bob, &token, 10).await.unwrap();
        assert!(store.bot_of_token(&token).await.unwrap().is_some());
        assert!(store.close_account(&bob, 11).await.unwrap());
        assert!(
            store.bot_of_token(&token).await.unwrap().is_none(),
            "a closed bot plays no more"
        );
        assert!(!store.close_account(&bob, 12).await.unwrap(), "once");
        assert_eq!(store.standing(&bob).await.unwrap().closed_ms, Some(11));
        let closed = store.account_by_key("robert").await.unwrap().unwrap();
        assert_eq!(closed.closed_ms, Some(11));
        assert_eq!(store.role_of(&bob).await.unwrap(), Role::Player);

        for (id, action, at) in [("l1", "warn", 20), ("l2", "close", 30)] {
            let entry = NewLogEntry {
                id,
                moderator: &judge,
                account: Some(&bob),
                tournament: None,
                action,
                reason: "why",
                detail: None,
                at_ms: at,
            };
            store.log_action(&entry).await.unwrap();
        }
        let log = store.moderation_log(10).await.unwrap();
        let actions: Vec<_> = log.iter().map(|l| l.action.as_str()).collect();
        assert_eq!(actions, ["close", "warn"]);
        assert_eq!(log[0].moderator.as_deref(), Some("judge"));
        assert_eq!(log[0].player.as_deref(), Some("Robert"));
        let notices = store.notices_of(&bob, 10).await.unwrap();
        assert_eq!(notices.len(), 1, "a closing is no notice");
    }
}

#[tokio::test]
async fn a_closed_winners_rated_wins_are_refunded_once_within_the_window() {
    for store in databases().await {
        let (ann, bob) = (account(&store, "ann").await, account(&store, "bob").await);
        let seat = StoredSeat::person(SeatKind::Local, None);
        for (game, at) in [("old", 1_000), ("new", 50_000)] {
            let stored = StoredGame::new(
                game,
                "kauri",
                vec![],
                None,
                vec![seat.clone(), seat.clone()],
                vec![],
            );
            store.create(&stored, &Summary::default()).await.unwrap();
            // bob (seat 0) beat ann (seat 1): ann lost 20 points, bob won 20.
            for (s, who, before, after, outcome) in [
                (0, &bob, 1500.0, 1520.0, "win"),
                (1, &ann, 1500.0, 1480.0, "loss"),
            ] {
                sqlx::query(&store.sql(
                    "INSERT INTO rating_changes (game_id, seat, account_id, game, rating_before,
                        deviation_before, rating_after, deviation_after, volatility_after,
                        opponent_seat, opponent_before, opponent_deviation_before,
                        opponent_after, opponent_deviation_after, rated_ms)
                     VALUES (?, ?, ?, 'kauri', ?, 100.0, ?, 90.0, 0.06, ?, 1500.0, 100.0,
                             1500.0, 90.0, ?)",
                ))
                .bind(game)
                .bind(s)
                .bind(who.as_str())
                .bind(before)
                .bind(after)
                .bind(1 - s)
                .bind(at)
                .execute(&store.pool)
                .await
                .unwrap();
                sqlx::query(&store.sql(
                    "INSERT INTO account_results (game_id, seat, account_id, outcome, ended_ms)
                     VALUES (?, ?, ?, ?, ?)",
                ))
                .bind(game)
                .bind(s)
                .bind(who.as_str())
                .bind(outcome)
                .bind(at)
                .execute(&store.pool)
                .await
                .unwrap();
            }
        }
        sqlx::query(&store.sql(
            "INSERT INTO ratings (account_id, game, rating, deviation, volatility, games,
                                  rated_ms)
             VALUES (?, 'kauri', 1460.0, 90.0, 0.06, 2, 50000)",
        ))
        .bind(ann.as_str())
        .execute(&store.pool)
        .await
        .unwrap();
        assert_eq!(store.refund_wins(&bob, 10_000, 60_000).await.unwrap(), 1);
        assert_eq!(
            store.refund_wins(&bob, 0, 60_000).await.unwrap(),
            1,
            "the older"
        );
        assert_eq!(store.refund_wins(&bob, 0, 60_000).await.unwrap(), 0, "once");
        assert_eq!(
            store.refund_wins(&ann, 0, 60_000).await.unwrap(),
            0,
            "no wins"
        );
        let rating: f64 =
            sqlx::query_scalar(&store.sql("SELECT rating FROM ratings WHERE account_id = ?"))
                .bind(ann.as_str())
                .fetch_one(&store.pool)
                .await
                .unwrap();
        assert!((rating - 1500.0).abs() < 1e-9, "{rating}");
    }
}

/// On an SQLite file, a rename (which reads the former names before it writes) succeeds while
/// another connection keeps writing: its transaction takes the write lock first, where one
/// begun as a reader failed with "database is locked" when the other wrote in between.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rename_is_not_refused_while_another_connection_writes() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let store = std::sync::Arc::new(Store::open(&url).await.unwrap());
    let ann = account(&store, "ann").await;
    // The other connection writes until the renames are done (a fixed number of renames, so
    // that the test does not depend on which is faster).
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writing = tokio::spawn({
        let (store, stop) = (store.clone(), stop.clone());
        async move {
            let mut writes = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                store.alive(writes).await.unwrap();
                writes += 1;
            }
            writes
        }
    });
    let mut old = Username::parse("ann").unwrap();
    for renames in 0..40 {
        let new = Username::parse(&format!("ann{renames}")).unwrap();
        let renamed = store.rename_account(&ann, &old, &new, renames).await;
        renamed.unwrap().unwrap();
        old = new;
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let writes = writing.await.unwrap();
    assert!(
        writes > 0,
        "the other connection wrote {writes} times meanwhile"
    );
}

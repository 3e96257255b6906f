//! Tournaments in the store, on SQLite and (with `TAFEL_TEST_POSTGRES`) PostgreSQL: a start
//! and each round are written exactly once however many callers race; entries close at the
//! start and at the limit; an outcome is written once.

use std::collections::BTreeMap;
use tafel_tournament::tie_breaks::{Cut, TieBreak};

use tafel_tournament::{berger, Outcome};

use crate::domain::account::{PasswordHash, Username};
use crate::domain::clock::TimeControl;
use crate::domain::ids::AccountId;
use crate::domain::tournament::game::Scored;
use crate::domain::tournament::{boards, Entry, Kind, State, Tournament};
use crate::store::tests::{databases, HASH};
use crate::store::Store;

async fn account(store: &Store, name: &str) -> AccountId {
    let id = AccountId::random();
    let username = Username::parse(name).unwrap();
    store
        .create_account(&id, &username, &PasswordHash::from_stored(HASH).unwrap(), 0)
        .await
        .unwrap()
        .unwrap();
    id
}

fn tournament(id: &str, starts_ms: i64, max_entrants: usize) -> Tournament {
    Tournament {
        id: id.to_string(),
        name: "Club night".to_string(),
        organiser: String::new(),
        game: "black-path".to_string(),
        settings: BTreeMap::new(),
        time_control: TimeControl::Fischer {
            initial_seconds: 60,
            increment_seconds: 0,
        },
        rated: false,
        kind: Kind::RoundRobin,
        entry: Entry::Open,
        max_entrants,
        starts_ms,
        state: State::Open,
        round: 0,
        rounds: 0,
        round_pause_ms: 30_000,
        next_round_ms: None,
        minutes: 0,
        late_bye_half_points: None,
        half_point_byes: 0,
        tie_breaks: vec![TieBreak::SonnebornBerger(Cut::None), TieBreak::Wins],
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_start_and_each_round_are_written_exactly_once_by_racing_callers() {
    for store in databases().await {
        let organiser = account(&store, "organiser").await;
        let now = store.now_ms();
        store
            .create_tournament(&tournament("t1", now + 60_000, 3), &organiser, None, now)
            .await
            .unwrap();
        let mut players = Vec::new();
        for name in ["ann", "bob", "cyd", "dee"] {
            let player = account(&store, name).await;
            let entered = store.enter_tournament("t1", &player, now).await.unwrap();
            // The fourth is one too many.
            assert_eq!(entered, players.len() < 3, "{name}");
            if entered {
                players.push(player);
            }
        }
        assert!(!store
            .enter_tournament("t1", &players[0], now)
            .await
            .unwrap());
        let rounds = berger::rounds(3, false);
        let first = boards(1, &rounds[0], &[], || {
            crate::domain::ids::GameId::random().to_string()
        });
        let starts = (0..8).map(|_| {
            let (store, players, first) = (store.clone(), players.clone(), first.clone());
            tokio::spawn(async move { store.start_tournament("t1", &players, 3, &first, 0).await })
        });
        let mut started = 0;
        for start in starts {
            started += usize::from(start.await.unwrap().unwrap());
        }
        assert_eq!(started, 1);
        // Entries are closed once it runs.
        let late = account(&store, "late").await;
        assert!(!store.enter_tournament("t1", &late, now).await.unwrap());

        for board in first.iter().filter(|b| b.second.is_some()) {
            store
                .score_board("t1", 1, board.board, &Scored::unplayed(Outcome::FirstWon))
                .await
                .unwrap();
            // A second result for the same game changes nothing.
            store
                .score_board("t1", 1, board.board, &Scored::unplayed(Outcome::Draw))
                .await
                .unwrap();
        }
        let second = boards(2, &rounds[1], &[], || {
            crate::domain::ids::GameId::random().to_string()
        });
        let pairings = (0..8).map(|_| {
            let (store, second) = (store.clone(), second.clone());
            tokio::spawn(async move {
                store
                    .pair_round("t1", 1, &second, None, Some(now + 5_000))
                    .await
            })
        });
        let mut paired = 0;
        for pairing in pairings {
            paired += usize::from(pairing.await.unwrap().unwrap());
        }
        assert_eq!(paired, 1);
        let stored = store.boards("t1").await.unwrap();
        assert_eq!(stored.len(), first.len() + second.len());
        assert!(stored
            .iter()
            .filter(|b| b.round == 1 && b.second.is_some())
            .all(|b| b.outcome == Some(Outcome::FirstWon)));
        let t = store.tournament("t1").await.unwrap().unwrap().tournament;
        assert_eq!((t.state, t.round, t.rounds), (State::Running, 2, 3));
        assert_eq!(
            t.next_round_ms,
            Some(now + 5_000),
            "its games begin after the pause"
        );
        // Until then its pairings can be changed by hand; not from the moment they begin.
        let mut swapped = second.clone();
        for board in &mut swapped {
            if let Some(other) = board.second {
                (board.first, board.second) = (other, Some(board.first));
            }
        }
        assert!(!store
            .repair_round("t1", 2, &swapped, now + 5_000)
            .await
            .unwrap());
        assert!(!store.repair_round("t1", 1, &swapped, now).await.unwrap());
        assert!(store.repair_round("t1", 2, &swapped, now).await.unwrap());
        let mut round_two: Vec<(u32, usize, Option<usize>)> = store
            .boards("t1")
            .await
            .unwrap()
            .into_iter()
            .filter(|b| b.round == 2)
            .map(|b| (b.board, b.first, b.second))
            .collect();
        let mut expected: Vec<_> = swapped
            .iter()
            .map(|b| (b.board, b.first, b.second))
            .collect();
        round_two.sort_unstable();
        expected.sort_unstable();
        assert_eq!(round_two, expected);
        let numbers: Vec<Option<usize>> = store
            .entrants("t1")
            .await
            .unwrap()
            .into_iter()
            .map(|(_, e)| e.number)
            .collect();
        assert_eq!(numbers, vec![Some(0), Some(1), Some(2)]);
        // Finishing needs the last round to be the current one.
        assert!(!store.finish_tournament("t1", 3, now).await.unwrap());
    }
}

#[tokio::test]
async fn a_tournament_nobody_entered_is_cancelled_once() {
    for store in databases().await {
        let organiser = account(&store, "organiser").await;
        let now = store.now_ms();
        store
            .create_tournament(&tournament("t2", now, 8), &organiser, None, now)
            .await
            .unwrap();
        assert_eq!(store.tournaments_under_way(&organiser).await.unwrap(), 1);
        assert_eq!(store.tournaments_to_direct(now).await.unwrap(), vec!["t2"]);
        assert!(store.cancel_tournament("t2", now).await.unwrap());
        assert!(!store.cancel_tournament("t2", now).await.unwrap());
        assert_eq!(store.tournaments_under_way(&organiser).await.unwrap(), 0);
        assert!(store.tournaments_to_direct(now).await.unwrap().is_empty());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn late_entries_into_an_arena_take_the_next_numbers_once_each() {
    for store in databases().await {
        let organiser = account(&store, "organiser").await;
        let now = store.now_ms();
        let arena = Tournament {
            kind: Kind::Arena,
            minutes: 5,
            ..tournament("a1", now + 60_000, 6)
        };
        store
            .create_tournament(&arena, &organiser, None, now)
            .await
            .unwrap();
        let mut players = Vec::new();
        for name in ["ann", "bob"] {
            let player = account(&store, name).await;
            assert!(store.enter_tournament("a1", &player, now).await.unwrap());
            players.push(player);
        }
        // Not late before the start.
        let early = account(&store, "early").await;
        assert!(!store.enter_arena_late("a1", &early, now).await.unwrap());
        assert!(store
            .start_tournament("a1", &players, 0, &[], 0)
            .await
            .unwrap());
        // Eight entries at once into an Arena of six: four get the numbers 2 to 5, once each.
        let mut late = Vec::new();
        for i in 0..8 {
            late.push(account(&store, &format!("late{i}")).await);
        }
        let during = now + 61_000;
        let entries = late.iter().map(|account| {
            let (store, account) = (store.clone(), account.clone());
            tokio::spawn(async move { store.enter_arena_late("a1", &account, during).await })
        });
        let mut entered = 0;
        for entry in entries {
            entered += usize::from(entry.await.unwrap().unwrap());
        }
        assert_eq!(entered, 4);
        let numbers: Vec<Option<usize>> = store
            .entrants("a1")
            .await
            .unwrap()
            .iter()
            .map(|(_, e)| e.number)
            .collect();
        assert_eq!(numbers, (0..2 + entered).map(Some).collect::<Vec<_>>());
        // Back after a withdrawal, until the end; nobody late after it.
        assert!(store
            .withdraw_from_tournament("a1", &players[0], during)
            .await
            .unwrap());
        assert!(store
            .return_to_arena("a1", &players[0], during)
            .await
            .unwrap());
        assert!(!store
            .return_to_arena("a1", &players[0], during)
            .await
            .unwrap());
        let after_the_end = now + 60_000 + 5 * 60_000;
        assert!(store
            .withdraw_from_tournament("a1", &players[0], after_the_end)
            .await
            .unwrap());
        assert!(!store
            .return_to_arena("a1", &players[0], after_the_end)
            .await
            .unwrap());
        let last = account(&store, "last").await;
        assert!(!store
            .enter_arena_late("a1", &last, after_the_end)
            .await
            .unwrap());
    }
}

//! The tests of the Resigner, on an SQLite store in memory (no hub, no server).

use super::super::testing::{token, two_people, Bench};
use super::*;
use crate::domain::seat::{SeatKind, StoredSeat};

#[tokio::test]
async fn a_resignation_ends_the_game_for_the_other_side() {
    let bench = Bench::new().await;
    let resigner = Resigner::new(bench.committer.clone());
    let mut live = bench.black_path(two_people()).await;
    let bob = token(&live, 1);
    resigner.resign(&mut live, &bob).await.unwrap();
    let ending = Ending::resigned(Player(1), &live.seat_names());
    assert_eq!(bench.reload(&live.id).await.table.ending, Some(ending));
    let again = resigner.resign(&mut live, &bob).await.unwrap_err();
    assert_eq!(again.code(), "game-is-over");
}

#[tokio::test]
async fn a_team_resigns_when_every_person_of_it_has() {
    let bench = Bench::new().await;
    let resigner = Resigner::new(bench.committer.clone());
    let person = |name: &str| StoredSeat::person(SeatKind::Invite, Some(name.to_string()));
    let seats = ["Ann", "Bob", "Cid", "Dee"].map(person).to_vec();
    let stored = crate::domain::game::StoredGame::new(
        GameId::random(),
        "karls-race",
        vec![("players".to_string(), "4".to_string())],
        None,
        seats,
        vec![],
    );
    let mut live = bench.game(stored).await;
    let sides = live.sides(&live.table);
    let partner = (1..4).find(|&s| sides.team(s) == sides.team(0)).unwrap();
    let first = token(&live, 0);
    resigner.resign(&mut live, &first).await.unwrap();
    assert!(!bench.reload(&live.id).await.is_over());
    let second = token(&live, partner);
    resigner.resign(&mut live, &second).await.unwrap();
    assert!(bench.reload(&live.id).await.is_over());
}

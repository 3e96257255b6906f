//! The tests of the Creator, on an SQLite store in memory (no hub, no server).

use super::super::resigner::Resigner;
use super::super::testing::{received, token, two_people, Bench};
use super::*;

fn creator(bench: &Bench) -> Creator {
    let seater = Seater::new(bench.store.clone(), bench.committer.clone());
    Creator::new(bench.store.clone(), bench.committer.clone(), seater)
}

/// A game of Black Path between Ann at the creator's screen and an invited person.
fn asked(public: bool) -> NewGame {
    NewGame {
        game: "black-path".to_string(),
        settings: vec![],
        start: None,
        moves: vec![],
        seats: vec![SeatRequest::person("Ann"), SeatRequest::invited()],
        public,
        time_control: TimeControl::None,
        ending: None,
        origin: None,
        account: None,
        rated: false,
    }
}

#[tokio::test]
async fn a_game_asked_for_is_checked_then_stored() {
    let bench = Bench::new().await;
    let creator = creator(&bench);
    let stored = creator.checked(asked(true)).await.unwrap();
    assert!(stored.public);
    let live = creator.store(stored, None).await.unwrap();
    let again = bench.reload(&live.id).await;
    assert_eq!(again.table.seats, live.table.seats);
    assert_eq!(again.table.seats[0].name.as_deref(), Some("Ann"));
    assert!(again.table.seats[1].is_open());
}

#[tokio::test]
async fn a_game_that_cannot_be_is_refused_before_it_is_stored() {
    let bench = Bench::new().await;
    let creator = creator(&bench);
    let mut hints = asked(false);
    hints.seats[0].hints = true;
    let refused = creator.checked(hints).await.unwrap_err();
    assert_eq!(refused.code(), "hints-are-only-for-games-against");
    let mut full = asked(true);
    full.seats[1] = SeatRequest::person("Bob");
    let refused = creator.checked(full).await.unwrap_err();
    assert_eq!(refused.code(), "public-game-needs-a-seat-for");
    let mut site = asked(false);
    site.seats[0] = SeatRequest::person("Tafel");
    let refused = creator.checked(site).await.unwrap_err();
    assert_eq!(refused.code(), "name-is-kept-for-the-site");
    let mut clock = asked(false);
    clock.time_control = TimeControl::Correspondence { days_per_move: 0 };
    assert!(creator.checked(clock).await.is_err());
}

#[tokio::test]
async fn a_rematch_swaps_the_sides_and_the_old_game_names_it() {
    let bench = Bench::new().await;
    let creator = creator(&bench);
    let mut old = bench.black_path(two_people()).await;
    let ann = token(&old, 0);
    Resigner::new(bench.committer.clone())
        .resign(&mut old, &ann)
        .await
        .unwrap();
    let mut events = bench.events(&old.id);
    let table = old.table.clone();
    let new = creator.rematch(&mut old, 1, table).await.unwrap();
    let names = |live: &LiveGame| -> Vec<Option<String>> {
        live.table.seats.iter().map(|s| s.name.clone()).collect()
    };
    let stored = bench.reload(&new.id).await;
    assert_eq!(
        names(&stored),
        [Some("Bob".to_string()), Some("Ann".to_string())]
    );
    assert_eq!(stored.rematch_of.as_deref(), Some(old.id.as_str()));
    let named = bench.reload(&old.id).await.table.rematch;
    assert_eq!(named.as_deref(), Some(new.id.as_str()));
    let rematch = Event::Rematch {
        id: new.id.clone(),
        seat: 1,
    };
    assert_eq!(received(&mut events), [Event::Changed, rematch]);
}

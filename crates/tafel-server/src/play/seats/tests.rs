//! The tests of the Seater, on an SQLite store in memory (no hub, no server).

use super::super::testing::{received, Bench};
use super::*;
use crate::domain::game::StoredGame;

/// A game of Ann's (at her screen) with an invited seat.
async fn invitation(bench: &Bench, public: bool, rated: bool) -> LiveGame {
    let ann = StoredSeat::person(SeatKind::Local, Some("Ann".to_string()));
    let seats = vec![ann, StoredSeat::invited()];
    let mut stored = StoredGame::new(GameId::random(), "black-path", vec![], None, seats, vec![]);
    (stored.public, stored.rated) = (public, rated);
    bench.game(stored).await
}

fn name(name: &str) -> PersonName {
    PersonName::parse(name).unwrap()
}

#[tokio::test]
async fn an_invitation_is_claimed_once_under_the_name_given() {
    let bench = Bench::new().await;
    let seater = Seater::new(bench.store.clone(), bench.committer.clone());
    let mut live = invitation(&bench, false, false).await;
    let code = live.table.seats[1].invite.clone().unwrap();
    let mut events = bench.events(&live.id);
    let claim = Claim::Invite(code.clone());
    let (seat, token) = seater
        .join(&mut live, claim, name("Bob"), None)
        .await
        .unwrap();
    assert_eq!(seat, 1);
    let joined = Event::Joined {
        seat,
        name: name("Bob"),
    };
    assert_eq!(received(&mut events), [Event::Changed, joined]);
    let stored = bench.reload(&live.id).await;
    assert!(stored.table.seats[1].joined);
    assert_eq!(stored.table.seats[1].name.as_deref(), Some("Bob"));
    assert_eq!(stored.seat_of(&token), Some(1));
    let again = seater
        .join(&mut live, Claim::Invite(code), name("Cid"), None)
        .await;
    assert_eq!(again.unwrap_err().code(), "seat-name-seat-is-taken-already");
}

#[tokio::test]
async fn a_seat_is_taken_by_its_number_only_in_a_public_game() {
    let bench = Bench::new().await;
    let seater = Seater::new(bench.store.clone(), bench.committer.clone());
    let mut private = invitation(&bench, false, false).await;
    let refused = seater
        .join(&mut private, Claim::Seat(1), name("Bob"), None)
        .await;
    assert_eq!(
        refused.unwrap_err().kind,
        crate::domain::ErrorKind::Forbidden
    );
    let mut public = invitation(&bench, true, false).await;
    let refused = seater
        .join(&mut public, Claim::Seat(0), name("Bob"), None)
        .await;
    assert_eq!(refused.unwrap_err().code(), "seat-seat-of-this-game-is");
    let (seat, _) = seater
        .join(&mut public, Claim::Seat(1), name("Bob"), None)
        .await
        .unwrap();
    assert_eq!(seat, 1);
}

#[tokio::test]
async fn a_rated_game_or_a_name_that_speaks_for_the_site_is_refused() {
    let bench = Bench::new().await;
    let seater = Seater::new(bench.store.clone(), bench.committer.clone());
    let mut rated = invitation(&bench, true, true).await;
    let refused = seater
        .join(&mut rated, Claim::Seat(1), name("Bob"), None)
        .await;
    assert_eq!(refused.unwrap_err().code(), "this-game-is-rated-so-it");
    let mut live = invitation(&bench, true, false).await;
    let refused = seater
        .join(&mut live, Claim::Seat(1), name("Tafel Admin"), None)
        .await;
    assert_eq!(refused.unwrap_err().code(), "name-is-kept-for-the-site");
    assert!(!bench.reload(&live.id).await.table.seats[1].joined);
    assert!(seater.check_free_name("Guest", None).await.is_ok());
}

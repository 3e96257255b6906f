//! The tests of the Drawer, on an SQLite store in memory (no hub, no server).

use super::super::testing::{received, token, two_people, Bench};
use super::super::viewers::Event;
use super::*;
use crate::domain::consent::Lapse;

#[tokio::test]
async fn a_draw_offered_and_accepted_ends_the_game_drawn() {
    let bench = Bench::new().await;
    let drawer = Drawer::new(bench.committer.clone());
    let mut live = bench.black_path(two_people()).await;
    let (ann, bob) = (token(&live, 0), token(&live, 1));
    drawer.draw(&mut live, &ann, Answer::Offer).await.unwrap();
    let offered = bench.reload(&live.id).await;
    assert_eq!(offered.table.proposals.draw, Some(vec![0]));
    assert!(!offered.is_over());
    drawer.draw(&mut live, &bob, Answer::Accept).await.unwrap();
    assert_eq!(
        bench.reload(&live.id).await.table.ending,
        Some(Ending::agreed_draw())
    );
    let late = drawer
        .draw(&mut live, &ann, Answer::Offer)
        .await
        .unwrap_err();
    assert_eq!(late.code(), "game-is-over");
}

#[tokio::test]
async fn a_draw_declined_lapses_and_the_game_goes_on() {
    let bench = Bench::new().await;
    let drawer = Drawer::new(bench.committer.clone());
    let mut live = bench.black_path(two_people()).await;
    let (ann, bob) = (token(&live, 0), token(&live, 1));
    drawer.draw(&mut live, &ann, Answer::Offer).await.unwrap();
    let mut events = bench.events(&live.id);
    drawer.draw(&mut live, &bob, Answer::Decline).await.unwrap();
    let lapse = Lapse {
        proposal: "draw",
        seat: 1,
        answer: "declined",
    };
    assert_eq!(
        received(&mut events),
        [Event::Changed, Event::Lapsed(lapse)]
    );
    let stored = bench.reload(&live.id).await;
    assert_eq!(stored.table.proposals.draw, None);
    assert!(!stored.is_over());
}

#[tokio::test]
async fn only_a_seats_holder_offers_a_draw() {
    let bench = Bench::new().await;
    let drawer = Drawer::new(bench.committer.clone());
    let mut live = bench.black_path(two_people()).await;
    let nobody = SeatToken::random();
    let refused = drawer.draw(&mut live, &nobody, Answer::Offer).await;
    assert_eq!(
        refused.unwrap_err().kind,
        crate::domain::ErrorKind::Forbidden
    );
    assert_eq!(bench.reload(&live.id).await.stored_version, 0);
}

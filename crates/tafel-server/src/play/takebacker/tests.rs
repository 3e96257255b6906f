//! The tests of the Takebacker, on an SQLite store in memory (no hub, no server).

use super::super::moves::Mover;
use super::super::testing::{a_move, received, token, two_people, Bench};
use super::super::viewers::Event;
use super::*;
use crate::domain::consent::Lapse;

/// A game between two people in which Ann (seat 0) has moved once.
async fn after_one_move(bench: &Bench) -> LiveGame {
    let mut live = bench.black_path(two_people()).await;
    let mover = Mover::new(bench.committer.clone(), bench.flagger());
    let (mv, ann) = (a_move(&live), token(&live, 0));
    mover.play(&mut live, &ann, &mv, None, None).await.unwrap();
    live
}

#[tokio::test]
async fn a_takeback_asked_for_and_accepted_takes_the_move_back() {
    let bench = Bench::new().await;
    let takebacker = Takebacker::new(bench.committer.clone());
    let mut live = after_one_move(&bench).await;
    let (ann, bob) = (token(&live, 0), token(&live, 1));
    takebacker
        .takeback(&mut live, &ann, Answer::Offer)
        .await
        .unwrap();
    let asked = bench.reload(&live.id).await;
    assert_eq!(asked.moves.len(), 1);
    assert_eq!(asked.table.proposals.takeback.map(|t| t.keep), Some(0));
    takebacker
        .takeback(&mut live, &bob, Answer::Accept)
        .await
        .unwrap();
    assert!(live.moves.is_empty());
    let taken = bench.reload(&live.id).await;
    assert!(taken.moves.is_empty());
    assert_eq!(taken.table.proposals.takeback, None);
}

#[tokio::test]
async fn a_takeback_declined_lapses_and_the_move_stays() {
    let bench = Bench::new().await;
    let takebacker = Takebacker::new(bench.committer.clone());
    let mut live = after_one_move(&bench).await;
    let (ann, bob) = (token(&live, 0), token(&live, 1));
    takebacker
        .takeback(&mut live, &ann, Answer::Offer)
        .await
        .unwrap();
    let mut events = bench.events(&live.id);
    takebacker
        .takeback(&mut live, &bob, Answer::Decline)
        .await
        .unwrap();
    let lapse = Lapse {
        proposal: "takeback",
        seat: 1,
        answer: "declined",
    };
    assert_eq!(
        received(&mut events),
        [Event::Changed, Event::Lapsed(lapse)]
    );
    assert_eq!(bench.reload(&live.id).await.moves.len(), 1);
}

#[tokio::test]
async fn nobody_takes_back_a_move_they_did_not_make() {
    let bench = Bench::new().await;
    let takebacker = Takebacker::new(bench.committer.clone());
    let mut live = bench.black_path(two_people()).await;
    let ann = token(&live, 0);
    let refused = takebacker.takeback(&mut live, &ann, Answer::Offer).await;
    assert!(refused.is_err());
    assert_eq!(bench.reload(&live.id).await.table.proposals.takeback, None);
}

//! The tests of the Mover, on an SQLite store in memory (no hub, no server).

use super::super::testing::{a_move, received, token, two_people, Bench};
use super::super::viewers::Event;
use super::*;
use crate::domain::consent::Answer;
use crate::domain::consent::Lapse;
use crate::domain::seat::{SeatKind, StoredSeat};
use tafel_core::record::{Ending, Termination};

fn mover(bench: &Bench) -> Mover {
    Mover::new(bench.committer.clone(), bench.flagger())
}

#[tokio::test]
async fn a_move_is_stored_then_applied_and_told() {
    let bench = Bench::new().await;
    let mut live = bench.black_path(two_people()).await;
    let mut events = bench.events(&live.id);
    let mv = a_move(&live);
    let ann = token(&live, 0);
    mover(&bench)
        .play(&mut live, &ann, &mv, Some(0), None)
        .await
        .unwrap();
    assert_eq!(live.moves, [mv.as_str()]);
    assert_eq!(bench.reload(&live.id).await.moves, [mv]);
    assert_eq!(received(&mut events), [Event::Changed]);
    // The next change is stored over the version this one left.
    let mv = a_move(&live);
    let bob = token(&live, 1);
    mover(&bench)
        .play(&mut live, &bob, &mv, None, None)
        .await
        .unwrap();
    assert_eq!(bench.reload(&live.id).await.moves.len(), 2);
}

#[tokio::test]
async fn a_move_out_of_turn_at_a_stale_ply_or_illegal_is_refused_and_not_stored() {
    let bench = Bench::new().await;
    let mut live = bench.black_path(two_people()).await;
    let mv = a_move(&live);
    let (ann, bob) = (token(&live, 0), token(&live, 1));
    let mover = mover(&bench);
    let refused = mover.play(&mut live, &bob, &mv, None, None).await;
    assert_eq!(refused.unwrap_err().code(), "it-is-name-turn");
    let refused = mover.play(&mut live, &ann, &mv, Some(3), None).await;
    assert_eq!(refused.unwrap_err().code(), "game-is-at-move-count-not");
    let refused = mover
        .play(&mut live, &ann, "no such move", None, None)
        .await;
    assert_eq!(refused.unwrap_err().kind, ErrorKind::Illegal);
    let nobody = SeatToken::random();
    let refused = mover.play(&mut live, &nobody, &mv, None, None).await;
    assert_eq!(refused.unwrap_err().kind, ErrorKind::Forbidden);
    assert!(live.moves.is_empty());
    assert!(bench.reload(&live.id).await.moves.is_empty());
}

#[tokio::test]
async fn a_move_ends_a_draw_offer_and_its_viewers_are_told() {
    let bench = Bench::new().await;
    let mut live = bench.black_path(two_people()).await;
    let (ann, bob) = (token(&live, 0), token(&live, 1));
    let drawer = super::super::drawer::Drawer::new(bench.committer.clone());
    drawer.draw(&mut live, &bob, Answer::Offer).await.unwrap();
    let mut events = bench.events(&live.id);
    let mv = a_move(&live);
    mover(&bench)
        .play(&mut live, &ann, &mv, None, None)
        .await
        .unwrap();
    let lapse = Lapse {
        proposal: "draw",
        seat: 0,
        answer: "expired",
    };
    assert_eq!(
        received(&mut events),
        [Event::Changed, Event::Lapsed(lapse)]
    );
    assert_eq!(bench.reload(&live.id).await.table.proposals.draw, None);
}

#[tokio::test]
async fn a_move_after_the_flag_fell_ends_the_game_on_time_instead() {
    let bench = Bench::new().await;
    let mut live = bench.clocked(false, 61_000).await;
    let (mv, ann) = (a_move(&live), token(&live, 0));
    let late = mover(&bench).play(&mut live, &ann, &mv, None, None).await;
    assert_eq!(late.unwrap_err().code(), "name-time-ran-out-before-the");
    let ending = bench.reload(&live.id).await.table.ending.unwrap();
    assert_eq!(ending.termination, Termination::TimeForfeit);
    assert_eq!(ending, Ending::out_of_time(Player(0), &live.seat_names()));
    assert!(live.moves.is_empty());
    assert_eq!(bench.stats.flags.load(Ordering::Relaxed), 1);
}

#[tokio::test]
async fn undo_takes_a_move_back_at_one_screen_but_not_against_another_person() {
    let bench = Bench::new().await;
    let mover = mover(&bench);
    let local = StoredSeat::person(SeatKind::Local, None);
    let mut live = bench.black_path(vec![local.clone(), local]).await;
    let (mv, first) = (a_move(&live), token(&live, 0));
    mover
        .play(&mut live, &first, &mv, None, None)
        .await
        .unwrap();
    mover.undo(&mut live, &first).await.unwrap();
    assert!(live.moves.is_empty());
    assert!(bench.reload(&live.id).await.moves.is_empty());

    let mut live = bench.black_path(two_people()).await;
    let (mv, ann) = (a_move(&live), token(&live, 0));
    mover.play(&mut live, &ann, &mv, None, None).await.unwrap();
    let refused = mover.undo(&mut live, &ann).await.unwrap_err();
    assert_eq!(refused.code(), "another-person-plays-in-this-game");
    assert_eq!(bench.reload(&live.id).await.moves, [mv]);
}

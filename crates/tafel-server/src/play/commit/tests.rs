//! The tests of the Committer, on an SQLite store in memory (no hub, no server).

use super::super::testing::{a_move, received, two_people, Bench};
use super::*;

#[tokio::test]
async fn a_change_over_a_stale_copy_is_refused_and_the_copy_is_let_go() {
    let bench = Bench::new().await;
    let mut live = bench.black_path(two_people()).await;
    let mut stale = bench.reload(&live.id).await;
    let mv = a_move(&live);
    let change = live.move_change(0, &mv, bench.committer.now_ms()).unwrap();
    bench.committer.commit(&mut live, change).await.unwrap();
    assert_eq!(live.stored_version, 1);
    let mut events = bench.events(&live.id);
    let change = stale.move_change(0, &mv, bench.committer.now_ms()).unwrap();
    let refused = bench
        .committer
        .commit(&mut stale, change)
        .await
        .unwrap_err();
    assert_eq!(refused.code(), "game-was-changed-meanwhile-another-move");
    assert!(stale.is_evicted());
    assert!(stale.moves.is_empty());
    assert_eq!(received(&mut events), [Event::Changed]);
    assert_eq!(bench.reload(&live.id).await.moves, [mv]);
}

#[tokio::test]
async fn a_change_is_applied_only_once_stored() {
    let bench = Bench::new().await;
    let mut live = bench.black_path(two_people()).await;
    let mv = a_move(&live);
    let change = live.move_change(0, &mv, bench.committer.now_ms()).unwrap();
    // A game the store does not have: nothing is stored, and the copy stays as it was.
    live.id = crate::domain::ids::GameId::random();
    assert!(bench.committer.commit(&mut live, change).await.is_err());
    assert!(live.moves.is_empty());
    assert_eq!(live.stored_version, 0);
}

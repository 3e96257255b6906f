//! The tests of the Berserker, on an SQLite store in memory (no hub, no server).

use super::super::testing::{token, two_people, Bench};
use super::*;

#[tokio::test]
async fn berserk_is_refused_outside_an_arena_and_to_anyone_but_a_seats_holder() {
    let bench = Bench::new().await;
    let berserker = Berserker::new(bench.store.clone(), bench.committer.clone());
    let mut live = bench.black_path(two_people()).await;
    let ann = token(&live, 0);
    let refused = berserker.berserk(&mut live, &ann).await.unwrap_err();
    assert_eq!(refused.code(), "berserk-is-only-for-the-games");
    let nobody = SeatToken::random();
    let refused = berserker.berserk(&mut live, &nobody).await.unwrap_err();
    assert_eq!(refused.kind, crate::domain::ErrorKind::Forbidden);
    assert_eq!(bench.reload(&live.id).await.stored_version, 0);
}

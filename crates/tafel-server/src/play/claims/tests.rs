//! The tests of the Claimer, on an SQLite store in memory (no hub, no server).

use super::super::testing::{token, two_people, Bench};
use super::*;
use crate::domain::ids::AccountId;

fn claimer(bench: &Bench) -> Claimer {
    let seater = Seater::new(bench.store.clone(), bench.committer.clone());
    Claimer::new(bench.committer.clone(), seater)
}

fn account(username: &str) -> SignedIn {
    SignedIn {
        id: AccountId::random(),
        username: username.to_string(),
    }
}

#[tokio::test]
async fn a_seat_held_by_a_token_becomes_the_accounts_once() {
    let bench = Bench::new().await;
    let claimer = claimer(&bench);
    let mut live = bench.black_path(two_people()).await;
    let (ann, bob) = (account("ann"), account("bob"));
    let nobody = SeatToken::random();
    assert!(!claimer.claim(&mut live, &ann, &[nobody]).await.unwrap());
    let ann_token = token(&live, 0);
    let tokens = [ann_token.clone()];
    assert!(claimer.claim(&mut live, &ann, &tokens).await.unwrap());
    let seat = &bench.reload(&live.id).await.table.seats[0];
    assert_eq!(seat.account.as_ref(), Some(&ann.id));
    assert_eq!(seat.name.as_deref(), Some("ann"));
    // A second seat for the same account, or Ann's seat for another: neither.
    let both = [ann_token, token(&live, 1)];
    assert!(!claimer.claim(&mut live, &ann, &both).await.unwrap());
    assert!(!claimer.claim(&mut live, &bob, &both[..1]).await.unwrap());
}

#[tokio::test]
async fn seats_at_one_screen_between_several_people_stay_nobodys() {
    let bench = Bench::new().await;
    let claimer = claimer(&bench);
    let local = StoredSeat::person(SeatKind::Local, None);
    let mut live = bench.black_path(vec![local.clone(), local]).await;
    let tokens = [token(&live, 0)];
    assert!(!claimer
        .claim(&mut live, &account("ann"), &tokens)
        .await
        .unwrap());
    assert_eq!(bench.reload(&live.id).await.stored_version, 0);
}

#[tokio::test]
async fn a_bots_seat_is_marked() {
    let bench = Bench::new().await;
    let claimer = claimer(&bench);
    let mut live = bench.black_path(two_people()).await;
    claimer.mark_bot(&mut live, 1).await.unwrap();
    assert!(bench.reload(&live.id).await.table.seats[1].bot);
    let refused = claimer.mark_bot(&mut live, 2).await.unwrap_err();
    assert_eq!(refused.code(), "game-id-has-no-seat-seat");
}

//! The tests of the Flagger, on an SQLite store in memory (no hub, no server).

use super::super::testing::Bench;
use super::*;
use tafel_core::record::Termination;

#[tokio::test]
async fn a_fallen_flag_ends_the_game_on_time() {
    let bench = Bench::new().await;
    let mut live = bench.clocked(false, 60_500).await;
    bench.flagger().flag(&mut live).await;
    let ending = bench.reload(&live.id).await.table.ending;
    assert_eq!(
        ending.map(|e| e.termination),
        Some(Termination::TimeForfeit)
    );
    assert_eq!(bench.stats.flags.load(Ordering::Relaxed), 1);
}

#[tokio::test]
async fn a_clock_still_running_is_looked_at_again_when_it_falls() {
    let bench = Bench::new().await;
    let mut live = bench.clocked(false, 59_000).await;
    bench.flagger().flag(&mut live).await;
    assert!(!bench.reload(&live.id).await.is_over());
    let falls = live.table.clock.as_ref().and_then(|c| c.flag_at());
    assert!(falls.is_some());
    assert_eq!(bench.schedule.next(), falls);
    assert_eq!(bench.stats.flags.load(Ordering::Relaxed), 0);
}

#[tokio::test]
async fn a_rated_game_whose_first_move_is_overdue_is_aborted() {
    let bench = Bench::aborting_after(Duration::from_secs(10)).await;
    let mut waiting = bench.clocked(true, 5_000).await;
    bench.flagger().flag(&mut waiting).await;
    assert!(!bench.reload(&waiting.id).await.is_over());
    let mut overdue = bench.clocked(true, 11_000).await;
    bench.flagger().flag(&mut overdue).await;
    let ending = bench.reload(&overdue.id).await.table.ending;
    assert_eq!(ending.map(|e| e.termination), Some(Termination::Aborted));
    assert_eq!(bench.stats.aborts.load(Ordering::Relaxed), 1);
    // Unrated, the same game is not aborted.
    let mut unrated = bench.clocked(false, 11_000).await;
    bench.flagger().flag(&mut unrated).await;
    assert!(!bench.reload(&unrated.id).await.is_over());
}

//! The outbox of games' ends: what follows from a game's end (each account's result, a rated
//! game's ratings, a tournament board's score), waiting to be done, in order, exactly once.
//!
//! **Stored with the end.** The change that gives a game its result also files the end in
//! `game_ends`, in the same transaction (a trigger on `games`: migration `0020_game_ends`),
//! so no end is lost between the game's last change and its consequences, whatever stops
//! the server in between.
//!
//! **Done once, in order.** [`Store::finish_end`] does one end's work in one transaction
//! that first marks the end done, if nobody did (`UPDATE ... WHERE done_ms IS NULL`): on
//! PostgreSQL a second instance doing the same end waits for that row, then finds it done
//! and changes nothing. Ends are taken oldest first ([`Store::waiting_ends`]), so that a
//! player's ratings change in the order their games ended; the rating's time is read under
//! the rating rows' lock ([`super::ratings`]).
//!
//! **Heard everywhere.** On PostgreSQL the transaction announces the end on
//! `ENDS_CHANNEL`, so every instance's tournaments and bots hear of it at once.

use anyhow::Result;
use sqlx::AnyConnection;

use super::backend::Backend;
use super::ratings::record_results;
use super::rows::Reading;
use super::tournaments::score_game_board;
use super::Store;
use crate::domain::rated::Finished;
use crate::domain::tournament::game::Scored;

/// The channel on which PostgreSQL tells every instance that a game's end was done.
pub(super) const ENDS_CHANNEL: &str = "tafel_ends";

/// A game's end waiting in the outbox.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct WaitingEnd {
    /// Its place in the outbox: ends are done in this order.
    pub seq: i64,
    /// The game.
    pub game_id: String,
    /// When the end was stored (ms since the Unix epoch).
    pub ended_ms: i64,
    /// Failed attempts so far.
    pub attempts: i32,
}

/// The work a game's end leaves, worked out from the finished game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EndWork {
    /// What the game tells its accounts (`None`: no account plays it, or it was aborted).
    pub finished: Option<Finished>,
    /// What its tournament board scores (`None`: not a tournament game, or not scored).
    pub scored: Option<Scored>,
}

impl Store {
    /// The ends whose work is not done, oldest first, at most `limit`.
    pub async fn waiting_ends(&self, limit: i64) -> Result<Vec<WaitingEnd>> {
        sqlx::query_as::<_, WaitingEnd>(&self.sql(
            "SELECT seq, game_id, ended_ms, attempts FROM game_ends WHERE done_ms IS NULL
             ORDER BY seq LIMIT ?",
        ))
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .reading("game_ends")
    }

    /// The number of ends whose work is not done.
    pub async fn ends_backlog(&self) -> Result<i64> {
        let row = sqlx::query(
            &self.sql("SELECT COUNT(*) AS waiting FROM game_ends WHERE done_ms IS NULL"),
        )
        .fetch_one(&self.pool)
        .await
        .reading("game_ends")?;
        super::rows::value(&row, "game_ends", "waiting")
    }

    /// Does `end`'s `work` in one transaction and marks the end done: `None` if it was done
    /// already (by another instance), else whether ratings changed.
    pub async fn finish_end(&self, end: &WaitingEnd, work: &EndWork) -> Result<Option<bool>> {
        let mut tx = self.begin_write().await?;
        let claimed = sqlx::query(
            &self.sql("UPDATE game_ends SET done_ms = ? WHERE seq = ? AND done_ms IS NULL"),
        )
        .bind(self.now_ms())
        .bind(end.seq)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if claimed == 0 {
            tx.rollback().await?;
            return Ok(None);
        }
        let rated = match &work.finished {
            Some(finished) => {
                record_results(
                    self.backend,
                    &self.timeline,
                    &mut tx,
                    finished,
                    end.ended_ms,
                )
                .await?
            }
            None => false,
        };
        if let Some(scored) = &work.scored {
            score_game_board(self.backend, &mut tx, &end.game_id, scored).await?;
        }
        announce(self.backend, &mut tx, &end.game_id, &self.instance).await?;
        tx.commit().await?;
        Ok(Some(rated))
    }

    /// Sets `end` aside, its work not done, for `reason` (its game cannot be worked out).
    pub async fn set_end_aside(&self, end: &WaitingEnd, reason: &str) -> Result<()> {
        sqlx::query(&self.sql(
            "UPDATE game_ends SET done_ms = ?, attempts = attempts + 1, last_error = ?
             WHERE seq = ? AND done_ms IS NULL",
        ))
        .bind(self.now_ms())
        .bind(reason)
        .bind(end.seq)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Notes that an attempt at `end`'s work failed with `error`.
    pub async fn end_failed(&self, end: &WaitingEnd, error: &str) -> Result<()> {
        sqlx::query(
            &self.sql("UPDATE game_ends SET attempts = attempts + 1, last_error = ? WHERE seq = ?"),
        )
        .bind(error)
        .bind(end.seq)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

/// Tells the other instances (PostgreSQL) that game `id`'s end was done, when `tx` commits.
async fn announce(
    backend: Backend,
    tx: &mut AnyConnection,
    id: &str,
    instance: &str,
) -> Result<()> {
    if backend == Backend::Postgres {
        sqlx::query(&backend.sql("SELECT pg_notify(?, ?)"))
            .bind(ENDS_CHANNEL)
            .bind(format!("{id} {instance}"))
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::game::{StoredGame, Summary};
    use crate::domain::ids::AccountId;
    use crate::domain::rating::{rate_game, Score, START};
    use crate::domain::seat::{SeatKind, StoredSeat};
    use crate::store::ratings::StoredRating;
    use crate::store::rows::value;

    /// The stores to test: one on SQLite; on PostgreSQL, two (two instances' pools) on one
    /// database.
    async fn stores(test: &str) -> Vec<(Store, Store)> {
        let mut pairs = vec![{
            let store = Store::open("sqlite::memory:").await.unwrap();
            (store.clone(), store)
        }];
        if let Some(url) = tafel_testkit::postgres::test_database(test).await {
            pairs.push((
                Store::open(&url).await.unwrap(),
                Store::open(&url).await.unwrap(),
            ));
        }
        pairs
    }

    /// Two accounts and a rated game between them in `store`, ended (its end filed in the
    /// outbox by the store's trigger), and the work its end leaves.
    async fn ended_game(store: &Store) -> EndWork {
        let accounts = [AccountId::random(), AccountId::random()];
        for account in &accounts {
            sqlx::query(&store.sql(
                "INSERT INTO accounts (id, username, username_key, lookalike_key, created_ms)
                 VALUES (?, ?, ?, ?, 0)",
            ))
            .bind(account.as_str())
            .bind(account.as_str())
            .bind(account.as_str())
            .bind(account.as_str())
            .execute(&store.pool)
            .await
            .unwrap();
        }
        let seat = StoredSeat::person(SeatKind::Local, None);
        let game = StoredGame::new(
            format!("{:012x}", rand::random::<u64>() >> 16),
            "kauri",
            vec![],
            None,
            vec![seat.clone(), seat],
            vec![],
        );
        store.create(&game, &Summary::default()).await.unwrap();
        sqlx::query(&store.sql("UPDATE games SET result = 'over', rated = 1 WHERE id = ?"))
            .bind(&game.id)
            .execute(&store.pool)
            .await
            .unwrap();
        EndWork {
            finished: Some(Finished {
                game_id: game.id,
                game: "kauri".into(),
                results: vec![
                    (0, accounts[0].clone(), Score::Win),
                    (1, accounts[1].clone(), Score::Loss),
                ],
                rated: Some([(0, accounts[0].clone()), (1, accounts[1].clone())]),
                first_score: Score::Win,
            }),
            scored: None,
        }
    }

    /// The stored ratings of the accounts of `work`'s game.
    async fn ratings_of(store: &Store, work: &EndWork) -> Vec<StoredRating> {
        let mut ratings = Vec::new();
        for (_, account, _) in &work.finished.as_ref().unwrap().results {
            let mut held = store.player_ratings(account).await.unwrap();
            assert_eq!(held.len(), 1, "one rating, Kauri's");
            ratings.push(held.remove(0).1);
        }
        ratings
    }

    async fn count(store: &Store, table: &str, game_id: &str) -> i64 {
        let row = sqlx::query(&store.sql(&format!(
            "SELECT count(*) AS n FROM {table} WHERE game_id = ?"
        )))
        .bind(game_id)
        .fetch_one(&store.pool)
        .await
        .unwrap();
        value(&row, table, "n").unwrap()
    }

    /// The end of `work`'s game, waiting.
    async fn waiting_end(store: &Store, work: &EndWork) -> WaitingEnd {
        let id = &work.finished.as_ref().unwrap().game_id;
        let waiting = store.waiting_ends(1000).await.unwrap();
        waiting.into_iter().find(|e| &e.game_id == id).unwrap()
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_end_is_done_once_when_two_instances_do_it_at_once() {
        for (a, b) in stores("finishes_once").await {
            for _ in 0..10 {
                let work = ended_game(&a).await;
                let end = waiting_end(&a, &work).await;
                let tries = (0..8).map(|i| {
                    let store = if i % 2 == 0 { a.clone() } else { b.clone() };
                    let (end, work) = (end.clone(), work.clone());
                    tokio::spawn(async move { store.finish_end(&end, &work).await })
                });
                let mut done = Vec::new();
                for attempt in tries.collect::<Vec<_>>() {
                    done.push(attempt.await.unwrap().unwrap());
                }
                assert_eq!(
                    done.iter().filter(|d| d.is_some()).count(),
                    1,
                    "exactly one attempt did the end: {done:?}"
                );
                assert!(done.contains(&Some(true)), "and it rated the game");
                let ratings = ratings_of(&a, &work).await;
                assert_eq!(ratings.iter().map(|r| r.games).collect::<Vec<_>>(), [1, 1]);
                let (winner, loser) = rate_game(START, START, Score::Win).unwrap();
                assert_eq!(ratings[0].rating, winner);
                assert_eq!(ratings[1].rating, loser);
                let id = &end.game_id;
                assert_eq!(count(&b, "rating_changes", id).await, 2);
                assert_eq!(count(&b, "account_results", id).await, 2);
                assert!(a.waiting_ends(1000).await.unwrap().is_empty());
            }
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_failed_end_writes_nothing_and_waits_with_its_reason() {
        for (store, _) in stores("finishes_failed").await {
            let postgres = store.backend == Backend::Postgres;
            let work = ended_game(&store).await;
            let end = waiting_end(&store, &work).await;
            tafel_testkit::faults::refuse_inserts(&store.pool, postgres, "account_results")
                .await
                .unwrap();
            let error = store.finish_end(&end, &work).await.unwrap_err();
            assert!(
                format!("{error:#}").contains("refused by the test"),
                "{error:#}"
            );
            store.end_failed(&end, "refused").await.unwrap();
            tafel_testkit::faults::allow_inserts(&store.pool, postgres, "account_results")
                .await
                .unwrap();
            // Nothing of the failed attempt stayed: no result, no rating, the end waiting.
            assert_eq!(count(&store, "account_results", &end.game_id).await, 0);
            assert_eq!(count(&store, "rating_changes", &end.game_id).await, 0);
            assert_eq!(store.ends_backlog().await.unwrap(), 1);
            let again = waiting_end(&store, &work).await;
            assert_eq!(again.attempts, 1);
            assert_eq!(store.finish_end(&again, &work).await.unwrap(), Some(true));
            assert_eq!(count(&store, "account_results", &end.game_id).await, 2);
            assert_eq!(store.ends_backlog().await.unwrap(), 0);
        }
    }
}
